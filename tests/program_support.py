"""Running ``bisca-tui`` as a separate program, as a shell would: its output buffered (not
forced unbuffered), or into a pipe whose reader is already gone (``bisca-tui ... | true``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What a terminal would act on, or could not be sent at all, in a command's output: the
# controls (line breaks aside), DEL, the C1 controls (the one-byte CSI U+009B among them)
# and lone surrogates.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def program(*argv: str, stdout: int = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """``bisca-tui ARGV`` as its own process; output as bytes."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-m", "bisca_tui", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=300)


def into_closed_pipe(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """``bisca-tui ARGV | true``: standard output a pipe whose reader has gone, so the
    command's first write meets a broken pipe whatever the size of its output."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return program(*argv, stdout=write_end)
    finally:
        os.close(write_end)


def assert_quiet_end(done: subprocess.CompletedProcess[bytes]) -> None:
    """The command ended without a word on standard error (no traceback) and status 0."""
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and err == "", err
    assert done.returncode == 0
