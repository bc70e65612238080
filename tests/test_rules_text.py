"""The in-app rules text: a page per game, generated sections that follow the engine, and
scoring figures that agree with the engine's own scoring."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rules_support import flat, section, tables

from bisca_tui.engine import (
    IllegalAction,
    Layout,
    OptionError,
    all_variants,
    make_variant,
    parse_card,
)
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import (
    HEARTS,
    ITALIAN,
    ITALIAN_PACK,
    RANKS,
    SPADES,
    make_card,
    pack_named,
    rank_of,
)
from bisca_tui.engine.state import PLAY, GameState
from bisca_tui.engine.variant import REQUEST
from bisca_tui.rules import (
    FALLBACK_NOTE,
    available_rules,
    format_value,
    page_text,
    rules_markdown,
)

BISCA_IDS = ["bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba"]
REQUIRED_PAGES = [*BISCA_IDS, "briscola", "brisca"]


def registered_ids() -> list[str]:
    return [cls.id for cls in all_variants()]


def every_rules_id() -> list[str]:
    return sorted(set(registered_ids()) | set(available_rules()))


# ----- pages exist --------------------------------------------------------------------


def test_every_required_game_has_a_written_page() -> None:
    pages = available_rules()
    for vid in REQUIRED_PAGES:
        assert vid in pages
        text = rules_markdown(vid)
        assert FALLBACK_NOTE not in text
        assert text.startswith("# ")
        for heading in ("Players and pack", "The deal", "The play", "Drawing", "Scoring",
                        "Tips for newcomers", "Ranking and points", "House rules in effect"):
            assert f"## {heading}" in text.splitlines(), (vid, heading)


def test_every_registered_variant_gets_rules_text() -> None:
    pages = set(available_rules())
    for cls in all_variants():
        text = rules_markdown(cls.id)
        assert text.startswith(f"# {cls.name}\n"), cls.id
        assert "<!--" not in text, cls.id
        if cls.family == "bisca":
            assert cls.id in pages
        if cls.id in pages:
            assert FALLBACK_NOTE not in text
        else:
            # the fallback: name, description, and the generated sections
            assert FALLBACK_NOTE in text.replace("\n", " ")
            assert " ".join(cls.description.split()) in " ".join(text.split())
            assert "## Ranking and points" in text
            assert "## House rules in effect" in text


def test_a_page_written_before_its_game_still_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the engine registers a game, its page shows with what is known of the pack."""
    import bisca_tui.rules as rules

    def unknown(variant_id: str) -> Any:
        raise OptionError(f"unknown variant {variant_id!r}")

    monkeypatch.setattr(rules, "variant_class", unknown)
    text = rules_markdown("briscola")
    assert "<!--" not in text
    assert [card for _, card, _ in ranking_rows(text)] == [
        ITALIAN_PACK.rank_labels[r] for r in ITALIAN.order]  # as the Italian faces show them
    assert "no house rules" in section(text, "House rules in effect")
    with pytest.raises(OptionError):
        rules_markdown("briscola", {"match": "comb_10"})
    with pytest.raises(OptionError):
        rules_markdown("no-such-game")  # neither a page nor a registered game


def test_unknown_game_is_refused_and_names_are_not_paths() -> None:
    with pytest.raises(OptionError):
        rules_markdown("no-such-game")
    with pytest.raises(OptionError):
        rules_markdown("../bisca-3")
    assert page_text("no-such-game") is None


