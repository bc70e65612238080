"""The end of a deal (card points, games and why) and the end of the match."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.narrate import and_list, person, say
from ...engine.variant import DealScore
from ...engine.view import SeatView
from ...engine.words import shown_name
from ...lang import N_, _, pgettext
from ...table.seating import Seating
from ...table.session import Session
from ..contract import bidder
from ..translated import Translated
from ..widgets.common import FittingFooter, themed
from ..widgets.side import PENTE_MAX, pente_lines
from ..widgets.table import team_colour


def stand_in_lines(session: Seating) -> list[str]:
    """Who played for an outside program that failed, for the deal just over."""
    deal = session.deal_number - 1
    out = []
    for p in session.people:
        since = p.stand_in_from
        if p.program and since is not None and since <= deal:
            out.append(say("Summary", "stand_in" if since == deal else "stand_in.since",
                           seat=p.name, number=since + 1, level=p.level))
    return out


def team_order(session: Seating, my_team: int) -> list[int]:
    """The teams (or the players, in a game scored player by player) with the player's own
    first, as the side panel shows them."""
    teams = list(range(len(session.match.scores)))
    if my_team in teams:
        teams.remove(my_team)
        teams.insert(0, my_team)
    return teams


def score_table(session: Seating, my_team: int = 0) -> Text:
    """The match score, as a pente for two sides: the player's own team above the line,
    the same way up as in the side panel."""
    s = session
    scores = s.match.scores
    order = team_order(s, my_team)
    t = Text()
    deals = s.variant.match_deals()
    if s.variant.n_teams == 2 and s.match.target <= PENTE_MAX and not s.variant.people_scores:
        upper, lower = order
        colours = (team_colour(upper), team_colour(lower))
        t.append(f"{shown_name(s.team_label(upper))} {scores[upper]}", style=f"bold {colours[0]}")
        t.append(" · ")
        t.append(f"{shown_name(s.team_label(lower))} {scores[lower]}", style=f"bold {colours[1]}")
        t.append(f"   ({say('Match', 'goal', target=s.match.target)})\n", style="bright_black")
        t.append_text(Text("\n").join(
            pente_lines(s.match.target, scores[upper], scores[lower], 40, colours)))
    else:  # numbers: a long match, or players who each keep a score
        for k, team in enumerate(order):
            if k:
                t.append(" · ")
            t.append(f"{s.scorer_label(team)} {scores[team]}",
                     style=f"bold {team_colour(s.scorer_team(team))}")
        if deals:
            after = say("Match", "after", played=s.match.deals_played, deals=deals)
            t.append(f"   ({after})", style="bright_black")
        else:
            t.append(f"   ({say('Match', 'goal', target=s.match.target)})", style="bright_black")
    return t


def score_sheet(session: Seating) -> Text:
    """The session's score sheet for games scored player by player: what each player got in
    each deal played (a deal thrown in is noted), then the totals."""
    s = session
    m = s.match
    players = list(range(len(m.scores)))
    width = max(6, *(len(s.scorer_label(k)) + 1 for k in players))
    # translators: the score sheet's first column: the deals' numbers (five letters at most)
    t = Text(pgettext("score sheet", "Deal").ljust(4) + " ", style="bold")
    for k in players:
        t.append(f"{s.scorer_label(k):>{width}}", style=f"bold {team_colour(s.scorer_team(k))}")
    played = 0
    for i, result in enumerate(m.results):
        t.append("\n")
        if result.redeal:
            t.append(f"{'':5}{say('Deal', 'thrown_in.table'):>{width * len(players)}}",
                     style="bright_black")
            continue
        played += 1
        t.append(f"{played:>4} ")
        for gain in m.gains(i, result):
            t.append(f"{gain:>+{width}d}" if gain else f"{'0':>{width}}")
    t.append("\n" + pgettext("score sheet", "Total"), style="bold")
    for k in players:
        t.append(f"{m.scores[k]:>+{width}d}" if m.scores[k] else f"{'0':>{width}}",
                 style="bold")
    return t


def deal_view(session: Seating) -> SeatView:
    """The deal summed up (its dealer, contract and sides) as a seat sees it: one at this
    keyboard, unless another seat knows partnerships it does not (a secret partner knows
    its side; a client has only its own seats' views)."""
    humans = session.humans()
    seats = [*humans, *(seat for seat in range(session.variant.n) if seat not in humans)]
    views = [session.view(seat) for seat in seats]
    return next((v for v in views if None not in v.side_of), views[0])


def sides_lines(session: Seating, score: DealScore) -> Text | None:
    """A deal scored by sides that are not the match's teams (the bidder and partner against
    the others): the sides' card points and tricks, then what each player gets."""
    s = session
    state = deal_view(s)
    if len(score.card_points) == s.variant.n_teams and not s.variant.people_scores:
        return None
    body = Text()
    bidders, dealers, others = (say("Summary", k) for k in ("bidder", "dealer", "others"))
    heads = [bidders, others] if bidder(state) is not None else []
    if s.variant.people_scores and not heads:
        dealer_side = state.side_of[state.dealer]
        heads = [dealers, others] if dealer_side == 0 else [others, dealers]
    for side in range(len(score.card_points)):
        members = ", ".join(s.shown_name(seat) for seat in range(s.variant.n)
                            if state.side_of[seat] == side)
        head = heads[side] if side < len(heads) else say("Summary", "side", number=side + 1)
        body.append(f"{head} ({members})\n", style="bold")
        body.append(f"  {points_and_tricks(score.card_points[side], score.tricks[side], 3)}\n")
    body.append("\n")
    gains = s.deal_gains(score)
    for k, gp in enumerate(gains):
        body.append(f"{s.scorer_label(k):<10}", style=f"bold {team_colour(s.scorer_team(k))}")
        body.append(f"{gp:+d}\n", style="bold" if gp else "")
    return body


def _many(n: int) -> str:
    return "one" if n == 1 else "many"


def points_and_tricks(points: int, tricks: int, width: int) -> str:
    """A side's card points and tricks, in the table's words, the numbers aligned (the
    points to ``width``)."""
    return (say("Summary", f"points.{_many(points)}", points=f"{points:>{width}}") + "  "
            + say("Summary", f"tricks.{_many(tricks)}", tricks=f"{tricks:>2}"))


def match_won(session: Seating, team: int) -> str:
    """``You win the match!``, ``Rui wins the match!``, ``Team A (Ana, Rui) win the match!``
    In a game scored player by player, ``team`` is a player."""
    if session.variant.people_scores:
        name = session.scorer_label(team)
        return say("Match", f"won.{person(name)}", seat=name)
    names = team_names(session, team)
    one = len(session.team_members(team)) == 1
    return say("Match", f"won.{person(names)}" if one else "won.many", seat=names)


def _deal_won(session: Seating, team: int) -> str:
    """``You win the deal.``, ``Rui wins the deal.``, ``Team A (Ana, Rui) win the deal.``
    In a game scored player by player, ``team`` is a side of the deal."""
    if session.variant.people_scores:
        members = [session.shown_name(seat) for seat in session.humans_and_bots(team)]
        names = and_list(members) if members else session.scorer_label(team)
        one = len(members) <= 1
    else:
        names = team_names(session, team)
        one = len(session.team_members(team)) == 1
    return say("DealScored", f"summary.{person(names)}" if one else "summary.many", seat=names)


def deal_winner_line(session: Seating, score: DealScore) -> str:
    """Who won the deal, in one sentence that always names them: the bidder and partner,
    the bidder alone, or the defenders, in a game with a called partner; a side or a
    player elsewhere; the players who share the top; or that nobody did."""
    s, sc = session, score
    if len(sc.winners) > 1:
        names = [s.team_label(t) for t in sc.winners]
        return say("DealScored", "summary.tie", seat=and_list(names))
    st = deal_view(s)
    c = st.contract
    n = st.n_players
    if c is not None and c.called is not None and st.side_of:
        bidder_side = st.side_of[c.bidder]
        ours = sorted((seat for seat in range(n) if st.side_of[seat] == bidder_side),
                      key=lambda seat: (seat != c.bidder, seat))  # the bidder first
        theirs = [seat for seat in range(n) if st.side_of[seat] != bidder_side]
        if sc.game_points[c.bidder] > 0:
            names = [s.shown_name(seat) for seat in ours]
            if len(names) == 1:
                return say("DealScored", f"summary.{person(names[0])}.alone", seat=names[0])
            return say("DealScored", "summary.many", seat=and_list(names))
        if any(sc.game_points):
            names = [s.shown_name(seat) for seat in theirs]
            return say("DealScored", "summary.defenders", seat=and_list(names))
    if sc.winner is not None:
        return _deal_won(s, sc.winner)
    gainers = [t for t, g in enumerate(sc.game_points) if g > 0]
    if len(gainers) == 1:
        return _deal_won(s, gainers[0])
    if gainers:
        return say("DealScored", "summary.many",
                   seat=and_list([s.team_label(t) for t in gainers]))
    return say("DealScored", "summary.none")


def team_names(session: Seating, team: int) -> str:
    members = session.team_members(team)
    label = session.team_label(team)
    if len(members) == 1:
        return label
    return _("Team {team} ({members})").format(team=label, members=", ".join(members))


def summary_body(s: Seating, sc: DealScore, my_team: int = 0) -> Text:
    """What the end of a deal says under its title: who won it and why, each side's card
    points and what it gains (or, thrown in, that the same dealer deals again), notes and
    stand-ins, then the match's scores (seen by the side ``my_team``)."""
    body = Text()
    if sc.redeal:
        body.append(say("DealScored", "summary.redeal") + "\n\n", style="bold")
        body.append_text(score_table(s, my_team))
        return body
    body.append(deal_winner_line(s, sc) + "\n\n", style="bold")
    sides = sides_lines(s, sc)
    if sides is not None:
        body.append_text(sides)
    for team in team_order(s, my_team) if sides is None else ():
        pts = sc.card_points[team]
        body.append(f"{shown_name(s.team_label(team)):<10}", style=f"bold {team_colour(team)}")
        body.append(points_and_tricks(pts, sc.tricks[team], 4) + "  ")
        gp = sc.game_points[team]
        if s.match.target > PENTE_MAX:  # points that add up to a long match's total
            gained = say("Summary", "total", points=gp)
        else:
            gained = say("Summary", f"games.{_many(gp)}", games=gp)
        body.append(gained + "\n", style="bold" if gp else "")
    if sc.notes:
        body.append("\n")
        for note in sc.notes:
            body.append(f"• {note}\n")
    stand_ins = stand_in_lines(s)
    if stand_ins:
        body.append("\n")
        for line in stand_ins:
            body.append(f"• {line}\n", style="yellow")
    body.append("\n")
    if s.variant.per_seat_payments:
        body.append_text(score_sheet(s))
    else:
        body.append_text(score_table(s, my_team))
    return body


class DealSummaryScreen(Translated, ModalScreen[None]):
    BINDINGS = [
        Binding("enter", "close", N_("Continue")),
        Binding("space", "close", show=False),
        Binding("r", "review", N_("Review"),
                tooltip=N_("Go over your play: each decision against the coach's search")),
        Binding("b", "beliefs", N_("Beliefs"),
                tooltip=N_("What each seat believed about the cards it could not see")),
        Binding("q", "quit_match", N_("Save & quit"), tooltip=N_("Save the match and quit")),
    ]

    def __init__(self, session: Seating, score: DealScore, my_team: int = 0) -> None:
        super().__init__()
        self.session = session
        self.score = score
        self.my_team = my_team

    def compose(self) -> ComposeResult:
        s, sc = self.session, self.score
        form = "title" + (".redeal" if sc.redeal else "") + (".early" if sc.ended_early else "")
        title = say("Summary", form, number=s.deal_number)
        with Vertical(classes="dialog", id="deal-summary"):
            yield Static(title, classes="dialog-title")
            yield Static(summary_body(s, sc, self.my_team))
            review = self.check_action("review", ())  # never for a deal thrown in
            yield Static(say("Summary", "go_on.review" if review else "go_on"), classes="dim")
        yield FittingFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_match(self) -> None:
        self.app.quitting.request()  # type: ignore[attr-defined]  # as the table's q does

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":  # a deal played out, by at least one person at the keyboard
            return not self.score.redeal and bool(self.session.humans())
        if action == "beliefs":  # a deal played out here: its record replays the deal
            return not self.score.redeal and isinstance(self.session, Session)
        return True

    def action_review(self) -> None:
        """Review the play of the person at the keyboard; with several, ask whose."""
        from .confirm import Choice, ChoiceDialog

        if self.app.screen is not self:
            return
        s = self.session
        seats = self.review_seats()
        if len(seats) == 1:
            self.open_review(seats[0])
            return
        choices = [Choice(str(seat), s.shown_name(seat), str(k + 1))
                   for k, seat in enumerate(seats[:9])]
        self.app.push_screen(ChoiceDialog(
            _("Whose play to review?"), Text(_("Each player's decisions, against the coach's "
                                               "search at what that player could see.")),
            choices, dialog_id="review-whose"),
            lambda answer: self.open_review(int(answer)) if answer is not None else None)

    def review_seats(self) -> list[int]:
        """The seats whose play may be reviewed: the people's at the keyboard."""
        return self.session.humans()

    def action_beliefs(self) -> None:
        """What each seat believed at each of its card decisions in the deal."""
        from .beliefs import beliefs_of_deal

        if self.app.screen is self and isinstance(self.session, Session):
            self.app.push_screen(beliefs_of_deal(self.session, self.app))

    def open_review(self, seat: int) -> None:
        from .review import ReviewScreen

        s = self.session
        assert isinstance(s, Session)  # a match played here: its record replays the deal
        deal = s.deal_number - 1
        self.app.push_screen(ReviewScreen(
            s.recording.record(), deal, seat, s.card_style, name=lambda k: s.name_in(deal, k),
            samples=getattr(self.app, "coach_samples", None)))


class MatchEndScreen(Translated, ModalScreen[None]):
    BINDINGS = [Binding("enter", "close", N_("Back to the menu"))]

    def __init__(self, session: Seating, my_team: int = 0) -> None:
        super().__init__()
        self.session = session
        self.my_team = my_team

    def compose(self) -> ComposeResult:
        s = self.session
        w = s.match.winner
        head = say("Match", "level") if w is None else match_won(s, w)
        body = Text(head + "\n\n", style="bold yellow")
        played = s.match.deals_played
        body.append(say("Match", "deals.one" if played == 1 else "deals.many", count=played)
                    + "\n\n")
        if s.variant.per_seat_payments:
            body.append_text(score_sheet(s))
        else:
            body.append_text(score_table(s, self.my_team))
        if s.match.seed is not None:  # a hosted match's seed stays with its host
            body.append("\n\n" + say("Match", "seed", seed=s.match.seed), style="bright_black")
        with Vertical(classes="dialog", id="match-end"):
            yield Static(_("Match over"), classes="dialog-title")
            yield Static(themed(body))
        yield FittingFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class ScoreSheetScreen(Translated, ModalScreen[None]):
    """The session's score sheet, deal by deal, opened from the table."""

    BINDINGS = [Binding("escape,enter,t", "close", N_("Back to the table"))]

    def __init__(self, session: Seating) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        deals = s.variant.match_deals()
        head = (say("Match", "session.deals", deals=deals) if deals
                else say("Match", "session.target", target=s.match.target))
        with Vertical(classes="dialog", id="score-sheet"):
            yield Static(say("Match", "sheet", head=head), classes="dialog-title")
            body = (score_sheet(s) if s.match.results
                    else Text(say("Match", "sheet.none")))
            yield Static(body)
            yield Static(_("Press Enter or Escape to go back."), classes="dim")
        yield FittingFooter()

    def action_close(self) -> None:
        self.dismiss(None)
