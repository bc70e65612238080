"""Spanish Brisca: the deal, the exchange in every case, ties, partners, signs, the match."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.exchange import ANNOUNCED, RETURNED, TAKEN
from bisca_tui.engine.sampling import determinize, infer


def c(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def layout(v, hands: list[str], indicator: str, stock: str | None = None) -> Layout:
    """Hands as given, the indicator, the stock top first (the rest of the pack in order
    when not given)."""
    hs = tuple(cards(h) for h in hands)
    ind = c(indicator)
    used = {x for h in hs for x in h} | {ind}
    if stock is None:
        rest = tuple(x for x in v.pack() if x not in used)
    else:
        rest = cards(stock)
    return Layout(hs, ind % 40 // 10, ind, rest)


def deal(hands: list[str], indicator: str, players: int = 2, stock: str | None = None,
         dealer: int | None = None, **options) -> GameState:
    v = make_variant("brisca", options, players)
    d = players - 1 if dealer is None else dealer
    return GameState(v, d, layout=layout(v, hands, indicator, stock))


# ----- the deal ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_cards_each_one_at_a_time_the_next_card_turned(players: int) -> None:
    v = make_variant("brisca", players=players)
    s = GameState(v, dealer=0, seed=17)
    deck = list(v.pack())
    random.Random(17).shuffle(deck)
    eldest = 1 % players
    for k in range(3):  # one card at a time, counter-clockwise from eldest
        for i in range(players):
            seat = (eldest + i) % players
            assert s.hands[seat][k] == deck[k * players + i]
    assert s.indicator == deck[3 * players] and s.trump == v.suit[s.indicator]
    assert s.current == eldest
    assert len(v.pack()) == (39 if players == 3 else 40)
    assert (c("2D") in v.pack()) == (players != 3)


def test_with_four_partners_sit_opposite_and_add_up() -> None:
    v = make_variant("brisca", players=4)
    assert v.team_of == (0, 1, 0, 1)
    s = GameState(v, 0, seed=3)
    s.points = [20, 30, 41, 29]
    s.tricks_won = [3, 2, 3, 2]
    r = v.score(s)
    assert r.card_points == (61, 59) and r.winner == 0 and r.game_points == (1, 0)


def test_three_players_each_for_themselves_and_a_shared_top_score() -> None:
    v = make_variant("brisca", players=3)
    s = GameState(v, 0, seed=3)
    s.points, s.tricks_won = [50, 50, 20], [5, 6, 2]
    r = v.score(s)
    assert r.winners == (0, 1) and r.winner is None and r.game_points == (1, 1, 0)
    s.points = [51, 49, 20]
    r = v.score(s)
    assert r.winners == (0,) and r.winner == 0 and r.game_points == (1, 0, 0)


def test_sixty_each_both_take_the_hand() -> None:
    v = make_variant("brisca")
    s = GameState(v, 0, seed=3)
    s.points, s.tricks_won = [60, 60], [10, 10]
    assert v.score(s).game_points == (1, 1) and v.score(s).winners == (0, 1)


def test_a_tie_at_the_target_plays_on() -> None:
    v = make_variant("brisca", {"match": 2})
    m = Match(v, 1, seed=1)
    m.scores = [1, 1]
    s = m.new_deal()
    while not s.is_over():
        s.apply(s.legal_cards()[0])
    s.result = v.score(s)
    s.points = [60, 60]
    s.result = v.score(s)
    m.finish_deal()
    assert m.scores == [2, 2] and m.winner is None and not m.is_over()


def take_the_hand(m: Match, side: int) -> None:
    """Play the match's next deal out, then give ``side`` the most points."""
    s = m.new_deal()
    while not s.is_over():
        s.apply(s.legal_cards()[0])
    pts = [70 if s.variant.team_of[seat] == side else 50 for seat in range(s.n)]
    if s.n == 4:
        pts = [p // 2 for p in pts]
    s.points = pts
    s.result = s.variant.score(s)
    m.finish_deal()


@pytest.mark.parametrize("players,side", [(2, 0), (3, 2), (4, 1)])
def test_the_match_goes_by_default_to_the_first_to_take_four_hands(players: int,
                                                                    side: int) -> None:
    v = make_variant("brisca", players=players)
    assert v.options["match"] == 4
    m = Match(v, players - 1, seed=5)
    for won in range(1, 4):
        take_the_hand(m, side)
        assert m.scores[side] == won and not m.is_over() and m.winner is None
    take_the_hand(m, side)
    assert m.scores[side] == 4 and m.is_over() and m.winner == side
    with pytest.raises(ValueError):
        m.new_deal()


def test_play_is_free() -> None:
    s = deal(["AS 2H 3H", "4S 5H 6H"], "7C", dealer=1)  # seat 0 leads
    s.apply(c("AS"))
    assert sorted(s.legal_cards()) == sorted(cards("4S 5H 6H"))  # no need to follow
    s.apply(c("5H"))
    assert s.tricks[-1].winner == 0


# ----- the exchange -----------------------------------------------------------------------


def test_an_ace_three_or_figure_is_exchanged_for_the_seven_a_four_to_seven_for_the_two() -> None:
    for ind, mine in [("AC", "7C"), ("3C", "7C"), ("KC", "7C"), ("QC", "7C"), ("JC", "7C"),
                      ("4C", "2C"), ("5C", "2C"), ("6C", "2C"), ("7C", "2C")]:
        hands = [f"{mine} AS 3S", "4H 5H 6H"]
        s = deal(hands, ind, dealer=1)
        assert A.EXCHANGE in s.legal_actions(), (ind, mine)
        other = "2C" if mine == "7C" else "7C"
        if other != ind:
            t = deal([f"{other} AS 3S", "4H 5H 6H"], ind, dealer=1)
            assert A.EXCHANGE not in t.legal_actions(), (ind, other)
            with pytest.raises(IllegalAction) as err:
                t.apply(A.EXCHANGE)
            assert "of trumps may exchange" in err.value.rule


def test_an_indicator_two_cannot_be_exchanged() -> None:
    s = deal(["7C AS 3S", "4H 5H 6H"], "2C", dealer=1)
    assert A.EXCHANGE not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(A.EXCHANGE)
    assert "cannot be exchanged" in err.value.rule
    assert "2 of batons" in err.value.rule  # the Spanish pack's clubs are batons


def test_the_announced_card_lies_under_the_indicator_for_all_to_see() -> None:
    s = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1)
    s.apply(A.EXCHANGE)
    assert s.current == 0  # it costs no turn
    assert c("7C") not in s.hands[0] and s.indicator == c("KC")
    assert s.exchange.under == (0, c("7C"))
    assert s.exchange.steps[-1].what == ANNOUNCED
    for seat in (0, 1):
        assert s.view(seat).under_indicator == (0, c("7C"))
    # only one at a time
    assert A.EXCHANGE not in s.legal_actions()
    assert c("7C") not in infer(s.view(1), s.variant).unseen


