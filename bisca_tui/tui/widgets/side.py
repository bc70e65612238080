"""The side panel: the game, trumps, the pente (scoring comb), points, signals, the log
(its own module)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ...engine.narrate import person, say
from ...engine.spoken import game_name, signal_gesture, signal_meaning
from ...engine.words import shown_name
from ...lang import _, pgettext
from ..cardart import card_text, suit_text
from ..contract import contract_text, has_auction
from .common import Panel
from .lines import Part, pack_lines
from .log import hang
from .table import team_colour

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.seating import Seating

PANEL_WIDTH = 24  # the text width of the side panel's parts (26, less its border and margin)

PENTE_MAX = 10  # a match to more games than this shows its score as numbers, not a comb


def pente_lines(lines: int, above: int, below: int, width: int = 24,
                colours: tuple[str, str] = ("cyan", "magenta")) -> list[Text]:
    """The comb: a horizontal line crossed by ``lines`` vertical lines; one dot above per
    game the upper side won and one below per game the lower side won (in ``colours``)."""
    gap = 3 if lines * 3 + 1 <= width else 2
    seg = "─" * (gap - 1)

    def marks(count: int, colour: str) -> Text:
        t = Text(" " * (gap - 1))
        for i in range(lines):
            if i < count:
                t.append("●", style=f"bold {colour}")
            else:
                t.append("│", style="bright_black")
            t.append(" " * (gap - 1))
        if count > lines:
            t.append(f"+{count - lines}", style=f"bold {colour}")
        return t

    middle = Text(seg + (seg.join("┼" for _ in range(lines))) + seg, style="bold")
    return [marks(above, colours[0]), middle, marks(below, colours[1])]


class PenteView(Panel):
    """The match score drawn as a pente."""

    def show(self, lines: int, above: int, below: int, upper: str, lower: str,
             target: int, colours: tuple[str, str] = ("cyan", "magenta")) -> None:
        comb = pente_lines(lines, above, below, colours=colours)
        head = Text(say("Match", "heading", target=target), style="bold")
        width = max(c.cell_len for c in comb)
        if width + 2 + max(len(upper), len(lower)) + 3 <= 25:
            comb[0].append(f"  {upper} {above}", style=f"bold {colours[0]}")
            comb[2].append(f"  {lower} {below}", style=f"bold {colours[1]}")
        else:
            head.append("\n")
            head.append(f"{upper} {above}", style=f"bold {colours[0]}")
            head.append(" · ")
            head.append(f"{lower} {below}", style=f"bold {colours[1]}")
        self.set(Text("\n").join([head, *comb]))

    def show_totals(self, heading: str, totals: list[tuple[str, int, str]]) -> None:
        """The match score as numbers (label, score, colour), for long matches and for
        players who each keep their own score."""
        head = Text(heading, style="bold")
        parts: list[Part] = [Text(f"{label} {score}", style=f"bold {colour}")
                             for label, score, colour in totals]
        # as many to a line as fit the panel, a name never parted from its score
        self.set(Text("\n").join([head, *pack_lines(parts, PANEL_WIDTH, gap=3)]))


def info_text(s: Seating, v: SeatView) -> Text:
    """The game, the deal and its dealer, the bidding, trumps, the match seed."""
    style = s.card_style
    info = Text(game_name(s.variant), style="bold")
    deals = s.variant.match_deals()
    of = f"/{deals}" if deals else ""
    out = s.sitting_out()
    dealer = (say("Seats", f"{person(out)}.out", seat=out) if out is not None
              else say("Seats", "dealer", seat=s.name(v.dealer)))
    # translators: the side panel: the deal's number ("3" or "3/8") and who deals
    info.append("\n" + _("Deal {deal} · {dealer}").format(deal=f"{s.deal_number}{of}",
                                                         dealer=dealer))
    auction = has_auction(v)
    if auction:
        info.append_text(contract_text(s, v))
    # translators: the side panel's heading before the trump suit
    info.append("\n" + _("Trumps") + " ")
    if v.trump is None:
        info.append(_("to be called") if auction else _("not yet chosen"),
                    style="bright_black")
    else:
        info.append_text(suit_text(v.trump, style))
        if v.indicator_card is not None and not s.variant.draws:
            info.append(" (")
            info.append_text(card_text(v.indicator_card, style))
            info.append(")")
    if s.match.seed is not None:  # a hosted match's seed stays with its host
        info.append(f"\n{seed_label(s.match.seed)}", style="bright_black")
    return info


SEED_DIGITS_SHOWN = 12  # a seed too long for the panel shows this many digits, then "…"


def seed_label(seed: int) -> str:
    """'Seed 123', or the first digits of a seed too long for the panel's line."""
    try:
        text = str(seed)
    except ValueError:  # beyond the digits Python turns into text
        return _("Seed (too long to show)")
    # translators: the side panel's line of the match's seed (a number)
    line = _("Seed {seed}")
    if len(line.format(seed=text)) <= PANEL_WIDTH:
        return line.format(seed=text)
    sign = "-" if text.startswith("-") else ""
    return line.format(seed=f"{sign}{text.lstrip('-')[:SEED_DIGITS_SHOWN]}…")


