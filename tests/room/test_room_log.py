"""The room's log in sentences: each thing the room tells, and each table's own events with
the table's number before them; names of games as players know them."""

from __future__ import annotations

from bisca_tui.room.roomlog import room_text

TOLD = {
    "came": ({"name": "Ana", "guest": False, "peer": "1.2.3.4:5"},
             "Ana came into the room (from 1.2.3.4:5)"),
    "went": ({"name": "Ana"}, "Ana left the room"),
    "named": ({"name": "Ana", "peer": "x"}, "A new player took the name Ana"),
    "opened": ({"opener": "Ana", "table": 3, "game": "sueca", "rated": True,
                "private": False}, "Ana opened table 3 (Sueca), rated"),
    "matched": ({"table": 4, "game": "brisca", "people": ["Ana", "Rui"]},
                "Quick match at table 4 (Spanish Brisca): Ana, Rui"),
    "rated": ({"table": 4, "ratings": {"Ana": 2.345, "Rui": -1.0}},
              "Table 4 rated: Ana 2.3, Rui -1.0"),
    "closed": ({"table": 5, "why": "closed by the room's operator"},
               "Table 5 closed: closed by the room's operator"),
    "table sat": ({"table": 6, "name": "Ana", "seat": 0}, "Table 6: Ana sat at place 1"),
    "problem": ({"message": "room.sqlite, table 7: broken"}, "room.sqlite, table 7: broken"),
}


def test_every_event_of_the_room_is_said_in_a_sentence():
    for kind, (fields, text) in TOLD.items():
        assert room_text(kind, fields) == text, kind


def test_a_guest_is_said_to_be_one_and_a_table_event_the_log_keeps_quiet_on_stays_quiet():
    assert "as a guest" in room_text("came", {"name": "Eva", "guest": True, "peer": "p"})
    assert room_text("table nothing-to-say", {"table": 1}) is None
