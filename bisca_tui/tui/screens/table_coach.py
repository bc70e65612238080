"""The coach at the table: ``h`` asks for a hint for the person to act.

The hint is worked out in a worker thread (the table keeps answering keys meanwhile) and
shown in the side panel: the advised action, why, and every legal card with the card points
it is expected to bring the side and its chance to win the deal; the cursor moves onto the
advised card. Acting, Esc, or ``h`` again closes it; an answer that comes after the
position changed is dropped. Hints are refused, with a sentence saying why, when no person
is to act at this keyboard and in a match set up without hints.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import get_current_worker

from ...engine.narrate import say
from ...engine.view import SeatView
from ..coaching import hint_legend
from ..hinting import advice_text, advise, advised_card, after_signals, hint_refused
from ..messages import HintFailed, HintReady
from ..widgets.hint import HintPanel

if TYPE_CHECKING:
    from ...coach import Hint
    from .table import TableScreen


class TableCoach:
    """The hints of one table screen."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.token: tuple[int, int] | None = None  # the position of the hint asked or shown
        self.advice: Hint | None = None  # the hint shown

    def refused(self) -> str | None:
        """Why ``h`` cannot give a hint now, in a sentence (None: it can)."""
        screen = self.screen
        v, private = screen.shown_view()
        return hint_refused(hints=screen.flow.table.hints, closed=screen.deal_closed,
                            own_turn=private and screen.my_turn(v), can_act=bool(v.legal))

    def ask(self) -> None:
        """``h``: a hint for the position shown, or (``h`` again) the hint put away."""
        screen = self.screen
        if self.token is not None:
            self.drop()
            return
        refused = self.refused()
        if refused is not None:
            screen.notice = Text(refused, style="bold yellow")
            return
        v, _ = screen.shown_view()
        token = screen.flow.table.token()
        self.token = token
        self.panel().thinking()
        screen.query_one("#side").add_class("-hinting")
        samples = getattr(screen.app, "coach_samples", None)
        screen.run_worker(partial(self.work_out, v, token, samples, after_signals(v)),
                          thread=True, exclusive=True, group="coach")

    def work_out(self, view: SeatView, token: tuple[int, int], samples: int | None,
                 after: dict[int, SeatView]) -> None:
        """The hint, in a worker thread: posted to the screen."""
        worker = get_current_worker()
        try:
            advice, then = advise(view, samples, after, lambda: worker.is_cancelled)
        except Exception as e:  # the coach failing must not take the table down
            self.screen.post_message(HintFailed(f"{e.__class__.__name__}: {e}", token))
            return
        if not worker.is_cancelled:
            self.screen.post_message(HintReady(advice, token, then))

    def ready(self, message: HintReady) -> None:
        screen = self.screen
        if message.token != self.token or message.token != screen.flow.table.token():
            return  # asked about a position that is gone
        v, private = screen.shown_view()
        if not private:
            return
        hand = screen.sorted_hand(v)
        card = advised_card(message.hint, message.then)
        if card in hand:  # the cursor rests on the advised card: Enter plays it
            screen.selected = hand.index(card)
        s = screen.session
        self.advice = message.hint
        text = advice_text(message.hint, message.then, s.variant, s.card_style, hand)
        self.panel().advice(text, hint_legend(message.then or message.hint))

    def failed(self, message: HintFailed) -> None:
        if message.token != self.token:
            return
        self.panel().advice(Text(say("Notice", "hints.failed", error=message.error),
                                 style="bold red"))

    def drop(self) -> None:
        """Put the hint away and forget any still being worked out."""
        screen = self.screen
        screen.workers.cancel_group(screen, "coach")
        if self.token is None:
            return
        self.token = None
        self.advice = None
        with contextlib.suppress(Exception):  # the table may be mid-rebuild
            screen.query_one("#side").remove_class("-hinting")
            self.panel().advice(Text(""))

    def panel(self) -> HintPanel:
        return self.screen.query_one(HintPanel)
