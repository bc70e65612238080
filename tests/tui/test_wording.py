"""Sentences with a count or a player's name: the deal summary's winner line names the
winning side every time (the bidder and partner, the bidder alone, the defenders), a count
agrees with its noun, and the person at the keyboard ("You") takes the second person in the
log, the narrator and the undo line."""

from __future__ import annotations

import pytest

from bisca_tui.bots.base import make_bot
from bisca_tui.engine import Match, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.narrate import and_list, holds, narrate
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.cardart import card_text
from bisca_tui.tui.narrate import undone_line
from bisca_tui.tui.screens.summary import deal_winner_line, points_and_tricks

NAMES = ["You", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gil"]


def played_deals(variant: str, players: int, seed: int, deals: int = 12):
    """Sessions after each of ``deals`` deals played by random choices (a deal thrown in
    is skipped), with the person at the keyboard in the first seat."""
    v = make_variant(variant, {}, players)
    match = Match(v, 0, seed)
    seats = [SeatSpec(HUMAN if k == 0 else BOT, NAMES[k], "easy") for k in range(players)]
    session = Session(match, seats)
    bots = [make_bot("easy", seed + k) for k in range(v.n)]
    for _ in range(deals):
        if match.is_over():
            break
        st = match.new_deal()
        while not st.is_over():
            st.apply(bots[st.current].choose(st.view(st.current)))
        score = match.finish_deal()
        if not score.redeal:
            yield session, score


@pytest.mark.parametrize(("variant", "players"), [
    ("chiamata", 5), ("chiamata", 6), ("chiamata-monte", 5), ("chiamata-monte", 6),
    ("chiamata-monte", 7), ("sueca-5", 5)])
def test_a_called_partner_deal_names_the_winning_side(variant: str, players: int) -> None:
    """Bidder and partner, bidder alone, or the defenders: whoever wins is named, with the
    verb agreeing (the person at the keyboard is "You")."""
    seen = set()
    for seed in range(1, 6):
        for s, score in played_deals(variant, players, seed):
            st = s.state
            c = st.bidding.contract
            holder = st.bidding.called_holder
            ours = [c.bidder] + ([holder] if holder != c.bidder else [])
            line = deal_winner_line(s, score)
            if score.game_points[c.bidder] > 0:
                names = [s.name(x) for x in ours]
                if len(ours) == 1:
                    want = f"{names[0]} {'win' if names[0] == 'You' else 'wins'} the deal alone."
                    seen.add("alone")
                else:
                    want = f"{names[0]} and {names[1]} win the deal."
                    seen.add("pair")
            else:
                others = [s.name(x) for x in range(st.n) if x not in ours]
                want = f"The defenders ({and_list(others)}) win the deal."
                seen.add("defenders")
            assert line == want, (seed, line)
    assert {"pair", "defenders"} <= seen


@pytest.mark.parametrize(("variant", "players"), [
    ("bisca-3", 2), ("briscola", 3), ("sueca", 4), ("sueca-3", 3), ("bisca-6", 6)])
def test_every_game_names_a_winner_or_says_there_is_none(variant: str, players: int) -> None:
    for s, score in played_deals(variant, players, 3, deals=6):
        line = deal_winner_line(s, score)
        assert line[0].isupper() and not line.startswith(" wins")
        if len(score.winners) > 1:
            assert line.startswith("A tie at the top: ")
        elif score.winner is None and not any(score.game_points):
            assert line == "No game: the points are shared."
        else:
            assert line.endswith(" the deal.") and "  " not in line
            assert any(s.name(seat) in line for seat in range(s.variant.n)) or any(
                s.team_label(t) in line for t in range(s.variant.n_teams))


def test_counts_and_the_second_person() -> None:
    assert points_and_tricks(1, 1, 3) == "  1 card point   1 trick"
    assert points_and_tricks(61, 0, 4) == "  61 card points   0 tricks"
    assert holds("You", 1) == "You hold 1 card." and holds("Rui", 3) == "Rui holds 3 cards."


def test_the_narrator_speaks_to_you_in_the_second_person() -> None:
    """The called card played by the partner of "You", and shown by "You" (col Monte):
    "your partner", "You are the partner", never "You's" or "You is"."""
    said: list[str] = []
    for variant, players in (("chiamata", 5), ("chiamata-monte", 5)):
        for seed in range(1, 8):
            match = Match(make_variant(variant, {}, players), 0, seed)
            st = match.new_deal()
            bots = [make_bot("easy", seed + k) for k in range(st.n)]
            while not st.is_over():
                seat = st.current
                action = bots[seat].choose(st.view(seat))
                events = st.apply(action)
                c = st.bidding.contract
                if c is None or c.called is None:
                    continue
                you = st.bidding.called_holder if action == A.SHOW else c.bidder

                def name(k: int, you: int = you) -> str:
                    return "You" if k == you else f"P{k}"

                for line in narrate(st.variant, events, name):
                    text = line.text(str)
                    if "partner" in text:
                        said.append(text)
    assert any("your partner" in t for t in said)
    assert any("You are the partner" in t for t in said)
    assert not any("You's" in t or "You is" in t for t in said), said


def test_an_undone_discard_names_the_card_in_words() -> None:
    session = Session(Match(make_variant("chiamata-monte", {}, 5), 0, 1),
                      [SeatSpec(HUMAN if k == 0 else BOT, NAMES[k], "easy") for k in range(5)])
    session.match.new_deal()
    line = undone_line(session, [A.DISCARD + 3, A.DISCARD + 17, 25]).plain
    cards = [card_text(c, session.card_style).plain for c in (3, 17, 25)]
    assert line == f"Undone: {cards[0]} laid aside, {cards[1]} laid aside, {cards[2]}"
    assert "discard:" not in line


def test_the_coachs_position_counts_the_stock_in_words() -> None:
    from dataclasses import replace

    from bisca_tui.tui.coaching import Position, position_text

    match = Match(make_variant("briscola", {}, 2), 0, 5)
    st = match.new_deal()
    view = st.view(st.current)
    for left, want in ((1, "Stock: 1 card"), (7, "Stock: 7 cards")):
        text = position_text(Position(0, 1, replace(view, stock_count=left)), st.variant,
                             "letters", str).plain
        assert text.endswith(want), text
