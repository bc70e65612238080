"""The rules panel opens with F1 from anywhere (and ? where a screen has no list of its
keys: at the table ? lists the keys, F1 has the rules)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Markdown, Select
from textual.widgets.markdown import MarkdownBlock
from tui_helpers import make_app, open_table, press, quick_table, quiet, until

from bisca_tui.engine import make_variant
from bisca_tui.engine.variant import REQUEST
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.rules import RulesScreen, rules_text
from bisca_tui.tui.screens.table import TableScreen


async def test_f1_opens_the_rules_at_the_table(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-4", seed=1)
        await press(pilot, "f1")
        await quiet(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.variant_id == "bisca-4"
        md = app.screen.query_one("#rules-md", Markdown)
        assert md.source == rules_text("bisca-4", dict(t.session.variant.options))
        assert "Quatro" in md.source
        first = app.screen
        await press(pilot, "escape")
        await quiet(pilot)
        assert app.screen is t
        await press(pilot, "f1")
        await quiet(pilot)
        assert app.screen is first  # kept once built: it opens again at once
        await press(pilot, "f1")
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "question_mark")  # at the table, ? lists the keys
        await quiet(pilot)
        assert isinstance(app.screen, KeysScreen)


async def test_rules_from_the_start_screen_for_any_game(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "r")
        await quiet(pilot)
        assert isinstance(app.screen, RulesScreen)
        select = app.screen.query_one("#rules-variant")
        select.value = "bisca-capixaba"
        await quiet(pilot)
        md = app.screen.query_one("#rules-md", Markdown)
        assert "Capixaba" in md.source


def shown_lines(app: BiscaApp) -> list[str]:
    """The text of the rules panel as drawn: each Markdown block's words on one line."""
    md = app.screen.query_one("#rules-md", Markdown)
    lines = []
    for block in md.query(MarkdownBlock):
        content = block.content
        if isinstance(content, Content) and content.plain.strip():
            lines.append(" ".join(content.plain.split()))
    return lines


async def open_brisca_rules(app: BiscaApp, pilot, players: int) -> list[str]:
    """Sit at a Spanish Brisca table of ``players``, press F1, wait for the page drawn."""
    session = Session.new("brisca", {}, default_seats(players, "random"), seed=3)
    t = await open_table(app, pilot, session)
    assert t.session.variant.n_people == players
    await press(pilot, "f1")
    await until(pilot, lambda: isinstance(app.screen, RulesScreen))
    # the page is drawn once its last section (the house rules) is there
    await until(pilot, lambda: any(line.startswith("match = ") for line in shown_lines(app)))
    return shown_lines(app)


async def test_the_rules_at_a_four_player_brisca_table_list_the_signs(private_data) -> None:
    signals = make_variant("brisca", None, 4).signals
    assert len(signals) == 9
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        lines = await open_brisca_rules(app, pilot, 4)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.variant_id == "brisca" and screen.players == 4
        md = screen.query_one("#rules-md", Markdown)
        assert md.source == rules_text("brisca", {}, 4)
        assert "The signs in use at this table:" in lines
        for sig in signals:
            item = f"{sig.meaning}: {sig.gesture} (signal:{sig.name})"
            assert lines.count(item) == 1, item
        requests = lines.index(next(line for line in lines
                                    if line.startswith("The requests:")))
        for sig in signals:
            at = lines.index(f"{sig.meaning}: {sig.gesture} (signal:{sig.name})")
            assert (at > requests) == (sig.kind == REQUEST), sig.name
        # another game in the selector, then this one again: the table's page comes back
        select = screen.query_one("#rules-variant", Select)
        select.value = "bisca-3"
        await until(pilot, lambda: "Bisca de" in md.source)
        select.value = "brisca"
        await until(pilot, lambda: md.source == rules_text("brisca", {}, 4))


async def test_the_rules_at_a_two_player_brisca_table_still_list_the_signs(
        private_data) -> None:
    signals = make_variant("brisca", None, 4).signals
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        lines = await open_brisca_rules(app, pilot, 2)
        text = " ".join(lines)
        assert "This table has 2 players, so no signs are made here." in text
        assert "Signs are used only with 4 players, between partners." in text
        for sig in signals:
            assert f"{sig.meaning}: {sig.gesture} (signal:{sig.name})" in lines
