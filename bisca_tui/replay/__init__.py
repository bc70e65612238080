"""``bisca-tui replay FILE [--json] [--open] [--tui]``: a game record, told trick by trick.

The record is replayed through the engine (so every rule is checked again) and told deal by
deal: how the trumps were made (the cut or knock, the turned card, or the auction and the
called card), each trick (who led, who played what, who won it and for how many points, the
signals sent and the game points scored during play), then each deal's card points per side,
its game points and why, and the standing of the match, or of a session of a set number of
deals. ``--json`` prints the same as one JSON object (schema in docs/records.md).

It tells what anyone watching the table may know: a secret partner is named once the called
card is played; ``--open`` tells everything (in the viewer too). What came from the file is
text: characters that would drive the terminal are shown as escapes. ``--tui`` opens the
record on the card table instead, in the replay viewer (``tui/screens/replay.py``), step by
step; a deal the record leaves unfinished shows there only what a spectator may see, unless
``--open`` is given too.

A record that cannot be read or breaks a rule ends with exit status 2 and one line on
standard error saying where and why; a good record exits with 0.

Here: the command line and the opening of the viewer. ``report`` builds the report from
the deals that ``deal`` follows; ``text`` tells it as text.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..engine.records import RecordError, load_record
from ..lang import _
from ..output import OutputClosed, printable, write, write_text
from .deal import join_names, side_names
from .report import REPORT_FORMAT, REPORT_VERSION, build_report, report_json
from .text import render_text

__all__ = ["REPORT_FORMAT", "REPORT_VERSION", "build_report", "fail", "join_names", "main",
           "render_text", "report_json", "side_names", "viewer_app"]


# ----- command ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bisca-tui replay",
        description=_("Replay a game record trick by trick, checking every rule again."),
    )
    p.add_argument("file", metavar="FILE", help=_("a game record (JSON, see docs/records.md)"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help=_("print the replay as one JSON object instead of text"))
    out.add_argument("--tui", action="store_true",
                     help=_("open the record on the card table, to step through each deal "
                            "forward and back, every hand open (v turns to what one seat "
                            "saw); a deal the record leaves unfinished shows only what a "
                            "spectator may see, unless --open is given"))
    p.add_argument("--open", action="store_true",
                   help=_("tell everything, as if every hand were face up: a secret partner "
                          "before the called card is played, and the hands left when the "
                          "record stops mid-deal"))
    return p


ERROR_WIDTH = 400  # an error line quotes what the file holds, cut to this many characters


def fail(command: str, message: str) -> int:
    """Say on standard error, in one line cut to ``ERROR_WIDTH``, why ``bisca-tui COMMAND``
    refused; the exit status 2."""
    text = printable(" ".join(message.split()))
    if len(text) > ERROR_WIDTH:
        text = text[:ERROR_WIDTH - 1] + "…"
    print(f"bisca-tui {command}: {text}", file=sys.stderr)
    return 2


def _fail(message: str) -> int:
    return fail("replay", message)


def _could_not(path: str, e: Exception) -> str:
    """A record that made the replay fail (a bug, not a bad record), in one line."""
    # translators: {error} is the kind of error and its message, as Python gives them
    return _("{file}: could not be replayed ({error})").format(
        file=path, error=f"{e.__class__.__name__}: {e}")


def viewer_app(path: str, reveal: bool = False) -> Any:
    """The card table's app opened on the replay viewer of the record at ``path`` (not yet
    running); a record that cannot be read or breaks a rule raises ``RecordError``.
    ``reveal`` (``--open``): every hand shown in a deal the record leaves unfinished too."""
    from pathlib import Path

    from ..tui.app import BiscaApp
    from ..tui.record_walk import RecordWalk
    from ..tui.screens.replay import ReplayScreen

    record = load_record(path)
    walk = RecordWalk(record, path)
    screen = ReplayScreen(record, source=Path(path).name, quits=True, walk=walk,
                          reveal=reveal)
    return BiscaApp(first_screen=screen)


def _viewer(path: str, reveal: bool = False) -> int:
    try:
        app = viewer_app(path, reveal)
    except RecordError as e:
        return _fail(str(e))
    except Exception as e:  # a bug, not a bad record: still one line, never a traceback
        return _fail(_could_not(path, e))
    return int(app.run() or 0)


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # --help, or a usage error already printed by argparse
        return e.code if isinstance(e.code, int) else 2
    if args.tui:
        return _viewer(args.file, args.open)
    try:
        record = load_record(args.file)
        report = build_report(record, args.file, reveal=args.open)
    except RecordError as e:
        return _fail(str(e))
    except Exception as e:  # a bug, not a bad record: still one line, never a traceback
        return _fail(_could_not(args.file, e))
    try:
        if args.json:
            write(report_json(report))
        else:
            write_text(render_text(report))
    except OutputClosed:  # e.g. piped into head
        return 0
    return 0

