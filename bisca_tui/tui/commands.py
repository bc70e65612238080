"""The command palette's commands (ctrl+p): a new game, the language, the rules of any game,
the bots' pace, the card faces. Textual's own commands (the theme, the keys, quit) stay
beside them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..lang import LANGUAGES, N_, _, current
from ..table.settings import CARD_STYLES, SPEEDS
from .words import speed_name, style_help, style_name

if TYPE_CHECKING:
    from .app import BiscaApp


def variant_names() -> list[tuple[str, str]]:
    """(id, name) of every game, loaded when the palette is opened (not at start-up)."""
    from ..engine.spoken import game_name
    from ..engine.variant import all_variants

    return [(cls.id, game_name(cls)) for cls in all_variants()]


def now(title: str, chosen: bool) -> str:
    """A setting's title, marked when it is the one in use."""
    # translators: a setting in the command palette that is the one in use
    return _("{setting} (now)").format(setting=title) if chosen else title


def bisca_commands(app: BiscaApp) -> list[tuple[str, Callable[[], object], str]]:
    """(title, callback, help) of the app's own commands, in the order they are listed."""
    commands: list[tuple[str, Callable[[], object], str]] = [
        (_("New game"), app.action_new_game,
         _("Choose a game, the players and the house rules")),
    ]
    for code, name in LANGUAGES.items():
        # translators: the command palette's choice of a language, named in its own words
        commands.append((now(_("Language: {name}").format(name=name), code == current()),
                         partial(app.set_language, code),
                         _("The language of the table's words")))
    for on in (True, False):
        commands.append((now(_("Moving cards: on") if on else _("Moving cards: off"),
                             on == app.motion),
                         partial(app.set_motion, on),
                         _("A card played slides to the trick (off for screen readers)")))
    for speed in SPEEDS:
        commands.append((now(_("Bot speed: {speed}").format(speed=speed_name(speed)),
                             speed == app.current_speed),
                         partial(app.set_speed, speed), _("How fast the bots play")))
    for style in CARD_STYLES:
        commands.append((now(_("Card style: {style}").format(style=style_name(style)),
                             style == app.current_card_style),
                         partial(app.set_card_style, style), style_help(style)))
    for vid, name in variant_names():
        commands.append((_("Rules: {game}").format(game=name), partial(app.open_rules_of, vid),
                         _("How {game} is played").format(game=name)))
    return commands


def rules_prefix() -> str:
    """How the rules' commands begin in the language in use (``Rules: ``)."""
    return _("Rules: {game}").split("{game}")[0]


class BiscaCommands(Provider):
    """The table's commands for the palette."""

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    async def discover(self) -> Hits:
        prefix = rules_prefix()
        for title, callback, help_text in bisca_commands(self.bisca_app):
            if not title.startswith(prefix):  # twenty games: found by typing "rules"
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, help_text in bisca_commands(self.bisca_app):
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title,
                          help=help_text)


#: the words of Textual's own commands in the palette (theme, keys, quit, screenshot...)
SYSTEM_WORDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


def translated_system_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's own commands with their title and help in the language in use (those
    Textual adds later than this version stay as Textual words them)."""
    for command in commands:
        yield command._replace(title=_(command.title), help=_(command.help))
