"""Every word the command line writes passes through gettext: its help, the games it lists,
the history and the statistics, replays, reviews, the arena's report and its refusals.

The translations are not asked for (translators are at work on them): a catalogue that
shouts stands in for one language, giving back every message it is asked for in capitals
(its ``{fields}`` left as they are). What the command writes in that language must then be
capitals, numbers and signs throughout, but for the values it shows: names, ids, card and
record notation, option names, and argparse's own words (its gettext domain, not ours).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from shouting import Shouting

from bisca_tui import cli, lang
from bisca_tui.bots.base import bot_levels
from bisca_tui.engine import all_variants
from bisca_tui.engine.records import load_record
from bisca_tui.history.sample import Sitter, demo_entries, entry_of, play
from bisca_tui.history.store import Store

SHOUTED = "pt"  # the language the shouting catalogue stands in for

EXAMPLES = resources.files("bisca_tui") / "examples"
RECORDS = sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith(".json"))
COMMANDS = ("play", "variants", "replay", "review", "arena", "serve", "host", "join",
            "stats", "history", "export", "verify", "room")
# the values the help shows: the program, the card styles and paces, the languages, the bot
# levels, the arena's clocks, typed as they are
TYPED = {"bisca-tui", *COMMANDS, "symbols", "french", "letters", "slow", "normal", "fast",
         "instant", *lang.LANGUAGES, *lang.LANGUAGES.values(), *bot_levels(arena=True), "wall",
         "cpu"}
IDS = {cls.id for cls in all_variants()}


@pytest.fixture(autouse=True)
def shouting(monkeypatch):
    """Portuguese is spoken by the shouting catalogue; the language is English again after."""
    real = lang._catalogue
    monkeypatch.setattr(lang, "_catalogue",
                        lambda code: Shouting() if code == SHOUTED else real(code))
    yield SHOUTED
    lang.use(lang.DEFAULT)


def run(capsys, *argv: str, code: int = 0) -> str:
    """``bisca-tui --lang pt ARGV``: what it wrote (standard output, then standard error)."""
    assert cli.main(["--lang", SHOUTED, *argv]) == code
    out, err = capsys.readouterr()
    return out + err


def unshouted(text: str, values: set[str] = frozenset(), drop: tuple[str, ...] = ()) -> set[str]:
    """The words of ``text`` with a small letter in them that are none of ``values``: once
    the paths in ``drop`` and the options (``--data-dir``) are taken out."""
    for path in drop:
        text = text.replace(path, " ")
    text = re.sub(r"\S*/\S*", " ", text)  # a file's path
    text = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*", " ", text)
    words = re.findall(r"[^\W\d][\w-]*(?:['’][^\W\d]+)?", text)
    return {w for w in words if any(c.islower() for c in w)} - set(values)


def example(name: str) -> str:
    return str(EXAMPLES / name)


# ----- the help ------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [[], *([c] for c in COMMANDS)], ids=lambda a: " ".join(a))
def test_every_help_is_in_the_language_of_the_command_line(capsys, argv: list[str]) -> None:
    text = run(capsys, *argv, "--help")
    # argparse's own words too: its usage line, its -h and --version
    assert unshouted(text, TYPED | IDS) == set()
    assert "USAGE:" in text and "SHOW THIS HELP MESSAGE AND EXIT" in text


def test_the_language_is_known_before_the_help_is_written(capsys, tmp_path, monkeypatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    words = "WHERE AN INTERRUPTED MATCH IS SAVED AND FOUND AGAIN"
    assert cli.main([f"--lang={SHOUTED}", "--help"]) == 0
    assert words in " ".join(capsys.readouterr().out.split())
    assert cli.main(["play", "--lan", SHOUTED, "--help"]) == 0  # an abbreviation argparse takes
    assert words in " ".join(capsys.readouterr().out.split())
    # the language last chosen at the table, in the data folder given
    (tmp_path / "settings.json").write_text(json.dumps({"language": SHOUTED}), encoding="utf-8")
    assert cli.main(["--data-dir", str(tmp_path), "--help"]) == 0
    assert words in " ".join(capsys.readouterr().out.split())
    # --lang before it all, the system's when nothing is chosen
    assert cli.main(["--data-dir", str(tmp_path), "--lang", "en", "--help"]) == 0
    assert words.lower() in " ".join(capsys.readouterr().out.split())
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    assert cli.main(["--help"]) == 0 and words in " ".join(capsys.readouterr().out.split())
    # a refusal of argparse's is written in it too
    assert cli.main(["--lang", SHOUTED, "review", "x.json", "--seat", "-1"]) == 2
    assert "MUST BE 0 OR MORE, NOT -1" in capsys.readouterr().err


def test_the_language_before_parsing_is_the_one_chosen_after(tmp_path, monkeypatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    (tmp_path / "settings.json").write_text(json.dumps({"language": "it"}), encoding="utf-8")
    for argv, code in [([], "es"), (["--lang", "pt"], "pt"), (["--lang=pt", "variants"], "pt"),
                       (["--lang", "xx"], "es"), (["--data-dir", str(tmp_path)], "it"),
                       ([f"--data-dir={tmp_path}", "--lang", "en"], "en"),
                       (["--lang", "pt", "--lang", "it"], "it"), (["--", "--lang", "pt"], "es"),
                       (["--lang"], "es")]:
        assert cli.language_before_parsing(argv) == code, argv


# ----- the commands --------------------------------------------------------------------------


def test_the_games_are_listed_in_the_language(capsys) -> None:
    text = run(capsys, "variants")
    lines = text.splitlines()
    assert lines[0] == "GAMES:"
    assert [line.split()[0] for line in lines[1:]] == [cls.id for cls in all_variants()]
    assert unshouted(text, IDS) == set()


@pytest.fixture
def history(tmp_path: Path) -> Path:
    """A history of Ana's matches against bots and Bea, and one against an outside program."""
    store, _problem = Store.open(tmp_path / "data")
    assert store is not None
    for entry in demo_entries(6):
        store.write(entry)
    people = [Sitter("Ana", "human", ""), Sitter("Prog", "program", "cmd:prog")]
    store.write(entry_of(play("bisca-3", 7), people, "p1", "2026-03-09T20:00:00Z"))
    store.close()
    return tmp_path / "data"


