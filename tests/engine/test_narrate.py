"""The narrator and its one table of sentences (``engine.narrate``): every event kind has its
words, every sentence the table's log says is one of the table's templates with each field
filled, and the replay's text says its sentences through the same table."""

from __future__ import annotations

import ast
import random
import sys
from functools import cache
from pathlib import Path
from string import Formatter

import pytest

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import events as E
from bisca_tui.engine.invariants import random_action
from bisca_tui.engine.narrate import MESSAGES, NOT_EVENTS, SILENT, CardRef, fill, narrate, tell
from bisca_tui.engine.narrate import narrator as T
from bisca_tui.engine.narrate import wording as M
from bisca_tui.engine.variant import all_variants

KINDS = [getattr(E, k) for k in E.__all__
         if isinstance(getattr(E, k), type) and issubclass(getattr(E, k), E.Event)
         and getattr(E, k) is not E.Event]
PACKAGE = Path(__file__).resolve().parents[2] / "bisca_tui"


@cache
def deals() -> list[tuple[GameState, list[E.Event], int]]:
    """A deal of every game at every table size, for a few seeds, played by random choices;
    with the seat called "You" in each. Played on first use by a test that reads them, not
    when the tests are gathered (by every test process, these or not)."""
    out = []
    for cls in all_variants():
        for n in cls.players:
            for seed in range(6):
                v = make_variant(cls.id, None, n)
                st = GameState(v, dealer=seed % v.n, seed=seed)
                rng = random.Random(seed)
                while not st.is_over():
                    st.apply(random_action(st, rng))
                out.append((st, list(st.events), seed % v.n))
    for seed in range(3):  # the trump exchange made at once
        v = make_variant("brisca", {"exchange": "immediate"}, 2)
        st = GameState(v, dealer=seed % v.n, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            st.apply(random_action(st, rng))
        out.append((st, list(st.events), seed % v.n))
    # col Monte's hands without counting cards, kept or shown for a redeal, and the called
    # card shown: rarer, so sought
    wanted = {E.HandKept, E.RedealClaimed, "shown"}
    v = make_variant("chiamata-monte", None, 5)
    for seed in range(2000):
        if not wanted:
            break
        st = GameState(v, dealer=seed % v.n, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            st.apply(random_action(st, rng))
        found = wanted & {type(e) for e in st.events}
        if any(isinstance(e, E.PartnerShown) and not isinstance(p, E.CardPlayed)
               for p, e in zip(st.events, st.events[1:], strict=False)):
            found.add("shown")
        if found:
            wanted -= found
            out.append((st, list(st.events), seed % v.n))
    assert not wanted
    return out


def test_every_event_kind_has_its_words() -> None:
    assert len(KINDS) == 27
    assert sorted(k.__name__ for k in KINDS) == sorted(set(MESSAGES) - set(NOT_EVENTS))
    for kind, forms in MESSAGES.items():
        assert forms, kind
        for form, text in forms.items():
            # whole sentences, no glue (but for the coach's few pieces of its sentences)
            assert text and text == text.strip(), (kind, form)


def test_a_field_missing_is_an_error_not_a_gap() -> None:
    with pytest.raises(KeyError):
        fill(MESSAGES["CardPlayed"]["other"], seat="Ana")
    assert fill(MESSAGES["CardPlayed"]["other"], seat="Ana", card=CardRef(7)) == (
        "Ana plays ", CardRef(7))


def test_every_event_of_real_deals_is_told_with_every_field_filled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each event of a deal of every game, told alone (the events the log leaves unsaid
    too), with each seat in turn the person at the keyboard: a template of the table, each
    field filled; and the table's forms (but the replay's) are all used."""
    used: set[tuple[str, str]] = set()
    real = M.template

    def spy(kind: str, form: str, n: int | None = None) -> str:
        used.add((kind, form))
        return real(kind, form, n)
    monkeypatch.setattr(T, "template", spy)
    kinds: set[str] = set()
    for st, events, _ in deals():
        for you in range(st.n):
            def name(k: int, you: int = you) -> str:
                return "You" if k == you else f"P{k}"
            for prev, ev in zip([None, *events], events, strict=False):
                line = tell(ev, st.variant, name, lambda t: f"T{t}", you % 2 == 0, prev,
                            everything=True)
                if line is None:
                    continue
                kinds.add(type(ev).__name__)
                text = line.text(lambda c: f"<{c}>")
                assert "{" not in text and "}" not in text, text
    assert kinds == set(MESSAGES) - set(NOT_EVENTS)
    forms = {(kind, form) for kind, fs in MESSAGES.items() for form in fs
             if kind not in NOT_EVENTS
             and not form.startswith(("replay", "note", "summary", "caption", "last"))}
    rare = {("Discarded", "other.one"), ("Discarded", "you.one")}  # a monte of one card
    assert forms - used == rare


def test_the_log_says_only_what_an_action_did() -> None:
    """The events the log leaves unsaid say nothing; what an action brought about after its
    own line (a trick taken, points, the bidding won) is indented under it, what a seat did
    is not."""
    kinds: set[str] = set()
    for st, events, _ in deals()[::3]:
        for ev in events:
            if type(ev) in SILENT:
                assert tell(ev, st.variant, str) is None
        replay = GameState(st.variant, st.dealer, st.seed)
        for action in st.history:
            for line in narrate(st.variant, replay.apply(action), lambda k: f"P{k}"):
                kinds.add(line.kind)
                indented = isinstance(line.parts[0], str) and line.parts[0].startswith("  ")
                if line.kind in ("trick", "score"):
                    assert indented, line
                elif line.kind in ("action", "bid"):
                    assert not indented, line
    assert {"action", "bid", "trick", "contract"} <= kinds


def test_the_replay_text_says_its_sentences_through_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every replay and note form of the table is said by the replay (its text or its
    report's notes) over the seeded corpus of records."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))
    from corpus import records

    from bisca_tui.replay import build_report
    from bisca_tui.replay import deal as D
    from bisca_tui.replay import text as X

    used: set[tuple[str, str]] = set()
    real = M.say

    def spy(kind: str, form: str, **fields: object) -> str:
        used.add((kind, form))
        return real(kind, form, **fields)
    monkeypatch.setattr(X, "say", spy)
    monkeypatch.setattr(D, "say", spy)
    heads: dict[bool, dict] = {}
    for k, (_, rec) in enumerate(records()):
        rep = build_report(rec, "corpus", reveal=k % 2 == 1)
        X.render_text(rep)
        heads.setdefault(rep["deals"][0].get("sits_out") is not None, rep)
    for rep in heads.values():  # a deal's heading without a seed, or with the cards laid out
        for seed, laid in ((None, False), (None, True), (7, True)):
            deal = {**rep["deals"][0], "seed": seed, "layout_given": laid}
            X.render_text({**rep, "deals": [deal]})
    forms = {(kind, form) for kind, fs in MESSAGES.items() for form in fs
             if form.startswith(("replay", "note"))}
    rare = {("BiddingWon", "replay.none"), ("DealScored", "replay.early"),
            ("DealScored", "replay.open.many"), ("DealScored", "replay.open.one"),
            ("ExchangeMade", "note"), ("IndicatorTurned", "replay.none"),
            ("PartnerKnown", "replay.none"),
            ("PartnerKnown", "replay.own"),  # col Monte cut before the bidder's choice:
            # tests/chiamata/test_monte_replay.py
            ("TrickWon", "replay.bonus.many"),
            ("TrickWon", "replay.bonus.one"), ("TrickWon", "replay.last.one"),
            ("TrickWon", "replay.one"),  # not in the corpus: see the test of their fields
            ("Match", "replay.session.won"),  # a session played out: test_replay_cli
            ("Match", "replay.session.tie")}
    assert forms - used == rare


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def test_the_forms_of_a_sentence_take_the_same_fields() -> None:
    """One and many, you and another: the same fields, so that the narrator that fills one
    fills the other (a "you" form may leave out the name it says as "you")."""
    for kind, forms in MESSAGES.items():
        for form, text in forms.items():
            for a, b in ((".one", ".many"), ("one", "many")):
                if form.endswith(a) and form[:-len(a)] + b in forms:
                    assert _fields(text) == _fields(forms[form[:-len(a)] + b]), (kind, form)
            if form.startswith("you"):
                other = "other" + form[3:]
                if other in forms:
                    assert _fields(text) <= _fields(forms[other]), (kind, form)
                    assert _fields(forms[other]) - _fields(text) <= {"seat"}, (kind, form)


# ----- no sentence about the play built outside the narrator --------------------------------

#: words of the table's sentences that were once built elsewhere
SENTENCES = ("takes the trick", "dealer deals again", "goes back to seat",
             "goes back to you", "is the new indicator", "the bidding at", "agrees to a redeal",
             "held the called card", "buried first", "exchanges ", "knocks:", "cuts:",
             "cuts;", "High bid:", "Nobody bid:", "Partner: ", "Card points:",
             "Card points so far", "plays alone", "laid face up", "under the indicator",
             "The record stops here", "signal from", "won during play", "yet to declare",
             "{} the trick", "took it", "thrown in: dealt again", "Undone: ", " laid aside",
             "the call of ", "{} deals —", "deals and sits out", "{} and {} out",
             "Deal {} over", "dealt again",
             # the status line, the match's end and score sheet, the replay's match lines,
             # the history's deal, names joined
             "The deal is over.", "pass the keyboard", "{} to lead", "{} to play…",
             "to cut or knock", "calls a card…", "lays cards aside", "decides…",
             "{} turn: ", "dummy's turn", "lead a card", "play a card", "←→ Enter",
             "exchange for ",
             "s: signal", "opens the bidding dialog", "won the bidding:", "monte is in your",
             "{} choice", "c cuts", "the match!", "ends level", "{} played.", "Match seed",
             "first to {}", "after {} of {} deals", "Session of ", "Session to ",
             "Score sheet · ", "No deal scored", "Match: ", "Session: ", "Session after",
             "Match over, ", "Match not over", "Session over", "Session not over",
             "{} and {}", "is over (ended", "is thrown in", "to go on.",
             "program was replaced", "Dealer's side", "Side {}", "to the total", "{} game",
             "Saved: ", ": deal {}, trick {}", "dealer {}", "sit out", "dummy, for ", "{} view",
             # the coach's review (on screen and as text) and its cards in words
             "the hard level", "was expected to bring", "Stock: ", "of trumps",
             "cards left in play", "On the table", "Your hand: ", "Gone (", "nothing yet",
             "A rule of thumb", "other choice", "(key ", "lay aside ", "with a choice",
             "{} blunder", "{} mistake", "no mistake", "Review of deal", "going over every",
             "could not be made", "Nothing to review", "expected card points",
             "with the best card", "as played", "The worst", "points better", "the same card",
             "sampled deals", "No decision to review", "The costliest", "Other decisions",
             "Expected card points",
             # the replay's text and viewer
             "House rules: ", "Players: ", "Seats: ", "Sides: ", "team {} = ", "(seats ",
             "Bidder alone", "Bidder's side", "the others (", "(bidder)", "Hands now",
             "seated anew", "played by ", "Replay of ", "the cut or knock", "before the play",
             "as a spectator", "· end of the deal", "record stops here",
             "step {} of {}", "{} players", "Advised", "Then: ", "on average; win",
             # the bid and call dialogs, a bot's failure
             "You need ", "your side will take", "nothing tops the bid", "Type a number",
             "A bid is ", "lower rank to call", "Two for", "up and down", "Call a card",
             "your secret partner", "held {}", "cannot be called", "You call ", "you hold it",
             "calls it.", "(bot) failed", "Your bid",
             # the side panel and the seats on the bidding
             "no bid yet", "High bid {}", "Bidder {}", "no bid, 61", "partner: ",
             "You bid first", "Bids so far", "monte: {}", "bidder (61)", "bidder {}",
             "to lay aside", "to choose",
             # the table's notices
             "A bot was replaced", "built-in bot plays", "No hints in this match",
             "hints are for a decision", "Hints are for your own turn", "No hint this time",
             "coach is thinking", "puts the hint away", "Enter plays the card chosen",
             "Pass to {}", "hidden until then", "always see it")
#: glue, said whole by the table instead: a list of names (``List``), the history's points
GLUE = (" and ", " card points", " card point", "{} card point", "{} game")


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module, its docstrings left out, and its f-strings with
    "{}" for each value put in."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    out = [(n.lineno, n.value) for n in ast.walk(tree)
           if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]
    out += [(n.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}"
                               for v in n.values))
            for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)]
    return out


def test_no_sentence_about_the_play_is_built_outside_the_narrator() -> None:
    found = []
    for part in ("tui", "replay", "coach"):
        for path in sorted((PACKAGE / part).rglob("*.py")):
            for line, text in _strings(path):
                for words in SENTENCES:
                    if words in text or text in GLUE:
                        found.append(f"{path.relative_to(PACKAGE)}:{line}: {text!r}")
    assert found == []


def test_actions_named_and_rounds_of_choices_say_the_tables_words() -> None:
    from bisca_tui.engine import actions as A
    from bisca_tui.engine.narrate import action_noun, bid_label, choice_round

    v = make_variant("chiamata-subito-al-due", None, 5)
    named = {bid_label(v, A.PASS), bid_label(v, A.REOPEN)}
    named |= {action_noun(a) for a in (A.CUT, A.KNOCK, A.EXCHANGE, A.REOPEN, A.ALONE, A.SHOW,
                                       A.REDEAL)}
    bids = ("points.one", "points.many", "two_for")  # a bid in words
    assert named == {fill(M.template("Action", f), bid="61 points")[0]
                     for f in MESSAGES["Action"] if f not in bids}
    assert bid_label(make_variant("chiamata", None, 5), A.BID + 70) == "Two for 70"
    assert bid_label(make_variant("sueca-5"), A.BID + 61) == "61 points"
    said = set()
    for phase, legal in (("claim", [A.PASS, A.REDEAL]), ("auction", [A.PASS, A.REOPEN]),
                         ("declare", [A.ALONE, A.SHOW])):
        got = choice_round(phase, legal)
        assert got is not None
        r, labels = got
        said |= {r.title, r.hint, *(label for _, label in labels)}
    assert said == set(MESSAGES["Choice"].values())


def test_names_are_joined_by_the_tables_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Names (and cards) joined in a list take the table's words, so that a translation
    joins them its own way: no English glue in the code that joins."""
    from bisca_tui.engine.narrate import and_list, joined

    assert [and_list(["Ana", "Rui", "Eva", "Gil"][:k]) for k in range(5)] == [
        "", "Ana", "Ana and Rui", "Ana, Rui and Eva", "Ana, Rui, Eva and Gil"]
    assert joined([CardRef(1), CardRef(2), CardRef(3)]) == (
        CardRef(1), ", ", CardRef(2), " and ", CardRef(3))
    monkeypatch.setitem(MESSAGES, "List", {"two": "{first} e {last}", "start": "{first}; {rest}",
                                           "end": "{first} e {last}"})
    assert and_list(["Ana", "Rui", "Eva", "Gil"]) == "Ana; Rui; Eva e Gil"
    assert and_list(["Ana", "Rui"]) == "Ana e Rui"
