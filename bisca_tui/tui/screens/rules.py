"""The rules panel: the rules of a game in Markdown, reachable from anywhere (F1 or ?)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Select, Static

from ...engine.spoken import (
    choice_label,
    game_description,
    game_name,
    rule_description,
    rule_name,
)
from ...engine.variant import all_variants, make_variant
from ...lang import N_, _
from ..translated import Translated
from ..widgets.common import FittingFooter


def fallback_markdown(variant_id: str, options: dict[str, Any] | None,
                      players: int | None = None) -> str:
    try:
        v = make_variant(variant_id, options or None, players)
    except Exception:  # a count the game does not take: the game in general
        v = make_variant(variant_id, options or None)
    lines = [f"# {game_name(v)}", "", game_description(v), ""]
    if v.house_rules:
        lines += ["## " + _("House rules"), ""]
        for h in v.house_rules:
            # translators: a house rule in the rules panel: its name, its choice, what it does
            lines.append(_("- **{rule}** (now {choice}): {description}").format(
                rule=rule_name(h), choice=choice_label(v.options[h.name]),
                description=rule_description(h)))
    return "\n".join(lines)


def rules_text(variant_id: str, options: dict[str, Any] | None = None,
               players: int | None = None) -> str:
    """The rules Markdown for a game, or its name and description while none is written.

    ``players``: the page is for a table of that many players (the signs of Spanish Brisca,
    for one, are used only with four); without it, for the game in general.
    """
    try:
        from ...rules import rules_markdown
    except ImportError:
        return fallback_markdown(variant_id, options, players)
    try:
        return str(rules_markdown(variant_id, options or {}, players))
    except Exception:  # the rules text must never take the table down
        return fallback_markdown(variant_id, options, players)


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

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box", classes="dialog"):
            with Horizontal(id="rules-head"):
                # translators: the rules panel's title, before the list of games
                yield Static(_("Rules of") + " ", classes="dialog-title")
                yield Select([(game_name(c), c.id) for c in all_variants()],
                             value=self.variant_id,
                             allow_blank=False, id="rules-variant", compact=True)
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(rules_text(self.variant_id, self.options, self.players),
                               id="rules-md")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def on_screen_resume(self) -> None:
        # the panel is kept between openings: it opens again on its own game
        select = self.query_one("#rules-variant", Select)
        if select.value != self.variant_id:
            select.value = self.variant_id
        self.query_one("#rules-scroll").focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):
            return
        playing = event.value == self.playing
        opts = self.options if playing else None
        players = self.players if playing else None
        await self.query_one("#rules-md", Markdown).update(
            rules_text(event.value, opts, players))

    def action_close(self) -> None:
        self.dismiss(None)
