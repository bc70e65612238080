"""The words of the commands' parts that tests of the command line seldom reach pass through
gettext too: the problems of saves, settings and the data folder the table reports, the
server's lines and refusals; and JSON output is the same in every language, byte for byte.

As in ``test_cli_words``, a catalogue that shouts stands in for Portuguese: a message that
passed through gettext comes back in capitals, its ``{fields}`` as they were.
"""

from __future__ import annotations

import gettext
import json
import re
from importlib import resources
from pathlib import Path

import pytest
from shouting import Shouting

from bisca_tui import cli, lang, serve
from bisca_tui.engine.records import RecordError, load_record
from bisca_tui.history.sample import demo_entries
from bisca_tui.history.store import Store
from bisca_tui.table.recording import from_saved
from bisca_tui.table.save import (
    SAVE_NAME,
    SaveProblem,
    folder_problem,
    migrate,
    read_save,
    table_path,
)
from bisca_tui.table.seats import level_refused, program_refused, seats_from_json

SHOUTED = "pt"
EXAMPLES = resources.files("bisca_tui") / "examples"


@pytest.fixture(autouse=True)
def shouting(monkeypatch):
    """Portuguese is spoken by the shouting catalogue, and spoken from the start of each
    test; English again after it."""
    real = lang._catalogue
    monkeypatch.setattr(lang, "_catalogue",
                        lambda code: Shouting() if code == SHOUTED else real(code))
    lang.use(SHOUTED)
    yield SHOUTED
    lang.use(lang.DEFAULT)


def small_words(text: str, *values: str) -> set[str]:
    """The words of ``text`` with a small letter, once the paths and the ``values`` it
    quotes (names, fields of a file) are taken out."""
    text = re.sub(r"\S*/\S*", " ", text)
    for value in sorted(values, key=len, reverse=True):
        text = text.replace(value, " ")
    return {w for w in re.findall(r"[^\W\d][\w-]*", text) if any(c.islower() for c in w)}


# ----- JSON stays English ------------------------------------------------------------------


@pytest.fixture
def history(tmp_path: Path) -> Path:
    store, _problem = Store.open(tmp_path / "data")
    assert store is not None
    for entry in demo_entries(5):
        store.write(entry)
    store.close()
    return tmp_path / "data"


def _json(capsys, code: str, *argv: str) -> str:
    assert cli.main(["--lang", code, *argv, "--json"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["replay", str(EXAMPLES / "sueca-3.json")],
    ["replay", "--open", str(EXAMPLES / "chiamata-monte.json")],
    ["review", str(EXAMPLES / "chiamata.json"), "--deal", "1", "--samples", "2"],
    ["review", str(EXAMPLES / "sueca-3.json"), "--deal", "1", "--samples", "2"],
    ["stats"], ["history"],
], ids=lambda a: " ".join(Path(x).name for x in a))
def test_json_is_the_same_in_every_language(capsys, history, argv: list[str]) -> None:
    if argv[0] in ("stats", "history"):
        argv = [*argv, "--data-dir", str(history)]
    english = _json(capsys, "en", *argv)
    assert _json(capsys, SHOUTED, *argv) == english  # the words that would be translated
    for code in ("it", "es"):  # and the catalogues as translators leave them
        assert _json(capsys, code, *argv) == english


@pytest.mark.parametrize("variant", ["bisca-3", "chiamata"])
def test_the_arenas_json_is_the_same_in_every_language(capsys, variant: str) -> None:
    def report(code: str) -> dict:
        data = json.loads(_json(capsys, code, "arena", "--variant", variant, "--bots",
                                "random,easy", "--deals", "1"))
        data.pop("ms_per_decision")  # the time each bot took, different on every run
        return data

    english = report("en")
    assert english["measure"] in ("win rate", "mean score per deal")
    assert report(SHOUTED) == english


# ----- the table's saves, settings and data folder -----------------------------------------


