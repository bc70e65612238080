"""``bisca-tui serve``: the command line, and a real browser playing a card at the table.

The browser test starts the server on a free loopback port with its own data folder, opens
the page in headless Chromium driven through the DevTools protocol, types keys and reads
the terminal drawn in the page. The page's terminal (xterm.js) draws on a canvas, so the
text is read from its buffer: a script added before the page's own catches the terminal
object when the page stores it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bisca_tui import cli, serve
from bisca_tui.tui.save import SAVE_NAME

CHROMIUM_NAMES = ("chromium", "chromium-browser")
DEADLINE = 20.0  # seconds for any one thing the browser test waits for

# ----- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize("port", ["0", "70000", "-1", "eighty"])
def test_a_port_out_of_range_is_refused(capsys, port: str) -> None:
    code = cli.main(["serve", "--port", port])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("usage: bisca-tui serve")
    assert "argument --port:" in err
    assert ("from 1 to 65535" in err) if port.lstrip("-").isdigit() else ("whole number" in err)


def test_serve_has_help(capsys) -> None:
    code = cli.main(["serve", "--help"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.startswith("usage: bisca-tui serve ")
    for word in ("--port N", "--host HOST", "--data-dir DIR", "127.0.0.1", "Ctrl+C"):
        assert word in out


@pytest.mark.parametrize("argv", [["serve", "--data-dir", "my saves", "--variant", "sueca"],
                                  ["--data-dir", "my saves", "--variant", "sueca", "serve"]])
def test_the_table_options_are_handed_on_to_every_table(monkeypatch, argv) -> None:
    served: list[tuple[str, str, int]] = []

    class FakeServer:
        def __init__(self, command: str, host: str, port: int) -> None:
            served.append((command, host, port))

        def serve(self) -> None:
            pass

    monkeypatch.setattr(serve, "make_server", FakeServer)
    assert cli.main(argv) == 0
    [(command, host, port)] = served
    assert (host, port) == ("127.0.0.1", 8000)  # this machine only, unless told
    import shlex

    words = shlex.split(command)  # the command goes through a shell: quoted
    assert words[:3] == [sys.executable, "-m", "bisca_tui"]
    assert words[words.index("--data-dir") + 1] == "my saves"
    assert words[words.index("--variant") + 1] == "sueca"


def test_a_port_already_taken_is_said_plainly(capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = cli.main(["serve", "--port", str(port)])
    out, err = capsys.readouterr()
    assert code == 1
    assert f"cannot listen on http://127.0.0.1:{port}" in err
    assert "served at" not in out  # no address given that does not answer


def test_an_ipv6_address_is_bracketed_in_the_url() -> None:
    assert serve.url_for("::1", 8080) == "http://[::1]:8080"
    assert serve.url_for("127.0.0.1", 8080) == "http://127.0.0.1:8080"


# ----- a browser at the table ------------------------------------------------------------------


def chromium_path() -> str | None:
    for name in CHROMIUM_NAMES:
        if path := shutil.which(name):
            return path
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(what: str, probe: Callable[[], Any], timeout: float = DEADLINE) -> Any:
    """Ask ``probe`` until it answers something true; fail saying ``what`` never came."""
    deadline = time.monotonic() + timeout
    while True:
        answer = probe()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def stop_group(proc: subprocess.Popen[Any]) -> None:
    """Kill a process started in a session of its own, and everything it started."""
    with contextlib.suppress(ProcessLookupError):  # gone already
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=DEADLINE)


def group_is_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


# Stores the page's terminal in window.__biscaTerm when the page assigns it to `.terminal`
# (textual-serve's page does so once, on the object that drives the terminal).
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal",
                          {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && !window.__biscaTerm) window.__biscaTerm = value;
  },
});
"""

# The terminal's visible rows as text, or null before the page has a terminal.
SCREEN_TEXT = """
(() => {
  const term = window.__biscaTerm;
  if (!term) return null;
  const buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""

KEYS = {  # what the DevTools protocol needs to type a key as a keyboard would
    "enter": {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"},
    **{d: {"key": d, "code": f"Digit{d}", "windowsVirtualKeyCode": 48 + int(d), "text": d}
       for d in "0123456789"},
    **{c: {"key": c, "code": f"Key{c.upper()}", "windowsVirtualKeyCode": ord(c.upper()),
           "text": c} for c in "abcdefghijklmnopqrstuvwxyz"},
}


class Page:
    """A page of headless Chromium, driven over the DevTools protocol's websocket."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = itertools.count(1)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and return its result (events coming meanwhile are dropped)."""
        msg_id = next(self.ids)
        self.ws.send(json.dumps({"id": msg_id, "method": method, "params": params}))
        deadline = time.monotonic() + DEADLINE
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the browser did not answer {method}")
            reply = json.loads(self.ws.recv(timeout=left))
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return dict(reply.get("result", {}))

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screen(self) -> str:
        return self.evaluate(SCREEN_TEXT) or ""

    def press(self, *keys: str) -> None:
        for key in keys:
            spec = KEYS[key]
            self.call("Input.dispatchKeyEvent", type="keyDown", **spec)
            self.call("Input.dispatchKeyEvent", type="keyUp",
                      **{k: v for k, v in spec.items() if k != "text"})

    def wait_for_screen(self, what: str, shows: Callable[[str], object]) -> str:
        """The screen once ``shows`` finds on it what is awaited (a failure quotes the last
        screen read)."""
        seen = [""]

        def probe() -> str | None:
            seen[0] = self.screen()
            return seen[0] if shows(seen[0]) else None

        try:
            return str(wait_for(what, probe))
        except AssertionError as e:
            raise AssertionError(f"{e}; the page showed:\n{seen[0]}") from None

    def wait_for_text(self, *words: str) -> str:
        """The screen once it shows every word."""
        return self.wait_for_screen(f"{words} on the page",
                                    lambda screen: all(w in screen for w in words))


