"""The bot interface and the level registry.

A bot is asked for one action at a time and is given only a ``SeatView``: what its seat may
legitimately know. It never receives the deal state, so it cannot see hidden cards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..engine.view import SeatView


class Bot:
    """Base of every bot level."""

    level = "base"
    description = "A bot."
    #: the clock a thinking budget is measured on: the wall clock at the table, where the
    #: player waits; benchmarks may set ``time.process_time`` so that a bot's budget is its
    #: own CPU time and other work on the machine does not make it weaker
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> int:
        """Return one of ``view.legal`` (the view is of the seat whose turn it is)."""
        raise NotImplementedError


class RandomBot(Bot):
    level = "random"
    description = ("Plays a legal card at random; remembers nothing and never sees hidden "
                   "cards.")

    def choose(self, view: SeatView) -> int:
        return self.rng.choice(view.legal)


_LEVELS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}
_ARENA_ONLY: set[str] = set()


def register_level(name: str, factory: Callable[[int | None], Bot],
                   at_table: bool = True) -> None:
    """Make a level known by name; ``at_table=False`` keeps it out of the table's choices
    (a frozen earlier version kept for measuring the arena against)."""
    _LEVELS[name] = factory
    if not at_table:
        _ARENA_ONLY.add(name)


def bot_levels(arena: bool = False) -> list[str]:
    """The levels a player can seat at the table, or with ``arena`` every level."""
    _load_levels()
    return [lv for lv in _LEVELS if arena or lv not in _ARENA_ONLY]


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of a built-in level, or ``cmd:COMMAND`` for a program speaking the bot protocol."""
    if level.startswith("cmd:"):
        from .external import ExternalBot

        return ExternalBot(level[len("cmd:"):], seed)
    _load_levels()
    try:
        return _LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(_LEVELS)})") from None


def _load_levels() -> None:
    """Import the modules that register the stronger levels, when they exist."""
    import importlib

    for mod in ("levels",):
        try:
            importlib.import_module(f"{__package__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{mod}":
                raise
