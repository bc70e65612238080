"""The rules panel opens with F1 from anywhere (and ? where a screen has no list of its
keys: at the table ? lists the keys, F1 has the rules)."""

from __future__ import annotations

from textual.widgets import Markdown
from tui_helpers import make_app, quick_table

from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.rules import RulesScreen, rules_text
from bisca_tui.tui.screens.table import TableScreen


async def test_f1_opens_the_rules_at_the_table(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-4", seed=1)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.variant_id == "bisca-4"
        md = app.screen.query_one("#rules-md", Markdown)
        assert md.source == rules_text("bisca-4", dict(t.session.variant.options))
        assert "Quatro" in md.source
        first = app.screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is first  # kept once built: it opens again at once
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("question_mark")  # at the table, ? lists the keys
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)


async def test_rules_from_the_start_screen_for_any_game(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        select = app.screen.query_one("#rules-variant")
        select.value = "bisca-capixaba"
        await pilot.pause()
        md = app.screen.query_one("#rules-md", Markdown)
        assert "Capixaba" in md.source
