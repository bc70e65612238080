"""The app and the match session hold their parts as objects, and the app's choices for the
matches to come (card faces, pace, moving cards) are kept and shown wherever they are made."""

from __future__ import annotations

import json

from textual.widgets import Select
from tui_helpers import make_app, press, quiet, start_game, until

from bisca_tui.join.app import JoinApp, LeavingTheHost
from bisca_tui.table.recording import Recording
from bisca_tui.table.save import save_path
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.app_history import GameHistory
from bisca_tui.tui.app_quit import Quitting
from bisca_tui.tui.app_saves import KeptElsewhere, MatchSaves
from bisca_tui.tui.app_seating import Seating
from bisca_tui.tui.cardart import LETTERS
from bisca_tui.tui.prefs import SETTINGS_NAME
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.translated import Translated


def settings(data) -> dict:
    return json.loads((data / SETTINGS_NAME).read_text(encoding="utf-8"))


def test_the_app_and_the_session_hold_their_parts_instead_of_inheriting_them(tmp_path) -> None:
    own = [c for c in BiscaApp.__mro__
           if c.__module__.startswith("bisca_tui") and c is not BiscaApp]
    assert own == [Translated]  # the keys' words: shared by many screens and widgets
    assert Session.__mro__ == (Session, object)
    app = BiscaApp(data_directory=tmp_path)
    assert type(app.saves) is MatchSaves and type(app.seating) is Seating
    assert type(app.history) is GameHistory and type(app.quitting) is Quitting
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=4)
    assert isinstance(session.recording, Recording) and session.recording.session is session


def test_a_joined_tables_app_saves_nothing_and_tells_the_host_when_it_leaves(tmp_path) -> None:
    app = JoinApp("127.0.0.1", 9, "ABC123", None, data_directory=tmp_path)
    assert isinstance(app.saves, KeptElsewhere) and isinstance(app.quitting, LeavingTheHost)
    app.session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=4)
    assert app.saves.save() is None
    app.saves.clear()
    assert not save_path(tmp_path).exists()
    home = BiscaApp(data_directory=tmp_path)  # the same match at home is saved
    home.session = app.session
    assert home.saves.save() is None and save_path(tmp_path).exists()


async def test_a_choice_made_on_the_app_is_kept_and_shown_in_the_open_form(private_data):
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await quiet(pilot)
        form = app.screen
        app.card_style = LETTERS
        app.speed = "slow"
        await quiet(pilot)
        assert form.query_one("#card-style", Select).value == LETTERS
        assert form.query_one("#speed", Select).value == "slow"
        app.motion = False
    kept = settings(private_data)
    assert (kept["card_style"], kept["speed"], kept["motion"]) == (LETTERS, "slow", "off")
    again = make_app(private_data)
    assert (again.card_style, again.speed, again.motion) == (LETTERS, "slow", False)


async def test_faces_asked_for_on_the_command_line_are_kept_once_a_game_starts(private_data):
    app = make_app(private_data, card_style=LETTERS, speed="fast")
    assert not (private_data / SETTINGS_NAME).exists()  # asked for, not chosen yet
    async with app.run_test(size=(100, 40)) as pilot:
        await start_game(app, pilot, seed=3)
        assert app.session is not None and app.session.card_setting == LETTERS
    kept = settings(private_data)
    assert (kept["card_style"], kept["speed"]) == (LETTERS, "fast")
