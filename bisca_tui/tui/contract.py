"""What the bidding made of a deal, as the table tells it: the bids, the bidder, the called
card and the partner it makes (Sueca for five); and the cut or knock of Bisca Capixaba.

The engine keeps the auction's log and a typed contract on the state, and a seat's view
carries what that seat may know of them. This module is the table's one reader of them;
the words for bids come from the engine's narrator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import actions as A
from ..engine import phases as P
from ..engine.context import cut_or_knock
from ..engine.narrate import bid_label, say
from .cardart import card_text
from .styled import styled

if TYPE_CHECKING:
    from ..engine.calling import Contract
    from ..engine.phase_data import Bidding
    from ..engine.state import GameState
    from ..engine.view import SeatView
    from ..table.seating import Seating

AUCTION, CALLING = P.AUCTION, P.CALL  # the phases of bidding and calling a card
BIDDING = tuple(P.BIDDING)
PLAY = P.PLAY
CUT_OR_KNOCK = P.CUT_OR_KNOCK  # Bisca Capixaba: cut (an indicator) or knock (hearts)
DISCARD = P.DISCARD  # col Monte: the bidder lays cards aside
CLAIM, DECLARE = P.CLAIM, P.DECLARE  # col Monte: a redeal asked for; alone or show
# the phases whose actions are cards of the hand, each with the kind of its actions (a card
# played, a card laid aside)
CARD_PHASES = {PLAY: A.Kind.PLAY, DISCARD: A.Kind.DISCARD}


# ----- the facts ---------------------------------------------------------------------

def _bidding(where: SeatView | GameState) -> SeatView | Bidding:
    """What holds the bids and the contract: a view, or a deal's ``bidding``."""
    return getattr(where, "bidding", where)


def _contract(where: SeatView | GameState) -> Contract | None:
    return _bidding(where).contract


def has_auction(where: SeatView | GameState) -> bool:
    """Whether the deal opens with bidding."""
    return bool(_bidding(where).bids) or where.phase == AUCTION or _contract(where) is not None


def bids(where: SeatView | GameState) -> list[tuple[int, int]]:
    """What each seat said so far, in order: (seat, action), ``A.PASS`` for a pass."""
    return list(_bidding(where).bids)


def bidder(where: SeatView | GameState) -> int | None:
    """The seat that won the bidding, once it is over."""
    c = _contract(where)
    return None if c is None else c.bidder


def contract_need(where: SeatView | GameState) -> int:
    """The card points the bidder's side needs (61 until a bid says more)."""
    c = _contract(where)
    return 61 if c is None else c.need


def contract_label(where: SeatView | GameState) -> str:
    """The winning bid in words; "no bid, 61" when the dealer plays at zero."""
    c = _contract(where)
    if c is None or c.bid is None:
        return say("Bidding", "contract.none")
    return c.bid_label


def knocked(where: SeatView | GameState) -> bool:
    """Bisca Capixaba: the eldest knocked (hearts are trumps, no indicator)."""
    made = cut_or_knock(where)
    return made is not None and made.knocked


def turn_label(phase: str) -> str:
    """What the seat to act is doing, under its name."""
    form = {AUCTION: "auction", CALLING: "call", DISCARD: "discard", CLAIM: "choose",
            DECLARE: "choose"}.get(phase, "play")
    return say("Bidding", f"turn.{form}")


def called_card(where: SeatView | GameState) -> int | None:
    """The card the bidder called, once called."""
    c = _contract(where)
    return None if c is None else c.called


def said(s: Seating, action: int) -> str:
    """A bid in words for the table: "pass", "King", "75 points"."""
    return bid_label(s.variant, action)


# ----- the words ---------------------------------------------------------------------

def partner_name(s: Seating, v: SeatView) -> str | None:
    """The bidder's partner as this seat knows it: a name, "nobody" (the bidder called
    a card of their own), None while unknown."""
    high = bidder(v)
    if high is None or any(side is None for side in v.side_of):
        return None
    mates = [seat for seat in range(v.n_players)
             if seat != high and v.side_of[seat] == v.side_of[high]]
    return s.shown_name(mates[0]) if mates else say("Bidding", "partner.none")


def contract_text(s: Seating, v: SeatView) -> Text:
    """The lines of the side panel on the bidding: the high bid, the call, the partner."""
    t = Text()
    high = bidder(v)
    if high is None:
        made = [(who, a) for who, a in bids(v) if a != A.PASS]
        if not made:
            t.append("\n" + say("Bidding", "none"), style="bright_black")
        else:
            who, a = made[-1]
            t.append("\n" + say("Bidding", "high", bid=said(s, a), seat=s.name(who)),
                     style="bold")
        return t
    t.append("\n" + say("Bidding", "bidder", seat=s.name(high), contract=contract_label(v)),
             style="bold")
    called = called_card(v)
    if called is not None:
        partner = partner_name(s, v)
        t.append("\n")
        t.append_text(styled("Bidding", "called", card=card_text(called, s.card_style),
                             partner=Text(say("Bidding", "partner.unknown") if partner is None
                                          else partner, style="bold yellow")))
    return t


def auction_role(s: Seating, v: SeatView, seat: int) -> tuple[str, str]:
    """What the bidding made of a seat: its bid, the bidder, the partner once known; and
    the bid as those words name it ("" if they name none), where a narrow panel may break
    them ("bid" above "Two for 62", never "bid Two for" above "62")."""
    if not has_auction(v):
        return "", ""
    high = bidder(v)
    if high is None:
        last = "", ""
        for who, a in bids(v):
            if who == seat:
                last = ((say("Bidding", "role.pass"), "") if a == A.PASS
                        else (say("Bidding", "role.bid", bid=said(s, a)), said(s, a)))
        return last
    if seat == high:
        c = v.contract
        return ((say("Bidding", "role.bidder", bid=c.bid_label), c.bid_label)
                if c is not None and c.bid is not None
                else (say("Bidding", "role.bidder.none"), ""))
    sides = v.side_of
    if sides[seat] is not None and sides[seat] == sides[high]:
        return say("Bidding", "role.partner"), ""
    return "", ""


def bids_text(s: Seating, v: SeatView) -> Text:
    """The bids so far, for the person about to bid."""
    made = bids(v)
    if not made:
        return Text(say("Bidding", "bids.first"))
    return styled("Bidding", "bids", bids=Text(", ").join(
        Text(say("Bidding", "bids.one", seat=s.name(who), bid=said(s, a)),
             style="" if a == A.PASS else "bold")
        for who, a in made))


def auction_note(v: SeatView, style: str) -> Text | None:
    """The word under the trump suit of a game without a stock: the called card, or
    what the table is waiting for."""
    called = called_card(v)
    if v.monte:  # col Monte: the cards face down on the table for the bidder
        return (Text(say("Bidding", "monte", count=v.monte) + " ", style="bright_black")
                + Text("▮" * v.monte))
    if called is not None:
        return styled("Bidding", "called.short", "bright_black", card=card_text(called, style))
    if v.phase == AUCTION:
        return Text(say("Bidding", "phase.auction"), style="bright_black")
    if v.phase == CALLING:
        return Text(say("Bidding", "phase.call"), style="bright_black")
    return None
