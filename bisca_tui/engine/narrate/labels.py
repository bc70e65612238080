"""Actions in words, for the consumers that offer or name them: a bid's label, a special
action as a noun, a phase's round of worded choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import actions as A
from .. import phases as P
from ..cards import pack_named
from .wording import say

__all__ = ["ChoiceRound", "action_noun", "bid_label", "choice_round", "suit_word"]

if TYPE_CHECKING:
    from ..variant import Variant


def bid_label(variant: Variant, action: int) -> str:
    """A bid in words ("King", "Two for 70", "75 points"), or "pass"."""
    if action == A.PASS:
        return say("Action", "pass")
    rules = getattr(variant, "auction_rules", None)
    if action == A.REOPEN and rules is not None:
        return say("Action", "reopen", bid=rules.domain.label(rules.domain.ladder()[0]))
    if rules is not None:
        return rules.domain.label(action)
    return A.action_str(action)


def suit_word(card: int, pack: str = "french") -> str:
    """The suit of ``card`` in the pack's words ("hearts"; "cups" in the Italian pack)."""
    return pack_named(pack).suit_name(card % 40 // 10)


# ----- the non-card actions, worded for the consumers that offer or name them ---------------

NOUNED = frozenset((A.CUT, A.KNOCK, A.EXCHANGE, A.REOPEN, A.ALONE, A.SHOW, A.REDEAL))


def action_noun(action: int) -> str | None:
    """A special action as a noun ("the cut", "playing alone"), or None for others."""
    return say("Action", f"noun.{A.kind(action).value}") if action in NOUNED else None


@dataclass(frozen=True)
class ChoiceRound:
    """A phase's round of worded choices (no bid, card or call among them): what a dialog
    titles it, the hint under the title, and the words of each choice it may offer."""

    title: str
    hint: str
    labels: dict[int, str]


def _round(phase: str, choices: Sequence[int]) -> ChoiceRound:
    """A round of choices in the table's words (``Choice``: ``phase.title``, ``phase.hint``
    and ``phase.<kind>`` for each choice)."""
    return ChoiceRound(say("Choice", f"{phase}.title"), say("Choice", f"{phase}.hint"),
                       {a: say("Choice", f"{phase}.{A.kind(a).value}") for a in choices})


CHOICE_ROUNDS: dict[str, ChoiceRound] = {
    P.CLAIM: _round(P.CLAIM, (A.PASS, A.REDEAL)),
    P.AUCTION: _round(P.AUCTION, (A.PASS, A.REOPEN)),
    P.DECLARE: _round(P.DECLARE, (A.ALONE, A.SHOW)),
}


def choice_round(phase: str,
                 legal: Sequence[int]) -> tuple[ChoiceRound, list[tuple[int, str]]] | None:
    """The round of choices open in ``phase`` when ``legal`` holds nothing but its choices
    (more than one), with each legal choice in its words, in the engine's order; else None
    (bids to make, a card to call, or a single action with nothing to choose)."""
    r = CHOICE_ROUNDS.get(phase)
    if r is None or len(legal) < 2 or any(a not in r.labels for a in legal):
        return None
    return r, [(a, r.labels[a]) for a in legal]
