"""What a shared table tells each of its clients, checked as a hostile client would check it.

A host on loopback plays whole deals; a raw client holds every place and one more client
watches. Every byte the host writes to each of them is recorded, and each message is held,
at the moment it was written, against what its audience may know from the game itself (not
from the views the host builds): its own hands and what the engine says each of its seats
knows, the events each of its seats may see, the partner it knows (``known_partner``); for a
watcher, what is public (public events, and cards every seat at the table knows). Every
string in a message is read: a card in the project's notation, on its own or at the end of
an action (``discard:4D``), is a card mentioned; a signal's name, likewise, is a signal
mentioned. A card, signal or partner that the audience could not know at that moment is a
leak; so is a sign it did not see counted in the position it is told (``token``,
``history_len``), or a message sent it with no news (a sign it did not see was made). The
clients speak one version of the protocol (``--protocol``: the newest by default); in version
2 a view that describes the action besides its events (``after``) is a leak too.

    python benchmarks/secrecy.py [--seeds N] [--protocol 1|2]

Prints, per game: the clients, the messages and bytes recorded, and the leaks found (each
named), and exits with status 1 when there is one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bisca_tui.engine import events as E
from bisca_tui.engine.calling import known_partner
from bisca_tui.engine.cards import card_str
from bisca_tui.engine.spectator import SPECTATOR
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import all_variants, make_variant
from bisca_tui.net import conn as conn_module
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import Host, NetSettings, serve
from bisca_tui.net.protocol import BYE, PROTOCOL, encode

LONG = 120.0  # seconds: far longer than a deal takes here

# (name, variant, options, players): the games whose deals keep something more than the
# hands from some seat (signals, a dummy, shown hands, a secret partner, discards)
SECRETS: tuple[tuple[str, str, dict[str, Any], int | None], ...] = (
    ("Bisca de Seis (signals)", "bisca-6", {"intercept": 0.25}, None),
    ("Bisca de Quatro (signals)", "bisca-4", {"signals": True, "intercept": 0.25}, None),
    ("Spanish Brisca for four (signs)", "brisca", {}, 4),
    ("Bisca Capixaba (hands shown)", "bisca-capixaba", {}, None),
    ("Sueca for three (the dummy)", "sueca-3", {}, None),
    ("Sueca", "sueca", {}, None),
    ("Sueca for five (bidding)", "sueca-5", {}, None),
    ("Briscola Chiamata (secret partner)", "chiamata", {}, 5),
    ("Briscola Chiamata col Monte (discards)", "chiamata-monte", {}, 5),
)


def every_game() -> tuple[tuple[str, str, dict[str, Any], int | None], ...]:
    """The games above, then every other game at each number of players it is played by."""
    done = {(v, p) for _, v, _, p in SECRETS}
    more = []
    for cls in all_variants():
        for n in cls.players:
            if (cls.id, n) not in done and (cls.id, None if n == cls.default_players else n
                                            ) not in done:
                more.append((f"{cls.name} ({n} players)", cls.id, {}, n))
    return SECRETS + tuple(more)


@dataclass
class Audit:
    """What one game's deal sent, and the leaks found in it."""

    game: str
    clients: int = 0
    messages: int = 0
    bytes: int = 0
    leaks: list[str] = field(default_factory=list)
    wire_matches: bool = True  # each client read exactly the bytes recorded for it
    versions: list[int] = field(default_factory=list)  # the versions the clients spoke


# ----- what an audience may know ----------------------------------------------------------

@dataclass(frozen=True)
class Knowledge:
    """What one client may know at one moment: cards, signal names, the secret partner."""

    cards: frozenset[str]
    signals: frozenset[str]
    partner: int | None  # the called card's holder, when known to this client
    seats: tuple[int, ...]  # the seats it plays (none: watching)
    actions: int  # the actions of the deal it saw taken (all but the signs it did not see)


