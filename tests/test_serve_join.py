"""A browser at a hosted table: ``bisca-tui host`` holds the match, ``bisca-tui serve --join``
serves its page, and headless Chromium types a name, takes a place and plays a card, as a
visitor would. Each program runs in a process of its own, over loopback."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_serve import (  # noqa: F401 (fixtures, used by name)
    CATCH_TERMINAL,
    Served,
    browser,
    chromium,
    free_port,
    stop_group,
    wait_for,
)

CODE = "K7Q2XPMH"


def started(argv: list[str], lines: list[str]) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "bisca_tui", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return proc


def test_a_visitor_of_the_page_joins_the_hosted_table(browser, tmp_path: Path) -> None:  # noqa: F811
    table_port, web_port = free_port(), free_port()
    host_lines: list[str] = []
    host = started(["host", "--variant", "briscola", "--port", str(table_port), "--code",
                    CODE, "--start-with", "1", "--level", "random", "--seed", "3",
                    "--data-dir", str(tmp_path / "host")], host_lines)
    web = None
    try:
        wait_for("the host to listen", lambda: any("invite code" in x for x in host_lines))
        web_lines: list[str] = []
        web = started(["serve", "--port", str(web_port), "--join", f"127.0.0.1:{table_port}",
                       CODE, "--data-dir", str(tmp_path / "web")], web_lines)
        served = Served(web, f"http://127.0.0.1:{web_port}", tmp_path / "web", web_lines)
        wait_for("the page's address", lambda: served.url)
        page = browser()
        page.call("Page.enable")  # without it, the script below is not run on the new page
        page.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
        page.call("Page.navigate", url=served.url)
        page.wait_for_text("Your name at the table")
        page.evaluate("window.__biscaTerm.focus()")  # the keyboard goes to the terminal
        page.press("e", "v", "a", "enter")
        page.wait_for_text("eva")  # the places, with the visitor among the people
        wait_for("eva at the host", lambda: any("eva" in x for x in host_lines))
        page.press("1")  # the first place: the match begins with a bot in the other
        table = page.wait_for_screen("the hand", lambda s: "Your turn" in s)
        assert "Briscola" in table
        page.press("1")
        page.wait_for_text("You play")  # the host took the card: the log tells it back
        assert host.poll() is None and web.poll() is None
    finally:
        for proc in (web, host):
            if proc is not None:
                stop_group(proc)


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups")
