"""External bots: the protocol, the example bot, and programs that misbehave.

Every misbehaving program is a few lines of Python written to a temporary folder and run with
the interpreter running the tests. Each must lose its seat to the fallback bot with a clear
notice while the deal still finishes legally.
"""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path

import pytest

from bisca_tui.bots.base import Bot, RandomBot, bot_levels, make_bot
from bisca_tui.bots.external import (
    CRASH,
    GARBAGE,
    ILLEGAL,
    PROTOCOL,
    START,
    TIMEOUT,
    ExternalBot,
    view_to_json,
)
from bisca_tui.engine.actions import SIGNAL
from bisca_tui.engine.cards import card_str
from bisca_tui.engine.match import Match
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant

ROOT = Path(__file__).resolve().parents[2]
SIMPLE = ROOT / "examples" / "bots" / "simple_bot.py"

# A program that answers legal[-1] for GOOD decisions, then does MISBEHAVE.
TEMPLATE = """
import json, sys, time
count = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        HELLO
        print(json.dumps({"type": "hello", "protocol": 1, "name": "Tester"}), flush=True)
    elif msg["type"] == "decide":
        count += 1
        if count > GOOD:
            MISBEHAVE
        print(json.dumps({"type": "action", "action": msg["legal"][-1]}), flush=True)
    elif msg["type"] == "quit":
        break
"""

# Writes every line it receives to the file named by its argument, and plays legal[0].
SPY = """
import json, sys
out = open(sys.argv[1], "a")
for line in sys.stdin:
    out.write(line)
    out.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "Spy", "author": "tests"}),
              flush=True)
    elif msg["type"] == "decide":
        print(json.dumps({"type": "log", "text": "thinking"}), flush=True)
        print("", flush=True)
        print(json.dumps({"action": msg["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
"""


def program(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    return [sys.executable, str(path)]


def misbehaving(tmp_path: Path, misbehave: str, good: int = 2, hello: str = "pass") -> list[str]:
    text = (TEMPLATE.replace("GOOD", str(good)).replace("MISBEHAVE", misbehave)
            .replace("HELLO", hello))
    return program(tmp_path, "bot", text)


def play_deal(variant_id: str, bots: list[Bot], seed: int, options: dict | None = None,
              dealer: int = 0) -> GameState:
    """One deal; ``apply`` refuses any illegal action, so a finished deal was legal."""
    state = GameState(make_variant(variant_id, options), dealer=dealer, seed=seed)
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat)))
    return state


def simple_choice(legal: tuple[int, ...]) -> int:
    """What the example bot does: the first legal card, else the first legal action."""
    return next((a for a in legal if 0 <= a < 80), legal[0])


# ----- the example bot --------------------------------------------------------------------------


@pytest.mark.parametrize(("variant_id", "seed"), [("bisca-3", 11), ("bisca-4", 12)])
def test_example_bot_plays_whole_deals(variant_id: str, seed: int) -> None:
    v = make_variant(variant_id)
    bots = [ExternalBot([sys.executable, str(SIMPLE)], fallback="random") for _ in range(v.n)]
    try:
        state = GameState(v, seed=seed)
        decisions = 0
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action == simple_choice(view.legal)  # the program chose, not a fallback
            state.apply(action)
            decisions += 1
        assert decisions == len(state.history) == 40
        for seat, bot in enumerate(bots):
            bot.deal_over(state.view(seat), state.result)
            assert bot.notice is None and bot.active
            assert bot.name == "Simple" and bot.author == "bisca-tui"
    finally:
        for bot in bots:
            bot.close()
    for bot in bots:
        assert bot._proc is not None and bot._proc.returncode == 0  # it left on "quit"


def test_make_bot_routes_cmd_specs() -> None:
    spec = f"cmd:{sys.executable} {SIMPLE}"
    with make_bot(spec, seed=3) as bot:
        assert isinstance(bot, ExternalBot)
        assert bot.argv == [sys.executable, str(SIMPLE)]
        assert bot.handshake() and bot.name == "Simple"
    assert isinstance(make_bot("random"), RandomBot)