@pytest.fixture
def chromium() -> str:
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium)")
    pytest.importorskip("websockets", reason="the websockets package drives the browser")
    return path


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str, Path]]:
    """The server, on a free loopback port, saving in a folder of the test's own."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bisca_tui", "serve", "--port", str(port),
         "--data-dir", str(tmp_path / "data"), "--speed", "instant"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        def answers() -> bool:
            if proc.poll() is not None:
                out = proc.stdout.read() if proc.stdout else ""
                raise AssertionError(f"the server stopped: {out}")
            try:
                with urllib.request.urlopen(url, timeout=2) as page:
                    return bool(page.status == 200)
            except OSError:
                return False

        wait_for("the server to answer", answers)
        yield proc, url, tmp_path / "data"
    finally:
        stop_group(proc)


@pytest.fixture
def browser(chromium: str) -> Iterator[Callable[[], Page]]:
    """Headless Chromium with a profile of its own; gives a function opening a page."""
    profile = tempfile.mkdtemp(prefix="bisca-serve-profile-")
    proc = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--remote-debugging-port=0",
         "--remote-debugging-address=127.0.0.1", "--window-size=1200,800", "about:blank"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    connections = contextlib.ExitStack()
    try:
        port_file = Path(profile) / "DevToolsActivePort"

        def devtools_port() -> str | None:
            if proc.poll() is not None:
                raise AssertionError("Chromium stopped at once")
            text = port_file.read_text() if port_file.exists() else ""
            return text.split("\n")[0] if "\n" in text else None

        port = wait_for("Chromium's DevTools port", devtools_port)

        def open_page() -> Page:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list",
                                        timeout=5) as answer:
                targets = json.load(answer)
            target = next(t for t in targets if t["type"] == "page")
            from websockets.sync.client import connect

            ws = connect(target["webSocketDebuggerUrl"], max_size=None, open_timeout=DEADLINE)
            return Page(connections.enter_context(ws))

        yield open_page
    finally:
        connections.close()
        stop_group(proc)
        shutil.rmtree(profile, ignore_errors=True)


def first_card(screen: str) -> str | None:
    """The card under key 1 in the hand drawn on the screen, as the log writes it (7♥), or
    None while it is not drawn whole."""
    rows = screen.splitlines()
    for y, row in enumerate(rows[:-2]):
        x = row.find("╭───1───╮")
        if x >= 0:
            rank = rows[y + 1][x:x + 9]
            suit = rows[y + 2][x:x + 9]
            found = re.fullmatch(r"│(\w+) *│", rank), re.fullmatch(r"│([♠♥♦♣]) *│", suit)
            if found[0] and found[1]:
                return found[0][1] + found[1][1]
    return None


def test_a_card_is_played_in_the_browser(browser, served) -> None:
    server, url, data = served
    page = browser()
    page.call("Page.enable")  # without it, the script below is not run on the new page
    page.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
    page.call("Page.navigate", url=url)

    start = page.wait_for_text("A card table for Bisca and its cousins", "New game", "Rules")
    assert "Continue the last match" not in start  # a data folder of its own: nothing saved
    page.evaluate("window.__biscaTerm.focus()")  # the keyboard goes to the terminal
    page.press("n")
    page.wait_for_text("Players", "House rules", "Start")  # the new game form
    page.press("enter")  # start with the default seats: you against a bot
    table = page.wait_for_screen("the hand", lambda s: "Your turn" in s and first_card(s))
    assert "Rui" in table and "Bisca de Três" in table  # the seats and the game
    card = first_card(table)
    page.press("1")
    page.wait_for_text(f"You play {card}")  # the log: the card the screen showed as 1
    assert "the trick" not in table
    # the bot's card ends the trick, and the log says who took it (shortened to fit)
    taken = re.compile(r"(You take|Rui takes) (the trick|it) \(\+\d+\)")
    done = page.wait_for_screen("the trick to be taken", taken.search)
    assert "Rui plays" in done

    server.send_signal(signal.SIGINT)  # Ctrl+C, with a table open in the browser
    assert server.wait(timeout=DEADLINE) == 0
    out = server.stdout.read()
    assert "Traceback" not in out and "GET /" not in out  # no error, no request log
    assert f"the card table is served at {url}" in out
    assert "the server has stopped" in out
    wait_for("the served table to end with the server", lambda: group_is_gone(server.pid))
    assert (data / SAVE_NAME).exists()  # the match was saved where the server was told
