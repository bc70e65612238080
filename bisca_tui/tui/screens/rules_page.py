"""The pages of the rules panel: the rules of a game in Markdown (its name and description
while none is written), and which page the panel shows for a game picked in it. Plain, so
that what the panel says is known without drawing it."""

from __future__ import annotations

from typing import Any

from ...engine.spoken import (
    choice_label,
    game_description,
    game_name,
    rule_description,
    rule_name,
)
from ...engine.variant import make_variant
from ...lang import _


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


class RulesPage:
    """The pages of a rules panel opened for ``variant_id`` (at a table: with its house
    rules ``options`` and its number of ``players``)."""

    def __init__(self, variant_id: str, options: dict[str, Any] | None = None,
                 players: int | None = None) -> None:
        self.playing = variant_id
        self.options = options
        self.players = players

    def text(self, variant_id: str) -> str:
        """The page for the game picked: the game the panel was opened for with that
        table's rules and players, any other game in general."""
        if variant_id == self.playing:
            return rules_text(variant_id, self.options, self.players)
        return rules_text(variant_id)
