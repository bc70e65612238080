"""Finished deals and matches land in the game history, from a solo or a hot-seat table;
a history that cannot be written is said once and play goes on."""

from __future__ import annotations

import json
import sqlite3

from tui_helpers import (
    last_trick_to_play,
    make_app,
    play_ahead,
    play_deal_by_keys,
    press,
    quiet,
    settle,
    table,
)

from bisca_tui.engine.records import parse_record, replay_record
from bisca_tui.history.store import DB_NAME, Store
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen, MatchEndScreen


def near_the_end(session: Session, tricks: int) -> None:
    st = session.state
    while len(st.tricks) < tricks:
        st.apply(st.legal_actions()[0])


def rows(path, sql: str, *args) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


async def finish_history(app) -> None:
    await app.workers.wait_for_complete()


async def test_a_hot_seat_deal_then_a_finished_solo_match_land_in_the_history(
        private_data) -> None:
    """One app: a deal finished at a hot-seat table gives each person their lines (the
    match goes on); then a solo match's deciding deal ends it, in the history too."""
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Bea")]
    hot = Session.new("bisca-3", {}, seats, seed=5)
    near_the_end(hot, 19)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=31)
    session.match.scores = [3, 3]  # the next deal decides the match
    near_the_end(session, 19)  # its last trick by keys
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.seating.start(hot)
        for _ in range(6):
            await settle(app, pilot)
            if isinstance(app.screen, DealSummaryScreen):
                break
            if isinstance(app.screen, HandOverScreen):
                await press(pilot, "enter")
                continue
            await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await finish_history(app)
        check_hot_seat_deal(private_data, hot)

        app.seating.start(session)
        await settle(app, pilot)
        assert table(app).session is session
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await finish_history(app)
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, MatchEndScreen)
    check_solo_match(private_data, session)


def check_hot_seat_deal(private_data, session: Session) -> None:
    db = private_data / DB_NAME
    assert rows(db, "SELECT ended FROM matches") == [(None,)]  # the match goes on
    lines = rows(db, "SELECT m.name, m.kind, m.opponents, d.won FROM deal_players d JOIN "
                     "match_players m USING (match_id, player) ORDER BY player")
    assert [ln[:3] for ln in lines] == [("Ana", "human", "human"), ("Bea", "human", "human")]
    result = session.match.results[0]
    assert [ln[3] for ln in lines] == [int(result.winner == 0), int(result.winner == 1)]


def check_solo_match(private_data, session: Session) -> None:
    db = private_data / DB_NAME
    uid = session.recording.history_id
    (mid, ended, variant, deals, record), = rows(
        db, "SELECT id, ended, variant, deals, record FROM matches JOIN records "
            "ON records.match_id = matches.id WHERE uid = ?", uid)
    assert ended is not None
    assert (variant, deals) == ("bisca-3", 1)
    players = rows(db, "SELECT name, kind, level, opponents, result FROM match_players "
                       "WHERE match_id = ? ORDER BY player", mid)
    winner = session.match.winner
    assert players == [
        ("Ana", "human", "", "bot:random", "won" if winner == 0 else "lost"),
        ("Rui", "bot", "random", "human", "won" if winner == 1 else "lost")]
    points = rows(db, "SELECT card_points FROM deal_players WHERE match_id = ? "
                      "ORDER BY player", mid)
    assert [p for (p,) in points] == list(session.match.results[0].card_points)
    again = replay_record(parse_record(record))  # the record replays the deal
    assert again.results[0] == session.match.results[0]
    assert json.loads(record)["players"] == ["Ana", "Rui"]


async def test_a_history_that_cannot_be_written_is_said_once(private_data,
                                                              monkeypatch) -> None:
    """Two deals, two failed writes, one sentence; and the next deal saved as the match
    goes on keeps the match's place in the history for when it is resumed."""
    def fail(self, entry, seq=0):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Store, "write", fail)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=12)
    near_the_end(session, 19)
    app = make_app(private_data)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        real = app.notify

        def notify(message, *a, **kw):
            said.append(str(message))
            return real(message, *a, **kw)

        app.notify = notify  # type: ignore[method-assign]
        await quiet(pilot)
        app.seating.start(session)
        for _ in range(2):  # two deals, two failed writes
            # the second deal to its last trick in the engine: its end, by keys, is what
            # writes to the history
            play_ahead(session, last_trick_to_play(session))
            table(app).refresh_table()
            await play_deal_by_keys(app, pilot)
            assert isinstance(app.screen, DealSummaryScreen)
            await finish_history(app)
            await quiet(pilot)
            await press(pilot, "enter")
            await settle(app, pilot)
        assert len(session.match.results) == 2  # play went on
    history = [s for s in said if "game history" in s]
    assert len(history) == 1 and "disk I/O error" in history[0]
    # the match resumed keeps its place in the history: what the next app reads of the
    # saved match as it starts (before its first screen)
    again = make_app(private_data)
    again.saves.load()
    assert again.saves.saved is not None
    assert again.saves.saved.recording.history_id == session.recording.history_id
    assert again.saves.saved.recording.started == session.recording.started
    assert again.saves.saved.deal_number == 3


async def test_a_damaged_history_is_set_aside_and_the_app_starts(private_data) -> None:
    private_data.mkdir(parents=True)
    junk = b"\x00garbage\x01" * 500
    (private_data / DB_NAME).write_bytes(junk)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await quiet(pilot)
        from bisca_tui.tui.screens.start import StartScreen

        assert isinstance(app.screen, StartScreen)
        problem = app.history.problem
        assert problem is not None and problem.moved_to is not None
        assert problem.moved_to.read_bytes() == junk
        assert app.history.store() is not None
