"""The rules panel opens with F1 from anywhere (and ? where a screen has no list of its
keys: at the table ? lists the keys, F1 has the rules). What a page says, and which page a
game picked in the panel shows, are checked on the pages themselves; one app opens the
panel from the start screen and from a table and shows that it draws the page."""

from __future__ import annotations

from markdown_support import blocks
from textual.geometry import Region
from textual.widgets import Select
from tui_helpers import make_app, open_table, press, quiet, until

from bisca_tui.engine import make_variant
from bisca_tui.engine.variant import REQUEST
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.rules import RulesPage, RulesScreen, rules_text
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.rules_text import RulesText


def sign_line(sig) -> str:
    return f"{sig.meaning}: {sig.gesture} (signal:{sig.name})"


def test_a_tables_page_has_its_rules_and_any_other_game_its_own() -> None:
    options = dict(make_variant("bisca-4").options)
    assert "Quatro" in RulesPage("bisca-4", options, 4).text("bisca-4")
    assert RulesPage("bisca-4", options, 4).text("bisca-4") == rules_text("bisca-4", options, 4)
    page = RulesPage("brisca", {}, 4)
    assert page.text("brisca") == rules_text("brisca", {}, 4)
    assert page.text("bisca-3") == rules_text("bisca-3") and "Bisca de" in page.text("bisca-3")
    assert "Capixaba" in RulesPage("bisca-3").text("bisca-capixaba")


def test_the_rules_for_a_four_player_brisca_table_list_the_signs() -> None:
    signals = make_variant("brisca", None, 4).signals
    assert len(signals) == 9
    lines = blocks(rules_text("brisca", {}, 4))
    assert "The signs in use at this table:" in lines
    for sig in signals:
        assert lines.count(sign_line(sig)) == 1, sig.name
    requests = lines.index(next(line for line in lines if line.startswith("The requests:")))
    for sig in signals:
        at = lines.index(sign_line(sig))
        assert (at > requests) == (sig.kind == REQUEST), sig.name


def test_the_rules_for_a_two_player_brisca_table_still_list_the_signs() -> None:
    signals = make_variant("brisca", None, 4).signals
    lines = blocks(rules_text("brisca", {}, 2))
    text = " ".join(lines)
    assert "This table has 2 players, so no signs are made here." in text
    assert "Signs are used only with 4 players, between partners." in text
    for sig in signals:
        assert sign_line(sig) in lines


def shown_text(app: BiscaApp) -> str:
    """The rules panel's page as drawn, every line of it (those scrolled out of sight
    too), spaces made single."""
    page = app.screen.query_one("#rules-md", RulesText)
    strips = page.render_lines(Region(0, 0, *page.outer_size))  # its padding too
    return " ".join(" ".join(strip.text for strip in strips).split())


def drawn_in_order(text: str, wanted: list[str]) -> list[str]:
    """The blocks of ``wanted`` not found in ``text`` one after the other (none: all are
    drawn, in order)."""
    missing, at = [], 0
    for block in wanted:
        found = text.find(block, at)
        if found < 0:
            missing.append(block)
        else:
            at = found + len(block)
    return missing


async def test_the_rules_from_the_start_screen_and_from_a_table(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        # from the start screen: the rules of a game, any other picked in the selector
        # (which the table's panel below shows working)
        await quiet(pilot)
        await press(pilot, "r")
        start = app.screen
        assert isinstance(start, RulesScreen)
        assert start.query_one("#rules-variant", Select).value == start.variant_id
        assert start.query_one("#rules-md", RulesText).source == rules_text(start.variant_id)
        await press(pilot, "escape")
        assert isinstance(app.screen, StartScreen)
        # at a Spanish Brisca table of four, F1: the page for that table, drawn
        session = Session.new("brisca", {}, default_seats(4, "random"), seed=3)
        t = await open_table(app, pilot, session)
        assert t.session.variant.n_people == 4
        await press(pilot, "f1")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.variant_id == "brisca" and screen.players == 4
        md = screen.query_one("#rules-md", RulesText)
        page = rules_text("brisca", dict(t.session.variant.options), 4)
        assert md.source == page == rules_text("brisca", {}, 4)
        # the page is drawn whole: every block of it (a heading, a paragraph, an item of a
        # list, the house rules last), in order
        await quiet(pilot)
        assert drawn_in_order(shown_text(app), blocks(page)) == []
        assert "match = " in shown_text(app)
        # another game in the selector, then this one again: the table's page comes back
        select = screen.query_one("#rules-variant", Select)
        select.value = "bisca-3"
        await until(pilot, lambda: "Bisca de" in md.source)
        select.value = "brisca"
        await until(pilot, lambda: md.source == page)
        await press(pilot, "escape")
        assert app.screen is t
        await press(pilot, "f1")
        assert app.screen is screen  # kept once built: it opens again at once
        await press(pilot, "f1")
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "question_mark")  # at the table, ? lists the keys
        assert isinstance(app.screen, KeysScreen)
