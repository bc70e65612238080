"""A seat played by an outside program: it plays, a failing one is replaced and the player
is told why, and no program outlives the match or the app."""

from __future__ import annotations

import json
import shlex
import sqlite3
import sys
from pathlib import Path

from textual.widgets import Static
from tui_helpers import (
    first_playable_index,
    last_trick_to_play,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
)

from bisca_tui.history.store import DB_NAME
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.summary import DealSummaryScreen

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple_bot.py"

CRASHING = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "Crashy"}), flush=True)
    elif message["type"] == "decide":
        print("out of ideas", file=sys.stderr, flush=True)
        sys.exit(3)
"""


def command(script: Path) -> str:
    return "cmd:" + shlex.join([sys.executable, str(script)])


def external_session(level: str, seed: int = 7) -> Session:
    """A match against a program, confirmed as the person would in the dialog."""
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", level)]
    session = Session.new("bisca-3", {}, seats, seed=seed)
    session.approved.add(level)
    return session


def seat_text(t, seat: int) -> str:
    return str(t.query_one(f"#seat-{seat}").render())


async def test_the_example_bot_plays_and_is_closed_with_the_app(private_data) -> None:
    session = external_session(command(EXAMPLE))
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        bot = session.bots[1]
        assert bot.active and "bot · program" in seat_text(t, 1)
        for _ in range(3):
            await play_key(app, pilot, str(first_playable_index(t) + 1))
        assert bot.active  # the program itself answered every time
        plays = [line for line in log_text(t) if line.startswith("Rui plays")]
        assert len(plays) >= 3
        await press(pilot, "q")  # save and quit
    assert bot._proc is not None and bot._proc.poll() is not None  # the program is gone


async def test_a_crashing_bot_is_replaced_and_the_player_told_why(private_data,
                                                                   tmp_path) -> None:
    script = tmp_path / "crashy.py"
    script.write_text(CRASHING, encoding="utf-8")
    session = external_session(command(script))
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        bot = session.bots[1]
        st = session.state
        await play_key(app, pilot, str(first_playable_index(t) + 1))  # Rui must answer
        assert not bot.active and bot._proc.poll() is not None
        reason = next(line for line in log_text(t) if "crashed" in line)
        assert "exit code 3" in reason and "out of ideas" in reason
        assert "plays its seat" in reason
        assert "Rui's program failed" in str(t.query_one("#status").render())
        assert "stand-in" in seat_text(t, 1)
        assert len(st.history) >= 2 and st.current == 0  # the stand-in played for it
        # who really plays is kept: in the save, the deal summary and the history
        rui = session.people[1]
        assert (rui.program, rui.stand_in_from) == (command(script), 0)
        assert rui.level == bot.fallback_level and rui.command is None
        saved = json.loads(session.recording.table_text())["seats"][1]
        assert saved["program"] == command(script) and saved["level"] == rui.level
        line = f"Rui's program was replaced in this deal: the built-in {rui.level} bot played"
        # the deal to its last trick in the engine (the stand-in choosing for Rui), its end
        # by keys: the summary and the history are what the end of a deal writes
        play_ahead(session, last_trick_to_play(session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        shown = " ".join(" ".join(str(w.render()).split()) for w in app.screen.query(Static))
        assert line in shown
        await app.workers.wait_for_complete()  # the deal's line in the history
    db = sqlite3.connect(private_data / DB_NAME)
    try:
        kept = db.execute("SELECT name, kind, level, opponents FROM match_players "
                          "ORDER BY player").fetchall()
    finally:
        db.close()
    # the stand-in played in the only deal: it is credited, not the program
    assert kept == [("You", "human", "", f"bot:{rui.level}"),
                    ("Rui", "bot", rui.level, "human")]


async def test_a_program_that_cannot_start_is_reported_at_once(private_data,
                                                               tmp_path) -> None:
    session = external_session("cmd:" + str(tmp_path / "no-such-program"))
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        assert any("could not be started" in line for line in log_text(t))
        assert "stand-in" in seat_text(t, 1)
