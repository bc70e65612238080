"""Invariants every deal of every game keeps, checked through the engine's own facts.

The soak benchmark (``benchmarks/soak.py``) plays random deals of every registered game and
runs these checks after every action; the tests run them on a few deals of each family and on
an engine with a bug planted in it, to show that they catch it. Each check returns a list of
``Problem`` (empty: sound). None of them knows the rules of a particular game: they hold for
every game the engine registers.

- **Cards**: every card of the pack is in exactly one place: the undealt pack, a hand, the
  stock, the face-up indicator, the card laid under it, the trick on the table, the tricks
  taken, the monte, the bidder's discards.
- **Actions**: a deal not over has a seat to act and at least one legal action; the cards
  offered are in that seat's hand; a deal over has neither.
- **Tricks**: each trick is led by the last trick's winner and played in turn; it goes to the
  highest trump, else the highest card of the suit led (the first of two identical cards);
  its points are its cards' points; a seat's card points and tricks are those it took (the
  last trick's winner may take a bonus: the discards, a last-trick bonus).
- **Plays**: the suits a play shows its player lacks (the rule of play's ``voids``, which the
  bots' card sampling trusts) are really missing from that hand.
- **Views**: a seat's view holds its own hand, claims of other hands that are true, and
  nothing that depends on a card it may not see: moving the cards hidden from it between
  their places leaves its view unchanged. The called card's holder stays hidden until the
  card is played or shown. The events in its view name no card hidden from it (a card named
  by the call says nothing of its place), and tell it the called card's holder only when it
  is that holder.
- **Result**: a deal thrown in (everyone passed, a hand shown for a redeal) scores nothing
  and played no trick; a deal ended by a score reaching the target names that side; a deal
  played out has every card in the tricks or the discards, card points by side summing to
  the deal's total, and a winner as its own scoring says: with a contract, the bidder if its
  side reached the points the contract needs; without one, the side alone at the top.
  Payments made seat by seat sum to zero.
- **Determinism**: the same seed and the same actions rebuild the same state; so does a clone,
  and the dealt layout with the same actions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from . import phases as P
from .cards import card_str, rank_of, suit_of
from .errors import IllegalAction
from .state import GameState, Layout

if TYPE_CHECKING:
    from .match import Match
    from .variant import Variant


@dataclass(frozen=True)
class Problem:
    kind: str  # cards, actions, tricks, plays, views, result, replay, match, crash
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


# ----- the deal's facts ---------------------------------------------------------------


def card_value(v: Variant, card: int) -> int:
    return v.ranking.points[rank_of(card)]


def card_strength(v: Variant, card: int) -> int:
    return v.ranking.strength[rank_of(card)]


def pack_points(v: Variant) -> int:
    """The card points in the game's pack (120; 240 with two packs)."""
    return sum(card_value(v, c) for c in v.pack())


def deal_total(v: Variant) -> int:
    """The card points a deal played out shares between the sides: the pack's, plus what
    the game itself says it adds (Sueca Brasileira's last-trick bonus)."""
    hook = getattr(v, "total_points", None)
    return int(hook()) if hook is not None else pack_points(v)


def card_places(state: GameState) -> dict[str, list[int]]:
    """Where each card of the deal lies, by place."""
    places = {
        "deck": list(state.deck),
        "hands": [c for h in state.hands for c in h],
        "stock": list(state.stock),
        "indicator": [] if state.indicator is None else [state.indicator],
        "under indicator": [] if state.exchange.under is None else [state.exchange.under[1]],
        "trick": list(state.trick),
        "tricks": [c for t in state.tricks for c in t.cards],
        "monte": list(state.aside.monte),
        "discards": list(state.aside.discards),
    }
    if state.layout is None and not any(places.values()) and state.layout_given is not None:
        lay = state.layout_given  # a given layout not yet dealt (before a cut or knock)
        places["layout"] = [c for h in lay.hands for c in h] + list(lay.stock) + (
            [] if lay.indicator is None else [lay.indicator])
    return places


def trick_winner(v: Variant, trump: int, seats: tuple[int, ...], cards: tuple[int, ...]) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the suit
    led; of two identical cards the first played."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if suit_of(c) == suit_of(b):
            if card_strength(v, c) > card_strength(v, b):
                best = i
        elif suit_of(c) == trump:
            best = i
    return seats[best]


