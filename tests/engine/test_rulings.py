"""The rules' sentences come from the one table: every refusal of an illegal action and every
note of a deal's score is a value of the table (``Refusal``, ``Note``) whose template has
each field filled, exercised over real deals; and the engine writes no such sentence by
hand."""

from __future__ import annotations

import ast
import copy
import pickle
import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from bisca_support import layout_for, score_with

from bisca_tui.engine import GameState, IllegalAction, Match, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import card_str
from bisca_tui.engine.invariants import random_action
from bisca_tui.engine.narrate import MESSAGES
from bisca_tui.engine.narrate.rulings import NOTES, REFUSALS
from bisca_tui.engine.narrate.sayings import Note, Refusal, Say, words
from bisca_tui.engine.variant import all_variants

ENGINE = Path(__file__).resolve().parents[2] / "bisca_tui" / "engine"

# guards that the flow of a deal never reaches (the phase or the rule is left first), kept
# so that a call outside the flow is still refused in words
UNREACHED_REFUSALS = {
    "not_dealt",  # nobody is to act before the deal, so "nobody_to_act" answers first
    "card_not_now",  # the base rule of play allows every card
    "exchange.none",  # asked only where the game has an exchange
    "bid.over",  # the auction hands over to the next phase as it ends
}
# whole-sentence forms that a game's scale never gives (every trick is always 4 games, one
# game is never "games", ...), kept so that each sentence has its singular and plural
UNREACHED_NOTES = {
    "won.all_points.one", "won.every_trick.one", "won.capote.one", "won.range_hearts.one",
    "won.majority.many", "won.range.many",
}


@cache
def fields_of(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in Formatter().parse(text) if name}


def check_filled(said: Say) -> str:
    """The value's template exists, takes exactly the fields given, and tells them."""
    text = MESSAGES[said.entry][said.key]
    assert fields_of(text) == set(said.fields), (said, text)
    out = words(said)
    for value in said.fields.values():
        assert str(value) in out
    assert "{" not in out
    return out


# ----- refusals -----------------------------------------------------------------------

CODES = (list(range(80)) + list(range(A.CUT, A.REDEAL + 1)) + list(range(A.SIGNAL, A.SIGNAL + 6))
         + list(range(A.BID, A.BID + 25)) + list(range(A.BID_RANK, A.BID_RANK + 10))
         + [A.CALL + c for c in (0, 9, 13, 21, 39, 60)] + [A.DISCARD, A.DISCARD + 5])


def refusals_in(st: GameState) -> Iterator[tuple[int, Refusal]]:
    legal = set(st.legal_actions())
    for action in CODES:
        if action not in legal:
            yield action, st.refusal(action)


def states(vid: str, opts: dict[str, Any] | None, n: int, seed: int) -> Iterator[GameState]:
    """A deal played by random choices, state after state (the same object, moved on)."""
    v = make_variant(vid, opts, n)
    st = GameState(v, dealer=seed % v.n, seed=seed)
    rng = random.Random(seed)
    while True:
        yield st
        if st.is_over():
            break
        st.apply(random_action(st, rng))


def played_deals() -> Iterator[GameState]:
    """Every game at every table size, and each house rule changed on its own."""
    for cls in all_variants():
        options: list[dict[str, Any]] = [{}]
        options += [{h.name: c} for h in cls.house_rules for c in h.choices if c != h.default]
        for n in cls.players:
            for k, opts in enumerate(options):
                yield from states(cls.id, opts, n, k + n)


# rarer refusals, sought deal after deal in the games that have them
SOUGHT_REFUSALS = [("brisca", {"arrastre": True}, 2), ("brisca", {"arrastre": True}, 4),
                   ("bisca-capixaba", None, 4)]


