"""The new game form: focus on the games, the chosen game marked, the rows of the game chosen
shown (kept, hidden and shown again), the last choices brought back. What the form shows
from its last choices is checked without a screen in ``test_newgame_memory``."""

from __future__ import annotations

import asyncio

import pytest
from shouting import SHOUTED, english_after, shout, shouting  # noqa: F401 (fixtures)
from textual.widgets import Input, OptionList, Select, Static
from tui_helpers import make_app, press, quiet, table, until

from bisca_tui.engine.variant import variant_class
from bisca_tui.table.session import HUMAN
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.newgame_choices import CHOSEN, MEMORY, has_partners, level_description
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


def test_bots_help_partners_only_where_there_are_partners() -> None:
    assert not has_partners("bisca-3", 2) and not has_partners("briscola", 3)
    assert has_partners("briscola", 4) and has_partners("sueca-3", 3)
    assert has_partners("chiamata", 5)  # a partner called each deal


async def test_the_rows_follow_the_game_chosen_and_enter_starts_it(private_data) -> None:
    """One form, in turn: the focus on the games and the chosen one marked; the seats of a
    game chosen scrolled into view; Down held through the games; house rules in the game's
    order; seven seats saying where they sit; a seat hidden and shown again as it was; the
    number of players chosen by keys; Enter on the list starting the game highlighted."""
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        lst = form.query_one("#variant-list", OptionList)
        assert app.focused is lst
        first = lst.get_option_at_index(0).id
        assert marked(form) == [first]
        # the seats of the game chosen come into view
        scroll = form.query_one("#form")
        scroll.scroll_end(animate=False)
        await quiet(pilot)
        assert scroll.scroll_y > 0  # the form is taller than the terminal
        players = form.query_one("#players-box")
        assert not scroll.region.contains_region(players.region)
        await press(pilot, "down")
        await until(pilot, lambda: form.variant_id != first)
        await quiet(pilot)
        assert form.variant_id == "bisca-9"
        assert marked(form) == [lst.get_option_at_index(1).id] == [form.variant_id]
        assert scroll.scroll_y == 0
        assert scroll.region.y <= players.region.y < scroll.region.bottom

        # Down held in the list moves it faster than the form is rebuilt: a change of the
        # players of a game left behind must not reach the form of the next one
        last = lst.get_option_at_index(lst.option_count - 1).id
        for _ in range(lst.option_count - 2):  # key repeat: no waiting for the form
            app.simulate_key("down")
            await asyncio.sleep(0)
        await until(pilot, lambda: form.variant_id == last)
        await quiet(pilot)
        assert app.return_code is None  # still running
        count = form.query_one("#players", Select)
        assert count.value == form.players == variant_class(last).default_players
        assert shown_names(form) == form.players
        # two players: no bot there has a partner to help
        form.query_one("#kind-1", Select).value = "bot:medium"
        await quiet(pilot)
        about = str(form.query_one("#desc-1", Static).render())
        assert about == level_description("medium", partners=False)
        assert "partner" not in about and "partner" in level_description("medium")

        # the house rules of Chiamata first, then a game with one rule more, before them
        for vid in ("chiamata", "chiamata-monte"):
            await pick(form, pilot, vid)
        wanted = [f"rule-{rule.name}" for rule in variant_class("chiamata-monte").house_rules]
        assert wanted[0] == "rule-min_bid"
        shown = [w for w in form.query("#rules-box-form Select") if w.parent.display]
        assert [w.id for w in shown] == wanted
        rows = [w.region.y for w in shown]
        assert sorted(rows) == rows and len(set(rows)) == len(rows)
        chain = [w.id for w in form.focus_chain if str(w.id).startswith("rule-")]
        assert chain == wanted
        # seven seats each say where they sit
        form.query_one("#players", Select).value = 7
        await until(pilot, lambda: bool(form.query("#kind-6")))
        await quiet(pilot)  # the seats' fields made (not left half made as the app ends)
        labels = [str(w.render()) for w in form.query("#players-box .label")]
        seats = [label for label in labels if label.startswith("Seat ")]
        assert seats == ["Seat 2 (lower right)", "Seat 3 (upper right)", "Seat 4 (top right)",
                         "Seat 5 (top left)", "Seat 6 (upper left)", "Seat 7 (lower left)"]

        # a seat left by a game with fewer seats is as it was on coming back
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

        # the number of players chosen by keys: the seats change under it, the focus stays
        # on that choice, and Tab goes on from there to the first seat's name
        await pick(form, pilot, "briscola")  # two, three or four
        form.query_one("#kind-1", Select).value = "bot:random"  # quick bots at the table
        form.query_one("#players", Select).focus()
        await quiet(pilot)
        await press(pilot, "enter", "down", "enter")  # from two to three
        await until(pilot, lambda: form.players == 3)
        await quiet(pilot)
        assert shown_names(form) == 3
        assert app.focused is form.query_one("#players", Select)
        await press(pilot, "tab")
        assert app.focused is form.query_one("#name-0", Input)

        # Enter on the list starts the game highlighted
        lst.focus()
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).session.variant.id == form.variant_id == "briscola"
        assert len(table(app).session.people) == 3


@pytest.mark.usefixtures("shouting")
async def test_the_last_choices_come_back_and_speak_the_language_in_use(private_data) -> None:
    """The choices made are those of the next run's form (the settings written, read by a
    new app); another game keeps the names and seats with its own house rules' defaults;
    and the rows of a game chosen after a change of language say their words in it, as
    the rows made for it did (Portuguese shouts here: its words have passed through
    gettext)."""
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

        # the next run: what this one wrote, read as a new app reads it
        after = make_app(private_data)
        assert after.prefs.get(MEMORY) == app.prefs.get(MEMORY)
        assert after.first_variant == "briscola"
        app.push_screen(NewGameScreen(after.first_variant))
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
        await pick(form, pilot, "bisca-3")
        assert form.query_one("#name-0", Input).value == "Ana"
        assert form.query_one("#rule-match", Select).value == "0"

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
