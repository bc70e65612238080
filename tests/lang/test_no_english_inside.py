"""No English word of ours inside another language: the rules page of every game (at every
number of players, with each choice of each house rule), the refusal of every card that may
not be played, and the screens' lines that name a person, a seed or a count, in Portuguese,
Italian and Spanish.
The words looked for are the game's own (``words_support``).
"""

from __future__ import annotations

import random
import re

import pytest
from words_support import english_in, english_words

from bisca_tui import lang
from bisca_tui.engine import GameState
from bisca_tui.engine.cards import PACKS
from bisca_tui.engine.narrate.sayings import words
from bisca_tui.engine.variant import all_variants, make_variant
from bisca_tui.engine.words import YOU
from bisca_tui.rules import rules_markdown

OTHERS = [code for code in lang.LANGUAGES if code != lang.DEFAULT]


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


@pytest.mark.parametrize("code", OTHERS)
def test_no_translation_in_the_catalogues_leaves_a_word_of_ours_in_english(code) -> None:
    """Every sentence of the table, as the language's catalogue has it (its fields aside;
    the list of actions typed in notation, ``cut``, ``exchange``, is notation)."""
    from bisca_tui.lang.catalogue import po_path, read

    found = {}
    for msg in read(po_path(code), code):
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in strings:
            if msg.id and "signal:" not in text:
                words = english_in(code, re.sub(r"\{[^{}]*\}", "", text))
                if words:
                    found[text] = words
    assert found == {}


def option_sets(cls) -> list[dict]:
    """The default house rules, then each choice of each house rule on its own."""
    sets: list[dict] = [{}]
    for rule in cls.house_rules:
        sets += [{rule.name: c} for c in rule.choices if c != rule.default]
    return sets


def test_the_words_looked_for_are_the_game_s_own() -> None:
    words = english_words()
    assert {"clubs", "hearts", "spades", "diamonds", "tie", "void", "match", "sweep", "comb",
            "seed", "you", "mistake", "partners", "cups", "batons", "horse"} <= words
    assert english_in("pt", "naipe de saída: clubs; regra da casa `tie` em `void`") == [
        "clubs", "tie", "void"]
    assert english_in("es", "Seña a tus compañeros (`signal:ace_of_trumps`)") == []


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("cls", all_variants(), ids=lambda c: c.id)
def test_every_rules_page_speaks_the_language_alone(code, cls) -> None:
    lang.use(code)
    found = {}
    for players in cls.players:
        for options in option_sets(cls):
            try:
                page = rules_markdown(cls.id, options, players)
            except Exception:  # a house rule that this number of players does not take
                continue
            words = english_in(code, page)
            if words:
                found[(players, tuple(options.items()))] = words
    assert found == {}


