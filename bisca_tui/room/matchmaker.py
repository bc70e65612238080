"""Quick matches in a room ("Sueca now"): the people who asked, put at a rated table together
once their ratings are near enough (``quick.QuickQueue``), or after the wait each of them is
told, with bots in the places nobody took. A table made so waits a while for its players;
one who does not come is played by a bot.

In a room of several processes, the people waiting are those of every process (``bus``),
and one process at a time decides: it opens the tables it matches, and the people it puts
at them are told wherever they are."""

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
        asker = Asker(person.name, shown, room.clock())
        self.queue.add(v.id, asker)
        room.bus.quick_added(v.id, asker)
        if not room.bus.shared:
            self.tell_waiting(v.id)  # (shared: the process that decides tells them)
        self.match()
        self.tick()

    def drop(self, name: str) -> bool:
        """``name`` no longer waits (asked so, or left the lobby)."""
        game = self.queue.remove(name)
        if game is not None:
            self.room.bus.quick_dropped(name)
            if not self.room.bus.shared:
                self.tell_waiting(game)
        return game is not None

    def tell_waiting(self, game: str, queue: QuickQueue | None = None,
                     now: float | None = None) -> None:
        """Tell each person waiting for ``game`` how many wait, and when bots will sit."""
        room = self.room
        waiting = (queue or self.queue).waiting.get(game, [])
        if not waiting:
            return
        first = min(a.since for a in waiting)
        now = room.clock() if now is None else now
        bots_in = max(0.0, room.caps.fill_after - (now - first))
        for a in waiting:
            room.send_to(a.name, {"type": R.WAITING, "variant": game, "people": len(waiting),
                                  "bots_in": round(bots_in, 1)})

    def match(self) -> None:
        if self.room.bus.shared:
            self.room.bus.quick_round()  # (this process decides when no other is at it)
        else:
            self.decide(self.queue, self.room.clock())

    def decide(self, queue: QuickQueue, now: float) -> set[str]:
        """Open a table for each group of ``queue`` ready ``now``, its people sent to it; the
        games for which a table was opened."""
        room = self.room
        matched: set[str] = set()
        for game in list(queue.waiting):
            size = make_variant(game).n_people
            while (group := queue.match(game, size, now, room.caps.fill_after)):
                table = room.new_table(group[0].name, game, {}, size, len(group),
                                       "medium", rated=True, quick=True)
                if table is None:  # no number now: they wait on
                    for a in group:
                        queue.add(game, a)
                    break
                room.tell("matched", table=table.number, game=game,
                          people=[a.name for a in group])
                for a in group:
                    room.send_to(a.name, {"type": R.WAITING, "variant": None})
                    room.send_go(a.name, table, watch=False)
                asyncio.get_running_loop().call_later(room.caps.no_show, self.no_show, table)
                matched.add(game)
            if game in matched:
                self.tell_waiting(game, queue, now)
        return matched

    def no_show(self, table: RoomTable) -> None:
        """A quick match's table whose players did not all come: bots take the places."""
        if not table.started and not table.over and table.host.places.held():
            table.host.start()

    def tick(self) -> None:
        """Match again each second while anyone waits (the window widens as they wait)."""
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._ticking())

    async def _ticking(self) -> None:
        while not self.room.closed and any(self.queue.waiting.values()):  # (those here)
            await asyncio.sleep(1.0)
            self.match()

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
