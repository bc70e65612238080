"""A corpus of game records made from seeds: every game at every table size, whole matches
and deals cut short, played by random bots. ``replay --json`` of each (as the table and as
``--open`` shows it) is pinned by its digest in ``replay_digests.json``, so that a change
inside the engine that a record's reader could notice shows up at once.

``python tests/golden/corpus.py`` writes the digests anew (only when a change of the
report is meant, and said in the commit)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from bisca_tui.engine.records import Record, parse_record, record_of_match
from bisca_tui.engine.variant import all_variants
from bisca_tui.history.sample import play
from bisca_tui.replay import build_report, report_json

try:  # the lock that lets one process of a run play the corpus for the others
    import fcntl
except ImportError:  # not on this system: each process plays its own
    fcntl = None  # type: ignore[assignment]

DIGESTS = Path(__file__).with_name("replay_digests.json")
PER_TABLE = 20  # records for each game at each of its table sizes


def tables() -> list[tuple[str, int]]:
    return [(cls.id, n) for cls in all_variants() for n in cls.players]


@cache
def texts() -> tuple[tuple[str, str], ...]:
    """(a name, the record's JSON text) for every record of the corpus: played once per
    run of the suite (playing the matches is most of the corpus's cost, and the tests of the
    replay, the views and the narrator all read it), kept as text, which no reader can
    change. The processes of one run share it: the first to need it plays it and leaves it
    for the others (``shared_file``)."""
    shared = shared_file()
    if shared is None:
        return play_corpus()
    with open(shared.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait while one plays it
        if shared.exists():
            return tuple((name, text) for name, text in json.loads(shared.read_text()))
        out = play_corpus()
        part = shared.with_suffix(f".{os.getpid()}")
        part.write_text(json.dumps(out))
        part.replace(shared)
        return out


def shared_file() -> Path | None:
    """Where the processes of one run of the suite (``-n``) leave the corpus for each other,
    in the system's temporary folder: named by the run, taken away as the run ends
    (``conftest``); None outside such a run."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run or not run.isalnum() or fcntl is None:
        return None
    return Path(tempfile.gettempdir()) / f"bisca-tui-corpus-{run}.json"


def play_corpus() -> tuple[tuple[str, str], ...]:
    out = []
    for variant, n in tables():
        for k in range(PER_TABLE):
            seed = 1000 * n + k
            match = play(variant, seed, players=n, deals=1 + k % 3)
            data = record_of_match(match, [f"P{i}" for i in range(match.variant.n_people)])
            raw = data.to_json()
            if k % 2:  # the last deal cut short, at a point of its own
                last = raw["deals"][-1]
                cut = random.Random(seed).randrange(len(last["actions"]) + 1)
                last["actions"] = last["actions"][:cut]
            out.append((f"{variant}-{n}p-{k}", json.dumps(raw)))
    return tuple(out)


def records() -> Iterator[tuple[str, Record]]:
    """(a name, the record) for every record of the corpus, always the same: each record
    read anew from its text, for each caller its own."""
    for name, text in texts():
        yield name, parse_record(text)


def digest(record: Record, reveal: bool) -> str:
    text = report_json(build_report(record, "corpus", reveal=reveal))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digests() -> dict[str, list[str]]:
    return {name: [digest(rec, False), digest(rec, True)] for name, rec in records()}


if __name__ == "__main__":
    found = digests()
    lines = [f"  {json.dumps(name)}: {json.dumps(found[name])}" for name in sorted(found)]
    DIGESTS.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{DIGESTS.name}: {len(json.loads(DIGESTS.read_text()))} records", file=sys.stderr)
