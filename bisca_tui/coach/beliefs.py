"""What each seat believed about the cards it could not see, decision by decision.

For every card decision of a deal (two or more legal cards), the seat's view then is read
alone: every card it could not see gets its chance of being in each other hand, in the
stock or aside (Chiamata's monte), as sampled deals of the hidden cards put it. Beside it,
and read separately from the replayed deal, is where each card really was.

- A ``hard`` seat: the very sampler its search uses at that decision (``PimcBot.sampled``:
  the partner a called card makes drawn with the odds the play suggests, the samples
  weighted where the bot reads the play), seeded as the coach seeds a decision
  (``decision_seed``) with the coach's number of samples (``samples_for``): the deals a
  hint or the review of that decision judges. ``best`` is the card the coach's evaluation
  of the decision prefers (``hint.judge``), asked only where it is worth its cost.
- Anyone else (a person, the ``medium`` and ``easy`` levels, an outside program): what
  could be known then: deals consistent with what the seat saw (the cards played or
  shown, voids under a follow rule, true signals), each as likely as another. The medium
  and easy levels do not reason about hidden cards at all (``reasons`` False).

Nothing here reads a hidden card to work out a chance: the truth is filled in afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.pimc import PimcBot
from ..bots.table import variant_of
from ..engine.records import Record
from ..engine.sampling import infer, sample_hidden
from ..engine.state import GameState
from ..engine.variant import Variant
from ..engine.view import SeatView
from .counting import counted_chances
from .hint import COACH_SEED, advise, card_choices, decision_bot, decision_seed, samples_for
from .review import checked, replay_deal

Place = int | str  # a seat number, "stock" or "aside" (set-aside cards: Chiamata's monte,
# discards a seat does not know)
STOCK = "stock"
ASIDE = "aside"
#: the level whose chances are its search's own samples
SEARCHING = ("hard",)
#: who does not reason about hidden cards: rules of thumb, or a program nobody can read
NOT_REASONING = ("medium", "easy", "other")
WHO = ("hard", "medium", "easy", "person", "other")


@dataclass(frozen=True)
class CardBelief:
    card: int  # engine card id
    chance: tuple[float, ...]  # per place of DecisionBeliefs.places, summing to 1
    truth: int  # index in places where the card really was then


@dataclass(frozen=True)
class DecisionBeliefs:
    deal: int  # 0-based deal of the record
    step: int  # 0-based action index in the deal
    trick: int  # 1-based trick number then
    seat: int  # whose decision
    who: str  # "hard", "medium", "easy", "person", or "other" (an outside program)
    reasons: bool  # False: this seat's level does not reason about hidden cards
    chosen: int  # the action taken (a card id)
    best: int | None  # the card the search preferred (hard only), else None
    places: tuple[Place, ...]  # the places an unseen card can be, in table order
    cards: tuple[CardBelief, ...]  # every card unseen by that seat then, by suit then rank
    samples: int  # sampled deals behind the chances


def places_of(variant: Variant, seat: int) -> tuple[Place, ...]:
    """Where a card ``seat`` cannot see may be: the other seats in table order, then the
    stock in the games that draw, and the cards aside in the games with a monte."""
    out: list[Place] = [s for s in range(variant.n) if s != seat]
    if variant.draws:
        out.append(STOCK)
    if variant.monte_size:
        out.append(ASIDE)
    return tuple(out)


def unseen_cards(view: SeatView, variant: Variant) -> tuple[int, ...]:
    """Every card the seat cannot see (including those it knows another seat holds), by
    suit then from the strongest."""
    info = infer(view, variant)
    cards = set(info.unseen)
    for s, fixed in enumerate(info.fixed):
        if s != view.seat:
            cards.update(fixed)
    return tuple(sorted(cards, key=lambda c: (variant.suit[c], -variant.strength[c], c)))


@dataclass(frozen=True)
class ViewBeliefs:
    """The chances read from one view (no truth yet)."""

    places: tuple[Place, ...]
    cards: tuple[int, ...]
    chances: tuple[tuple[float, ...], ...]  # per card, per place
    samples: int


def _tally(view: SeatView, variant: Variant,
           deals: Sequence[tuple[list[list[int]], list[int]]],
           weights: Sequence[float] | None) -> ViewBeliefs:
    places = places_of(variant, view.seat)
    where = {p: k for k, p in enumerate(places)}
    left = where.get(STOCK if variant.draws else ASIDE)  # where a sample's rest lies
    cards = unseen_cards(view, variant)
    row = {c: k for k, c in enumerate(cards)}
    counts = [[0.0] * len(places) for _ in cards]
    total = 0.0
    for i, (hands, rest) in enumerate(deals):
        w = 1.0 if weights is None else float(weights[i])
        total += w
        for s, hand in enumerate(hands):
            if s == view.seat:
                continue
            for c in hand:
                if c in row:
                    counts[row[c]][where[s]] += w
        if left is not None:
            for c in rest:
                if c in row:
                    counts[row[c]][left] += w
    chances = tuple(tuple(x / total for x in line) if total > 0 else
                    tuple(0.0 for _ in line) for line in counts)
    return ViewBeliefs(places, cards, chances, len(deals))


def search_beliefs(view: SeatView, bot: PimcBot) -> ViewBeliefs:
    """The hidden cards as ``bot``'s search samples them at ``view`` (weighted where it
    reads the play): the deals its evaluation of the view would be played on."""
    variant = variant_of(view)
    deals, weights = bot.sampled(view, variant)
    return _tally(view, variant, deals, weights)


def known_beliefs(view: SeatView, samples: int, seed: int) -> ViewBeliefs:
    """What could be known from ``view``: over the deals consistent with it, none likelier
    than another (no reading of the play, no odds for a hidden partner), counted exactly
    (``counting``: ``samples`` 0) unless a promise was made, then ``samples`` of them."""
    variant = variant_of(view)
    info = infer(view, variant)
    places = places_of(variant, view.seat)
    counted = counted_chances(info, variant, places)
    if counted is not None:
        cards = unseen_cards(view, variant)
        held = {c: s for s, fixed in enumerate(info.fixed) if s != view.seat for c in fixed}
        one = {p: tuple(float(q == p) for q in places) for p in places}
        return ViewBeliefs(places, cards, tuple(
            counted[c] if c in counted else one[held[c]] for c in cards), 0)
    rng = random.Random(seed)
    deals = [sample_hidden(info, variant, rng) for _ in range(samples)]
    return _tally(view, variant, deals, None)


def view_beliefs(view: SeatView, who: str, seed: int = COACH_SEED,
                 samples: int | None = None) -> ViewBeliefs:
    """The chances for the seat of ``view``, played by ``who``: the hard level's own
    sampling, or what could be known for everyone else. Seeded as the coach seeds the
    decision, with the coach's number of samples unless ``samples`` is given."""
    if who in SEARCHING:
        return search_beliefs(view, decision_bot(view, seed, samples))
    n = samples_for(len(card_choices(view))) if samples is None else samples
    return known_beliefs(view, n, decision_seed(view, seed))


