"""Advice for the seat to act: the action the hard level would take, why, and what every
legal card is expected to bring.

Cards are judged by the hard level's own evaluation (``PimcBot.evaluate``): every legal
card on the same sampled deals of the hidden cards, solved exactly near the end. The card
advised is the one the hard level would play (its evaluation's best, among the cards it
considers: it never takes a sure partner's trick with a trump). Every other decision (cut
or knock, exchange, signals, bids, calls, discards...) is the hard level's ``choose``, with
a reason from the rules of thumb it follows.

A hint and the review of the same decision read one evaluation (``judge``): the same number
of sampled deals (``samples_for``: fixed, never a budget of time) on the same seed, derived
from the coach's seed and the position as the seat sees it (``decision_seed``), so that they
name the same best card with the same figures for every card.

Everything is read from the seat's view: two deals that look alike from the seat get the
same hint (with the same seed and number of samples).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from ..bots.heuristics import request_choice, special_choice
from ..bots.levels import HardBot
from ..bots.pimc import Evaluation, spare_partner
from ..bots.sim import Rules
from ..bots.table import variant_of
from ..engine.narrate import Part
from ..engine.view import SeatView
from .reasons import card_reason, play_reason
from .rule_reasons import rule_reason
from .sentences import NO_REASON, Reason, card_words

COACH_SEED = 0  # the coach's sampling seed: hints and reviews alike, in the app and the CLI
COACH_SAMPLES = 200  # sampled deals per decision, at most
# ... fewer where many cards are judged: at most this many playouts (samples times cards) a
# decision, and never fewer than COACH_MIN_SAMPLES samples; a deal of nine cards a hand
# then takes about as long as one of three
COACH_PLAYOUTS = 1000
COACH_MIN_SAMPLES = 80
#: the most samples a search bounded by time draws (a review asked with no samples)
HINT_SAMPLES = 400


@dataclass(frozen=True)
class CardAdvice:
    """One legal action as the search sees it (``None`` where it has no numbers for it:
    bids, calls and other decisions answered by rules of thumb)."""

    action: int
    points: float | None  # the card points the seat's side is expected to end the deal with
    win: float | None  # its chance to win the deal (a tie counts half)
    value: float | None  # the search's own objective


@dataclass(frozen=True)
class Hint:
    seat: int
    action: int  # the advised action
    reason: str  # one or two plain sentences, cards in words
    options: tuple[CardAdvice, ...]  # every legal action; the cards the search judged
    # first, best first
    method: str  # "exact", "solved", "playouts" (see ``Evaluation``) or "rule"
    # the reason as a line of parts (text and ``CardRef``), for a caller drawing cards its
    # own way (the table's log does so), and the keys of its templates (``TEMPLATES``)
    reason_parts: tuple[Part, ...] = ()
    reason_keys: tuple[str, ...] = ()
    samples: int = 0  # sampled deals of the hidden cards behind the numbers (0: none)


def coach_bot(seed: int = 0, budget_ms: float = 300.0, samples: int | None = None) -> HardBot:
    """The search the coach asks: the hard level, bounded by time (at most
    ``HINT_SAMPLES`` samples) or by a number of samples. Bounded by samples it repeats
    exactly on any machine: its clock then never runs out, even for the bids it plays out."""
    if samples is not None:
        bot = HardBot(seed, budget_ms=1e9, max_samples=samples, min_samples=samples)
        bot.clock = _stopped_clock
        return bot
    bot = HardBot(seed, budget_ms=budget_ms, max_samples=HINT_SAMPLES)
    return bot


def _stopped_clock() -> float:
    return 0.0


def samples_for(cards: int, samples: int = COACH_SAMPLES,
                playouts: int | None = COACH_PLAYOUTS) -> int:
    """The samples a decision among ``cards`` cards gets: ``samples``, fewer when that
    would pass ``playouts`` playouts, but not fewer than ``COACH_MIN_SAMPLES``."""
    if playouts is None:
        return samples
    return min(samples, max(COACH_MIN_SAMPLES, playouts // max(cards, 1)))


def decision_seed(view: SeatView, seed: int = COACH_SEED) -> int:
    """The search's seed for one decision: ``seed`` mixed with the position as the seat
    sees it (the game, the seat, the dealer, the actions so far, its hand and the cards
    played), so that a hint and a review of it, or a hint asked twice, sample alike."""
    key = (seed, view.variant, view.seat, view.dealer, view.history_len, sorted(view.hand),
           view.trick, [t.cards for t in view.tricks])
    digest = hashlib.blake2b(repr(key).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def card_choices(view: SeatView) -> list[int]:
    """The legal cards the search can judge at this view (none before trumps are known)."""
    if view.trump is None:
        return []
    return [a for a in view.legal if 0 <= a < 80]


def advise(view: SeatView, bot: HardBot) -> Evaluation:
    """The hard level's evaluation of every legal card, its best being the card the hard
    level would play (among the cards it considers: see ``spare_partner``)."""
    cards = card_choices(view)
    ev = bot.evaluate(view, cards)
    variant = variant_of(view)
    kept = spare_partner(view, variant, cards)
    if ev.best not in kept:  # as the search would among the kept: ties to the cheaper card
        assert view.trump is not None
        cost = Rules(variant, view.trump).cost
        order = sorted(kept, key=lambda c: cost[c])
        ev = replace(ev, best=max(order, key=lambda c: round(ev.values[c].value, 9)))
    return ev


def decision_bot(view: SeatView, seed: int = COACH_SEED, samples: int | None = None) -> HardBot:
    """The search the coach asks about one decision: ``samples`` sampled deals (by default
    ``samples_for`` the legal cards), seeded by ``decision_seed``."""
    n = samples_for(len(card_choices(view))) if samples is None else samples
    return coach_bot(decision_seed(view, seed), samples=n)


def judge(view: SeatView, seed: int = COACH_SEED, samples: int | None = None) -> Evaluation:
    """The coach's one evaluation of a card decision, which the hint and the review both
    show."""
    return advise(view, decision_bot(view, seed, samples))


def options_of(ev: Evaluation) -> tuple[CardAdvice, ...]:
    return tuple(CardAdvice(a.action, a.points, a.win, a.value) for a in ev.ranked())


def hint(view: SeatView, seed: int = COACH_SEED, samples: int | None = None) -> Hint:
    """What the seat whose view this is should do, and why: the cards judged as the review
    judges them (``judge``, with ``samples`` sampled deals when given)."""
    if not view.legal:
        raise ValueError("it is not this seat's turn: nothing to advise")
    cards = card_choices(view)
    bot = decision_bot(view, seed, samples)
    variant = variant_of(view)
    others = [a for a in view.legal if not 0 <= a < 80]
    ev = advise(view, bot) if cards else None
    options = options_of(ev) if ev is not None else ()
    options += tuple(CardAdvice(a, None, None, None) for a in view.legal
                     if a not in {o.action for o in options})
    action: int
    reason: Reason
    if ev is not None and len(view.legal) == 1:
        action, reason = ev.best, play_reason(view, ev.best, ev)
    elif ev is not None:
        special = special_choice(view, variant, bot.rng, requests=False) if others else None
        if special is None and others:  # a request to the partner before the best card
            special = request_choice(view, variant, others, ev.best)
        if special is not None:
            action, reason = special, rule_reason(view, special)
        else:
            action, reason = ev.best, card_reason(view, ev, ev.best)
    else:
        action = bot.choose(view)
        reason = play_reason(view, action) if 0 <= action < 80 else rule_reason(view, action)
    if reason is NO_REASON:
        reason = rule_reason(view, action)
    method = ev.method if ev is not None and action in ev.values else "rule"
    return Hint(view.seat, action, reason.text(card_words(view)), options, method,
                reason.parts, reason.keys, ev.samples if ev is not None else 0)
