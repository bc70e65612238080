"""The coach's sentences: the templates every reason is made of (``TEMPLATES``), a reason
as a line of parts (``Reason``), ``say`` that fills a template, and the small phrases the
reasons share (cards in words, card points, the cards that beat one).

The templates live in the game's one table of sentences (``engine.narrate.MESSAGES``,
its ``Advice``); a translation would replace them there (the fields are filled in after),
nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.table import Table, variant_of
from ..engine import narrate
from ..engine.cards import FRENCH_PACK, PACKS, RANKS, card_name
from ..engine.narrate import MESSAGES, CardRef, Part, fill, joined
from ..engine.narrate.wording import count_of, template
from ..engine.view import SeatView

#: the coach's sentences, from the one table of the game's sentences
TEMPLATES: dict[str, str] = MESSAGES["Advice"]



@dataclass(frozen=True)
class Reason:
    """One or more sentences: the keys of their templates and the line they make."""

    keys: tuple[str, ...]
    parts: tuple[Part, ...]

    def text(self, card: Callable[[int], str] = lambda c: card_name(c)) -> str:
        """The reason as plain text, cards drawn by ``card``."""
        out = "".join(p if isinstance(p, str) else card(p.card) for p in self.parts)
        return capitalise(out)

    def __add__(self, other: Reason) -> Reason:
        if not self.parts:
            return other
        if not other.parts:
            return self
        return Reason(self.keys + other.keys, tuple(_merge((*self.parts, " ", *other.parts))))


NO_REASON = Reason((), ())


def capitalise(text: str) -> str:
    """A capital at the start of each sentence (a card in words may open one)."""
    out = list(text)
    start = True
    for i, ch in enumerate(out):
        if start and not ch.isspace():
            out[i] = ch.upper()
            start = False
        elif ch == "." and i + 1 < len(out) and out[i + 1] == " ":
            start = True
    return "".join(out)


Field = str | int | float | CardRef | tuple[Part, ...]


def say(key: str, *forms: str, **fields: Field) -> Reason:
    """The template ``key`` (in its ``forms``, those given non-empty: ``say("take_sure",
    "worth", "lowest", ...)`` says ``take_sure.worth.lowest``) with its fields filled: cards
    stay cards, lists of parts are spliced in, numbers and words become text. The reason
    keeps ``key`` as what it says, whatever its form."""
    form = ".".join((key, *(f for f in forms if f)))
    text = template("Advice", form, count_of("Advice", form, fields))
    return Reason((key,), tuple(p for p in fill(text, **fields) if p != ""))


def _merge(parts: Sequence[Part]) -> list[Part]:
    out: list[Part] = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + p
        elif p != "":
            out.append(p)
    return out


def card_words(view: SeatView) -> Callable[[int], str]:
    """Cards in words as the seat's pack names them, trumps as trumps: "the Ace of
    trumps", "the King of cups"."""
    variant = variant_of(view)
    pack = PACKS.get(variant.pack_style)

    def name(c: int) -> str:
        if view.trump is not None and variant.suit[c] == view.trump:
            rank = (pack or FRENCH_PACK)._rank(RANKS[c % 10])
            return narrate.say("Cards", "trump", rank=rank)
        return narrate.say("Cards", "named", card=card_name(c, variant.pack_style))

    return name


def cards_phrase(cards: Sequence[int]) -> tuple[Part, ...]:
    """"A", "A and B", "A, B and C", joined by the table's list."""
    return joined([CardRef(c) for c in cards])


def _points(n: float) -> str:
    return f"{n:.0f}"


def card_points(n: float) -> tuple[str, int]:
    """A number of card points rounded to whole points, and the form of the sentence that
    says it ("one" card point or "many")."""
    k = round(n)
    return ("one" if k == 1 else "many"), k


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def worth_form(points: int) -> str:
    """The form of a sentence that says the trick's points, when it has any."""
    return "worth" if points else ""


def threats_phrase(t: Table, c: int) -> tuple[Part, ...]:
    """The unseen cards that beat ``c``, named when they are one or two."""
    threats = sorted(t.threats(c), key=lambda u: -t.strength[u] - 20 * (t.suit[u] == t.trump))
    if len(threats) <= 2:
        return cards_phrase(threats)
    return (narrate.say("Cards", "unseen", count=len(threats)),)
