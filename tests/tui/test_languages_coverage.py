"""Every word the main screens show passes through gettext.

Portuguese is spoken by a catalogue that shouts (``shouting.py``): on each screen drawn in it,
a word in small letters is one that did not pass through gettext, unless it is a value (a
player's name, a language's own name, a key, the rules' own text). The screens: start, new
game, two tables, the rules, the statistics, the past matches, a match's deals, the keys.
"""

from __future__ import annotations

import re

import pytest
from shouting import SHOUTED, english_after, shouting  # noqa: F401 (fixtures)
from tui_helpers import make_app, press, quick_table, quiet, until

from bisca_tui import lang
from bisca_tui.history.sample import demo_entries
from bisca_tui.history.store import Store
from bisca_tui.tui.screens.history import DealChooser, HistoryScreen
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.rules import RulesScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.stats import StatsScreen
from bisca_tui.tui.widgets.rules_text import RulesText

pytestmark = pytest.mark.usefixtures("shouting")

WORD = re.compile(r"[^\W\d_]+")
# the footer's and the keys list's names of keys: not words
KEY_NAMES = {"esc", "Esc", "Enter", "enter", "space", "Ctrl", "tab", "Home", "End"}


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def untranslated(app, values: set[str] = frozenset()) -> list[str]:
    """The words in small letters on screen that are not values."""
    allowed = KEY_NAMES | set(lang.LANGUAGES.values()) | values
    return sorted({w for w in WORD.findall(screen_text(app))
                   if re.search(r"[a-z]{2}", w) and w not in allowed})


def names_in(*names: str) -> set[str]:
    return {w for name in names for w in WORD.findall(name)}


async def switch(app, pilot) -> None:
    await quiet(pilot)
    app.set_language(SHOUTED)
    await until(pilot, lambda: "NEW GAME" in screen_text(app))


def history(data) -> set[str]:
    """A game history to show, and the names of its players."""
    store, problem = Store.open(data)
    assert store is not None and problem is None
    entries = demo_entries(8)
    store.write_many(entries)
    names = {r[0] for r in store.query("SELECT DISTINCT name FROM match_players")}
    store.close()
    return names_in(*names)


async def test_the_screens_away_from_the_table(private_data) -> None:
    """The start screen, the new game form and its keys, the rules, the statistics, the
    past matches and a match's deals, at one app: wide enough for every column of the
    statistics."""
    names = history(private_data)
    app = make_app(private_data)
    async with app.run_test(size=(140, 40)) as pilot:
        await switch(app, pilot)
        assert untranslated(app) == []
        start = app.screen
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await quiet(pilot)
        form = app.screen
        seats = names_in(*(i.value for i in form.query("Input")))
        assert "NEW GAME" in screen_text(app)
        assert untranslated(app, seats) == []
        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert untranslated(app, seats) == []
        # back to the start screen, for the rules panel
        app.pop_screen()
        app.pop_screen()
        await until(pilot, lambda: app.screen is start)
        await press(pilot, "r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        app.screen.query_one(RulesText).display = False  # the rules' own text, theirs
        await quiet(pilot)
        assert "RULES OF" in screen_text(app)
        assert untranslated(app) == []
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is start)
        await press(pilot, "s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await quiet(pilot)
        assert "MATCHES" in screen_text(app)
        assert untranslated(app, names) == []
        await press(pilot, "escape")
        await press(pilot, "h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await quiet(pilot)
        assert "PLAYERS" in screen_text(app)
        assert untranslated(app, names) == []
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, DealChooser))
        await quiet(pilot)
        # a deal's notes are kept in the history as they were said when it was played
        notes = names_in(*(note for deal in app.screen.deals for note in deal.notes))
        assert untranslated(app, names | notes) == []


async def test_the_tables_and_their_keys(private_data) -> None:
    """Four tables, one after the other: each sat at, its keys listed, and left."""
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        await switch(app, pilot)
        for variant in ("bisca-3", "sueca", "bisca-6", "bisca-capixaba"):
            t = await quick_table(app, pilot, variant, seed=3)
            # the shuffle's commitment in the log is a value, as names are
            proof = t.session.match.shuffle_proof(0)
            assert proof is not None
            names = names_in(*(t.session.name(k) for k in range(t.session.variant.n)),
                             proof.commitment)
            assert untranslated(app, names) == [], variant
            await press(pilot, "question_mark")
            await until(pilot, lambda: isinstance(app.screen, KeysScreen))
            assert untranslated(app, names) == [], variant
            app.pop_screen()
            await until(pilot, lambda t=t: app.screen is t)
            t.flow.leave_saved()
            await until(pilot, lambda: isinstance(app.screen, StartScreen))
