"""What every command writes, run as a program: names that came from a record shown as text
(never terminal codes, even a lone surrogate), JSON that reads back to the very names, and a
reader gone away (``| head``, ``| true``) ending the command quietly."""

from __future__ import annotations

import json

import pytest
from program_support import RAW, ROOT, assert_quiet_end, into_closed_pipe, program

from bisca_tui.output import json_text, printable, printable_lines

EXAMPLES = ROOT / "bisca_tui" / "examples"

# a colour, a window title (OSC ... BEL), the one-byte CSI of C1, and a lone surrogate
HOSTILE = ["\x1b[31mAna\x1b]0;title\x07", "Bruno\x9b2J\ud800"]
SHOWN = ["\\x1b[31mAna\\x1b]0;title\\x07", "Bruno\\x9b2J\\ud800"]


@pytest.fixture(scope="module")
def hostile_record(tmp_path_factory: pytest.TempPathFactory) -> str:
    data = json.loads((EXAMPLES / "briscola.json").read_text(encoding="utf-8"))
    data["players"] = HOSTILE
    path = tmp_path_factory.mktemp("records") / "hostile.json"
    # json.dumps writes the lone surrogate as the escape \ud800, as a record may hold it
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_escapes_of_text_and_json() -> None:
    assert [printable(n) for n in HOSTILE] == SHOWN
    assert printable("Inês ♠") == "Inês ♠"
    assert printable_lines("a\x1b[2J\nb\x9b") == "a\\x1b[2J\nb\\x9b"
    text = json_text({"players": HOSTILE, "name": "Inês ♠"})
    assert RAW.search(text) is None and "Inês ♠" in text
    assert json.loads(text) == {"players": HOSTILE, "name": "Inês ♠"}


@pytest.mark.parametrize("flags", [[], ["--open"]])
def test_replay_shows_hostile_names_as_text(hostile_record: str, flags: list[str]) -> None:
    done = program("replay", hostile_record, *flags)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert f"Seats: 0 {SHOWN[0]}, 1 {SHOWN[1]}" in out


def test_replay_json_reads_back_the_names_the_record_held(hostile_record: str) -> None:
    done = program("replay", hostile_record, "--json")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert [p["name"] for p in json.loads(out)["players"]] == HOSTILE


@pytest.mark.parametrize("seat", ["0", "1"])
def test_review_shows_hostile_names_as_text(hostile_record: str, seat: str) -> None:
    done = program("review", hostile_record, "--deal", "1", "--samples", "2", "--seat", seat)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert out.startswith(f"Deal 1 of Briscola, seat {seat} ({SHOWN[int(seat)]})")


def test_review_json_reads_back_the_name_the_record_held(hostile_record: str) -> None:
    done = program("review", hostile_record, "--deal", "1", "--samples", "2", "--seat", "1",
                   "--json")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert json.loads(out)["deals"][0]["player"] == HOSTILE[1]


@pytest.mark.parametrize("argv", [
    ["variants"],
    ["--help"],
    ["replay", "{record}"],
    ["replay", "{record}", "--json"],
    ["review", "{record}", "--deal", "1", "--samples", "2"],
    ["review", "{record}", "--deal", "1", "--samples", "2", "--json"],
    ["arena", "--variant", "briscola", "--bots", "random,random", "--deals", "2"],
    ["arena", "--variant", "briscola", "--bots", "random,random", "--deals", "2", "--json"],
], ids=lambda argv: " ".join(argv).replace("{record}", "FILE"))
def test_a_reader_gone_away_ends_the_command_quietly(hostile_record: str,
                                                    argv: list[str]) -> None:
    assert_quiet_end(into_closed_pipe(*[a.replace("{record}", hostile_record)
                                        for a in argv]))


def test_a_terminal_that_cannot_draw_a_letter_gets_its_escape() -> None:
    import io

    from bisca_tui.output import write_text

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    write_text("Inês ♠ \x1b[31m\n", stream)
    assert raw.getvalue() == b"In\\xeas \\u2660 \\x1b[31m\n"
