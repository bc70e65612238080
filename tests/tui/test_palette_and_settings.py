"""The command palette (ctrl+p) and the settings file that remembers the player's choices."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

from textual.command import CommandInput, CommandList, CommandPalette
from textual.pilot import Pilot
from tui_helpers import make_app, press, quick_table, quiet, until

from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.cardart import LETTERS
from bisca_tui.tui.commands import bisca_commands
from bisca_tui.tui.prefs import BROKEN_SUFFIX, SETTINGS_NAME, Prefs
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.rules import RulesScreen
from bisca_tui.tui.screens.start import StartScreen


def type_in(app: BiscaApp, query: str) -> None:
    """Type ``query`` in the open palette at once: the palette searches once, not once a
    letter with the list drawn each time (typing into an input is Textual's to test)."""
    app.screen.query_one(CommandInput).value = query


async def palette(app: BiscaApp, pilot: Pilot, query: str, first: str) -> None:
    """Open the palette, type ``query``, wait for ``first`` to head the list, choose it."""
    await press(pilot, "ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    opened = app.screen
    type_in(app, query)
    commands = app.screen.query_one(CommandList)

    def heads() -> bool:
        if not commands.option_count:
            return False
        return first in str(commands.get_option_at_index(0).prompt)

    await until(pilot, heads)
    await press(pilot, "down", "enter")
    await until(pilot, lambda: app.screen is not opened)
    await quiet(pilot)


def command(app: BiscaApp, title: str) -> Callable[[], object]:
    """What choosing the palette's command ``title`` does (the palette lists the titles of
    ``bisca_commands``, and calls the one chosen)."""
    (call,) = [call for each, call, _help in bisca_commands(app) if each == title]
    return call


def saved_settings(data) -> dict:
    return json.loads((data / SETTINGS_NAME).read_text(encoding="utf-8"))


def test_the_palette_s_commands_set_what_they_say(private_data) -> None:
    app = make_app(private_data)
    def calls(title: str) -> tuple[object, tuple[object, ...]]:
        call = command(app, title)
        assert isinstance(call, partial)
        return call.func, call.args

    assert calls("Bot speed: slow") == (app.set_speed, ("slow",))
    assert calls("Card style: letters") == (app.set_card_style, (LETTERS,))
    assert command(app, "New game") == app.action_new_game
    assert calls("Rules: Sueca") == (app.open_rules_of, ("sueca",))
    # the setting in use is marked, and only it
    titles = [title for title, _call, _help in bisca_commands(app)]
    assert "Bot speed: normal (now)" in titles and "Bot speed: slow" in titles


async def test_the_palette_at_the_table(private_data) -> None:
    """From one table: the bots' pace set and remembered, the card faces changed and
    remembered (by their commands), the rules of any game opened, and last a new game
    (which leaves the table), chosen in the palette."""
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        # the bots' pace
        assert t.session.speed == "normal"
        command(app, "Bot speed: slow")()
        await quiet(pilot)
        assert t.session.speed == "slow" and app.speed == "slow"
        # the card faces
        hand = t.query_one("#hand")
        assert not any(s in str(hand.render()) for s in "SHDC")
        command(app, "Card style: letters")()
        await quiet(pilot)
        assert t.session.card_style == LETTERS
        assert any(s in str(hand.render()) for s in "SHDC")
        assert not any(s in str(hand.render()) for s in "♠♥♦♣")
        # the rules of any game, not only the table's
        await palette(app, pilot, "rules sueca for five", "Rules: Sueca")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "sueca" in app.screen.variant_id
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is t)
        # a new game: the match in play is saved and left; the start screen asks about it
        await palette(app, pilot, "new game", "New game")
        await until(pilot, lambda: app.screen.id == "confirm-new-game")
        assert app.session is None and app.saves.saved is not None
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    assert saved_settings(private_data)["speed"] == "slow"
    again = make_app(private_data)
    assert again.speed == "slow" and again.current_speed == "slow"
    assert again.card_style == LETTERS


async def test_the_theme_is_remembered_across_runs(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert app.theme != "nord"
        await palette(app, pilot, "theme", "Theme")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await palette_pick(app, pilot, "nord")
        assert app.theme == "nord"
    assert saved_settings(private_data)["theme"] == "nord"
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert app.theme == "nord"


async def palette_pick(app: BiscaApp, pilot: Pilot, name: str) -> None:
    """In the theme palette already open: type ``name`` and choose the first match."""
    type_in(app, name)
    commands = app.screen.query_one(CommandList)
    await until(pilot, lambda: commands.option_count > 0
                and name in str(commands.get_option_at_index(0).prompt))
    await press(pilot, "down", "enter")
    await until(pilot, lambda: not isinstance(app.screen, CommandPalette))


async def test_a_broken_settings_file_is_ignored_and_said_once(private_data) -> None:
    private_data.mkdir(parents=True)
    (private_data / SETTINGS_NAME).write_text("{ not json", encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        said = [n.message for n in app._notifications]
        assert any("damaged" in m for m in said), said
        assert app.speed == "normal"
    # moved aside: the next run starts clean, with nothing to say (the app says only a
    # problem the settings met)
    assert not (private_data / SETTINGS_NAME).exists()
    assert (private_data / (SETTINGS_NAME + BROKEN_SUFFIX)).exists()
    assert Prefs(private_data).problem is None


async def test_settings_that_cannot_be_written_do_not_stop_the_app(private_data) -> None:
    # a folder where the file should be: it can be neither read nor replaced, even by root
    (private_data / SETTINGS_NAME).mkdir(parents=True)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert [n for n in app._notifications if "cannot be read" in n.message]
        app.set_speed("fast")
        app.set_speed("slow")
        await quiet(pilot)
        warned = [n for n in app._notifications if "cannot be kept" in n.message]
        assert len(warned) == 1 and app.speed == "slow"


def test_unwritable_settings_report_the_first_failure_only(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    prefs = Prefs(blocker / "sub")  # a folder under a file can never be made
    assert prefs.set("speed", "fast") is not None
    assert prefs.set("speed", "slow") is None  # said once already
    assert prefs.get("speed") == "slow"  # still kept for this run


def test_settings_of_the_wrong_kind_are_ignored(tmp_path) -> None:
    (tmp_path / SETTINGS_NAME).write_text(json.dumps({"speed": 3, "card_style": "runes",
                                                      "theme": ["x"]}))
    prefs = Prefs(tmp_path)
    assert prefs.problem is None
    assert prefs.text("speed") is None and prefs.text("card_style", ("symbols",)) is None
    app = BiscaApp(data_directory=tmp_path)
    assert app.speed == "normal" and app.card_style == "symbols"