def test_the_indicator_joins_the_hand_at_the_announcers_next_trick_won() -> None:
    s = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1)
    s.apply(A.EXCHANGE)
    s.apply(c("3S"))
    s.apply(c("4H"))  # seat 0 wins (spades led, no trump)
    assert s.tricks[-1].winner == 0
    assert c("KC") in s.hands[0] and s.indicator == c("7C")  # before the draws
    assert s.exchange.under is None and s.exchange.steps[-1].what == TAKEN
    assert len(s.hands[0]) == 3 and len(s.hands[1]) == 3
    assert c("KC") in s.view(1).known[0]  # everyone saw it taken


def test_the_indicator_joins_the_hand_before_the_announcer_draws() -> None:
    """Mid-deal: the indicator is taken first, then the announcer draws from the stock, so
    the drawn card comes after it in the hand."""
    s = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1)
    top, second = s.layout.stock[0], s.layout.stock[1]
    s.apply(A.EXCHANGE)
    s.apply(c("3S"))
    s.apply(c("4H"))  # seat 0 wins
    assert s.hands[0] == [c("AS"), c("KC"), top]  # the indicator, then the draw
    assert s.hands[1] == [c("5H"), c("6H"), second]
    assert s.indicator == c("7C") and s.exchange.steps[-1].what == TAKEN


