"""``bisca-tui serve``: the command line, a real browser playing a card at the table, and
the attacks the server must refuse (no token, a wrong one, another site's page).

The browser test starts the server on a free loopback port with its own data folder, opens
the page in headless Chromium driven through the DevTools protocol, types keys and reads
the terminal drawn in the page. The page's terminal (xterm.js) draws on a canvas, so the
text is read from its buffer: a script added before the page's own catches the terminal
object when the page stores it.
"""

from __future__ import annotations

import contextlib
import http.server
import itertools
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bisca_tui import cli, serve
from bisca_tui.table.save import SAVE_NAME

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


@pytest.mark.parametrize("argv", [["serve", "--program", "touch marker"],
                                  ["--program", "touch marker", "serve"]])
def test_serve_refuses_to_seat_a_program(capsys, monkeypatch, argv) -> None:
    from bisca_tui import serve

    started: list[str] = []
    monkeypatch.setattr(serve, "make_server", lambda *a, **k: started.append("server"))
    code = cli.main(argv)
    _, err = capsys.readouterr()
    assert code == 2 and started == []
    assert "--program is refused" in err


@pytest.mark.parametrize("argv", [["serve", "--data-dir", "my saves", "--variant", "sueca"],
                                  ["--data-dir", "my saves", "--variant", "sueca", "serve"]])
def test_the_table_options_are_handed_on_to_every_table(monkeypatch, argv) -> None:
    served: list[tuple[str, str, int]] = []

    class FakeServer:
        def __init__(self, command: str, host: str, port: int, token: str,
                     max_tables: int = 8) -> None:
            served.append((command, host, port))

        def serve(self) -> None:
            pass

    monkeypatch.setattr(serve, "make_server", FakeServer)
    assert cli.main(argv) == 0
    [(command, host, port)] = served
    assert (host, port) == ("127.0.0.1", 8000)  # this machine only, unless told
    words = shlex.split(command)  # the command goes through a shell: quoted
    assert words[:3] == [sys.executable, "-m", "bisca_tui"]
    table = cli.build_parser().parse_args(words[3:])  # the options as the table reads them
    assert table.data_dir == "my saves" and table.variant == "sueca"
    assert table.no_programs is True  # no outside program at a table a browser opens


def test_every_start_makes_a_new_secret_token(monkeypatch) -> None:
    tokens: list[str] = []

    class FakeServer:
        def __init__(self, command: str, host: str, port: int, token: str,
                     max_tables: int = 8) -> None:
            tokens.append(token)

        def serve(self) -> None:
            pass

    monkeypatch.setattr(serve, "make_server", FakeServer)
    assert cli.main(["serve"]) == 0 and cli.main(["serve"]) == 0
    assert tokens[0] != tokens[1]
    assert all(len(t) >= 40 and re.fullmatch(r"[\w-]+", t) for t in tokens)  # 256 bits


def test_the_token_and_the_origin_are_checked_exactly() -> None:
    token = serve.new_token()
    assert serve.token_matches(token, token)
    for wrong in (None, "", token[:-1], token + "x", token.upper(), "é" + token[1:]):
        assert not serve.token_matches(wrong, token)
    assert serve.same_origin("http://127.0.0.1:8000", "http", "127.0.0.1:8000")
    assert serve.same_origin("http://LOCALHOST:8000", "http", "localhost:8000")
    for foreign in ("http://evil.example", "http://127.0.0.1:8001", "https://127.0.0.1:8000",
                    "http://localhost:8000", "null", "", None):
        assert not serve.same_origin(foreign, "http", "127.0.0.1:8000")


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


@pytest.mark.parametrize("host", ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost",
                                  "LocalHost"])
def test_this_machine_only_needs_no_warning(host: str) -> None:
    assert serve.is_loopback(host)
    assert serve.listening_warning(host, 8000) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "", "192.168.1.20", "example.org",
                                  "localhost.example.org"])
def test_another_address_is_warned_about(host: str) -> None:
    assert not serve.is_loopback(host)
    warning = serve.listening_warning(host, 8000)
    assert warning is not None
    assert "anyone who can reach port 8000 and has the address above can play" in warning