def _cards_of(event: E.Event) -> Iterator[int]:
    for name, value in zip(event.fields, event, strict=True):
        if value is None:
            continue
        if name in ("card", "gave", "took", "indicator"):
            yield value
        elif name == "cards":
            yield from value


def knowledge(state: GameState, seats: list[int]) -> Knowledge:
    """What a client playing ``seats`` (none: a watcher) may know now, from the game's state
    and its events alone."""
    cards: set[int] = set()
    signals: set[str] = set()
    if seats:
        for seat in seats:
            cards.update(state.hands[seat])
            for row in state.known[seat]:
                cards.update(row)
            seen_cards, seen_signals = _SEEN.of(state, seat)
            cards.update(seen_cards)
            signals.update(seen_signals)
        if state.current in seats and not state.is_over():
            signals.update(state.action_str(a).split(":", 1)[1]
                           for a in state.legal_actions() if state.action_str(a).startswith(
                               "signal:"))
        partners = {known_partner(state, s) for s in seats} - {None}
        partner = next(iter(partners), None)
    else:
        n = state.n
        cards.update(_SEEN.of(state, None)[0])
        for seat in range(n):  # cards every other seat knows this one holds
            rows = [state.known[x][seat] for x in range(n) if x != seat]
            if rows:
                cards.update(set.intersection(*map(set, rows)))
        partner = known_partner(state, SPECTATOR)
    unseen = _SEEN.unseen(state, tuple(seats))
    return Knowledge(frozenset(card_str(c) for c in cards), frozenset(signals), partner,
                     tuple(seats), len(state.history) - unseen)


class SeenInEvents:
    """The cards and signal names a seat (none: anyone watching) has seen in a deal's
    events, read on from where the last question left off: the events of a deal are only
    ever added to, and reading them all again at every line written made an audit's time
    grow with the square of the deal's length."""

    def __init__(self) -> None:
        self._read: dict[tuple[int, int | None], tuple[list, int, set[int], set[str]]] = {}
        self._unseen: dict[tuple[int, tuple[int, ...]], tuple[list, int, int]] = {}

    def of(self, state: GameState, seat: int | None) -> tuple[set[int], set[str]]:
        events = state.events
        key = (id(events), seat)
        kept = self._read.get(key)
        if kept is None or kept[0] is not events or kept[1] > len(events):
            kept = (events, 0, set(), set())  # a new deal (or one taken back): from its start
        _, done, cards, signals = kept
        names = state.variant.signal_names
        for event in events[done:]:
            if seat is None:
                seen = event if event.public else None
            else:
                seen = event.as_seen_by(seat) if not event.public else event
            if seen is None:
                continue
            cards.update(_cards_of(seen))
            if seat is not None and isinstance(seen, E.Signalled):
                signals.add(names[seen.signal])
        self._read[key] = (events, len(events), cards, signals)
        return cards, signals

    def unseen(self, state: GameState, seats: tuple[int, ...]) -> int:
        """The signs made in the deal that none of ``seats`` saw (all of them: watching)."""
        events = state.events
        key = (id(events), seats)
        kept = self._unseen.get(key)
        if kept is None or kept[0] is not events or kept[1] > len(events):
            kept = (events, 0, 0)
        _, done, count = kept
        count += sum(1 for e in events[done:] if isinstance(e, E.Signalled)
                     and not any(s == e.seat or e.as_seen_by(s) is not None for s in seats))
        self._unseen[key] = (events, len(events), count)
        return count


_SEEN = SeenInEvents()


# ----- reading a message ------------------------------------------------------------------

_STRING = re.compile(rb'"((?:[^"\\]|\\.)*)"')


def _strings(data: bytes, words: frozenset[bytes]) -> Iterator[tuple[str, int]]:
    """The strings of a JSON line, keys and values alike, that end in one of ``words`` (on
    their own or after a colon), with how many times each is written there."""
    for raw, times in Counter(_STRING.findall(data)).items():
        if b"\\" in raw:
            text = json.loads(b'"' + raw + b'"')
            if text.rsplit(":", 1)[-1].encode() in words:
                yield text, times
        elif raw.rpartition(b":")[2] in words:
            yield raw.decode(), times


