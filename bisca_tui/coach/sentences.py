"""The coach's sentences: the templates every reason is made of (``TEMPLATES``), a reason
as a line of parts (``Reason``), ``say`` that fills a template, and the small phrases the
reasons share (cards in words, card points, the cards that beat one).

Like the engine's other text the templates are English; a translation would replace the
sentences of ``TEMPLATES`` (the fields are filled in after), nothing else.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.table import Table, variant_of
from ..engine.cards import PACKS, RANKS, card_name
from ..engine.narrate import CardRef, Part
from ..engine.view import SeatView

TEMPLATES: dict[str, str] = {
    # ----- playing a card: what the card does in this trick --------------------------
    "lead_sure": "Leads {card}: no card left in play can beat it, so the trick is yours.",
    "lead_sure_points": "Leads {card}: no card left in play can beat it, so its {points} "
                        "points are yours.",
    "lead_trump": "Leads {card} to draw out the other trumps: {left} still out.",
    "lead_low": "Leads {card}, worth nothing, keeping your points and trumps for later "
                "tricks.",
    "lead_points": "Leads {card}, though {threats} can beat it.",
    "take_last": "Takes the trick{worth} with {card}: you play last.",
    "take_partner_after": "Takes the trick{worth} with {card}: only your partner plays "
                          "after you.",
    "take_gone_one": "Takes the trick{worth} with {card}{lowest}; {gone} is already "
                     "played, so nothing can beat it.",
    "take_gone_many": "Takes the trick{worth} with {card}{lowest}; {gone} are already "
                      "played, so nothing can beat it.",
    "take_master": "Takes the trick{worth} with {card}{lowest}: no card can beat it.",
    "take_sure": "Takes the trick{worth} with {card}{lowest}: no card left in play can "
                 "beat it.",
    "take_try": "Goes for the trick{worth} with {card}{lowest}, though {threats} could beat "
                "it.",
    "cannot_win": "Nothing in your hand beats {winner}: {card} gives away the least.",
    "cannot_win_keep": "Nothing in your hand beats {winner}: giving {card} keeps your other "
                       "cards for later tricks.",
    "duck_costs": "Lets the trick{worth} go with {card}: taking it with {taker} leaves your "
                  "side about {diff} fewer by the end of the deal.",
    "duck_no_gain": "Lets the trick{worth} go with {card}: taking it with {taker} gains "
                    "nothing by the end of the deal.",
    "feed_last": "Your partner is winning the trick and no opponent plays after you: {card} "
                 "adds its {points} points.",
    "feed_top": "Your partner is winning the trick with a card nothing left in play can "
                "beat: {card} adds its {points} points.",
    "partner_keep": "Your partner is winning the trick; {card} keeps your counting cards "
                    "for later.",
    "partner_risk": "Your partner is winning, but the trick can still be taken after you: "
                    "{card} puts {at_risk} at risk.",
    "partner_secure": "Your partner's card could still be beaten, so {card} makes the "
                      "trick{worth} safe.",
    "partner_raise": "Your partner's card could still be beaten: {card} goes over it, so "
                     "that fewer cards can take the trick.",
    "overtake": "Plays {card} over your partner's winning card.",
    "plain": "Plays {card}.",
    "dark": "Trumps are not named yet, so any card may still be beaten; the strongest bot "
            "plays {card}.",
    # what a card kept back is for
    "keep": "Keep {taker}: {top} is still out.",
    # ----- the search's verdict ------------------------------------------------------
    "exact_win": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points and wins it.",
    "exact_loss": "Every card is known now: with best play on both sides your side ends "
                  "the deal with {points} points and loses it.",
    "exact_tie": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points, a tie.",
    "solved_win": "Solved exactly on {samples} deals of the hidden cards, it wins the "
                  "deal in every one.",
    "solved_loss": "Solved exactly on {samples} deals of the hidden cards, the deal is "
                   "lost in every one; this saves the most points.",
    "compare_win": "{alt}, the next best, wins the deal {pct} less often.",
    "compare_points": "{alt}, the next best, brings about {diff} fewer.",
    "close": "{alt} does about as well.",
    "estimate": "The search expects about {points} card points for your side, with a "
                "{pct} chance to win the deal.",
    # ----- a decision looked back on -------------------------------------------------
    "cost_exact": "{played} loses exactly {loss} against {best}, with every card known.",
    "cost_solved": "{played} loses about {loss} against {best} (solved exactly on deals of "
                   "the hidden cards).",
    "cost": "{played} costs about {loss} against {best}.",
    "cost_win": "{played} drops the chance of winning the deal from {before} to "
                "{after}; {best} was better.",
    "better": "Better: {reason}",
    # ----- other decisions, from the rules of thumb ----------------------------------
    "cut": "Cut: your side is not behind in the match, so there is no need to raise the "
           "stakes.",
    "knock": "Knock: your side is behind in the match, and hearts as trumps raise the "
             "stakes.",
    "exchange": "Exchange: the indicator, {card}, is a stronger trump than the one you "
                "give for it.",
    "redeal": "Your hand has no counting card: show it and the cards are dealt again.",
    "show": "You hold the called card: showing it makes your neighbour your partner, "
            "which beats playing alone.",
    "signal": "Signal {meaning} to your partner: a partner who knows your cards plays to "
              "them.",
    "ask_points": "Ask your partner for points: the card you mean to play takes this trick "
                  "for sure, and your partner plays after you.",
    "ask_cards": "Ask your partner to tell you their cards: the stock is gone, so every "
                 "card left is in a hand, and knowing your partner's plays the end right.",
    "discard": "Lay aside {card}, the cheapest card you hold: keep the cards that take "
               "tricks.",
    "name_trumps": "Name {suit} as trumps: your hand is strongest in that suit.",
    "call_top": "Call {card}, the strongest trump you do not hold: its holder becomes "
                "your partner.",
    "bid_strong": "Bid: your hand is strong enough to play the contract.",
    "pass_weak": "Pass: your hand is not strong enough to bid.",
    "bid_points": "Bid {bid}: your hand should take about {estimate} card points with "
                  "{suit} as trumps, {how}.",
    "pass_points": "Pass: your hand should take about {estimate} card points at best, "
                   "short of {bid}.",
    "reopen": "Reopen: your hand should take about {estimate} card points, enough to "
              "bid.",
    "no_reopen": "Pass: your hand should take about {estimate} card points, not enough to "
                 "reopen.",
    "call_points": "Call {card}: {suit} as trumps{how} gives the best expected payment "
                   "for {need} points.",
    "bid_rank": "Bid {bid}: played out on sampled deals, calling {card} pays on average.",
    "pass_rank": "Pass: played out on sampled deals, your best bid ({bid}, calling {card}) "
                 "does not pay on average.",
    "call_rank": "Call {card}: with {suit} as trumps{how} your side should take about "
                 "{estimate} card points, the most of your calls.",
    "rule": "The strongest bot would do the same here.",
}

WITH_PARTNER = " and its holder as your partner"
ALONE = ", playing alone"
BID_PARTNER = "with a called partner"
BID_ALONE = "playing alone"


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


def say(key: str, **fields: Field) -> Reason:
    """The template ``key`` with its fields filled: cards stay cards, lists of parts are
    spliced in, numbers and words become text."""
    parts: list[Part] = []
    for literal, name, spec, _ in string.Formatter().parse(TEMPLATES[key]):
        if literal:
            parts.append(literal)
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, CardRef):
            parts.append(value)
        elif isinstance(value, tuple):
            parts.extend(value)
        else:
            parts.append(format(value, spec or ""))
    return Reason((key,), tuple(_merge(parts)))


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
            rank = pack.rank_names[RANKS[c % 10]] if pack else card_name(c).split(" of ")[0]
            return f"the {rank} of trumps"
        return "the " + card_name(c, variant.pack_style)

    return name


def cards_phrase(cards: Sequence[int]) -> tuple[Part, ...]:
    """"A", "A and B", "A, B and C"."""
    refs = [CardRef(c) for c in cards]
    if len(refs) == 1:
        return (refs[0],)
    out: list[Part] = []
    for i, r in enumerate(refs):
        if i:
            out.append(" and " if i == len(refs) - 1 else ", ")
        out.append(r)
    return tuple(out)


def _points(n: float) -> str:
    return f"{n:.0f}"


def card_points(n: float) -> str:
    """"1 card point", "12 card points" (rounded to whole points)."""
    k = round(n)
    return f"{k} card point" if k == 1 else f"{k} card points"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _worth(points: int) -> str:
    return f" and its {points} points" if points else ""


def threats_phrase(t: Table, c: int) -> tuple[Part, ...]:
    """The unseen cards that beat ``c``, named when they are one or two."""
    threats = sorted(t.threats(c), key=lambda u: -t.strength[u] - 20 * (t.suit[u] == t.trump))
    if len(threats) <= 2:
        return cards_phrase(threats)
    return (f"{len(threats)} cards left in play",)