def targeted_refusals() -> Iterator[tuple[GameState, Refusal]]:
    # the deal laid out with an indicator: the knock is refused
    v = make_variant("bisca-capixaba")
    lay = layout_for(v, ["2C 3C 4C", "5C 6C JC", "QC KC 2D", "3D 4D 5D"], indicator="6D")
    st = GameState(v, 0, layout=lay)
    yield st, st.refusal(A.KNOCK)
    # a Monte hand without counting cards: the claim before the bidding
    v = make_variant("chiamata-monte", None, 5)
    for seed in range(3000):
        st = GameState(v, dealer=seed % v.n, seed=seed)
        if st.phase == "claim":
            yield st, st.refusal(A.BID)
            break
    # the calls refused: Chiamata by ranks, by points, Subito al Due
    for vid, n in (("chiamata", 5), ("chiamata-punti", 5), ("chiamata-subito-al-due", 5),
                   ("chiamata-monte", 5), ("sueca-5", 5)):
        v = make_variant(vid, None, n)
        for seed in range(200):
            st = GameState(v, dealer=seed % v.n, seed=seed)
            rng = random.Random(seed)
            while not st.is_over() and st.phase != "call":
                st.apply(random_action(st, rng))
            if st.phase == "call":
                legal = set(st.legal_actions())
                for card in range(80):
                    if A.CALL + card not in legal:
                        yield st, st.refusal(A.CALL + card)
                break
    # the high bid that nothing tops
    st = GameState(make_variant("chiamata-punti", None, 5), 0, seed=1)
    top = max(st.legal_actions())
    st.apply(top)
    yield st, st.refusal(top)
    # a bid of a rank (not two) and a call of another rank
    st = GameState(make_variant("chiamata", None, 5), 0, seed=1)
    st.apply(next(a for a in st.legal_actions() if a >= A.BID_RANK))
    while st.phase == "auction":
        st.apply(A.PASS)
    yield st, st.refusal(next(A.CALL + c for c in range(40)
                              if A.CALL + c not in st.legal_actions()))
    # nobody to act
    st = GameState(make_variant("bisca-3"), 0, seed=1)
    st.current = None
    yield st, st.refusal(0)


def test_every_refusal_is_a_template_of_the_table_with_its_fields_filled() -> None:
    seen: dict[str, Refusal] = {}
    checked: set[Refusal] = set()
    # each value once, told apart by its key and fields as given (the value's own hash sorts
    # its fields at each call: a million refusals hashed took as long as making them)
    told: set[tuple] = set()
    for st in played_deals():
        for action, r in refusals_in(st):
            assert isinstance(r, Refusal)
            value = (r.key, *r.fields.items())
            if value not in told:
                told.add(value)
                checked.add(r)
                assert st.explain(action) == check_filled(r)
                seen.setdefault(r.key, r)
    for _st, r in targeted_refusals():
        check_filled(r)
        seen.setdefault(r.key, r)
    # a seat out of turn
    st = GameState(make_variant("bisca-3"), 0, seed=1)
    with pytest.raises(IllegalAction) as err:
        st.apply(st.legal_actions()[0], seat=(st.current + 1) % st.n)
    said = Refusal("not_your_turn", current=st.current, seat=(st.current + 1) % st.n)
    assert err.value.rule == check_filled(said)
    assert err.value.refusal == said
    seen.setdefault(said.key, said)
    for seed in range(300):
        if set(REFUSALS) - UNREACHED_REFUSALS <= set(seen):
            break
        for vid, opts, n in SOUGHT_REFUSALS:
            for st in states(vid, opts, n, seed):
                for _action, r in refusals_in(st):
                    if r not in checked:  # each value once: its words depend on it alone
                        checked.add(r)
                        check_filled(r)
                    seen.setdefault(r.key, r)
    assert set(seen) == set(REFUSALS) - UNREACHED_REFUSALS, (
        sorted(set(REFUSALS) - UNREACHED_REFUSALS - set(seen)), sorted(set(seen) - set(REFUSALS)))
    for key in UNREACHED_REFUSALS:
        check_filled(Refusal(key))


def test_a_value_of_the_table_is_frozen_and_compared_by_value() -> None:
    said = Refusal("follow_suit", led="cups")
    assert said == Refusal("follow_suit", led="cups") != Note("follow_suit", led="cups")
    assert hash(said) == hash(Refusal("follow_suit", led="cups"))
    with pytest.raises(AttributeError):
        said.key = "must_trump"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(said)) == said == copy.deepcopy(said)
    assert str(said) == "you must follow suit (cups were led) when you can"


