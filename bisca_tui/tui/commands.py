"""The command palette's commands (ctrl+p): a new game, the rules of any game, the bots'
pace, the card faces. Textual's own commands (the theme, the keys, quit) stay beside them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..table.settings import CARD_STYLES, SPEEDS

if TYPE_CHECKING:
    from .app import BiscaApp

STYLE_HELP = {"symbols": "Each game in its own pack: Spanish, Italian or Portuguese suits",
              "french": "The French suits ♠♥♦♣ for every game",
              "letters": "Suits drawn as S H D C (for fonts without the suit symbols)"}


def variant_names() -> list[tuple[str, str]]:
    """(id, name) of every game, loaded when the palette is opened (not at start-up)."""
    from ..engine.variant import all_variants

    return [(cls.id, cls.name) for cls in all_variants()]


def bisca_commands(app: BiscaApp) -> list[tuple[str, Callable[[], object], str]]:
    """(title, callback, help) of the app's own commands, in the order they are listed."""
    commands: list[tuple[str, Callable[[], object], str]] = [
        ("New game", app.action_new_game, "Choose a game, the players and the house rules"),
    ]
    for on in (True, False):
        mark = " (now)" if on == app.motion else ""
        commands.append((f"Moving cards: {'on' if on else 'off'}{mark}",
                         partial(app.set_motion, on),
                         "A card played slides to the trick (off for screen readers)"))
    for speed in SPEEDS:
        mark = " (now)" if speed == app.current_speed else ""
        commands.append((f"Bot speed: {speed}{mark}", partial(app.set_speed, speed),
                         "How fast the bots play"))
    for style in CARD_STYLES:
        mark = " (now)" if style == app.current_card_style else ""
        commands.append((f"Card style: {style}{mark}", partial(app.set_card_style, style),
                         STYLE_HELP[style]))
    for vid, name in variant_names():
        commands.append((f"Rules: {name}", partial(app.open_rules_of, vid),
                         f"How {name} is played"))
    return commands


class BiscaCommands(Provider):
    """The table's commands for the palette."""

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    async def discover(self) -> Hits:
        for title, callback, help_text in bisca_commands(self.bisca_app):
            if not title.startswith("Rules: "):  # twenty games: found by typing "rules"
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, help_text in bisca_commands(self.bisca_app):
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title,
                          help=help_text)
