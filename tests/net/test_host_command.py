"""``bisca-tui host``: it prints the invite code and how to join, then a line for each thing
that happens at the table; the match is written to the game history; Ctrl+C stops it
cleanly, and ``--resume`` continues the match from its save."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from net_support import LONG, views_until

from bisca_tui.cli import main
from bisca_tui.history.store import Store
from bisca_tui.net.addresses import reachable_addresses
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import STOPPED
from bisca_tui.net.hostlog import intro_lines

ROOT = Path(__file__).resolve().parents[2]
BOTS = ["--level", "random", "--lang", "en"]
# the host as a script's background job starts, SIGINT ignored on entry (``cmd &`` in sh)
CTRL_C_IGNORED = ("import signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
                  "from bisca_tui.cli import main; sys.exit(main(sys.argv[1:]))")


class Output(io.TextIOBase):
    """Standard output of a command run in a thread; ``wait`` finds a pattern in it."""

    def __init__(self) -> None:
        self.text = ""
        self.changed = threading.Condition()

    def write(self, s: str) -> int:
        with self.changed:
            self.text += s
            self.changed.notify_all()
        return len(s)

    async def wait(self, pattern: str) -> re.Match[str]:
        def find() -> re.Match[str] | None:
            with self.changed:
                self.changed.wait_for(lambda: re.search(pattern, self.text), LONG)
                return re.search(pattern, self.text)

        found = await asyncio.get_running_loop().run_in_executor(None, find)
        assert found is not None, self.text
        return found


def in_thread(argv: list[str], out: Output) -> asyncio.Future[int]:
    """``main(argv)`` in a thread of its own (it runs its own event loop), writing to ``out``."""
    def run() -> int:
        with contextlib.redirect_stdout(out):
            return main(argv)

    return asyncio.ensure_future(asyncio.to_thread(run))


async def host_process(argv: list[str], run: tuple[str, ...] = ("-m", "bisca_tui"),
                       **kw: Any) -> asyncio.subprocess.Process:
    """``bisca-tui`` with ``argv`` in a process of its own, its output read through a pipe."""
    return await asyncio.create_subprocess_exec(sys.executable, *run, *argv, cwd=ROOT,
                                                stdout=asyncio.subprocess.PIPE, **kw)


async def ctrl_c_at_anas_turn(proc: asyncio.subprocess.Process) -> tuple[dict, Client, dict]:
    """Ana sits at the host and, once it is her turn, the host gets Ctrl+C: it tells her it
    has stopped, and ends saying so (with where the match is saved). The host's ``ready``
    line, Ana, and her view of her turn."""
    assert proc.stdout is not None
    ready = json.loads(await asyncio.wait_for(proc.stdout.readline(), LONG))
    ana = await Client.connect("127.0.0.1", ready["port"], ready["code"], "Ana")
    await ana.sit()
    first = await views_until(ana, lambda m: bool(m["view"]["legal"]))
    proc.send_signal(signal.SIGINT)  # Ctrl+C
    error = await ana.expect("error", LONG)
    assert error is not None, "the host hung up without a word"
    assert error["message"] == STOPPED
    assert await asyncio.wait_for(proc.wait(), LONG) == 0
    rest = [json.loads(line) for line in (await proc.stdout.read()).splitlines()]
    assert rest[-1]["event"] == "stopped" and Path(rest[-1]["save"]).exists()
    return ready, ana, first


def history_players(folder: Path) -> list[tuple[str, str, str]]:
    store, problem = Store.open(folder)
    assert store is not None and problem is None
    try:
        assert store.count() == 1
        return store.query("SELECT name, kind, level FROM match_players ORDER BY player")
    finally:
        store.close()


async def test_the_command_prints_how_to_join_and_logs_a_short_match(tmp_path) -> None:
    out = Output()
    done = in_thread(["host", "--variant", "sueca", "--port", "0", "--code", "abcd2345",
                      "--deals", "1", "--open", "1", "--data-dir", str(tmp_path), *BOTS], out)
    port = int((await out.wait(r"\n  bisca-tui join 127\.0\.0\.1:(\d+) ABCD2345\n")).group(1))
    assert "invite code ABCD2345" in out.text and "Only this machine" in out.text
    # places counted from 1, as the players see them in the join command's places
    assert "Places open to players: 1; " in out.text
    ana = await Client.connect("127.0.0.1", port, "abcd2345", "Ana\x1b[31m\x07",
                               chooser=random_legal(random.Random(1)))
    await ana.sit()
    assert await asyncio.wait_for(done, LONG) == 0
    assert ana.last("over") is not None
    text = out.text
    for line in (r"\d\d:\d\d:\d\d Ana \[31m came in \(from 127\.0\.0\.1:\d+\)",
                 r"Ana \[31m sat at place 1", r"The match begins: Ana \[31m, Inês, Tiago, Marta",
                 r"Deal 1: card points \d+-\d+; the match stands Ana \[31m & Tiago \d+, "
                 r"Inês & Marta \d+",
                 # or all 120 points taken, which wins the match in its first deal
                 r"The 1 deal asked for is played: |The match is over after 1 deal: "):
        assert re.search(line, text), (line, text)
    assert "\x1b" not in text and "\x07" not in text
    assert history_players(tmp_path) == [("Ana [31m", "human", ""), ("Inês", "bot", "random"),
                                         ("Tiago", "bot", "random"), ("Marta", "bot", "random")]
    assert not list(tmp_path.glob("hosted-*")) and not list(tmp_path.glob("*.playing"))


def test_bots_alone_play_a_deal_and_json_tells_each_event(tmp_path, capsys) -> None:
    argv = ["host", "--variant", "briscola", "--players", "3", "--port", "0", "--deals", "1",
            "--start-with", "0", "--json", "--no-history", "--data-dir", str(tmp_path), *BOTS]
    assert main(argv) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    ready = events[0]
    assert ready["event"] == "ready" and ready["loopback"] and ready["variant"] == "briscola"
    assert ready["join"] == [f"bisca-tui join 127.0.0.1:{ready['port']} {ready['code']}"]
    assert [e["event"] for e in events[1:]] == ["started", "deal", "over"]
    assert len(events[2]["sides"]) == 3 and events[3]["deals"] == 1
    assert not (tmp_path / "history.sqlite3").exists() and not list(tmp_path.glob("hosted-*"))


def test_every_address_is_listed_with_a_warning() -> None:
    addresses = reachable_addresses("0.0.0.0")
    assert addresses[-1] == "127.0.0.1" and all(":" not in a for a in addresses)
    lines = intro_lines("Sueca", "0.0.0.0", 7341, "ABCD23", addresses, "0, 1", "medium", 60,
                        2, False)
    joins = [line for line in lines if line.startswith("  bisca-tui join ")]
    assert len(joins) == len(addresses)
    assert joins[-1] == "  bisca-tui join 127.0.0.1:7341 ABCD23   (from this machine)"
    assert any(line.startswith("Warning: the table listens on every address") for line in lines)
    assert reachable_addresses("::")[-1] == "::1"
    lines = intro_lines("Sueca", "::", 7341, "ABCD23", ["fd00::2"], "0", "easy", 5, 1, True)
    assert "  bisca-tui join [fd00::2]:7341 ABCD23" in lines


def test_what_the_command_refuses(tmp_path, capsys) -> None:
    data = ["--data-dir", str(tmp_path), "--lang", "en"]
    assert main(["host", *data]) == 2
    assert main(["host", "--variant", "sueca", "--open", "1,5", *data]) == 2
    assert main(["host", "--variant", "sueca", "--open", "0", *data]) == 2  # counted from 1
    assert main(["host", "--variant", "sueca", "--open", "1", "--start-with", "2", *data]) == 2
    assert main(["host", "--variant", "bisca-3", "--players", "4", *data]) == 2
    assert main(["host", "--resume", "--variant", "sueca", *data]) == 2
    assert main(["host", "--resume", *data]) == 1
    assert main(["host", "--resume", "--code", "ZZZZ99", *data]) == 1
    (tmp_path / "hosted-ZZZZ99.json").write_text("{}")
    assert main(["host", "--variant", "sueca", "--code", "zzzz99", *data]) == 1
    assert main(["host", "--resume", "--code", "ZZZZ99", *data]) == 1
    assert main(["host", "--variant", "sueca", "--port", "70000", *data]) == 2
    assert main(["host", "--variant", "sueca", "--code", "abcd234", *data]) == 2
    err = capsys.readouterr().err
    for said in ("the game is needed", "the places at this table are 1 to 4",
                 "--start-with: only 1 place is open",
                 "--variant: a resumed match keeps the settings",
                 "no hosted match is saved in", "no match hosted with the code ZZZZ99",
                 "--resume --code ZZZZ99 continues it", "hosted-ZZZZ99.json cannot be continued",
                 "a port is from 0 to 65535",
                 "a new table's invite code has at least 8 letters and digits (chosen at "
                 "random, they are too many to guess); ABCD234 is too short"):
        assert said in err, (said, err)


async def test_ctrl_c_stops_the_host_and_resume_goes_on_from_the_save(tmp_path) -> None:
    argv = ["host", "--variant", "sueca", "--port", "0", "--deals", "1", "--open", "1",
            "--json", "--data-dir", str(tmp_path), *BOTS]
    proc = await host_process(argv)
    try:
        ready, ana, first = await ctrl_c_at_anas_turn(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{8}", ready["code"])  # 40 bits

    out = Output()
    done = in_thread(["host", "--resume", "--port", "0", "--json", "--data-dir",
                      str(tmp_path), "--lang", "en"], out)
    again = json.loads((await out.wait(r'\{"event": "ready".*\n')).group(0))
    assert again["code"] == ready["code"] and again["resumed"]
    back = await Client.connect("127.0.0.1", again["port"], ready["code"], "Ana", key=ana.key,
                                chooser=random_legal(random.Random(3)))
    assert back.seat == 0
    assert await asyncio.wait_for(done, LONG) == 0
    view = next(m for m in back.messages if m["type"] == "view")
    assert view["view"]["hand"] == first["view"]["hand"] and view["events_from"] == 0
    assert back.last("over") is not None and '"event": "resumed"' in out.text
    assert [row[:2] for row in history_players(tmp_path)][0] == ("Ana", "human")
    assert not list(tmp_path.glob("hosted-*"))


async def test_enter_at_the_host_begins_before_the_places_are_taken(tmp_path) -> None:
    argv = ["host", "--variant", "briscola", "--port", "0", "--deals", "1", "--seed", "4",
            "--data-dir", str(tmp_path), *BOTS]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bisca_tui", *argv, cwd=ROOT, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE)
    try:
        seen = ""
        while "Press Enter" not in seen:  # nobody has sat: the match waits for the host
            line = await asyncio.wait_for(proc.stdout.readline(), LONG)
            assert line, seen
            seen += line.decode()
        assert "The match begins" not in seen
        proc.stdin.write(b"\n")  # Enter: bots in both places
        await proc.stdin.drain()
        rest = (await asyncio.wait_for(proc.stdout.read(), LONG)).decode()
        assert "The match begins" in rest and "The 1 deal asked for is played" in rest
        assert await asyncio.wait_for(proc.wait(), LONG) == 0
    finally:
        if proc.returncode is None:
            proc.kill()


async def test_resume_takes_a_new_hold(tmp_path) -> None:
    """The hold is the one given again to ``--resume``, not the saved one: the saved place,
    held for an hour, goes to a bot at once when the host comes back with ``--hold 0``."""
    argv = ["host", "--variant", "sueca", "--port", "0", "--deals", "1", "--open", "1",
            "--hold", "3600", "--json", "--data-dir", str(tmp_path), *BOTS]
    proc = await host_process(argv)
    try:
        await ctrl_c_at_anas_turn(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
    assert list(tmp_path.glob("hosted-*.table.json"))

    out = Output()
    done = in_thread(["host", "--resume", "--hold", "0", "--port", "0", "--data-dir",
                      str(tmp_path), "--lang", "en"], out)
    await out.wait("keeps the place for 0 seconds")
    assert await asyncio.wait_for(done, LONG) == 0  # nobody came back: the bots finished
    assert "Ana has not come back: a bot (random) plays place 1" in out.text, out.text
    # the deal played to its end: the one asked for, or one that ends the match at once
    # (a side that takes all 120 card points of Sueca wins four games: the whole match)
    assert ("The 1 deal asked for is played" in out.text
            or "The match is over after 1 deal" in out.text), out.text
    assert not list(tmp_path.glob("hosted-*"))


async def test_ctrl_c_stops_a_host_started_with_sigint_ignored(tmp_path) -> None:
    """A host started where SIGINT is ignored (a job a script puts in the background, or a
    test suite run so) stops on Ctrl+C all the same, as SIGTERM stops it: Ana is told, and
    the match is saved. (asyncio.run stops on Ctrl+C only when SIGINT was not ignored.)"""
    argv = ["host", "--variant", "briscola", "--port", "0", "--open", "1", "--json",
            "--data-dir", str(tmp_path), *BOTS]
    proc = await host_process(argv, ("-c", CTRL_C_IGNORED))
    try:
        await ctrl_c_at_anas_turn(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
