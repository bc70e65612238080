"""Quitting (``BiscaApp``'s part): a match that could not be saved is asked about first; the
session is closed on the way out."""

from __future__ import annotations

from rich.text import Text

from ..lang import _

QUIT_DIALOG = "quit-unsaved"


class AppQuit:
    """Leaving the app: a mixin of ``BiscaApp``."""

    def action_quit(self) -> None:
        self.request_quit()

    def request_quit(self) -> None:
        """Save the match in play and quit. When it cannot be saved, say so (the folder and
        the error) and let the player stay, try again, or quit without saving.

        Every way out of a match should come here: ctrl+q does, and so should the table's
        own save-and-quit key.
        """
        from .screens.confirm import Choice, ChoiceDialog

        error = self.save_session()
        if error is None:
            self.leave()
            return
        if self.screen.id == QUIT_DIALOG:
            return  # already asking
        folder = self.data_directory
        body = Text(_("The match cannot be saved in {folder}:\n{error}\n\n"
                      "While this table stays open the match goes on; quitting now loses "
                      "it.").format(folder=folder, error=error))
        self.push_screen(ChoiceDialog(
            _("Cannot save the match"), body,
            [Choice("stay", _("Stay at the table"), "s", "primary"),
             Choice("retry", _("Try saving again"), "t"),
             Choice("quit", _("Quit without saving"), "x", "error")],
            cancel="stay", dialog_id=QUIT_DIALOG), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "retry":
            self.call_later(self.request_quit)
        elif answer == "quit":
            error = self.last_save_error
            self.leave(Text(_("The match was not saved ({folder}: {error}).").format(
                folder=self.data_directory, error=error)), status=1)

    def leave(self, message: Text | None = None, status: int = 0) -> None:
        """Stop the bots and close the app (the match, if any, is saved already); a
        ``status`` other than 0 says a match was lost."""
        self.workers.cancel_all()
        self.close_session()
        self.exit(status, return_code=status, message=message)

    def close_session(self) -> None:
        """Stop the bots' external programs of the match in play (it stays saved)."""
        if self.session is not None:
            self.session.close()
