"""The learned model of play: probabilities over the legal cards only, the shipped weights
and their pinned prediction, the trainer, and the reading of the opponent's plays."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from bots_support import benchmark  # noqa: E402

from bisca_tui.bots import policy as P  # noqa: E402
from bisca_tui.bots.reading import ess, reader_for  # noqa: E402
from bisca_tui.bots.seat_record import rebuild_hands, record_of, with_hand  # noqa: E402
from bisca_tui.engine import GameState, make_variant  # noqa: E402

FIXTURE = Path(__file__).parent / "data" / "plays-briscola-2p.npz"

trainer = benchmark("train_policy")


def _players(vid: str) -> int:
    return 4 if vid in ("sueca", "bisca-capixaba") else 2


def _state(seed: int, plays: int, vid: str = "briscola") -> GameState:
    v = make_variant(vid, players=_players(vid))
    s = GameState(v, dealer=seed % v.n, seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("vid", ["briscola", "brisca", "bisca-3", "sueca", "bisca-capixaba"])
def test_probabilities_sum_to_one_over_the_legal_cards_and_are_zero_elsewhere(vid) -> None:
    v = make_variant(vid, players=_players(vid))
    pol = P.load_policy(v)
    assert pol is not None
    records = []
    for seed in range(6):
        s = _state(seed, 3 * seed, vid)
        view = s.view(s.current_player())
        if view.trump is not None and any(0 <= a < 80 for a in view.legal):
            records.append(record_of(view, v))
    p = pol.probabilities(records)
    assert p.shape == (len(records), 40) and len(records) >= 5
    for r, row in zip(records, p, strict=True):
        assert math.isclose(row.sum(), 1.0, abs_tol=1e-6)
        assert (row[list(r.legal)] > 0).all()
        assert (np.delete(row, list(r.legal)) == 0).all()


@pytest.mark.parametrize("vid", ["briscola", "sueca", "bisca-capixaba"])
def test_the_shipped_weights_load_and_give_the_pinned_prediction(vid: str) -> None:
    assert P.load_policy(make_variant("bisca-4")) is None  # no model learned for it
    s = _state(1, 7 if vid == "bisca-capixaba" else 5, vid)
    v = s.variant
    r = record_of(s.view(s.current_player()), v)
    p = P.load_policy(v).probabilities([r])[0]
    got = {c: round(float(p[c]), 3) for c in r.legal}
    assert got == PINNED[vid]


PINNED = {"briscola": {1: 0.085, 17: 0.354, 34: 0.561}, "sueca": {13: 0.472, 14: 0.448, 19: 0.08},
          "bisca-capixaba": {9: 0.577, 22: 0.345, 29: 0.078}}


def _by_seat(seat: int, hand) -> list:
    """A sample's hands by seat, with ``hand`` for ``seat`` (the only one read)."""
    hands: list = [(), ()]
    hands[seat] = list(hand)
    return hands


def _fixture():
    data = trainer.load([FIXTURE])
    lay = P.Layout(make_variant("briscola", players=2))
    return lay, trainer.Batch(lay, data)


def test_the_trainer_lowers_the_loss_and_its_seed_reproduces_the_weights() -> None:
    lay, b = _fixture()
    logs: list[str] = []
    a, hist = trainer.train(b, [16], epochs=3, seed=4, batch=64, lr=3e-3, log=logs.append)
    assert hist[-1][0] < hist[0][0] and len(logs) == 3
    again, _ = trainer.train(b, [16], epochs=3, seed=4, batch=64, lr=3e-3, log=logs.append)
    other, _ = trainer.train(b, [16], epochs=3, seed=5, batch=64, lr=3e-3, log=logs.append)
    assert all((x == y).all() for x, y in zip(a, again, strict=True))
    assert not all((x == y).all() for x, y in zip(a, other, strict=True))
    acc, ll = trainer.scores(a, b)
    assert 0 < acc <= 1 and ll > trainer.uniform_scores(b.data)[1]


@pytest.mark.parametrize("soft", [False, True])
def test_the_gradient_is_the_loss_slope(soft: bool) -> None:
    lay, b = _fixture()
    params = trainer.init([lay.inputs, 8, lay.size], 2)
    idx = np.arange(20)
    x, mask, y = b.x(idx), b.mask[idx], b.y[idx]
    target = trainer.soft_targets(lay, trainer.subset(b.data, idx), 0.02) if soft else y
    _, grads = trainer.loss_grad(params, x, mask, target)
    for k, at in ((0, (5, 3)), (1, (2,)), (2, (4, int(y[0]))), (3, (int(y[1]),))):
        eps = 1e-2
        up = [p.astype(np.float64) for p in params]
        down = [p.astype(np.float64) for p in params]
        up[k][at] += eps
        down[k][at] -= eps
        slope = (trainer.loss_grad(up, x, mask, target)[0] -
                 trainer.loss_grad(down, x, mask, target)[0]) / (2 * eps)
        assert math.isclose(slope, grads[k][at], rel_tol=1e-2, abs_tol=1e-5)


