"""The table's log, told from the events and the game's rules alone, pinned: every event of
every deal of the seeded corpus (every game at every table size), of the bundled example
matches, and of seeded deals under the house rules that change what is said (signals, the
trump exchange), told as the table tells them, comes out in exactly the lines pinned in
``narration_digests.json`` (those the narrator said when it still read the live deal): the
whole run of an action's events, each event alone (the unsaid ones too), and the events as
the seat at the keyboard saw them. The narrator is given the ``Variant`` and the events,
nothing of the deal.

``python tests/engine/test_narration_pinned.py`` writes the digests anew (only when a change
of the log's words is meant, and said in the commit)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bisca_tui.engine import events as E
from bisca_tui.engine import make_variant
from bisca_tui.engine.invariants import random_action
from bisca_tui.engine.narrate import Line, narrate, tell
from bisca_tui.engine.record_reading import load_record, parse_record
from bisca_tui.engine.records import replay_record
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import Variant

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))
from corpus import texts  # noqa: E402

DIGESTS = Path(__file__).with_name("narration_digests.json")
EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"
#: house rules that change what the log says, each played from a few seeds
RULED = [("bisca-4", {"signals": True}, 4), ("bisca-6", {}, 6),
         ("brisca", {"exchange": "immediate"}, 2), ("brisca", {"exchange": "immediate"}, 4),
         ("brisca", {"exchange": "none"}, 3), ("brisca", {"arrastre": True}, 2),
         ("chiamata-monte", {"min_bid": 70}, 5)]
SEEDS = 8

class Teller:
    """The lines the table's log says of one deal, with one seat (by ``index``) the person at
    the keyboard, "You": each action's events told as a run, each event told alone (with the
    event before it, the unsaid ones too), and the run as that seat saw it."""

    def __init__(self, index: int, n: int) -> None:
        self.you = index % n
        self.points = index % 2 == 0
        self.prev: E.Event | None = None
        self.lines: list[str] = []

    def name(self, k: int) -> str:
        return "You" if k == self.you else f"P{k}"

    @staticmethod
    def team(t: int) -> str:
        return f"T{t}"

    def step(self, v: Variant, events: list[E.Event]) -> None:
        """Tell the events an action just caused in a deal of ``v``, from those events and
        the game's rules alone."""
        out, name, team, points = self.lines, self.name, self.team, self.points
        out.extend(_said(x) for x in narrate(v, events, name, team, points))
        for ev in events:
            out.append(_said(tell(ev, v, name, team, points, self.prev, everything=True)))
            self.prev = ev
        seen = [e if e.public else e.as_seen_by(self.you) for e in events]
        out.extend("seen " + _said(x) for x in narrate(
            v, [e for e in seen if e is not None], name, team, points))

    def digest(self) -> str:
        return hashlib.sha256("\n".join(self.lines).encode("utf-8")).hexdigest()[:16]


def _said(line: Line | None) -> str:
    if line is None:
        return "-"
    draw: Callable[[int], str] = lambda c: f"<{c}>"  # noqa: E731
    short = "" if line.short is None else Line(line.kind, line.short).text(draw)
    return f"{line.kind}|{line.text(draw)}|{short}"


def group_of(name: str) -> str:
    """The group a deal is told in (one test each): a game at a table size of the corpus,
    the examples, the house rules."""
    if name.startswith("example-"):
        return "examples"
    if "[" in name:
        return "ruled"
    return name.split("/")[0].rsplit("-", 1)[0]


def _told_records(group: str | None) -> Iterator[tuple[str, str]]:
    """Every deal of the corpus and of the example matches (of ``group``, unless None),
    told as it is replayed."""
    named = [(name, parse_record(text)) for name, text in texts()
             if group in (None, group_of(name))]
    if group in (None, "examples"):
        named += [(f"example-{p.stem}", load_record(p))
                  for p in sorted(EXAMPLES.glob("*.json"))]
    for name, rec in named:
        tellers: list[Teller] = []
        seen = [0]

        def on_deal(i: int, st: GameState, name: str = name, tellers: list[Teller] = tellers,
                    seen: list[int] = seen) -> None:
            tellers.append(Teller(zlib.crc32(f"{name}/{i}".encode()), st.n))
            seen[0] = len(st.events)

        def on_action(i: int, k: int, st: GameState, text: str,
                      tellers: list[Teller] = tellers, seen: list[int] = seen) -> None:
            tellers[-1].step(st.variant, list(st.events[seen[0]:]))
            seen[0] = len(st.events)

        replay_record(rec, name, on_action=on_action, on_deal=on_deal)
        for i, teller in enumerate(tellers):
            yield f"{name}/{i}", teller.digest()


def _told_seeds(group: str | None) -> Iterator[tuple[str, str]]:
    if group not in (None, "ruled"):
        return
    for game, options, n in RULED:
        v = make_variant(game, options, n)
        tag = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        for seed in range(SEEDS):
            st = GameState(v, dealer=seed % n, seed=seed)
            teller = Teller(seed, n)
            rng = random.Random(seed)
            while not st.is_over():
                teller.step(v, st.apply(random_action(st, rng)))
            yield f"{game}-{n}p[{tag}]/{seed}", teller.digest()


def digests(group: str | None = None) -> dict[str, str]:
    """The digest of each deal's lines (of ``group``, unless None), by the deal's name."""
    return dict([*_told_records(group), *_told_seeds(group)])


PINNED: dict[str, str] = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}


@pytest.mark.parametrize("group", sorted({group_of(name) for name in PINNED}))
def test_the_log_says_what_it_was_pinned_to_say(group: str) -> None:
    pinned = {name: d for name, d in PINNED.items() if group_of(name) == group}
    found = digests(group)
    assert sorted(found) == sorted(pinned)
    changed = [name for name in pinned if found[name] != pinned[name]]
    assert not changed, f"{len(changed)} deals told otherwise, first {changed[:5]}"


if __name__ == "__main__":
    found = digests()
    lines = [f"  {json.dumps(name)}: {json.dumps(found[name])}" for name in found]
    DIGESTS.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{DIGESTS.name}: {len(found)} deals", file=sys.stderr)
