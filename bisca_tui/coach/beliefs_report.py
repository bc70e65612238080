"""What each seat believed of the hidden cards (``beliefs``) as text or as a JSON-ready
dict: what ``bisca-tui review --beliefs`` prints.

The text gives one block per decision: who played which card (and the card the search
preferred, for the hard level), then every card the seat could not see with its chance of
being in each place, ``*`` marking where it really was. It fits 80 columns with seven
places (Chiamata col Monte for seven).

The JSON object holds ``format`` ("bisca-tui-beliefs"), ``version`` (1), ``variant`` and
``decisions``, each with ``deal`` (from 1), ``action`` (its number in the deal, from 1),
``trick``, ``seat``, ``who``, ``reasons``, ``chosen``, ``best`` (null but for the hard
level), ``samples``, ``places`` (seat numbers, "stock", "aside") and ``cards``: ``card``
(record notation), ``chance`` (per place) and ``truth`` (the index of its true place).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.cards import RANKS, SUIT_SYMBOLS, SUITS, card_str
from ..engine.narrate import template
from ..engine.records import Record, replay_record
from ..lang import _, pgettext
from .beliefs import ASIDE, STOCK, DecisionBeliefs, Place

BELIEFS_FORMAT = "bisca-tui-beliefs"
BELIEFS_VERSION = 1
COLUMN = 8  # the widest a place's name is shown
WIDTH = 80  # the lines of words are wrapped to it; a grid of seven places fits it


def card_text(card: int) -> str:
    """A card as rank and suit symbol: ``A♠`` (``A♠'``: the double pack's second copy)."""
    text = RANKS[card % 10] + SUIT_SYMBOLS[SUITS[(card % 40) // 10]]
    return text + "'" if card >= 40 else text


def who_word(who: str) -> str:
    words = {
        # translators: who played a seat, in brackets after the player's name
        "hard": pgettext("who", "hard"), "medium": pgettext("who", "medium"),
        "easy": pgettext("who", "easy"), "person": pgettext("who", "person"),
        "other": pgettext("who", "outside program"),
    }
    return words.get(who, who)


def seat_names(record: Record, deal: int) -> list[str]:
    """The name of the player at each seat of deal ``deal`` ("seat N" for a seat no
    player holds, as a dummy hand's)."""
    people = replay_record(record).people(deal)
    return [record.players[p] if p is not None else _("seat {seat}").format(seat=s)
            for s, p in enumerate(people)]


def place_word(place: Place, names: Sequence[str]) -> str:
    if place == STOCK:
        # translators: the face-down stock, a place a hidden card may be
        return pgettext("place", "stock")
    if place == ASIDE:
        # translators: cards laid aside face down (the monte, a bidder's discards)
        return pgettext("place", "aside")
    assert isinstance(place, int)
    return names[place] if place < len(names) else str(place)


def _chance(x: float) -> str:
    if x <= 0.0:
        return "-"
    if x < 0.005:
        return "<1%"
    return f"{100 * x:.0f}%"


def _head(d: DecisionBeliefs, names: Sequence[str], clean: Callable[[str], str]) -> str:
    name = clean(names[d.seat]) if d.seat < len(names) else str(d.seat)
    common = {"deal": d.deal + 1, "trick": d.trick, "name": name, "who": who_word(d.who),
              "card": card_text(d.chosen), "samples": d.samples}
    if d.best is not None and d.best != d.chosen:
        return template("Beliefs", "head.preferred").format(
                     best=card_text(d.best), **common)
    if d.best is not None:
        return template("Beliefs", "head.same").format(**common)
    if d.samples == 0:  # what could be known, counted over every deal that fits
        return template("Beliefs", "head.counted").format(**common)
    return template("Beliefs", "head").format(**common)


def _note(d: DecisionBeliefs) -> str:
    if d.who == "hard":
        return template("Beliefs", "about.hard")
    if not d.reasons:
        return template("Beliefs", "about.rules")
    return template("Beliefs", "about.known")


def decision_text(d: DecisionBeliefs, names: Sequence[str],
                  clean: Callable[[str], str] = str) -> str:
    """One decision's block: the head, a note on where the chances come from, and a line
    per unseen card with its chance in each place (``*``: where it really was)."""
    labels = [clean(place_word(p, names))[:COLUMN] for p in d.places]
    widths = [max(len(x), 5) for x in labels]
    lines = textwrap.wrap(_head(d, names, clean), WIDTH, subsequent_indent="    ")
    lines += textwrap.wrap(_note(d), WIDTH, initial_indent="  ", subsequent_indent="  ")
    row = "".join(f"  {x:>{w}} " for x, w in zip(labels, widths, strict=True))
    lines.append(("  " + " " * 4 + row).rstrip())
    for c in d.cards:
        cells = [f"  {_chance(x):>{w}}{'*' if k == c.truth else ' '}"
                 for k, (x, w) in enumerate(zip(c.chance, widths, strict=True))]
        lines.append(f"  {card_text(c.card):<4}" + "".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def beliefs_text(items: Sequence[DecisionBeliefs], names: Sequence[str],
                 clean: Callable[[str], str] = str) -> str:
    """Every decision's block, a blank line between them, and what ``*`` means."""
    if not items:
        return template("Beliefs", "report.none") + "\n"
    blocks = [decision_text(d, names, clean) for d in items]
    return "\n".join(blocks) + "\n" + template("Beliefs", "report.truth") + "\n"


def beliefs_json(items: Sequence[DecisionBeliefs], variant: str = "") -> dict[str, Any]:
    """The decisions' beliefs as a JSON-ready dict (cards in record notation)."""
    return {
        "format": BELIEFS_FORMAT,
        "version": BELIEFS_VERSION,
        "variant": variant,
        "decisions": [{
            "deal": d.deal + 1,
            "action": d.step + 1,
            "trick": d.trick,
            "seat": d.seat,
            "who": d.who,
            "reasons": d.reasons,
            "chosen": card_str(d.chosen),
            "best": None if d.best is None else card_str(d.best),
            "samples": d.samples,
            "places": list(d.places),
            "cards": [{"card": card_str(c.card), "chance": [round(x, 4) for x in c.chance],
                       "truth": c.truth} for c in d.cards],
        } for d in items],
    }

