"""The card room's load benchmark, run small: two tables set up through the lobby play
their matches to the end at the instant pace, and two more play a few turns at a person's
pace, every action reaching all four clients of its table."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "room_load.py"


def run(*options: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *options], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def answered(out: str) -> tuple[int, int, int]:
    found = re.search(r"actions sent (\d+) .* received (\d+) of (\d+); actions not answered "
                      r"to all four: (\d+)", out)
    assert found, out
    sent, views, wanted, lost = map(int, found.groups())
    assert views == wanted == 4 * sent and lost == 0
    return sent, views, lost


def test_two_tables_play_their_matches_to_the_end_at_the_instant_pace():
    out = run("--tables", "2")
    sent, _, _ = answered(out)
    assert sent > 2 * 40  # more than a deal each
    assert "matches over: 2" in out
    assert "8 people in the lobby" in out  # they kept their lobby connections


def test_tables_at_a_persons_pace_play_for_the_seconds_asked():
    out = run("--tables", "2", "--pace", "0.05", "--jitter", "0.01", "--seconds", "1",
              "--lobby", "leave")
    sent, _, _ = answered(out)
    assert sent > 2  # both tables played
    assert "0 people in the lobby" in out
