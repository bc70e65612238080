"""Bots against bots, in duplicate: ``bisca-tui arena --variant V --bots A,B``.

Every shuffled deal is played once per side: the second time the seats (and partnerships)
are swapped, so each bot holds the very cards the other held. Luck of the deal cancels out
and a difference in results measures play. Reported: A's win rate (a 60-60 deal counts half)
with its 95% confidence interval over the paired deals, the average card points of each
side, and each bot's thinking time per decision (median and 95th percentile; decisions with
a single legal action are not timed, nor those a fallback bot made).

An external bot (``cmd:COMMAND``) that fails (crashes, hangs, writes what is not the protocol,
answers illegally, speaks another protocol version) loses its seat to a built-in bot, as at
the table. The arena says so: every such fallback is reported, with the deal and the reason,
and the command line exits with status 3 (``EXIT_REPLACED``), since the numbers are then not
the program's alone.

``run_arena`` is the importable core; ``main`` is the command line.

Here: ``results`` holds what a run found, ``play`` plays the deals, ``command`` is the
command line.
"""

from __future__ import annotations

from .command import (
    DESCRIPTION,
    EXIT_REPLACED,
    add_arguments,
    build_parser,
    epilog,
    main,
    parse_bots,
    run_command,
)
from .play import SIDES, BotSpec, deal_seed, run_arena
from .results import ArenaResult, Fallback

__all__ = ["DESCRIPTION", "EXIT_REPLACED", "SIDES", "ArenaResult", "BotSpec", "Fallback",
           "add_arguments", "build_parser", "deal_seed", "epilog", "main", "parse_bots",
           "run_arena", "run_command"]