def test_the_warning_is_printed_with_the_address(capsys) -> None:
    # the server is made, not started: nothing listens on the other address
    server = serve.make_server("true", "0.0.0.0", 8123, "s3cret")
    server.say_where()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "bisca-tui: the card table is served at http://0.0.0.0:8123/?token=s3cret"
    assert lines[1].startswith("Warning: 0.0.0.0 is not this machine only: anyone who can ")
    assert "with this user's saved matches" in lines[1]
    serve.make_server("true", "127.0.0.1", 8123, "s3cret").say_where()
    assert "Warning" not in capsys.readouterr().out


# ----- what a bot's notice may quote --------------------------------------------------------


def test_a_notice_shows_a_programs_words_without_terminal_codes() -> None:
    from bisca_tui.bots.external import ExternalBot

    words = "\x1b]0;pwned\x07\x1b[2Jroot:x:0:0\u202e"
    program = f"import sys; sys.stderr.write({words!r} + '\\n'); sys.exit(3)"
    bot = ExternalBot([sys.executable, "-c", program], seed=1, fallback="random")
    try:
        assert not bot.handshake()
        assert bot.notice is not None
        assert "crashed (exit code 3)" in bot.notice
        assert "\\x1b]0;pwned\\x07\\x1b[2Jroot:x:0:0\\u202e" in bot.notice  # shown, escaped
        assert not any(ch in bot.notice for ch in "\x1b\x07\u202e")
    finally:
        bot.close()


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


@dataclass
class Served:
    """A server running in a process of its own, and what it printed."""

    proc: subprocess.Popen[str]
    origin: str  # http://127.0.0.1:PORT
    data: Path
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The address the server printed, token and all."""
        found = [line.rpartition(" served at ")[2] for line in self.lines
                 if " served at " in line]
        return found[0] if found else ""

    @property
    def token(self) -> str:
        return self.url.partition("?token=")[2]

    def output(self) -> str:
        """All it printed, once it has ended."""
        if self.reader is not None:
            self.reader.join(timeout=DEADLINE)
        return "\n".join(self.lines)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still running (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def serving(tmp_path: Path, *options: str) -> Iterator[Served]:
    """The server, on a free loopback port, saving in a folder of the test's own, with
    ``options`` of its own; stopped with its tables once the test is done."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("the tests count the tables started through /proc")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bisca_tui", "serve", "--port", str(port),
         "--data-dir", str(tmp_path / "data"), "--speed", "instant", *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    server = Served(proc, f"http://127.0.0.1:{port}", tmp_path / "data")

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            server.lines.append(line.rstrip("\n"))

    server.reader = threading.Thread(target=read, daemon=True)
    server.reader.start()
    try:
        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"the server stopped: {server.output()}")
            if not server.token:
                return False
            try:
                with urllib.request.urlopen(server.url, timeout=2) as page:
                    return bool(page.status == 200)
            except OSError:
                return False

        wait_for("the server to answer", answers)
        yield server
    finally:
        stop_group(proc)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """The server, on a free loopback port, saving in a folder of the test's own."""
    yield from serving(tmp_path)


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
    server, url, data = served.proc, served.url, served.data
    assert url == f"{served.origin}/?token={served.token}"
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
    out = served.output()
    assert "Traceback" not in out and "GET /" not in out  # no error, no request log
    assert f"the card table is served at {url}" in out
    assert "the server has stopped" in out
    wait_for("the served table to end with the server", lambda: group_is_gone(server.pid))
    assert (data / SAVE_NAME).exists()  # the match was saved where the server was told


# ----- what a stranger cannot do -------------------------------------------------------------


