"""The coach: advice for the seat to act (``hint``) and a look back at a finished deal
(``review_deal``), both from the search the hard level plays by (``PimcBot.evaluate``) and
from the seat's view alone. Never imports textual."""

from __future__ import annotations

from .hint import CardAdvice, Hint, hint
from .review import Decision, Review, review_deal

__all__ = ["CardAdvice", "Decision", "Hint", "Review", "hint", "review_deal"]
