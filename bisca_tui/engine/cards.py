"""Cards, packs and rankings, with the project's card notation.

A card is a small int: ``copy * 40 + suit * 10 + rank``. ``suit`` indexes ``SUITS`` (S H D C),
``rank`` indexes ``RANKS`` (A 2 3 4 5 6 7 J Q K), and ``copy`` is 0 for a single pack and 0 or
1 in the double pack. Notation is rank then suit (``AS``, ``7H``, ``QD``); the second copy of
a card in the double pack carries a trailing apostrophe (``AS'``).

How strong a card is and what it is worth depend on the family: a ``Ranking`` holds both.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..lang import N_, _, pgettext

# a pack's words, looked up by a context made here (the catalogue gathers them from the packs)
_word_in = pgettext

SUITS = "SHDC"
RANKS = "A234567JQK"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "J": "Jack", "Q": "Queen", "K": "King",
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3

R_ACE, R_2, R_3, R_4, R_5, R_6, R_7, R_J, R_Q, R_K = range(10)


def make_card(rank: int, suit: int, copy: int = 0) -> int:
    return copy * 40 + suit * 10 + rank


def suit_of(card: int) -> int:
    return (card % 40) // 10


def rank_of(card: int) -> int:
    return card % 10


def copy_of(card: int) -> int:
    return card // 40


def card_str(card: int) -> str:
    base = RANKS[card % 10] + SUITS[(card % 40) // 10]
    return base + "'" if card >= 40 else base


def card_name(card: int, pack: str = "french") -> str:
    """A card in words, in a pack named in ``PACKS``: ``Ace of spades``, ``Horse of coins``."""
    if pack in PACKS:
        return PACKS[pack].card_name(card)
    return FRENCH_PACK.card_name(card)


def _folded(word: str) -> str:
    """A word without case or accents, to compare a rank's name with its label (``Ás``
    starts with ``A``)."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower())
                   if not unicodedata.combining(c))


_PARSE: dict[str, int] = {}
for _c in range(80):
    _PARSE[card_str(_c)] = _c