# ----- what the program is told ---------------------------------------------------------------


def test_protocol_messages_and_no_hidden_cards(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    v = make_variant("bisca-4", {"signals": True})
    spy = ExternalBot(program(tmp_path, "spy", SPY) + [str(log)], fallback="random")
    bots: list[Bot] = [spy, RandomBot(1), RandomBot(2), RandomBot(3)]
    hidden_per_decision: list[set[str]] = []
    state = GameState(v, dealer=3, seed=5)
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if seat == 0:
            hidden = {card_str(c) for s in range(1, 4) for c in state.hands[s]
                      if c not in view.known[s]}
            hidden |= {card_str(c) for c in state.stock}
            hidden_per_decision.append(hidden)
        state.apply(bots[seat].choose(view))
    spy.deal_over(state.view(0), state.result)
    spy.close()
    assert spy.notice is None
    assert list(spy.log) == ["thinking"] * len(hidden_per_decision)

    lines = log.read_text(encoding="utf-8").splitlines()
    messages = [json.loads(line) for line in lines]
    kinds = [m["type"] for m in messages]
    assert kinds == ["hello", "deal"] + ["decide"] * len(hidden_per_decision) + [
        "deal_end", "quit"]
    assert messages[0]["protocol"] == 1
    deal = messages[1]
    assert (deal["variant"], deal["seat"], deal["players"], deal["dealer"]) == (
        "bisca-4", 0, 4, 3)
    assert deal["options"]["signals"] is True
    assert deal["teams"] == [0, 1, 0, 1]
    assert [s["name"] for s in deal["signals"]] == list(v.signal_names)

    decides = [(line, m) for line, m in zip(lines, messages, strict=True)
               if m["type"] == "decide"]
    for (line, m), hidden in zip(decides, hidden_per_decision, strict=True):
        assert m["view"]["seat"] == 0 and m["legal"] == m["view"]["legal"]
        for card in m["view"]["hand"]:
            assert card not in hidden
        leaked = [c for c in hidden if f'"{c}"' in line]
        assert not leaked, f"cards hidden from seat 0 were sent: {leaked}"
    # the spy answers legal[0], which is a signal whenever one is true: they reach the table
    assert any(ev.sender == 0 for ev in state.signs.log)
    assert any(a >= SIGNAL for a in state.history)
    end = messages[-2]
    assert end["result"]["game_points"] == list(state.result.game_points)
    assert end["view"]["phase"] == "over"


def test_view_json_uses_the_notation() -> None:
    v = make_variant("bisca-3")
    state = GameState(v, seed=2)
    leader = state.current_player()
    state.apply(state.legal_actions()[0])
    seat = state.current_player()
    assert seat is not None and seat != leader
    data = view_to_json(state.view(seat))
    assert data["seat"] == seat and data["current"] == seat
    assert data["hand"] == [card_str(c) for c in state.hands[seat]]
    assert data["trick"] == [{"seat": leader, "card": card_str(state.trick[0])}]
    assert data["trump"] == "SHDC"[state.trump]
    assert data["indicator"] == card_str(state.indicator)
    assert data["legal"] == [card_str(c) for c in state.legal_actions()]
    assert data["known"] == [[], []]
    assert view_to_json(state.view(leader))["legal"] == []  # not its turn
    json.dumps(data)  # plain JSON all the way down


def test_each_new_deal_is_announced(tmp_path: Path) -> None:
    """Without ``deal_over`` calls, the bot still hears of every deal in a match."""
    log = tmp_path / "seen.jsonl"
    match = Match(make_variant("bisca-3"), seed=9)
    with ExternalBot(program(tmp_path, "spy", SPY) + [str(log)], fallback="random") as spy:
        bots: list[Bot] = [spy, RandomBot(4)]
        for _ in range(3):
            state = match.new_deal()
            while not state.is_over():
                seat = state.current_player()
                state.apply(bots[seat].choose(state.view(seat)))
            match.finish_deal()
        assert spy.notice is None
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds.count("deal") == 3
    assert kinds.count("deal_end") == 3  # two before the next deal, one at close
    deals = [json.loads(line) for line in log.read_text().splitlines()]
    assert [m["dealer"] for m in deals if m["type"] == "deal"] == [
        match.dealer_of(i) for i in range(3)]


# ----- programs that misbehave ----------------------------------------------------------------

CASES = {
    "crash": ('raise RuntimeError("broken on purpose")', {},
              ["crashed (exit code 1)", "broken on purpose"], CRASH),
    "hang": ("time.sleep(60)", {"time_limit": 0.5}, ["did not choose an action within 0.5 s"],
             TIMEOUT),
    "garbage": ('print("I play the seven of hearts", flush=True); continue', {},
                ["not JSON", "seven of hearts"], GARBAGE),
    "illegal": ('print(json.dumps({"action": next(f"{r}{s}" for s in "SHDC" for r in '
                '"A234567JQK" if f"{r}{s}" not in msg["legal"])}), flush=True); continue', {},
                ["which is not legal now", "legal: "], ILLEGAL),
    "nonsense-action": ('print(json.dumps({"action": "shuffle"}), flush=True); continue', {},
                        ["'shuffle', which is not an action"], ILLEGAL),
    "no-action": ('print(json.dumps({"type": "action"}), flush=True); continue', {},
                  ["without an action"], GARBAGE),
    "exit-early": ("sys.exit(0)", {}, ["exited in the middle of the match"], CRASH),
    "too-long": ('print("x" * 70000, flush=True); continue', {}, ["longer than"], GARBAGE),
}


@pytest.mark.parametrize("case", list(CASES))
def test_misbehaving_bot_loses_the_seat(tmp_path: Path, case: str) -> None:
    misbehave, kwargs, phrases, kind = CASES[case]
    heard: list[str] = []
    bot = ExternalBot(misbehaving(tmp_path, misbehave, good=2), seed=1, fallback="random",
                      on_notice=heard.append, **kwargs)
    bots: list[Bot] = [bot, RandomBot(1), RandomBot(2), RandomBot(3)]
    answered = []
    state = GameState(make_variant("bisca-4"), seed=21)
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].choose(view)
        if seat == 0:
            answered.append((bot.active, action, view.legal))
        state.apply(action)
    assert state.is_over() and len(state.history) == 40
    # two good answers from the program itself, then the fallback for the rest of the deal
    assert [a for a, _, _ in answered] == [True, True] + [False] * (len(answered) - 2)
    assert all(action == legal[-1] for _, action, legal in answered[:2])
    assert bot.notice is not None and heard == [bot.notice]
    for phrase in phrases:
        assert phrase in bot.notice, bot.notice
        assert bot.failure is not None and phrase in bot.failure
    assert bot.notice.startswith(f"External bot 'Tester' {bot.failure}. ")
    assert bot.failure_kind == kind
    assert "Tester" in bot.notice and "random bot plays its seat" in bot.notice
    assert bot.fallback_bot is not None and bot.fallback_bot.level == "random"
    assert bot._proc is not None and bot._proc.poll() is not None  # the program is gone
    bot.close()