NAMES = {"Ana", "Bea", "Bot", "Prog"}


def test_the_history_and_the_statistics_are_in_the_language(capsys, history) -> None:
    text = run(capsys, "history", "--data-dir", str(history))
    assert "ID" in text.splitlines()[0] and "(PROGRAM)" in text and " WON" in text
    assert unshouted(text, NAMES) == set()
    text = run(capsys, "stats", "--data-dir", str(history))
    assert text.startswith("STATISTICS OF Ana (OTHERS: Bea; --player NAME)")
    assert "ALL GAMES" in text and "BY OPPONENT" in text and "EASY BOTS" in text
    assert unshouted(text, NAMES) == set()
    text = run(capsys, "stats", "--data-dir", str(history), "--player", "Bea")
    assert text.startswith("STATISTICS OF Bea") and unshouted(text, NAMES) == set()


def test_an_empty_history_is_said_in_the_language(capsys, tmp_path) -> None:
    for argv in (["stats"], ["history"]):
        text = run(capsys, *argv, "--data-dir", str(tmp_path))
        assert "NO GAME HISTORY YET" in text
        assert unshouted(text, drop=(str(tmp_path),)) == set()
    store, _problem = Store.open(tmp_path)
    assert store is not None
    store.close()
    assert run(capsys, "stats", "--data-dir", str(tmp_path)).startswith("NOBODY HAS PLAYED")
    assert run(capsys, "history", "--data-dir", str(tmp_path)).startswith("NO MATCH IN")


def test_export_says_what_it_did_in_the_language(capsys, history, tmp_path) -> None:
    out = tmp_path / "match.json"
    text = run(capsys, "export", "1", "--data-dir", str(history), "-o", str(out))
    assert text.startswith("MATCH 1 WRITTEN TO")
    assert unshouted(text, drop=(str(out),)) == set()
    text = run(capsys, "export", "99", "--data-dir", str(history), code=1)
    assert unshouted(text) == {"bisca-tui", "export"}  # the command that refused
    bad = str(tmp_path / "no-such-folder" / "x.json")
    text = run(capsys, "export", "1", "--data-dir", str(history), "-o", bad, code=1)
    assert "CANNOT WRITE" in text


