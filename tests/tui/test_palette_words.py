"""Textual's own commands in the palette (theme, keys, quit, screenshot) speak the table's
language too."""

from __future__ import annotations

import pytest
from shouting import SHOUTED, english_after, shouting  # noqa: F401 (fixtures)
from tui_helpers import make_app, quiet

from bisca_tui import lang


@pytest.mark.usefixtures("shouting")
async def test_the_system_commands_are_in_the_language_in_use(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        english = list(app.get_system_commands(app.screen))
        assert {"Theme", "Quit", "Keys", "Screenshot"} <= {c.title for c in english}
        lang.use(SHOUTED)
        shouted = list(app.get_system_commands(app.screen))
        assert [c.title for c in shouted] == [c.title.upper() for c in english]
        assert [c.help for c in shouted] == [c.help.upper() for c in english]
