"""Choosing the table's language in the app: on the start screen and in the command palette,
remembered in the settings, and what is on screen said again in it (the footer too).

The catalogues are being translated: what a word becomes in Portuguese is not known here.
Portuguese is spoken by a catalogue that shouts (``shouting.py``), so that a word on screen
in capitals has passed through gettext, and one in small letters has not.
"""

from __future__ import annotations

import gettext
import json
from dataclasses import replace

import pytest
from shouting import SHOUTED, english_after, shout, shouting  # noqa: F401 (fixtures)
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandInput, CommandList, CommandPalette
from textual.widget import Widget
from textual.widgets import Button, Footer
from textual.widgets._footer import FooterKey
from tui_helpers import make_app, press, quick_table, quiet, until

from bisca_tui import lang
from bisca_tui.lang import N_, _
from bisca_tui.tui.commands import bisca_commands
from bisca_tui.tui.prefs import SETTINGS_NAME
from bisca_tui.tui.screens.language import LanguageList
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.translated import Translated, translate_binding
from bisca_tui.tui.widgets.common import KeyHints


def start_words(app) -> tuple[list[str], list[str]]:
    """The start screen's buttons and key hints, as shown."""
    screen = app.screen
    assert isinstance(screen, StartScreen)
    # the language's own button names the language in its own words, whatever the table's
    buttons = [str(b.label) for b in screen.query(Button) if b.display and b.id != "language"]
    hints = [words for _key, words in screen.query_one(KeyHints).hints]
    return buttons, hints


def footer_words(app) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey) if key.description]


def settings(data) -> dict:
    return json.loads((data / SETTINGS_NAME).read_text(encoding="utf-8"))


@pytest.mark.usefixtures("shouting")
async def test_choosing_a_language_on_the_start_screen_says_it_all_again(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        english_buttons, english_hints = start_words(app)
        assert "New game" in english_buttons and ("l", "Language") in app.screen.query_one(
            KeyHints).hints
        assert "English" in str(app.screen.query_one("#language", Button).label)
        # l opens the list of languages, each in its own words; so does a click on the
        # language's button
        start = app.screen
        await press(pilot, "l")
        await until(pilot, lambda: isinstance(app.screen, LanguageList))
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is start)
        assert lang.current() == "en"
        await pilot.click("#language")
        await until(pilot, lambda: isinstance(app.screen, LanguageList))
        # the list opens on the language in use; Português is the second
        await press(pilot, "down", "enter")
        await until(pilot, lambda: lang.current() == SHOUTED)
        await until(pilot, lambda: start_words(app)[0] != english_buttons)
        buttons, hints = start_words(app)
        # every label is the English one passed through gettext (here: in capitals)
        assert buttons == [shout(b) for b in english_buttons]
        assert hints == [shout(h) for h in english_hints]
        assert "Português" in str(app.screen.query_one("#language", Button).label)
        assert app.screen.query_one("#subtitle").render().plain == shout(
            "A card table for Bisca and its cousins")
        # the keys the app and the screen answer are named in it too
        descriptions = [b.description for bs in app.screen._bindings.key_to_bindings.values()
                        for b in bs if b.description]
        assert descriptions and all(d == d.upper() for d in descriptions)
        assert app._bindings.key_to_bindings["f1"][0].description == "RULES"
    assert settings(private_data)["language"] == SHOUTED
    # the next run is started in it by the command line (cli.py reads the setting)
    assert make_app(private_data).prefs.text("language") == SHOUTED


@pytest.mark.usefixtures("shouting")
async def test_the_start_screen_is_drawn_in_the_language_in_use(private_data) -> None:
    # chosen before the app starts (--lang, the remembered setting): the app keeps it
    lang.use(SHOUTED)
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        buttons, hints = start_words(app)
        assert "NEW GAME" in buttons and "QUIT" in hints
        assert "Português" in str(app.screen.query_one("#language", Button).label)
    assert lang.current() == SHOUTED


