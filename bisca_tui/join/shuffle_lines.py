"""What the joined table's log says of the host's shuffles: the commitment before a deal,
and after it the seed, the salt and what the check of them found (``net.shuffle_watch``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..engine.narrate import say
from ..engine.shuffle_proof import is_salt
from ..lang import _
from ..net import shuffle_watch as W


def committed_line(said: str) -> Text:
    return Text("  " + say("Deal", "committed", digest=said[:16]), style="dim")


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
    lines = []
    if isinstance(seed, int) and not isinstance(seed, bool) and is_salt(salt):
        lines.append(Text("  " + say("Deal", "revealed", seed=seed, salt=salt), style="dim"))
    good = verdict in (W.PROVEN, W.COMMITMENT_ONLY)
    lines.append(Text("  " + verdict_text(verdict), style="dim" if good else "bold red"))
    return lines