def test_the_rules_layer_does_not_import_the_interface() -> None:
    code = (
        "import sys\n"
        "from bisca_tui.rules import rules_markdown, available_rules\n"
        "for v in available_rules():\n"
        "    rules_markdown(v)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('bisca_tui.tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


# ----- generated sections follow the engine -------------------------------------------


def ranking_rows(text: str, names: bool = False) -> list[tuple[Any, ...]]:
    """The ranking table's rows: order, card (as the faces show it), points; and the
    rank's name too with ``names``."""
    rows = tables(section(text, "Ranking and points"))
    assert len(rows) == 1
    if names:
        return [(int(order), card, name, int(points)) for order, card, name, points in rows[0]]
    return [(int(order), card, int(points)) for order, card, _name, points in rows[0]]


@pytest.mark.parametrize("vid", every_rules_id())
def test_ranking_table_matches_the_engine(vid: str) -> None:
    rows = ranking_rows(rules_markdown(vid), names=True)
    if vid in registered_ids():
        v = make_variant(vid)
        ranking, pack, faces = v.ranking, v.pack(), pack_named(v.pack_style)
    else:  # a page written ahead of its variant
        ranking, pack, faces = ITALIAN, list(range(40)), ITALIAN_PACK
    present = {RANKS[rank_of(c)] for c in pack}
    expected_order = [r for r in ranking.order if r in present]
    # each rank as the game's pack draws it on the faces, and in that pack's words
    assert [(card, name) for _, card, name, _ in rows] == [
        (faces.rank_labels[r], faces.rank_word(r)) for r in expected_order]
    assert [order for order, _, _, _ in rows] == list(range(1, len(expected_order) + 1))
    for (_, _, _, points), letter in zip(rows, expected_order, strict=True):
        assert points == ranking.points_by_letter.get(letter, 0)
    # strongest first, by the engine's own strength table
    strengths = [ranking.strength[RANKS.index(letter)] for letter in expected_order]
    assert strengths == sorted(strengths, reverse=True)


def test_ranking_tables_name_the_cards_as_each_pack_does() -> None:
    def names(vid: str) -> dict[str, str]:
        return {card: name for _, card, name, _ in ranking_rows(rules_markdown(vid), True)}

    assert {"12": "King", "11": "Horse", "10": "Jack", "1": "Ace"}.items() <= names(
        "brisca").items()
    assert {"R": "King", "C": "Horse", "F": "Jack", "A": "Ace"}.items() <= names(
        "chiamata").items()
    assert {"K": "King", "Q": "Queen", "J": "Jack"}.items() <= names("bisca-3").items()


def test_seis_ranking_leaves_out_the_twos() -> None:
    rows = ranking_rows(rules_markdown("bisca-6"))
    assert "2" not in [card for _, card, _ in rows]
    assert len(rows) == 9
    assert "2" in [card for _, card, _ in ranking_rows(rules_markdown("bisca-4"))]


HOUSE_LINE = re.compile(r"- \*\*(\w+)\*\* = `([^`]*)`( \(default\))?\.")


def house_rules_shown(text: str) -> dict[str, tuple[str, bool]]:
    body = section(text, "House rules in effect")
    return {m.group(1): (m.group(2), bool(m.group(3))) for m in HOUSE_LINE.finditer(body)}


@pytest.mark.parametrize("vid", registered_ids())
def test_house_rules_in_effect_follow_the_options(vid: str) -> None:
    rules = make_variant(vid).house_rules
    shown = house_rules_shown(rules_markdown(vid))
    assert shown == {h.name: (format_value(h.default), True) for h in rules}
    joined = " ".join(rules_markdown(vid).split())
    for h in rules:
        assert " ".join(h.description.split()) in joined
    for h in rules:
        other = next((c for c in h.choices if c != h.default), None)
        if other is None:
            continue
        shown = house_rules_shown(rules_markdown(vid, {h.name: other}))
        assert shown[h.name] == (format_value(other), False)
        for rest in rules:
            if rest.name != h.name:
                assert shown[rest.name] == (format_value(rest.default), True)
    if not rules:
        assert "no house rules" in rules_markdown(vid)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError):
        rules_markdown("bisca-3", {"no_such_rule": True})
    with pytest.raises(OptionError):
        rules_markdown("bisca-3", {"match": "best_of_99"})
    with pytest.raises(OptionError):
        rules_markdown("briscola", {"no_such_rule": 1})


def sign_line(sig: Any) -> str:
    return f"**{sig.meaning}**: {sig.gesture} (`signal:{sig.name}`)"


# Each game with signs, with the house rules and player counts its page is built for.
SIGN_PAGES: dict[str, list[tuple[dict[str, Any] | None, int | None]]] = {
    "bisca-6": [(None, None), (None, 6)],
    "bisca-4": [(None, None), ({"signals": True}, None), ({"signals": True}, 4)],
    "brisca": [(None, None), (None, 2), (None, 3), (None, 4), ({"intercept": 1.0}, 4)],
}