def _record_values(name: str) -> set[str]:
    """What a replay of the record shows as it is: its players, its game's id, its house
    rules (names and values), its signals, and a dummy hand's name in the report."""
    record = load_record(example(name))
    v = record.make_variant()
    words = {*record.players, v.id, *v.signal_names}
    for key, value in record.options.items():
        words |= {key, *re.findall(r"\w+", json.dumps(value))}
    return words


@pytest.mark.parametrize("name", RECORDS)
def test_a_replay_is_told_in_the_language(capsys, name: str) -> None:
    values = _record_values(name)
    for argv in (["replay", example(name)], ["replay", "--open", example(name)]):
        assert unshouted(run(capsys, *argv), values) == set(), argv


@pytest.mark.parametrize("name", ["briscola.json", "sueca-3.json", "chiamata.json"])
def test_a_review_is_in_the_language(capsys, name: str) -> None:
    argv = ("review", example(name), "--deal", "1", "--samples", "2")
    text = run(capsys, *argv)
    data = json.loads(run(capsys, *argv, "--json"))
    notation = {w for d in data["deals"] for o in d["others"]
                for w in re.findall(r"[^\W\d][\w-]*", o["played"] + " " + o["advised"])}
    assert unshouted(text, _record_values(name) | notation) == set()


@pytest.mark.parametrize("variant", ["bisca-3", "chiamata"])  # won deals, or seats' payments
def test_the_arenas_report_is_in_the_language(capsys, variant: str) -> None:
    text = run(capsys, "arena", "--variant", variant, "--bots", "random,easy", "--deals", "1")
    assert unshouted(text, {variant, "random", "easy"}) == set()
    assert "MS PER DECISION" in text


REFUSED = [
    (["arena", "--variant", "bisca-3", "--bots", "random"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,nobody"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,cmd:"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,easy", "--option", "x"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,easy", "--time-limit", "0"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,easy", "--jobs", "0"], 2),
    (["arena", "--variant", "bisca-3", "--bots", "random,easy", "--seed", "x"], 2),
    (["review", example("briscola.json"), "--deal", "99"], 2),
    (["review", example("briscola.json"), "--seat", "9"], 2),
    (["review", example("briscola.json"), "--seat", "x"], 2),
    (["history", "--limit", "-1"], 2),
    (["stats", "--since", "yesterday"], 2),
    (["stats", "--opponent", "aliens"], 2),
    (["--no-programs", "--program", "my_bot"], 2),
    (["serve", "--port", "0"], 2),
    (["serve", "--program", "my_bot"], 2),
    (["host"], 2),
    (["host", "--resume", "--variant", "sueca"], 2),
    (["host", "--variant", "sueca", "--open", "7"], 2),
]


@pytest.mark.parametrize(("argv", "code"), REFUSED, ids=lambda a: " ".join(map(str, a))
                         if isinstance(a, list) else str(a))
def test_a_refusal_is_in_the_language(capsys, argv: list[str], code: int) -> None:
    text = run(capsys, *argv, code=code)
    values = (TYPED | IDS | {"int"}  # a type, as argparse names it: invalid int value
              | {"human", "bot", "program", "mixed"}  # the kinds of opponent, as typed
              | {"nobody", "aliens", "yesterday", "my_bot", "x"})  # what was typed
    assert unshouted(text, values) == set()


def test_argparse_s_own_words_come_from_a_real_catalogue(capsys) -> None:
    assert cli.main(["--lang", "it", "play", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: bisca-tui play") and "mostra questo aiuto ed esce" in out
    assert cli.main(["--lang", "es", "play", "--bogus"]) == 2
    assert "bisca-tui: error: argumentos no reconocidos: --bogus" in capsys.readouterr().err


def test_the_hosts_log_is_in_the_language(capsys, tmp_path) -> None:
    from bisca_tui.table.seats import BOT_NAMES

    text = run(capsys, "host", "--variant", "sueca", "--deals", "1", "--start-with", "0",
               "--level", "random", "--port", "0", "--data-dir", str(tmp_path))
    assert "INVITE CODE" in text and "DEAL 1: CARD POINTS" in text  # the intro, the log
    assert unshouted(text, TYPED | set(BOT_NAMES) | {"join"}) == set()
