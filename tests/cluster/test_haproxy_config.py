"""The HAProxy configuration that ``docs/room.md`` gives is one HAProxy takes."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from .servers import unavailable

DOC = Path(__file__).resolve().parents[2] / "docs" / "room.md"


def test_the_documented_configuration_passes_haproxy_check(tmp_path):
    haproxy = shutil.which("haproxy") or shutil.which("/usr/sbin/haproxy")
    if haproxy is None:
        unavailable("HAProxy is not installed")
    (config,) = re.findall(r"```haproxy\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert "send-proxy" in config and "balance source" in config
    path = tmp_path / "room.cfg"
    path.write_text(config)
    done = subprocess.run([haproxy, "-c", "-f", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
