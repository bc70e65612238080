"""Rules of play: which cards a player may play to a trick, as one small object per rule.

Each ``Restriction`` answers three questions from the cards alone, for the engine, the
sampler of hidden hands and the search's fast simulator alike:

- ``legal``: the cards of a hand that may be played to the trick so far;
- ``why``: the sentence that explains why a card may not be played;
- ``voids``: the suits a play shows its player lacks.

and three facts about itself that callers may use instead of asking ``legal`` each time:
``free`` (any card, always), ``follows_suit`` (the suit led binds from the first trick) and
``binds_only_on_trump_lead`` (only an answer to a trump lead can be restricted). A variant
declares its rule by ``name``; ``Variant.rule_of_play`` is the object.

``stock_empty`` says whether the stock (indicator included) is gone: some rules only bind
then. ``suit`` and ``strength`` are the variant's tables by card. Who takes a trick is the
one rule in ``tricks``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SuitWord
from .narrate.sayings import Refusal
from .tricks import winning_card


class Restriction:
    name = ""  # as variants declare it, records keep it and the rules pages show it
    binds_before_stock_ends = True  # False: play is free while there is a stock
    free = False  # True: any card may always be played (callers may skip ``legal``)
    follows_suit = False  # True: the suit led must be followed when able, from the start
    # True: an answer is restricted only when trumps are led (play is free otherwise), so a
    # two-hand trick's answers follow from whether the lead is a trump
    binds_only_on_trump_lead = False

    def legal(self, hand: Sequence[int], trick: Sequence[int], trump: int, stock_empty: bool,
              suit: Sequence[int], strength: Sequence[int]) -> list[int]:
        return list(hand)

    def why(self, hand: Sequence[int], trick: Sequence[int], trump: int, stock_empty: bool,
            suit: Sequence[int], strength: Sequence[int], card: int,
            pack: str = "french") -> Refusal:
        """Why ``card`` may not be played; a suit it names is named in the words of the
        game's ``pack`` (a key of ``cards.PACKS``)."""
        return Refusal("card_not_now")

    def voids(self, trick: Sequence[int], card: int, trump: int, stock_empty: bool,
              suit: Sequence[int], strength: Sequence[int]) -> set[int]:
        """Suits that playing ``card`` to ``trick`` (the cards before it) shows lacking."""
        return set()


class Free(Restriction):
    name = "free"
    free = True
    binds_only_on_trump_lead = True


class TrumpOnTrumpAfterStock(Restriction):
    """Bisca de Nove: once the stock is gone, a trump lead is answered with a trump by a
    player who holds one."""

    name = "trump-on-trump-after-stock"
    binds_only_on_trump_lead = True

    def legal(self, hand, trick, trump, stock_empty, suit, strength):
        if trick and stock_empty and suit[trick[0]] == trump:
            trumps = [c for c in hand if suit[c] == trump]
            if trumps:
                return trumps
        return list(hand)

    def why(self, hand, trick, trump, stock_empty, suit, strength, card, pack="french"):
        return Refusal("trump_on_trump")

    def voids(self, trick, card, trump, stock_empty, suit, strength):
        if trick and stock_empty and suit[trick[0]] == trump and suit[card] != trump:
            return {trump}
        return set()


class FollowSuit(Restriction):
    """Sueca: follow the suit led when able; otherwise any card."""

    name = "follow-suit"
    follows_suit = True

    def legal(self, hand, trick, trump, stock_empty, suit, strength):
        if trick:
            led = suit[trick[0]]
            follow = [c for c in hand if suit[c] == led]
            if follow:
                return follow
        return list(hand)

    def why(self, hand, trick, trump, stock_empty, suit, strength, card, pack="french"):
        return Refusal("follow_suit", led=SuitWord(suit[trick[0]], pack))

    def voids(self, trick, card, trump, stock_empty, suit, strength):
        return {suit[trick[0]]} if trick and suit[card] != suit[trick[0]] else set()


class FollowOrTrump(FollowSuit):
    """Sueca Italiana: follow suit when able; else trump when able."""

    name = "follow-or-trump"

    def legal(self, hand, trick, trump, stock_empty, suit, strength):
        if trick:
            led = suit[trick[0]]
            follow = [c for c in hand if suit[c] == led]
            if follow:
                return follow
            trumps = [c for c in hand if suit[c] == trump]
            if trumps:
                return trumps
        return list(hand)

    def why(self, hand, trick, trump, stock_empty, suit, strength, card, pack="french"):
        if any(suit[c] == suit[trick[0]] for c in hand):
            return super().why(hand, trick, trump, stock_empty, suit, strength, card, pack)
        return Refusal("must_trump")

    def voids(self, trick, card, trump, stock_empty, suit, strength):
        out = super().voids(trick, card, trump, stock_empty, suit, strength)
        if out and suit[card] != trump:
            out.add(trump)
        return out


class Arrastre(Restriction):
    """Spanish Brisca's house rule: once the stock is gone, follow suit and beat the trick
    if able; a player who cannot follow must trump, beating a trump already played if
    able; free while the stock lasts."""

    name = "arrastre"
    binds_before_stock_ends = False

    def legal(self, hand, trick, trump, stock_empty, suit, strength):
        if not trick or not stock_empty:
            return list(hand)
        led = suit[trick[0]]
        best = winning_card(trick, trump, suit, strength)
        follow = [c for c in hand if suit[c] == led]
        if follow:
            if suit[best] == led:
                higher = [c for c in follow if strength[c] > strength[best]]
                if higher:
                    return higher
            return follow
        trumps = [c for c in hand if suit[c] == trump]
        if trumps:
            if suit[best] == trump:
                higher = [c for c in trumps if strength[c] > strength[best]]
                if higher:
                    return higher
            return trumps
        return list(hand)

    def why(self, hand, trick, trump, stock_empty, suit, strength, card, pack="french"):
        led = suit[trick[0]]
        if any(suit[c] == led for c in hand):
            if suit[card] == led:
                return Refusal("arrastre.beat", led=SuitWord(led, pack))
            return Refusal("arrastre.follow", led=SuitWord(led, pack))
        if suit[card] == trump:
            return Refusal("arrastre.beat_trump")
        return Refusal("arrastre.trump")

    def voids(self, trick, card, trump, stock_empty, suit, strength):
        if not trick or not stock_empty or suit[card] == suit[trick[0]]:
            return set()
        out = {suit[trick[0]]}
        if suit[card] != trump:
            out.add(trump)
        return out


RESTRICTIONS: dict[str, Restriction] = {
    r.name: r for r in (Free(), TrumpOnTrumpAfterStock(), FollowSuit(), FollowOrTrump(),
                        Arrastre())
}
