"""A match played here, as a front reads it (``LocalTable``): the person's seats, each seat's
view and the events it may see (the watcher's too), an action submitted and applied or
refused with the rule it breaks, undo for one person against bots, and hints as the match
allows them. A whole match is played through this interface and the turn loop alone."""

from __future__ import annotations

import random

import pytest
from family_support import first_of_each_family

from bisca_tui.engine.errors import IllegalAction
from bisca_tui.engine.spectator import SPECTATOR, spectator_view
from bisca_tui.table.front import LocalTable, Table, hint_for
from bisca_tui.table.loop import MATCH_OVER, PERSON, TableLoop
from bisca_tui.table.seats import HUMAN, SeatSpec
from bisca_tui.table.session import Session, default_seats


def one_person(variant_id: str, seed: int, hints: bool = True) -> LocalTable:
    from bisca_tui.engine.variant import make_variant

    n = make_variant(variant_id).n_people
    session = Session.new(variant_id, {}, default_seats(n, "random"), seed=seed, hints=hints)
    return LocalTable(TableLoop(session))


@pytest.mark.parametrize("variant_id", first_of_each_family())
def test_a_match_is_played_through_the_table_alone(variant_id: str) -> None:
    table = one_person(variant_id, seed=7)
    assert isinstance(table, Table)
    rng = random.Random(1)
    loop = table.loop
    actions = 0
    while True:
        turn = loop.run()
        if turn.kind != PERSON:
            assert turn.kind == MATCH_OVER
            break
        seats = table.seats()
        assert turn.seat in seats
        view = table.view(turn.seat)
        assert view.seat == turn.seat and view.legal
        assert table.events(turn.seat) == view.events
        assert table.events(turn.seat, 1) == view.events[1:]
        assert table.view(SPECTATOR) == spectator_view(loop.session.state)
        before = table.token()
        step = table.submit(turn.seat, rng.choice(view.legal))
        assert step.seat == turn.seat and table.token() != before
        actions += 1
    assert actions > 0 and loop.session.match.is_over()


def test_an_action_refused_says_the_rule_and_changes_nothing() -> None:
    table = one_person("briscola", seed=3)
    turn = table.loop.run()
    seat = turn.seat
    view = table.view(seat)
    not_held = next(c for c in range(40) if c not in view.hand)
    before = table.token()
    with pytest.raises(IllegalAction) as refused:
        table.submit(seat, not_held)
    assert "hand" in refused.value.rule
    other = (seat + 1) % table.variant.n
    with pytest.raises(IllegalAction) as refused:
        table.submit(other, view.legal[0])
    assert "turn" in refused.value.rule
    assert table.token() == before and table.view(seat) == view


def test_undo_takes_back_the_persons_action_where_the_table_allows_it() -> None:
    table = one_person("briscola", seed=5)
    turn = table.loop.run()
    assert not table.may_undo()  # nothing of the person's yet
    view = table.view(turn.seat)
    table.submit(turn.seat, view.legal[0])
    table.loop.run()
    assert table.may_undo()
    assert table.undo()[0] == view.legal[0]
    assert table.view(turn.seat).hand == view.hand
    # two people at one keyboard: nothing is taken back between them
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Rui")]
    session = Session.new("briscola", {}, seats, seed=5)
    table = LocalTable(TableLoop(session))
    turn = table.loop.run()
    table.submit(turn.seat, table.view(turn.seat).legal[0])
    assert table.seats() == (0, 1) and not table.may_undo() and table.undo() == []


def test_hints_are_for_the_fronts_own_seats_where_the_match_allows_them() -> None:
    table = one_person("briscola", seed=2)
    turn = table.loop.run()
    advice = hint_for(table, turn.seat, samples=4)
    assert advice.action in table.view(turn.seat).legal
    bot_seat = next(s for s in range(table.variant.n) if s not in table.seats())
    with pytest.raises(ValueError):
        hint_for(table, bot_seat)
    table = one_person("briscola", seed=2, hints=False)
    turn = table.loop.run()
    with pytest.raises(ValueError):
        hint_for(table, turn.seat)
    watching = LocalTable(table.loop, seats=tuple)  # a front that plays no seat
    assert watching.seats() == ()
    with pytest.raises(ValueError):
        hint_for(watching, turn.seat)


def test_the_person_who_deals_sueca_for_three_plays_every_card_of_the_dummy() -> None:
    """Sueca for three: in a deal a bot deals, the person plays their own hand alone; in
    the deal the person deals, the table asks them for the dummy's cards (opposite, at seat
    2) as for their own, every card of both hands, and no bot's answer is asked for either
    hand. The dummy's hand is shown to every seat once the first card is led."""
    table = one_person("sueca-3", seed=3)
    loop = table.loop
    s = loop.session
    asked: dict[int, dict[int, int]] = {}
    while s.deal_number <= 2:
        turn = loop.run()
        if s.deal_number > 2:
            break
        st = s.state
        assert turn.kind == PERSON and turn.seat in table.seats()
        dummy = (st.dealer + 2) % 4
        if st.dealer == 0:
            assert table.seats() == (0, dummy) and s.name(dummy) == "Dummy"
        else:
            assert table.seats() == (0,)
        if turn.seat == dummy:  # the first card is led by then
            assert set(s.view(1).known[dummy]) == set(st.hands[dummy])
        counts = asked.setdefault(s.deal_number, {})
        counts[turn.seat] = counts.get(turn.seat, 0) + 1
        table.submit(turn.seat, table.view(turn.seat).legal[0])
    assert s.match.deals[1].dealer == 0  # the person dealt the second deal
    assert asked == {1: {0: 10}, 2: {0: 10, 2: 10}}


def test_a_deal_the_person_sits_out_is_played_by_the_bots_alone() -> None:
    """Briscola Chiamata for six: the dealer sits out. The deal the person deals goes by
    without a turn of theirs: the table plays it through its bots, from the person's last
    card of the deal before to their first of the deal after."""
    session = Session.new("chiamata", {}, default_seats(6, "random"), seed=3)
    table = LocalTable(TableLoop(session))
    loop = table.loop
    m = session.match
    assert [m.sitting_out(i) for i in range(2)] == [5, 0]  # the person deals the second
    turn = loop.run()
    while session.deal_number == 1:
        assert turn.kind == PERSON and turn.seat == 0
        table.submit(turn.seat, table.view(turn.seat).legal[0])
        turn = loop.run()
    assert session.deal_number == 3 and m.results[1].card_points
    assert turn.kind == PERSON and turn.seat == 0 and m.sitting_out() != 0
