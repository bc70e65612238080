"""The search on several cores: worker processes search the same view with their own deals,
their tallies are added up, only the view goes to them, and the search runs in its own
process where workers cannot be had."""

from __future__ import annotations

import random
from concurrent.futures.process import BrokenProcessPool

import pytest
from bots_support import layout

from bisca_tui.bots import parallel, pimc
from bisca_tui.bots.levels import HardBot
from bisca_tui.engine import GameState, make_variant, parse_card
from bisca_tui.engine.sampling import determinize
from bisca_tui.engine.view import SeatView


def _bot(seed: int, workers: int, samples: int = 8) -> HardBot:
    return HardBot(seed, budget_ms=60_000, max_samples=samples, min_samples=samples,
                   workers=workers)


def _midgame(vid: str = "briscola", seed: int = 9, moves: int = 9) -> GameState:
    rng = random.Random(seed)
    s = GameState(make_variant(vid), seed=seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_two_workers_share_the_samples_and_repeat_with_the_same_seed() -> None:
    s = _midgame()
    view = s.view(s.current_player())
    a = _bot(3, workers=2).evaluate(view)
    b = _bot(3, workers=2).evaluate(view)
    assert a == b  # each worker's deals come from the bot's seed
    assert a.samples == 8  # 4 in each process
    assert set(a.values) == set(s.legal_cards())
    for av in a.values.values():
        assert 0.0 <= av.value <= 1.0 and 0.0 <= av.win <= 1.0
    one = _bot(3, workers=1).evaluate(view)
    assert one.samples == 8 and set(one.values) == set(a.values)


def test_a_parallel_search_finds_the_sure_take() -> None:
    v = make_variant("bisca-3")
    # seat 1 answers a plain Ace with a low trump at hand: the 11 points are there to take
    s = GameState(v, dealer=1, layout=layout(v, ["AS 5H 2D", "2H 4C 3D"], "QH"))
    s.apply_str("AS")
    for seed in range(2):
        assert _bot(seed, workers=2, samples=60).choose(s.view(1)) == parse_card("2H")


def test_only_the_view_goes_to_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[tuple] = []
    real = parallel.gather

    def spy(pool, fn, calls):
        sent.extend(calls)
        return real(pool, fn, calls)

    monkeypatch.setattr(parallel, "gather", spy)
    s = _midgame("bisca-4")
    seat = s.current_player()
    _bot(1, workers=2).evaluate(s.view(seat))
    assert len(sent) == 2
    for view, cards, detail, share, seed in sent:
        assert isinstance(view, SeatView) and view == s.view(seat)
        assert cards == list(s.legal_cards()) and isinstance(seed, int)
        assert not any(isinstance(x, GameState) for x in (detail, share, *share.settings.values()))


def test_hidden_cards_do_not_change_a_parallel_choice() -> None:
    rng = random.Random(4)
    for vid in ("briscola", "sueca"):
        s = _midgame(vid)
        seat = s.current_player()
        other = determinize(s.view(seat), make_variant(vid), rng)
        assert s.view(seat) == other.view(seat)
        for seed in range(2):
            assert (_bot(seed, workers=2).choose(s.view(seat))
                    == _bot(seed, workers=2).choose(other.view(seat)))


def test_no_workers_inside_a_daemonic_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "can_fork_workers", lambda: False)
    assert parallel.search_pool(2) is None
    s = _midgame()
    ev = _bot(2, workers=2).evaluate(s.view(s.current_player()))
    assert ev.samples == 8  # searched in this process, with the whole sample count


def test_a_broken_pool_falls_back_to_a_search_here(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("a worker died")

        def shutdown(self, *args, **kwargs) -> None:
            pass

    monkeypatch.setattr(parallel, "search_pool", lambda n: Broken())
    s = _midgame()
    ev = _bot(2, workers=2).evaluate(s.view(s.current_player()))
    assert ev.samples == 8 and set(ev.values) == set(s.legal_cards())


def test_a_workers_own_error_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _midgame()
    view = s.view(s.current_player())
    pool = parallel.search_pool(2)
    assert pool is not None
    with pytest.raises(TypeError):
        parallel.gather(pool, pimc._search_part, [(view,)])


def test_default_workers_never_exceed_the_cores() -> None:
    assert 1 <= parallel.default_workers() <= max(1, parallel.cores())
    assert parallel.default_workers(most=1) == 1