# ----- checks -------------------------------------------------------------------------


def check_cards(state: GameState) -> list[Problem]:
    v = state.variant
    places = card_places(state)
    where = Counter(c for cards in places.values() for c in cards)
    pack = Counter(v.pack())
    if where == pack:
        return []
    extra = sorted((where - pack).elements())
    missing = sorted((pack - where).elements())
    found = {card_str(c): [k for k, cs in places.items() if c in cs] for c in extra}
    return [Problem("cards", f"{sum(where.values())} cards for a pack of {sum(pack.values())}:"
                             f" missing {[card_str(c) for c in missing]}, too many {found}")]


def check_actions(state: GameState) -> list[Problem]:
    out = []
    legal = state.legal_actions()
    if state.is_over():
        if state.current is not None or legal:
            out.append(Problem("actions", f"the deal is over but seat {state.current} may "
                                          f"still act ({len(legal)} actions)"))
        if state.result is None:
            out.append(Problem("actions", "the deal is over without a result"))
        return out
    if state.current is None:
        return [Problem("actions", f"nobody to act in phase {state.phase}")]
    if not legal:
        return [Problem("actions", f"seat {state.current} has no legal action in phase "
                                   f"{state.phase}")]
    if len(set(legal)) != len(legal):
        out.append(Problem("actions", f"an action offered twice: {legal}"))
    if state.phase == P.PLAY:
        hand = state.hands[state.current]
        stray = [a for a in legal if 0 <= a < 80 and a not in hand]
        if stray:
            out.append(Problem("actions", f"seat {state.current} is offered cards it does "
                                          f"not hold: {[card_str(c) for c in stray]}"))
    return out


def check_tricks(state: GameState) -> list[Problem]:
    v = state.variant
    n = state.n
    out: list[Problem] = []
    taken = [0] * n
    count = [0] * n
    for k, t in enumerate(state.tricks):
        if k and t.leader != state.tricks[k - 1].winner:
            out.append(Problem("tricks", f"trick {k + 1} led by seat {t.leader}, not by "
                                         f"seat {state.tricks[k - 1].winner} who took trick {k}"))
        if t.seats != tuple((t.leader + i) % n for i in range(n)) or len(t.cards) != n:
            out.append(Problem("tricks", f"trick {k + 1} played by seats {t.seats} from "
                                         f"seat {t.leader}"))
            continue
        w = trick_winner(v, state.trump, t.seats, t.cards)
        if t.winner != w:
            out.append(Problem("tricks", f"trick {k + 1} ({' '.join(map(card_str, t.cards))}"
                                         f", trumps {state.trump}) went to seat {t.winner}, "
                                         f"not seat {w}"))
        pts = sum(card_value(v, c) for c in t.cards)
        if t.points != pts:
            out.append(Problem("tricks", f"trick {k + 1} counts {t.points} points; its cards "
                                         f"hold {pts}"))
        taken[t.winner] += pts
        count[t.winner] += 1
    last = state.tricks[-1].winner if state.tricks and state.is_over() else None
    for s in range(n):
        if state.tricks_won[s] != count[s]:
            out.append(Problem("tricks", f"seat {s} counts {state.tricks_won[s]} tricks and "
                                         f"took {count[s]}"))
        if state.points[s] != taken[s] and not (s == last and state.points[s] > taken[s]):
            out.append(Problem("tricks", f"seat {s} counts {state.points[s]} card points and "
                                         f"took {taken[s]}"))
    return out


def check_play(before: GameState, action: int) -> list[Problem]:
    """Playing ``action`` from the state ``before`` it shows its player void only in suits
    the hand really lacks."""
    if before.phase != P.PLAY or not 0 <= action < 80:
        return []
    v = before.variant
    seat = before.current
    assert seat is not None
    voids = v.rule_of_play.voids(before.trick, action, before.trump, before.stock_count == 0,
                                 v.suit, v.strength)
    held = [c for c in before.hands[seat] if c != action and suit_of(c) in voids]
    if held:
        return [Problem("plays", f"seat {seat} played {card_str(action)}, which shows it void "
                                 f"in suits {sorted(voids)}, holding "
                                 f"{[card_str(c) for c in held]}")]
    return []


