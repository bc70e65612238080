"""The saved match (``BiscaApp``'s part): reading the interrupted match and the earlier ones,
resuming one, saving the match being played and the claim on its save."""

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
    from ..table.session import Session
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
    """The saves of matches: a mixin of ``BiscaApp``."""

    def load_saved(self) -> None:
        """Look for an interrupted match; a damaged save is set aside and reported."""
        self.saved = None
        try:
            session = self.read_session(None)
        except OSError as e:  # it cannot be read: it may be sound, it stays as it is
            if not self.folder_trouble:
                self.save_problem = SaveProblem(save_path(self.data_directory),
                                                _("it cannot be read ({error})").format(
                                                    error=e), None)
            return
        except Exception as e:  # whatever is wrong with the file, the app goes on
            self.save_problem = set_aside(self.data_directory, str(e))
            return
        if session is None:
            return
        self.saved = session
        self.saved_summary = describe(session, save_path(self.data_directory))

    def read_session(self, path: Path | None) -> Session | None:
        """The match saved in ``path`` (the match in progress when None), checked as far as
        the table will draw it; raises whatever is wrong with it."""
        saved = read_save(self.data_directory, path)
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
        for path in earlier_saves(self.data_directory):
            try:
                session = self.read_session(path)
            except Exception as e:  # listed with what is wrong, never removed
                out.append(EarlierMatch(path, path.name, " ".join(str(e).split())))
                continue
            if session is not None:
                out.append(EarlierMatch(path, describe(session, path)))
        return out

    def continue_saved(self) -> None:
        if self.saved is not None:
            self.start_session(self.saved, save_path(self.data_directory))

    def continue_earlier(self, path: Path) -> None:
        """Continue the earlier match saved in ``path``; a problem is reported, the file
        is left as it is."""
        try:
            session = self.read_session(path)
            if session is None:
                raise FileNotFoundError(_("{path} is no longer there").format(path=path))
        except Exception as e:
            self.notify(_("{file} cannot be continued: {error}").format(file=path.name, error=e),
                        title=_("Cannot continue"), severity="error", markup=False)
            return
        self.start_session(session, path)

    def back_to_start(self) -> None:
        from .screens.start import StartScreen

        self.session = None
        self.save_target = None
        self.release_claim()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def release_claim(self) -> None:
        """This table no longer plays the match saved in the file it claimed."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def save_session(self) -> OSError | None:
        """Save the match in play; returns the error when it could not be written (the
        first failure is also shown)."""
        s = self.session
        if s is None or s.match.is_over():
            return None
        target = self.save_target or save_path(self.data_directory)
        try:
            paper = s.recording
            write_save(self.data_directory, paper.save_text(), paper.table_text(), target)
        except OSError as e:
            self.last_save_error = e
            if not self.save_failed:
                self.notify(_("Cannot save the match in {folder}: {error}").format(
                    folder=self.data_directory, error=e), severity="error", markup=False)
            self.save_failed = True
            return e
        self.last_save_error = None
        self.save_failed = False
        return None

    def clear_session(self) -> None:
        """Forget the save of the match that just finished."""
        try:
            clear_save(self.save_target or save_path(self.data_directory))
        except OSError as e:
            self.notify(_("Cannot remove the finished match's save: {error}").format(error=e),
                        severity="warning", markup=False)
        self.saved = None