def test_a_save_that_cannot_be_resumed_is_said_in_the_language(tmp_path: Path) -> None:
    path = tmp_path / SAVE_NAME
    for moved in (None, tmp_path / "saved-match.damaged-1.json"):
        text = SaveProblem(path, "why", moved).message()
        assert text.startswith("THE SAVED MATCH IN")
        assert small_words(text, "saved-match.damaged-1.json") == {"why"}
    path.write_text("{}", encoding="utf-8")
    table_path(path).write_text("[1]", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_save(tmp_path)
    assert "MUST BE A JSON OBJECT" in str(e.value)
    table_path(path).write_text("{no", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_save(tmp_path)
    # where the JSON went wrong, and what, all in the language
    assert str(e.value).endswith("saved-match.table.json, LINE 1, COLUMN 2: NOT VALID JSON "
                                 "(A KEY IN DOUBLE QUOTES WAS EXPECTED; IS THERE A COMMA TOO "
                                 "MANY?)")


def test_a_data_folder_that_cannot_be_used_is_said_in_the_language(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    text = folder_problem(blocked / "inside")
    assert text is not None and text.startswith("MATCHES CANNOT BE SAVED IN")
    assert "THE FOLDER CANNOT BE MADE" in text


def test_saves_moved_from_the_old_folder_are_said_in_the_language(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    for folder in (old, new):
        (folder / "save-1.json").write_text("{}", encoding="utf-8")
    (old / SAVE_NAME).write_text("{}", encoding="utf-8")
    lines = migrate(old, new)
    assert lines[0].startswith("SAVED MATCHES MOVED FROM")
    assert any("WAS LEFT WHERE IT IS" in line for line in lines[1:])
    for line in lines:
        assert small_words(line, "save-1.json") == set(), line


@pytest.mark.parametrize(("seats", "says"), [
    ([{}], "MUST LIST 2 SEATS"),
    ([{"kind": "alien"}, {}], "MUST SAY KIND"),
    ([{"kind": "human", "name": "Ana", "colour": "red"}, {}], "WHICH THE TABLE NEVER WRITES"),
    ([{"kind": "human"}, {}], "HAS NO NAME"),
    ([{"kind": "human", "name": "Ana", "level": 3}, {}], "MUST BE A STRING"),
    ([{"kind": "human", "name": "Ana", "level": "easy"}, {}], "YET NAMES A BOT LEVEL"),
    ([{"kind": "bot", "name": "Rui", "level": "genius"}, {}], "IS NOT A BOT LEVEL"),
    ([{"kind": "bot", "name": "Rui", "level": "easy", "program": "x"}, {}],
     "IS NOT AN OUTSIDE PROGRAM"),
    ([{"kind": "bot", "name": "Rui", "level": "cmd:x", "program": "cmd:x"}, {}],
     "IS NOT A BUILT-IN LEVEL"),
    ([{"kind": "bot", "name": "Rui", "level": "easy", "program": "cmd:x"}, {}],
     "MUST BE A DEAL NUMBER"),
])
def test_a_saved_table_that_is_refused_says_why_in_the_language(seats: list, says: str) -> None:
    with pytest.raises(ValueError) as e:
        seats_from_json(seats, 2, ["Ana", "Rui"])
    assert says in str(e.value)
    # the fields named are the file's, as it writes them
    assert small_words(str(e.value), "table.seats", ".level", ".program", ".stand_in_from",
                       "human", "bot", "colour", "genius", "easy", "cmd:x", "x") == set()


def test_a_saved_tables_settings_are_refused_in_the_language() -> None:
    record = load_record(str(EXAMPLES / "bisca-3.json"))
    for table in ({"hide_points": "yes"}, {"hints": 1}):
        with pytest.raises(ValueError) as e:
            from_saved(record, table)
        assert "MUST BE TRUE OR FALSE" in str(e.value)


def test_a_seat_a_program_cannot_take_is_said_in_the_language() -> None:
    for allowed in (True, False):
        text = program_refused("Rui", allowed, "medium")
        assert small_words(text, "Rui", "medium") == set()
    assert small_words(level_refused("Rui", "BROKEN", "random"), "Rui", "random") == set()


# ----- the server ----------------------------------------------------------------------------


def test_the_servers_lines_are_in_the_language(capsys) -> None:
    server = serve.make_server("true", "0.0.0.0", 8123, "s3cret")
    server.say_where()
    out = capsys.readouterr().out
    assert small_words(out, "bisca-tui", "http://0.0.0.0:8123/?token=s3cret") == set()
    assert out.startswith("bisca-tui: THE CARD TABLE IS SERVED AT")
    assert small_words(serve.listening_warning("", 8000) or "") == set()
    assert small_words(serve.epilog()) == set()


async def test_the_servers_refusals_are_in_the_language() -> None:
    from aiohttp.test_utils import make_mocked_request

    server = serve.make_server("true", "127.0.0.1", 8123, "s3cret")
    page = await server.handle_index(make_mocked_request("GET", "/?token=wrong"))
    assert page.status == 403 and page.text.startswith("403 Forbidden: THIS PAGE NEEDS")
    ws = await server.handle_websocket(make_mocked_request(
        "GET", "/ws/s3cret", match_info={"token": "s3cret"},
        headers={"Origin": "http://elsewhere.example", "Host": "127.0.0.1:8123"}))
    assert ws.status == 403 and "ONLY THE CARD TABLE'S OWN PAGE" in ws.text


# ----- every message asked for is one the catalogues gather --------------------------------


class Asked(gettext.NullTranslations):
    """A catalogue that keeps every (context, message) it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((context, msgid1))
        return msgid1 if n == 1 else msgid2


def test_every_message_the_commands_ask_for_is_gathered(capsys, monkeypatch, history) -> None:
    """A message written where Babel cannot read it (a context in a variable, a message
    never marked) would never be translated: each one asked for is in the template."""
    from bisca_tui.catalogues import gather

    asked = Asked()
    monkeypatch.setattr(lang, "_catalogue", lambda code: asked)
    commands = ("play", "variants", "replay", "review", "arena", "serve", "join", "stats",
                "history", "export")
    for argv in ([], *([c] for c in commands)):
        cli.main(["--lang", SHOUTED, *argv, "--help"])
    for argv in (["variants"], ["stats", "--data-dir", str(history)],
                 ["history", "--data-dir", str(history)],
                 ["replay", "--open", str(EXAMPLES / "sueca-3.json")],
                 ["replay", str(EXAMPLES / "chiamata-monte.json")],
                 ["review", str(EXAMPLES / "chiamata.json"), "--deal", "1", "--samples", "2"],
                 ["arena", "--variant", "chiamata", "--bots", "random,easy", "--deals", "1"]):
        assert cli.main(["--lang", SHOUTED, *argv]) == 0, argv
    capsys.readouterr()
    gathered = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in gather()}
    assert len(asked.asked) > 100
    assert asked.asked - gathered == set()