@pytest.mark.parametrize("vid", sorted(SIGN_PAGES))
def test_signal_texts_are_the_games_own(vid: str) -> None:
    """Every page of a game with signs lists them all, whatever table it is built for."""
    signals = {
        "bisca-6": make_variant("bisca-6").signals,
        "bisca-4": make_variant("bisca-4", {"signals": True}).signals,
        "brisca": make_variant("brisca", None, 4).signals,
    }[vid]
    assert signals
    for options, players in SIGN_PAGES[vid]:
        text = flat(rules_markdown(vid, options, players))
        for sig in signals:
            assert text.count(sign_line(sig)) == 1, (vid, options, players, sig.name)
    off = flat(rules_markdown("bisca-4"))
    assert "Signals are off at this table" in off
    assert "Signals are off" not in flat(rules_markdown("bisca-4", {"signals": True}))


def brisca_signs(players: int | None) -> str:
    return section(rules_markdown("brisca", None, players), "Signs")


def test_brisca_lists_its_nine_signs_with_the_requests_apart() -> None:
    """The signs list is generated: it must never come out blank, at any table."""
    signals = make_variant("brisca", None, 4).signals
    assert len(signals) == 9
    requests = [sig for sig in signals if sig.kind == REQUEST]
    assert [sig.name for sig in requests] == ["play_points", "show_cards"]
    for players in (None, 2, 3, 4):
        body = brisca_signs(players)
        assert "<!--" not in body
        items = [line for line in body.splitlines() if line.startswith("- **")]
        assert len(items) == 9, players
        flat_body = flat(body)
        lead = flat_body.index("The requests:")
        for sig in signals:
            at = flat_body.index(sign_line(sig))
            assert (at > lead) == (sig.kind == REQUEST), (players, sig.name)
        if players != 4:
            assert "Signs are used only with 4 players, between partners" in flat_body


def test_brisca_signs_say_what_this_table_does() -> None:
    assert "The signs in use at this table" in flat(brisca_signs(4))
    for players in (2, 3):
        text = flat(brisca_signs(players))
        assert f"This table has {players} players, so no signs are made here" in text
        assert "in use at this table" not in text
    general = flat(brisca_signs(None))
    assert "This table has" not in general and "in use at this table" not in general
    with pytest.raises(OptionError):
        rules_markdown("brisca", None, 5)


def test_brisca_signs_are_made_as_the_page_says() -> None:
    """On your own turn, before your card, requests included; no turn spent; each sign at
    most once a turn."""
    text = flat(brisca_signs(4))
    assert "at any time" not in text
    assert "only on your own turn, before you play your card, requests included" in text
    assert "costs no turn" in text and "each of them at most once" in text
    v = make_variant("brisca", None, 4)
    names = v.signal_names
    state = GameState(v, dealer=3, seed=5)
    seat = state.current
    asked = [A.SIGNAL + names.index(n) for n in ("play_points", "show_cards")]
    for action in asked:
        assert action in state.legal_actions()  # any hand may ask
    state.apply(asked[0])
    assert state.current == seat and not state.trick  # no turn spent
    assert asked[0] not in state.legal_actions()  # once a turn
    with pytest.raises(IllegalAction):
        state.apply(asked[0])
    state.apply(asked[1])
    assert [event.sender for event in state.signs.log] == [seat, seat]  # the seat to act
    state.apply(next(a for a in state.legal_actions() if 0 <= a < 80))
    assert state.current != seat
    while state.current != seat:
        state.apply(next(a for a in state.legal_actions() if 0 <= a < 80))
    assert state.phase == PLAY
    for action in asked:
        assert action in state.legal_actions()  # a new turn: both again


# ----- the scoring stated in each page is the engine's --------------------------------


def engine_games(vid: str, options: dict[str, Any] | None, points: int, every_trick: bool,
                 hearts: bool = False) -> tuple[int, int | None]:
    """Game points of the side with ``points`` (team 0) from the variant's own scoring."""
    v = make_variant(vid, options)
    n = v.n
    pts = [0] * n
    won = [0] * n
    pts[0], pts[1] = points, 120 - points
    total_tricks = 40 // n if vid != "bisca-6" else 6
    if every_trick:
        won[0] = total_tricks
    else:
        won[0], won[1] = total_tricks - 1, 1
    stub = SimpleNamespace(points=pts, tricks_won=won, trump=HEARTS if hearts else SPADES,
                           deal_game_points=[0] * v.n_teams, score_events=[])
    result = v.score(stub)
    return result.game_points[0], result.winner


