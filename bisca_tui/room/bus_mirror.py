"""What this process knows of the room's other processes, kept current from what they publish:
each one's lobby (who is in it, at which table) and tables (the invite code of every one,
private ones included, and the listing of those the lobby lists), each the whole of it as
it was when sent, numbered so that an older one never replaces a newer. Looked up at once,
without asking anyone: who goes by a name, where a table is, which process holds a person.

What another process sent is checked as text and numbers here: a malformed part is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..net import protocol as P
from ..net import room_protocol as R
from .store import folded


@dataclass
class Lobby:
    """One other process's lobby and tables, as it last said."""

    people_seq: int = -1
    tables_seq: int = -1
    people: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # folded name -> name
    seated: dict[str, int] = field(default_factory=dict)  # who is at its tables: where
    codes: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=set)  # its listed tables
    used: set[int] = field(default_factory=set)  # the numbers of all its tables
    listed: list[dict[str, Any]] = field(default_factory=list)
    more: int = 0


@lru_cache(maxsize=1 << 16)
def clean_name(raw: str) -> str:
    """A name another process sent, as text (the same names come in every snapshot of a
    lobby: each is cleaned once)."""
    return P.clean_text(raw, P.MAX_NAME)


@lru_cache(maxsize=1 << 16)
def folded_name(name: str) -> str:
    return folded(name)


def people_of(raw: Any) -> list[dict[str, Any]]:
    out = []
    for p in raw if isinstance(raw, list) else []:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            continue
        name = clean_name(p["name"])
        table = p.get("table")
        if name:
            out.append({"name": name, "guest": bool(p.get("guest")),
                        "table": table if isinstance(table, int) else None})
    return out


class Mirror:
    def __init__(self) -> None:
        self.lobbies: dict[str, Lobby] = {}

    def lobby(self, process: str) -> Lobby:
        return self.lobbies.setdefault(process, Lobby())

    def take_people(self, process: str, seq: Any, raw: Any, seated: Any = None
                    ) -> set[str] | None:
        """``process``'s lobby as it said, and who is at its tables; None when it is not
        newer than the one held, else who left its tables since."""
        lobby = self.lobby(process)
        if not isinstance(seq, int) or seq <= lobby.people_seq:
            return None
        lobby.people_seq = seq
        lobby.people = people_of(raw)
        lobby.names = {folded_name(p["name"]): p["name"] for p in lobby.people}
        before = lobby.seated
        lobby.seated = {n: t for n, t in seated.items() if isinstance(n, str) and isinstance(
            t, int)} if isinstance(seated, dict) else {}
        return set(before) - set(lobby.seated)

    def take_tables(self, process: str, seq: Any, codes: Any, listed: Any, more: Any,
                    used: Any = None) -> bool:
        """``process``'s tables as it said; False when it is not newer than the ones held."""
        lobby = self.lobby(process)
        if not isinstance(seq, int) or seq <= lobby.tables_seq:
            return False
        lobby.tables_seq = seq
        lobby.codes = {c for c in codes if isinstance(c, str)} if isinstance(codes, list) \
            else set()
        lobby.listed = [t for t in listed if isinstance(t, dict) and isinstance(
            t.get("table"), int)][:R.MAX_LISTED] if isinstance(listed, list) else []
        lobby.numbers = {t["table"] for t in lobby.listed}
        lobby.more = more if isinstance(more, int) and more >= 0 else 0
        lobby.used = {n for n in used if isinstance(n, int)} if isinstance(used, list) \
            else set()
        return True

    def drop(self, process: str) -> bool:
        """Forget ``process`` (gone): whether anything of it was held."""
        return self.lobbies.pop(process, None) is not None

    def clear(self) -> None:
        self.lobbies.clear()

    # ----- looked up ---------------------------------------------------------------------

    def people(self) -> list[dict[str, Any]]:
        return [p for lobby in self.lobbies.values() for p in lobby.people]

    def tables(self) -> list[dict[str, Any]]:
        return [t for lobby in self.lobbies.values() for t in lobby.listed]

    def more_tables(self) -> int:
        return sum(lobby.more for lobby in self.lobbies.values())

    def holding(self, code: str) -> str | None:
        """The process holding the table of ``code``."""
        code = code.strip().upper()
        return next((proc for proc, lobby in self.lobbies.items() if code in lobby.codes),
                    None)

    def listing(self, number: int) -> str | None:
        """The process listing table ``number``."""
        return next((proc for proc, lobby in self.lobbies.items() if number in lobby.numbers),
                    None)

    def uses(self, number: int) -> bool:
        """Whether another process holds a table numbered ``number``."""
        return any(number in lobby.used for lobby in self.lobbies.values())

    def highest(self) -> int:
        """The highest table number another process holds (0: none)."""
        return max((max(lobby.used) for lobby in self.lobbies.values() if lobby.used),
                   default=0)

    def seated(self, name: str) -> int | None:
        """The table of another process ``name`` is at."""
        return next((lobby.seated[name] for lobby in self.lobbies.values()
                     if name in lobby.seated), None)

    def home_of(self, name: str) -> str | None:
        """The process in whose lobby ``name`` is (exactly that name)."""
        key = folded(name)
        return next((proc for proc, lobby in self.lobbies.items()
                     if lobby.names.get(key) == name), None)

    def name_used(self, name: str) -> bool:
        """Whether someone goes by ``name``, or one that looks like it, in another lobby."""
        key = folded(name)
        return any(key in lobby.names for lobby in self.lobbies.values())