def refusals(cls, players: int, options: dict, seeds: int = 2) -> set[str]:
    """The refusal of every card held and not playable, along a few deals played at
    random."""
    said: set[str] = set()
    try:
        variant = make_variant(cls.id, options, players)
    except Exception:  # a house rule that this number of players does not take
        return said
    for seed in range(seeds):
        state = GameState(variant, dealer=0, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and state.current is not None:
            legal = state.legal_actions()
            hand = state.hands[state.current]
            for card in hand:
                if card not in legal and any(a < 80 for a in legal):
                    said.add(str(state.refusal(card)))
            state.apply(rng.choice(legal))
    return said


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("cls", all_variants(), ids=lambda c: c.id)
def test_every_refusal_to_play_a_card_speaks_the_language_alone(code, cls) -> None:
    lang.use(code)
    said = set().union(*(refusals(cls, n, o) for n in cls.players for o in option_sets(cls)
                         if not any(isinstance(v, float) for v in o.values())))
    if cls.id in ("sueca", "brisca"):
        assert said  # the game refuses cards: what is looked at is there
    assert {s: english_in(code, s) for s in said if english_in(code, s)} == {}


def test_a_refusal_to_follow_names_the_suit_in_the_game_s_own_pack() -> None:
    """Sueca refuses in the Portuguese pack's words, told in the language of the reader
    when it is read, and in English where the rule is kept in English."""
    v = make_variant("sueca")
    lang.use("pt")
    for seed in range(40):
        state = GameState(v, dealer=0, seed=seed)
        state.apply(state.legal_cards()[0])
        wrong = [c for c in state.hands[state.current] if c not in state.legal_cards()]
        if wrong:
            break
    refusal = state.refusal(wrong[0])
    letter = "SHDC"[v.suit[state.trick[0]]]
    assert str(refusal) == "tens de assistir quando puderes (naipe de saída: {})".format(
        PACKS["portuguese"].local_suit_names[letter])
    lang.use("en")
    assert str(refusal) == "you must follow suit ({} were led) when you can".format(
        PACKS["portuguese"].suit_names[letter])
    lang.use("it")
    assert words(refusal, english=True) == "you must follow suit ({} were led) when you can" \
        .format(PACKS["portuguese"].suit_names[letter])


@pytest.mark.parametrize("code", OTHERS)
def test_the_screens_lines_speak_the_language_alone(code, tmp_path, capsys) -> None:
    from bisca_tui.cli import main
    from bisca_tui.coach.report import marks_line
    from bisca_tui.engine.spoken import game_description, game_name
    from bisca_tui.history.sample import entry_of, play, sitters
    from bisca_tui.history.store import Store
    from bisca_tui.table.seats import default_seats
    from bisca_tui.table.session import Session
    from bisca_tui.tui.app_saves import describe
    from bisca_tui.tui.screens.keys import key_name
    from bisca_tui.tui.screens.newgame_choices import game_prompt
    from bisca_tui.tui.screens.table import TableScreen
    from bisca_tui.tui.widgets.side import seed_label

    store, _ = Store.open(tmp_path)
    assert store is not None
    store.write(entry_of(play("bisca-3", 1000), sitters(2, YOU, "easy"), "m1",
                         "2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z"))
    store.close()
    assert main(["--lang", code, "stats", "--data-dir", str(tmp_path)]) == 0
    lines = {"stats": capsys.readouterr().out.splitlines()[0]}
    lang.use(code)
    lines["seed"] = seed_label(123)
    lines["saved"] = describe(Session.new("sueca", {}, default_seats(4), seed=1),
                              tmp_path / "no-such-save.json")
    lines["marks"] = " ".join(marks_line(12.5, m, b) for m in (0, 1, 2) for b in (0, 1, 2))
    tips = [b.tooltip for b in TableScreen.BINDINGS if getattr(b, "tooltip", "")]
    lines["tips"] = " ".join(lang._(t) for t in tips)
    lines["keys"] = " ".join(key_name(k) for k in ("space", "enter", "escape", "left", "f1"))
    for cls in all_variants():
        lines[cls.id] = str(game_prompt(game_name(cls), game_description(cls), True))
    assert {k: english_in(code, v) for k, v in lines.items() if english_in(code, v)} == {}
    # counts in words of their own number, never "erro(s)"
    assert "(" not in lines["marks"]
    # the chosen game's mark names the choice, so it agrees with any game's name
    # ("Sueca" and "Brisca" are feminine where "Briscola Chiamata by points" may not be)
    assert lang._("(chosen)").strip("()") not in {
        "escolhido", "escolhida", "elegido", "elegida", "scelto", "scelta"}


SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # a signal's id, as a record keeps it


@pytest.mark.parametrize("code", OTHERS)
def test_a_replayed_record_speaks_the_language_alone(code, capsys) -> None:
    """The text of a replay names house rules and their choices in the reader's words;
    the record's notation (cards as ``QS``, signals by id) is the same in every language."""
    from importlib import resources

    from bisca_tui.cli import main

    found = {}
    for entry in sorted((resources.files("bisca_tui") / "examples").iterdir(),
                        key=lambda e: e.name):
        assert main(["--lang", code, "replay", str(entry)]) == 0
        words = english_in(code, SNAKE.sub("", capsys.readouterr().out))
        if words:
            found[entry.name] = words
    assert found == {}
