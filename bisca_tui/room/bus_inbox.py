"""What another process of the room told this one, done here: its lobby and tables mirrored,
a line of chat said to this lobby, the operator's word kept, a message given to the person it
is for, a seat asked for at a table of this process answered, those matched elsewhere taken
out of this process's quick queue. Every field is checked: a message that is not as it should
be does nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..net import protocol as P
from .door import ELSEWHERE

if TYPE_CHECKING:
    from .redis_bus import RedisBus
    from .room import Room


def text(message: dict[str, Any], field: str, most: int = P.MAX_NAME) -> str:
    return P.clean_text(message.get(field), most) if isinstance(message.get(field), str) \
        else ""


def take(bus: RedisBus, room: Room, m: dict[str, Any]) -> None:
    kind, process, name = m.get("kind"), m["from"], text(m, "name")
    if kind == "people":
        left = bus.mirror.take_people(process, m.get("seq"), m.get("people"), m.get("seated"))
        if left is not None:
            room.board.others_changed(tables=False)
        for n in left or ():  # back from another process's table: told what they missed
            if room.find(n) is not None and room.board.at(n) is None:
                room.back_in_lobby(n)
    elif kind == "tables":
        if bus.mirror.take_tables(process, m.get("seq"), m.get("codes"), m.get("listed"),
                                  m.get("more"), m.get("numbers")):
            room.board.others_changed(tables=True)
    elif kind == "bye":
        bus.gone(process)
    elif kind == "chat" and name:
        line = text(m, "text", P.MAX_CHAT)
        if line:
            room.heard(name, line)
    elif kind == "mute" and name:
        (room.muted.add if m.get("on") else room.muted.discard)(name)
    elif kind == "kick" and name:
        room.kick_here(name)
    elif kind == "came" and name:
        other = room.find(name)  # the same key came in elsewhere: the newer stays
        if other is not None and other.key is not None and other.key == m.get("key"):
            other.conn.close(ELSEWHERE)
            room.go(other)
    elif kind == "send" and name and isinstance(m.get("message"), dict):
        person = room.find(name)
        if person is not None:
            person.conn.send(m["message"])
    elif kind == "enter" and name and isinstance(m.get("table"), int):
        room.admit(name, bool(m.get("guest")), m["table"], bool(m.get("watch")))
    elif kind == "unqueue" and isinstance(m.get("names"), list):
        for n in m["names"]:
            if isinstance(n, str):
                room.matchmaker.queue.remove(n)
