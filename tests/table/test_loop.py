"""The turn loop without a screen: whole matches played through it by bots, a person's
choice refused or applied, undo, the save after each action, the history after each deal,
and a bot's answer for a position that is gone dropped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from family_support import first_of_each_family

from bisca_tui.bots.base import make_bot
from bisca_tui.engine import actions as A
from bisca_tui.engine.errors import IllegalAction
from bisca_tui.engine.records import parse_record
from bisca_tui.engine.variant import make_variant
from bisca_tui.history.store import Store
from bisca_tui.table.loop import (
    BOT,
    MATCH_OVER,
    PERSON,
    BotRequest,
    FileAutosave,
    StoreHistory,
    TableLoop,
)
from bisca_tui.table.save import read_save, save_path
from bisca_tui.table.session import Session, default_seats


def new_session(variant_id: str, seed: int = 11) -> Session:
    n = make_variant(variant_id).n_people
    return Session.new(variant_id, {}, default_seats(n, "random"), seed=seed)


def legal_not_taken(session: Session) -> int:
    """An action the seat to act may not take."""
    legal = set(session.state.legal_actions())
    return next(a for a in range(A.DISCARD + 60) if a not in legal)


@pytest.mark.parametrize("variant_id", first_of_each_family())
def test_a_whole_match_played_by_bots_through_the_loop(variant_id: str, tmp_path: Path) -> None:
    session = new_session(variant_id)
    store, problem = Store.open(tmp_path)
    assert store is not None and problem is None
    saves: list[int] = []
    autosave = FileAutosave(session, tmp_path)

    class Counting:
        def save(self) -> None:
            autosave.save()
            saves.append(session.moves)

        def clear(self) -> None:
            autosave.clear()

    loop = TableLoop(session, autosave=Counting(), history=StoreHistory(store))
    person = make_bot("random", 3)  # plays the person's seat
    turn = loop.run(person.choose)

    assert turn.kind == MATCH_OVER
    assert session.match.is_over() and session.closed
    assert not save_path(tmp_path).exists()  # a finished match leaves no save
    deals = len(session.match.deals)
    assert deals >= 1
    # one save per action, and one after each deal scored and dealt
    actions = sum(len(d.history) for d in session.match.deals)
    assert len(saves) == actions + deals + (deals - 1)
    # the history holds the whole match, as the record says
    assert store.count() == 1
    (mid,) = store.query("SELECT id FROM matches")[0]
    text = store.record_text(mid)
    assert text is not None
    assert len(parse_record(text).deals) == deals
    assert session.recording.history_seq == deals  # written after every deal
    store.close()


def test_a_persons_choice_is_applied_saved_and_an_illegal_one_refused(tmp_path: Path) -> None:
    session = new_session("bisca-3")
    loop = TableLoop(session, autosave=FileAutosave(session, tmp_path))
    turn = loop.run()
    assert turn.kind == PERSON and turn.seat == 0
    before = (list(session.state.history), session.moves)
    with pytest.raises(IllegalAction):
        loop.act(legal_not_taken(session))
    assert (list(session.state.history), session.moves) == before
    assert not save_path(tmp_path).exists()  # nothing happened, nothing saved
    legal = session.state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not seat 1's"):
        loop.act(legal, seat=1)  # a choice sent for a seat that is not to act
    assert (list(session.state.history), session.moves) == before
    assert not save_path(tmp_path).exists()

    action = session.state.legal_actions()[0]
    step = loop.act(action)
    assert (step.seat, step.action) == (0, action)
    saved = read_save(tmp_path)
    assert saved is not None
    assert parse_record(saved.text).deals[-1].actions[-1] == A.action_str(action)


def test_undo_takes_back_the_persons_action_and_the_bots_replies(tmp_path: Path) -> None:
    session = new_session("bisca-3")
    loop = TableLoop(session, autosave=FileAutosave(session, tmp_path))
    loop.run()
    assert loop.undo() == []  # nothing of the person's yet
    mine = session.state.legal_actions()[0]
    loop.act(mine)
    turn = loop.run()  # the bots reply, back to the person
    assert turn.kind == PERSON
    replies = list(session.state.history[1:])
    assert replies

    assert loop.undo() == [mine, *replies]
    assert session.state.history == [] and loop.turn().kind == PERSON
    saved = read_save(tmp_path)
    assert saved is not None  # the save keeps the undo
    assert len(parse_record(saved.text).deals[-1].undone) == 1


def test_a_bot_answer_for_a_position_gone_is_dropped() -> None:
    session = new_session("bisca-3")
    asked: list[BotRequest] = []
    loop = TableLoop(session, runner=asked.append)
    loop.run()
    loop.act(session.state.legal_actions()[0])
    turn = loop.run()
    assert turn.kind == BOT and len(asked) == 1  # the answer comes later
    stale = asked[0]
    answer = stale.bot.choose(stale.view)
    loop.undo()  # the position it was asked about is gone
    assert loop.answer(stale.seat, stale.token, action=answer) is None
    assert session.state.history == []

    loop.act(session.state.legal_actions()[-1])  # the same bot to act, in another position
    loop.run()
    assert session.state.current == stale.seat and len(asked) == 2
    assert loop.answer(stale.seat, stale.token, action=answer) is None
    assert len(session.state.history) == 1
    fresh = asked[1]  # answered in time
    step = loop.answer(fresh.seat, fresh.token, action=fresh.bot.choose(fresh.view))
    assert step is not None and step.seat == fresh.seat and not step.failure
    assert len(session.state.history) == 2
    # a second answer for the same position comes too late
    assert loop.answer(fresh.seat, fresh.token, action=step.action) is None


def test_a_failing_bot_plays_its_first_legal_card_and_says_why() -> None:
    session = new_session("bisca-3")
    asked: list[BotRequest] = []
    loop = TableLoop(session, runner=asked.append)
    loop.run()
    loop.act(session.state.legal_actions()[0])
    loop.run()
    request = asked[0]
    wrong, expected = legal_not_taken(session), loop.fallback()
    step = loop.answer(request.seat, request.token, action=wrong)
    assert step is not None and step.failure.startswith("tried ")
    assert step.action == expected == session.state.history[-1]

    while len(asked) < 2:  # on to the bot's next turn
        loop.act(session.state.legal_actions()[0])
        loop.run()
    request = asked[1]
    step = loop.answer(request.seat, request.token, error="RuntimeError: boom")
    assert step is not None and step.failure == "RuntimeError: boom"


def test_the_table_loads_no_interface() -> None:
    code = ("import sys\n"
            "import bisca_tui.table.loop, bisca_tui.table.save, bisca_tui.table.session\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
            " or m.startswith('bisca_tui.tui'))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""