def test_silent_program_fails_the_greeting(tmp_path: Path) -> None:
    cmd = misbehaving(tmp_path, "pass", hello="time.sleep(60)")
    bot = ExternalBot(cmd, start_timeout=0.5, fallback="random")
    view = GameState(make_variant("bisca-3"), seed=1).view(1)
    action = bot.choose(view)
    assert action in view.legal
    assert bot.notice is not None and "did not answer the greeting within 0.5 s" in bot.notice
    assert bot.failure_kind == TIMEOUT
    assert bot._proc is not None and bot._proc.poll() is not None


def test_wrong_protocol_version(tmp_path: Path) -> None:
    cmd = program(tmp_path, "v9", 'import json\ninput()\nprint(json.dumps('
                  '{"type": "hello", "protocol": 9}), flush=True)\ninput()\n')
    with ExternalBot(cmd, fallback="random") as bot:
        assert not bot.handshake()
        assert bot.notice is not None and "speaks protocol 9" in bot.notice
        assert bot.failure == "speaks protocol 9; the table speaks 1"
        assert bot.failure_kind == PROTOCOL


def test_missing_program_falls_back_at_once() -> None:
    heard: list[str] = []
    bot = ExternalBot(["no-such-bot-program-xyz"], fallback="random", on_notice=heard.append)
    assert bot.notice is not None and "could not be started" in bot.notice
    assert heard == [bot.notice] and not bot.active
    assert bot.failure_kind == START
    view = GameState(make_variant("bisca-3"), seed=4).view(1)
    assert bot.choose(view) in view.legal
    bot.close()
    assert "names no program" in (ExternalBot("  ", fallback="random").notice or "")


