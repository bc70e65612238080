"""The one entry point: ``bisca-tui`` plays (the default); other commands are subcommands.

    bisca-tui [OPTIONS]            open the card table (also: bisca-tui play [OPTIONS])
    bisca-tui variants             list the games
    bisca-tui replay FILE [--json] replay a game record trick by trick
    bisca-tui arena ...            bots against bots (see ``bisca-tui arena --help``)

Options of the card table:

    --variant ID       the game chosen at first in the new game form and in the rules
                       panel of the start screen (IDs from ``bisca-tui variants``)
    --cards STYLE      ``symbols`` draws suits as ♠♥♦♣, ``letters`` as S H D C
                       (for fonts that draw the symbols badly)
    --speed SPEED      how fast the bots play: slow, normal (default), fast or instant;
                       the form and the v key at the table change it too
    --data-dir DIR     where matches are saved and found again (default:
                       $BISCA_TUI_DATA, else the platform's data folder for bisca-tui,
                       ~/.local/share/bisca-tui on Linux)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from .engine import all_variants


def variants_text() -> str:
    lines = ["Games:"]
    for cls in all_variants():
        lines.append(f"  {cls.id:<16} {cls.name}: {cls.description}")
    return "\n".join(lines)


def _play(argv: Sequence[str]) -> int:
    try:
        tui = importlib.import_module("bisca_tui.tui.app")
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("bisca_tui.tui"):
            print("bisca-tui: the card table arrives soon.")
            print(variants_text())
            return 0
        raise
    return int(tui.main(list(argv)) or 0)


def _sub(module: str, argv: Sequence[str]) -> int:
    mod = importlib.import_module(f"bisca_tui.{module}")
    return int(mod.main(list(argv)) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if args and args[0] == "variants":
        print(variants_text())
        return 0
    if args and args[0] == "replay":
        return _sub("replay", args[1:])
    if args and args[0] == "arena":
        return _sub("arena", args[1:])
    if args and args[0] == "play":
        args = args[1:]
    return _play(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
