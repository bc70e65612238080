"""An outside program sits at the table only once the person here said so: named with
--program, or confirmed in a dialog showing its exact command. Settings and saved matches
that name one never start it on their own, and --no-programs refuses them all."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Input, Select, Static
from tui_helpers import make_app, press, quiet, table, until

from bisca_tui.table.save import SAVE_NAME, TABLE_NAME, write_save
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session, seats_from_json
from bisca_tui.tui.app_seating import shown_command
from bisca_tui.tui.prefs import settings_path
from bisca_tui.tui.screens.confirm import ChoiceDialog
from bisca_tui.tui.screens.newgame import CMD, NewGameScreen, refuse_unknown_seats
from bisca_tui.tui.screens.start import StartScreen

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple_bot.py"
SIMPLE = shlex.join([sys.executable, str(EXAMPLE)])


def marker_command(marker: Path) -> str:
    """A command that leaves ``marker`` behind if it is ever run."""
    return shlex.join([sys.executable, "-c", f"open({str(marker)!r}, 'w').close()"])


def body_of(app) -> str:
    rendered = app.screen.query_one("#dialog-body", Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def write_settings(data: Path, command: str) -> None:
    data.mkdir(parents=True, exist_ok=True)
    seats = [{"name": "Ana"}, {"name": "Rui", "kind": CMD, "command": command}]
    settings_path(data).write_text(json.dumps({"new_game": {"variant": "bisca-3",
                                                            "seats": seats}}),
                                   encoding="utf-8")


def write_program_save(data: Path, command: str) -> tuple[str, str]:
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", f"cmd:{command}")]
    session = Session.new("bisca-3", {}, seats, seed=5)
    write_save(data, session.recording.save_text(), session.recording.table_text())
    return ((data / SAVE_NAME).read_text(encoding="utf-8"),
            (data / TABLE_NAME).read_text(encoding="utf-8"))


def saved_files(data: Path) -> tuple[str, str]:
    return ((data / SAVE_NAME).read_text(encoding="utf-8"),
            (data / TABLE_NAME).read_text(encoding="utf-8"))


async def open_form(app, pilot) -> NewGameScreen:
    await quiet(pilot)
    await press(pilot, "n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await quiet(pilot)
    return app.screen  # type: ignore[return-value]


async def test_the_form_asks_before_starting_a_program_the_settings_name(
        private_data, tmp_path) -> None:
    marker = tmp_path / "ran"
    command = marker_command(marker)
    write_settings(private_data, command)
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        # the settings fill in the form, and nothing more
        assert form.query_one("#kind-1", Select).value == CMD
        assert form.query_one("#cmd-1", Input).value == command
        assert not marker.exists()
        await press(pilot, "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert app.screen.id == "confirm-programs"
        assert f"Rui: {command}" in body_of(app)  # the exact command, as text
        await press(pilot, "enter")  # the answer in focus is no
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.screen is form and app.session is None
        await press(pilot, "ctrl+q")
    assert not marker.exists()


async def test_a_program_named_on_the_command_line_starts_without_a_question(
        private_data, tmp_path) -> None:
    write_settings(private_data, marker_command(tmp_path / "ran"))
    app = make_app(private_data, programs=[SIMPLE])
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        assert form.query_one("#cmd-1", Input).value == SIMPLE  # it wins over the settings
        await press(pilot, "ctrl+s")
        await until(pilot, lambda: app.session is not None and 1 in app.session.bots)
        bot = app.session.bots[1]
        assert bot.active and bot.handshake() and bot.name == "Simple"
        assert table(app) is app.screen
        await press(pilot, "ctrl+q")
    assert not (tmp_path / "ran").exists()


async def test_continue_shows_the_saved_command_and_starts_it_only_on_yes(
        private_data, tmp_path) -> None:
    marker = tmp_path / "ran"
    command = marker_command(marker)
    saved = write_program_save(private_data, command)
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        assert app.saves.saved is not None and app.saves.saved.bots == {}
        await press(pilot, "c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert app.screen.id == "confirm-programs"
        body = body_of(app)
        assert f"Rui: {command}" in body and SAVE_NAME in body
        await press(pilot, "escape")  # no
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.session is None and app.saves.saved is not None
        assert not marker.exists()
        assert saved_files(private_data) == saved  # the match stays as it was
        await press(pilot, "c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await press(pilot, "y")
        # started at last: it leaves its mark, then fails the protocol and a stand-in plays
        await until(pilot, lambda: marker.exists())
        await until(pilot, lambda: app.session is not None and 1 in app.session.bots)
        await press(pilot, "ctrl+q")


async def test_no_programs_refuses_a_saved_program_and_offers_none(private_data,
                                                                   tmp_path) -> None:
    marker = tmp_path / "ran"
    command = marker_command(marker)
    saved = write_program_save(private_data, command)
    write_settings(private_data, command)
    app = make_app(private_data, no_programs=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        await press(pilot, "c")
        await until(pilot, lambda: any("not allowed at this table" in str(n.message)
                                       for n in app._notifications))
        assert isinstance(app.screen, StartScreen) and app.session is None
        assert saved_files(private_data) == saved
        # the form offers no program, and says why the settings' one is dropped
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await press(pilot, "n")  # start a new game, the saved match kept aside
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await quiet(pilot)
        kinds = [value for _, value in form.query_one("#kind-1", Select)._options]
        assert CMD not in kinds and form.query_one("#kind-1", Select).value != CMD
        assert any("settings.json" in str(n.message) and "seats[1].kind" in str(n.message)
                   and "not allowed" in str(n.message) for n in app._notifications)
        # and a session seating one, however made, is refused before sitting down
        session = program_session(command)
        app.seating.start(session)
        await quiet(pilot)
        assert app.session is None
        await press(pilot, "ctrl+q")
    assert not marker.exists()


def program_session(command: str) -> Session:
    """A match seating ``command`` at seat 1, approved as if the person had said yes."""
    session = Session.new("bisca-3", {}, [SeatSpec(HUMAN, "Ana"),
                                          SeatSpec(BOT, "Rui", f"cmd:{command}")], seed=3)
    session.approved.add(f"cmd:{command}")
    return session


def test_a_match_where_programs_are_not_allowed_plays_with_a_stand_in(tmp_path) -> None:
    command = marker_command(tmp_path / "ran")
    session = program_session(command)
    session.programs_allowed = False
    session.start_bots()
    assert session.people[1].level != f"cmd:{command}"
    assert session.people[1].program == f"cmd:{command}"
    assert "not allowed" in session.bot_problems[0]
    assert not (tmp_path / "ran").exists()


# ----- the files, field by field ---------------------------------------------------------


def test_the_remembered_form_keeps_only_what_the_form_writes() -> None:
    memory = {"seats": [{"name": "Ana"},
                        {"name": "Rui", "kind": "cmd", "command": "rm -rf ~"},
                        {"name": "Zé", "kind": "wizard", "command": 3, "shell": "x"}]}
    refused = refuse_unknown_seats(memory, programs=True)
    assert refused == ["new_game.seats[2].shell is not a field of a seat",
                       "new_game.seats[2].kind 'wizard' is not a kind of seat",
                       "new_game.seats[2].command is not text"]
    assert memory["seats"][1] == {"name": "Rui", "kind": "cmd", "command": "rm -rf ~"}
    assert memory["seats"][2] == {"name": "Zé"}
    refused = refuse_unknown_seats(memory, programs=False)
    assert refused == ["new_game.seats[1].kind names an outside program: outside programs "
                       "are not allowed at this table"]
    assert memory["seats"][1] == {"name": "Rui", "command": "rm -rf ~"}  # kept, not run


def test_a_command_is_shown_as_it_would_run() -> None:
    assert shown_command("bot --x '[b]'") == "bot --x '[b]'"
    assert shown_command("bot\x1b[2J\rok") == "bot\\x1b[2J\\rok"


@pytest.mark.parametrize(("seat", "message"), [
    ({"kind": "bot", "name": "Rui", "level": "grandmaster"},
     "table.seats[1].level 'grandmaster' is not a bot level"),
    ({"kind": "bot", "name": "Rui", "level": "cmd:  "},
     "table.seats[1].level 'cmd:  ' is not a bot level"),
    ({"kind": "bot", "name": "Rui", "level": "random", "run": "sh"},
     "table.seats[1] holds 'run', which the table never writes"),
    ({"kind": "human", "name": "Rui", "level": "cmd:sh"},
     "table.seats[1] is a person, yet names a bot level"),
    ({"kind": "bot", "name": "Rui", "level": "random", "program": "sh", "stand_in_from": 0},
     "table.seats[1].program 'sh' is not an outside program"),
    ({"kind": "bot", "name": "Rui", "level": "cmd:sh", "program": "cmd:sh",
      "stand_in_from": 0}, "table.seats[1].level 'cmd:sh' is not a built-in level"),
    ({"kind": "bot", "name": "Rui", "level": "random", "program": "cmd:sh",
      "stand_in_from": "1"}, "table.seats[1].stand_in_from must be a deal number"),
])
def test_a_saved_seat_the_table_did_not_write_is_refused(seat, message) -> None:
    with pytest.raises(ValueError) as caught:
        seats_from_json([{"kind": "human", "name": "Ana"}, seat], 2, ["Ana", "Rui"])
    assert str(caught.value) == message


def test_what_the_table_writes_reads_back() -> None:
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "cmd:python3 bot.py"),
             SeatSpec(BOT, "Zé", "random", "cmd:./mine", 2)]
    raw = [dict(kind=s.kind, name=s.name, level=s.level, program=s.program,
                stand_in_from=s.stand_in_from) for s in seats]
    assert seats_from_json(raw, 3, ["Ana", "Rui", "Zé"]) == seats
