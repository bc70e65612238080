"""The settings of a shared table (``NetSettings``), and its invite code."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..table.seats import default_level
from .conn import Limits

DEFAULT_PORT = 7341  # where a host listens and a client connects unless told otherwise
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read out and typed in
# a new table's code has at least this many letters: 8 of 32 letters are 40 bits, too many
# to guess at the pace the host's guard allows (older saves keep their shorter codes)
MIN_CODE = 8


def new_code(length: int = MIN_CODE) -> str:
    """A random invite code, short enough to read out (40 bits by default)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


@dataclass
class NetSettings:
    """A shared table: the game, its house rules and number of players (the game's own by
    default), the places people may take (``open``, all by default), how many people must
    sit before the first deal (``start_with``; all open places by default), the bots' level
    (for the other places and for players who dropped), how long a dropped player's place
    is held, the limits on each client, how many may watch (``max_watchers``), and the
    folders where the match is saved after each action (``save_dir``: ``hosted-CODE.json``,
    see ``hostfiles``) and where each deal is written to the game history
    (``history_dir``)."""

    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    open: tuple[int, ...] | None = None
    start_with: int | None = None
    level: str = field(default_factory=default_level)
    seed: int | None = None
    hold: float = 60.0
    deals: int | None = None  # stop after this many deals (None: the whole match)
    limits: Limits = field(default_factory=Limits)
    max_watchers: int = 12  # clients holding no place; a place's holder always comes back
    hello_timeout: float = 10.0
    save_dir: Path | None = None  # save the match there after each action
    history_dir: Path | None = None  # write each deal to the game history kept there
    hints: bool = True  # the coach's hints (h) for every player, or for none