def test_an_illegal_action_says_the_tables_sentence() -> None:
    st = GameState(make_variant("sueca"), 0, seed=4)
    seat = st.current
    card = next(c for c in range(80) if c not in st.hands[seat])
    with pytest.raises(IllegalAction) as err:
        st.apply(card)
    said = Refusal("not_in_hand", card=card_str(card), seat=seat)
    assert err.value.refusal == said
    rule = words(said)
    assert err.value.rule == rule == f"{card_str(card)} is not in seat {seat}'s hand"
    assert str(err.value) == f"seat {seat} cannot play {card_str(card)}: {rule}"


# ----- notes --------------------------------------------------------------------------

@pytest.fixture
def notes_said(monkeypatch: pytest.MonkeyPatch) -> list[Note]:
    """Every ``Note`` the engine makes while the test runs."""
    made: list[Note] = []
    init = Note.__init__

    def record(self: Note, key: str, /, **fields: Any) -> None:
        init(self, key, **fields)
        made.append(self)

    monkeypatch.setattr(Note, "__init__", record)
    return made


def score_grid() -> Iterator[Any]:
    """Two-sided games scored over a grid of card points and tricks, every house rule of
    their scoring, both trumps of Capixaba, and ties carried."""
    games = [("bisca-3", {}), ("bisca-3", {"extra_games": True}), ("bisca-9", {}),
             ("bisca-4", {}), ("bisca-4", {"single_game_only": True}), ("briscola", {}),
             ("sueca", {}), ("sueca", {"sweep": "tricks"}), ("sueca", {"tie": "carry"}),
             ("sueca-pontos", {})]
    for vid, opts in games:
        for pts, tricks in (((60, 60), (5, 5)), ((70, 50), (6, 4)), ((95, 25), (8, 2)),
                            ((120, 0), (10, 0)), ((100, 20), (10, 0))):
            yield score_with(vid, pts, tricks, opts or None)
    for trump in ("H", "S"):
        for pts in ((70, 50), (95, 25), (120, 0), (60, 60)):
            yield score_with("bisca-capixaba", pts, (5, 5), None, trump=trump)
    v = make_variant("sueca", {"tie": "carry", "sweep": "tricks"})
    for ties in (0, 1, 2):
        for pts, tricks in (((70, 50), (6, 4)), ((120, 0), (10, 0))):
            st = GameState(v, 0, seed=1)
            st.context = replace(st.context, ties_before=ties)
            st.points = [pts[0], pts[1], 0, 0]
            st.tricks_won = [tricks[0], tricks[1], 0, 0]
            for played in (0, 3):
                st.context = replace(st.context, match_points=(played, 0))
                yield v.score(st)
    for pts in ((50, 40, 30), (50, 50, 20)):  # three sides: the highest takes it, or share
        yield _three_sides(pts)


def _three_sides(pts: tuple[int, ...]) -> Any:
    v = make_variant("briscola", None, 3)
    st = GameState(v, 0, seed=1)
    st.points = list(pts)
    st.tricks_won = [5, 4, 4]
    return v.score(st)


# the notes each game says, sought deal after deal: (game, players, everyone passes) -> notes
SOUGHT_NOTES = {
    ("bisca-capixaba", 4, False): {"rodar", "heley.straight", "heley.roda", "heley.partners",
                                   "heley.after"},
    ("chiamata", 5, False): {"contract.partner.made", "contract.partner.failed",
                             "redeal.passed"},
    ("chiamata-monte", 5, False): {"contract.alone.made", "contract.alone.failed",
                                   "contract.neighbour.made", "contract.neighbour.failed",
                                   "doubled.bid", "doubled.all_points", "redeal.claimed"},
    ("sueca-5", 5, True): {"contract.none.alone.made", "contract.none.alone.failed",
                           "contract.none.partner.made", "contract.none.partner.failed",
                           "doubled.sweep"},
}


def seeking(st: GameState, rng: random.Random, all_pass: bool) -> int:
    """A random action, but the bidder often calls a card of its own or shows the called
    card, and (``all_pass``) nobody bids: the rarer contracts come sooner."""
    legal = st.legal_actions()
    if all_pass and st.phase == "auction" and A.PASS in legal:
        return A.PASS
    if st.phase == "call" and rng.random() < 0.5:
        own = [a for a in legal if a - A.CALL in st.hands[st.current]]
        if own:
            return rng.choice(own)
    if A.SHOW in legal and rng.random() < 0.5:
        return A.SHOW
    return random_action(st, rng)


