"""The bidding and the call of the games with an auction: a bid (or a pass) on the player's
turn, then, for the high bidder, the card to call (its suit is trumps, its holder a secret
partner). The dialogs offer only what the engine says is legal, in its words; cards and
ranks are named as the faces of the pack being drawn show them (``engine.cards.Pack``).

The dialogs sit above the player's hand, never on it, at every size of the table: the hand
is what a bid is made on. Points are a number field (typed, or stepped with up and down),
not a list of every number. F1 opens the rules over them. This module opens the dialog of
each phase; the dialogs are in ``bid_dialogs`` and ``call_dialog``, what they share in
``auction_base``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App

from ...engine import actions as A
from ...engine import phases as P
from ...engine.cards import RANKS, Pack
from ...engine.narrate import choice_round
from ..cardart import pack_of
from ..contract import bids_text, contract_need, said
from .bid_dialogs import BidListScreen, BidScreen
from .call_dialog import CallScreen

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.session import Session


Chosen = Callable[[int | None], None]


def open_auction_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The bid (in the auction), the call (for its winner) or the choice (a redeal asked
    for, alone or shown) of the seat to act, in the dialog its phase registers in
    ``DIALOGS``; ``chosen`` is given the action picked, None when the dialog was closed, or
    ``ASK_HINT`` when h asked for the coach's hint (not in a match without hints)."""
    DIALOGS[v.phase](app, s, v, chosen)


def choice_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen,
                  bids: bool = True) -> bool:
    """The phase's round of worded choices (``engine.narrate.choice_round``) in a list, the
    engine's first legal action on the first line; False when the phase offers none."""
    found = choice_round(v.phase, v.legal)
    if found is None:
        return False
    words, listed = found
    (first, first_label), rest = listed[0], listed[1:]
    screen = BidListScreen(rest, bids_text(s, v) if bids else Text(""), hand_points(s, v),
                           pass_label=first_label, hint=words.hint, title=words.title,
                           first=first)
    screen.hints = s.hints
    app.push_screen(screen, callback=chosen)
    return True


def bid_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """A bid, or the round of reopen-or-redeal when everyone passed."""
    if choice_dialog(app, s, v, chosen):
        return
    options = [(a, said(s, a)) for a in v.legal if a != A.PASS]
    screen: BidScreen | BidListScreen
    if all(A.BID <= a < A.BID_RANK for a, _ in options):
        screen = BidScreen(options, bids_text(s, v), hand_points(s, v))
    else:
        screen = BidListScreen(rank_bids(options, pack_of(s.card_style)), bids_text(s, v),
                               hand_points(s, v))
    screen.hints = s.hints
    app.push_screen(screen, callback=chosen)


def claim_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """A hand without counting cards: shown for a redeal, or kept."""
    choice_dialog(app, s, v, chosen)


def declare_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The bidder holding the called card chooses how to play; anyone else plays on."""
    if not choice_dialog(app, s, v, chosen, bids=False):
        chosen(v.legal[0])  # a single action (play on): nothing to ask


def call_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The card the auction's winner calls."""
    cards = [A.card_of(a) for a in A.of_kind(v.legal, A.Kind.CALL)]
    app.push_screen(
        CallScreen(cards, v.hand, s.variant.ranking.order, contract_need(v), s.card_style),
        callback=lambda card: chosen(None if card is None else A.call(card)))


# the dialog of each phase whose actions are not cards (``engine.phases.BIDDING``)
DIALOGS: dict[str, Callable[[App[object], Session, SeatView, Chosen], None]] = {
    P.AUCTION: bid_dialog, P.CLAIM: claim_dialog, P.DECLARE: declare_dialog,
    P.CALL: call_dialog}


def rank_bids(options: list[tuple[int, str]], pack: Pack) -> list[tuple[int, str]]:
    """Chiamata's bids of a rank, each as the faces of ``pack`` show the rank and in its
    words ("C Horse"); the bids of points as the engine words them."""
    out = []
    for action, label in options:
        if action >= A.BID_RANK:
            letter = RANKS[action - A.BID_RANK]
            label = f"{pack.rank_labels[letter]:<2} {pack.rank_word(letter)}"
        out.append((action, label))
    return out


def hand_points(s: Session, v: SeatView) -> int:
    """The card points in the seat's hand."""
    points = s.variant.points
    return sum(points[c] for c in v.hand)
