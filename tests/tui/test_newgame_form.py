"""The new game form: focus on the games, the chosen game marked, the last choices kept."""

from __future__ import annotations

import pytest
from shouting import SHOUTED, english_after, shout, shouting  # noqa: F401 (fixtures)
from textual.widgets import Input, OptionList, Select, Static
from tui_helpers import make_app, press, quiet, table, until

from bisca_tui.engine.variant import variant_class
from bisca_tui.table.session import HUMAN
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.newgame_choices import CHOSEN, has_partners, level_description
from bisca_tui.tui.screens.table import TableScreen


async def open_form(app: BiscaApp, pilot) -> NewGameScreen:
    await quiet(pilot)
    await press(pilot, "n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await quiet(pilot)
    return app.screen  # type: ignore[return-value]


async def pick(form: NewGameScreen, pilot, vid: str) -> None:
    """Highlight the game ``vid`` in the form's list, and wait for its rows."""
    lst = form.query_one("#variant-list", OptionList)
    ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
    lst.highlighted = ids.index(vid)
    await until(pilot, lambda: form.variant_id == vid)
    await quiet(pilot)


def marked(form: NewGameScreen) -> list[str]:
    """The games whose line carries the marker of the chosen game."""
    lst = form.query_one("#variant-list", OptionList)
    return [str(lst.get_option_at_index(i).id) for i in range(lst.option_count)
            if str(lst.get_option_at_index(i).prompt).startswith(CHOSEN)
            and "(chosen)" in str(lst.get_option_at_index(i).prompt)]


def shown_names(form: NewGameScreen) -> int:
    """The name fields the form shows (a seat's row is hidden, not taken down, past the
    number of players)."""
    return sum(1 for w in form.query(Input) if str(w.id).startswith("name-")
               and w.display and w.parent.display)


async def test_the_form_opens_on_the_games_and_marks_the_chosen_one(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        lst = form.query_one("#variant-list", OptionList)
        assert app.focused is lst
        first = lst.get_option_at_index(0).id
        assert marked(form) == [first]
        await press(pilot, "down")
        await until(pilot, lambda: form.variant_id != first)
        assert marked(form) == [lst.get_option_at_index(1).id] == [form.variant_id]
        # Enter on the list starts the game highlighted
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).session.variant.id == form.variant_id


async def test_holding_down_through_the_games_keeps_the_form_whole(private_data) -> None:
    """Down held in the list moves it faster than the form is rebuilt: a change of the
    players of a game left behind must not reach the form of the next one."""
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        lst = form.query_one("#variant-list", OptionList)
        last = lst.get_option_at_index(lst.option_count - 1).id
        for _ in range(lst.option_count - 1):  # key repeat: no waiting for the form
            app.simulate_key("down")
            await pilot.pause(0)
        await until(pilot, lambda: form.variant_id == last)
        await quiet(pilot)
        assert app.return_code is None  # still running
        players = form.query_one("#players", Select)
        assert players.value == form.players == variant_class(last).default_players
        assert shown_names(form) == form.players
        # two players: no bot there has a partner to help
        form.query_one("#kind-1", Select).value = "bot:medium"
        await quiet(pilot)
        about = str(form.query_one("#desc-1", Static).render())
        assert about == level_description("medium", partners=False)
        assert "partner" not in about and "partner" in level_description("medium")


def test_bots_help_partners_only_where_there_are_partners() -> None:
    assert not has_partners("bisca-3", 2) and not has_partners("briscola", 3)
    assert has_partners("briscola", 4) and has_partners("sueca-3", 3)
    assert has_partners("chiamata", 5)  # a partner called each deal


async def test_the_seats_come_into_view_and_seven_each_say_where_they_sit(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        scroll = form.query_one("#form")
        scroll.scroll_end(animate=False)
        await quiet(pilot)
        assert scroll.scroll_y > 0  # the form is taller than the terminal
        players = form.query_one("#players-box")
        assert not scroll.region.contains_region(players.region)
        await press(pilot, "down")
        await until(pilot, lambda: form.variant_id == "bisca-9")
        await quiet(pilot)
        assert scroll.scroll_y == 0
        assert scroll.region.y <= players.region.y < scroll.region.bottom
        # seven seats each say where they sit
        await pick(form, pilot, "chiamata-monte")
        form.query_one("#players", Select).value = 7
        await until(pilot, lambda: bool(form.query("#kind-6")))
        await quiet(pilot)  # the seats' fields made (not left half made as the app ends)
        labels = [str(w.render()) for w in form.query("#players-box .label")]
        seats = [label for label in labels if label.startswith("Seat ")]
        assert seats == ["Seat 2 (lower right)", "Seat 3 (upper right)", "Seat 4 (top right)",
                         "Seat 5 (top left)", "Seat 6 (upper left)", "Seat 7 (lower left)"]


async def test_the_last_choices_are_remembered(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        await pick(form, pilot, "briscola")
        form.query_one("#players", Select).value = 3
        await until(pilot, lambda: bool(form.query("#kind-2")))
        await quiet(pilot)
        form.query_one("#kind-1", Select).value = HUMAN
        await quiet(pilot)
        form.query_one("#name-0", Input).value = "Ana"
        form.query_one("#name-2", Input).value = "Zé"
        form.query_one("#rule-match", Select).value = "1"  # first to 10 lines
        await quiet(pilot)
        await press(pilot, "ctrl+s")
        await until(pilot, lambda: app.session is not None)  # two people: a hand-over
        s = app.session
        assert [p.name for p in s.people] == ["Ana", "Player 2", "Zé"]
        app.exit()

    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        await press(pilot, "n")  # a match is in progress: start a new one, keep that one
        await until(pilot, lambda: app.screen.id == "confirm-new-game")
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await quiet(pilot)
        assert form.variant_id == "briscola" and marked(form) == ["briscola"]
        assert form.query_one("#players", Select).value == 3
        assert form.query_one("#kind-1", Select).value == HUMAN
        assert form.query_one("#name-0", Input).value == "Ana"
        assert form.query_one("#name-2", Input).value == "Zé"
        assert form.query_one("#rule-match", Select).value == "1"
        # another game keeps the names and seats, with its own house rules' defaults
        lst = form.query_one("#variant-list", OptionList)
        lst.highlighted = 0
        await until(pilot, lambda: form.variant_id == "bisca-3")
        await quiet(pilot)
        assert form.query_one("#name-0", Input).value == "Ana"
        assert form.query_one("#rule-match", Select).value == "0"


async def test_a_seat_left_by_a_game_with_fewer_seats_is_as_it_was_on_coming_back(
        private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        await pick(form, pilot, "bisca-4")
        form.query_one("#kind-3", Select).value = HUMAN
        await quiet(pilot)
        form.query_one("#name-3", Input).value = "Beatriz"
        await pick(form, pilot, "bisca-3")  # two seats
        assert shown_names(form) == 2
        await pick(form, pilot, "bisca-4")
        assert shown_names(form) == 4
        assert form.query_one("#name-3", Input).value == "Beatriz"
        assert form.query_one("#kind-3", Select).value == HUMAN
        assert str(form.query_one("#desc-3", Static).render()) == level_description(HUMAN)
        assert form.collect()[1][3].name == "Beatriz"


async def test_choosing_the_number_of_players_leaves_the_focus_on_that_choice(
        private_data) -> None:
    """The number of players chosen by keys: the seats change under it, and Tab goes on
    from there to the first seat's name."""
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        await pick(form, pilot, "briscola")  # two, three or four
        players = form.query_one("#players", Select)
        players.focus()
        await quiet(pilot)
        await press(pilot, "enter", "down", "enter")  # from two to three
        await until(pilot, lambda: form.players == 3)
        await quiet(pilot)
        assert shown_names(form) == 3
        assert app.focused is form.query_one("#players", Select)
        await press(pilot, "tab")
        assert app.focused is form.query_one("#name-0", Input)


@pytest.mark.usefixtures("shouting")
async def test_the_seats_of_a_game_chosen_after_a_change_of_language_speak_it(
        private_data) -> None:
    """The rows a game shows say their words in the language in use when it is chosen, as
    the rows made for it did (Portuguese shouts here: its words have passed through
    gettext)."""
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        app.set_language(SHOUTED)
        await quiet(pilot)
        await pick(form, pilot, "sueca-pontos")  # four seats, no house rules
        labels = [str(w.render()) for w in form.query("#players-box .label")
                  if w.parent.display]
        assert len(labels) == 7 and all(label == label.upper() for label in labels), labels
        assert labels[2] == shout("  name")
        kinds = [str(words) for words, _value in form.query_one("#kind-1", Select)._options]
        assert kinds and all(k == k.upper() for k in kinds), kinds
        assert str(form.query_one("#desc-1", Static).render()).isupper()
        none = [str(w.render()) for w in form.query("#rules-box-form > Static") if w.display]
        assert none == [shout("This game has no house rules.")]


async def test_house_rules_are_shown_and_tabbed_through_in_the_game_s_order(
        private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        form = await open_form(app, pilot)
        # the rules of Chiamata first, then a game with one rule more, before them
        for vid in ("chiamata", "chiamata-monte"):
            await pick(form, pilot, vid)
        wanted = [f"rule-{rule.name}" for rule in variant_class("chiamata-monte").house_rules]
        assert wanted[0] == "rule-min_bid"
        shown = [w for w in form.query("#rules-box-form Select") if w.parent.display]
        assert [w.id for w in shown] == wanted
        assert sorted(w.region.y for w in shown) == [w.region.y for w in shown]
        chain = [w.id for w in form.focus_chain if str(w.id).startswith("rule-")]
        assert chain == wanted
