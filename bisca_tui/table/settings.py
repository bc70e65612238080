"""Names of the table's settings (card faces, bot pace), kept free of the engine so the app
can start without loading it."""

from __future__ import annotations

SYMBOLS = "symbols"  # each game in its own pack: Spanish suits for Brisca, Italian for Briscola
FRENCH = "french"  # the French suits (♠♥♦♣, A 2-7 J Q K) for every game
LETTERS = "letters"  # the record notation (7H): for terminals that draw the suit symbols badly
ALL_CARD_STYLES = (SYMBOLS, FRENCH, LETTERS)
# what the new-game form, the palette and the command line offer
CARD_STYLES = ALL_CARD_STYLES
CARD_STYLE_LABELS = {
    SYMBOLS: "The game's own pack",
    FRENCH: "French suits ♠♥♦♣",
    LETTERS: "Letters SHDC",
}
PACK_STYLES = ("portuguese", "italian", "spanish")  # the variants' own packs


def table_style(setting: str, pack_style: str) -> str:
    """The drawing style for a game (see ``cardart``): the player's setting (``symbols``: the
    game's own pack, ``french`` or ``letters``) applied to the variant's ``pack_style``."""
    if setting == SYMBOLS:
        return pack_style if pack_style in PACK_STYLES else SYMBOLS
    return setting if setting in ALL_CARD_STYLES else SYMBOLS


SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
DEFAULT_SPEED = "normal"
