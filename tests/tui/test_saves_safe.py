"""No match is lost: not to a new game, a second table, an unwritable folder, a damaged
save or a move of the data folder."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from rich.text import Text
from textual.widgets import Button, Static
from tui_helpers import (
    first_playable_index,
    hand_key,
    make_app,
    play_ahead,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui import cli
from bisca_tui.engine import actions as A
from bisca_tui.engine.records import load_record
from bisca_tui.history.store import DB_NAME
from bisca_tui.table.save import (
    LOCK_NAME,
    SAVE_NAME,
    TABLE_NAME,
    claim_path,
    data_dir,
    earlier_saves,
    migrate,
    pid_alive,
    read_lock_pid,
    table_path,
    take_lock,
    write_save,
)
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session, default_seats
from bisca_tui.tui import app as app_module
from bisca_tui.tui.screens.confirm import ChoiceDialog, EarlierMatchesScreen
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.board import sorted_hand


def text_of(widget: Static) -> str:
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def save_a_match(data, seed: int = 99, cards: int = 1) -> tuple:
    """A match of Bisca de Três against bots where the person has played ``cards`` cards,
    saved as the table saves it; returns the history. Made in the engine: the save and quit
    of the app that this stands for has its own tests (test_save_resume)."""
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=seed)

    def person_to_play(st) -> bool:
        return session.is_human(st.current)

    play_ahead(session, person_to_play)
    for _ in range(cards):
        session.apply(first_card(session))
        play_ahead(session, person_to_play)
    write_save(data, session.recording.save_text(), session.recording.table_text())
    return tuple(session.state.history)


def first_card(session: Session) -> int:
    """The first card of the person's hand as drawn that may be played, as its key plays."""
    legal = session.state.legal_actions()
    return next(c for c in sorted_hand(session.variant, session.view(0)) if c in legal)


def saved_actions(path) -> tuple:
    """The actions of a saved match's first deal, as the record writes them."""
    return tuple(load_record(path).deals[0].actions)


def test_a_crash_ends_with_an_error_status_and_leaves_the_save_as_it_was(
        private_data, monkeypatch, capsys) -> None:
    """A bug that ends the app is an error for whoever ran ``bisca-tui``, and the match
    saved as it went is still there to continue."""
    save_a_match(private_data, cards=2)
    saved = (private_data / SAVE_NAME).read_bytes()

    def broken(self) -> None:
        raise RuntimeError("a bug in a key's handler")

    monkeypatch.setattr(TableScreen, "action_last_trick", broken)

    async def continue_and_press_l(pilot) -> None:
        app = pilot.app
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "enter")  # continue the match
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await press(pilot, "l")

    run = app_module.BiscaApp.run
    monkeypatch.setattr(app_module.BiscaApp, "run", lambda self: run(
        self, headless=True, size=(80, 24), auto_pilot=continue_and_press_l))
    assert cli.main(["--data-dir", str(private_data)]) == 1
    assert "a bug in a key's handler" in capsys.readouterr().err
    assert (private_data / SAVE_NAME).read_bytes() == saved
    assert not (private_data / LOCK_NAME).exists()


# ----- 1. a new game over a match in progress ---------------------------------------------


async def test_new_game_asks_first_and_keeps_the_match_in_progress(private_data) -> None:
    old = save_a_match(private_data, seed=99, cards=2)
    main = private_data / SAVE_NAME
    old_text = main.read_text(encoding="utf-8")
    old_actions = saved_actions(main)

    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "confirm-new-game"
        body = text_of(dialog.query_one("#dialog-body", Static))
        assert "Bisca de Três" in body and "You · Rui" in body and "match 0-0" in body
        assert "saved 20" in body  # the date it was saved
        await press(pilot, "escape")  # cancel: nothing happens
        assert isinstance(app.screen, StartScreen)
        assert main.read_text(encoding="utf-8") == old_text

        await press(pilot, "n")
        await press(pilot, "n")  # start a new one and keep this one
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").value = "7"
        await press(pilot, "enter")  # Start
        await settle(app, pilot)
        new_session = table(app).session
        assert new_session.match.seed == 7
        await press(pilot, "ctrl+q")
    assert load_record(main).seed == 7  # the new match is the one in progress
    kept = earlier_saves(private_data)
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == old_text
    assert kept[0].name.startswith("save-")

    # the kept match is offered back, and continuing it saves it where it is
    app2 = make_app(private_data)
    async with app2.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        earlier = app2.screen.query_one("#earlier", Button)
        assert earlier.display and "(1)" in str(earlier.label)
        await press(pilot, "e")
        assert isinstance(app2.screen, EarlierMatchesScreen)
        await press(pilot, "enter")
        await settle(app2, pilot)
        t = table(app2)
        assert tuple(t.session.state.history) == old
        t.session.apply(first_card(t.session))  # played on (its keys have their tests)
        now = tuple(t.session.state.history)
        await press(pilot, "ctrl+q")
    actions = saved_actions(kept[0])
    assert len(actions) == len(now) > len(old) and actions[:len(old)] == old_actions
    assert load_record(main).seed == 7  # the other match was not touched


