"""What each seat believed of the hidden cards: chances that add up, certainties where the
view knows, nothing where a void was shown, the true place beside them, the stock and the
cards aside only in the games that have them, and the hard level's very own samples."""

from __future__ import annotations

from pathlib import Path

import pytest
from coach_support import states_until

from bisca_tui.bots.pimc import Sim
from bisca_tui.bots.table import variant_of
from bisca_tui.coach.beliefs import (
    ASIDE,
    STOCK,
    deal_beliefs,
    places_of,
    search_beliefs,
    view_beliefs,
    who_of,
)
from bisca_tui.coach.hint import decision_bot
from bisca_tui.coach.review import review_deal
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.actions import parse_action
from bisca_tui.engine.phases import PLAY
from bisca_tui.engine.records import load_record, replay_record
from bisca_tui.engine.sampling import infer
from bisca_tui.engine.variant import all_variants

EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"


def table_of(record, level: str) -> dict:
    return {"seats": [{"kind": "bot", "name": p, "level": level} for p in record.players]}


def states_at(record, deal: int) -> dict[int, GameState]:
    """A copy of the deal's state before each action, read apart from the beliefs."""
    out: dict[int, GameState] = {}

    def on_deal(i, state):
        if i == deal:
            out[0] = state.clone()

    def on_action(i, k, state, text):
        if i == deal:
            out[k + 1] = state.clone()

    replay_record(record, on_action=on_action, on_deal=on_deal)
    return out


@pytest.mark.parametrize("game", ["briscola", "sueca", "chiamata-monte", "bisca-4"])
def test_chances_add_up_and_the_truth_is_where_the_card_really_was(game: str) -> None:
    record = load_record(EXAMPLES / f"{game}.json")
    items = deal_beliefs(record, 0, samples=12, table=table_of(record, "hard"))
    states = states_at(record, 0)
    actions = record.deals[0].actions
    names = record.make_variant().signal_names
    assert items and len({d.seat for d in items}) == record.make_variant().n
    assert [d.step for d in items] == sorted(d.step for d in items)  # in play order
    for d in items:
        state = states[d.step]
        assert state.current == d.seat and parse_action(actions[d.step], names) == d.chosen
        assert d.seat not in d.places and d.trick == len(state.tricks) + 1
        assert d.best is None and d.who == "hard" and d.reasons  # every seat: no best
        seen = set(state.hands[d.seat]) | {c for t in state.tricks for c in t.cards}
        assert not seen & {c.card for c in d.cards}
        for c in d.cards:
            assert sum(c.chance) == pytest.approx(1.0)
            where = d.places[c.truth]
            if where == STOCK:
                assert c.card in state.stock
            elif where == ASIDE:
                assert c.card in (*state.aside.monte, *state.aside.discards)
            else:
                assert c.card in state.hands[where]


def test_one_seat_only_and_its_best_is_the_reviews_best() -> None:
    record = load_record(EXAMPLES / "briscola.json")
    items = deal_beliefs(record, 0, seat=1, samples=10, table=table_of(record, "hard"))
    review = review_deal(record, 0, 1, samples=10, playouts=None)
    assert {d.seat for d in items} == {1}
    assert {d.step: d.best for d in items} == {d.step: d.best for d in review.decisions}
    # the deals the evaluation judged give the chances: the same as sampled without it
    quick = deal_beliefs(record, 0, seat=1, samples=10, table=table_of(record, "hard"),
                         with_best=False)
    assert [d.cards for d in quick] == [d.cards for d in items]
    assert all(d.best is None for d in quick)


@pytest.mark.parametrize(("level", "reasons"), [("medium", False), ("easy", False),
                                                ("cmd:./mybot", False)])
def test_levels_that_do_not_reason_are_flagged_and_given_what_could_be_known(
        level: str, reasons: bool) -> None:
    record = load_record(EXAMPLES / "briscola.json")
    items = deal_beliefs(record, 0, seat=0, samples=10, table=table_of(record, level))
    known = deal_beliefs(record, 0, seat=0, samples=10)  # no table: a person's seat
    assert items and all(d.reasons is reasons and d.best is None for d in items)
    assert {d.who for d in items} == {level if level in ("medium", "easy") else "other"}
    assert {d.who for d in known} == {"person"} and all(d.reasons for d in known)
    assert [d.cards for d in items] == [d.cards for d in known]


def _sueca_play(seed: int = 3) -> GameState:
    s = states_until("sueca", seed, lambda s: s.phase == PLAY and s.trump is not None)
    assert s is not None
    return s


