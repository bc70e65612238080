"""The saved matches, as the app (``BiscaApp.saves``) keeps them: reading the interrupted match
and the earlier ones, resuming one, saving the match being played and the claim on its
save."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..lang import _
from ..table.save import (
    SaveProblem,
    clear_save,
    earlier_saves,
    read_save,
    save_path,
    saved_at,
    set_aside,
    write_save,
)

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from ..table.save import Lock
    from ..table.session import Session
    from .app import BiscaApp
    from .screens.confirm import EarlierMatch


def describe(session: Session, path: Path) -> str:
    """One line about a saved match: the game, who plays, how far, when it was saved."""
    from ..engine.narrate import say  # with the engine, once a match is read
    from ..engine.spoken import game_name
    from ..engine.words import shown_name

    when = saved_at(path)
    return say("Save", "line.when" if when else "line", game=game_name(session.variant),
               names=" · ".join(shown_name(p.name) for p in session.people),
               deal=session.deal_number,
               trick=len(session.state.tricks) + 1,
               scores="-".join(str(p) for p in session.match.scores), when=when)


class MatchSaves:
    """The saves of matches: the interrupted match offered back, and the save of the match
    in play (where it goes, whether writing it failed, this table's claim on it)."""

    def __init__(self, app: BiscaApp) -> None:
        self.app = app
        self.saved: Session | None = None  # the interrupted match, offered back
        self.summary = ""  # one line about it, for the start screen
        self.problem: SaveProblem | None = None  # it could not be read
        self.failed = False  # the last save of the match in play failed (said once)
        self.last_error: OSError | None = None
        self.target: Path | None = None  # where the match in play is saved
        self.claim: Lock | None = None  # on the save of the match in play (save.take_claim)

    @property
    def folder(self) -> Path:
        return self.app.data_directory

    def describe_saved(self) -> None:
        """The start screen's line about the interrupted match, said again (in the language
        in use)."""
        if self.saved is not None:
            self.summary = describe(self.saved, save_path(self.folder))

    def load(self) -> None:
        """Look for an interrupted match; a damaged save is set aside and reported."""
        self.saved = None
        try:
            session = self.read(None)
        except OSError as e:  # it cannot be read: it may be sound, it stays as it is
            if not self.app.folder_trouble:
                self.problem = SaveProblem(save_path(self.folder),
                                           _("it cannot be read ({error})").format(error=e),
                                           None)
            return
        except Exception as e:  # whatever is wrong with the file, the app goes on
            self.problem = set_aside(self.folder, str(e))
            return
        if session is None:
            return
        self.saved = session
        self.describe_saved()

    def read(self, path: Path | None) -> Session | None:
        """The match saved in ``path`` (the match in progress when None), checked as far as
        the table will draw it; raises whatever is wrong with it."""
        saved = read_save(self.folder, path)
        if saved is None:
            return None
        from ..engine.records import parse_record
        from ..table.recording import from_saved

        record = parse_record(saved.text, str(saved.path))
        session = from_saved(record, saved.table)
        for seat in range(session.variant.n_people):  # what the table asks of it
            session.view(seat)
            session.name(seat)
        return session

    def earlier_matches(self) -> list[EarlierMatch]:
        """The earlier matches kept in the save folder, each read to say what it holds."""
        from .screens.confirm import EarlierMatch

        out = []
        for path in earlier_saves(self.folder):
            try:
                session = self.read(path)
            except Exception as e:  # listed with what is wrong, never removed
                out.append(EarlierMatch(path, path.name, " ".join(str(e).split())))
                continue
            if session is not None:
                out.append(EarlierMatch(path, describe(session, path)))
        return out

    def continue_saved(self) -> None:
        if self.saved is not None:
            self.app.seating.start(self.saved, save_path(self.folder))

    def continue_earlier(self, path: Path) -> None:
        """Continue the earlier match saved in ``path``; a problem is reported, the file
        is left as it is."""
        try:
            session = self.read(path)
            if session is None:
                raise FileNotFoundError(_("{path} is no longer there").format(path=path))
        except Exception as e:
            self.app.notify(_("{file} cannot be continued: {error}").format(
                file=path.name, error=e), title=_("Cannot continue"), severity="error",
                markup=False)
            return
        self.app.seating.start(session, path)

    def playing(self, target: Path, claim: Lock) -> None:
        """The match in play is saved in ``target``, which this table has claimed."""
        self.release_claim()
        self.claim = claim
        self.target = target
        self.saved = None
        self.problem = None
        self.failed = False

    def left(self) -> None:
        """No match is played here any more: its save is no longer this table's."""
        self.target = None
        self.release_claim()

    def release_claim(self) -> None:
        """This table no longer plays the match saved in the file it claimed."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def save(self) -> OSError | None:
        """Save the match in play; returns the error when it could not be written (the
        first failure is also shown)."""
        s = self.app.session
        if s is None or s.match.is_over():
            return None
        target = self.target or save_path(self.folder)
        try:
            paper = s.recording
            write_save(self.folder, paper.save_text(), paper.table_text(), target)
        except OSError as e:
            self.last_error = e
            if not self.failed:
                self.app.notify(_("Cannot save the match in {folder}: {error}").format(
                    folder=self.folder, error=e), severity="error", markup=False)
            self.failed = True
            return e
        self.last_error = None
        self.failed = False
        return None

    def clear(self) -> None:
        """Forget the save of the match that just finished."""
        try:
            clear_save(self.target or save_path(self.folder))
        except OSError as e:
            self.app.notify(_("Cannot remove the finished match's save: {error}").format(
                error=e), severity="warning", markup=False)
        self.saved = None


class KeptElsewhere(MatchSaves):
    """The saves of an app whose match is kept elsewhere (a table joined over the network,
    whose host keeps it): nothing is written or removed here."""

    def save(self) -> OSError | None:
        return None

    def clear(self) -> None:
        pass
