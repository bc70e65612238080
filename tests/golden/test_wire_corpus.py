"""The bytes the table sends about a deal (see ``wire.py``) are the bytes pinned when the
digests were taken: the bot protocol's messages and the network's views and events, for
every game at every table size, and whole conversations with a program."""

from __future__ import annotations

import json
from pathlib import Path

from wire import CONVERSATIONS, DIGESTS, conversation_digests, digests, tables


def pinned() -> dict[str, object]:
    return json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_the_corpus_spans_every_game_at_every_size() -> None:
    found = pinned()
    for game, n in tables():
        assert f"{game}-{n}p" in found, (game, n)
    for game, n in CONVERSATIONS:
        assert f"program/{game}-{n}p" in found, (game, n)


def test_every_message_of_the_corpus_is_byte_for_byte_as_pinned() -> None:
    want = {k: v for k, v in pinned().items() if not k.startswith("program/")}
    found = digests()
    assert found.keys() == want.keys()
    for what, part in enumerate(("bot protocol", "network views", "network events")):
        changed = sorted(k for k in found if found[k][what] != want[k][what])
        assert not changed, f"the {part} changed for {changed}"


def test_a_program_is_sent_the_bytes_pinned(tmp_path: Path) -> None:
    want = {k: v for k, v in pinned().items() if k.startswith("program/")}
    assert conversation_digests(tmp_path) == want
