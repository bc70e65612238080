"""The in-app rules text: one Markdown page per variant, plus sections made from the engine.

``rules_markdown(variant_id, options, players)`` returns the page for a game (for a table of
that many players, if given), ready for a Markdown viewer. The parts that must never drift
from the engine are generated, not written: the ranking and points table, the partner
signals (gesture and meaning; listed even at a table that does not use them, saying when they
are used), and the house rules with the values in effect. A page marks where each goes with
a comment line (``<!-- ranking -->``, ``<!-- signals -->``, ``<!-- house-rules -->``); a
generated section without a mark is added at the end. A registered game without a page gets
a short page built from what the engine knows about it.

This module never imports the user interface: the engine-free layers load it too.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.cards import (
    FRENCH_PACK,
    ITALIAN,
    ITALIAN_PACK,
    RANKS,
    Pack,
    Ranking,
    pack_named,
    rank_of,
)
from ..engine.errors import OptionError
from ..engine.spoken import (
    choice_label,
    game_description,
    game_name,
    rule_description,
    rule_name,
    signal_gesture,
    signal_meaning,
)
from ..engine.variant import REQUEST, HouseRule, Signal, Variant, all_variants, variant_class
from ..lang import DEFAULT, N_, _, current, ngettext, pgettext

__all__ = [
    "FALLBACK_NOTE",
    "available_rules",
    "format_value",
    "page_text",
    "rules_markdown",
]

WIDTH = 80

RANKING_MARK = "<!-- ranking -->"
SIGNALS_MARK = "<!-- signals -->"
HOUSE_RULES_MARK = "<!-- house-rules -->"

FALLBACK_NOTE = N_("A full rules page for this game is still to be written.")

# Pages written ahead of their variant: the ranking (and the pack that names its cards) to
# show until the engine has the game.
PAGE_ONLY_RANKINGS: dict[str, tuple[Ranking, Pack]] = {"briscola": (ITALIAN, ITALIAN_PACK)}

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_CODE = re.compile(r"`([^`\n]+)`")


def rank_word(letter: str, names: Pack = FRENCH_PACK) -> str:
    """A rank in words, in a pack: ``Seven`` for ``7``, ``Horse`` for the Italian ``Q``."""
    return names.rank_word(letter)


def _pages(code: str = DEFAULT) -> dict[str, Any]:
    """The written pages by game id, in the language ``code`` (English is the folder itself,
    another language its subfolder named by its code): this package's own, then those of
    any further folder on its search path (``__path__``, as ``pkgutil.extend_path`` makes
    it), the first found for an id kept."""
    folders = [resources.files(__package__), *(Path(p) for p in __path__[1:])]
    if code != DEFAULT:
        folders = [f / code for f in folders]
    pages: dict[str, Any] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if entry.name.endswith(".md") and _ID.fullmatch(entry.name[:-3]):
                pages.setdefault(entry.name[:-3], entry)
    return pages


def available_rules() -> list[str]:
    """The ids of the games that have a written rules page."""
    return sorted(_pages())


def page_text(variant_id: str, code: str | None = None) -> str | None:
    """The written page of a game as stored, marks included, in the language ``code`` (by
    default the one in use), else in English; None if it has none."""
    code = current() if code is None else code
    entry = _pages(code).get(variant_id) if code != DEFAULT else None
    entry = entry or _pages().get(variant_id)
    if entry is None:
        return None
    return entry.read_text(encoding="utf-8")


def setting_words(page: str) -> str:
    """A written page with the house rules and choices it names in backquotes (a rule's id
    such as `tie`, a choice such as `comb 10`: every language's page is written with them)
    in the words the new game form shows them in, in the language in use; English keeps
    the ids, which are also what the command line takes."""
    if current() == DEFAULT:
        return page
    every = [r for cls in all_variants() for r in cls.house_rules]
    rules = {r.name: r for r in every}
    choices = {HouseRule.label(c): c for r in every for c in r.choices
               if isinstance(c, bool | str)}

    def said(match: re.Match[str]) -> str:
        token = match.group(1)
        if token in rules:
            return f"`{rule_name(rules[token])}`"
        if token in choices:
            return f"`{choice_label(choices[token])}`"
        return match.group(0)

    return _CODE.sub(said, page)


def shown_rule_name(rule: HouseRule) -> str:
    """A house rule as the rules page names it: by its id in English (what the command line
    takes), else by its name in the language in use."""
    return rule.name if current() == DEFAULT else rule_name(rule)


def format_value(value: Any) -> str:
    """A house-rule value as the rules text shows it: as the new game form labels it."""
    return choice_label(value)


def _wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False) or [first.rstrip()]


# ----- generated sections -------------------------------------------------------------


def ranking_section(ranking: Ranking, pack: list[int] | None = None,
                    names: Pack = FRENCH_PACK) -> str:
    """The "Ranking and points" table, high to low, for the ranks present in the pack; each
    rank as the faces of the pack ``names`` show it (``R``, ``12``) and in its words."""
    present = set(RANKS) if pack is None else {RANKS[rank_of(c)] for c in pack}
    points = ranking.points_by_letter
    lines = [
        "## " + _("Ranking and points"),
        "",
        _("Every suit ranks the same way, highest first:"),
        "",
        "| {} | {} | {} | {} |".format(_("Order"), pgettext("ranking table", "Card"),
                                    _("Name"), _("Points")),
        "|---|---|---|---|",
    ]
    order = 0
    for letter in ranking.order:
        if letter not in present:
            continue
        order += 1
        lines.append(f"| {order} | {names.rank_labels[letter]} | {rank_word(letter, names)} "
                     f"| {points.get(letter, 0)} |")
    total = sum(points.get(RANKS[rank_of(c)], 0) for c in (pack or range(40)))
    lines.append("")
    lines.extend(_wrap(_("The pack holds {total} card points in all.").format(total=total)))
    missing = [letter for letter in ranking.order if letter not in present]
    if missing:
        words = _listed([rank_word(m, names) for m in missing], _("{first} and {last}"))
        text = ngettext("Rank not in this pack: {ranks}.", "Ranks not in this pack: {ranks}.",
                        len(missing))
        lines.extend(_wrap(text.format(ranks=words)))
    return "\n".join(lines)


def _signal_counts(cls: type[Variant], options: dict[str, Any]) -> list[int]:
    """The player counts at which the game, with these house rules, uses signals."""
    return [n for n in cls.players if cls(options, n).signals]


def _signal_variant(variant: Variant) -> tuple[Variant, str]:
    """The variant whose signals to list, and why they are off at this table: ``""`` when
    they are in use, ``"rule"`` when a house rule turns them off, ``"players"`` when the
    game uses them only with another number of players."""
    if variant.signals:
        return variant, ""
    cls = type(variant)
    for rule in variant.house_rules:
        if rule.name == "signals" and True in rule.choices:
            options = dict(variant.options)
            options["signals"] = True
            return cls(options, variant.n_people), "rule"
    counts = _signal_counts(cls, variant.options)
    if counts:
        return cls(variant.options, counts[0]), "players"
    return variant, ""


def _listed(words: list[str], last_two: str) -> str:
    """Words in a list, the last two joined by ``last_two`` (``{first} or {last}``)."""
    if len(words) == 1:
        return words[0]
    return last_two.format(first=", ".join(words[:-1]), last=words[-1])


def _counts_text(counts: list[int]) -> str:
    return _listed([str(n) for n in counts], _("{first} or {last}"))


def _sign_lines(signals: Iterable[Signal]) -> list[str]:
    lines: list[str] = []
    for sig in signals:
        text = _("**{meaning}**: {gesture} (`signal:{name}`)").format(
            meaning=signal_meaning(sig), gesture=signal_gesture(sig), name=sig.name)
        lines.extend(_wrap(text, "- ", "  "))
    return lines


def signals_section(variant: Variant, players_given: bool = True) -> str:
    """The signs partners may send, with gesture and meaning as the game shows them.

    A game that uses signs only under a house rule, or only with some number of players,
    still lists them, saying when they are used. ``players_given`` says the page is for a
    table of ``variant.n_people`` players, not for the game in general.
    """
    source, off = _signal_variant(variant)
    if not source.signals:
        return ""
    lines: list[str] = []
    if off == "rule":
        rule = next(r for r in variant.house_rules if r.name == "signals")
        # translators: {rule} is the house rule's name, as the rules page names it
        lines.extend(_wrap(_("Signals are off at this table (house rule `{rule}`). "
                             "When they are on, these are the signs:").format(
                                 rule=shown_rule_name(rule))))
    elif off == "players":
        counts = _counts_text(_signal_counts(type(variant), variant.options))
        text = _("Signs are used only with {counts} players, between partners.").format(
            counts=counts)
        if players_given:
            text += " " + _("This table has {n} players, so no signs are made here.").format(
                n=variant.n_people)
        lines.extend(_wrap(text + " " + _("These are the signs:")))
    else:
        lines.extend(_wrap(_("The signs in use at this table:")))
    lines.append("")
    told = [sig for sig in source.signals if sig.kind != REQUEST]
    asked = [sig for sig in source.signals if sig.kind == REQUEST]
    lines.extend(_sign_lines(told))
    if asked:
        if told:
            lines.append("")
        lines.extend(_wrap(_("The requests: they ask the partner for something and tell "
                             "nothing about the sender's cards, so any hand may make them:")))
        lines.append("")
        lines.extend(_sign_lines(asked))
    return "\n".join(lines)


def house_rules_section(variant: Variant | None) -> str:
    """Each house rule of the game with its meaning and the value in effect."""
    lines = ["## " + _("House rules in effect"), ""]
    rules = variant.house_rules if variant is not None else ()
    if not rules:
        lines.extend(_wrap(_("This game has no house rules: it is always played as "
                             "described.")))
        return "\n".join(lines)
    for rule in rules:
        value = variant.options[rule.name] if variant is not None else rule.default
        choices = ", ".join(f"`{format_value(c)}`" for c in rule.choices)
        if value == rule.default:
            # translators: a house rule's line on the rules page; {name} is its id
            text = _("**{name}** = `{value}` (default). {description} Choices: {choices}; "
                     "default `{default}`.")
        else:
            text = _("**{name}** = `{value}`. {description} Choices: {choices}; "
                     "default `{default}`.")
        text = text.format(name=shown_rule_name(rule), value=format_value(value),
                           description=rule_description(rule), choices=choices,
                           default=format_value(rule.default))
        lines.extend(_wrap(text, "- ", "  "))
    return "\n".join(lines)


# ----- the page -----------------------------------------------------------------------


def _place(page: str, mark: str, section: str) -> str:
    if mark in page:
        if not section:
            return page.replace(mark + "\n\n", "").replace(mark, "")
        return page.replace(mark, section)
    if not section:
        return page
    return page.rstrip("\n") + "\n\n" + section + "\n"


def _fallback_page(variant: Variant) -> str:
    lines = [f"# {game_name(variant)}", ""]
    lines.extend(_wrap(game_description(variant)))
    lines.append("")
    lines.extend(_wrap("*" + _(FALLBACK_NOTE) + " "
                       + _("Here is what the game itself says about it.") + "*"))
    players = ", ".join(str(p) for p in type(variant).players)
    lines.extend(["", "## " + _("Players and pack"), ""])
    lines.extend(_wrap(_("Players: {players}. Cards in hand: {hand}. Pack: {cards} cards.")
                       .format(players=players, hand=variant.hand_size,
                               cards=len(variant.pack()))))
    lines.extend(["", RANKING_MARK, ""])
    if variant.signals:
        lines.extend(["## " + _("Signals"), "", SIGNALS_MARK, ""])
    lines.append(HOUSE_RULES_MARK)
    return "\n".join(lines) + "\n"


def rules_markdown(variant_id: str, options: dict[str, Any] | None = None,
                   players: int | None = None) -> str:
    """The rules page of a game as Markdown, with the house rules ``options`` in effect.

    ``players`` builds the page for a table of that many players (the generated sections
    that depend on it, such as the signs, say what holds at that table); without it, the
    page is for the game in general.

    Raises ``OptionError`` for an unknown game, for a house rule the game does not have or
    a value it does not take, or for a number of players the game is not played with.
    """
    page = page_text(variant_id) if _ID.fullmatch(variant_id) else None
    if page is not None:
        page = setting_words(page)
    try:
        cls = variant_class(variant_id)
    except OptionError:
        if page is None:
            raise
        cls = None
    if cls is None:
        assert page is not None
        if options:
            names = ", ".join(sorted(options))
            raise OptionError(f"{variant_id} has no house rules yet (given: {names})")
        known = PAGE_ONLY_RANKINGS.get(variant_id)
        page = _place(page, RANKING_MARK,
                      ranking_section(known[0], names=known[1]) if known else "")
        page = _place(page, SIGNALS_MARK, "")
        page = _place(page, HOUSE_RULES_MARK, house_rules_section(None))
        return page
    variant = cls(options, players)
    if page is None:
        page = _fallback_page(variant)
    page = _place(page, RANKING_MARK, ranking_section(variant.ranking, variant.pack(),
                                                      pack_named(variant.pack_style)))
    if SIGNALS_MARK in page:
        page = _place(page, SIGNALS_MARK,
                      setting_words(signals_section(variant, players is not None)))
    page = _place(page, HOUSE_RULES_MARK, house_rules_section(variant))
    return page
