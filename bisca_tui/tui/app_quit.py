"""Quitting the app (``BiscaApp.quitting``): a match that could not be saved is asked about
first; the session is closed on the way out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..lang import _

if TYPE_CHECKING:
    from .app import BiscaApp

QUIT_DIALOG = "quit-unsaved"


class Quitting:
    """Leaving the app, with the match in play saved or knowingly lost."""

    def __init__(self, app: BiscaApp) -> None:
        self.app = app

    def request(self) -> None:
        """Save the match in play and quit. When it cannot be saved, say so (the folder and
        the error) and let the player stay, try again, or quit without saving.

        Every way out of a match should come here: ctrl+q does, and so should the table's
        own save-and-quit key.
        """
        from .screens.confirm import Choice, ChoiceDialog

        app = self.app
        error = app.saves.save()
        if error is None:
            self.leave()
            return
        if app.screen.id == QUIT_DIALOG:
            return  # already asking
        body = Text(_("The match cannot be saved in {folder}:\n{error}\n\n"
                      "While this table stays open the match goes on; quitting now loses "
                      "it.").format(folder=app.data_directory, error=error))
        app.push_screen(ChoiceDialog(
            _("Cannot save the match"), body,
            [Choice("stay", _("Stay at the table"), "s", "primary"),
             Choice("retry", _("Try saving again"), "t"),
             Choice("quit", _("Quit without saving"), "x", "error")],
            cancel="stay", dialog_id=QUIT_DIALOG), self.answer)

    def answer(self, answer: str | None) -> None:
        """The player's answer to a match that could not be saved."""
        app = self.app
        if answer == "retry":
            app.call_later(self.request)
        elif answer == "quit":
            error = app.saves.last_error
            self.leave(Text(_("The match was not saved ({folder}: {error}).").format(
                folder=app.data_directory, error=error)), status=1)

    def leave(self, message: Text | None = None, status: int = 0) -> None:
        """Stop the bots and close the app (the match, if any, is saved already); a
        ``status`` other than 0 says a match was lost."""
        app = self.app
        app.workers.cancel_all()
        app.close_session()
        app.exit(status, return_code=status, message=message)
