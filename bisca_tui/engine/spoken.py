"""A game's own words in the language in use: its name and description, its house rules and
their choices, its signals and special keys, as a player reads them.

The engine declares them in English as data (``Variant.name``, ``HouseRule.description``,
``Signal.meaning``); the catalogues know each by a context made here, and gather them from
every registered game (``lang.catalogue``), so nothing here needs marking in the games'
modules. Every screen and the rules panel ask this module, never the attributes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..lang import pgettext
from .variant import HouseRule, Signal, SpecialKey, Variant

__all__ = ["choice_label", "game_description", "game_name", "rule_description", "rule_name",
           "signal_gesture", "signal_meaning", "special_key_label", "words_of_games"]

# looked up by contexts made here (the catalogue gathers them from the games themselves)
_in = pgettext


def game_name(variant: Variant | type[Variant]) -> str:
    return _in("game.name", variant.name) if variant.name else variant.name


def game_description(variant: Variant | type[Variant]) -> str:
    return _in("game.description", variant.description) if variant.description else ""


def rule_name(rule: HouseRule) -> str:
    """A house rule's name as a player reads it: ``last trick bonus``."""
    return _in("house_rule.name", rule.name.replace("_", " "))


def rule_description(rule: HouseRule) -> str:
    return _in(f"house_rule.{rule.name}", rule.description)


def choice_label(value: Any) -> str:
    """A house rule's choice as a player reads it: on/off, a percentage, words for an id."""
    label = HouseRule.label(value)
    if isinstance(value, bool | str):
        return _in("house_rule.choice", label)
    return label


def signal_meaning(signal: Signal) -> str:
    return _in("signal.meaning", signal.meaning)


def signal_gesture(signal: Signal) -> str:
    return _in("signal.gesture", signal.gesture)


def special_key_label(key: SpecialKey) -> str:
    return _in("special_key", key.label)


def words_of_games() -> Iterator[tuple[str, str, str]]:
    """Every word above, from every registered game: (context, English, a note for the
    translator), each once."""
    from .variant import all_variants

    seen: set[tuple[str, str]] = set()

    def once(ctx: str, text: str, note: str) -> Iterator[tuple[str, str, str]]:
        if text and (ctx, text) not in seen:
            seen.add((ctx, text))
            yield ctx, text, note

    for label in ("on", "off"):
        yield from once("house_rule.choice", label, "a house rule's choice")
    for cls in all_variants():
        yield from once("game.name", cls.name, f"the name of the game {cls.id}")
        yield from once("game.description", cls.description, f"the game {cls.id}, in a line")
        for rule in cls.house_rules:
            yield from once("house_rule.name", rule.name.replace("_", " "),
                            f"the name of a house rule (option {rule.name})")
            yield from once(f"house_rule.{rule.name}", rule.description,
                            f"what the house rule {rule.name} does; its choices are named in "
                            "it as the table shows them")
            for value in rule.choices:
                if isinstance(value, str):
                    yield from once("house_rule.choice", HouseRule.label(value),
                                    f"a choice of the house rule {rule.name}")
        for sig in cls.signals:
            yield from once("signal.meaning", sig.meaning, f"what the signal {sig.name} says")
            yield from once("signal.gesture", sig.gesture, f"the gesture of {sig.name}")
        for key in cls.special_keys:
            yield from once("special_key", key.label, f"the key {key.key}'s action")
