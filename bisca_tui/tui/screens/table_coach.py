"""The coach at the table: ``h`` asks for a hint for the person to act.

The hint is worked out in a worker thread (the table keeps answering keys meanwhile) and
shown in the side panel: the advised action, why, and every legal card with the card points
it is expected to bring the side and its chance to win the deal; the cursor moves onto the
advised card. Acting, Esc, or ``h`` again closes it; an answer that comes after the
position changed is dropped. Hints are refused, with a sentence saying why, when no person
is to act at this keyboard and in a match set up without hints.

A mixin of ``TableScreen`` (through ``TableActions``).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.worker import get_current_worker

from ...engine import actions as A
from ...engine.narrate import say
from ...engine.view import SeatView

if TYPE_CHECKING:
    from ...coach import Hint
from ..coaching import action_label, hint_legend, hint_text, parts_text, review_text
from ..messages import HintFailed, HintReady
from ..widgets.hint import HintPanel
from .table_flow import TableFlow


class TableCoach(TableFlow):
    hint_token: tuple[int, int] | None = None  # the position of the hint asked or shown
    hint_advice: Hint | None = None  # the hint shown

    def hints_refused(self) -> str | None:
        """Why ``h`` cannot give a hint now, in a sentence (None: it can)."""
        s = self.session
        if not s.hints:
            return say("Notice", "hints.off")
        v, private = self.shown_view()
        if self.deal_closed:
            return say("Notice", "hints.over")
        if not (private and self.my_turn(v)) or not v.legal:
            return say("Notice", "hints.turn")
        return None

    def action_hint(self) -> None:
        if self.app.screen is not self:
            return
        if self.hint_token is not None:  # h again: put the hint away
            self.drop_hint()
            self.refresh_table()
            return
        refused = self.hints_refused()
        if refused is not None:
            self.notice = Text(refused, style="bold yellow")
            self.refresh_table()
            return
        v, _ = self.shown_view()
        token = self.current_token()
        self.hint_token = token
        self.hint_panel().thinking()
        self.query_one("#side").add_class("-hinting")
        samples = getattr(self.app, "coach_samples", None)
        self.work_out_hint(v, token, samples, self.views_after_signals(v))

    def views_after_signals(self, view: SeatView) -> dict[int, SeatView]:
        """The seat's view after each signal it may send: a signal costs no turn, and the
        card after it is judged there, as the review judges it."""
        out = {}
        for action in view.legal:
            if A.is_signal(action):
                state = self.session.state.clone()
                state.apply(action)
                out[action] = state.view(view.seat)
        return out

    @work(thread=True, exclusive=True, group="coach")
    def work_out_hint(self, view: SeatView, token: tuple[int, int], samples: int | None,
                      after: dict[int, SeatView]) -> None:
        from ...coach import hint

        worker = get_current_worker()
        try:  # the figures the review of this decision will give
            advice = hint(view, samples=samples)
            then = None
            later = after.get(advice.action)
            cards = tuple(a for a in later.legal if A.is_play(a)) if later else ()
            if later is not None and cards and not worker.is_cancelled:
                # a signal advised: the card to play after it too, with its numbers
                then = hint(replace(later, legal=cards), samples=samples)
        except Exception as e:  # the coach failing must not take the table down
            self.post_message(HintFailed(f"{e.__class__.__name__}: {e}", token))
            return
        if not worker.is_cancelled:
            self.post_message(HintReady(advice, token, then))

    def on_hint_ready(self, message: HintReady) -> None:
        if message.token != self.hint_token or message.token != self.current_token():
            return  # asked about a position that is gone
        v, private = self.shown_view()
        if not private:
            return
        hand = self.sorted_hand(v)
        shown = message.then or message.hint  # the card, when a signal comes first
        advised = shown.action
        card = A.card_of(advised) if A.kind(advised) is A.Kind.DISCARD else advised
        if card in hand:  # the cursor rests on the advised card: Enter plays it
            self.selected = hand.index(card)
        s = self.session
        self.hint_advice = message.hint
        text = hint_text(shown, s.variant, s.card_style, hand,
                         head="advised.then" if message.then is not None else "advised")
        if message.then is not None:
            first = review_text("advised.first", action=action_label(
                s.variant, message.hint.action, s.card_style))
            first.stylize("bold")
            if message.hint.reason:
                first.append("\n")
                first.append_text(parts_text(message.hint.reason_parts, message.hint.reason,
                                             s.card_style))
            text = first.append("\n").append_text(text)
        self.hint_panel().advice(text, hint_legend(shown))
        self.refresh_table()

    def on_hint_failed(self, message: HintFailed) -> None:
        if message.token != self.hint_token:
            return
        self.hint_panel().advice(Text(say("Notice", "hints.failed", error=message.error),
                                      style="bold red"))

    def drop_hint(self) -> None:
        """Put the hint away and forget any still being worked out."""
        self.workers.cancel_group(self, "coach")
        if self.hint_token is None:
            return
        self.hint_token = None
        self.hint_advice = None
        with contextlib.suppress(Exception):  # the table may be mid-rebuild
            self.query_one("#side").remove_class("-hinting")
            self.hint_panel().advice(Text(""))

    def hint_panel(self) -> HintPanel:
        return self.query_one(HintPanel)