def parse_range(cell: str) -> list[int] | None:
    if m := re.search(r"(\d+) to (\d+)", cell):
        return list(range(int(m.group(1)), int(m.group(2)) + 1))
    if m := re.search(r"(\d+) or more", cell):
        return list(range(int(m.group(1)), 121))
    if re.search(r"\ball 120\b", cell):
        return [120]
    return None


def games_in(cell: str) -> int:
    if cell.startswith("no game"):
        return 0
    m = re.fullmatch(r"(\d+)( games?)?", cell)
    assert m, cell
    return int(m.group(1))


# Which house rules each scoring table of a page describes, in page order.
SCORING_TABLES: dict[str, list[dict[str, Any]]] = {
    "bisca-3": [{}, {"extra_games": True}],
    "bisca-9": [{}],
    "bisca-4": [{}, {"single_game_only": True}],
    "bisca-6": [{}, {"single_game_only": True}],
    "briscola": [{}],
}


@pytest.mark.parametrize("vid", sorted(SCORING_TABLES))
def test_scoring_tables_agree_with_the_engine(vid: str) -> None:
    found = tables(section(rules_markdown(vid), "Scoring"))
    assert len(found) == len(SCORING_TABLES[vid])
    for rows, options in zip(found, SCORING_TABLES[vid], strict=True):
        covered: set[int] = set()
        for first, result in rows:
            games = games_in(result)
            if first.startswith("60 each"):
                assert engine_games(vid, options, 60, False) == (0, None)
                assert games == 0
                continue
            span = parse_range(first)
            if span is None:
                assert first == "every trick", first
                assert engine_games(vid, options, 120, True)[0] == games
                continue
            every = "every trick" in first and "without" not in first
            for p in span:
                assert engine_games(vid, options, p, every) == (games, 0), (vid, first, p)
            covered.update(span)
        # each table accounts for every winning score
        assert covered == set(range(61, 121)), (vid, options)


def test_bisca_nove_page_gives_the_81_82_boundary() -> None:
    body = section(rules_markdown("bisca-9"), "Scoring")
    assert "61 to 81" in body and "82 or more" in body
    assert engine_games("bisca-9", None, 81, False)[0] == 1
    assert engine_games("bisca-9", None, 82, False)[0] == 2


def test_capixaba_deal_scores_agree_with_the_engine() -> None:
    text = rules_markdown("bisca-capixaba")
    body = section(text, "Scoring")
    found = tables(body)
    assert len(found) == 1
    covered: set[int] = set()
    for first, plain, hearts in found[0]:
        if first.startswith("60 each"):
            for h in (False, True):
                assert engine_games("bisca-capixaba", None, 60, False, h) == (0, None)
            assert int(plain) == int(hearts) == 0
            continue
        span = parse_range(first)
        assert span is not None, first
        for p in span:
            assert engine_games("bisca-capixaba", None, p, False, False) == (int(plain), 0)
            assert engine_games("bisca-capixaba", None, p, False, True) == (int(hearts), 0)
        covered.update(span)
    assert covered == set(range(61, 121))
    flat = " ".join(body.split())
    assert "under 31" in flat and "90 to 119" in flat and "all 120" in flat
    # 31 is the exact edge: losers with 31 are not capote, with 30 they are
    assert engine_games("bisca-capixaba", None, 89, False)[0] == 1
    assert engine_games("bisca-capixaba", None, 90, False)[0] == 2


# Each heley case as the first trick of a deal: the cards seats 1, 2, 3, 0 play in turn
# (dealer 0, so seat 1 leads), and the team that the rules say scores.
HELEY_TRICKS: dict[int, tuple[list[str], int]] = {
    1: (["7", "A", "5", "4"], 0),  # the Ace straight after the 7: Ace's side (seat 2)
    2: (["A", "7", "5", "4"], 1),  # an opponent plays the 7 after the Ace: Ace's side
    3: (["7", "5", "A", "4"], 0),  # partners (seats 1 and 3): their opponents
    4: (["7", "5", "6", "4"], 1),  # the 7 led and not beaten: the leader's side
    5: (["7", "5", "6", "A"], 0),  # the 7 led, the Ace fourth: the trick's winners
}


