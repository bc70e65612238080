"""Checks of what each seat sees: its own hand, true claims of other hands, and nothing
that depends on a card hidden from it."""

from __future__ import annotations

import random
from dataclasses import replace

from .. import events as E
from ..cards import card_str
from ..state import GameState
from .facts import Problem


def _hidden_from(state: GameState, seat: int) -> list[tuple[list[int], int]]:
    """The places (list, index) of every card ``seat`` may not see."""
    out: list[tuple[list[int], int]] = []
    for s in range(state.n):
        if s == seat:
            continue
        known = state.known[seat][s]
        out.extend((state.hands[s], i) for i, c in enumerate(state.hands[s]) if c not in known)
    out.extend((state.stock, i) for i in range(len(state.stock)))
    out.extend((state.aside.monte, i) for i in range(len(state.aside.monte)))
    out.extend((state.deck, i) for i in range(len(state.deck)))
    c = state.bidding.contract
    if c is None or c.bidder != seat:
        out.extend((state.aside.discards, i) for i in range(len(state.aside.discards)))
    return out


def check_view(state: GameState, seat: int, rng: random.Random) -> list[Problem]:
    out = []
    view = state.view(seat)
    if sorted(view.hand) != sorted(state.hands[seat]):
        out.append(Problem("views", f"seat {seat}'s view holds {view.hand}, its hand is "
                                    f"{state.hands[seat]}"))
    for s, cards in enumerate(view.known):
        wrong = [c for c in cards if c not in state.hands[s]]
        if s != seat and wrong:
            out.append(Problem("views", f"seat {seat}'s view says seat {s} holds "
                                        f"{[card_str(c) for c in wrong]}, which it does not"))
    c = state.bidding.contract
    if view.contract is not None and view.contract.partner is not None and c is not None:
        played = c.called is not None and (
            c.called in state.trick or any(c.called in t.cards for t in state.tricks))
        if view.contract.partner != state.bidding.called_holder or not (
                seat == state.bidding.called_holder or played or state.bidding.partner_shown):
            out.append(Problem("views", f"seat {seat}'s view names seat "
                                        f"{view.contract.partner} as the called card's holder"
                                        f" before the card is played or shown"))
    hidden = {lst[i] for lst, i in _hidden_from(state, seat)}
    for ev in view.events:
        if isinstance(ev, E.Called | E.PartnerShown):
            continue  # the called card is named by the call, not found where it lies
        shown = E.cards_named(ev) & hidden
        if shown:
            out.append(Problem("views", f"seat {seat}'s events show "
                                        f"{[card_str(c) for c in sorted(shown)]}, hidden from "
                                        f"it, in {type(ev).__name__}"))
        if isinstance(ev, E.PartnerKnown) and ev.partner != seat:
            out.append(Problem("views", f"seat {seat}'s events name seat {ev.partner} as the "
                                        f"called card's holder"))
    # the view may not change when the cards hidden from the seat change places
    moved = state.clone()
    moved.aside = replace(moved.aside, monte=[*state.aside.monte], discards=[*state.aside.discards])
    places = _hidden_from(moved, seat)
    cards = [lst[i] for lst, i in places]
    rng.shuffle(cards)
    for (lst, i), card in zip(places, cards, strict=True):
        lst[i] = card
    if moved.view(seat) != view:
        out.append(Problem("views", f"seat {seat}'s view changes when the cards hidden from "
                                    f"it change places"))
    return out


def check_views(state: GameState, rng: random.Random) -> list[Problem]:
    return [p for seat in range(state.n) for p in check_view(state, seat, rng)]