def play_to_the_last_draw(s: GameState, keep: set[int]) -> None:
    """Play on (seat 0 never playing a card of ``keep``, everyone else their first card)
    until the next round of draws takes the last cards, the indicator included, and nobody
    has played to the trick yet."""
    while s.stock_count > s.n:
        seat = s.current
        legal = s.legal_cards()
        s.apply(next(x for x in legal if x not in keep) if seat == 0 else legal[0])
    assert s.stock_count == s.n and s.indicator is not None and not s.trick


def announce_and_win_with_the_ace(s: GameState) -> None:
    """Seat 0, in its turn, announces the exchange and plays the Ace of trumps (clubs); the
    others play their first card."""
    while s.current != 0:
        s.apply(s.legal_cards()[0])
    s.apply(A.EXCHANGE)
    assert s.exchange.under == (0, c("7C"))
    s.apply(c("AC"))
    while s.trick:
        s.apply(s.legal_cards()[0])


def test_the_exchange_is_completed_when_the_announcers_win_empties_the_stock() -> None:
    """The announcer wins the trick whose draws take the last cards: the indicator is taken
    before anybody draws, so the laid 7 is what the last player draws."""
    s = deal(["7C AC 2S", "4H 5H 6H"], "KC", dealer=1)
    play_to_the_last_draw(s, {c("7C"), c("AC")})
    last = s.stock[0]  # the one face-down card left
    kept = [x for x in s.hands[0] if x not in (c("7C"), c("AC"))]
    announce_and_win_with_the_ace(s)
    assert s.tricks[-1].winner == 0
    assert s.stock_count == 0 and s.indicator is None and s.exchange.under is None
    assert s.exchange.steps[-1].what == TAKEN and RETURNED not in [e.what for e in s.exchange.steps]
    assert (s.exchange.steps[-1].gave, s.exchange.steps[-1].took) == (c("7C"), c("KC"))
    # the winner drew the face-down card; the other player drew the 7, now face up
    assert sorted(s.hands[0]) == sorted(kept + [c("KC"), last])
    assert c("7C") in s.hands[1] and c("7C") not in s.hands[0]
    assert c("7C") in s.view(0).known[1] and c("KC") in s.view(1).known[0]


def test_the_exchange_is_completed_in_the_last_draws_with_four() -> None:
    """With four, the announcer's win before the last round of draws: the laid 7 goes to
    the last to draw, the seat before the announcer."""
    v = make_variant("brisca", players=4)
    hands = ["7C AC 2S", "4H 5H 6H", "4D 5D 6D", "4S 5S 6S"]
    s = GameState(v, 3, layout=layout(v, hands, "KC"))
    play_to_the_last_draw(s, {c("7C"), c("AC")})
    assert len(s.stock) == 3
    announce_and_win_with_the_ace(s)
    assert s.tricks[-1].winner == 0 and s.exchange.steps[-1].what == TAKEN
    assert c("KC") in s.hands[0] and c("7C") in s.hands[3]
    assert s.stock_count == 0 and all(len(h) == 3 for h in s.hands)


def test_not_taken_when_the_announcer_loses_the_trick() -> None:
    s = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1)
    s.apply(A.EXCHANGE)
    s.apply(c("3S"))
    s.apply(c("6H"))  # seat 1 plays a heart: spades led, seat 0 wins anyway
    s2 = deal(["7C 2S 3S", "4S 5H 6H"], "KC", dealer=1)
    s2.apply(A.EXCHANGE)
    s2.apply(c("2S"))
    s2.apply(c("4S"))  # seat 1 wins
    assert s2.tricks[-1].winner == 1 and s2.exchange.under == (0, c("7C"))
    assert s2.indicator == c("KC")


