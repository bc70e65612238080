"""The rules panel: the rules of a game in Markdown, reachable from anywhere (F1 or ?)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Select, Static

from ...engine.spoken import game_name
from ...engine.variant import all_variants
from ...lang import N_, _
from ..translated import Translated
from ..widgets.common import FittingFooter
from ..widgets.rules_text import RulesText
from .rules_page import RulesPage, fallback_markdown, rules_text

__all__ = ["RulesPage", "RulesScreen", "fallback_markdown", "rules_text"]


class RulesScreen(Translated, ModalScreen[None]):
    """The rules of the game being played, or of any game (the selector at the top)."""

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("f1", "close", N_("Close"), show=False),
        Binding("question_mark", "close", N_("Close"), show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, variant_id: str, options: dict[str, Any] | None = None,
                 players: int | None = None) -> None:
        super().__init__()
        self.variant_id = variant_id
        self.options = options
        self.players = players  # the table's number of players, when opened from one
        self.playing = variant_id
        self.page = RulesPage(variant_id, options, players)

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box", classes="dialog"):
            with Horizontal(id="rules-head"):
                # translators: the rules panel's title, before the list of games
                yield Static(_("Rules of") + " ", classes="dialog-title")
                yield Select([(game_name(c), c.id) for c in all_variants()],
                             value=self.variant_id,
                             allow_blank=False, id="rules-variant", compact=True)
            with VerticalScroll(id="rules-scroll"):
                yield RulesText(self.page.text(self.variant_id), id="rules-md")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def on_screen_resume(self) -> None:
        # the panel is kept between openings: it opens again on its own game
        select = self.query_one("#rules-variant", Select)
        if select.value != self.variant_id:
            select.value = self.variant_id
        self.query_one("#rules-scroll").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):
            return
        self.query_one("#rules-md", RulesText).show(self.page.text(event.value))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
