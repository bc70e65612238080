"""What the commands write: text that came from a file or the game history (a player's name
above all) shown as text, never as terminal codes, and output cut short ended quietly.

Every command writes its result through ``write_text`` or ``write_json``:

- text: each line with its control characters shown as escapes (ESC as ``\\x1b``), and so
  the C1 controls (U+0080-U+009F, the CSI U+009B among them), the bidirectional overrides,
  and a lone surrogate (``\\ud800``), which a terminal cannot be sent at all;
- JSON: the same characters written as JSON escapes (``\\u009b``, ``\\ud800``), so the text
  stays valid JSON and reads back to the very string the record held;
- a reader that goes away (``bisca-tui history | head``) raises ``OutputClosed``, which the
  command line turns into a quiet exit with status 0, without a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any, TextIO

# Characters a terminal acts on instead of drawing: the C0 and C1 controls and DEL (escape
# sequences, bells, line breaks), the line and paragraph separators, and the bidirectional
# overrides that reorder what follows them. Ordinary letters and symbols (Inês, ♠) pass.
_UNSAFE = [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0x061C, 0x200E, 0x200F,
           *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
# A lone surrogate (from "\ud800" in a JSON file) is no character: it cannot be encoded.
_SURROGATES = range(0xD800, 0xE000)
_AS_TEXT = {c: (f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}")
            for c in [*_UNSAFE, *_SURROGATES]}
# json.dumps escapes the C0 controls itself
_AS_JSON = {c: f"\\u{c:04x}" for c in [*_UNSAFE, *_SURROGATES] if c >= 0x20}


class OutputClosed(Exception):
    """Standard output's reader went away (a pipe into ``head``): nothing more to write."""


def printable(text: str) -> str:
    """``text`` with every control character shown as an escape: ESC as ``\\x1b``."""
    return text.translate(_AS_TEXT)


def printable_lines(text: str) -> str:
    """``text`` made printable line by line: its line breaks kept, everything else escaped."""
    return "\n".join(printable(line) for line in text.split("\n"))


def safe_json(text: str) -> str:
    """JSON text with the characters a terminal would act on written as JSON escapes, which
    read back the same. (Outside strings JSON holds only spaces, tabs and line breaks,
    which are left alone.)"""
    return text.translate(_AS_JSON)


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as JSON, readable (Inês stays Inês) and safe to print."""
    return safe_json(json.dumps(value, indent=indent, ensure_ascii=False))


def write(text: str, stream: TextIO | None = None) -> None:
    """Write ``text`` as it is, and flush: a closed pipe raises ``OutputClosed``."""
    out = sys.stdout if stream is None else stream
    try:
        try:
            out.write(text)
        except UnicodeEncodeError:  # a terminal whose encoding lacks some character
            enc = getattr(out, "encoding", None) or "ascii"
            out.write(text.encode(enc, "backslashreplace").decode(enc))
        out.flush()
    except BrokenPipeError:
        _drop(out)
        raise OutputClosed from None


def write_text(text: str, stream: TextIO | None = None) -> None:
    """Write lines of text, every one made printable (see ``printable``)."""
    write(printable_lines(text), stream)


def write_json(value: Any, indent: int | None = None, stream: TextIO | None = None) -> None:
    """Write ``value`` as JSON (see ``json_text``) and a line break."""
    write(json_text(value, indent) + "\n", stream)


def flush_quietly() -> None:
    """Flush what was printed to standard output (argparse's help, say); a reader gone
    away is no error."""
    with contextlib.suppress(OutputClosed):
        write("")


def say(message: str) -> None:
    """A line on standard error, made printable (it may quote a name or a path)."""
    with contextlib.suppress(OSError):
        print(printable_lines(message), file=sys.stderr)


def _drop(out: TextIO) -> None:
    """Send what is left of standard output to the null device, so that the flush when
    Python exits does not fail again (and print "Exception ignored")."""
    if out is not sys.stdout:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