class NotationError(ValueError):
    """Text that is not the notation it should be: its words are told in the language in use
    when shown (``str``), and in English for what stays English (``english``)."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template)
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return _(self.template).format(**self.fields)

    @property
    def english(self) -> str:
        return self.template.format(**self.fields)


def parse_card(text: str) -> int:
    """Read a card in notation; raises ``NotationError`` (a ``ValueError``) with a readable
    reason."""
    key = text.strip().upper()
    try:
        return _PARSE[key]
    except KeyError:
        # translators: the letters are the card notation, kept as they are in every language
        raise NotationError(N_("{text} is not a card (rank A 2 3 4 5 6 7 J Q K, then suit "
                               "S H D C, e.g. 7H)"), text=repr(text)) from None


def parse_suit(text: str) -> int:
    key = text.strip().upper()
    if len(key) != 1 or key not in SUITS:
        # translators: S H D C are the suits' letters in the notation, kept as they are
        raise NotationError(N_("{text} is not a suit (S H D C)"), text=repr(text))
    return SUITS.index(key)


@dataclass(frozen=True)
class Ranking:
    """Order and points of the ten ranks for one family of games."""

    name: str
    order: str  # high to low, in RANKS letters
    points_by_letter: dict[str, int]

    @property
    def strength(self) -> tuple[int, ...]:
        """Strength by rank index (higher wins); 9 for the top card, 0 for the lowest."""
        return tuple(9 - self.order.index(r) for r in RANKS)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self.points_by_letter.get(r, 0) for r in RANKS)


PORTUGUESE = Ranking("portuguese", "A7KJQ65432", {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2})
ITALIAN = Ranking("italian", "A3KQJ76542", {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2})
SPANISH = Ranking("spanish", "A3KQJ76542", {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2})


# The words for cards, one table per pack (see ``Pack``). The number ranks are written as
# digits in a card's name ("7 of cups") and spelled out where a rank stands alone (a bid,
# the ranking table: "Seven").
RANK_WORDS = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "J": "Jack", "Q": "Queen", "K": "King",
}
FRENCH_GLYPHS = "♠♥♦♣"  # by suit S H D C
LATIN_GLYPHS = "†∪●ǂ"  # swords (a blade), cups (a bowl), coins (a disc), batons (a knotty staff)


@dataclass(frozen=True)
class Pack:
    """How one family's pack names and labels its cards (the notation stays ``7H``, ``KD``).

    The Italian and Spanish packs map onto the same notation letters as the French-suited
    one: swords = S, cups = H, coins = D, batons = C; King = K, Horse = Q, Jack = J.

    Every place that names a card (the faces, the dialogs, the rules, the replay) asks the
    pack being drawn: ``short`` is the card as its face shows it (``R†``, ``12∪``, ``K♥``),
    ``card_name`` the card in English words (``Horse of coins``), ``labelled_name`` the words
    with the face's label where it differs from them (``King (12) of cups``). ``suit_keys``
    and ``rank_keys`` are the keys that pick a suit or a rank in a dialog: the initials of
    the pack's own suit names, and the rank labels of its faces.
    """

    name: str
    title: str
    suit_names: dict[str, str]  # in English words, by notation letter
    local_suit_names: dict[str, str]  # as the pack's own players say them
    rank_names: dict[str, str]
    rank_labels: dict[str, str]  # what the card's corner shows, by notation letter
    glyphs: str = FRENCH_GLYPHS  # the suit symbols of the faces, by suit S H D C
    suit_keys: str = "shdc"  # the key that picks each suit, by suit S H D C
    rank_keys: dict[str, str] | None = None  # the key of each rank (default: its label)

    # Every word goes through the catalogues, known by the pack it belongs to: a rank or a
    # suit (``italian.rank`` "Horse" is "Cavallo" in Italian, "Caballo" in Spanish); the
    # patterns that join them are known as ``card`` and ``card.labelled``.

    def _rank(self, letter: str) -> str:
        name = self.rank_names[letter]
        return name if name.isdigit() else _word_in(f"{self.name}.rank", name)

    def card_name(self, card: int) -> str:
        """A card in words: ``Horse of coins``."""
        return pgettext("card", "{rank} of {suit}").format(
            rank=self._rank(RANKS[card % 10]), suit=self.suit_name((card % 40) // 10))

    def rank_name(self, card: int) -> str:
        """A card's rank in the words of its name: ``Horse``, ``7``."""
        return self._rank(RANKS[card % 10])

    def rank_label(self, card: int) -> str:
        return self.rank_labels[RANKS[card % 10]]

    def short(self, card: int) -> str:
        """The card as its face shows it: rank label and suit glyph (``R†``, ``12∪``)."""
        return self.rank_label(card) + self.glyphs[(card % 40) // 10]

    def rank_word(self, letter: str) -> str:
        """A rank standing alone, spelled: ``Seven``, ``Horse``, ``Queen``."""
        name = self.rank_names[letter]
        if name.isdigit():
            return pgettext("rank", RANK_WORDS[letter])
        return self._rank(letter)

    def suit_name(self, suit: int) -> str:
        """A suit in words: ``cups``, ``hearts``."""
        return _word_in(f"{self.name}.suit", self.suit_names[SUITS[suit]])

    def local_suit_name(self, suit: int) -> str:
        return self.local_suit_names[SUITS[suit]]

    def labelled_name(self, card: int) -> str:
        """The card in words, with the face's label when the words do not show it:
        ``King (12) of cups``, ``Horse (C) of coins``, ``King of hearts``, ``7 of cups``."""
        letter = RANKS[card % 10]
        name, label = self._rank(letter), self.rank_labels[letter]
        suit = self.suit_name((card % 40) // 10)
        if not _folded(name).startswith(_folded(label)):
            return pgettext("card.labelled", "{rank} ({label}) of {suit}").format(
                rank=name, label=label, suit=suit)
        return pgettext("card", "{rank} of {suit}").format(rank=name, suit=suit)

    def suit_key(self, suit: int) -> str:
        return self.suit_keys[suit]

    def rank_key(self, letter: str) -> str:
        """The key that picks a rank (given in notation): the face's label, or the pack's
        own key where the label takes two characters."""
        keys = self.rank_keys or {}
        return keys.get(letter, self.rank_labels[letter].lower())


_NUMBERS = {r: r for r in "234567"}
FRENCH_PACK = Pack(
    "french", "French suits", SUIT_NAMES, SUIT_NAMES, RANK_NAMES,
    {"A": "A", **_NUMBERS, "J": "J", "Q": "Q", "K": "K"})
PORTUGUESE_PACK = Pack(
    "portuguese", "Portuguese pack", SUIT_NAMES,
    {"S": "espadas", "H": "copas", "D": "ouros", "C": "paus"}, RANK_NAMES,
    FRENCH_PACK.rank_labels)
_LATIN_SUITS = {"S": "swords", "H": "cups", "D": "coins", "C": "batons"}
_LATIN_RANKS = {**RANK_NAMES, "J": "Jack", "Q": "Horse", "K": "King"}
ITALIAN_PACK = Pack(
    "italian", "Italian pack", _LATIN_SUITS,
    {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"}, _LATIN_RANKS,
    {"A": "A", **_NUMBERS, "J": "F", "Q": "C", "K": "R"},  # fante, cavallo, re
    LATIN_GLYPHS, "scdb")
SPANISH_PACK = Pack(
    "spanish", "Spanish pack", _LATIN_SUITS,
    {"S": "espadas", "H": "copas", "D": "oros", "C": "bastos"}, _LATIN_RANKS,
    {"A": "1", **_NUMBERS, "J": "10", "Q": "11", "K": "12"},  # sota, caballo, rey
    LATIN_GLYPHS, "ecob", {"J": "s", "Q": "c", "K": "r"})
PACKS = {p.name: p for p in (FRENCH_PACK, PORTUGUESE_PACK, ITALIAN_PACK, SPANISH_PACK)}


def pack_named(name: str) -> Pack:
    """A pack by name (a key of ``PACKS``); the French-suited one for any other name."""
    return PACKS.get(name, FRENCH_PACK)


@dataclass(frozen=True)
class SuitWord:
    """A suit as a sentence of the table names it (a refusal's suit led): told in the words
    of the game's pack (``pack``, a key of ``PACKS``), in the language in use when it is
    said (``str``), and in English where the sentence stays English (``english``)."""

    suit: int
    pack: str = "french"

    def __str__(self) -> str:
        return pack_named(self.pack).suit_name(self.suit)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def english(self) -> str:
        return pack_named(self.pack).suit_names[SUITS[self.suit]]


def pack40() -> list[int]:
    return list(range(40))


def pack_without(excluded: list[str], copies: int = 1) -> list[int]:
    """A pack of ``copies`` 40-card packs less the cards named in ``excluded`` (each once)."""
    cards = [c for c in range(40 * copies)]
    for text in excluded:
        cards.remove(parse_card(text))
    return cards


def pack36() -> list[int]:
    """The 40-card pack without the four 2s (Bisca de Seis)."""
    return [c for c in range(40) if c % 10 != R_2]


def double_pack() -> list[int]:
    return list(range(80))
