"""``bisca-tui replay FILE [--json]``: a game record, told trick by trick.

The record is replayed through the engine (so every rule is checked again) and told deal by
deal: how the trumps were made, each trick (who led, who played what, who won it and for how
many points, the signals sent and the game points scored during play), then each deal's card
points, its game points and why, and the match standing. ``--json`` prints the same as one
JSON object (schema in docs/records.md).

A record that cannot be read or breaks a rule ends with exit status 2 and one line on
standard error saying where and why; a good record exits with 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .engine import actions as A
from .engine.cards import SUIT_NAMES, SUITS, card_str
from .engine.records import Record, RecordError, load_record, replay_record
from .engine.state import GameState
from .engine.variant import Variant

REPORT_FORMAT = "bisca-tui-replay"
REPORT_VERSION = 1


# ----- the report: one model for both outputs ------------------------------------------


def side_names(v: Variant, players: Sequence[str]) -> list[str]:
    """A name per side: the player's own name, or partners joined with '&'."""
    out = []
    for team in range(v.n_teams):
        names = [players[s] for s in range(v.n) if v.team_of[s] == team]
        out.append(names[0] if len(names) == 1 else
                   ", ".join(names[:-1]) + " & " + names[-1])
    return out


class _DealTracker:
    """Follows one deal action by action and writes its part of the report."""

    def __init__(self, index: int, state: GameState, record: Record) -> None:
        self.state = state
        self.v = state.variant
        d = record.deals[index]
        self.out: dict[str, Any] = {
            "number": index + 1,
            "dealer": state.dealer,
            "eldest": state.eldest,
            "seed": state.seed if d.layout is None or d.seed is not None else None,
            "layout_given": d.layout is not None,
            "choice": None,
            "trump": None,
            "indicator": None,
            "exchange": None,
            "tricks": [],
        }
        self.next_seat = state.current
        self.pending: dict[int, list[str]] = {}
        self.trick: dict[str, Any] | None = None
        self.n_signals = 0
        self.n_scores = 0
        self.n_shown = 0
        self.n_actions = 0
        self._after_change()

    def _open_trick(self) -> dict[str, Any]:
        if self.trick is None:
            st = self.state
            self.trick = {"number": len(st.tricks) + 1, "leader": st.leader, "plays": [],
                          "signals": [], "complete": False, "winner": None, "points": None,
                          "score_events": [], "notes": []}
            self.out["tricks"].append(self.trick)
        return self.trick

    def _after_change(self) -> None:
        """Pick up what the last action changed: trumps, shown hands."""
        st = self.state
        if st.layout is not None and self.out["trump"] is None:
            self.out["trump"] = SUITS[st.trump]
            ic = st.indicator_card
            self.out["indicator"] = None if ic is None else card_str(ic)
        if "choice" in st.extra:
            self.out["choice"] = st.extra["choice"]
            self.out["buried"] = st.extra.get("buried", 0)
        while self.n_shown < len(st.shown_events):
            _, why = st.shown_events[self.n_shown]
            self.n_shown += 1
            note = f"partners see each other's hands ({why})"
            if self.out["tricks"]:
                self.out["tricks"][-1]["notes"].append(note)
            else:
                self.out.setdefault("notes_before_play", []).append(note)

    def step(self, state: GameState, text: str) -> None:
        seat = self.next_seat
        self.n_actions += 1
        action = state.history[-1]
        st = self.state
        v = self.v
        while self.n_signals < len(st.signal_log):
            ev = st.signal_log[self.n_signals]
            self.n_signals += 1
            sig = v.signals[ev.signal]
            mine = v.team_of[ev.sender]
            trick = self._open_trick()
            trick["signals"].append({
                "seat": ev.sender,
                "signal": sig.name,
                "meaning": sig.meaning,
                "seen_by": sorted(s for s in ev.receivers if v.team_of[s] == mine),
                "caught_by": sorted(s for s in ev.receivers if v.team_of[s] != mine),
            })
            self.pending.setdefault(ev.sender, []).append(sig.name)
        if action == A.EXCHANGE and st.exchanged is not None:
            who, gave, took = st.exchanged
            self.out["exchange"] = {"seat": who, "gave": card_str(gave), "took": card_str(took)}
        if A.is_play(action) and seat is not None:
            trick = self._open_trick()
            play: dict[str, Any] = {"seat": seat, "card": card_str(action)}
            if seat in self.pending:
                play["signals"] = self.pending.pop(seat)
            trick["plays"].append(play)
            if len(st.tricks) == trick["number"]:
                done = st.tricks[-1]
                trick["complete"] = True
                trick["winner"] = done.winner
                trick["points"] = done.points
                while self.n_scores < len(st.score_events):
                    ev = st.score_events[self.n_scores]
                    self.n_scores += 1
                    trick["score_events"].append(
                        {"team": ev.team, "game_points": ev.points, "reason": ev.reason})
                self.trick = None
        self._after_change()
        self.next_seat = st.current

    def finish(self, match_after: list[int] | None) -> dict[str, Any]:
        st = self.state
        v = self.v
        pts, tricks = v.team_points(st)
        out = self.out
        out["actions"] = self.n_actions
        out["finished"] = st.is_over()
        out["to_act"] = st.current
        out["cards_left"] = sum(len(h) for h in st.hands) + st.stock_count
        res = st.result
        out["ended_early"] = bool(res is not None and res.ended_early)
        out["card_points"] = list(res.card_points) if res is not None else pts
        out["tricks_won"] = list(res.tricks) if res is not None else tricks
        out["game_points"] = (list(res.game_points) if res is not None
                              else list(st.deal_game_points))
        out["notes"] = (list(res.notes) if res is not None
                        else [e.reason for e in st.score_events])
        out["winner"] = res.winner if res is not None else None
        out["match_after"] = match_after
        return out