def test_the_card_goes_back_when_the_stock_runs_out_first() -> None:
    s = deal(["7C 2S 3S", "4S 5H 6H"], "KC", dealer=1)
    # a position near the end: one face-down card left, then the face-up one
    s.stock = s.stock[-1:]
    s.apply(A.EXCHANGE)
    s.apply(c("2S"))
    s.apply(c("4S"))  # seat 1 wins: no exchange; the last draws empty the stock
    assert s.tricks[-1].winner == 1
    assert s.stock_count == 0 and s.indicator is None
    assert c("KC") in s.hands[0]  # seat 0 drew last and took the face-up card
    assert c("7C") in s.hands[0] and s.exchange.steps[-1].what == RETURNED
    assert s.exchange.under is None and sorted(s.hands[0]) == sorted(cards("3S KC 7C"))
    assert c("7C") in s.view(1).known[0]  # it came back in sight of all


def test_a_seven_turned_by_an_exchange_may_in_turn_be_exchanged_for_the_two() -> None:
    s = deal(["7C 2C 3S", "4H 5H 6H"], "KC", dealer=1)
    s.apply(A.EXCHANGE)
    s.apply(c("3S"))
    s.apply(c("4H"))  # taken: the 7 is now the indicator
    assert s.indicator == c("7C") and s.current == 0
    assert A.EXCHANGE in s.legal_actions()
    s.apply(A.EXCHANGE)
    assert s.exchange.under == (0, c("2C"))


def test_house_rule_immediate_swaps_at_once_and_none_forbids_it() -> None:
    s = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1, exchange="immediate")
    s.apply(A.EXCHANGE)
    assert c("KC") in s.hands[0] and s.indicator == c("7C") and s.exchange.under is None
    t = deal(["7C AS 3S", "4H 5H 6H"], "KC", dealer=1, exchange="none")
    assert A.EXCHANGE not in t.legal_actions()


def test_no_exchange_once_the_stock_is_gone() -> None:
    v = make_variant("brisca", {"exchange": "immediate"})
    s = GameState(v, 1, seed=9)
    rng = random.Random(1)
    while s.stock_count > 0:
        s.apply(rng.choice(s.legal_cards()))
    assert A.EXCHANGE not in s.legal_actions()


# ----- signs ------------------------------------------------------------------------------


def test_signs_only_with_four_players_and_true_when_sent() -> None:
    assert make_variant("brisca").signals == ()
    assert make_variant("brisca", players=3).signals == ()
    v = make_variant("brisca", players=4)
    names = [s.name for s in v.signals]
    assert names == ["ace_of_trumps", "three_of_trumps", "king_of_trumps", "horse_of_trumps",
                     "jack_of_trumps", "briscas", "no_trumps", "play_points", "show_cards"]
    s = GameState(v, 3, layout=layout(v, ["AC 3S 4H", "5H 6H 7H", "JH QH KH", "2S 4S 5S"],
                                      "KC"))
    legal = {v.signal_names[a - A.SIGNAL] for a in s.legal_actions() if A.is_signal(a)}
    assert legal == {"ace_of_trumps", "briscas", "play_points", "show_cards"}
    with pytest.raises(IllegalAction):
        s.apply_str("signal:no_trumps")
    s.apply_str("signal:ace_of_trumps")
    s.apply(c("4H"))
    legal = {v.signal_names[a - A.SIGNAL] for a in s.legal_actions() if A.is_signal(a)}
    assert "no_trumps" in legal and "ace_of_trumps" not in legal


def signs_caught(options: dict, seeds: range) -> tuple[int, int, list]:
    """Four-player deals in which every player sends each true sign on every turn before
    playing its first card: the opponents' catches, their chances, and every sign sent."""
    v = make_variant("brisca", options, 4)
    caught = chances = 0
    log = []
    for seed in seeds:
        s = GameState(v, 3, seed=seed)
        while not s.is_over():
            while signs := [a for a in s.legal_actions() if A.is_signal(a)]:
                s.apply(signs[0])
            s.apply(s.legal_cards()[0])
        for e in s.signs.log:
            opponents = [x for x in range(4) if v.team_of[x] != v.team_of[e.sender]]
            assert e.receivers[0] == (e.sender + 2) % 4  # the partner always sees it
            caught += sum(1 for x in opponents if x in e.receivers)
            chances += len(opponents)
        log += s.signs.log
    return caught, chances, log


