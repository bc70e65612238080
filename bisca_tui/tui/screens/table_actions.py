"""The table's actions other than playing a card: the special actions of a game (exchange,
signal, bid and call), looking back, the score sheet, points and pace, undo, the keys list,
and leaving. A mixin of ``TableScreen``; its keys are bound there (and per game, through
``TableScreen.for_session``).
"""

from __future__ import annotations

from rich.text import Text

from ...engine.errors import IllegalAction
from ...engine.spoken import game_name, special_key_label
from ...lang import _
from ...table.session import SPEEDS
from ..contract import BIDDING
from ..narrate import undone_line
from .table_coach import TableCoach


class TableActions(TableCoach):
    def binding_words(self, text: str) -> str:
        """A key's words in the language in use: a game's special keys are named by the
        game (``translated``)."""
        for key in self.session.variant.special_keys:
            if key.label == text:
                return special_key_label(key)
        return _(text) if text else text

    def key_applies(self, action: str) -> bool:
        """Whether a key's action is ever of use in this game: the keys list leaves out
        signals in a game without them, the bidding in one without an auction and the score
        sheet where nobody pays seat by seat."""
        v = self.session.variant
        if action == "signal":
            return bool(v.signals)
        if action == "auction":
            return any(phase.name in BIDDING for phase in v.phases)
        if action == "score_sheet":
            return v.per_seat_payments
        return True

    def retell(self) -> None:
        """The language changed: the table is drawn again in it (the log keeps its lines)."""
        self.bindings_shown = ()
        self.refresh_table()

    def try_act(self, action: int, seat: int) -> bool:
        """The person's action for ``seat``; a refusal is told in the status line (and
        False)."""
        try:
            self.act(action, seat)
        except IllegalAction as e:
            self.notice = Text(_("Not now: {rule}.").format(rule=e.rule), style="bold red")
            self.refresh_table()
            return False
        return True

    def action_special(self, code: int) -> None:
        v, private = self.shown_view()
        if private and self.my_turn(v):
            self.try_act(code, v.seat)

    def action_signal(self) -> None:
        from .signal import open_signal_dialog

        v, private = self.shown_view()
        if not (private and self.my_turn(v)):
            return

        def chosen(action: int | None) -> None:
            if action is not None:
                self.try_act(action, v.seat)

        open_signal_dialog(self.app, self.session, v, chosen)

    def action_auction(self) -> None:
        self.open_auction_dialog()

    def open_auction_dialog(self) -> None:
        """The bid (or the call) of the person whose turn it is, in a dialog."""
        from .auction import open_auction_dialog
        from .auction_base import ASK_HINT

        v, private = self.shown_view()
        if self.dialog_open or not (private and self.my_turn(v)):
            return
        if v.phase not in BIDDING or self.app.screen is not self:
            return

        def chosen(action: int | None) -> None:
            self.dialog_open = False
            if action is None:  # closed to look at the table: b opens it again
                self.refresh_table()
                return
            if action == ASK_HINT:  # h: the hint shows at the table, b reopens the dialog
                self.call_after_refresh(self.action_hint)
                return
            if not self.try_act(action, v.seat):
                self.call_after_refresh(self.open_auction_dialog)

        self.dialog_open = True
        open_auction_dialog(self.app, self.session, v, chosen)

    def action_continue(self) -> None:
        self.show_finished = False
        self.review = False
        self.refresh_table()

    def action_last_trick(self) -> None:
        self.review = not self.review
        self.refresh_table()

    def action_score_sheet(self) -> None:
        from .summary import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_toggle_points(self) -> None:
        self.session.hide_points = not self.session.hide_points
        self.refresh_table()
        self.bisca_app.save_session()  # a setting of the match: Continue brings it back

    def action_speed(self) -> None:
        names = list(SPEEDS)  # remembered like the palette's choice; saves and says so
        self.bisca_app.set_speed(names[(names.index(self.session.speed) + 1) % len(names)])

    def action_quit_match(self) -> None:
        self.bisca_app.request_quit()  # saves, or says why it cannot and offers to stay

    def action_undo(self) -> None:
        """Take back the person's last action and the bots' replies after it (one person
        against bots only); the record keeps the undo."""
        if not self.check_action("undo", ()) or self.app.screen is not self:
            return
        s = self.session
        self.workers.cancel_group(self, "bots")  # a bot thinking about a position now gone
        self.drop_hint()
        taken = self.loop.undo()  # saved by the loop
        if not taken:
            return
        self.log_line(undone_line(s, taken))
        self.show_finished = False
        self.review = False
        self.notice = None
        self.selected = 0
        self.refresh_table()
        self.advance()

    def action_keys(self) -> None:
        from .keys import show_keys

        show_keys(self, _("Keys at the table — {game}").format(
            game=game_name(self.session.variant)))

    def action_leave_table(self) -> None:
        """Back to the start screen, asking first: the match is saved and can be
        continued from there."""
        from .confirm import Choice, ChoiceDialog

        if self.app.screen is not self:
            return
        if self.hint_token is not None:  # Esc first puts the hint away
            self.drop_hint()
            self.refresh_table()
            return
        body = Text(_("The match is saved and stays in progress: \"Continue\" on the start "
                      "screen brings it back."))
        self.app.push_screen(ChoiceDialog(
            _("Leave the table?"), body,
            [Choice("leave", _("Save and leave"), "l", "primary"),
             Choice("stay", _("Stay"), "s")],
            cancel="stay", dialog_id="leave-table"), self.leave_answer)

    def leave_answer(self, answer: str | None) -> None:
        if answer != "leave":
            return
        error = self.bisca_app.save_session()
        if error is not None:
            from .confirm import Choice, ChoiceDialog

            body = Text(_("The match cannot be saved in {folder}:\n{error}\n\nLeaving now "
                          "loses it.").format(folder=self.bisca_app.data_directory, error=error))
            self.app.push_screen(ChoiceDialog(
                _("Cannot save the match"), body,
                [Choice("stay", _("Stay at the table"), "s", "primary"),
                 Choice("lose", _("Leave without saving"), "x", "error")],
                cancel="stay", dialog_id="leave-unsaved"),
                lambda answer: self.leave_saved() if answer == "lose" else None)
            return
        self.leave_saved()