def played_matches(notes_said: list[Note]) -> Iterator[Any]:
    """Each game's notes sought over random deals (a bound on the number); and a match of
    tied deals carried."""
    for (vid, n, all_pass), wanted in SOUGHT_NOTES.items():
        v = make_variant(vid, None, n)
        for seed in range(1500):
            if wanted <= {note.key for note in notes_said}:
                break
            st = GameState(v, dealer=seed % n, seed=seed)
            rng = random.Random(seed)
            while not st.is_over():
                st.apply(seeking(st, rng, all_pass))
            yield st.result
    m = Match(make_variant("sueca", {"tie": "carry"}), seed=2)
    while not m.is_over() and m.deals_played < 30:
        st = m.new_deal()
        rng = random.Random(m.deals_played)
        while not st.is_over():
            st.apply(random_action(st, rng))
        yield m.finish_deal()


def test_every_note_is_a_template_of_the_table_with_its_fields_filled(
        notes_said: list[Note]) -> None:
    results = list(score_grid()) + list(played_matches(notes_said))
    for note in notes_said:
        check_filled(note)
    told = {words(n) for n in notes_said}
    for result in results:
        for text in result.notes:
            assert text in told  # no note but the table's
    seen = {n.key for n in notes_said}
    assert seen == set(NOTES) - UNREACHED_NOTES, (sorted(set(NOTES) - UNREACHED_NOTES - seen),
                                                  sorted(seen - set(NOTES)))


# ----- no sentence by hand ------------------------------------------------------------

REFUSING = {"why_not", "why_late", "why", "refused", "explain", "explain_bid",
            "explain_call"}


# the errors of a record or a layout speak to whoever wrote the file, not of the rules
RECORD_ERRORS = {"record_format.py", "record_reading.py"}
# the names the engine gives a refusal, a note or a reason on their way to the table's value
SAID = {"notes", "note", "rule", "why", "reason"}


def _is_sentence(node: ast.AST) -> bool:
    """A literal English sentence: a string (or f-string) of more than one word."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and " " in sub.value:
            return True
    return False


def hand_made_sentences(root: Path) -> list[str]:
    """Places under ``root`` (the narrator's package aside) where a refusal, a note or a
    reason for game points is written as a literal sentence."""
    out = []
    for path in sorted(root.rglob("*.py")):
        if "narrate" in path.parts or path.name in RECORD_ERRORS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and fn.name in REFUSING:
                for ret in ast.walk(fn):
                    if isinstance(ret, ast.Return) and ret.value and _is_sentence(ret.value):
                        out.append(f"{path.name}:{ret.lineno} {fn.name} returns a sentence")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            args = list(node.args) + [k.value for k in node.keywords]
            said = None
            if name == "IllegalAction" and len(node.args) >= 3:
                said = node.args[2:]
            elif name == "DealScore" and len(node.args) >= 4:
                said = [node.args[3]]
            elif name == "add_game_points" and len(node.args) >= 3:
                said = node.args[2:]
            elif name == "append" and getattr(node.func.value, "id", "") == "notes":
                said = args
            elif name == "won":  # a deal won, and why
                said = node.args[4:]
            said = (said or []) + [k.value for k in node.keywords
                                   if k.arg in ("rule", "notes", "reason")]
            if any(_is_sentence(a) for a in said):
                out.append(f"{path.name}:{node.lineno} {name} given a sentence")
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and any(getattr(t, "id", "") in SAID
                                                     for t in node.targets)
                    and _is_sentence(node.value)):
                out.append(f"{path.name}:{node.lineno} a note or rule written as a sentence")
    return out


def test_the_engine_writes_no_refusal_or_note_by_hand() -> None:
    assert hand_made_sentences(ENGINE) == []


def test_the_scan_finds_sentences_written_by_hand(tmp_path: Path) -> None:
    (tmp_path / "game.py").write_text(
        "def why_not(state, action):\n    return f'seat {state} may not'\n"
        "def score(pts):\n"
        "    notes = [f'{pts}: no game']\n"
        "    notes.append('carried over')\n"
        "    raise IllegalAction(0, 'x', 'the deal is over')\n"
        "    why = 'every trick'\n"
        "    return DealScore(pts, pts, pts, ('60-60: no game',), None)\n", encoding="utf-8")
    assert len(hand_made_sentences(tmp_path)) == 6
