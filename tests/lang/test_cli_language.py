"""The language of the command line: --lang, else the language last chosen at the table,
else the system's; JSON output the same in every language."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from bisca_tui import cli, lang

EXAMPLES = sorted(p.name for p in (resources.files("bisca_tui") / "examples").iterdir()
                  if p.name.endswith(".json"))


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


def run(capsys, *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    return capsys.readouterr().out


def example(name: str) -> str:
    return str(resources.files("bisca_tui") / "examples" / name)


def test_the_language_chosen_at_the_table_is_remembered_and_lang_overrides_it(
        capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "variants"])
    assert cli.chosen_language(args) == "es"  # nothing chosen yet: the system's
    (tmp_path / "settings.json").write_text(json.dumps({"language": "it"}), encoding="utf-8")
    assert cli.chosen_language(args) == "it"
    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "--lang", "pt",
                                          "variants"])
    assert cli.chosen_language(args) == "pt"
    # a broken or foreign settings file is no language, and is left as it is
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "variants"])
    assert cli.chosen_language(args) == "es"
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == "{not json"
    (tmp_path / "settings.json").write_text(json.dumps({"language": "xx"}), encoding="utf-8")
    assert cli.chosen_language(args) == "es"


@pytest.mark.parametrize("name", EXAMPLES)
def test_replay_json_is_the_same_in_every_language(capsys, tmp_path, name):
    outputs = {run(capsys, "--data-dir", str(tmp_path), "--lang", code, "replay", "--json",
                   example(name)) for code in lang.LANGUAGES}
    assert len(outputs) == 1
def test_lang_chooses_the_language_of_a_commands_text(capsys, tmp_path):
    from bisca_tui.engine import make_variant
    from bisca_tui.engine.narrate import say
    from bisca_tui.engine.spoken import game_name

    for code in lang.LANGUAGES:
        text = run(capsys, "--data-dir", str(tmp_path), "--lang", code, "replay",
                   example("brisca.json"))
        with lang.speaking(code):
            heading = say("Replay", "head", game=game_name(make_variant("brisca")),
                          id="brisca", count=2)
        assert text.splitlines()[0] == heading
    assert heading != "Spanish Brisca (brisca), 2 players"  # Spanish, at last