# ----- 3. the folder cannot be written -------------------------------------------------


async def test_quit_says_when_the_match_cannot_be_saved(private_data) -> None:
    private_data.parent.mkdir(parents=True, exist_ok=True)
    private_data.write_text("a file where the folder should be", encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)  # the start screen warns at once
        notice = " ".join(text_of(app.screen.query_one("#save-notice", Static)).split())
        assert f"Matches cannot be saved in {private_data}" in notice
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        await press(pilot, "q")  # the table's save and quit key asks too
        assert isinstance(app.screen, ChoiceDialog) and app.return_code is None
        await press(pilot, "s")
        assert app.screen is t
        await press(pilot, "ctrl+q")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "quit-unsaved"
        body = " ".join(text_of(dialog.query_one("#dialog-body", Static)).split())
        assert str(private_data) in body and ("File exists" in body or "Errno" in body)
        await press(pilot, "s")  # stay
        assert app.screen is t and app.return_code is None
        await play_key(app, pilot, str(first_playable_index(t) + 1))  # still playing

        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceDialog)
        await press(pilot, "x")  # quit without saving
        await quiet(pilot)
        assert app.return_code == 1  # the match was lost: a failure for the shell
    assert private_data.is_file()  # nothing was written


async def test_try_again_saves_once_the_folder_is_back(private_data) -> None:
    private_data.parent.mkdir(parents=True, exist_ok=True)
    private_data.write_text("in the way", encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=4)
        history = tuple(t.session.state.history)
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceDialog)
        private_data.unlink()  # the player clears the way
        await press(pilot, "t")
        await quiet(pilot)
        assert app.return_code == 0
    assert len(saved_actions(private_data / SAVE_NAME)) == len(history)


# ----- 2. two tables on one folder ------------------------------------------------------


@pytest.fixture
def other_process():
    """A live process that is not this one (it waits on its input)."""
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                            stdin=subprocess.PIPE)
    yield proc.pid
    proc.stdin.close()
    proc.wait()


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def write_lock(directory, pid) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / LOCK_NAME).write_text(json.dumps({"pid": pid}), encoding="utf-8")


def test_the_lock_is_taken_and_released(tmp_path) -> None:
    lock = take_lock(tmp_path)
    assert lock.held and lock.other_pid is None
    assert read_lock_pid(tmp_path / LOCK_NAME) == os.getpid()
    again = take_lock(tmp_path)  # this process already holds it
    assert again.held
    lock.release()
    assert not (tmp_path / LOCK_NAME).exists()


def test_a_live_process_holds_the_lock(tmp_path, other_process) -> None:
    assert pid_alive(other_process)
    write_lock(tmp_path, other_process)
    lock = take_lock(tmp_path)
    assert not lock.held and lock.other_pid == other_process
    lock.release()  # not ours: left alone
    assert read_lock_pid(tmp_path / LOCK_NAME) == other_process


def test_a_dead_process_leaves_a_stale_lock(tmp_path) -> None:
    pid = dead_pid()
    assert not pid_alive(pid)
    write_lock(tmp_path, pid)
    lock = take_lock(tmp_path)
    assert lock.held and lock.other_pid is None
    assert read_lock_pid(tmp_path / LOCK_NAME) == os.getpid()


def test_an_unreadable_lock_is_stale(tmp_path) -> None:
    (tmp_path / LOCK_NAME).write_text("not json", encoding="utf-8")
    assert take_lock(tmp_path).held


async def test_a_second_table_does_not_ask_before_a_new_game(private_data,
                                                             other_process) -> None:
    save_a_match(private_data)
    before = (private_data / SAVE_NAME).read_text(encoding="utf-8")
    write_lock(private_data, other_process)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "n")  # its new game goes to a file of its own
        assert isinstance(app.screen, NewGameScreen)
        await press(pilot, "enter")
        await settle(app, pilot)
        target = app.saves.target
        await press(pilot, "ctrl+q")
    assert (private_data / SAVE_NAME).read_text(encoding="utf-8") == before
    assert target is not None and target in earlier_saves(private_data)