def heley_trick(case: int, trump_suit: int) -> tuple[int, ...]:
    """Play one heley case as the first trick; the game points of each team after it."""
    ranks, _ = HELEY_TRICKS[case]
    trump = "SHDC"[trump_suit]
    plain = "D" if trump != "D" else "C"
    order = [1, 2, 3, 0]
    trick: dict[int, int] = {}
    for seat, r in zip(order, ranks, strict=True):
        suit = trump if r in ("A", "7") else plain
        trick[seat] = parse_card(r + suit)
    used = set(trick.values())
    indicator = None
    if trump_suit != HEARTS:
        indicator = make_card(RANKS.index("K"), trump_suit)
        used.add(indicator)
    rest = [c for c in range(40) if c not in used]
    hands = []
    for seat in range(4):
        hands.append((trick[seat], rest.pop(), rest.pop()))
    layout = Layout(tuple(hands), trump_suit, indicator, tuple(rest))
    state = GameState(make_variant("bisca-capixaba"), dealer=0, layout=layout)
    state.apply(A.KNOCK if indicator is None else A.CUT)
    for seat in order:
        assert state.current == seat
        state.apply(trick[seat])
    assert len(state.tricks) == 1
    return tuple(state.deal_game_points)


def test_capixaba_heley_cases_agree_with_the_engine() -> None:
    text = rules_markdown("bisca-capixaba")
    body = section(text, "Heley")
    flat = " ".join(body.split()).lower()
    for name in ("ace on the 7", "7 after the ace", "heley de parceiros", "rodar o 7",
                 "heley de roda"):
        assert name in flat
    rows = tables(body)
    assert len(rows) == 1
    seen = set()
    for number, _case, _who, plain, hearts in rows[0]:
        case = int(number)
        seen.add(case)
        _, team = HELEY_TRICKS[case]
        for suit, value in ((SPADES, int(plain)), (HEARTS, int(hearts))):
            scored = heley_trick(case, suit)
            assert scored[team] == value, (case, suit)
            assert scored[1 - team] == 0
    assert seen == {1, 2, 3, 4, 5}
    assert "rodar_literal" in body


# ----- readable in a terminal, and written in our own words ---------------------------


@pytest.mark.parametrize("vid", every_rules_id())
def test_lines_fit_80_columns_except_tables(vid: str) -> None:
    texts = [rules_markdown(vid)]
    raw = page_text(vid)
    if raw is not None:
        texts.append(raw)
    for text in texts:
        for line in text.splitlines():
            if not line.startswith("|"):
                assert len(line) <= 80, (vid, line)


def test_wide_options_still_fit() -> None:
    for cls in all_variants():
        for h in cls.house_rules:
            for choice in h.choices:
                for line in rules_markdown(cls.id, {h.name: choice}).splitlines():
                    if not line.startswith("|"):
                        assert len(line) <= 80, (cls.id, line)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shared_runs(ours: str, source: str, size: int = 12) -> list[str]:
    src = words(source)
    grams = {tuple(src[i:i + size]) for i in range(len(src) - size + 1)}
    mine = words(ours)
    return [" ".join(mine[i:i + size]) for i in range(len(mine) - size + 1)
            if tuple(mine[i:i + size]) in grams]


def test_overlap_check_finds_a_copied_sentence() -> None:
    source = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert shared_runs("so: One two three four five six seven eight nine ten eleven twelve!",
                       source)
    assert not shared_runs("one two three four five six seven eight nine ten eleven", source)


def test_no_long_run_of_words_shared_with_the_source() -> None:
    where = os.environ.get("BISCA_SOURCE_TEXT")
    if not where:
        pytest.skip("set BISCA_SOURCE_TEXT to the source rules text to compare against it")
    source = Path(where).read_text(encoding="utf-8")
    for vid in every_rules_id():
        assert shared_runs(rules_markdown(vid), source) == [], vid


@pytest.mark.parametrize("vid", registered_ids())
def test_house_rule_choices_are_told_by_their_labels_not_their_ids(vid: str) -> None:
    """The form, the rules panel and each rule's help name a choice as the form's list
    does (``best of 7``), never by the id a record keeps (``best_of_7``)."""
    page = rules_markdown(vid)
    for rule in make_variant(vid).house_rules:
        for choice in rule.choices:
            if isinstance(choice, str) and rule.label(choice) != choice:
                assert choice not in rule.description, (rule.name, choice)
                assert choice not in page, (rule.name, choice)
