"""What the joined table's log says of the host's shuffle after a deal: the seed, the salt
and what the check of them found (``net.shuffle_watch``); the commitment before the deal is
said as at a table of one's own (``tui.narrate.committed_line``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..engine.shuffle_proof import is_salt
from ..lang import _
from ..net import shuffle_watch as W
from ..tui.narrate import revealed_line


def verdict_text(verdict: str) -> str:
    if verdict == W.PROVEN:
        return _("Shuffle checked: the seed and the salt give the commitment said before the "
                 "deal, and the cards you were dealt.")
    if verdict == W.COMMITMENT_ONLY:
        return _("Shuffle checked: the seed and the salt give the commitment said before the "
                 "deal.")
    if verdict == W.NOT_TOLD:
        return _("No commitment was said before this deal: its shuffle cannot be checked.")
    if verdict == W.OTHER_HAND:
        return _("The host's seed deals you other cards than you were given: this is not "
                 "the shuffle it committed to.")
    return _("The seed and the salt the host gives do not give the commitment it said "
             "before the deal: this is not the shuffle it committed to.")


def revealed_lines(seed: Any, salt: Any, verdict: str) -> list[Text]:
    """The seed and the salt (when they are a seed and a salt), then what their check found,
    in red when it failed."""
    lines = []
    if isinstance(seed, int) and not isinstance(seed, bool) and is_salt(salt):
        lines.append(revealed_line(seed, salt))
    good = verdict in W.HOLDS
    lines.append(Text("  " + verdict_text(verdict), style="dim" if good else "bold red"))
    return lines