def build_report(record: Record, name: str = "record") -> dict[str, Any]:
    """Replay ``record`` and describe it as a JSON-ready dict (raises ``RecordError``)."""
    trackers: list[_DealTracker] = []

    def on_deal(i: int, state: GameState) -> None:
        trackers.append(_DealTracker(i, state, record))

    def on_action(i: int, k: int, state: GameState, text: str) -> None:
        trackers[i].step(state, text)

    match = replay_record(record, name, on_action=on_action, on_deal=on_deal)
    v = match.variant
    sides = side_names(v, record.players)
    running = [0] * v.n_teams
    deals = []
    for i, tr in enumerate(trackers):
        after = None
        if i < len(match.results):
            for t, gp in enumerate(match.results[i].game_points):
                running[t] += gp
            after = list(running)
        deals.append(tr.finish(after))
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "record": name,
        "variant": v.id,
        "variant_name": v.name,
        "options": dict(v.options),
        "players": [{"seat": s, "name": record.players[s], "team": v.team_of[s]}
                    for s in range(v.n)],
        "sides": [{"team": t, "name": sides[t],
                   "seats": [s for s in range(v.n) if v.team_of[s] == t]}
                  for t in range(v.n_teams)],
        "first_dealer": record.dealer,
        "target": match.target,
        "deals": deals,
        "match": {
            "games": list(match.scores),
            "target": match.target,
            "deals_scored": len(match.results),
            "over": match.is_over(),
            "winner": match.winner,
        },
    }