def near_the_end_of_a_deal(data, seed: int = 31, left: int = 3) -> Session:
    """A match saved ``left`` tricks before the end of its first deal."""
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=seed)
    st = session.state
    while len(st.tricks) < 20 - left:
        st.apply(st.legal_actions()[0])
    write_save(data, session.recording.save_text(), session.recording.table_text())
    return session


async def finish_the_deal(app, pilot, last: bool) -> tuple[int, ...]:
    """Continue the saved match and play its deal to the end, always the first (or the
    last) card that may be played; returns the deal's card points."""
    await quiet(pilot)
    saved = app.saves.saved
    assert saved is not None
    await press(pilot, "c")
    await settle(app, pilot)
    assert table(app).session is saved  # the match saved, continued
    while isinstance(app.screen, TableScreen):
        t = app.screen
        v = t.session.view(t.viewer)
        legal = [a for a in v.legal if A.is_play(a)]
        await play_key(app, pilot, hand_key(t.sorted_hand(v).index(legal[-1 if last else 0])))
    await quiet(pilot)
    await app.workers.wait_for_complete()
    assert app.session is not None and app.session.match.results
    return tuple(app.session.match.results[0].card_points)


async def test_two_tables_continuing_one_match_both_keep_their_deals(private_data,
                                                                     other_process) -> None:
    """One table continues the match in progress, another open at the same time continues
    it too (in a file of its own, the first table's save and lock left alone): each
    finished deal stays in the history."""
    first = near_the_end_of_a_deal(private_data, seed=34, left=2)  # 2 cards: two deals
    main = private_data / SAVE_NAME
    saved = {p: p.read_bytes() for p in (main, private_data / TABLE_NAME)}
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        here = await finish_the_deal(app, pilot, last=False)
        app.action_quit()
        await quiet(pilot)
    # the second table read the same save while the first was open
    for p, data in saved.items():
        p.write_bytes(data)
    write_lock(private_data, other_process)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        notice = text_of(app.screen.query_one("#save-notice", Static))
        assert "Another table is open" in notice and str(other_process) in notice
        there = await finish_the_deal(app, pilot, last=True)
        target = app.saves.target
        assert target is not None and target != main  # its match kept apart
        now = app.session.match.deals[0].history
        app.action_quit()
        await quiet(pilot)
    assert main.read_bytes() == saved[main]  # the first table's match
    assert len(saved_actions(target)) == len(now) > len(first.state.history)  # this one's
    assert read_lock_pid(private_data / LOCK_NAME) == other_process
    assert here != there  # two different deals were played
    db = sqlite3.connect(private_data / DB_NAME)
    try:
        kept = db.execute("SELECT m.uid, p.card_points FROM matches m JOIN deal_players p "
                          "ON p.match_id = m.id ORDER BY m.id, p.player").fetchall()
    finally:
        db.close()
    by_match: dict[str, list[int]] = {}
    for uid, points in kept:
        by_match.setdefault(uid, []).append(points)
    assert sorted(map(tuple, by_match.values())) == sorted([here, there])
    # the first table's match keeps its id
    assert by_match[first.recording.history_id] == list(here)


async def test_a_match_played_at_another_table_is_not_continued_twice(private_data,
                                                                      other_process) -> None:
    near_the_end_of_a_deal(private_data)
    earlier = private_data / "save-20250101-120000.json"
    (private_data / SAVE_NAME).rename(earlier)
    (private_data / TABLE_NAME).rename(table_path(earlier))
    before = earlier.read_bytes()
    claim = claim_path(earlier)
    claim.write_text(json.dumps({"pid": other_process}), encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        await press(pilot, "e")
        assert isinstance(app.screen, EarlierMatchesScreen)
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen) and app.session is None
        said = [n.message for n in app._notifications]
        assert any(f"played at another table (process {other_process})" in n for n in said)
        # once that table has left it, it is this table's
        claim.write_text(json.dumps({"pid": dead_pid()}), encoding="utf-8")
        await press(pilot, "e")
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen) and app.saves.target == earlier
        assert read_lock_pid(claim) == os.getpid()
        app.action_quit()
        await quiet(pilot)
    assert earlier.read_bytes() != before  # played on here
    assert not claim.exists()  # and let go


async def test_the_match_in_progress_is_not_copied_while_another_table_plays_it(
        private_data, other_process) -> None:
    near_the_end_of_a_deal(private_data)
    write_lock(private_data, other_process)  # the other table owns the folder
    claim_path(private_data / SAVE_NAME).write_text(json.dumps({"pid": other_process}),
                                                    encoding="utf-8")  # and plays it
    app = make_app(private_data)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        await press(pilot, "c")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen) and app.session is None
        said = [n.message for n in app._notifications]
        assert any(f"played at another table (process {other_process})" in n for n in said)
    assert earlier_saves(private_data) == []  # no copy was made