@functools.lru_cache(maxsize=8)
def _as_bytes(words: frozenset[str]) -> frozenset[bytes]:
    return frozenset(w.encode() for w in words)


def leaks(message: dict[str, Any], know: Knowledge, every_card: frozenset[str],
          every_signal: frozenset[str], data: bytes | None = None) -> list[str]:
    """What ``message`` tells that ``know`` does not allow (``data``: the line it was read
    from, when there is one)."""
    found = []
    words = _as_bytes(every_card | every_signal)
    for text, times in _strings(json.dumps(message).encode() if data is None else data, words):
        if text.startswith("call:"):
            continue  # a card one may call names a card to find, not where it lies
        word = text.rsplit(":", 1)[-1]
        if word in every_card and word not in know.cards:
            found += [f"card {word} in {text!r}"] * times
        if word in every_signal and word not in know.signals:
            found += [f"signal {word} in {text!r}"] * times
    if message.get("type") == "view":
        body = message["view"]
        after = message.get("after") or {}
        counts = {"token": message["token"][1], "history_len": body["history_len"],
                  "after": after.get("token", [0, know.actions - 1])[1] + 1}
        for what, count in counts.items():
            if count != know.actions:
                found.append(f"{count} actions in its {what}, where it saw {know.actions}")
        contract = body.get("contract") or {}
        told = contract.get("partner")
        if told is not None and told != know.partner:
            found.append(f"the partner (seat {told}) in the contract")
        bidder = contract.get("bidder")
        sides = body.get("sides") or []
        if contract.get("called") is not None and bidder is not None and sides:
            with_bidder = {s for s, side in enumerate(sides)
                           if s != bidder and side is not None and side == sides[bidder]}
            if with_bidder - {know.partner}:
                found.append(f"the partner among the sides {sides}")
        for event in message.get("events", []):
            if event.get("kind") == "partner_known" and event.get("partner") not in know.seats:
                found.append("a partner_known event for another seat")
    return found


# ----- a deal played and recorded ---------------------------------------------------------

class Recorder:
    """Every line the host writes to each connection, with what its audience may know at
    that moment (``Connection.send`` wrapped while the deal is played)."""

    def __init__(self) -> None:
        self.host: Host | None = None
        self.lines: dict[int, list[tuple[bytes, Knowledge | None, int]]] = {}
        self.finished: dict[bytes, bool] = {}  # each line: was every deal over when sent?
        self._send = conn_module.Connection.send

    def __enter__(self) -> Recorder:
        recorder = self

        def send(conn: conn_module.Connection, message: dict[str, Any] | bytes) -> bool:
            data = message if isinstance(message, bytes) else encode(message)
            if not conn.closed:
                recorder.lines.setdefault(id(conn), []).append(
                    (data, recorder.now(conn), conn.protocol))
                host = recorder.host
                session = host.session if host is not None else None
                recorder.finished[data] = session is not None and all(
                    d.is_over() for d in session.match.deals)
            return recorder._send(conn, data)

        conn_module.Connection.send = send  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        conn_module.Connection.send = self._send  # type: ignore[method-assign]

    def now(self, conn: conn_module.Connection) -> Knowledge | None:
        host = self.host
        if host is None or host.session is None or host.views is None:
            return None
        return knowledge(host.session.state, host.views.seats_of(conn.player))


