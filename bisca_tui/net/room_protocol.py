"""The card room's side of the network protocol (docs/network-protocol.md, "The card room"):
the messages of a room's lobby, before and beside its tables. A table in the room speaks the
table protocol of ``protocol`` unchanged: the lobby hands the player a ticket (``go``), and
the player's client says hello to the table with it, over a connection of its own.

Who is who, without passwords: a player brings a public key (``key``, Ed25519 in hex), the
room answers with a fresh ``challenge``, and the player signs it (``prove``); the name is
bound to the key for good. A guest (``guest``) brings a name alone and plays unrated.
"""

from __future__ import annotations

# client to room (``hello``, ``chat`` and ``bye`` as at a table)
PROVE, OPEN, ENTER, QUICK, UNQUICK, BOARD = "prove", "open", "enter", "quick", "unquick", "board"
# room to client (``error``, ``refused`` and ``chat`` as at a table)
CHALLENGE, ROOM, TABLES, PEOPLE, GO, WAITING, RATED = (
    "challenge", "room", "tables", "people", "go", "waiting", "rated")
# one process of a room to another, at its address: whether the process answering there is
# the one named (``who`` with its ``process``, answered by ``who`` with ``same``), as a port
# may serve another program since (a process's id is not told to whoever asks)
WHO = "who"

MAX_LISTED = 200  # tables listed in the lobby at once: the open ones first
MAX_OPTIONS = 16  # house rules a table may name
# the environment variable holding the one-time pass a room's SSH door gives the join client
# it starts for a visitor (``door`` in its hello, instead of a key and its signature)
PASS_VARIABLE = "BISCA_TUI_ROOM_PASS"
# the room's words for a name somebody has (a guest or a newcomer is asked for another)
OWNED_NAME = "that name belongs to a player of this room"
USED_NAME = "someone in the room goes by that name"
