"""Whole matches played over loopback by clients on different connections, and what each
client was sent: never a card its seat may not see."""

from __future__ import annotations

import re

from net_support import LONG, open_table, refused

from bisca_tui.engine.event_base import Event
from bisca_tui.engine.events import PartnerShown, cards_named
from bisca_tui.engine.state import GameState
from bisca_tui.net.host import NetSettings

CARD = re.compile(r"(?<![\w:'])([A2-7JQK][SHDC]'?)(?!\w)")  # a card as JSON writes it


async def test_four_clients_play_a_whole_sueca_match() -> None:
    table = await open_table(NetSettings("sueca", seed=3))
    clients = [await table.join(f"P{k}", play=True, seed=k) for k in range(4)]
    session = await table.end()
    assert session is not None and session.match.is_over()
    assert [p.is_human for p in session.people] == [True] * 4
    for client in clients:
        over = await client.expect("over", LONG)
        assert over is not None and over["scores"] == session.match.scores
        assert refused(client) == []
        assert not any(m["type"] == "error" for m in client.messages)
    # every client saw the last deal's end, and each of its seat's views only
    assert {c.seat for c in clients} == {0, 1, 2, 3}
    for client in clients:
        seats = {m["seat"] for m in client.messages if m["type"] == "view"}
        assert seats == {client.seat}


def _public_cards(events: list[Event]) -> set[int]:
    out: set[int] = set()
    for e in events:
        if e.public:
            out |= cards_named(e)
    return out


def knowable(deal: GameState) -> tuple[list[set[int]], list[set[int]]]:
    """For the deal played: each seat's hand as dealt, and the cards public after each
    number of actions (the called card, the cards played), replayed from its seed."""
    replay = GameState(deal.variant, deal.dealer, deal.seed, deal.layout_given,
                       context=deal.context)
    hands = [set(h) for h in replay.hands]
    public = [_public_cards(replay.events)]
    for action in deal.history:
        replay.apply(action)
        public.append(_public_cards(replay.events))
    return hands, public


def partner_shown_at(deal: GameState) -> int:
    """How many actions of the deal were taken when its secret partner became known."""
    replay = GameState(deal.variant, deal.dealer, deal.seed, deal.layout_given,
                       context=deal.context)
    for k, action in enumerate(deal.history):
        if any(isinstance(e, PartnerShown) for e in replay.apply(action)):
            return k + 1
    return len(deal.history) + 1


def unseen_cards(lines: list[bytes], allowed: set[int], public: list[set[int]]) -> set[str]:
    """Every card named in the lines that their reader could not know when it got them:
    not in ``allowed`` (its hand), nor public after the actions its last view had seen."""
    from bisca_tui.engine.cards import parse_card

    seen_actions = 0
    out: set[str] = set()
    for line in lines:
        text = line.decode("utf-8")
        found = re.search(r'"history_len":(\d+)', text)
        if found:
            seen_actions = int(found.group(1))
        ok = allowed | public[seen_actions]
        out |= {c for c in CARD.findall(text) if parse_card(c) not in ok}
    return out


async def test_chiamata_clients_are_never_sent_a_card_their_seat_may_not_see() -> None:
    table = await open_table(NetSettings("chiamata", seed=8, deals=1))
    clients = [await table.join(f"P{k}", play=True, seed=k, keep_raw=True) for k in range(5)]
    watcher = await table.join("Watcher", sit=False, keep_raw=True)
    session = await table.end()
    assert session is not None and len(session.match.results) == 1
    for c in [*clients, watcher]:
        assert await c.expect("over", LONG) is not None
    hands, public = knowable(session.match.deals[0])
    assert len(public) == len(session.match.deals[0].history) + 1
    for client in clients:
        assert client.seat is not None
        assert unseen_cards(client.raw, hands[client.seat], public) == set()
        # not vacuous: the client was sent its whole hand, and the cards played
        named = {c for line in client.raw for c in CARD.findall(line.decode())}
        assert len(named) >= len(hands[client.seat])
    assert unseen_cards(watcher.raw, set(), public) == set()
    # the secret partner: named to nobody but itself until the game shows it
    deal = session.match.deals[0]
    holder = deal.bidding.called_holder
    shown = partner_shown_at(deal)
    assert 0 < shown <= len(deal.history)
    for client in [*clients, watcher]:
        for m in client.messages:
            if m["type"] == "view" and m["view"]["history_len"] < shown:
                partner = (m["view"]["contract"] or {}).get("partner")
                assert partner is None or client.seat == holder, (client.seat, m)
    # a check that finds a card where one is hidden
    other = (clients[0].seat + 1) % 5
    leak = next(iter(hands[other] - public[0]))
    from bisca_tui.engine.cards import card_str
    planted = f'{{"type":"view","view":{{"history_len":0,"hand":["{card_str(leak)}"]}}}}'
    assert unseen_cards([planted.encode()], hands[clients[0].seat], public) == {
        card_str(leak)}
