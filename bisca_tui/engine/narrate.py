"""Actions told in words: the one narrator of the table's log and of ``replay``.

``narrate`` tells what an action just applied did, as lines of parts: plain strings, and
cards (``CardRef``) that each caller draws its own way (coloured symbols at the table, record
notation in ``replay``). Names come from the caller too; "You" is told in the second person
("You play", "Rui plays"). Each line has a kind, which a caller may style: ``action`` (what
a seat did), ``trick`` (who took a trick), ``score`` (game points during play), ``contract``
(the bidding's outcome), ``reveal`` (the called card shows the partner).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import actions as A
from . import phases as P
from .cards import PACKS, SUIT_NAMES, SUITS
from .exchange import ANNOUNCED, TAKEN
from .words import count, object_name, possessive, verb

__all__ = ["CardRef", "ChoiceRound", "Line", "action_noun", "bid_label", "bid_phrase",
           "choice_round", "narrate", "trumps_phrase", "verb"]

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant


@dataclass(frozen=True)
class CardRef:
    card: int


Part = str | CardRef


@dataclass(frozen=True)
class Line:
    kind: str
    parts: tuple[Part, ...]

    def text(self, card: Callable[[int], str]) -> str:
        """The line as plain text, cards drawn by ``card``."""
        return "".join(p if isinstance(p, str) else card(p.card) for p in self.parts)


def bid_label(variant: Variant, action: int) -> str:
    """A bid in words ("King", "Two for 70", "75 points"), or "pass"."""
    if action == A.PASS:
        return "pass"
    rules = getattr(variant, "auction_rules", None)
    if action == A.REOPEN and rules is not None:
        return f"reopen at {rules.domain.label(rules.domain.ladder()[0])}"
    if rules is not None:
        return rules.domain.label(action)
    return A.action_str(action)


def bid_phrase(variant: Variant, action: int, name: str = "") -> str:
    """What a seat said in the auction: "passes" or "bids King" ("pass", "bid King" after
    "You")."""
    if action == A.PASS:
        return verb(name, "pass")
    return f"{verb(name, 'bid')} {bid_label(variant, action)}"


def trumps_phrase(card: int, pack: str = "french") -> str:
    """"hearts are trumps"; in the Italian or Spanish pack "cups are trumps"."""
    names = PACKS[pack].suit_names if pack in PACKS else SUIT_NAMES
    return f"{names[SUITS[card % 40 // 10]]} are trumps"


def _was_reopening(st: GameState) -> bool:
    """Whether the last word of the auction was said in a round of reopen-or-redeal."""
    v = st.variant
    rules = getattr(v, "auction_rules", None)
    if rules is None or not st.bidding.bids:
        return False
    from .auction import status

    return status(rules, st.n, v.opener(st), st.bidding.bids[:-1]).reopening


def narrate(st: GameState, seat: int, action: int, tricks_before: int, events_before: int,
            name: Callable[[int], str], team: Callable[[int], str] = str,
            points: bool = True) -> list[Line]:
    """The lines telling ``action``, which ``seat`` just took in ``st``. ``tricks_before``
    and ``events_before``: the counts of tricks and score events before it, so that what it
    completed is told too. ``name`` names a seat; ``team`` a scoring team; ``points``
    False leaves out the card points a trick brought (for players who count in their
    heads)."""
    v = st.variant
    who = name(seat)
    lines: list[Line] = []
    if A.is_play(action):
        lines.append(Line("action", (f"{who} {verb(who, 'play')} ", CardRef(action))))
        c = st.bidding.contract
        if c is not None and c.called == action:
            if seat == c.bidder:
                own = possessive(who)
                lines.append(Line("reveal", (f"  The called card was {own} own: alone",)))
            else:
                lines.append(Line("reveal", (f"  {who} held the called card: "
                                             f"{possessive(name(c.bidder))} partner",)))
    elif action == A.CUT:
        parts: tuple[Part, ...] = (f"{who} {verb(who, 'cut')}; the indicator is ",)
        if st.indicator is not None:
            parts += (CardRef(st.indicator),)
        lines.append(Line("action", parts))
    elif action == A.KNOCK:
        lines.append(Line("action", (f"{who} {verb(who, 'knock')}: hearts are trumps",)))
    elif action == A.EXCHANGE and st.exchange.steps:
        ex = st.exchange.steps[-1]
        if ex.what == ANNOUNCED:
            lines.append(Line("action", (f"{who} {verb(who, 'lay')} ", CardRef(ex.gave),
                                         " under the indicator, to take ", CardRef(ex.took),
                                         " at the next trick won")))
        else:
            lines.append(Line("action", (f"{who} {verb(who, 'exchange')} ", CardRef(ex.gave),
                                         " for ", CardRef(ex.took))))
    elif action == A.REOPEN:
        low = bid_label(v, v.auction_rules.domain.ladder()[0])
        lines.append(Line("contract", (f"{who} {verb(who, 'reopen')} the bidding at {low}",)))
    elif (action == A.PASS and st.bidding.contract is not None
          and st.bidding.contract.called is not None):
        pass  # the bidder plays on (col Monte): alone or not, it says nothing
    elif (action == A.PASS and st.aside.claims and st.aside.claims[-1] == seat
          and not st.bidding.bids):
        lines.append(Line("action", (f"{who} {verb(who, 'keep')} the hand",)))
    elif action == A.PASS and _was_reopening(st):
        lines.append(Line("action", (f"{who} {verb(who, 'agree')} to a redeal",)))
    elif action == A.PASS or A.BID <= action < A.CALL:
        lines.append(Line("action", (f"{who} {bid_phrase(v, action, who)}",)))
        c = st.bidding.contract
        if st.bidding.contract is not None and st.bidding.contract.called is None and c is not None:
            high = name(c.bidder)
            if c.bid is not None:
                lines.append(Line("contract", (f"  {high} {verb(high, 'win')} the bidding at "
                                               f"{c.bid_label}",)))
            else:
                lines.append(Line("contract", (f"  No bid: {high} (dealer) must take 61",)))
        elif st.result is not None and st.result.redeal:
            lines.append(Line("contract", ("  Everyone passed: the same dealer deals again",)))
    elif action == A.REDEAL:
        lines.append(Line("contract", (f"{who} {verb(who, 'show')} a hand without counting "
                                       "cards: the same dealer deals again",)))
    elif action == A.SHOW:
        c = st.bidding.contract
        assert c is not None and c.called is not None
        holder = name(st.bidding.called_holder) if st.bidding.called_holder is not None else ""
        lines.append(Line("reveal", (f"{who} {verb(who, 'show')} ", CardRef(c.called),
                                     f": {holder} {verb(holder, 'be')} the partner"
                                     if holder else "")))
    elif A.DISCARD <= action < A.DISCARD + 80:
        laid = len(st.aside.discards)
        total = st.variant.monte_size
        if laid == total:
            lines.append(Line("action", (f"{who} {verb(who, 'lay')} {count(total, 'card')} "
                                         "aside",)))
    elif A.CALL <= action < A.TRUMP:
        card = action - A.CALL
        lines.append(Line("contract", (f"{who} {verb(who, 'call')} ", CardRef(card),
                                       f": {trumps_phrase(card, v.pack_style)}")))
    if len(st.tricks) > tricks_before:
        t = st.tricks[-1]
        taker = name(t.winner)
        worth = f" (+{t.points})" if points else ""
        lines.append(Line("trick", (f"  {taker} {verb(taker, 'take')} the trick{worth}",)))
        for ex in st.exchange.steps:
            if ex.trick != len(st.tricks) or ex.what == ANNOUNCED:
                continue
            owner = name(ex.seat)
            if ex.what == TAKEN:
                lines.append(Line("reveal", (f"  {owner} {verb(owner, 'take')} ", CardRef(ex.took),
                                             "; ", CardRef(ex.gave), " is the new indicator")))
            else:
                lines.append(Line("reveal", ("  The stock ran out: ", CardRef(ex.gave),
                                             f" goes back to {object_name(owner)}")))
    for e in st.score_events[events_before:]:
        lines.append(Line("score", (f"  {team(e.team)} +{e.points}: {e.reason}",)))
    return lines


# ----- the non-card actions, worded for the consumers that offer or name them ---------------

ACTION_NOUNS = {A.CUT: "the cut", A.KNOCK: "the knock", A.EXCHANGE: "the exchange",
                A.REOPEN: "the reopening", A.ALONE: "playing alone",
                A.SHOW: "showing the called card", A.REDEAL: "the redeal"}


def action_noun(action: int) -> str | None:
    """A special action as a noun ("the cut", "playing alone"), or None for others."""
    return ACTION_NOUNS.get(action)


@dataclass(frozen=True)
class ChoiceRound:
    """A phase's round of worded choices (no bid, card or call among them): what a dialog
    titles it, the hint under the title, and the words of each choice it may offer."""

    title: str
    hint: str
    labels: dict[int, str]


CHOICE_ROUNDS: dict[str, ChoiceRound] = {
    P.CLAIM: ChoiceRound("Before the bidding", "Your hand holds no counting card.",
                         {A.PASS: "Keep the hand",
                          A.REDEAL: "Show the hand: the same dealer deals again"}),
    P.AUCTION: ChoiceRound("Everyone passed",
                           "Everyone passed. Reopen, and everyone may bid again; or agree to "
                           "a new deal by the same dealer.",
                           {A.PASS: "Agree to a redeal",
                            A.REOPEN: "Reopen the bidding at the lowest bid"}),
    P.DECLARE: ChoiceRound("The called card is yours", "You hold the called card.",
                           {A.ALONE: "Play alone, saying nothing",
                            A.SHOW: "Show it: the right-hand neighbour is your partner"}),
}


def choice_round(phase: str,
                 legal: Sequence[int]) -> tuple[ChoiceRound, list[tuple[int, str]]] | None:
    """The round of choices open in ``phase`` when ``legal`` holds nothing but its choices
    (more than one), with each legal choice in its words, in the engine's order; else None
    (bids to make, a card to call, or a single action with nothing to choose)."""
    r = CHOICE_ROUNDS.get(phase)
    if r is None or len(legal) < 2 or any(a not in r.labels for a in legal):
        return None
    return r, [(a, r.labels[a]) for a in legal]