def _hidden_from(state: GameState, seat: int) -> list[tuple[list[int], int]]:
    """The places (list, index) of every card ``seat`` may not see."""
    out: list[tuple[list[int], int]] = []
    for s in range(state.n):
        if s == seat:
            continue
        known = state.known[seat][s]
        out.extend((state.hands[s], i) for i, c in enumerate(state.hands[s]) if c not in known)
    out.extend((state.stock, i) for i in range(len(state.stock)))
    out.extend((state.aside.monte, i) for i in range(len(state.aside.monte)))
    out.extend((state.deck, i) for i in range(len(state.deck)))
    c = state.bidding.contract
    if c is None or c.bidder != seat:
        out.extend((state.aside.discards, i) for i in range(len(state.aside.discards)))
    return out


def check_view(state: GameState, seat: int, rng: random.Random) -> list[Problem]:
    out = []
    view = state.view(seat)
    if sorted(view.hand) != sorted(state.hands[seat]):
        out.append(Problem("views", f"seat {seat}'s view holds {view.hand}, its hand is "
                                    f"{state.hands[seat]}"))
    for s, cards in enumerate(view.known):
        wrong = [c for c in cards if c not in state.hands[s]]
        if s != seat and wrong:
            out.append(Problem("views", f"seat {seat}'s view says seat {s} holds "
                                        f"{[card_str(c) for c in wrong]}, which it does not"))
    c = state.bidding.contract
    if view.contract is not None and view.contract.partner is not None and c is not None:
        played = c.called is not None and (
            c.called in state.trick or any(c.called in t.cards for t in state.tricks))
        if view.contract.partner != state.bidding.called_holder or not (
                seat == state.bidding.called_holder or played or state.bidding.partner_shown):
            out.append(Problem("views", f"seat {seat}'s view names seat "
                                        f"{view.contract.partner} as the called card's holder"
                                        f" before the card is played or shown"))
    hidden = {lst[i] for lst, i in _hidden_from(state, seat)}
    for ev in view.events:
        if isinstance(ev, E.Called | E.PartnerShown):
            continue  # the called card is named by the call, not found where it lies
        shown = E.cards_named(ev) & hidden
        if shown:
            out.append(Problem("views", f"seat {seat}'s events show "
                                        f"{[card_str(c) for c in sorted(shown)]}, hidden from "
                                        f"it, in {type(ev).__name__}"))
        if isinstance(ev, E.PartnerKnown) and ev.partner != seat:
            out.append(Problem("views", f"seat {seat}'s events name seat {ev.partner} as the "
                                        f"called card's holder"))
    # the view may not change when the cards hidden from the seat change places
    moved = state.clone()
    moved.aside = replace(moved.aside, monte=[*state.aside.monte], discards=[*state.aside.discards])
    places = _hidden_from(moved, seat)
    cards = [lst[i] for lst, i in places]
    rng.shuffle(cards)
    for (lst, i), card in zip(places, cards, strict=True):
        lst[i] = card
    if moved.view(seat) != view:
        out.append(Problem("views", f"seat {seat}'s view changes when the cards hidden from "
                                    f"it change places"))
    return out


def check_views(state: GameState, rng: random.Random) -> list[Problem]:
    return [p for seat in range(state.n) for p in check_view(state, seat, rng)]


