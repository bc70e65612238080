"""Beliefs made by hand for the grid's and the screen's tests: a decision with the cards
and places chosen, each card's chances and true place given."""

from __future__ import annotations

from collections.abc import Sequence

from bisca_tui.coach.beliefs import CardBelief, DecisionBeliefs, Place


def decision(cards: Sequence[tuple[int, Sequence[float], int]],
             places: Sequence[Place] = (1, "stock"), seat: int = 0, who: str = "hard",
             chosen: int = 0, best: int | None = None, step: int = 0, trick: int = 1,
             samples: int = 40, reasons: bool | None = None) -> DecisionBeliefs:
    """A decision of ``seat`` with ``cards`` as (card, chances by place, true place)."""
    return DecisionBeliefs(
        deal=0, step=step, trick=trick, seat=seat, who=who,
        reasons=who == "hard" if reasons is None else reasons, chosen=chosen, best=best,
        places=tuple(places),
        cards=tuple(CardBelief(card, tuple(chance), truth) for card, chance, truth in cards),
        samples=samples)


def even(cards: Sequence[int], places: Sequence[Place], truths: Sequence[int] | None = None,
         **kw: object) -> DecisionBeliefs:
    """Every card as likely in every place; the k-th card truly in place ``truths[k]``
    (by default the places in turn)."""
    n = len(places)
    truths = truths or [k % n for k in range(len(cards))]
    return decision([(c, [1 / n] * n, t) for c, t in zip(cards, truths, strict=True)],
                    places, **kw)  # type: ignore[arg-type]