def test_soft_targets_follow_the_search_values_over_the_legal_cards() -> None:
    lay, b = _fixture()
    d = b.data
    t = trainer.soft_targets(lay, d, 0.02)
    assert np.allclose(t.sum(axis=1), 1.0, atol=1e-5)
    assert not (t[~b.mask] > 0).any()  # nothing on a card that could not be played
    for k in range(50):
        legal = [int(c) for c in d["legal"][k] if c >= 0]
        vals = [float(x) for x in d["values"][k][:len(legal)]]
        slots = [int(lay.slot[d["trump"][k], c]) for c in legal]
        best = slots[vals.index(max(vals))]
        assert t[k, best] >= t[k].max() - 1e-6  # ties share the top
        # a colder temperature puts more on the best card
        assert trainer.soft_targets(lay, trainer.subset(d, np.array([k])), 0.005)[0, best] \
            >= t[k, best] - 1e-6


def test_the_reader_scores_a_sample_as_the_model_scores_each_rebuilt_decision() -> None:
    v = make_variant("briscola", players=2)
    pol = P.load_policy(v)
    s = _state(3, 21)
    seat = s.current_player()
    view = s.view(seat)
    reader = reader_for(view, v, temper=1.0, clip=0.0)
    assert reader is not None and [r.seat for r in reader.seats] == [1 - seat]
    timeline = reader.seats[0].timeline
    hand = s.hands[1 - seat]
    reader.add(_by_seat(1 - seat, hand), random.Random(7))
    reader.flush()
    hands = rebuild_hands(timeline, hand, random.Random(7))
    expect = 0.0
    for d in timeline.decisions:
        h = hands[d.index]
        p = pol.probabilities([with_hand(2, view.trump, d.public, h, h)])[0]
        expect += math.log(p[d.card])
    assert math.isclose(reader.logl[0], expect, rel_tol=1e-4)
    # weights: the heaviest weighs 1, none under the clip; a hand that cannot be held is 0
    reader = reader_for(view, v, temper=0.5, clip=0.05)
    rng = random.Random(2)
    unseen = [c for c in range(40) if c not in s.hands[seat] and c not in
              view.played_cards() and c != view.indicator]
    for _ in range(40):
        reader.add(_by_seat(1 - seat, rng.sample(unseen, len(hand))), rng)
    w = reader.weights()
    assert len(w) == 40 and w.max() == 1.0 and w.min() >= 0.05
    assert 1.0 <= ess(w) <= 40.0



def test_a_sample_that_cannot_be_the_opponents_hand_weighs_nothing() -> None:
    v = make_variant("briscola", players=2)
    for seed in range(20):
        s = _state(seed, 34)  # the indicator drawn just now
        seat = s.current_player()
        drawn = next(e for e in s.events if type(e).__name__ == "IndicatorDrawn")
        if drawn.seat == seat:
            continue
        reader = reader_for(s.view(seat), v, temper=1.0, clip=0.05)
        reader.add(s.hands, random.Random(1))
        wrong = [c for c in s.hands[seat]][:3]  # its hand lacks the indicator it drew
        reader.add(_by_seat(1 - seat, wrong), random.Random(1))
        assert list(reader.weights()) == [1.0, 0.0]
        return
    raise AssertionError("no deal where the other seat drew the indicator")


def test_the_game_and_the_bots_start_without_numpy() -> None:
    """numpy is imported only where the model is used (a setting of the search), so the
    table's start-up does not pay for it."""
    import subprocess
    import sys

    code = ("import sys\n"
            "import bisca_tui.tui.app, bisca_tui.bots.levels\n"
            "from bisca_tui.bots.base import make_bot\n"
            "from bisca_tui.engine import GameState, make_variant\n"
            "s = GameState(make_variant('briscola'), seed=1)\n"
            "bot = make_bot('hard', 1)\n"
            "bot.max_samples = bot.min_samples = 4\n"
            "s.apply(bot.choose(s.view(s.current_player())))\n"
            "assert 'numpy' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
