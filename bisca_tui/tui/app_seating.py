"""Sitting down at a match (``BiscaApp.seating``): an outside program (a ``cmd:`` seat) starts only
once the person here confirmed its exact command, in a dialog or ahead with ``--program``;
``--no-programs`` refuses them all. Where the match is saved is chosen here too."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from ..lang import N_, _
from ..table.save import (
    claimed_by,
    keep_aside,
    new_slot,
    save_path,
    take_claim,
)

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from ..table.session import Session
    from .app import BiscaApp

PROGRAMS_DIALOG = "confirm-programs"
NOT_ALLOWED = N_("outside programs are not allowed at this table")


def shown_command(command: str) -> str:
    """A command line as text to show: characters that do not print are written as
    escapes, as a program's notices are, so that what is shown is what would run."""
    from ..bots.protocol import escaped  # the engine loads with a match, not at start-up

    return escaped(command)


class Seating:
    """Starting a match, new or resumed, at the app's table."""

    def __init__(self, app: BiscaApp) -> None:
        self.app = app

    def start(self, session: Session, source: Path | None = None) -> None:
        """Sit down at ``session``: a new match, or one read from ``source``.

        An outside program plays a seat only once the person here has confirmed its exact
        command: named with ``--program`` (for a new match), or answered yes in a dialog
        that shows it. No answer, and nothing starts: the form (or the start screen) stays,
        and a saved match stays saved as it was. With ``no_programs`` a match that seats
        a program is refused.
        """
        from .screens.confirm import Choice, ChoiceDialog

        app = self.app
        session.programs_allowed = not app.no_programs
        if source is None:  # a new game: the commands named on the command line
            session.approved |= {f"cmd:{c}" for c in app.named_programs}
        pending = session.programs() if app.no_programs else session.unapproved()
        if not pending:
            self.sit_down(session, source)
            return
        where = source.name if source is not None else _("The new game")
        if app.no_programs:
            names = ", ".join(name for name, _command in pending)
            app.notify(_("{where} seats an outside program ({names}): {refusal}.").format(
                where=where, names=names, refusal=_(NOT_ALLOWED)),
                title=_("Cannot start"), severity="error", timeout=10, markup=False)
            return
        if app.screen.id == PROGRAMS_DIALOG:
            return  # already asking
        body = Text(_("This match seats outside programs. Each runs on this computer with "
                      "your rights, exactly as written here:") + "\n\n")
        for name, command in pending:
            body.append(f"{shown_command(name)}: ", style="bold")
            body.append(shown_command(command) + "\n")
        if source is None:
            body.append("\n" + _("No goes back to the form; nothing is started."))
            back = _("No, back to the form")
        else:
            body.append("\n" + _("No goes back; the match stays saved in {file}, as it is.")
                        .format(file=source.name))
            back = _("No, go back")
        commands = {f"cmd:{command}" for _name, command in pending}

        def answer(choice: str | None) -> None:
            if choice == "start":
                session.approved |= commands
                self.sit_down(session, source)

        app.push_screen(ChoiceDialog(
            _("Start outside programs?"), body,
            [Choice("start", _("Yes, start them"), "y", "warning"),
             Choice("back", back, "n", "primary")],
            cancel="back", focus="back", dialog_id=PROGRAMS_DIALOG), answer)

    def sit_down(self, session: Session, source: Path | None = None) -> None:
        """``start`` once its outside programs, if any, are confirmed.

        A new match never replaces the match in progress: that one is moved to an
        earlier-match file first. A second table open on the same folder saves to a file of
        its own.
        """
        from .screens.newgame import NewGameScreen
        from .screens.table import TableScreen

        app = self.app
        session.programs_allowed = not app.no_programs  # said again: start_bots obeys it
        playing = claimed_by(source) if source is not None else None
        if playing is None:
            target = self.choose_target(source)
            claim = take_claim(target)
            playing = claim.other_pid
        if playing is not None:  # two tables playing one match would undo each other
            name = (source or target).name
            app.notify(_("{file} is being played at another table (process {pid}); it "
                         "can be continued here once that table has left it.").format(
                             file=name, pid=playing),
                       title=_("Cannot continue"), severity="error", timeout=10, markup=False)
            return
        if source is not None and target != source:
            session.recording.new_in_history()  # a copy: the other table may play on
        app.saves.playing(target, claim)
        app.session = session
        app.first_variant = session.variant.id  # the next new game offers it again
        app.saves.save()
        if isinstance(app.screen, NewGameScreen):
            app.switch_screen(TableScreen.for_session(session))
        else:
            app.push_screen(TableScreen.for_session(session))

    def choose_target(self, source: Path | None) -> Path:
        """Where a match starting now is saved, moving the match in progress aside if a new
        game would take its place; says so when a file other than the usual one is used."""
        app = self.app
        folder = app.data_directory
        main = save_path(folder)
        if source is not None and source != main:
            return source  # an earlier match stays in its own file
        try:
            if app.other_table is not None:
                target = new_slot(folder)
                app.notify(_("Another table is open (process {pid}): this match is saved "
                             "to {file}.").format(pid=app.other_table, file=target),
                           timeout=10, markup=False)
                return target
            if source is None:
                kept = keep_aside(folder)
                if kept is not None:
                    app.notify(_("The match in progress was kept as {file}: \"Continue an "
                                 "earlier match\" brings it back.").format(file=kept.name),
                               timeout=10, markup=False)
        except OSError as e:
            target = new_slot(folder)
            if not app.folder_trouble:  # else said at the start
                app.notify(_("The match in progress could not be set aside ({error}); it "
                             "stays in {file}, and this match is saved to {new_file}.").format(
                                 error=e, file=main.name, new_file=target.name),
                           severity="warning", timeout=10, markup=False)
            return target
        return main