def get(url: str) -> tuple[int, str]:
    """The status and the text of a page (an error page too)."""
    try:
        with urllib.request.urlopen(url, timeout=DEADLINE) as page:
            return page.status, page.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def websocket_status(url: str, origin: str | None) -> int:
    """The status a websocket handshake gets: 101 when it opens (closed again at once)."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    try:
        with connect(url, origin=origin, proxy=None, open_timeout=DEADLINE):  # type: ignore[arg-type]
            return 101
    except InvalidStatus as e:
        return e.response.status_code


def test_the_page_and_its_websocket_need_the_token_and_the_pages_origin(served) -> None:
    pytest.importorskip("websockets", reason="the websockets package opens the websocket")
    origin, token = served.origin, served.token
    status, text = get(f"{origin}/")
    assert status == 403 and "token" in text and "<" not in text  # short, plain
    assert get(f"{origin}/?token={token[:-1]}")[0] == 403
    assert get(f"{origin}/?token={token}x")[0] == 403
    status, page = get(served.url)
    assert status == 200
    ws = origin.replace("http:", "ws:", 1)
    assert f'data-session-websocket-url="{ws}/ws/{token}"' in page  # the page hands it on
    wrong = token[:-1] + ("B" if token.endswith("A") else "A")
    attempts = {
        "no token, the page's origin": (f"{ws}/ws", origin),
        "a wrong token": (f"{ws}/ws/{wrong}", origin),
        "the token in the query": (f"{ws}/ws?token={token}", origin),
        "the token, another site": (f"{ws}/ws/{token}", "http://evil.example"),
        "the token, another port": (f"{ws}/ws/{token}", "http://127.0.0.1:1"),
        "the token, another name": (f"{ws}/ws/{token}", origin.replace("127.0.0.1", "localhost")),
        "the token, no origin": (f"{ws}/ws/{token}", None),
    }
    for what, (url, from_origin) in attempts.items():
        assert websocket_status(url, from_origin) == 403, what
    assert children(served.proc.pid) == []  # no table was started for any of them

    # the page's own way in opens a table, with no outside program allowed at it
    from websockets.sync.client import connect

    def table_command() -> str | None:
        """The command line of the table started, once it runs its own program."""
        for pid in children(served.proc.pid):
            with contextlib.suppress(OSError):
                words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                if words != server_words:  # a fork not yet running the table's program
                    return b" ".join(words).decode()
        return None

    server_words = Path(f"/proc/{served.proc.pid}/cmdline").read_bytes().split(b"\0")
    with connect(f"{ws}/ws/{token}?width=80&height=24", origin=origin, proxy=None,
                 open_timeout=DEADLINE):  # type: ignore[arg-type]
        command = wait_for("the table to start", table_command)
        assert "bisca_tui" in command and "--no-programs" in command


# A page of another site the player has open while the server runs: it tries the table's
# websocket at every address it could guess, and even with the token itself (as if it had
# learnt it), and says whether any opened.
HOSTILE_PAGE = """<!DOCTYPE html>
<html><body><script>
const tries = %(urls)s;
window.__outcome = null;
Promise.all(tries.map(url => new Promise(done => {
  let ws;
  try { ws = new WebSocket(url); } catch (e) { done(url + " threw"); return; }
  ws.onopen = () => { done(url + " OPENED"); ws.close(); };
  ws.onclose = () => done(url + " closed");
}))).then(results => { window.__outcome = results; });
</script></body></html>
"""


@pytest.fixture
def hostile_site() -> Iterator[Callable[[list[str]], str]]:
    """A web server on another loopback port; gives a function that serves a page trying
    the given websocket addresses and returns its address."""
    pages: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
            body = pages.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()

    def page(urls: list[str]) -> str:
        pages["/attack.html"] = (HOSTILE_PAGE % {"urls": json.dumps(urls)}).encode()
        return f"http://127.0.0.1:{site.server_address[1]}/attack.html"

    try:
        yield page
    finally:
        site.shutdown()
        site.server_close()
        thread.join(timeout=DEADLINE)


def test_another_sites_page_cannot_open_the_tables_websocket(browser, served,
                                                             hostile_site) -> None:
    port = served.origin.rsplit(":", 1)[1]
    urls = [f"ws://{host}:{port}{path}" for host in ("127.0.0.1", "localhost")
            for path in ("/ws", "/ws?width=80&height=24", "/ws/guess",
                         f"/ws/{served.token}", f"/ws/{served.token}?width=80&height=24")]
    page = browser()
    page.call("Page.navigate", url=hostile_site(urls))
    outcome = wait_for("the hostile page to finish",
                       lambda: page.evaluate("window.__outcome || null"))
    assert sorted(outcome) == sorted(f"{url} closed" for url in urls)  # none opened
    assert children(served.proc.pid) == []  # and no table was started
