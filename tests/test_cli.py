"""``bisca-tui``'s command line: subcommands, help, version, and refusals with status 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bisca_tui import __version__, cli
from bisca_tui.engine import all_variants

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "bisca_tui" / "examples" / "bisca-3.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class FakeApp:
    """Stands in for the Textual app: records how the command line built it."""

    made: list[dict[str, Any]] = []

    def __init__(self, **kwargs: Any) -> None:
        FakeApp.made.append(kwargs)

    return_code: int | None = 0

    def run(self) -> int:
        return 0


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import bisca_tui.tui.app as tui_app

    FakeApp.made = []
    monkeypatch.setattr(tui_app, "BiscaApp", FakeApp)
    return FakeApp.made


# ----- version and help ------------------------------------------------------------------------


def test_version(capsys) -> None:
    code, out, err = run(capsys, "--version")
    assert code == 0 and out == f"bisca-tui {__version__}\n" and err == ""


@pytest.mark.parametrize("argv", [["--help"], ["-h"]])
def test_help_is_plain_text_and_lists_commands_and_options(capsys, argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert out.startswith("usage: bisca-tui ")
    assert "`" not in out  # plain text, not reStructuredText
    for word in ("play", "variants", "replay", "review", "arena", "--version", "--variant ID",
                 "--cards STYLE", "--speed SPEED", "--data-dir DIR"):
        assert word in out
    usage = out.split("\n\n")[0]
    options = re.findall(r"^  (--?[\w-]+)", out, re.MULTILINE)
    assert len(options) >= 6
    for option in options:  # the usage line, written out by hand, names every option
        assert option in usage, option
    assert "[COMMAND ...]" in usage


@pytest.mark.parametrize("command", ["play", "variants", "replay", "review", "arena"])
def test_every_command_has_help(capsys, command: str) -> None:
    code, out, err = run(capsys, command, "--help")
    assert code == 0 and err == ""
    assert out.startswith(f"usage: bisca-tui {command} ")
    assert "`" not in out


def test_arena_help_documents_the_exit_status_of_a_fallback(capsys) -> None:
    code, out, _ = run(capsys, "arena", "--help")
    assert code == 0
    assert "Exit status:" in out
    assert "  3  an external bot failed" in out
    for option in ("--time-limit", "--start-timeout", "--fallback", "--jobs", "--deals"):
        assert option in out


# ----- the commands ----------------------------------------------------------------------------


def test_variants_lists_every_game(capsys) -> None:
    code, out, err = run(capsys, "variants")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Games:"
    assert [line.split()[0] for line in lines[1:]] == [cls.id for cls in all_variants()]


def test_ctrl_c_before_a_command_takes_it_stops_without_a_traceback(capsys,
                                                                   monkeypatch) -> None:
    def interrupted() -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "variants_text", interrupted)  # Ctrl+C while it works
    code, out, err = run(capsys, "variants")
    assert code == 130 and out == "" and err == ""


def test_replay_goes_through_the_replay_command(capsys) -> None:
    code, out, err = run(capsys, "replay", str(EXAMPLE), "--json")
    assert code == 0 and err == ""
    assert json.loads(out)["format"] == "bisca-tui-replay"
    code, out, err = run(capsys, "replay", str(ROOT / "no-such-record.json"))
    assert code == 2 and out == ""
    assert err.startswith("bisca-tui replay: ") and "no such file" in err


def test_arena_runs_and_returns_zero(capsys) -> None:
    code, out, err = run(capsys, "arena", "--variant", "bisca-3", "--bots", "easy,random",
                         "--deals", "2", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["deals"] == 2 and data["replaced"] is False


@pytest.mark.parametrize(("argv", "expected"), [
    ([], {"variant": None, "card_style": "symbols", "speed": "normal",
          "data_directory": None}),
    # the README's example of the card table's options
    (["--variant", "bisca-9", "--cards", "letters", "--speed", "fast"],
     {"variant": "bisca-9", "card_style": "letters", "speed": "fast"}),
    (["play", "--cards", "letters", "--data-dir", "saves"],
     {"card_style": "letters", "data_directory": "saves", "speed": "normal"}),
    # options before the command are kept
    (["--cards", "letters", "play", "--speed", "slow"],
     {"card_style": "letters", "speed": "slow", "variant": None}),
])
def test_play_is_the_default_and_takes_the_table_options(
        fake_app: list[dict[str, Any]], argv: list[str], expected: dict[str, Any]) -> None:
    assert cli.main(argv) == 0
    assert len(fake_app) == 1
    made = fake_app[0]
    for key, value in expected.items():
        assert made[key] == value, key


def test_programs_are_named_on_the_command_line_or_refused_outright(
        fake_app: list[dict[str, Any]], capsys) -> None:
    assert cli.main(["--program", "python3 my_bot.py", "play", "--speed", "slow"]) == 0
    assert fake_app[-1]["programs"] == ["python3 my_bot.py"]
    assert fake_app[-1]["no_programs"] is False
    assert cli.main(["play", "--no-programs"]) == 0
    assert fake_app[-1]["no_programs"] is True and fake_app[-1]["programs"] == []
    count = len(fake_app)
    code, out, err = run(capsys, "--no-programs", "--program", "python3 my_bot.py")
    assert code == 2 and "cannot be used together" in err
    assert len(fake_app) == count  # no table opened


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"]])
def test_the_cards_help_lists_exactly_the_styles_taken(capsys, argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    text = " ".join(out.split())
    cards = text.split("--cards STYLE ", 1)[1].split("--speed SPEED", 1)[0]
    listed = re.findall(r"(\w+) \(", cards)
    taken = next(a for a in cli.build_parser()._actions if a.dest == "cards").choices
    assert listed == list(taken) == ["symbols", "french", "letters"]
    for style in taken:
        assert cli.build_parser().parse_args(["--cards", style]).cards == style


# ----- refusals ----------------------------------------------------------------------------------

ARENA = ["arena", "--variant", "bisca-3", "--bots", "random,random"]

REFUSED = [
    (ARENA + ["--jobs", "0"], "bisca-tui arena: error: argument --jobs: must be at least 1, not 0"),
    (ARENA + ["--deals", "-5"],
     "bisca-tui arena: error: argument --deals: must be at least 1, not -5"),
    (ARENA + ["--deals", "0"], "argument --deals: must be at least 1, not 0"),
    (ARENA + ["--deals", "many"], "argument --deals: not a whole number: 'many'"),
    (["arena", "--variant", "bisca-3", "--bots", "random,random,random"],
     "argument --bots: takes two bots, A,B"),
    (["arena", "--variant", "bisca-3", "--bots", "random"], "argument --bots: takes two bots"),
    (["arena", "--variant", "bisca-3", "--bots", "random,wizard"],
     "argument --bots: unknown bot 'wizard'"),
    (["arena", "--variant", "bisca-3", "--bots", "cmd:,random"],
     "argument --bots: cmd: needs the command"),
    (["arena", "--variant", "bisca-5", "--bots", "random,random"],
     "argument --variant: unknown variant 'bisca-5'"),
    (ARENA + ["--players", "3"], "Bisca de Três is for 2 players, not 3"),
    (ARENA + ["--option", "trumps=none"], "bisca-3 has no house rule 'trumps'"),
    (ARENA + ["--time-limit", "-1"], "argument --time-limit: must be more than 0 seconds"),
    (ARENA + ["--fallback", "wizard"], "argument --fallback: invalid choice: 'wizard'"),
    (["--variant", "bisca-5"], "bisca-tui: error: argument --variant: unknown variant 'bisca-5'"),
    (["play", "--variant", "nope"], "bisca-tui play: error: argument --variant: unknown variant"),
    (["--cards", "fancy"], "bisca-tui: error: argument --cards: invalid choice: 'fancy'"),
    (["play", "--cards", "emoji"], "argument --cards: invalid choice: 'emoji'"),
    (["--speed", "warp"], "argument --speed: invalid choice: 'warp'"),
    (["chess"], "argument COMMAND: invalid choice: 'chess'"),
    (["variants", "bisca-3"], "unrecognized arguments: bisca-3"),
    (["replay"], "bisca-tui replay: error: the following arguments are required: FILE"),
    (["review"], "bisca-tui review: error: the following arguments are required: FILE"),
    (["review", "x.json", "--deal", "0"], "argument --deal: must be at least 1, not 0"),
    (["review", "x.json", "--seat", "-1"], "argument --seat: must be 0 or more, not -1"),
    (["stats", "--opponent", "robots"], "bisca-tui stats: error: argument --opponent: unknown "
     "kind of opponent 'robots' (kinds: human, bot:random, bot:easy, bot:medium, bot:hard, "
     "program, mixed)"),
    (["history", "--opponent", "bot:wizard"], "unknown kind of opponent 'bot:wizard'"),
    (["history", "--limit", "-1"], "argument --limit: must be 0 (every match) or more, not -1"),
    (["history", "--limit", "ten"], "argument --limit: not a whole number: 'ten'"),
    # a data folder that is a file
    *[(argv + ["--data-dir", str(EXAMPLE)],
       f"argument --data-dir: {str(EXAMPLE)!r} is a file, not a folder")
      for argv in ([], ["play"], ["stats"], ["history"], ["export", "1"])],
]


def test_serve_refuses_a_file_for_data_folder(capsys) -> None:
    """Parsed only: a serve command line that got through would start serving."""
    with pytest.raises(SystemExit) as e:
        cli.build_parser().parse_args(["serve", "--data-dir", str(EXAMPLE)])
    assert e.value.code == 2
    assert f"argument --data-dir: {str(EXAMPLE)!r} is a file, not a folder" in \
        capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_bad_values_are_refused_with_status_2(capsys, fake_app: list[dict[str, Any]],
                                              argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err, err
    assert err.splitlines()[0].startswith("usage: bisca-tui")
    assert "Traceback" not in err
    assert fake_app == []  # the card table never opened


# ----- as a program ------------------------------------------------------------------------------


def module(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bisca_tui", *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_python_m_version_and_refusal() -> None:
    done = module("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"bisca-tui {__version__}"
    done = module("arena", "--variant", "bisca-3", "--bots", "random,random,random")
    assert done.returncode == 2 and done.stdout == ""
    assert "bisca-tui arena: error: argument --bots: takes two bots" in done.stderr
    done = module("--cards", "fancy")
    assert done.returncode == 2
    assert "argument --cards: invalid choice: 'fancy'" in done.stderr


def test_python_m_arena_exits_3_when_a_program_is_replaced() -> None:
    done = module("arena", "--variant", "bisca-3", "--bots", "cmd:no-such-bot-program-xyz,random",
                  "--deals", "1")
    assert done.returncode == 3
    assert "replaced by the built-in medium bot in deal 1 (seat 0) because it could not be " \
           "started" in done.stderr
    assert "not the program's alone" in done.stdout