async def palette_choose(app, pilot, query: str, first: str) -> None:
    await press(pilot, "ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    opened = app.screen
    # typed at once: the palette searches once, not once a letter (typing is Textual's)
    app.screen.query_one(CommandInput).value = query
    commands = app.screen.query_one(CommandList)

    def heads() -> bool:
        return bool(commands.option_count) and first in str(
            commands.get_option_at_index(0).prompt)

    await until(pilot, heads)
    await press(pilot, "down", "enter")
    await until(pilot, lambda: app.screen is not opened)
    await quiet(pilot)


async def test_the_palette_chooses_the_language_and_it_is_remembered(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        await palette_choose(app, pilot, "language portug", "Português")
        assert lang.current() == "pt"
        assert "Português" in str(app.screen.query_one("#language", Button).label)
        await palette_choose(app, pilot, "english", "English")
        assert lang.current() == "en"
    assert settings(private_data)["language"] == "en"


def test_the_palette_marks_the_language_in_use(private_data) -> None:
    """The palette's commands, as the palette lists them: the language in use is marked,
    named in its own words, and no other is."""
    app = make_app(private_data)
    with lang.speaking("pt"):
        marked = _("{setting} (now)").format(
            setting=_("Language: {name}").format(name="Português"))
        titles = [title for title, _call, _help in bisca_commands(app)]
        english = _("Language: {name}").format(name="English")
    assert marked in titles and english in titles
    assert [t for t in titles if t.startswith(english)] == [english]


@pytest.mark.usefixtures("shouting")
async def test_the_table_and_its_footer_follow_a_change_of_language(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        english = footer_words(app)
        assert "Hint" in english and "Save & quit" in english
        side = t.query_one("#info").render().plain
        app.set_language(SHOUTED)
        await quiet(pilot)
        await until(pilot, lambda: footer_words(app) != english)
        assert footer_words(app) == [shout(w) for w in english]
        assert t.query_one("#info").render().plain != side
        assert "TRUMPS" in t.query_one("#info").render().plain
        # back to English: the app's keys are named from the English they were made with
        app.set_language("en")
        await until(pilot, lambda: footer_words(app) == english)
        assert app._bindings.key_to_bindings["f1"][0].description == "Rules"


class Keyed(Translated, Widget):
    BINDINGS = [Binding("x", "go", N_("Go"), tooltip=N_("Go away")), Binding("y", "stay")]


class KeyedApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Keyed()
        yield Footer()


@pytest.mark.usefixtures("shouting")
async def test_a_node_s_keys_are_named_in_the_language_its_made_in() -> None:
    lang.use(SHOUTED)
    node = Keyed()
    (go,), (stay,) = node._bindings.key_to_bindings["x"], node._bindings.key_to_bindings["y"]
    assert (go.description, go.tooltip) == ("GO", "GO AWAY")
    assert stay.description == ""
    # the class keeps its English, for the next node and the next language
    (english,) = Keyed._merged_bindings.key_to_bindings["x"]
    assert english.description == "Go" and english == replace(go, description="Go",
                                                                tooltip="Go away")
    assert translate_binding(english, str.lower).description == "go"
    lang.use("en")
    assert Keyed()._bindings.key_to_bindings["x"][0].description == "Go"


class InContext(gettext.NullTranslations):
    """A catalogue that says the context a word was asked in."""

    def pgettext(self, context: str, message: str) -> str:
        return f"[{context}] {message}"


async def test_a_game_s_special_keys_are_named_by_the_game(private_data, monkeypatch) -> None:
    real = lang._catalogue
    monkeypatch.setattr(lang, "_catalogue",
                        lambda code: InContext() if code == "pt" else real(code))
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await quick_table(app, pilot, "bisca-capixaba", seed=3)
        (cut,) = [k for k in t.session.variant.special_keys if k.key == "c"]
        app.set_language("pt")
        await quiet(pilot)
        words = footer_words(app)
        assert f"[special_key] {cut.label}" in words
        assert words == [w for w in words if not w.startswith("[") or "special_key" in w]
