"""Records for the replay viewer's tests: the examples shipped with the game, and records made
from them or by bots (one saved mid-deal, one with a deal thrown in)."""

from __future__ import annotations

import json
from pathlib import Path

from bisca_tui.engine.records import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"
FAMILIES = sorted(p.stem for p in EXAMPLES.glob("*.json"))


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.json")


def cut_mid_deal(tmp_path: Path, name: str = "chiamata") -> tuple[str, int]:
    """``name``'s record stopped in its second deal, a few cards after the call and before
    the called card is played (a match saved mid-deal); the path and the step it stops at."""
    from bisca_tui.engine.calling import called_card_played
    from bisca_tui.tui.record_walk import RecordWalk

    data = json.loads(Path(example(name)).read_text(encoding="utf-8"))
    d = RecordWalk(load_record(example(name))).steps(1)
    step = next(k for k in range(d.last) if d.states[k].phase == "play"
                and len(d.states[k].history) > 0 and len(d.states[k].trick) == 2)
    assert not called_card_played(d.states[step])
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:step]
    data["players"][0] = "You"  # saved at the table: its person is "You"
    path = tmp_path / f"{name}-unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path), step


def stopped_at_seven(tmp_path: Path) -> str:
    """Bisca for three's record stopped after 7 actions of its second deal."""
    data = json.loads(Path(example("bisca-3")).read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:7]  # a match saved mid-deal
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def thrown_in_then_played(tmp_path: Path) -> str:
    """A record made here: everyone passes (the same dealer deals again), then random bots
    play a deal of Briscola Chiamata out."""
    from bisca_tui.bots.base import make_bot
    from bisca_tui.engine import Match, make_variant
    from bisca_tui.engine import actions as A
    from bisca_tui.engine.records import record_of_match

    match = Match(make_variant("chiamata", {}, 5), 4, 7)
    st = match.new_deal()
    while not st.is_over():
        st.apply(A.PASS)
    match.finish_deal()
    st = match.new_deal()
    bot = make_bot("random", 3)
    while not st.is_over():
        st.apply(bot.choose(st.view(st.current)))
    match.finish_deal()
    path = tmp_path / "bots.json"
    record_of_match(match, ["Ana", "Bruno", "Carla", "Duarte", "Eva"]).save(path)
    return str(path)
