"""``replay --json`` of a corpus of records made from seeds (see ``corpus.py``) prints what
it printed when the digests were taken, as the table and as ``--open`` shows it."""

from __future__ import annotations

import json

from corpus import DIGESTS, digests, tables


def test_the_corpus_spans_every_game_at_every_size() -> None:
    pinned = json.loads(DIGESTS.read_text())
    assert len(pinned) >= 500
    for variant, n in tables():
        assert f"{variant}-{n}p-0" in pinned, (variant, n)


def test_replay_json_is_as_pinned_for_every_record_of_the_corpus() -> None:
    pinned = json.loads(DIGESTS.read_text())
    found = digests()
    assert found.keys() == pinned.keys()
    changed = sorted(name for name in found if found[name] != pinned[name])
    assert not changed, f"{len(changed)} reports changed, the first: {changed[:10]}"
