"""The dialogs and screens the table opens over itself: a signal to the team, the bid or
the call of the person to act, the score sheet, the keys list, and leaving the table (asked
first; told plainly when the match cannot be saved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ...engine.spoken import game_name
from ...lang import _
from ..contract import BIDDING

if TYPE_CHECKING:
    from .table import TableScreen


class TableDialogs:
    """The dialogs of one table screen."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.auction_open = False  # the bid or call dialog is up

    def signal(self) -> None:
        """A signal to the team, chosen in a dialog, for the person to act."""
        from .signal import open_signal_dialog

        screen = self.screen
        v, private = screen.shown_view()
        if not (private and screen.my_turn(v)):
            return

        def chosen(action: int | None) -> None:
            if action is not None:
                screen.try_act(action, v.seat)

        open_signal_dialog(screen.app, screen.session, v, chosen)

    def auction(self) -> None:
        """The bid (or the call) of the person whose turn it is, in a dialog."""
        from .auction import open_auction_dialog
        from .auction_base import ASK_HINT

        screen = self.screen
        v, private = screen.shown_view()
        if self.auction_open or not (private and screen.my_turn(v)):
            return
        if v.phase not in BIDDING or screen.app.screen is not screen:
            return

        def chosen(action: int | None) -> None:
            self.auction_open = False
            if action is None:  # closed to look at the table: b opens it again
                return
            if action == ASK_HINT:  # h: the hint shows at the table, b reopens the dialog
                screen.call_after_refresh(screen.action_hint)
                return
            if not screen.try_act(action, v.seat):
                screen.call_after_refresh(self.auction)

        self.auction_open = True
        open_auction_dialog(screen.app, screen.session, v, chosen)

    def score_sheet(self) -> None:
        from .summary import ScoreSheetScreen

        self.screen.app.push_screen(ScoreSheetScreen(self.screen.session))

    def keys(self) -> None:
        from .keys import show_keys

        show_keys(self.screen, _("Keys at the table — {game}").format(
            game=game_name(self.screen.session.variant)))

    def leave(self) -> None:
        """Back to the start screen, asking first: the match is saved and can be
        continued from there."""
        from .confirm import Choice, ChoiceDialog

        screen = self.screen
        body = Text(_("The match is saved and stays in progress: \"Continue\" on the start "
                      "screen brings it back."))
        screen.app.push_screen(ChoiceDialog(
            _("Leave the table?"), body,
            [Choice("leave", _("Save and leave"), "l", "primary"),
             Choice("stay", _("Stay"), "s")],
            cancel="stay", dialog_id="leave-table"), self.leave_answer)

    def leave_answer(self, answer: str | None) -> None:
        if answer != "leave":
            return
        screen = self.screen
        app = screen.bisca_app
        error = app.saves.save()
        if error is not None:
            from .confirm import Choice, ChoiceDialog

            body = Text(_("The match cannot be saved in {folder}:\n{error}\n\nLeaving now "
                          "loses it.").format(folder=app.data_directory, error=error))
            app.push_screen(ChoiceDialog(
                _("Cannot save the match"), body,
                [Choice("stay", _("Stay at the table"), "s", "primary"),
                 Choice("lose", _("Leave without saving"), "x", "error")],
                cancel="stay", dialog_id="leave-unsaved"),
                lambda answer: screen.flow.leave_saved() if answer == "lose" else None)
            return
        screen.flow.leave_saved()