def test_an_opponent_catches_a_sign_a_quarter_of_the_time_by_default() -> None:
    assert make_variant("brisca", players=4).options["intercept"] == 0.25
    caught, chances, log = signs_caught({}, range(4))
    assert chances > 400
    assert 0.2 < caught / chances < 0.3
    # the very same catches as with the rule set to 25% by hand, and not as with 10% or 50%
    assert signs_caught({"intercept": 0.25}, range(4))[2] == log
    for other in (0.1, 0.5):
        assert signs_caught({"intercept": other}, range(4))[2] != log


def test_sampling_reads_each_kind_of_sign_for_what_it_says() -> None:
    v = make_variant("brisca", players=4, options={"intercept": 0.0})
    s = GameState(v, 3, layout=layout(v, ["4H 3S 5D", "5H 6H 7H", "JH QH KH", "2S 4S 5S"],
                                      "KC"))
    s.apply_str("signal:no_trumps")
    s.apply_str("signal:play_points")
    info = infer(s.view(2), v)  # the partner
    assert 3 in info.voids[0]  # no clubs (trumps) in seat 0's hand
    assert info.promises == ()  # a request promises nothing
    assert info.voids[0] == frozenset({3})


FOUR_HANDS = ["5H 6H 7H", "JH QH KH", "2S 4S 5S"]  # seats 1-3: no Ace or Three at all


def signed_deal(first_hand: str, sign: str) -> GameState:
    """Four players, clubs trumps, signs never caught: seat 0 leads, sends ``sign`` and
    plays its Heart, and the others play on until seat 2, its partner, is to play."""
    v = make_variant("brisca", {"intercept": 0.0}, 4)
    s = GameState(v, 3, layout=layout(v, [first_hand, *FOUR_HANDS], "KC"))
    s.apply_str(f"signal:{sign}")
    s.apply(c("4H"))
    s.apply(s.legal_cards()[0])
    assert s.current == 2
    return s


def test_the_partners_sign_for_a_trump_places_that_card_in_every_sampled_deal() -> None:
    s = signed_deal("AC 4H 5D", "ace_of_trumps")
    v = s.variant
    rng = random.Random(4)
    view = s.view(2)
    assert c("AC") not in view.known[0]  # nothing but the sign tells where it is
    assert c("AC") in infer(view, v).fixed[0]
    for _ in range(25):
        assert c("AC") in determinize(view, v, rng).hands[0]
    # still true after the draws, as long as the Ace is not played
    while s.current != 0:
        s.apply(s.legal_cards()[0])
    assert s.stock_count < 28  # everybody drew
    for _ in range(25):
        assert c("AC") in determinize(s.view(2), v, rng).hands[0]
    s.apply(c("AC"))
    info = infer(s.view(2), v)
    assert c("AC") not in info.fixed[0] and c("AC") not in info.unseen


def test_the_partners_sign_for_briscas_puts_a_plain_ace_or_three_in_every_sampled_deal(
) -> None:
    s = signed_deal("AS 4H 5D", "briscas")
    v = s.variant
    rng = random.Random(5)
    view = s.view(2)
    briscas = set(cards("AS 3S AH 3H AD 3D"))
    assert not briscas & set(view.known[0])
    assert infer(view, v).promises == ((0, tuple(sorted(briscas))),)
    held = [set(determinize(view, v, rng).hands[0]) for _ in range(40)]
    assert all(h & briscas for h in held)
    assert len(set().union(*held) & briscas) > 1  # any of them, not always the same
    # once seat 0 has played a brisca, the sign promises nothing more
    while s.current != 0:
        s.apply(s.legal_cards()[0])
    s.apply(c("AS"))
    assert infer(s.view(2), v).promises == ()


# ----- properties -------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32),
       policy=st.integers(0, 2**16), how=st.sampled_from(["announce", "immediate", "none"]))
