"""The Sueca family's rules pages: written (not the fallback), laid out for a terminal, and
stating the same thresholds, targets and payments as the engine scores them."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rules_support import flat, section, tables

from bisca_tui.engine import GameState, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.calling import payment
from bisca_tui.engine.context import DealContext
from bisca_tui.engine.variant import DealScore
from bisca_tui.rules import FALLBACK_NOTE, available_rules, format_value, page_text, rules_markdown

SUECA_IDS = ["sueca", "sueca-italiana", "sueca-aberta", "sueca-pontos", "sueca-brasileira",
             "sueca-dupla", "sueca-5", "sueca-3"]
GAMES_IDS = ["sueca", "sueca-italiana", "sueca-aberta"]  # the plain Sueca scoring
SOURCE_VARS = ["BISCA_SOURCE_TEXT_SUECA1", "BISCA_SOURCE_TEXT_SUECA2"]


# ----- reading a page -----------------------------------------------------------------


def headings(text: str) -> list[str]:
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


def span_of(cell: str, total: int) -> list[int] | None:
    """The team totals a row covers: ``61 to 90``, ``all 120``; None for other rows."""
    if m := re.fullmatch(r"(\d+) to (\d+)(, without every trick)?", cell):
        return list(range(int(m.group(1)), int(m.group(2)) + 1))
    if m := re.fullmatch(r"all (\d+)", cell):
        assert int(m.group(1)) == total, cell
        return [total]
    return None


def games_of(cell: str) -> int | str:
    if cell == "no game":
        return 0
    if cell == "the match":
        return cell
    m = re.fullmatch(r"(\d+) games?", cell)
    assert m, cell
    return int(m.group(1))


# ----- scoring a stand-in deal --------------------------------------------------------


def scored(vid: str, options: dict[str, Any] | None, team_points: tuple[int, int],
           team_tricks: tuple[int, int], players: int | None = None, ties_before: int = 0,
           match_points: tuple[int, int] = (0, 0)) -> DealScore:
    """The engine's score of a deal whose team points and tricks are put in directly."""
    v = make_variant(vid, options, players)
    s = GameState(v, 0, seed=1, context=DealContext(match_points, v.match_target(), ties_before))
    s.points = [0] * v.n
    s.tricks_won = [0] * v.n
    s.points[0], s.points[1] = team_points  # seats 0 and 1 are on opposite teams
    s.tricks_won[0], s.tricks_won[1] = team_tricks
    return v.score(s)


def tricks_in(vid: str, players: int | None = None) -> int:
    v = make_variant(vid, None, players)
    return len(v.pack()) // v.n


