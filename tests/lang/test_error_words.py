"""The engine's refusals pass through gettext: a house rule or table size a game does not
take (``OptionError``), a record that cannot be read (``RecordError``) and a game history
that cannot be used say what is wrong in the language of the table.

A catalogue that shouts stands in for a language, giving back every message in capitals
with its ``{fields}`` left as they are: the words of a message come out in capitals, the
values it names (file names, ids, record fields, JSON) as they are. In English the messages
are the English written in the code, word for word.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from shouting import Shouting

from bisca_tui import lang
from bisca_tui.engine.errors import OptionError
from bisca_tui.engine.records import RecordError, load_record, parse_record
from bisca_tui.engine.variant import make_variant
from bisca_tui.history.safety import BUSY_REASON, StoreProblem


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lang, "_t", Shouting)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    lang.use("en")
    yield
    lang.use("en")


def message(error: type[Exception], call: Callable[[], object]) -> str:
    with pytest.raises(error) as info:
        call()
    return str(info.value)


BAD_JSON = '{"format": "bisca-tui-record",\n "version": 1,,}'


def record(**changes: object) -> str:
    data: dict[str, object] = {"format": "bisca-tui-record", "version": 1, "variant": "sueca",
                               "players": ["Ana", "Bruno", "Carla", "Duarte"],
                               "deals": [{"seed": 1}]}
    data.update(changes)
    return json.dumps(data)


# ----- in the shouting language ----------------------------------------------------------

def test_a_house_rule_the_game_lacks_is_said_in_the_language(shouting: None) -> None:
    text = message(OptionError, lambda: make_variant("bisca-3", {"nope": 1}))
    assert text == "bisca-3 HAS NO HOUSE RULE 'nope' (IT HAS: match, extra_games)"
    text = message(OptionError, lambda: make_variant("bisca-3", {"match": "never"}))
    assert text.startswith("HOUSE RULE match TAKES ") and text.endswith(", NOT 'never'")
    text = message(OptionError, lambda: make_variant("nonesuch"))
    assert text.startswith("UNKNOWN VARIANT 'nonesuch' (KNOWN: bisca-3, ")


def test_a_table_size_the_game_does_not_take_is_said_in_the_language(shouting: None) -> None:
    # the game's name is the language's too
    assert message(OptionError, lambda: make_variant("sueca", {}, 3)) == \
        "SUECA IS FOR 4 PLAYERS, NOT 3"


def test_a_broken_record_file_is_said_in_the_language(shouting: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(BAD_JSON, encoding="utf-8")
    # the file's name is a value; what the JSON reader found is told in our words
    assert message(RecordError, lambda: load_record(bad)) == (
        f"{bad}, LINE 2, COLUMN 15: NOT VALID JSON (A KEY IN DOUBLE QUOTES WAS EXPECTED; IS "
        "THERE A COMMA TOO MANY?)")
    assert message(RecordError, lambda: load_record(tmp_path / "none.json")) == \
        f"{tmp_path / 'none.json'}: NO SUCH FILE"


def test_a_wrong_record_is_said_in_the_language(shouting: None) -> None:
    def said(text: str) -> str:
        return message(RecordError, lambda: parse_record(text, "f.json"))

    # the record's fields (players, deals, seed ...) and its values stay as written
    assert said(record(players=["a", "b", "c"])) == \
        "f.json: players: SUECA IS FOR 4 PLAYERS; THE RECORD NAMES 3"
    assert said(record(deals=[{"seed": 1, "bogus": 2}])) == (
        "f.json, DEAL 1: UNKNOWN FIELD 'bogus' (FIELDS HERE: seed, commitment, salt, layout, "
        "actions, undone, comment)")
    assert said(record(options=[])) == "f.json: options: MUST BE AN OBJECT"
    assert said(record(deals=[{"seed": 1, "actions": ["AS", 7]}])) == \
        "f.json, DEAL 1, ACTION 2: AN ACTION IS A STRING SUCH AS \"7H\" OR \"CUT\", NOT 7"
    assert said(record(deals=[{"seed": 1, "actions": ["AS"] * 1001}])) == \
        "f.json, DEAL 1, actions: 1001 ACTIONS ARE MORE THAN A DEAL HOLDS (AT MOST 1000)"


def test_a_history_that_cannot_be_used_is_said_in_the_language(shouting: None) -> None:
    busy = StoreProblem(Path("h.sqlite3"), BUSY_REASON, busy=True)
    assert busy.message() == ("THE GAME HISTORY h.sqlite3 IS BUSY (USED BY ANOTHER BISCA-TUI, "
                              "OR ANOTHER PROGRAM?); IT IS TRIED AGAIN LATER.")


# ----- in English, as before; in a real catalogue --------------------------------------

def test_english_is_the_code_s_own_words(tmp_path: Path) -> None:
    assert message(OptionError, lambda: make_variant("bisca-3", {"nope": 1})) == \
        "bisca-3 has no house rule 'nope' (it has: match, extra_games)"
    assert message(OptionError, lambda: make_variant("sueca", {}, 3)) == \
        "Sueca is for 4 players, not 3"
    bad = tmp_path / "bad.json"
    bad.write_text(BAD_JSON, encoding="utf-8")
    assert message(RecordError, lambda: load_record(bad)) == (
        f"{bad}, line 2, column 15: not valid JSON (a key in double quotes was expected; is "
        "there a comma too many?)")
    assert message(RecordError, lambda: parse_record(record(players=["a", "b", "c"]),
                                                     "f.json")) == \
        "f.json: players: Sueca is for 4 players; the record names 3"
    assert message(RecordError, lambda: parse_record(record(version=2), "f.json")) == \
        "f.json: version: this program reads version 1, found 2"
    assert StoreProblem(Path("h.sqlite3"), BUSY_REASON, busy=True).message() == (
        "The game history h.sqlite3 is busy (used by another bisca-tui, or another "
        "program?); it is tried again later.")


def test_the_catalogues_translate_them() -> None:
    with lang.speaking("pt"):
        assert message(OptionError, lambda: make_variant("sueca", {}, 3)) == \
            "Sueca joga-se com 4 jogadores, não 3"
        assert message(RecordError, lambda: parse_record(record(options=[]), "f.json")) == \
            "f.json: options: tem de ser um objeto"
    with lang.speaking("it"):
        assert message(RecordError, lambda: parse_record(
            record(deals=[{"seed": 1, "bogus": 2}]), "f.json")).startswith(
                "f.json, smazzata 1: campo sconosciuto 'bogus'")
    with lang.speaking("es"):
        assert StoreProblem(Path("h.sqlite3"), BUSY_REASON, busy=True).message() == (
            "El historial de partidas h.sqlite3 está ocupado (¿lo usa otro bisca-tui u otro "
            "programa?); se volverá a intentar más tarde.")