def test_random_deals_keep_every_card_and_replay(players: int, seed: int, policy: int,
                                                 how: str) -> None:
    v = make_variant("brisca", {"exchange": how}, players)
    rng = random.Random(policy)
    s = GameState(v, seed % players, seed=seed)
    total = sum(v.points[x] for x in v.pack())
    while not s.is_over():
        everywhere = [x for h in s.hands for x in h] + list(s.stock) + list(s.trick)
        everywhere += [x for t in s.tricks for x in t.cards]
        if s.indicator is not None:
            everywhere.append(s.indicator)
        if s.exchange.under is not None:
            everywhere.append(s.exchange.under[1])
        assert sorted(everywhere) == sorted(v.pack())
        s.apply(rng.choice(s.legal_actions()))
    assert sum(s.points) == total == 120  # the 2 of oros left out with three is worth 0
    assert s.exchange.under is None
    r = s.result
    assert max(r.card_points) == r.card_points[r.winners[0]]
    assert GameState.replay(v, s.history, seed % players, seed=seed).signature() == \
        s.signature()


# ----- arrastre ------------------------------------------------------------------------


def late(hands: list[str], trump: str = "C", **options) -> GameState:
    """A two-player position once the stock is gone (a real deal played that far), then
    set up: the given hands, clubs trumps, seat 0 to lead."""
    v = make_variant("brisca", options, 2)
    s = GameState(v, 1, seed=4)
    rng = random.Random(3)
    while s.stock_count > 0 or s.trick:
        s.apply(rng.choice(s.legal_cards()))
    s.hands = [list(cards(h)) for h in hands]
    s.trump = "SHDC".index(trump)
    s.leader = s.current = 0
    return s


def test_arrastre_follow_and_beat_when_able() -> None:
    s = late(["5S 2H", "3S 7S 2C"], arrastre=True)
    s.apply(c("5S"))
    assert sorted(s.legal_cards()) == sorted(cards("3S 7S"))  # both beat the 5
    with pytest.raises(IllegalAction) as err:
        s.apply(c("2C"))
    # the suit in the Spanish pack's words: espadas, swords in English
    assert "follow suit" in err.value.rule and "swords" in err.value.rule
    t = late(["KS 2H", "6S 2S 2C"], arrastre=True)
    t.apply(c("KS"))
    assert sorted(t.legal_cards()) == sorted(cards("6S 2S"))  # cannot beat: follow
    u = late(["5S 2H", "3S 4S 2C"], arrastre=True)
    u.apply(c("5S"))
    with pytest.raises(IllegalAction) as err:
        u.apply(c("4S"))
    assert "beat" in err.value.rule


def test_arrastre_a_void_player_must_trump_and_overtrump_if_able() -> None:
    s = late(["5S 2H", "2C 3H 4H"], arrastre=True)
    s.apply(c("5S"))
    assert s.legal_cards() == [c("2C")]
    v4 = make_variant("brisca", {"arrastre": True}, 4)
    f = GameState(v4, 3, layout=layout(v4, ["5S 2H 3H", "7C 4H 5H", "2C AC 6H", "JS QS KS"],
                                           "KC"))
    f.stock, f.indicator = [], None
    f.apply(c("5S"))
    f.apply(c("7C"))  # seat 1 trumps
    assert sorted(f.legal_cards()) == [c("AC")]  # seat 2 must overtrump with the Ace


def test_arrastre_binds_only_once_the_stock_is_gone_and_play_is_free_without_it() -> None:
    s = deal(["5S 2H 3H", "3S 7S 2C"], "KC", dealer=1, arrastre=True)
    s.apply(c("5S"))
    assert sorted(s.legal_cards()) == sorted(cards("3S 7S 2C"))  # stock still there
    t = late(["5S 2H", "3S 7S 2C"])
    t.apply(c("5S"))
    assert sorted(t.legal_cards()) == sorted(cards("3S 7S 2C"))  # the rule is off


def test_arrastre_voids_are_read_by_the_sampler() -> None:
    s = late(["5S 2H", "2D 3H 4H"], arrastre=True)
    s.apply(c("5S"))
    s.apply(c("2D"))  # no spade and no trump: void in both
    assert {0, 3} <= set(infer(s.view(0), s.variant).voids[1])
