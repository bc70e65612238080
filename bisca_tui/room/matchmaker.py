"""Quick matches in a room ("Sueca now"): the people who asked, put at a rated table together
once their ratings are near enough (``quick.QuickQueue``), or after the wait each of them is
told, with bots in the places nobody took. A table made so waits a while for its players;
one who does not come is played by a bot."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..engine.variant import make_variant
from ..net import room_protocol as R
from .quick import Asker, QuickQueue

if TYPE_CHECKING:
    from .person import Person
    from .room import Room
    from .table import RoomTable


class Matchmaker:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.queue = QuickQueue()
        self._ticker: asyncio.Task[None] | None = None

    def ask(self, person: Person, variant: Any) -> None:
        room = self.room
        if person.guest:
            return room.refuse(person, "quick matches are rated: come with a key to play one")
        try:
            v = make_variant(str(variant))
        except (ValueError, KeyError) as e:
            return room.refuse(person, str(e) or "no such game")
        rating = room.store.ratings.get(v.id, person.name)
        shown = rating.shown if rating is not None else 0.0
        self.queue.add(v.id, Asker(person.name, shown, room.clock()))
        self.tell_waiting(v.id)
        self.match()
        self.tick()

    def drop(self, name: str) -> bool:
        """``name`` no longer waits (asked so, or left the lobby)."""
        game = self.queue.remove(name)
        if game is not None:
            self.tell_waiting(game)
        return game is not None

    def tell_waiting(self, game: str) -> None:
        """Tell each person waiting for ``game`` how many wait, and when bots will sit."""
        room = self.room
        waiting = self.queue.waiting.get(game, [])
        if not waiting:
            return
        first = min(a.since for a in waiting)
        bots_in = max(0.0, room.caps.fill_after - (room.clock() - first))
        for a in waiting:
            person = room.find(a.name)
            if person is not None:
                person.conn.send({"type": R.WAITING, "variant": game, "people": len(waiting),
                                  "bots_in": round(bots_in, 1)})

    def match(self) -> None:
        room = self.room
        now = room.clock()
        for game in list(self.queue.waiting):
            size = make_variant(game).n_people
            told = False
            while (group := self.queue.match(game, size, now, room.caps.fill_after)):
                table = room.new_table(group[0].name, game, {}, size, len(group),
                                       "medium", rated=True, quick=True)
                room.tell("matched", table=table.number, game=game,
                          people=[a.name for a in group])
                for a in group:
                    person = room.find(a.name)
                    if person is not None:
                        person.conn.send({"type": R.WAITING, "variant": None})
                        room.send_go(person, table, watch=False)
                asyncio.get_running_loop().call_later(room.caps.no_show, self.no_show, table)
                told = True
            if told:
                self.tell_waiting(game)

    def no_show(self, table: RoomTable) -> None:
        """A quick match's table whose players did not all come: bots take the places."""
        if not table.started and not table.over and table.host.places.held():
            table.host.start()

    def tick(self) -> None:
        """Match again each second while anyone waits (the window widens as they wait)."""
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._ticking())

    async def _ticking(self) -> None:
        while not self.room.closed and any(self.queue.waiting.values()):
            await asyncio.sleep(1.0)
            self.match()

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
