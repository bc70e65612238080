"""The Textual app: start screen, new game, the table; saving and resuming a match.

    bisca-tui [--variant ID] [--cards symbols|letters] [--speed SPEED] [--data-dir DIR]

``--variant`` preselects a game in the new game form (and in the rules panel opened from the
start screen); ``--cards`` and ``--speed`` are the form's first choices for the card faces
and the bots' pace; ``--data-dir`` is where the interrupted match is kept.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding

from .layout import too_small
from .save import SaveProblem, clear_save, data_dir, read_save, set_aside, write_save
from .settings import CARD_STYLES, DEFAULT_SPEED, SPEEDS, SYMBOLS

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from .session import Session


class BiscaApp(App[int]):
    """The card table."""

    CSS_PATH = "bisca.tcss"
    TITLE = "Bisca"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1", "rules", "Rules"),
        Binding("question_mark", "rules", "Rules", key_display="?", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, bot_delay: float | None = None, data_directory: Path | str | None = None,
                 default_bot_level: str | None = None, variant: str | None = None,
                 card_style: str = SYMBOLS, speed: str = DEFAULT_SPEED) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.data_directory = Path(data_directory) if data_directory else data_dir()
        self._default_level = default_bot_level
        self.first_variant = variant
        self.card_style = card_style if card_style in CARD_STYLES else SYMBOLS
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.session: Session | None = None
        self.saved: Session | None = None
        self.saved_summary = ""
        self.save_problem: SaveProblem | None = None
        self.save_failed = False
        self.rules_screens: dict[tuple[str, str], str] = {}

    @property
    def default_level(self) -> str:
        from .session import default_level

        return self._default_level or default_level()

    # ----- start-up ------------------------------------------------------------------

    def on_mount(self) -> None:
        from .screens.start import StartScreen

        self.set_class(too_small(*self.size), "-too-small")
        self.load_saved()
        self.push_screen(StartScreen())

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(too_small(event.size.width, event.size.height), "-too-small")

    def load_saved(self) -> None:
        """Look for an interrupted match; a damaged save is set aside and reported."""
        self.saved = None
        try:
            saved = read_save(self.data_directory)
            if saved is None:
                return
            from ..engine.records import parse_record
            from .session import Session

            record = parse_record(saved.text, str(saved.path))
            session = Session.from_saved(record, saved.table)
        except Exception as e:  # whatever is wrong with the file, the app goes on
            self.save_problem = set_aside(self.data_directory, str(e))
            return
        self.saved = session
        state = session.state
        self.saved_summary = (
            f"Saved: {session.variant.name}, deal {session.deal_number}, "
            f"trick {len(state.tricks) + 1}, match "
            + "-".join(str(p) for p in session.match.scores) + "."
        )

    # ----- matches -------------------------------------------------------------------

    def start_session(self, session: Session) -> None:
        from .screens.newgame import NewGameScreen
        from .screens.table import TableScreen

        self.session = session
        self.saved = None
        self.save_problem = None
        self.first_variant = session.variant.id  # the next new game offers it again
        self.save_session()
        if isinstance(self.screen, NewGameScreen):
            self.switch_screen(TableScreen.for_session(session))
        else:
            self.push_screen(TableScreen.for_session(session))

    def continue_saved(self) -> None:
        if self.saved is not None:
            self.start_session(self.saved)

    def back_to_start(self) -> None:
        from .screens.start import StartScreen

        self.session = None
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def save_session(self) -> None:
        s = self.session
        if s is None or s.match.is_over():
            return
        try:
            write_save(self.data_directory, s.save_text(), s.table_text())
        except OSError as e:
            if not self.save_failed:
                self.notify(f"Cannot save the match in {self.data_directory}: {e}",
                            severity="error")
            self.save_failed = True

    def clear_session(self) -> None:
        try:
            clear_save(self.data_directory)
        except OSError as e:
            self.notify(f"Cannot remove the finished match's save: {e}", severity="warning")
        self.saved = None

    # ----- app-wide actions ----------------------------------------------------------

    def action_rules(self) -> None:
        from .screens.newgame import NewGameScreen
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        if self.session is not None:
            v = self.session.variant
            self.open_rules(v.id, dict(v.options))
            return
        if isinstance(self.screen, NewGameScreen):
            self.open_rules(self.screen.variant_id)
            return
        from ..engine.variant import all_variants

        self.open_rules(self.first_variant or all_variants()[0].id)

    def open_rules(self, variant_id: str, options: dict[str, Any] | None = None) -> None:
        """Show the rules panel. Each game's panel is kept once built: laying out the rules
        text takes a moment, opening it again should not."""
        from .screens.rules import RulesScreen

        key = (variant_id, repr(sorted((options or {}).items())))
        name = self.rules_screens.get(key)
        if name is None:
            name = f"rules-{len(self.rules_screens)}"
            self.rules_screens[key] = name
            self.install_screen(RulesScreen(variant_id, options), name)
        self.push_screen(name)

    async def action_quit(self) -> None:
        self.save_session()
        self.close_session()
        self.exit(0)

    def close_session(self) -> None:
        """Stop the bots' external programs of the match in play (it stays saved)."""
        if self.session is not None:
            self.session.close()

    def on_unmount(self) -> None:
        self.close_session()


def build_parser() -> argparse.ArgumentParser:
    from ..engine.variant import all_variants

    p = argparse.ArgumentParser(prog="bisca-tui", description="A terminal card table.")
    p.add_argument("--variant", choices=[c.id for c in all_variants()], metavar="ID",
                   help="the game preselected in the new game form (bisca-tui variants "
                   "lists them)")
    p.add_argument("--cards", choices=CARD_STYLES, default=SYMBOLS,
                   help="draw suits as symbols or letters (for fonts without ♠♥♦♣)")
    p.add_argument("--speed", choices=list(SPEEDS), default=DEFAULT_SPEED,
                   help="how fast the bots play")
    p.add_argument("--data-dir", metavar="DIR",
                   help="where the interrupted match is saved (default: $BISCA_TUI_DATA, "
                   "else $XDG_DATA_HOME/bisca-tui, else ~/.local/share/bisca-tui)")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    app = BiscaApp(data_directory=args.data_dir, variant=args.variant, card_style=args.cards,
                   speed=args.speed)
    result = app.run()
    return int(result or 0)