@pytest.mark.parametrize("who", ["hard", "person"])
def test_the_dealers_turned_card_is_certainly_in_the_dealers_hand(who: str) -> None:
    s = _sueca_play()
    seat = s.current
    assert seat is not None and seat != s.dealer
    view = s.view(seat)
    (turned,) = view.known[s.dealer]
    got = view_beliefs(view, who, samples=30)
    k = got.places.index(s.dealer)
    for card, chance in zip(got.cards, got.chances, strict=True):
        if card == turned:
            assert chance[k] == 1.0
        else:
            assert sum(chance) == pytest.approx(1.0)


@pytest.mark.parametrize("who", ["hard", "person"])
def test_a_void_shown_under_the_follow_rule_leaves_no_card_of_that_suit(who: str) -> None:
    v = make_variant("sueca")
    found = None
    for seed in range(1, 40):
        s = states_until("sueca", seed, lambda s: s.current is not None and any(
            voids for k, voids in enumerate(infer(s.view(s.current), v).voids)
            if k != s.current))
        if s is not None:
            found = s
            break
    assert found is not None
    seat = found.current
    assert seat is not None
    view = found.view(seat)
    voids = infer(view, v).voids
    got = view_beliefs(view, who, samples=40)
    checked = 0
    for other, suits in enumerate(voids):
        if other == seat or not suits:
            continue
        k = got.places.index(other)
        for card, chance in zip(got.cards, got.chances, strict=True):
            if v.suit[card] in suits:
                assert chance[k] == 0.0
                checked += 1
    assert checked


def test_the_stock_and_the_cards_aside_only_where_the_game_has_them() -> None:
    for cls in all_variants():
        v = make_variant(cls.id)
        places = places_of(v, 0)
        assert (STOCK in places) == bool(v.draws) and (ASIDE in places) == bool(v.monte_size)
        assert places[:v.n - 1] == tuple(range(1, v.n))
    monte = load_record(EXAMPLES / "chiamata-monte.json")
    items = deal_beliefs(monte, 0, samples=8)
    aside = [d for d in items if any(d.places[c.truth] == ASIDE for c in d.cards)]
    assert aside and all(sum(c.chance[d.places.index(ASIDE)] for c in d.cards)
                         == pytest.approx(monte.make_variant().monte_size) for d in aside)


def test_the_hard_levels_beliefs_are_the_very_deals_its_search_judges(monkeypatch) -> None:
    s = _sueca_play(5)
    view = s.view(s.current)
    judged: list[list[list[int]]] = []
    made = Sim.from_view.__func__  # type: ignore[attr-defined]

    def spy(cls, rules, v, hands, stock):
        judged.append([list(h) for h in hands])
        return made(cls, rules, v, hands, stock)

    monkeypatch.setattr(Sim, "from_view", classmethod(spy))
    decision_bot(view, samples=15).evaluate(view)
    monkeypatch.undo()
    deals, weights = decision_bot(view, samples=15).sampled(view, variant_of(view))
    assert weights is None and [h for h, _ in deals] == judged and len(judged) == 15


def test_a_bot_that_reads_the_play_weighs_its_samples() -> None:
    s = states_until("briscola", 4, lambda s: len(s.tricks) >= 4 and s.current is not None)
    assert s is not None
    view = s.view(s.current)
    bot = decision_bot(view, samples=40)
    bot.read = 1.0
    got = search_beliefs(view, bot)
    plain = search_beliefs(view, decision_bot(view, samples=40))
    assert got.samples == plain.samples == 40
    assert all(sum(ch) == pytest.approx(1.0) for ch in got.chances)
    assert got.chances != plain.chances  # the same deals, weighted otherwise


@pytest.mark.parametrize(("spec", "deal", "who"), [
    ({"kind": "human", "name": "Ana"}, 0, "person"),
    ({"kind": "bot", "name": "Rui", "level": "hard"}, 0, "hard"),
    ({"kind": "bot", "name": "Rui", "level": "medium"}, 0, "medium"),
    ({"kind": "bot", "name": "Rui", "level": "cmd:./mybot"}, 0, "other"),
    # a built-in level stood in for the program from the third deal
    ({"kind": "bot", "name": "Rui", "level": "easy", "program": "cmd:./mybot",
      "stand_in_from": 2}, 1, "other"),
    ({"kind": "bot", "name": "Rui", "level": "easy", "program": "cmd:./mybot",
      "stand_in_from": 2}, 2, "easy"),
])
def test_who_played_a_seat_is_read_from_the_table_file(spec: dict, deal: int,
                                                       who: str) -> None:
    assert who_of({"seats": [{"kind": "human", "name": "You"}, spec]}, 1, deal) == who
    assert who_of(None, 1, deal) == "person" and who_of({"seats": [spec]}, None, 0) == "person"
