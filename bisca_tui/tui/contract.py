"""What the bidding made of a deal, as the table tells it: the bids, the bidder, the called
card and the partner it makes (Sueca for five); and the cut or knock of Bisca Capixaba.

The engine keeps these among a state's ``extra`` facts, and a seat's view carries their
public part. This module is the table's one reader of them, and holds the names of the
phases the table tells apart, so that a typed contract can take their place here alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import actions as A
from ..engine.cards import SUIT_NAMES, SUITS, parse_card
from .cardart import card_text
from .widgets.log import verb

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..engine.view import SeatView
    from .session import Session

AUCTION, CALLING = "auction", "call"  # the phases of bidding and calling a card
BIDDING = (AUCTION, CALLING)
PLAY = "play"
CUT_OR_KNOCK = "cut_or_knock"  # Bisca Capixaba: cut (an indicator) or knock (hearts)


# ----- the facts ---------------------------------------------------------------------

def _facts(where: SeatView | GameState) -> dict[str, object]:
    return dict(where.extra)


def has_auction(where: SeatView | GameState) -> bool:
    """Whether the deal opens with bidding."""
    return "bids" in _facts(where)


def bids(where: SeatView | GameState) -> list[tuple[int, int]]:
    """The bids so far, in order: (seat, points), 0 for a pass."""
    return [(who, n) for who, n in tuple(_facts(where).get("bids", ()))]  # type: ignore[misc]


def bidder(where: SeatView | GameState) -> int | None:
    """The seat that won the bidding, once it is over."""
    seat = _facts(where).get("bidder")
    return seat if isinstance(seat, int) else None


def contract_bid(where: SeatView | GameState) -> int:
    """The winning bid; 0 when nobody bid (the dealer then plays for 61)."""
    return int(_facts(where).get("bid") or 0)  # type: ignore[call-overload]


def knocked(where: SeatView | GameState) -> bool:
    """Bisca Capixaba: the eldest knocked (hearts are trumps, no indicator)."""
    return _facts(where).get("choice") == "knock"


def turn_label(phase: str) -> str:
    """What the seat to act is doing, under its name."""
    return {AUCTION: "to bid", CALLING: "to call"}.get(phase, "to play")


def called_card(where: SeatView | GameState) -> int | None:
    """The card the bidder called, once called."""
    called = _facts(where).get("called")
    return None if called is None else parse_card(str(called))


# ----- the words ---------------------------------------------------------------------

def partner_name(s: Session, v: SeatView) -> str | None:
    """The bidder's partner as this seat knows it: a name, "nobody" (the bidder called
    a card of their own), None while unknown."""
    high = bidder(v)
    if high is None or any(side is None for side in v.side_of):
        return None
    mates = [seat for seat in range(v.n_players)
             if seat != high and v.side_of[seat] == v.side_of[high]]
    return s.name(mates[0]) if mates else "nobody"


def contract_text(s: Session, v: SeatView) -> Text:
    """The lines of the side panel on the bidding: the high bid, the call, the partner."""
    t = Text()
    high = bidder(v)
    if high is None:
        best = max(bids(v), key=lambda b: b[1], default=None)
        if best is None or not best[1]:
            t.append("\nBidding: no bid yet", style="bright_black")
        else:
            t.append(f"\nHigh bid {best[1]} ({s.name(best[0])})", style="bold")
        return t
    bid = contract_bid(v)
    t.append(f"\nBidder {s.name(high)} · {bid if bid else 'no bid, 61'}", style="bold")
    called = called_card(v)
    if called is not None:
        t.append("\nCalled ")
        t.append_text(card_text(called, s.card_style))
        partner = partner_name(s, v)
        t.append(" · partner: ")
        if partner is None:
            t.append("?", style="bold yellow")
        else:
            t.append(partner, style="bold yellow")
    return t


def auction_role(v: SeatView, seat: int) -> str:
    """What the bidding made of a seat: its bid, the bidder, the partner once known."""
    if not has_auction(v):
        return ""
    high = bidder(v)
    if high is None:
        for who, n in bids(v):
            if who == seat:
                return f"bid {n}" if n else "pass"
        return ""
    if seat == high:
        bid = contract_bid(v)
        return f"bidder {bid}" if bid else "bidder (61)"
    sides = v.side_of
    if sides[seat] is not None and sides[seat] == sides[high]:
        return "partner"
    return ""


def bids_text(s: Session, v: SeatView) -> Text:
    """The bids so far, for the person about to bid."""
    made = bids(v)
    if not made:
        return Text("You bid first.")
    t = Text("Bids so far: ")
    t.append_text(Text(", ").join(
        Text(f"{s.name(who)} {n if n else 'pass'}", style="bold" if n else "")
        for who, n in made))
    return t


def auction_note(v: SeatView, style: str) -> Text | None:
    """The word under the trump suit of a game without a stock: the called card, or
    what the table is waiting for."""
    called = called_card(v)
    if called is not None:
        return Text("called ", style="bright_black") + card_text(called, style)
    if v.phase == AUCTION:
        return Text("bidding", style="bright_black")
    if v.phase == CALLING:
        return Text("calling", style="bright_black")
    return None


def called_play_line(s: Session, st: GameState, seat: int, card: int) -> Text | None:
    """The log's word when the called card is played: whose partner its holder is."""
    if called_card(st) != card:
        return None
    name = s.name(seat)
    high = bidder(st)
    assert high is not None
    if seat == high:
        own = "your" if name == "You" else f"{name}'s"
        text = f"  The called card was {own} own: alone"
    else:
        partner = f"{s.name(high)}'s partner"
        text = f"  {name} held the called card: {partner}"
    return Text(text, style="bold yellow")


def bid_lines(s: Session, st: GameState, seat: int, action: int) -> list[Text]:
    """The log's lines for a bid or a call just applied to ``st``."""
    name = s.name(seat)
    if A.BID <= action < A.CALL:
        n = action - A.BID
        lines = [Text(f"{name} {verb(name, 'bid')} {n}" if n else
                      f"{name} {verb(name, 'pass')}", style="cyan")]
        high = bidder(st)
        if st.phase == CALLING and high is not None:
            who = s.name(high)
            bid = contract_bid(st)
            if bid:
                lines.append(Text(f"  {who} {verb(who, 'win')} the bidding at {bid}",
                                  style="bold cyan"))
            else:
                lines.append(Text(f"  No bid: {who} (dealer) must take 61",
                                  style="bold cyan"))
        return lines
    card = action - A.CALL
    suit = (card % 40) // 10
    line = Text(f"{name} {verb(name, 'call')} ", style="bold cyan")
    line.append_text(card_text(card, s.card_style))
    line.append(f": {SUIT_NAMES[SUITS[suit]]} are trumps", style="bold cyan")
    return [line]