def check_games_table(vid: str, options: dict[str, Any], rows: list[list[str]],
                      players: int | None = None, with_tie: bool = True) -> None:
    """Every row of a two-column scoring table against the engine; the table must account
    for every winning total (and the tie, when ``with_tie`` and the total is even)."""
    v = make_variant(vid, options, players)
    total = v.total_points()
    n_tricks = tricks_in(vid, players)
    covered: set[int] = set()
    for first, result in rows:
        games = games_of(result)
        if m := re.fullmatch(r"(\d+) each", first):
            half = int(m.group(1))
            assert 2 * half == total
            r = scored(vid, options, (half, half), (n_tricks // 2, n_tricks - n_tricks // 2),
                       players)
            assert (r.game_points, r.winner) == ((0, 0), None)
            assert games == 0
            covered.add(half)
            continue
        if first == "every trick":
            assert games == "the match"
            target = v.match_target()
            for before in ((0, 0), (target - 1, 0), (1, target - 1)):
                r = scored(vid, options, (total, 0), (n_tricks, 0), players,
                           match_points=before)
                assert r.winner == 0
                assert r.game_points[0] == target - before[0], (vid, before)
            continue
        span = span_of(first, total)
        assert span is not None, first
        assert isinstance(games, int)
        for p in span:
            splits = [(n_tricks - 1, 1)]
            if p == total and "without" not in first:
                splits.append((n_tricks, 0))  # all the points, with or without every trick
            for split in splits:
                r = scored(vid, options, (p, total - p), split, players)
                assert (r.game_points[0], r.winner) == (games, 0), (vid, options, first, p)
        covered.update(span)
    winning = set(range(total // 2 + 1, total + 1))
    tie = {total // 2} if with_tie and total % 2 == 0 else set()
    assert covered == winning | tie, (vid, options)


# ----- every page is written and complete ---------------------------------------------


@pytest.mark.parametrize("vid", SUECA_IDS)
def test_page_is_written_not_the_fallback(vid: str) -> None:
    assert vid in available_rules()
    raw = page_text(vid)
    assert raw is not None
    text = rules_markdown(vid)
    v = make_variant(vid)
    assert text.startswith(f"# {v.name}\n")
    assert FALLBACK_NOTE not in flat(text)
    assert "<!--" not in text
    found = headings(text)
    for heading in ("Players and pack", "Ranking and points", "The deal", "The play",
                    "Scoring", "Tips for newcomers", "House rules in effect"):
        assert heading in found, (vid, heading)
    # the generated sections go where the page marks them, not at the end by default
    assert "<!-- ranking -->" in raw and "<!-- house-rules -->" in raw
    assert found.index("Ranking and points") == found.index("Players and pack") + 1
    assert found[-1] == "House rules in effect"
    # a short opening under the title
    intro = text.split("\n## ", 1)[0].splitlines()[2:]
    assert 1 <= len([line for line in intro if line]) <= 5


@pytest.mark.parametrize("vid", SUECA_IDS)
def test_lines_fit_80_columns_except_tables(vid: str) -> None:
    texts = [page_text(vid) or ""]
    rules = make_variant(vid).house_rules
    texts.append(rules_markdown(vid))
    for h in rules:
        for choice in h.choices:
            texts.append(rules_markdown(vid, {h.name: choice}))
    for text in texts:
        for line in text.splitlines():
            if not line.startswith("|"):
                assert len(line) <= 80, (vid, line)


@pytest.mark.parametrize("vid", SUECA_IDS)
def test_house_rules_named_on_the_page_exist(vid: str) -> None:
    """Every `name` the page gives as a house rule is one the game really has."""
    raw = page_text(vid) or ""
    names = {h.name for h in make_variant(vid).house_rules}
    for m in re.finditer(r"house rule `(\w+)`", flat(raw)):
        assert m.group(1) in names, (vid, m.group(1))


# ----- the deal, the pack and the match, as the engine has them -----------------------


def test_pack_and_hands_as_stated() -> None:
    for vid in GAMES_IDS + ["sueca-pontos", "sueca-brasileira"]:
        body = flat(section(rules_markdown(vid), "Players and pack"))
        v = make_variant(vid)
        assert v.n == 4 and "Four players" in body
        assert len(v.pack()) == 40 and "40 cards" in body
        assert sum(v.points[c] for c in v.pack()) == 120 and "120 card points" in body
        deal = flat(section(rules_markdown(vid), "The deal"))
        assert v.hand_size == 10 and "ten cards each" in deal
        assert v.batches == (5, 5) and "two rounds of five" in deal
    five = make_variant("sueca-5")
    deal = flat(section(rules_markdown("sueca-5"), "The deal"))
    assert five.n == 5 and five.hand_size == 8 and five.batches == (4, 4)
    assert "eight cards, in two rounds of four" in deal


def test_double_pack_players_and_cards() -> None:
    text = rules_markdown("sueca-dupla")
    pack = flat(section(text, "Players and pack"))
    deal = flat(section(text, "The deal"))
    play = flat(section(text, "The play"))
    words = {10: "ten", 13: "thirteen"}
    for n in (6, 8):
        v = make_variant("sueca-dupla", None, n)
        assert f"{len(v.pack())} cards" in pack
        assert f"{words[v.hand_size]} cards each" in deal
        many = "six" if n == 6 else "eight"
        assert re.search(rf"{words[len(v.pack()) // n]} (tricks )?with {many}", play)
        assert sum(v.points[c] for c in v.pack()) == 240
    six = make_variant("sueca-dupla", None, 6).pack()
    assert parse_card("2S") not in six and parse_card("2S'") not in six
    assert "both 2s of spades are taken out" in pack
    assert "the one played first beats the one played later" in play


def test_dealers_last_card_sets_trumps_and_stays_known() -> None:
    for vid in GAMES_IDS + ["sueca-brasileira", "sueca-dupla", "sueca-pontos", "sueca-3"]:
        deal = flat(section(rules_markdown(vid), "The deal"))
        assert "last card" in deal and "trumps" in deal
        s = GameState(make_variant(vid), dealer=2, seed=5)
        card = s.indicator_card
        assert card is not None and card in s.hands[2]
        assert s.trump == s.variant.suit[card]
        assert all(card in s.view(seat).known[2] for seat in range(s.n) if seat != 2)
        assert s.current == 3  # the player on the dealer's right leads


def test_match_targets_as_stated() -> None:
    for vid in GAMES_IDS + ["sueca-brasileira", "sueca-dupla"]:
        body = flat(section(rules_markdown(vid), "The match and the pente"))
        rule = next(h for h in make_variant(vid).house_rules if h.name == "match")
        m = re.search(r"first team to (\d+) games", body)
        assert m and int(m.group(1)) == rule.default == make_variant(vid).match_target()
        others = [c for c in rule.choices if c != rule.default]
        assert " or ".join(str(c) for c in others) in body
        for c in rule.choices:
            assert make_variant(vid, {"match": c}).match_target() == c
            assert str(c) in body


def test_tie_carry_example_is_the_engines() -> None:
    for vid in GAMES_IDS:
        body = flat(section(rules_markdown(vid), "Scoring"))
        m = re.search(r"after (\d+) tied deals in a row, a win with (\d+) points scores "
                      r"(\d+) games", body)
        assert m, vid
        ties, p, games = (int(g) for g in m.groups())
        r = scored(vid, {"tie": "carry"}, (p, 120 - p), (9, 1), ties_before=ties)
        assert r.game_points[0] == games
        void = scored(vid, None, (p, 120 - p), (9, 1), ties_before=ties)
        assert void.game_points[0] < games  # without carry the ties count for nothing


def test_every_deal_goes_to_the_dealers_right() -> None:
    m = Match(make_variant("sueca"), dealer=1, seed=3)
    assert [m.dealer_of(i) for i in range(5)] == [1, 2, 3, 0, 1]
    for vid in SUECA_IDS:
        text = flat(rules_markdown(vid))
        assert "the next dealer is the player on the right" in text


# ----- the scoring tables are the engine's --------------------------------------------


@pytest.mark.parametrize("vid", GAMES_IDS)
def test_sueca_scoring_tables(vid: str) -> None:
    found = tables(section(rules_markdown(vid), "Scoring"))
    assert len(found) == 2
    check_games_table(vid, {}, found[0])
    check_games_table(vid, {"sweep": "tricks"}, found[1], with_tie=False)
    body = flat(section(rules_markdown(vid), "Scoring"))
    assert "61 to 90 | 1 game" in body and "91 to 119 | 2 games" in body
    # all the points but not every trick: 4 games by points, 2 by tricks
    assert scored(vid, None, (120, 0), (9, 1)).game_points[0] == 4
    assert scored(vid, {"sweep": "tricks"}, (120, 0), (9, 1)).game_points[0] == 2


def test_brasileira_scoring_tables() -> None:
    text = rules_markdown("sueca-brasileira")
    found = tables(section(text, "Scoring"))
    assert len(found) == 2
    rule = next(h for h in make_variant("sueca-brasileira").house_rules
                if h.name == "last_trick_bonus")
    assert re.search(rf"{rule.default} by default", flat(section(text, "Scoring")))
    default_total = make_variant("sueca-brasileira").total_points()
    assert default_total == 130
    assert f"there are {default_total} points" in flat(section(text, "Scoring"))
    check_games_table("sueca-brasileira", {}, found[0])
    # one row per value of the bonus, each the engine's bands
    seen = []
    for bonus, in_play, one, two, four, tie in found[1]:
        options = {"last_trick_bonus": int(bonus)}
        total = make_variant("sueca-brasileira", options).total_points()
        assert int(in_play) == total
        rows = [[one, "1 game"], [two, "2 games"], [four, "4 games"]]
        if tie == "never":
            assert total % 2 == 1
        else:
            rows.append([tie, "no game"])
        check_games_table("sueca-brasileira", options, rows)
        seen.append(int(bonus))
    assert seen == list(rule.choices)


def test_brasileira_bonus_goes_to_the_last_tricks_winner() -> None:
    v = make_variant("sueca-brasileira")
    s = GameState(v, dealer=0, seed=11)
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    last = s.tricks[-1].winner
    cards = [sum(t.points for t in s.tricks if t.winner == seat) for seat in range(4)]
    assert s.points[last] == cards[last] + int(v.options["last_trick_bonus"])
    assert sum(s.points) == v.total_points()


@pytest.mark.parametrize("players", [6, 8])
def test_double_pack_scoring_table(players: int) -> None:
    found = tables(section(rules_markdown("sueca-dupla"), "Scoring"))
    assert len(found) == 1
    check_games_table("sueca-dupla", {}, found[0], players)
    body = flat(section(rules_markdown("sueca-dupla"), "Scoring"))
    assert "121 to 180 | 1 game" in body and "181 to 239 | 2 games" in body


def test_pontos_adds_the_card_points_up_to_the_stated_target() -> None:
    text = rules_markdown("sueca-pontos")
    v = make_variant("sueca-pontos")
    assert v.match_target() == 500
    assert "first team to 500" in flat(text)
    assert "reaches 500 or more" in flat(section(text, "The match"))
    assert "no house rules" in section(text, "House rules in effect")
    found = tables(section(text, "Scoring"))
    assert len(found) == 1
    for deal, added in found[0]:
        if m := re.fullmatch(r"(\d+) each", deal):
            pts = (int(m.group(1)),) * 2
        else:
            m = re.fullmatch(r"(\d+) to (\d+)", deal)
            assert m, deal
            pts = (int(m.group(1)), int(m.group(2)))
        a = re.fullmatch(r"(\d+) and (\d+)", added)
        assert a, added
        tricks = (10, 0) if pts[1] == 0 else (5, 5)
        r = scored("sueca-pontos", None, pts, tricks)
        assert r.game_points == (int(a.group(1)), int(a.group(2)))


def test_pontos_both_past_the_target_higher_wins_level_plays_on() -> None:
    v = make_variant("sueca-pontos")
    for lead, expect in ((2, 0), (1, None)):
        m = Match(v, seed=4)
        s = m.new_deal()
        rng = random.Random(1)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        got = s.result.card_points
        # both sides land past 500; side 0 ends ahead by ``lead`` - 1
        m.scores = [m.target - got[0] + lead, m.target - got[1] + 1]
        m.finish_deal()
        assert min(m.scores) > 500
        assert m.winner == expect
        assert m.is_over() == (expect is not None)


# ----- Sueca for five: the bidding and the payments -----------------------------------


def five_deal(bid: int, alone: bool) -> tuple[GameState, int]:
    """A deal of Sueca for five after the auction (the dealer, seat 4, bids ``bid``; the
    others pass) and the call; returns the state and the bidder's partner."""
    s = GameState(make_variant("sueca-5"), dealer=4, seed=bid + 7)
    for n in [bid, 0, 0, 0, 0]:
        s.apply(A.BID + n if n else A.PASS)
    bidder = s.bidding.contract.bidder
    assert bidder == 4
    called = s.hands[bidder][0] if alone else s.hands[1][0]
    s.apply(A.CALL + called)
    return s, bidder if alone else 1


def five_score(bid: int, alone: bool, made: bool, sweep: bool) -> tuple[int, ...]:
    s, partner = five_deal(bid, alone)
    need = max(61, bid)
    side = need if made else need - 1
    s.points = [0] * 5
    s.tricks_won = [0] * 5
    s.points[s.bidding.contract.bidder] = side
    s.points[2] = 120 - side
    s.tricks_won[s.bidding.contract.bidder] = 8 if sweep else 7
    s.tricks_won[2] = 0 if sweep else 1
    if sweep and not made:
        s.tricks_won[s.bidding.contract.bidder], s.tricks_won[2] = 0, 8
    return s.variant.score(s).game_points


def bid_span(cell: str) -> list[int]:
    m = re.fullmatch(r"(0, or )?(\d+) to (\d+)", cell)
    assert m, cell
    return ([0] if m.group(1) else []) + list(range(int(m.group(2)), int(m.group(3)) + 1))


def test_sueca5_payment_tables_are_the_engines() -> None:
    body = section(rules_markdown("sueca-5"), "Scoring")
    found = tables(body)
    assert len(found) == 2
    for rows, alone in ((found[0], False), (found[1], True)):
        covered: list[int] = []
        for row in rows:
            span = bid_span(row[0])
            amounts = [int(c) for c in row[1:]]
            bidder, others = amounts[0], amounts[-1]
            assert bidder > 0 and others < 0
            if not alone:
                assert amounts[1] == -others  # the partner gains what each opponent pays
            for bid in span:
                assert payment(bid, alone) == (bidder, -others), (bid, alone)
            # the engine's deal score, at the edges of the row
            for bid in {span[0], span[-1]}:
                partner = 4 if alone else 1
                for made in (True, False):
                    for sweep in (False, True):
                        gp = five_score(bid, alone, made, sweep)
                        factor = (1 if made else -1) * (2 if sweep else 1)
                        want = [factor * others] * 5
                        want[4] = factor * bidder
                        if not alone:
                            want[partner] = factor * amounts[1]
                        assert gp == tuple(want), (bid, alone, made, sweep)
                        assert sum(gp) == 0
            covered.extend(span)
        assert sorted(covered) == [0, *range(61, 121)]


def test_sueca5_bidding_as_stated() -> None:
    text = rules_markdown("sueca-5")
    bidding = flat(section(text, "The bidding"))
    assert "starts with the dealer" in bidding and "from 61 to 120" in bidding
    s = GameState(make_variant("sueca-5"), dealer=2, seed=9)
    assert s.current == 2  # the dealer speaks first
    legal = s.legal_actions()
    assert A.PASS in legal and A.BID + 61 in legal and A.BID + 120 in legal
    assert A.BID + 60 not in legal and A.BID + 121 not in legal
    s.apply(A.BID + 75)
    assert A.BID + 75 not in s.legal_actions() and A.BID + 76 in s.legal_actions()
    # all pass: the dealer is the bidder at zero, and 61 makes it, 60 does not
    assert "the dealer becomes the bidder" in bidding and "needs 61" in bidding
    s = GameState(make_variant("sueca-5"), dealer=2, seed=9)
    for _ in range(5):
        s.apply(A.PASS)
    c = s.bidding.contract
    assert c.bidder == 2 and c.bid is None and c.need == 61
    assert five_score(0, False, True, False)[4] > 0 > five_score(0, False, False, False)[4]


def test_sueca5_call_and_lead_as_stated() -> None:
    text = flat(rules_markdown("sueca-5"))
    assert "The suit of that card is trumps" in text
    assert "plays alone against the other four" in text
    assert "The bidder leads the first trick" in text
    s, partner = five_deal(80, False)
    assert s.current == 4 and s.leader == 4
    assert s.side_of == [0 if seat in (4, partner) else 1 for seat in range(5)]
    assert s.trump == s.variant.suit[s.bidding.contract.called]
    s, _ = five_deal(80, True)
    assert s.side_of == [0 if seat == 4 else 1 for seat in range(5)]


def test_sueca5_session_length_as_stated() -> None:
    body = flat(section(rules_markdown("sueca-5"), "The session"))
    rule = next(h for h in make_variant("sueca-5").house_rules if h.name == "deals")
    m = re.search(r"(\d+) by default \(house rule `deals`: ([^)]*)\)", body)
    assert m and int(m.group(1)) == rule.default
    assert [int(x) for x in re.findall(r"\d+", m.group(2))] == list(rule.choices)
    for c in rule.choices:
        assert make_variant("sueca-5", {"deals": c}).match_deals() == c
    shown = flat(rules_markdown("sueca-5", {"deals": 5}))
    assert f"**deals** = `{format_value(5)}`." in shown


# ----- written in our own words -------------------------------------------------------


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shared_runs(ours: str, source: str, size: int = 12) -> list[str]:
    src = words(source)
    grams = {tuple(src[i:i + size]) for i in range(len(src) - size + 1)}
    mine = words(ours)
    return [" ".join(mine[i:i + size]) for i in range(len(mine) - size + 1)
            if tuple(mine[i:i + size]) in grams]


def test_the_overlap_check_catches_a_copied_run() -> None:
    source = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu"
    assert shared_runs("So, Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu.",
                       source)
    assert not shared_runs("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda",
                           source)


@pytest.mark.parametrize("env", SOURCE_VARS)
def test_no_run_of_12_words_shared_with_the_source(env: str) -> None:
    where = os.environ.get(env)
    if not where:
        pytest.skip(f"set {env} to a source rules text to compare the pages against it")
    source = Path(where).read_text(encoding="utf-8")
    for vid in SUECA_IDS:
        for text in (page_text(vid) or "", rules_markdown(vid)):
            assert shared_runs(text, source) == [], vid


def test_three_handed_page_is_the_engines() -> None:
    text = rules_markdown("sueca-3")
    found = tables(section(text, "Scoring"))
    check_games_table("sueca-3", {}, found[0])
    play = flat(section(text, "The play"))
    assert "As soon as that first card is on the table, the dummy's hand is laid face up" in play
    deal = flat(section(text, "The deal"))
    assert "the dealer does not see them yet" in deal
    # what the page says, the engine does: hidden before the first lead, open after it
    s = GameState(make_variant("sueca-3"), dealer=0, seed=8)
    dummy = 2
    assert not set(s.view(0).known[dummy]) & set(s.hands[dummy])
    s.apply(s.legal_actions()[0])
    assert all(set(s.view(seat).known[dummy]) == set(s.hands[dummy]) for seat in (0, 1, 3))
    assert s.variant.controller(s, dummy) == 0
    match = flat(section(text, "The match"))
    assert f"first player to {make_variant('sueca-3').match_target()} games" in match