# ----- 4. the data folder -----------------------------------------------------------------


def test_the_data_folder_is_the_platforms_unless_told(monkeypatch, tmp_path) -> None:
    from platformdirs import user_data_dir

    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    monkeypatch.delenv("BISCA_TUI_DATA")
    assert str(data_dir()) == user_data_dir("bisca-tui", appauthor=False)


def test_saves_move_from_the_old_folder(tmp_path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    write_save(old, '{"a": 1}', '{"t": 1}')
    (old / "save-20250101-120000.json").write_text('{"b": 2}', encoding="utf-8")
    said = migrate(old, new)
    assert said and str(old) in said[0]
    assert (new / SAVE_NAME).read_text(encoding="utf-8") == '{"a": 1}'
    assert (new / TABLE_NAME).read_text(encoding="utf-8") == '{"t": 1}'
    assert (new / "save-20250101-120000.json").exists()
    assert not (old / SAVE_NAME).exists()


def test_a_moved_save_never_replaces_one_already_there(tmp_path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    write_save(old, '{"old": 1}', "{}")
    write_save(new, '{"new": 1}', "{}")
    (old / "save-20250101-120000.json").write_text("old slot", encoding="utf-8")
    (new / "save-20250101-120000.json").write_text("new slot", encoding="utf-8")
    said = migrate(old, new)
    assert (new / SAVE_NAME).read_text(encoding="utf-8") == '{"new": 1}'
    kept = [p.read_text(encoding="utf-8") for p in earlier_saves(new)]
    assert '{"old": 1}' in kept and "new slot" in kept
    # the slot whose name was taken stays in the old folder, and the player is told
    assert (old / "save-20250101-120000.json").read_text(encoding="utf-8") == "old slot"
    assert any("left where it is" in line for line in said)


def test_nothing_moves_when_the_folders_are_the_same(tmp_path) -> None:
    write_save(tmp_path, "{}", "{}")
    assert migrate(tmp_path, tmp_path) == []
    assert (tmp_path / SAVE_NAME).exists()


async def test_the_app_offers_a_match_saved_in_the_old_folder(tmp_path, monkeypatch) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    history = save_a_match(old)
    monkeypatch.delenv("BISCA_TUI_DATA")
    monkeypatch.setattr(app_module, "data_dir", lambda: new)
    monkeypatch.setattr(app_module, "legacy_data_dir", lambda: old)
    app = app_module.BiscaApp(bot_delay=0, default_bot_level="random")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert app.saves.saved is not None
        notice = text_of(app.screen.query_one("#save-notice", Static))
        assert "moved" in notice and str(new) in notice
    assert len(saved_actions(new / SAVE_NAME)) == len(history) > 0
    assert not (old / SAVE_NAME).exists()


# ----- 5. saves that cannot be resumed -------------------------------------------------------


def bad_save(data, change) -> str:
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=5)
    record = json.loads(session.recording.save_text())
    tbl = json.loads(session.recording.table_text())
    change(record, tbl)
    text = json.dumps(record)
    write_save(data, text, json.dumps(tbl))
    return text


BAD_CONTENT = [
    (lambda r, t: r.update(variant="no-such-game"), "unknown variant 'no-such-game'"),
    (lambda r, t: r["deals"][0].update(actions=["ZZ"]), "unknown action 'ZZ'"),
    (lambda r, t: r["deals"][0].update(actions=["AS", "AS"]), "deal 1"),
    (lambda r, t: t["seats"][0].update(kind="robot"), "kind"),
]


@pytest.mark.parametrize(("change", "reason"), BAD_CONTENT)
def test_a_save_with_bad_content_is_set_aside_with_its_reason(private_data, change,
                                                              reason) -> None:
    """What the app does with each damaged save as it starts (its saves read before the
    start screen is drawn): nothing offered back, the file set aside byte for byte, the
    reason in the words the start screen shows (whose drawing the next test checks)."""
    text = bad_save(private_data, change)
    app = make_app(private_data)
    app.saves.load()
    assert app.saves.saved is None
    problem = app.saves.problem
    assert problem is not None
    assert SAVE_NAME in problem.message() and reason in problem.message()
    aside = list(private_data.glob("saved-match.damaged-*[0-9].json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
    assert problem.moved_to == aside[0] and not (private_data / SAVE_NAME).exists()


def test_a_save_that_is_not_json_is_set_aside_with_where_it_breaks(private_data) -> None:
    """A save (or its table file) that is not JSON: the reason names the file, the line
    and the column, and says what is wrong; the files are set aside byte for byte."""
    broken = '{"format": "bisca-tui-record",\n "variant": }'
    write_save(private_data, broken, "{}")
    app = make_app(private_data)
    app.saves.load()
    problem = app.saves.problem
    assert app.saves.saved is None and problem is not None
    said = problem.message()
    assert f"{SAVE_NAME}, line 2, column 13: not valid JSON (a value was expected)" in said
    aside = list(private_data.glob("saved-match.damaged-*[0-9].json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == broken
    assert problem.moved_to == aside[0] and not (private_data / SAVE_NAME).exists()

    sound = bad_save(private_data, lambda r, t: None)
    (private_data / TABLE_NAME).write_text('{"seats": [1,\n ]}', encoding="utf-8")
    again = make_app(private_data)
    again.saves.load()
    assert again.saves.saved is None and again.saves.problem is not None
    said = again.saves.problem.message()
    assert f"{TABLE_NAME}, line 2, column 2: not valid JSON" in said
    moved = again.saves.problem.moved_to
    assert moved is not None and moved.read_text(encoding="utf-8") == sound


def test_a_save_set_aside_is_never_overwritten(private_data) -> None:
    """Once a damaged save is set aside, the next matches saved in the folder go to the
    save's own name, never over the file set aside."""
    change, _reason = BAD_CONTENT[0]
    text = bad_save(private_data, change)
    app = make_app(private_data)
    app.saves.load()
    assert app.saves.problem is not None
    aside = app.saves.problem.moved_to
    assert aside is not None
    for seed in (1, 2):  # a new match saved, then saved again
        session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=seed)
        write_save(private_data, session.recording.save_text(),
                   session.recording.table_text())
        assert load_record(private_data / SAVE_NAME).seed == seed
    assert list(private_data.glob("saved-match.damaged-*[0-9].json")) == [aside]
    assert aside.read_text(encoding="utf-8") == text


async def test_a_save_with_bad_content_is_reported_not_lost(private_data) -> None:
    """At the start screen, for one damaged save: the notice says why, Continue is gone,
    a damaged earlier match is listed and left alone, and a new game has nothing to ask
    (what the loader makes of each damage, and that the file set aside is never written
    over, is checked above without a screen)."""
    change, reason = BAD_CONTENT[0]
    text = bad_save(private_data, change)
    bad = private_data / "save-20250101-120000.json"  # and a damaged earlier match
    bad.write_text('{"format": "bisca-tui-record", "variant": "nope"}', encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        notice = " ".join(text_of(app.screen.query_one("#save-notice", Static)).split())
        assert SAVE_NAME in notice and reason in notice
        assert not app.screen.query_one("#continue", Button).display
        await press(pilot, "e")  # the damaged earlier match is listed, with its problem
        screen = app.screen
        assert isinstance(screen, EarlierMatchesScreen)
        assert len(screen.matches) == 1 and screen.matches[0].problem
        await press(pilot, "enter")  # nothing to continue
        assert app.screen is screen
        await press(pilot, "escape")
        assert isinstance(app.screen, StartScreen)
        await press(pilot, "n")  # a new game: nothing to ask
        assert isinstance(app.screen, NewGameScreen)
    aside = list(private_data.glob("saved-match.damaged-*[0-9].json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
    assert bad.read_text(encoding="utf-8").endswith('"nope"}')  # left alone


def markup_names(r, t) -> None:
    r["players"] = ["x[/b]", "[bold red]Rui"]
    t["seats"][0]["name"] = "x[/b]"
    t["seats"][1]["name"] = "[bold red]Rui"


async def test_names_holding_markup_are_shown_as_text(private_data) -> None:
    """On the start screen, in the question before a new game, and at the table once the
    match is continued from that question: one app for the three (whose lock, taken as it
    starts, goes as it closes)."""
    bad_save(private_data, markup_names)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert read_lock_pid(private_data / LOCK_NAME) == os.getpid()  # this table's
        notice = text_of(app.screen.query_one("#save-notice", Static))
        assert "x[/b] · [bold red]Rui" in notice
        await press(pilot, "n")  # the question names them as text too
        body = text_of(app.screen.query_one("#dialog-body", Static))
        assert "x[/b] · [bold red]Rui" in body
        await press(pilot, "c")  # the question can continue the match instead
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        t = table(app)
        assert t.session.people[0].name == "x[/b]"  # the table draws them
        assert t.session.match.seed == 5 and tuple(t.session.state.history) == ()
        assert not earlier_saves(private_data)  # nothing set aside
    assert not (private_data / LOCK_NAME).exists()  # a table releases its lock as it closes
