"""The replay's report: one JSON-ready model of a record, for both outputs (``--json`` and
the text), and its JSON text."""

from __future__ import annotations

from typing import Any

from ..engine.records import Record, replay_record
from ..engine.state import GameState
from ..output import json_text, printable
from .deal import _DealTracker, score_unit, side_names

REPORT_FORMAT = "bisca-tui-replay"
REPORT_VERSION = 1


def build_report(record: Record, name: str = "record", reveal: bool = False) -> dict[str, Any]:
    """Replay ``record`` and describe it as a JSON-ready dict (raises ``RecordError``).

    The report tells what anyone watching the table may know: a secret partner is named once
    the called card is played. ``reveal`` tells everything, the hands left included."""
    trackers: list[_DealTracker] = []

    def on_deal(i: int, state: GameState) -> None:
        trackers.append(_DealTracker(i, state, record, reveal))

    def on_action(i: int, k: int, state: GameState, text: str) -> None:
        trackers[i].step(state, text)

    match = replay_record(record, name, on_action=on_action, on_deal=on_deal)
    v = match.variant
    per_player = v.people_scores  # each player scores alone and may change seats per deal
    if per_player:
        sides = list(record.players)
    else:
        sides = side_names(v, record.players)
    running = [0] * len(match.scores)
    deals = []
    for i, tr in enumerate(trackers):
        people = match.seating(i)[1]
        after = None
        if i < len(match.results):
            if not match.results[i].redeal:
                for k, g in enumerate(match.gains(i, match.results[i])):
                    running[k] += g
            after = list(running)
        out = tr.finish(after, people, record.players)
        out["sits_out"] = match.sitting_out(i)
        deals.append(out)
    match_deals = v.match_deals()
    if per_player:
        players = [{"seat": p, "name": record.players[p], "team": p}
                   for p in range(len(record.players))]
        teams = [{"team": p, "name": record.players[p], "seats": [p]}
                 for p in range(len(record.players))]
    else:
        players = [{"seat": s, "name": record.players[s], "team": v.team_of[s]}
                   for s in range(v.n)]
        teams = [{"team": t, "name": sides[t],
                  "seats": [s for s in range(v.n) if v.team_of[s] == t]}
                 for t in range(v.n_teams)]
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "record": name,
        "open": reveal,
        "variant": v.id,
        "variant_name": v.name,
        "family": v.family,
        "options": dict(v.options),
        "players": players,
        "sides": teams,
        "seating_per_deal": per_player,
        "dummy": any(p is None for p in match.seating(0)[1]),  # Sueca for three
        "first_dealer": record.dealer,
        "target": match.target,
        "match_deals": match_deals,
        "score_unit": score_unit(v),
        "deals": deals,
        "match": {
            "games": list(match.scores),
            "target": match.target,
            "deals_scored": len(match.results),
            "over": match.is_over(),
            "winner": match.winner,
        },
    }


# ----- text that came from the file -------------------------------------------------------

# printable (shared with the other commands) shows control characters as escapes.


def _printable_report(value: Any) -> Any:
    """The report with every string in it (names from the file above all) made printable."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(k) if isinstance(k, str) else k: _printable_report(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_printable_report(v) for v in value]
    return value


def report_json(rep: dict[str, Any]) -> str:
    """The report as JSON text. ``json.dumps`` escapes the C0 controls but writes the others
    as they are; they are escaped too, which JSON allows, so the text reads back the same."""
    return json_text(rep, indent=2) + "\n"
