"""Names of the table's settings (card faces, bot pace), kept free of the engine so the app
can start without loading it."""

from __future__ import annotations

SYMBOLS = "symbols"
LETTERS = "letters"
CARD_STYLES = (SYMBOLS, LETTERS)

SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
DEFAULT_SPEED = "normal"
