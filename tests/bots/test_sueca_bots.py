"""The bots at Sueca: bidding and calling in Sueca for five, guessing the hidden partner,
searching with sampled partnerships, and leading towards the partner."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bots_support import small_hard

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.pimc import SideSampler
from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.bots.solver import solve_actions
from bisca_tui.bots.table import ally_odds, partner_odds
from bisca_tui.engine import GameState, Layout, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.sampling import infer

LEVELS = ("easy", "medium", "hard")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def _bot(level: str, seed: int):
    return small_hard(seed, samples=4) if level == "hard" else make_bot(level, seed)


def _five(hands: list[str], dealer: int = 4) -> GameState:
    """A Sueca-for-five deal: the given cards first in each hand, the rest of the pack dealt
    in pack order to fill the hands to eight."""
    v = make_variant("sueca-5")
    given = [cards(h) for h in hands]
    used = {c for h in given for c in h}
    rest = [c for c in v.pack() if c not in used]
    full = []
    for h in given:
        h = list(h)
        while len(h) < 8:
            h.append(rest.pop(0))
        full.append(tuple(h))
    return GameState(v, dealer=dealer, layout=Layout(tuple(full), 0, None, ()))


def _bid_and_call(s: GameState, bids: list[int], call: str) -> None:
    for n in bids:
        s.apply(A.BID + n if n else A.PASS)
    s.apply(A.CALL + parse_card(call))


# ----- bidding and calling -----------------------------------------------------------

STRONG = "7H KH JH QH 6H AS AD 2C"  # five hearts without their Ace, two plain Aces
WEAK = "2S 3S 4D 5D 6C 2C 3H 4H"  # nothing that takes a trick


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_strong_hand_bids_and_a_weak_hand_passes(level: str) -> None:
    for seed in range(3):
        strong = _five(["", "", "", "", STRONG])  # the dealer speaks first
        choice = _bot(level, seed).choose(strong.view(4))
        assert A.BID + 61 <= choice <= A.BID + 120
        assert (choice - A.BID) % 10 == 1  # the first bid of its payment step: same pay
        weak = _five(["", "", "", "", WEAK])
        assert _bot(level, seed).choose(weak.view(4)) == A.PASS  # no bid


def test_a_bid_must_top_the_high_bid_to_be_worth_making() -> None:
    s = _five(["", "", "", "", STRONG], dealer=3)  # seat 3 speaks first, then seat 4
    s.apply(A.BID + 61)
    assert make_bot("medium", 0).choose(s.view(4)) > A.BID + 61
    s = _five(["", "", "", "", STRONG], dealer=3)
    s.apply(A.BID + 115)  # far beyond what the hand can take
    assert make_bot("medium", 0).choose(s.view(4)) == A.PASS


def test_easy_misjudges_now_and_then_but_passes_a_hopeless_hand_mostly() -> None:
    s = _five(["", "", "", "", WEAK])
    passes = sum(make_bot("easy", seed).choose(s.view(4)) == A.PASS for seed in range(20))
    assert passes >= 15
    s = _five(["", "", "", "", STRONG])
    bids = {make_bot("easy", seed).choose(s.view(4)) for seed in range(20)}
    assert A.PASS not in bids and len(bids) > 1  # always bids, not always the same number


@pytest.mark.parametrize("level", LEVELS)
def test_the_call_names_the_missing_top_trump(level: str) -> None:
    s = _five(["", "", "", "", STRONG])
    s.apply(A.BID + 75)  # the dealer, seat 4, bids; the others pass
    for _ in range(4):
        s.apply(A.PASS)
    assert s.phase == "call" and s.current == 4
    assert _bot(level, 0).choose(s.view(4)) == A.CALL + parse_card("AH")
    # holding the Ace and the 7 of hearts, the strongest missing heart is the King
    s = _five(["", "", "", "", "AH 7H JH QH 6H AS AD 2C"])
    s.apply(A.BID + 85)
    for _ in range(4):
        s.apply(A.PASS)
    assert make_bot("medium", 0).choose(s.view(4)) == A.CALL + parse_card("KH")


def test_a_hand_that_wins_alone_calls_its_own_card() -> None:
    s = _five(["", "", "", "", "AH 7H KH JH QH AS AD AC"])
    s.apply(A.BID + 61)
    for _ in range(4):
        s.apply(A.PASS)
    choice = make_bot("medium", 0).choose(s.view(4))
    assert choice - A.CALL in s.hands[4]
    s.apply(choice)
    assert s.bidding.called_holder == 4  # alone


# ----- the hidden partner --------------------------------------------------------------

# dealer 4; seat 2 bids and calls the Ace of clubs, which seat 1 holds; seat 2 leads
FIVE = ["JD QD 6D 5D 4D 3D 2D AS",  # 0
        "AC 7C 7S KS QS JS 6S 5S",  # 1: the partner, void in diamonds
        "AD 7D KD AH 7H 2C 3C 4C",  # 2: the bidder
        "KC JC QC 6C 5C 2S 3S 4S",  # 3
        "KH JH QH 6H 5H 4H 3H 2H"]  # 4: no trumps at all


def _first_trick(call: str = "AC") -> GameState:
    s = _five(FIVE)
    _bid_and_call(s, [0, 0, 0, 61, 0], call)
    for c in ("AD", "2S", "2H", "2D"):  # the bidder's Ace of diamonds is winning
        s.apply_str(c)
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_the_secret_partner_feeds_the_bidders_trick_instead_of_trumping_it(level: str) -> None:
    s = _first_trick()
    view = s.view(1)
    assert None not in view.side_of  # the holder of the called card knows
    for seed in range(3):
        choice = _bot(level, seed).choose(view)
        assert s.variant.suit[choice] != s.trump, "trumped the bidder's winning trick"
        if level != "hard":
            assert choice == parse_card("7S")  # the most points it can give
    # the same cards when the call made seat 1 an opponent: it trumps the Ace
    s = _first_trick(call="KC")
    assert s.variant.suit[make_bot("medium", 0).choose(s.view(1))] == s.trump


def test_a_seat_that_fed_the_bidder_looks_like_the_partner() -> None:
    s = _first_trick()
    s.apply_str("7S")  # seat 1 throws 10 points on the bidder's trick
    v = s.variant
    bidder = s.view(2)
    assert bidder.side_of[1] is None
    odds = partner_odds(bidder, v)
    assert odds[1] > max(odds[0], odds[3], odds[4])
    assert ally_odds(bidder, v)[1] > 0.5 > ally_odds(bidder, v)[3]
    defender = s.view(3)
    allies = ally_odds(defender, v)
    assert allies[1] < 0.5 < allies[0] and allies[2] == 0.0
    # seat 4 shows it has no trumps: it cannot hold the called Ace of clubs
    s.apply_str("2C")
    s.apply_str("KC")
    s.apply_str("3H")
    view = s.view(0)
    assert partner_odds(view, v)[4] == 0.0 and ally_odds(view, v)[4] == 1.0


def test_the_search_samples_the_partner_where_the_play_points() -> None:
    s = _first_trick()
    s.apply_str("7S")
    s.apply_str("2C")  # the bidder leads a trump
    s.apply_str("KC")
    s.apply_str("3H")  # seat 4 has none
    view = s.view(0)
    v = s.variant
    sampler = SideSampler(view, v, infer(view, v))
    rng = random.Random(3)
    holders: Counter[int] = Counter()
    called = parse_card("AC")
    for _ in range(300):
        hands, _, sides, facts = sampler.sample(rng)
        holder = next(seat for seat in range(5) if called in hands[seat])
        holders[holder] += 1
        assert sides is not None and facts is not None
        assert sides == tuple(0 if seat in (2, holder) else 1 for seat in range(5))
        assert facts == holder
    assert holders[4] == 0 and holders[0] == 0  # no trumps; the viewer itself
    assert holders[1] > holders[3] > 0


def _side_utility(state: GameState, side: int) -> float:
    r = state.result
    assert r is not None
    seat = state.side_of.index(side)
    g = r.game_points[seat]
    win = 1.0 if g > 0 else (0.0 if g < 0 else 0.5)
    mine = sum(p for s, p in enumerate(state.points) if state.side_of[s] == side)
    tricks = sum(t for s, t in enumerate(state.tricks_won) if state.side_of[s] == side)
    extra = 1.0 if tricks == len(state.tricks) else (-1.0 if tricks == 0 else 0.0)
    return 0.7 * win + 0.3 * mine / 120 + 0.1 * extra


def _brute(state: GameState, side: int) -> float:
    if state.is_over():
        return _side_utility(state, side)
    values = []
    for a in state.legal_cards():
        child = state.clone()
        child.apply(a)
        values.append(_brute(child, side))
    mine = state.side_of[state.current_player()] == side
    return max(values) if mine else min(values)


def test_the_solver_plays_each_deal_with_its_own_sides() -> None:
    """With the deal's partnerships (not one team per player), the exact solver agrees with
    a brute-force minimax over the engine: bidder and partner play together."""
    v = make_variant("sueca-5")
    checked = 0
    for seed in range(6):
        s = GameState(v, dealer=seed % 5, seed=seed)
        bots = [make_bot("medium", k) for k in range(5)]
        while sum(len(h) for h in s.hands) > 10 or s.trick:
            seat = s.current_player()
            s.apply(bots[seat].choose(s.view(seat)))
        seat = s.current_player()
        partner = s.bidding.called_holder
        if partner == s.bidding.contract.bidder:
            continue
        rules = Rules(v, s.trump, s.target, s.match_points, s.cut_or_knock, s.bidding.contract,
                      s.context.ties_before)
        sim = Sim.from_view(rules, s.view(seat), [list(h) for h in s.hands], [])
        sim.side_of = tuple(s.side_of)
        sim.bidding = s.bidding
        side = s.side_of[seat]
        legal = s.legal_cards()
        vals = solve_actions(sim, side, legal)
        for c in legal:
            child = s.clone()
            child.apply(c)
            assert vals[c].utility == pytest.approx(_brute(child, side))
        checked += 1
    assert checked >= 3


# ----- whole deals and honesty ---------------------------------------------------------


def test_hard_plays_whole_deals_of_sueca_for_five() -> None:
    v = make_variant("sueca-5")
    for dealer in (0, 3):
        bots = [small_hard(seat, samples=3) for seat in range(5)]
        s = GameState(v, dealer=dealer, seed=40 + dealer)
        while not s.is_over():
            seat = s.current_player()
            s.apply(bots[seat].choose(s.view(seat)))  # apply() refuses an illegal action
        assert s.result is not None and sum(s.result.game_points) == 0


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_and_the_hidden_partner_do_not_change_a_choice(level: str) -> None:
    # the dealer, seat 4, bids and calls a card that seat 1 holds in one world and seat 3
    # in the other (their hands are swapped); seat 0 answers the bidder's lead
    world_a = ["AS 2S 3S 4D 5D 6C 2C 3H",
               "AH 7D KD JD 4S 5S 6S 2D",
               "7S KS JS QS 3D 6D 7C KC",
               "7H KH JH QH 6H 5H 4H QD",
               "AD AC JC QC 5C 4C 3C 2H"]
    world_b = [world_a[0], world_a[3], world_a[2], world_a[1], world_a[4]]
    views = []
    for hands in (world_a, world_b):
        s = _five(hands)
        _bid_and_call(s, [70, 0, 0, 0, 0], "AH")
        s.apply_str("AD")
        views.append(s.view(0))
    assert views[0] == views[1]
    assert views[0].side_of == (1, None, None, None, 0)
    for seed in range(3):
        assert _bot(level, seed).choose(views[0]) == _bot(level, seed).choose(views[1])


# ----- leading towards the partner (four-handed Sueca) --------------------------------

LEADER = "AH 5H 6H 3S 4S 5D 6D 2C 3C 4C"  # clubs are trumps (the dealer's last card)


def _sueca_after_first_trick(hands: list[str], first: list[str]) -> GameState:
    v = make_variant("sueca")
    s = GameState(v, dealer=3, layout=Layout(tuple(cards(h) for h in hands), 3, None, ()))
    for c in first:
        s.apply_str(c)
    assert s.current == 0  # seat 0 won the Ace of hearts and leads again
    return s


def test_lead_a_suit_the_partner_can_trump() -> None:
    # seat 2, the partner, showed no hearts and may still hold trumps
    s = _sueca_after_first_trick(
        [LEADER, "3H 7H KH JH QH JS QS 2D 3D 4D", "2S 5S 6S AS 7S KS AD 7D 5C 6C",
         "4H 2H JD QD KD AC 7C KC JC QC"],
        ["AH", "3H", "2S", "2H"])
    choice = make_bot("medium", 0).choose(s.view(0))
    assert choice == parse_card("5H")  # the lowest heart, for the partner to trump


def test_do_not_lead_a_suit_an_opponent_can_trump() -> None:
    # the same cards for seat 0, but now seat 1, an opponent, showed no hearts
    s = _sueca_after_first_trick(
        [LEADER, "2S 5S 6S JS QS KS 2D 3D 4D 5C", "3H 7H KH JH QH AS 7S AD 7D 6C",
         "4H 2H JD QD KD AC 7C KC JC QC"],
        ["AH", "2S", "3H", "2H"])
    choice = make_bot("medium", 0).choose(s.view(0))
    assert s.variant.suit[choice] not in (1, s.trump)  # neither a heart nor a trump


def test_lead_back_the_suit_the_partner_showed_strength_in() -> None:
    v = make_variant("sueca")
    hands = ["AS QS 3D 4D 3H 6H QH 2C 3C 4C", "AH 7H JH KH 2D 5D 6D JC QC KC",
             "AD 7D KD 2S 5S 6S 7S KS 5C 6C", "JD QD 3S 4S JS 2H 5H 4H AC 7C"]
    s = GameState(v, dealer=1, layout=Layout(tuple(cards(h) for h in hands), 3, None, ()))
    # the partner (seat 2) leads and wins with the Ace of diamonds, then leads a spade that
    # seat 0 wins with its Ace (seat 1 has no spades)
    for c in ["AD", "JD", "3D", "2D", "2S", "3S", "AS", "5D"]:
        s.apply_str(c)
    assert s.current == 0
    # lowest card alone would be the 3 of hearts; the partner's suit comes first
    assert make_bot("medium", 0).choose(s.view(0)) == parse_card("4D")
