"""The table's log in words: each action as it is applied, a deal's heading and its result,
and a resumed match told again from its first deal.

Lines are ``Text`` built from plain strings (or plain strings): a player's name is never
read as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from rich.text import Text

from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.events import Event
from ..engine.narrate import (
    CardRef,
    action_noun,
    bid_label,
    fill,
    narrate,
    person,
    say,
    template,
)
from ..engine.state import GameState
from ..engine.variant import Variant
from .cardart import card_text
from .styled import drawn
from .widgets.log import LOG_WIDTH

if TYPE_CHECKING:
    from ..table.seating import Seating
    from ..table.session import Session


def deal_heading(s: Seating, index: int | None = None) -> str:
    """The line that opens a deal in the log (the current deal's unless ``index``)."""
    m = s.match
    i = s.deal_number - 1 if index is None else index
    out = m.sitting_out(i)
    if out is not None:
        name = s.people[out].name
        return say("Deal", f"{person(name)}.out", number=i + 1, seat=name)
    who = s.name_in(i, m.seating(i)[0])
    return say("Deal", person(who), number=i + 1, seat=who)


def deal_result(s: Seating, index: int) -> Text:
    """The line that closes a finished deal in the log: the card points per side, and what
    each side (or player) gained; a deal thrown in is said so."""
    m = s.match
    result = m.results[index]
    if result.redeal:
        return Text("  " + say("Deal", "thrown_in", number=index + 1), style="bold yellow")
    points = "-".join(str(p) for p in result.card_points)
    gains = [say("Deal", "gain", team=s.scorer_label(k), gain=g)
             for k, g in enumerate(m.gains(index, result)) if g]
    said = say("Deal", "result" if gains else "result.none", number=index + 1, points=points,
               gains=", ".join(gains))
    return Text("  " + said, style="bold yellow")


def committed_line(commitment: str) -> Text:
    """The log's line before a deal: the start of its shuffle's commitment (the record keeps
    it whole)."""
    return Text("  " + say("Deal", "committed", digest=commitment[:16]), style="dim")


def revealed_line(seed: int, salt: str) -> Text:
    """The log's line after a deal: the seed and the salt that give its commitment."""
    return Text("  " + say("Deal", "revealed", seed=seed, salt=salt), style="dim")


def shuffle_said(s: Session, index: int, revealed: bool = False) -> Text | None:
    """The log's line of deal ``index``'s shuffle, before the deal or (``revealed``) after
    it; None for cards laid out by hand."""
    proof = s.match.shuffle_proof(index)
    if proof is None:
        return None
    if revealed:
        return revealed_line(s.match.deals[index].seed, proof.salt)
    return committed_line(proof.commitment)


STYLES = {"action": "", "bid": "cyan", "trick": "green", "score": "bold yellow",
          "contract": "bold cyan", "reveal": "bold yellow"}


class Ruled(Protocol):
    """A deal as far as its log is concerned: the game's rules it is played by (a deal in
    play, or a client's copy of one)."""

    @property
    def variant(self) -> Variant: ...


def describe(s: Seating, deal: Ruled, events: Sequence[Event], points: bool = True,
             name: Callable[[int], str] | None = None) -> list[str | Text]:
    """The log lines of ``events`` (those an action just caused in ``deal``), told by the
    engine's narrator from the events and the deal's rules alone, and drawn with the table's
    cards and colours; ``name`` names the seats (of the current deal unless given)."""
    out: list[str | Text] = []
    for line in narrate(deal.variant, events, name or s.name, s.team_label, points):
        style = STYLES.get(line.kind, "")
        text = drawn(line.parts, s.card_style, style)
        if line.short is not None and text.cell_len > LOG_WIDTH:  # one line of the log
            text = drawn(line.short, s.card_style, style)
        out.append(text)
    return out


def taken_phrase(s: Seating, action: int) -> Text:
    """An action taken back, in a few words: the card played, "4♥ laid aside", "the call
    of 7♠", a bid in words, a signal by its name."""
    v = s.variant
    kind = A.kind(action)
    if kind is K.PLAY:
        return card_text(action, s.card_style)
    if kind is K.DISCARD:
        return drawn(fill(template("Undone", "discard"), card=CardRef(A.card_of(action))),
                     s.card_style)
    if kind is K.CALL:
        return drawn(fill(template("Undone", "call"), card=CardRef(A.card_of(action))),
                     s.card_style)
    if kind in (K.PASS, K.BID):
        return Text(bid_label(v, action))
    if A.is_signal(action):
        k = action - A.SIGNAL
        return Text(say("Undone", "signal", signal=v.signals[k].name) if k < len(v.signals)
                    else say("Undone", "signal.unknown"))
    return Text(action_noun(action) or A.action_str(action, v.signal_names))


def undone_line(s: Session, taken: list[int]) -> Text:
    """The log line of an undo: the actions taken back, in the order they were taken."""
    head, tail = template("Undone", "other").split("{actions}")
    line = Text(head, style="bold magenta")
    line.append_text(Text(", ").join(taken_phrase(s, a) for a in taken))
    return line.append(tail) if tail else line


def lines_of_play(s: Session, index: int) -> list[tuple[list[int], list[int]]]:
    """A deal as it was played at the table: each line of play that was taken back, with
    the actions taken back, then the line that stood (with nothing taken back). Rebuilt
    from the deal's final actions and the undos it recorded."""
    st = s.match.deals[index]
    names = st.variant.signal_names
    lines: list[tuple[list[int], list[int]]] = [(list(st.history), [])]
    line = list(st.history)
    for undo in reversed(s.undone.get(index, [])):
        taken = [A.parse_action(a, names) for a in undo.actions]
        line = line[:undo.kept] + taken
        lines.insert(0, (line, taken))
    return lines


def deal_so_far(s: Session, index: int | None = None,
                points: bool = True) -> list[str | Text]:
    """The log of a deal's actions (the current deal's unless ``index``), replayed from its
    start, with what was taken back on the way; ``points`` False leaves out the card points
    of each trick."""
    m = s.match
    i = len(m.deals) - 1 if index is None else index
    st = m.deals[i]
    if not st.history and not s.undone.get(i):
        return []

    def fresh() -> GameState:
        return GameState(st.variant, st.dealer, st.seed, st.layout_given, context=st.context)

    def told(plays: list[tuple[list[int], list[int]]]) -> list[str | Text]:
        replay = fresh()
        lines: list[str | Text] = []
        for line, taken in plays:
            for action in line[len(replay.history):]:
                seat = replay.current
                events = replay.apply(action)
                if seat is not None:
                    lines.extend(describe(s, replay, events, points,
                                          lambda k: s.name_in(i, k)))
            if taken:  # back to the position before the actions taken back
                kept = line[:len(line) - len(taken)]
                replay = fresh()
                for action in kept:
                    replay.apply(action)
                lines.append(undone_line(s, taken))
        return lines

    try:
        return told(lines_of_play(s, i))
    except Exception:  # the log is a courtesy: never let it stop the table
        pass
    try:  # undos that do not fit the deal: the line of play that stood, at least
        return told([(list(st.history), [])])
    except Exception:
        return []


def match_so_far(s: Session, points: bool = True) -> list[str | Text]:
    """The log of the whole match as played so far, for a match resumed: each deal's
    heading, its actions, and the result of each finished deal."""
    lines: list[str | Text] = []
    for i in range(len(s.match.deals)):
        lines.append(deal_heading(s, i))
        lines.extend(said for said in [shuffle_said(s, i)] if said is not None)
        lines.extend(deal_so_far(s, i, points))
        if i < len(s.match.results):
            lines.append(deal_result(s, i))
            lines.extend(said for said in [shuffle_said(s, i, True)] if said is not None)
    return lines
