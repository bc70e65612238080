"""A game record walked step by step, for the replay viewer: each deal's position after any
number of its actions, its log lines, and a ``Session`` that the table's drawing reads.

The record is replayed through the engine once when the walk is made (a broken record
raises ``RecordError`` there, as the text replay says it); a deal's positions are rebuilt
when it is first visited and kept, so that stepping either way is a look-up. This module
holds no widgets.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from dataclasses import dataclass, replace

from rich.text import Text

from ..engine.actions import parse_action
from ..engine.narrate import say
from ..engine.records import Record, replay_record
from ..engine.spectator import spectator_view as watching
from ..engine.state import GameState
from ..engine.view import SeatView
from ..output import printable
from ..table.session import HUMAN, SeatSpec, Session
from .narrate import deal_heading, deal_result, describe

DEALS_KEPT = 6  # deals whose positions stay built (a long match is rebuilt as it is visited)


@dataclass
class DealSteps:
    """One deal's positions: ``states[k]`` after its first ``k`` actions (0: as dealt),
    ``lines[k]`` the log lines the ``k``-th action added, ``tricks[k]`` the tricks taken by
    then."""

    states: list[GameState]
    lines: list[list[str | Text]]
    tricks: list[int]

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def trick_done(self, k: int) -> bool:
        """Whether the ``k``-th action completed a trick."""
        return k > 0 and self.tricks[k] > self.tricks[k - 1]


class RecordWalk:
    """A record's deals, position by position."""

    def __init__(self, record: Record, name: str = "record", card_style: str = "symbols"
                 ) -> None:
        self.record = record
        starts: list[GameState] = []
        self.match = replay_record(record, name,
                                   on_deal=lambda i, st: starts.append(st.clone()))
        self.starts = starts
        self.card_style = card_style
        # names are shown as text; control characters as escapes, as the text replay does
        self.names = [printable(p) for p in record.players]
        m = self.match
        running = [0] * len(m.scores)
        self.scores_before: list[list[int]] = []
        for i in range(len(m.deals)):
            self.scores_before.append(list(running))
            if i < len(m.results) and not m.results[i].redeal:
                for k, gain in enumerate(m.gains(i, m.results[i])):
                    running[k] += gain
        self._deals: OrderedDict[int, DealSteps] = OrderedDict()
        self._sessions: dict[int, Session] = {}

    @property
    def deal_count(self) -> int:
        return len(self.match.deals)

    def finished(self, deal: int) -> bool:
        return deal < len(self.match.results)

    # ----- a deal's positions ----------------------------------------------------------

    def steps(self, deal: int) -> DealSteps:
        """The positions of deal ``deal`` (built on the first visit)."""
        got = self._deals.get(deal)
        if got is not None:
            self._deals.move_to_end(deal)
            return got
        got = self._build(deal)
        self._deals[deal] = got
        while len(self._deals) > DEALS_KEPT:
            self._deals.popitem(last=False)
        return got

    def _build(self, deal: int) -> DealSteps:
        s = self.session(deal)
        v = s.variant
        state = self.starts[deal].clone()
        s.match.deals[-1] = state
        states, lines, tricks = [state.clone()], [[]], [0]
        for text in self.record.deals[deal].actions:
            seat = state.current
            action = parse_action(text, v.signal_names)
            events = state.apply(action)  # the whole record was replayed: all legal
            told: list[str | Text] = []
            if seat is not None:
                try:
                    told = describe(s, state, events, name=lambda k: s.name_in(deal, k))
                except Exception:  # the log is a courtesy: never let it stop the viewer
                    told = []
            states.append(state.clone())
            lines.append(told)
            tricks.append(len(state.tricks))
        s.match.deals[-1] = states[0]
        return DealSteps(states, lines, tricks)

    def session(self, deal: int) -> Session:
        """The match as it stood during deal ``deal``, for the table's drawing: its earlier
        deals and results, the score before it, and the deal at whichever position
        ``at`` put it. Every seat is named as the record names it (a record does not say
        who was a bot)."""
        got = self._sessions.get(deal)
        if got is not None:
            return got
        m = copy.copy(self.match)
        m.deals = [*self.match.deals[:deal], self.starts[deal]]
        m.results = list(self.match.results[:deal + 1])
        m.scores = list(self.scores_before[deal])
        m.winner = None
        seats = [SeatSpec(HUMAN, name) for name in self.names]
        s = Session(m, seats, card_style=self.card_style)
        s.people = seats  # as recorded: nobody renamed "Player N"
        self._sessions[deal] = s
        return s

    def at(self, deal: int, step: int) -> Session:
        """The session with deal ``deal`` after its first ``step`` actions."""
        s = self.session(deal)
        s.match.deals[-1] = self.steps(deal).states[step]
        return s

    def set_card_style(self, style: str) -> None:
        """Cards drawn in ``style`` (a setting: symbols, french, letters) from now on; the
        log lines already told are told again."""
        if style != self.card_style:
            self._deals.clear()
        self.card_style = style
        for s in self._sessions.values():
            s.card_setting = style

    # ----- words ---------------------------------------------------------------------

    def heading(self, deal: int) -> str:
        return deal_heading(self.session(deal), deal)

    def result(self, deal: int) -> Text | None:
        """The line that closes a finished deal (None: the record stops during it)."""
        if not self.finished(deal):
            return None
        return deal_result(self.session(deal), deal)

    def outcome(self, deal: int) -> list[Text]:
        """A finished deal's score in one line, from the fullest wording to the shortest
        (the caption under the table takes the first that fits); none while unfinished."""
        if not self.finished(deal):
            return []
        s = self.session(deal)
        r = self.match.results[deal]
        if r.redeal:
            return [Text(say("Deal", "thrown_in", number=deal + 1)),
                    Text(say("Deal", "thrown_in.short"))]
        points = "-".join(str(p) for p in r.card_points)
        gains = ", ".join(say("Deal", "gain", team=s.scorer_label(k), gain=g)
                          for k, g in enumerate(self.match.gains(deal, r)) if g)
        none = "" if gains else ".none"
        return [Text(say("Deal", "over" + none, number=deal + 1, points=points, gains=gains)),
                Text(say("Deal", "over.short" + none, points=points, gains=gains)),
                Text(say("Deal", "over.shorter", number=deal + 1, points=points)),
                Text(points)]

    def log(self, deal: int, step: int) -> list[str | Text]:
        """The log of deal ``deal`` up to ``step``: its heading, each action's lines, and
        at its end the deal's score."""
        d = self.steps(deal)
        out: list[str | Text] = [self.heading(deal)]
        for k in range(1, step + 1):
            out.extend(d.lines[k])
        if step == d.last:
            result = self.result(deal)
            if result is not None:
                out.append(result)
        return out


def open_view(state: GameState, seat: int) -> SeatView:
    """``seat``'s view with every hand face up, and the partnerships as they are (a secret
    partner shown once the call is made)."""
    v = state.view(seat)
    known = tuple(tuple(sorted(h)) if s != seat else () for s, h in enumerate(state.hands))
    c = state.bidding.contract
    if c is None or c.called is None:
        return replace(v, known=known)
    partner = state.bidding.called_holder if state.bidding.called_holder is not None else c.partner
    return replace(v, known=known, side_of=tuple(state.side_of),
                   contract=replace(c, partner=partner))


def spectator_view(state: GameState, seat: int) -> SeatView:
    """What someone watching the table knows (the engine's spectator view), drawn from
    ``seat``'s place at the table: every hand face down but for its public cards, no signal,
    and a secret partner kept secret until the game shows it (the called card played)."""
    v = watching(state)
    return replace(v, seat=seat, hand=v.known[seat])