def check_result(state: GameState) -> list[Problem]:
    """The finished deal's score, as the engine's own facts say it must be."""
    v = state.variant
    res = state.result
    if res is None:
        return [Problem("result", "the deal is over without a result")]
    out: list[Problem] = []
    gp = list(res.game_points)
    if v.per_seat_payments and sum(gp) != 0:
        out.append(Problem("result", f"payments {gp} do not sum to zero"))
    if res.redeal:  # thrown in: nothing scored, no trick played
        if state.tricks or any(res.card_points) or any(gp) or res.winner is not None:
            out.append(Problem("result", f"a deal thrown in after {len(state.tricks)} tricks "
                                         f"scores {res.card_points} / {gp}"))
        return out
    if res.ended_early:  # a score during play reached the target
        w = res.winner
        if w is None or state.target is None or (
                state.match_points[w] + state.deal_game_points[w] < state.target):
            out.append(Problem("result", f"the deal ended early for side {w} with "
                                         f"{state.deal_game_points} on {state.match_points}"))
        return out
    places = card_places(state)
    left = {k: cs for k, cs in places.items() if cs and k not in ("tricks", "discards")}
    if left:
        out.append(Problem("result", f"the deal is over with cards left: "
                                     f"{ {k: len(cs) for k, cs in left.items()} }"))
    sides = max(state.side_of) + 1
    pts = [0] * sides
    tricks = [0] * sides
    for s in range(state.n):
        pts[state.side_of[s]] += state.points[s]
        tricks[state.side_of[s]] += state.tricks_won[s]
    if list(res.card_points) != pts or list(res.tricks) != tricks:
        out.append(Problem("result", f"the score says {res.card_points} points and "
                                     f"{res.tricks} tricks; the sides took {pts} and {tricks}"))
    total = deal_total(v)
    if sum(res.card_points) != total:
        out.append(Problem("result", f"card points {res.card_points} sum to "
                                     f"{sum(res.card_points)}, not {total}"))
    c, holder = state.bidding.contract, state.bidding.called_holder
    if c is not None:  # the bidder wins if its side took what the contract needs
        if state.side_of[c.bidder] != 0 or holder is not None and state.side_of[holder] != 0:
            out.append(Problem("result", f"sides {state.side_of} do not put bidder {c.bidder}"
                                         f" with the called card's holder "
                                         f"{holder}"))
        made = res.card_points[0] >= c.need
        want = c.bidder if made else None
        if res.winner != want:
            out.append(Problem("result", f"winner {res.winner}; the bidder's side took "
                                         f"{res.card_points[0]} needing {c.need}"))
        if v.per_seat_payments and (gp[c.bidder] > 0) != made:
            out.append(Problem("result", f"the bidder is paid {gp[c.bidder]} for a contract "
                                         f"{'made' if made else 'failed'}"))
        return out
    top = max(res.card_points)
    tops = [t for t, p in enumerate(res.card_points) if p == top]
    want = tops[0] if len(tops) == 1 else None
    if res.winner != want:
        out.append(Problem("result", f"winner {res.winner} with card points "
                                     f"{res.card_points}"))
    if res.winners and sorted(res.winners) != tops:
        out.append(Problem("result", f"winners {res.winners} with card points "
                                     f"{res.card_points}"))
    for w in res.winners or ([] if res.winner is None else [res.winner]):
        if gp[w] <= 0:
            out.append(Problem("result", f"side {w} takes the deal and scores {gp[w]}"))
    return out


def fresh_deal(state: GameState, layout: Layout | None) -> GameState:
    """The deal as its match made it, before any action: the seed (or a layout), the match
    score and target, and the tied deals carried into it."""
    return GameState(state.variant, state.dealer, state.seed, layout, context=state.context)


def check_replay(state: GameState) -> list[Problem]:
    """The same seed (or layout) and the same actions rebuild the same state."""
    out = []
    again = fresh_deal(state, state.layout_given)
    for a in state.history:
        again.apply(a)
    if again.signature() != state.signature():
        out.append(Problem("replay", "the seed and the actions rebuild another state"))
    if state.clone().signature() != state.signature():
        out.append(Problem("replay", "a clone differs from its state"))
    if state.layout is not None and state.layout_given is None:
        laid = fresh_deal(state, state.layout)
        try:
            for a in state.history:
                laid.apply(a)
        except IllegalAction as e:
            out.append(Problem("replay", f"the dealt layout refuses the deal's actions: {e}"))
            return out
        if (laid.tricks, laid.points, laid.result) != (state.tricks, state.points,
                                                       state.result):
            out.append(Problem("replay", "the dealt layout and the actions play another deal"))
    return out


# ----- a whole deal, a whole match ----------------------------------------------------


@dataclass
class DealCheck:
    state: GameState
    actions: int
    problems: list[Problem]


def random_action(state: GameState, rng: random.Random) -> int:
    """A legal action at random; in a bidding, a pass half the time (else among dozens of
    bids it would hardly ever come, and nor would a deal thrown in by everyone passing)."""
    legal = state.legal_actions()
    if state.phase in P.BIDDING and A.PASS in legal and rng.random() < 0.5:
        return A.PASS
    return legal[rng.randrange(len(legal))]


