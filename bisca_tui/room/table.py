"""One table of a card room: a ``net.host.Host`` the room holds (it listens on no port of its
own: the room's door hands it each client's hello), with what the room knows of it: its
number, its match's id, who opened it, whether it is rated, private (its code given to the
opener alone) or open to all, and made by a quick match; the tickets the lobby gave out (a
ticket takes its holder to the table under their room name); and the rated players who left
it before its end."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..net import protocol as P
from ..net.host import Host


@dataclass
class RoomTable:
    number: int
    host: Host
    opener: str
    rated: bool = False
    private: bool = False
    bots: bool = True
    quick: bool = False
    tickets: dict[str, str] = field(default_factory=dict)  # ticket -> the holder's name
    left: set[str] = field(default_factory=set)  # rated players a bot replaced
    # what the lobby lists of it, kept until the table tells the room of a change (each
    # change is an event of its host: someone came, sat, left, was replaced; it started,
    # ended): a big room lists its tables several times a second
    listed: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    # the match's id, made when the table opens and kept in its save: its result is rated
    # under it once, however many processes or restarts see the match end
    match: str = field(default_factory=lambda: secrets.token_hex(16))

    @property
    def code(self) -> str:
        return self.host.code

    @property
    def started(self) -> bool:
        return self.host.session is not None

    @property
    def over(self) -> bool:
        return self.host.done.is_set()

    def ticket(self, name: str) -> str:
        """A ticket for ``name`` to this table (the same one each time they ask)."""
        for ticket, holder in self.tickets.items():
            if holder == name:
                return ticket
        ticket = secrets.token_urlsafe(18)
        self.tickets[ticket] = name
        return ticket

    def holder(self, ticket: Any) -> str | None:
        return self.tickets.get(ticket) if isinstance(ticket, str) else None

    def watchers(self) -> int:
        return sum(c.player is None for c in self.host.clients)

    def listing(self) -> dict[str, Any]:
        """The table as the lobby lists it: the game and its house rules, whether rated,
        who holds each place (a bot's, open or taken), how many watch, whether it started."""
        if self.listed is not None:
            return self.listed
        host = self.host
        v = host.variant
        seats = []
        for entry in host.outbox.seats_json():
            seats.append({"name": entry["name"], "kind": entry["kind"],
                          "connected": entry["connected"]})
        self.listed = {"table": self.number, "variant": v.id, "name": v.name,
                       "players": v.n_people,
                       "options": {k: P.plain(x) for k, x in v.options.items()},
                       "rated": self.rated, "bots": self.bots, "quick": self.quick,
                       "opener": self.opener, "seats": seats,
                       "free": len(host.places.free()), "watchers": self.watchers(),
                       "started": self.started}
        return self.listed
