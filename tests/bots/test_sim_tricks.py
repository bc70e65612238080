"""The search's simulator takes tricks by the engine's rule on every path, the fast ones
included: of two identical cards (the double pack) the first played keeps the trick."""

from __future__ import annotations

from bisca_tui.bots.playouts import fast_playout_greedy, playout_greedy
from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.bots.solver import solve2_actions
from bisca_tui.engine import make_variant, parse_card

ACE_HEARTS = parse_card("AH")  # its second copy in the double pack is card + 40


def _identical_cards_sim() -> Sim:
    """A two-hand endgame of Bisca de Três's tables where the hands hold the two copies of
    the Ace of hearts: seat 0 leads one, seat 1 must answer with the other."""
    rules = Rules(make_variant("bisca-3"), trump=3)
    return Sim(rules, [[ACE_HEARTS], [ACE_HEARTS + 40]], [], None, 0)


def test_the_search_gives_identical_cards_to_the_first_played_on_every_path() -> None:
    general = _identical_cards_sim()
    playout_greedy(general)
    fast = _identical_cards_sim()
    fast_playout_greedy(fast)
    assert general.points == fast.points == [22, 0]
    # the two-player solver: leading the Ace takes the 22 points
    root = _identical_cards_sim()
    assert solve2_actions(root, [ACE_HEARTS])[ACE_HEARTS].points == 22
    # and answering a lead of the first copy with the second gives nothing
    answer = _identical_cards_sim()
    answer.play(ACE_HEARTS)
    assert solve2_actions(answer, [ACE_HEARTS + 40])[ACE_HEARTS + 40].points == 0