def judged_beliefs(view: SeatView, seed: int = COACH_SEED,
                   samples: int | None = None) -> tuple[ViewBeliefs, int]:
    """The hard level's chances at ``view`` and the card the coach's evaluation of it
    prefers (``hint.judge``: the figures a hint and the review give), the chances read
    from the very deals that evaluation judged."""
    bot = decision_bot(view, seed, samples)
    bot.drawn = []
    best = advise(view, bot).best
    deals, bot.drawn = bot.drawn, None
    return _tally(view, variant_of(view), deals, bot.last_weights), best


def true_places(state: GameState) -> dict[int, Place]:
    """Where every card not played is in a deal's state: a seat, the stock or aside. The
    one place the true deal is read."""
    out: dict[int, Place] = {}
    for s, hand in enumerate(state.hands):
        for c in hand:
            out[c] = s
    for c in state.stock:
        out[c] = STOCK
    for c in (*state.aside.monte, *state.aside.discards):
        out[c] = ASIDE
    return out


def who_of(table: Mapping[str, Any] | None, player: int | None, deal: int) -> str:
    """Who played a player's seat in deal ``deal``, as a table file (``{"seats": [...]}``,
    one per player) says: a person, a level, or ``other`` (an outside program). Without a
    table every seat is read as a person's."""
    seats = table.get("seats") if isinstance(table, Mapping) else None
    if player is None or not isinstance(seats, list) or not 0 <= player < len(seats):
        return "person"
    spec = seats[player]
    if not isinstance(spec, Mapping) or spec.get("kind") != "bot":
        return "person"
    level = str(spec.get("level", ""))
    since = spec.get("stand_in_from")
    if spec.get("program") and isinstance(since, int) and deal < since:
        return "other"  # the outside program still played this deal
    if level.startswith("hard"):
        return "hard"
    return level if level in WHO else "other"


def deal_beliefs(record: Record, deal: int, seat: int | None = None,
                 seed: int = COACH_SEED, samples: int | None = None,
                 table: Mapping[str, Any] | None = None,
                 with_best: bool | None = None) -> list[DecisionBeliefs]:
    """What each seat believed at each card decision (two or more legal cards) of deal
    ``deal`` (0-based) of the record, in play order; only ``seat``'s when given. ``table``
    (the table file a save keeps beside its record) says who played each seat.

    The chances cost little (a tenth of a review). ``best`` costs a review of the seat (the
    coach's evaluation of each decision, the very figures the review shows, whose deals
    then give the chances): it is worked out when ``with_best`` says so, by default only
    when one seat is asked; else None."""
    if with_best is None:
        with_best = seat is not None
    checked(record, deal, seat)
    found: list[tuple[int, SeatView, int, dict[int, Place]]] = []

    def take(k: int, state: GameState, action: int) -> None:
        view = state.view(state.current)
        cards = card_choices(view)
        if len(cards) >= 2 and action in cards:
            found.append((k, view, action, true_places(state)))

    match, _final = replay_deal(record, deal, seat, take)
    people = match.people(deal)
    out = []
    for k, view, action, truth in found:
        s = view.seat
        who = who_of(table, people[s] if s < len(people) else None, deal)
        best = None
        if with_best and who in SEARCHING:
            got, best = judged_beliefs(view, seed, samples)
        else:
            got = view_beliefs(view, who, seed, samples)
        where = {p: i for i, p in enumerate(got.places)}
        cards = tuple(CardBelief(c, ch, where[truth[c]])
                      for c, ch in zip(got.cards, got.chances, strict=True))
        out.append(DecisionBeliefs(deal, k, len(view.tricks) + 1, s, who,
                                   who not in NOT_REASONING, action, best, got.places, cards,
                                   got.samples))
    return out
