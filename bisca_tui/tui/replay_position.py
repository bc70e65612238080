"""Where the replay viewer stands in a record, and its moves: the deal and the step shown, the
seat whose view shows and the seat at the bottom of the table, and how each key moves them
(a step, a whole trick, the deal's start and end, another deal, the view turned). The viewer
(``screens/replay.py``) draws what this says; this module holds no widgets.

A deal the record leaves unfinished is shown as a spectator sees it unless the position was
made to tell everything (``reveal``): no hand open and no seat's own view, but for the seat
the viewer was opened on (a review shows its own player's view).
"""

from __future__ import annotations

from rich.text import Text

from ..engine import phases as P
from ..engine.narrate import person, say
from ..engine.view import SeatView
from .record_walk import RecordWalk, open_view, spectator_view
from .widgets.log import fit

__all__ = ["ReplayPosition"]

AUCTION_PHASES = (P.AUCTION, P.CALL, P.CLAIM, P.DECLARE, P.DISCARD)


class ReplayPosition:
    """A position in a walked record and the moves from it; every move keeps it inside the
    record (a step past either end of a deal stays at that end)."""

    def __init__(self, walk: RecordWalk, deal: int = 0, seat: int | None = None,
                 step: int | None = None, reveal: bool = False) -> None:
        """``deal`` counts from 0; ``seat`` None shows every hand open, else that seat's
        view; ``step``: after that many of the deal's actions (None: as dealt);
        ``reveal``: every hand of an unfinished deal may show too."""
        self.walk = walk
        n = walk.match.variant.n
        self.deal = max(0, min(deal, walk.deal_count - 1))
        self.seat = seat if seat is not None and 0 <= seat < n else None
        self.reveal = reveal
        self.given_seat = self.seat  # the opener's seat (a review): that player's own view
        self.step = 0 if step is None else max(0, min(step, self.last_step))
        self.bottom = self.seat if self.seat is not None else 0

    # ----- where we are --------------------------------------------------------------

    @property
    def last_step(self) -> int:
        return self.walk.steps(self.deal).last

    @property
    def open_allowed(self) -> bool:
        """Whether the hands may be shown: the deal is over, or everything is told."""
        return self.reveal or self.walk.finished(self.deal)

    def view(self) -> SeatView:
        """What the table shows from the bottom seat: that seat's own view, every hand open,
        or (a deal not over) what a spectator may see."""
        st = self.walk.steps(self.deal).states[self.step]
        if self.seat is not None:
            return st.view(self.seat)
        if self.open_allowed:
            return open_view(st, self.bottom)
        return spectator_view(st, self.bottom)

    def trick_label(self) -> str:
        """Which trick the step shown belongs to: "trick 4 of 10", or the bidding."""
        d = self.walk.steps(self.deal)
        st = d.states[self.step]
        done = d.tricks[self.step]
        if not done and not st.trick and st.phase != P.PLAY:
            if st.phase in AUCTION_PHASES or st.bidding.bids:
                return say("Replay", "at.bidding")
            if st.phase == P.CUT_OR_KNOCK:
                return say("Replay", "at.cut_or_knock")
            return say("Replay", "at.before")
        number = done if d.trick_done(self.step) or st.phase == P.OVER else done + 1
        total = d.tricks[-1]
        if self.walk.finished(self.deal) and total:
            return say("Replay", "at.trick.of", number=max(1, min(number, total)), total=total)
        return say("Replay", "at.trick", number=max(1, number))

    def line(self, width: int) -> Text:
        """The position line for a screen ``width`` cells wide, from the fullest wording that
        fits: "Deal 2 of 5 · trick 4 of 10 · step 23 of 44 · view"."""
        d = self.walk.steps(self.deal)
        main = say("Replay", "position", deal=self.deal + 1, deals=self.walk.deal_count,
                   trick=self.trick_label(), step=self.step, last=d.last)
        if self.seat is None:
            view = say("Replay", "view.open" if self.open_allowed else "view.spectator")
        else:
            who = self.walk.at(self.deal, self.step).name(self.seat)
            view = say("Seats", f"{person(who)}.view", seat=who)
        ended = main
        if self.step == d.last:
            ended = say("Replay", "position.more", position=main, more=say(
                "Replay", "end" if self.walk.finished(self.deal) else "end.open"))
        room = max(20, width - 2)
        return fit(room, [Text(say("Replay", "position.more", position=ended, more=view)),
                          Text(ended), Text(main)], "bold")

    # ----- moves ---------------------------------------------------------------------

    def go(self, deal: int, step: int) -> None:
        """To ``step`` of ``deal`` (each kept inside the record)."""
        self.deal = max(0, min(deal, self.walk.deal_count - 1))
        if self.seat is not None and self.seat != self.given_seat and not self.open_allowed:
            self.seat = None  # a seat's own view stops at a deal not over
        self.step = max(0, min(step, self.last_step))

    def step_by(self, delta: int) -> None:
        self.go(self.deal, self.step + delta)

    def trick(self, delta: int) -> None:
        """To the step that completes the next trick (or the deal's end), or back to the
        one that completed the trick before (or the deal's start)."""
        d = self.walk.steps(self.deal)
        if delta > 0:
            after = (k for k in range(self.step + 1, d.last + 1) if d.trick_done(k))
            self.go(self.deal, next(after, d.last))
        else:
            before = (k for k in range(self.step - 1, 0, -1) if d.trick_done(k))
            self.go(self.deal, next(before, 0))

    def edge(self, end: int) -> None:
        """To the deal's end (``end`` true) or its start."""
        self.go(self.deal, self.last_step if end else 0)

    def has_deal(self, delta: int) -> bool:
        """Whether there is a deal ``delta`` deals away."""
        return 0 <= self.deal + delta < self.walk.deal_count

    def move_deal(self, delta: int) -> None:
        """To the start of the deal ``delta`` deals away, if there is one."""
        if self.has_deal(delta):
            self.go(self.deal + delta, 0)

    def turn_view(self) -> bool:
        """Every hand open → seat 0's view → seat 1's … → every hand open, the seat shown
        at the bottom; False (nothing changes) in a deal the record leaves unfinished
        without ``reveal``, where the spectator's view is the only one."""
        if not self.open_allowed:
            return False
        n = self.walk.match.variant.n
        if self.seat is None:
            self.seat = 0
        elif self.seat + 1 < n:
            self.seat += 1
        else:
            self.seat = None
        if self.seat is not None:
            self.bottom = self.seat
        return True