def totals_heading(s: Seating) -> str:
    deals = s.variant.match_deals()
    if deals:
        return say("Match", "session.deals", deals=deals)
    return say("Match", "heading", target=s.match.target)


def show_score(pente: PenteView, s: Seating, v: SeatView) -> None:
    """The match score, the seat's own side first: a pente for two sides in a short match,
    else numbers (a long match, several teams, or players who each keep a score)."""
    my_team = v.team_of[v.seat]
    scores = s.match.scores
    if s.variant.people_scores:  # a score per player, whatever seat they hold
        mine = s.scorer_of(v.seat)
        order = [mine] + [k for k in range(len(scores)) if k != mine]
        pente.show_totals(totals_heading(s), [
            (shown_name(s.scorer_label(k)), scores[k], team_colour(s.scorer_team(k)))
            for k in order])
    elif s.variant.n_teams == 2 and s.match.target <= PENTE_MAX:
        other = 1 - my_team
        gp = v.deal_game_points
        pente.show(s.match.target, scores[my_team] + gp[my_team],
                   scores[other] + gp[other], shown_name(s.team_label(my_team)),
                   shown_name(s.team_label(other)), s.match.target,
                   (team_colour(my_team), team_colour(other)))
    else:
        order = list(range(s.variant.n_teams))
        order.remove(my_team)
        order.insert(0, my_team)
        pente.show_totals(totals_heading(s), [
            (shown_name(s.team_label(t)), scores[t], team_colour(t)) for t in order])


def side_label(s: Seating, v: SeatView, team: int) -> str:
    """A side of the deal by name: its letter, or in a game scored player by player
    (whose sides change from deal to deal) the names of its seats."""
    if not s.variant.people_scores:
        return shown_name(s.team_label(team))
    names = [s.shown_name(seat) for seat in range(v.n_players) if v.team_of[seat] == team]
    return " & ".join(names)


def points_text(s: Seating, v: SeatView, hidden: bool) -> Text:
    """The card points each side has taken this deal (unless the player hid them)."""
    pts = [0] * s.variant.n_teams
    for seat, p in enumerate(v.points):
        pts[v.team_of[seat]] += p
    points = Text(_("Card points this deal") + "\n", style="bold")
    if hidden:
        points.append(_("hidden (p shows)"), style="bright_black")
    else:
        parts = [Text(f"{side_label(s, v, t)} {p}", style=f"bold {team_colour(t)}")
                 for t, p in enumerate(pts)]
        if len(parts) <= 2:
            points.append_text(Text(" · ").join(parts))
        else:  # one per player: as many to a line as fit
            points.append_text(Text("\n").join(pack_lines(parts, PANEL_WIDTH, gap=3)))
    return points


def signals_text(s: Seating, v: SeatView, private: bool, shown: int) -> Text:
    """The last ``shown`` signals this seat saw (hidden while nobody's hand shows)."""
    sig = Text(_("Signals"), style="bold")
    if not private:
        sig.append("\n" + _("(hidden)"), style="bright_black")
    elif not v.signals:
        sig.append("\n" + _("none yet"), style="bright_black")
    signals = {sg.gesture: sg for sg in s.variant.signals}
    for e in v.signals[-shown:] if private else ():
        # translators: the side panel's signals: the person at the keyboard made this one
        who = pgettext("signal sender", "you") if e.sender == v.seat else s.name(e.sender)
        colour = "red" if e.intercepted else "green"
        entry = Text(f"{who}: ", style=f"bold {colour}")
        shown_signal = signals.get(e.gesture)
        gesture, meaning = ((signal_gesture(shown_signal), signal_meaning(shown_signal))
                            if shown_signal is not None and shown_signal.meaning == e.meaning
                            else (e.gesture, e.meaning))
        entry.append(f"{gesture} = {meaning}")
        if e.intercepted:
            # translators: a signal the other side saw being made
            entry.append(" " + _("(caught)"), style="red")
        sig.append("\n")
        folded = hang(entry, 24)
        sig.append_text(folded if isinstance(folded, Text) else Text(folded))
    return sig