async def audit(game: str, variant: str, options: dict[str, Any], players: int | None,
                seed: int, protocol: int = PROTOCOL, mixed: bool = False) -> Audit:
    """One deal of a game with a raw client at every place and one watching, all speaking
    ``protocol``'s version; ``mixed``: every other place speaks the other version (the first
    ``protocol``'s), and one more client watches in the other version."""
    result = Audit(game)
    settings = NetSettings(variant, dict(options), players, seed=seed, deals=1)
    versions = (protocol, 3 - protocol) if mixed else (protocol,)
    with Recorder() as rec:
        ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve(settings, ready=ready.set_result))
        host = await asyncio.wait_for(ready, LONG)
        rec.host = host
        n = host.variant.n_people  # the deal starts once every place is taken
        clients = [await Client.connect("127.0.0.1", host.port, host.code, f"Watcher{v}",
                                        keep_raw=True, protocol=v) for v in versions]
        for p in range(n):
            client = await Client.connect("127.0.0.1", host.port, host.code, f"Player{p}",
                                          keep_raw=True, protocol=versions[p % len(versions)],
                                          chooser=random_legal(random.Random(seed * 31 + p)))
            await client.sit(p)
            clients.append(client)
        await asyncio.wait_for(task, LONG)
        for client in clients:
            await asyncio.wait_for(client.closed.wait(), LONG)
    return judged(result, rec, host, clients)


async def audit_room(game: str, variant: str, options: dict[str, Any], players: int | None,
                     seed: int, rooms: list[Any] | None = None) -> Audit:
    """One deal of a game at a table of a card room: every place taken through the room's
    lobby (each player's lobby connection open all along), one more player watching, and one
    staying in the lobby, told of the tables as they change; every line the room writes, to
    a table or to a lobby, held to what its reader may know. With ``rooms`` (the processes
    of one room, sharing a bus), the table is the first's and the lobbies take turns among
    them, so that the table's players sit on different processes, their connections to
    it passed on by the process they reached."""
    from bisca_tui.net.room_client import RoomClient
    from bisca_tui.room.caps import RoomCaps
    from bisca_tui.room.room import Room
    from bisca_tui.room.serving import serve_room
    from bisca_tui.room.store import SqliteRoom

    result = Audit(game)
    n = make_variant(variant, options, players).n_people
    if rooms is None:
        rooms = [Room(SqliteRoom(":memory:"), RoomCaps(per_address=4 * n + 10))]
    room = rooms[0]
    with Recorder() as rec:
        loop = asyncio.get_running_loop()
        ports, tasks = [], []
        for each in rooms:
            ready: asyncio.Future[int] = loop.create_future()
            tasks.append(asyncio.create_task(serve_room(each, ready=ready.set_result)))
            ports.append(await asyncio.wait_for(ready, LONG))

        async def enter(name: str, k: int) -> RoomClient:
            return await RoomClient.enter("127.0.0.1", ports[k % len(ports)], name, None,
                                          keep_raw=True)

        lobbies = [await enter(f"Player{p}", p) for p in range(n)]
        lobbies.append(await enter("Onlooker", n))  # in the lobby all along
        lobbies.append(await enter("Watcher", n + 1))
        lobbies[0].open(variant, options=options, players=players, people=n)
        go = await lobbies[0].go(LONG)
        table = room.tables[go["table"]]
        table.host.settings.seed, table.host.settings.deals = seed, 1
        rec.host = table.host

        async def listed(k: int) -> None:  # the other processes have heard of the table
            there = rooms[k % len(rooms)]
            while go["table"] not in there.tables and not any(
                    t["table"] == go["table"] for t in there.bus.tables()):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(listed(n + 1), LONG)
        lobbies[-1].enter_table(go["table"], watch=True)
        clients = [await lobbies[-1].table(await lobbies[-1].go(LONG), keep_raw=True)]
        for p in range(n):
            if p:
                await asyncio.wait_for(listed(p), LONG)
                lobbies[p].enter_table(go["table"])
            ticket = go if p == 0 else await lobbies[p].go(LONG)
            client = await lobbies[p].table(ticket, keep_raw=True, chooser=random_legal(
                random.Random(seed * 31 + p)))
            await client.sit(p)
            clients.append(client)
        await asyncio.wait_for(table.host.done.wait(), LONG)
        for client in clients:
            await asyncio.wait_for(client.closed.wait(), LONG)
        for lobby in lobbies:  # the room hangs up on a goodbye: until then, all it wrote is read
            lobby.send({"type": BYE})
            await asyncio.wait_for(lobby.closed.wait(), LONG)
            await lobby.close(bye=False)
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    # in a room of several processes the lobbies hear the others' news as it comes, some of
    # it after they hung up: what each lobby read is the beginning of what was written to it
    return judged(result, rec, table.host, clients + lobbies,
                  partial=lobbies if len(rooms) > 1 else None)