def play_checked(state: GameState, rng: random.Random, views: bool = True,
                 limit: int = 2000) -> DealCheck:
    """Play the deal to its end with random legal actions, checking every invariant after
    every action (the views after every trick and phase change, when ``views``)."""
    problems: list[Problem] = []
    problems += check_cards(state)
    actions = 0
    tricks = len(state.tricks)
    phase = state.phase
    try:
        while not state.is_over() and actions < limit:
            found = check_actions(state)
            if found:
                problems += found
                break
            action = random_action(state, rng)
            problems += check_play(state, action)
            state.apply(action)
            actions += 1
            problems += check_cards(state)
            if len(state.tricks) != tricks or state.phase != phase:
                tricks, phase = len(state.tricks), state.phase
                problems += check_tricks(state)
                if views:
                    problems += check_views(state, rng)
        if not state.is_over():
            problems.append(Problem("actions", f"not over after {actions} actions"))
        else:
            problems += check_actions(state)
            problems += check_tricks(state)
            problems += check_result(state)
            problems += check_replay(state)
            if views:
                problems += check_views(state, rng)
    except Exception as e:  # a crash is a problem to report, not the end of the check
        problems.append(Problem("crash", f"{e.__class__.__name__}: {e}"))
    return DealCheck(state, actions, problems)


def check_deal(v: Variant, seed: int, rng: random.Random, views: bool = True) -> DealCheck:
    """Deal ``v`` from ``seed`` and play it out at random, checked."""
    try:
        state = GameState(v, dealer=seed % v.n, seed=seed)
    except Exception as e:
        return DealCheck(GameState.__new__(GameState), 0,
                         [Problem("crash", f"{e.__class__.__name__}: {e}")])
    return play_checked(state, rng, views)


def check_match(m: Match) -> list[Problem]:
    """A finished match: its standing is the sum of its deals' gains, and its winner stands
    alone at the top, at the target or at the end of a session of so many deals."""
    out: list[Problem] = []
    v = m.variant
    scores = [0] * len(m.scores)
    for i, r in enumerate(m.results):
        if not r.redeal:
            for k, g in enumerate(m.gains(i, r)):
                scores[k] += g
    if scores != m.scores:
        out.append(Problem("match", f"standing {m.scores}; the deals add up to {scores}"))
    for i, state in enumerate(m.deals):
        if state.dealer != m.seating(i)[0]:
            out.append(Problem("match", f"deal {i + 1} dealt from seat {state.dealer}, not "
                                        f"{m.seating(i)[0]}"))
        if i and i <= len(m.results):  # the deal passes on, unless it was thrown in
            want = (m.dealer_of(i - 1) + (0 if m.results[i - 1].redeal else 1)) % v.n_people
            if m.dealer_of(i) != want:
                out.append(Problem("match", f"deal {i + 1} dealt by player {m.dealer_of(i)},"
                                            f" not {want}"))
    if not m.is_over():
        return out
    best = max(m.scores)
    leaders = [k for k, s in enumerate(m.scores) if s == best]
    limit = v.match_deals()
    if m.winner is not None and (leaders != [m.winner] or (
            limit is None and best < m.target)):
        out.append(Problem("match", f"winner {m.winner} with {m.scores} (target {m.target})"))
    if m.winner is None and limit is None:
        out.append(Problem("match", f"over without a winner at {m.scores}"))
    if limit is not None and m.deals_played != limit:
        out.append(Problem("match", f"a session of {limit} deals played {m.deals_played}"))
    return out


def play_match_checked(m: Match, rng: random.Random, views: bool = False,
                       max_deals: int = 300) -> list[Problem]:
    """Play a match to its end at random, checking every deal and the match."""
    problems: list[Problem] = []
    while not m.is_over():
        if len(m.deals) >= max_deals:
            problems.append(Problem("match", f"no end after {max_deals} deals"))
            return problems
        state = m.new_deal()
        found = play_checked(state, rng, views)
        problems += found.problems
        if not state.is_over():
            return problems
        m.finish_deal()
    return problems + check_match(m)

