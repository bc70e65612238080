"""A client's copy of a hosted match (``JoinedMatch``) is what the host sent and nothing
else, and reads it as the host's own session reads the match: who sits at each seat deal
after deal (a dummy and the player who plays it, a dealer sitting the deal out), whose
score is whose, and the scores, from the very messages a host writes."""

from __future__ import annotations

import json
import random

import pytest

from bisca_tui.engine.words import YOU
from bisca_tui.net import protocol as P
from bisca_tui.net.remote import JoinedMatch
from bisca_tui.net.views import Views
from bisca_tui.table.seating import MatchScores, Seating
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session

ME = 0  # the client's player


def places(host: Session) -> list[dict]:
    """The places as a ``lobby`` message lists them."""
    return [{"seat": p, "name": spec.name, "kind": "person" if spec.is_human else "bot",
             "connected": True} for p, spec in enumerate(host.people)]


def sent(views: Views, seat: int) -> dict:
    """The ``view`` message of ``seat`` as it reaches the client (all the deal's events)."""
    message = views.message(seat, views.session.view(seat))
    return json.loads(P.encode(message))


def same_seating(joined: JoinedMatch, host: Session) -> None:
    n = host.variant.n
    assert [joined.person_of(s) for s in range(n)] == [host.person_of(s) for s in range(n)]
    assert [joined.controller(s) for s in range(n)] == [host.controller(s) for s in range(n)]
    mine = [s for s in range(n) if host.person_of(host.controller(s)) == ME]
    assert [s for s in range(n) if joined.is_human(s)] == mine
    assert joined.humans() == ([] if host.seat_of(ME) is None else [host.seat_of(ME)])
    names = [host.name(s) for s in range(n)]
    own = host.seat_of(ME)
    if own is not None:
        names[own] = YOU
    assert [joined.name(s) for s in range(n)] == names
    out = host.match.sitting_out()
    assert joined.sitting_out() == (None if out is None else YOU if out == ME
                                    else host.people[out].name)
    assert joined.match.sitting_out() == host.match.sitting_out()
    assert joined.match.seating(joined.deal_number - 1) == host.match.seating(
        host.deal_number - 1)
    assert [joined.scorer_of(s) for s in range(n)] == [host.scorer_of(s) for s in range(n)]
    assert [joined.scorer_team(k) for k in range(len(host.match.scores))] == [
        host.scorer_team(k) for k in range(len(host.match.scores))]


@pytest.mark.parametrize(("game", "players"), [("sueca-3", 3), ("chiamata", 5),
                                               ("chiamata", 6), ("sueca", 4)])
def test_a_joined_match_reads_the_seating_and_scores_as_the_host_does(
        game: str, players: int) -> None:
    seats = [SeatSpec(HUMAN, "Ana")] + [SeatSpec(BOT, f"B{k}") for k in range(1, players)]
    host = Session.new(game, {}, seats, seed=11)
    views = Views(host)
    joined = JoinedMatch(host.variant, ME)
    joined.take_seats(places(host))
    rng = random.Random(game)
    sat_out = False
    for _deal in range(4):
        while True:
            own = host.seat_of(ME)
            for seat in [own] if own is not None else []:
                taken = joined.take_view(sent(views, seat))
                assert joined.view(seat) == host.view(seat)
            if own is None:  # sitting the deal out: the watcher's view
                sat_out = True
                message = views.message(None, views.watcher())
                joined.take_view(json.loads(P.encode(message)))
            same_seating(joined, host)
            if host.state.is_over():
                break
            host.apply(rng.choice(host.state.legal_actions()))
        score = host.state.result
        assert score is not None
        if own is not None:
            assert taken.scored == score
            assert joined.deal_gains(score) == host.deal_gains(score)
            side = host.state.side_of[own]
            assert joined.humans_and_bots(side) == host.humans_and_bots(side)
        host.finish_deal()
        assert joined.match.scores == host.match.scores
        if host.match.is_over():
            break
        host.next_deal()
    assert sat_out == host.variant.dealer_sits_out  # the client's player dealt a deal
    assert joined.match.results == host.match.results
    assert joined.match.seed is None  # the host keeps it: it would tell the cards


def test_a_joined_match_and_a_session_answer_the_same_interfaces() -> None:
    host = Session.new("sueca-3", {}, [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "B"),
                                       SeatSpec(BOT, "C")], seed=1)
    joined = JoinedMatch(host.variant, ME)
    for seating in (host, joined):
        assert isinstance(seating, Seating)
        assert isinstance(seating.match, MatchScores)