def test_default_fallback_is_medium_when_it_exists() -> None:
    bot = ExternalBot(["no-such-bot-program-xyz"])
    expected = "medium" if "medium" in bot_levels() else "random"
    assert bot.fallback_level == expected
    assert bot.fallback_bot is not None and bot.fallback_bot.level == expected
    assert ExternalBot(["no-such-bot-program-xyz"], fallback="nonsense").fallback_level == (
        "random")


def test_dropped_bot_stops_its_program() -> None:
    bot = ExternalBot([sys.executable, str(SIMPLE)], fallback="random")
    assert bot.handshake()
    proc = bot._proc
    assert proc is not None and proc.poll() is None
    del bot
    gc.collect()
    assert proc.wait(timeout=5) is not None


def test_close_is_idempotent_and_later_decisions_still_work() -> None:
    bot = ExternalBot([sys.executable, str(SIMPLE)], fallback="random")
    bot.close()
    bot.close()
    view = GameState(make_variant("bisca-3"), seed=6).view(1)
    assert bot.choose(view) in view.legal


# A program that greets, then writes log lines without end, never asked for them.
FLOOD = """
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "hello", "protocol": 1, "name": "Flood"}), flush=True)
line = json.dumps({"type": "log", "text": "x" * SIZE}) + "\\n"
while True:
    sys.stdout.write(line)
"""


@pytest.mark.parametrize("size", [10, 60000])  # many short lines; a few long ones
def test_a_program_flooding_its_output_is_bounded_and_replaced(tmp_path: Path,
                                                               size: int) -> None:
    from bisca_tui.bots.external import MAX_PENDING_BYTES, MAX_PENDING_LINES

    cmd = program(tmp_path, "flood", FLOOD.replace("SIZE", str(size)))
    heard: list[str] = []
    bot = ExternalBot(cmd, fallback="random", on_notice=heard.append)
    try:
        assert bot.handshake() and bot.name == "Flood"
        # the person thinks: nobody reads the program's lines until the next decision
        assert bot._lines.flooded.wait(timeout=30)
        reader = bot._threads[0]
        reader.join(timeout=30)
        assert not reader.is_alive()  # it stopped reading: what waits can grow no more
        lines, size_waiting = bot._lines.pending
        assert lines <= MAX_PENDING_LINES + 2  # the flood mark and the end mark
        assert size_waiting <= MAX_PENDING_BYTES
        view = GameState(make_variant("bisca-3"), seed=5).view(1)
        assert bot.choose(view) in view.legal  # the stand-in answers
        assert not bot.active and bot.failure_kind == GARBAGE
        assert bot.failure is not None and "nobody asked for" in bot.failure
        assert heard == [bot.notice]
        assert bot._proc is not None and bot._proc.poll() is not None  # it is stopped
    finally:
        bot.close()