# ----- text -------------------------------------------------------------------------------


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def render_text(rep: dict[str, Any]) -> str:
    players = [p["name"] for p in rep["players"]]
    sides = [s["name"] for s in rep["sides"]]

    def who(seat: int, start: bool = False) -> str:
        return f"{'Seat' if start else 'seat'} {seat} ({players[seat]})"

    def seats(xs: list[int]) -> str:
        return ", ".join(str(x) for x in xs) if xs else "nobody"

    def standing(games: list[int]) -> str:
        return ", ".join(f"{sides[t]} {g}" for t, g in enumerate(games))

    lines = [f"{rep['variant_name']} ({rep['variant']}), {len(players)} players"]
    if rep["options"]:
        lines.append("House rules: " + ", ".join(
            f"{k} = {json.dumps(val)}" for k, val in sorted(rep["options"].items())))
    lines.append("Seats: " + ", ".join(f"{p['seat']} {p['name']}" for p in rep["players"]))
    if any(len(s["seats"]) > 1 for s in rep["sides"]):
        lines.append("Sides: " + "; ".join(
            f"team {s['team']} = {s['name']} (seats {seats(s['seats'])})" for s in rep["sides"]))
    lines.append(f"Match: first to {_games(rep['target'])}")
    for d in rep["deals"]:
        lines.append("")
        head = f"Deal {d['number']}: dealer {who(d['dealer'])}"
        if d["seed"] is not None:
            head += f", seed {d['seed']}"
        if d["layout_given"]:
            head += ", cards laid out in the record"
        lines.append(head)
        trump = d["trump"]
        if d["choice"] == "knock":
            lines.append(f"  {who(d['eldest'], True)} knocks: hearts are trumps, no indicator")
        elif d["choice"] == "cut":
            buried = d.get("buried", 0)
            what = "Ace or 7" if buried == 1 else "Aces or 7s"
            extra = f" ({buried} {what} buried first)" if buried else ""
            lines.append(f"  {who(d['eldest'], True)} cuts: indicator {d['indicator']}, "
                         f"{SUIT_NAMES[trump]} are trumps{extra}")
        elif trump is not None:
            ind = f" (indicator {d['indicator']})" if d["indicator"] else ""
            lines.append(f"  Trumps: {SUIT_NAMES[trump]}{ind}")
        for note in d.get("notes_before_play", []):
            lines.append(f"  {note[0].upper()}{note[1:]}")
        if d["exchange"] is not None:
            ex = d["exchange"]
            lines.append(f"  {who(ex['seat'], True)} exchanges {ex['gave']} for the indicator "
                         f"{ex['took']} (in the first trick, before playing)")
        for t in d["tricks"]:
            plays = "  ".join(
                f"{p['seat']}: " + "".join(f"[{s}] " for s in p.get("signals", [])) + p["card"]
                for p in t["plays"])
            if t["complete"]:
                end = f"won by {who(t['winner'])}, {t['points']} points"
            else:
                end = "unfinished"
            lines.append(f"  Trick {t['number']:>2}, led by {t['leader']}:  {plays}  -> {end}")
            for s in t["signals"]:
                lines.append(f"      signal from {who(s['seat'])}: {s['signal']} "
                             f"({s['meaning']}); seen by {seats(s['seen_by'])}, "
                             f"caught by {seats(s['caught_by'])}")
            for e in t["score_events"]:
                lines.append(f"      {e['reason']}: {sides[e['team']]} "
                             f"+{e['game_points']} game points")
            for note in t["notes"]:
                lines.append(f"      {note}")
        cp = ", ".join(f"{sides[s]} {p}" for s, p in enumerate(d["card_points"]))
        tw = "-".join(str(x) for x in d["tricks_won"])
        if not d["finished"]:
            nxt = f"; {who(d['to_act'])} is to act" if d["to_act"] is not None else ""
            lines.append(f"  The record stops here, the deal unfinished "
                         f"({d['actions']} actions{nxt})")
            lines.append(f"  Card points so far: {cp} (tricks {tw})")
            continue
        lines.append(f"  Card points: {cp} (tricks {tw})")
        gained = [f"{sides[s]} +{g}" for s, g in enumerate(d["game_points"]) if g]
        why = "; ".join(d["notes"])
        lines.append(f"  Game points: {', '.join(gained) if gained else 'none'} ({why})")
        if d["ended_early"]:
            rest = "; the rest of the deal is not played" if d["cards_left"] else ""
            lines.append(f"  The match was won during play{rest}")
        lines.append(f"  Match: {standing(d['match_after'])} (first to {rep['target']})")
    m = rep["match"]
    lines.append("")
    if m["over"] and m["winner"] is not None:
        lines.append(f"Match over, won by {sides[m['winner']]}: {standing(m['games'])} "
                     f"(first to {m['target']}).")
    else:
        lines.append(f"Match not over: {standing(m['games'])} (first to {m['target']}).")
    return "\n".join(lines) + "\n"


# ----- command ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bisca-tui replay",
        description="Replay a game record trick by trick, checking every rule again.",
    )
    p.add_argument("file", metavar="FILE", help="a game record (JSON, see docs/records.md)")
    p.add_argument("--json", action="store_true",
                   help="print the replay as one JSON object instead of text")
    return p


def _fail(message: str) -> int:
    print(f"bisca-tui replay: {' '.join(message.split())}", file=sys.stderr)
    return 2


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # --help, or a usage error already printed by argparse
        return e.code if isinstance(e.code, int) else 2
    try:
        record = load_record(args.file)
        report = build_report(record, args.file)
    except RecordError as e:
        return _fail(str(e))
    except Exception as e:  # a bug, not a bad record: still one line, never a traceback
        return _fail(f"{args.file}: could not be replayed ({e.__class__.__name__}: {e})")
    text = (json.dumps(report, indent=2, ensure_ascii=False) + "\n" if args.json
            else render_text(report))
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        return 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
