"""The coach: advice for the seat to act (``hint``) and a look back at a finished deal
(``review_deal``), both from the search the hard level plays by (``PimcBot.evaluate``) and
from the seat's view alone, with reasons in plain words (``reasons``, ``rule_reasons``, made
of ``sentences``). Never imports textual."""

from __future__ import annotations

from .hint import CardAdvice, Hint, advise, hint
from .review import (
    BLUNDER,
    MISTAKE,
    CurvePoint,
    Decision,
    OtherDecision,
    Review,
    default_seat,
    review_deal,
)
from .sentences import TEMPLATES, Reason

__all__ = ["BLUNDER", "MISTAKE", "TEMPLATES", "CardAdvice", "CurvePoint", "Decision", "Hint",
           "OtherDecision", "Reason", "Review", "advise", "default_seat", "hint",
           "review_deal"]