def wire_matches(clients: list[Client], streams: list[bytes], partial: list[Client]) -> bool:
    """Whether each client read, byte for byte, what was written to one connection: all of
    it, or (``partial``: a lobby that hung up while the room still had news for it) the
    beginning of it; and nothing was written to a connection nobody read."""
    left = sorted(streams)
    for heard in sorted(b"".join(c.raw) for c in clients if c not in partial):
        if heard not in left:
            return False
        left.remove(heard)
    for client in partial:
        heard = b"".join(client.raw)
        match = next((s for s in left if s.startswith(heard)), None)
        if match is None:
            return False
        left.remove(match)
    return not left


def judged(result: Audit, rec: Recorder, host: Host, clients: list[Client],
           partial: list[Client] | None = None) -> Audit:
    """The lines ``rec`` recorded, each held to what its reader could know."""
    result.clients = len(clients)
    v = host.variant
    every_card = frozenset(card_str(c) for c in v.pack())
    every_signal = frozenset(v.signal_names)
    written = list(rec.lines.values())
    result.wire_matches = wire_matches(
        clients, [b"".join(d for d, _, _ in w) for w in written], partial or [])
    result.versions = sorted({c.protocol for c in clients})
    read_by = {b"".join(c.raw): c.messages for c in clients}  # what each client decoded
    for lines in written:
        decoded = read_by.get(b"".join(d for d, _, _ in lines), [])
        for k, (data, know, version) in enumerate(lines):
            result.messages += 1
            result.bytes += len(data)
            if know is None:
                continue
            message = decoded[k] if len(decoded) == len(lines) else json.loads(data)
            if message.get("type") == "over" and "record" in message:
                # the whole record, once every deal is over: nothing of it is secret then,
                # and only then may it be sent
                if not rec.finished.get(data, False):
                    result.leaks.append("over: the record sent before every deal was over")
                message = {k: v for k, v in message.items() if k not in ("record", "kinds")}
                data = encode(message)
            if message.get("type") == "view" and message["events_from"] and not message[
                    "events"]:
                result.leaks.append(f"view: a message with no news ({message['token']}): "
                                    "an action it saw nothing of was taken")
            if message.get("type") == "view" and version >= 2 and "after" in message:
                result.leaks.append(f"view: the action described beside the events "
                                    f"({message['after']})")
            result.leaks.extend(f"{message.get('type')}: {x}" for x in
                                leaks(message, know, every_card, every_signal, data))
    return result


async def audit_all(seeds: int, protocol: int = PROTOCOL) -> list[Audit]:
    out = []
    for game, variant, options, players in every_game():
        total = Audit(game)
        for seed in range(1, seeds + 1):
            one = await audit(game, variant, options, players, seed, protocol)
            total.clients = one.clients
            total.messages += one.messages
            total.bytes += one.bytes
            total.leaks += one.leaks
            total.wire_matches &= one.wire_matches
        out.append(total)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="deals per game (seeds 1..N)")
    parser.add_argument("--protocol", type=int, default=PROTOCOL, choices=(1, 2),
                        help="the version of the protocol the clients speak")
    args = parser.parse_args()
    results = asyncio.run(audit_all(args.seeds, args.protocol))
    print(f"{'game':42} {'clients':>7} {'messages':>9} {'bytes':>10} {'leaks':>6}")
    for r in results:
        print(f"{r.game:42} {r.clients:7} {r.messages:9} {r.bytes:10} {len(r.leaks):6}"
              + ("" if r.wire_matches else "  (the wire differs from the record!)"))
        for leak in r.leaks[:5]:
            print(f"    {leak}")
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    return 1 if any(r.leaks or not r.wire_matches for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
