"""``bisca-tui replay FILE [--json] [--open] [--tui]``: a game record, told trick by trick.

The record is replayed through the engine (so every rule is checked again) and told deal by
deal: how the trumps were made (the cut or knock, the turned card, or the auction and the
called card), each trick (who led, who played what, who won it and for how many points, the
signals sent and the game points scored during play), then each deal's card points per side,
its game points and why, and the standing of the match, or of a session of a set number of
deals. ``--json`` prints the same as one JSON object (schema in docs/records.md).

It tells what anyone watching the table may know: a secret partner is named once the called
card is played; ``--open`` tells everything (in the viewer too). What came from the file is
text: characters that would drive the terminal are shown as escapes. ``--tui`` opens the
record on the card table instead, in the replay viewer (``tui/screens/replay.py``), step by
step; a deal the record leaves unfinished shows there only what a spectator may see, unless
``--open`` is given too.

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
from .engine import phases as P
from .engine.calling import called_card_played
from .engine.cards import SUITS, card_str, pack_named, parse_card
from .engine.context import cut_or_knock
from .engine.exchange import ANNOUNCED, RETURNED, TAKEN
from .engine.narrate import bid_label, trumps_phrase
from .engine.records import Record, RecordError, load_record, replay_record
from .engine.state import GameState
from .engine.variant import Variant
from .engine.words import count, verb
from .output import OutputClosed, json_text, printable, write, write_text

REPORT_FORMAT = "bisca-tui-replay"
REPORT_VERSION = 1

# Phases in which the trump suit is settled and cards are played.
PLAYING = (P.PLAY, P.OVER)
DUMMY = "dummy"  # the name of a seat without a player (Sueca for three)


# ----- the report: one model for both outputs ------------------------------------------


def join_names(names: Sequence[str]) -> str:
    """'Ana', 'Ana & Carla', 'Ana, Carla & Eva'; a dummy hand comes last."""
    names = sorted(names, key=lambda x: x == DUMMY)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " & " + names[-1]


def side_names(v: Variant, players: Sequence[str]) -> list[str]:
    """A name per side: the player's own name, or partners joined with '&'."""
    return [join_names([players[s] for s in range(v.n) if v.team_of[s] == team])
            for team in range(v.n_teams)]


def score_unit(v: Variant) -> str:
    """What the match standing counts: card points (Sueca de Pontos) or games."""
    return v.score_unit


class _DealTracker:
    """Follows one deal action by action and writes its part of the report."""

    def __init__(self, index: int, state: GameState, record: Record,
                 reveal: bool = False) -> None:
        self.state = state
        self.reveal = reveal  # tell what no one at the table may know yet (--open)
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
        self.auction = P.AUCTION in self.v.phases
        if self.auction:
            self.out.update({"auction": [], "bidder": None, "bid": None, "need": None,
                             "called": None, "partner": None, "alone": None,
                             "called_trick": None, "redeal": False,
                             "auction_from": ("the dealer" if self.v.auction_rules.opener
                                              == "dealer" else "eldest")})
        self.next_seat = state.current
        self.pending: dict[int, list[str]] = {}
        self.trick: dict[str, Any] | None = None
        self.n_signals = 0
        self.n_scores = 0
        self.n_shown = 0
        self.n_actions = 0
        self.trick_points = 0  # card points of the completed tricks, bonuses aside
        self._after_change()

    def _open_trick(self) -> dict[str, Any]:
        if self.trick is None:
            st = self.state
            self.trick = {"number": len(st.tricks) + 1, "leader": st.leader, "plays": [],
                          "signals": [], "complete": False, "winner": None, "points": None,
                          "bonus": 0, "score_events": [], "notes": []}
            self.out["tricks"].append(self.trick)
        return self.trick

    @staticmethod
    def _shown_note(why: str) -> str:
        if why == "open hands":
            return "every hand is laid face up for all to see"
        if why == "dummy":
            return "the dummy's hand is laid face up"
        return f"partners see each other's hands ({why})"

    def _after_change(self) -> None:
        """Pick up what the last action changed: trumps, the auction, shown hands."""
        st = self.state
        thrown_in = st.result is not None and st.result.redeal  # nothing called: no trumps
        if (st.layout is not None and st.trump_known and self.out["trump"] is None
                and not thrown_in):
            self.out["trump"] = SUITS[st.trump]
            ic = st.indicator_card
            self.out["indicator"] = None if ic is None else card_str(ic)
        made = cut_or_knock(st)
        if made is not None:
            self.out["choice"] = made.choice
            self.out["buried"] = made.buried
        if self.auction:
            self.out["auction"] = [
                {"seat": s, "action": A.action_str(b),
                 "bid": None if b == A.PASS else bid_label(self.v, b)}
                for s, b in st.bids]
            c = st.contract
            if c is not None:
                self.out["bidder"] = c.bidder
                self.out["bid"] = None if c.bid is None else c.bid_label
                self.out["need"] = c.need
            if c is not None and c.called is not None:
                self.out["called"] = card_str(c.called)
                known = self.partner_known()
                if st.called_holder is None and known:
                    # col Monte, between the call and the bidder's declaration (told only
                    # with --open): the card's holder is known, playing alone is undecided
                    self.out["partner"] = self.holder_of(c.called)
                    self.out["alone"] = None
                else:
                    self.out["partner"] = st.called_holder if known else None
                    self.out["alone"] = st.called_holder == c.bidder if known else None
            self.out["redeal"] = bool(st.result is not None and st.result.redeal)
        while self.n_shown < len(st.shown_events):
            _, why = st.shown_events[self.n_shown]
            self.n_shown += 1
            note = self._shown_note(why)
            if self.out["tricks"]:
                self.out["tricks"][-1]["notes"].append(note)
            else:
                self.out.setdefault("notes_before_play", []).append(note)

    def holder_of(self, card: int) -> int:
        """The seat holding ``card``: the bidder when it was laid aside (col Monte)."""
        st = self.state
        c = st.contract
        assert c is not None
        return next((s for s in range(st.n) if card in st.hands[s]), c.bidder)

    def partner_known(self) -> bool:
        """Whether the called card's holder may be told: once the card is played (a finished
        deal has shown it), or always with --open."""
        st = self.state
        return self.reveal or st.is_over() or called_card_played(st)

    def partner_hidden(self) -> bool:
        return self.auction and self.out["called"] is not None and not self.partner_known()

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
            mine = st.side_of[ev.sender]
            trick = self._open_trick()
            trick["signals"].append({
                "seat": ev.sender,
                "signal": sig.name,
                "meaning": sig.meaning,
                "seen_by": sorted(s for s in ev.receivers if st.side_of[s] == mine),
                "caught_by": sorted(s for s in ev.receivers if st.side_of[s] != mine),
            })
            self.pending.setdefault(ev.sender, []).append(sig.name)
        if action == A.EXCHANGE and st.exchanges and st.exchanges[-1].what == TAKEN:
            who, gave, took = st.exchanged  # type: ignore[misc]
            self.out["exchange"] = {"seat": who, "gave": card_str(gave), "took": card_str(took)}
        if A.is_play(action) and seat is not None:
            trick = self._open_trick()
            play: dict[str, Any] = {"seat": seat, "card": card_str(action)}
            if seat in self.pending:
                play["signals"] = self.pending.pop(seat)
            trick["plays"].append(play)
        # a trick completes with its last card, or later (a call that decides a dark trick)
        if self.trick is not None and len(st.tricks) == self.trick["number"]:
            trick = self.trick
            done = st.tricks[-1]
            trick["complete"] = True
            trick["winner"] = done.winner
            trick["points"] = done.points
            self.trick_points += done.points
            trick["bonus"] = sum(st.points) - self.trick_points
            self.trick_points += trick["bonus"]
            while self.n_scores < len(st.score_events):
                ev = st.score_events[self.n_scores]
                self.n_scores += 1
                trick["score_events"].append(
                    {"team": ev.team, "game_points": ev.points, "reason": ev.reason})
            self.trick = None
        self._exchanges(action)
        self._after_change()
        self.next_seat = st.current

    def _exchanges(self, action: int) -> None:
        """Every step of a trump exchange, listed, and noted with the trick it came in (an
        exchange of the first trick only, as Capixaba's, is told before the tricks)."""
        st = self.state
        steps = self.out.setdefault("exchanges", [])
        rule = self.v.exchange_rule(st)
        while len(steps) < len(st.exchanges):
            ex = st.exchanges[len(steps)]
            steps.append({"seat": ex.seat, "gave": card_str(ex.gave), "took": card_str(ex.took),
                          "what": ex.what,
                          # the trick it came in: the one being played, or the one just won
                          "trick": ex.trick + 1 if action == A.EXCHANGE else ex.trick})
            gave, took = card_str(ex.gave), card_str(ex.took)
            if ex.what == ANNOUNCED:
                note = (f"seat {ex.seat} lays {gave} under the indicator {took}, to take it at "
                        f"its next trick won")
            elif ex.what == RETURNED:
                note = f"the stock ran out: {gave} goes back to seat {ex.seat}"
            elif action == A.EXCHANGE:  # at once
                if rule is not None and rule.first_trick_only:
                    continue
                note = f"seat {ex.seat} exchanges {gave} for the indicator {took}"
            else:  # an announced exchange, completed by a trick won
                note = f"seat {ex.seat} takes the indicator {took}; {gave} is the new indicator"
            if action == A.EXCHANGE:
                self._open_trick()["notes"].append(note)
            else:
                self.out["tricks"][-1]["notes"].append(note)

    def _monte(self, out: dict[str, Any]) -> None:
        """Briscola col Monte: the hands shown for a redeal, the monte and the cards laid
        aside (once the deal is over, or with --open), whom they counted for, and the
        bidder's choice with the called card."""
        st = self.state
        out["claims_kept"] = list(st.claims)
        known = self.reveal or st.is_over()
        layout = st.layout
        out["monte"] = ([card_str(c) for c in layout.stock] if known and layout is not None
                        else None)
        out["discards"] = [card_str(c) for c in st.discards] if known else None
        done = st.is_over() and st.tricks and not (st.result and st.result.redeal)
        out["discards_to"] = st.tricks[-1].winner if done else None
        from .engine import actions as A

        said = [a for a in st.history if a in (A.ALONE, A.SHOW)]
        out["declared"] = ("alone" if said == [A.ALONE] and known else
                           "show" if said == [A.SHOW] else None)

    def _sides(self, names: Sequence[str]) -> list[dict[str, Any]]:
        """The deal's sides (what ``card_points`` and ``tricks_won`` count by). While the
        partner is secret, a side per seat: who plays with whom is not known yet."""
        st = self.state
        if self.partner_hidden():
            bidder = self.out["bidder"]
            return [{"side": s, "name": names[s], "seats": [s],
                     "role": "bidder" if s == bidder else None} for s in range(st.n)]
        side_of = list(getattr(st, "side_of", None) or self.v.team_of)
        out = []
        for side in range(max(side_of) + 1):
            seats = [s for s in range(st.n) if side_of[s] == side]
            if self.auction and self.out["called"] is not None:
                bidder = self.out["bidder"]
                # the bidder first, then the partner
                seats.sort(key=lambda s: (s != bidder, s))
                role = "bidder" if bidder in seats else "others"
            else:
                role = None
            out.append({"side": side, "name": join_names([names[s] for s in seats]),
                        "seats": seats, "role": role})
        return out

    def finish(self, match_after: list[int] | None, people: Sequence[int | None],
               players: Sequence[str]) -> dict[str, Any]:
        """Close the deal's report; ``people`` says which player sits at each seat (None:
        a dummy hand) and ``players`` names them."""
        st = self.state
        v = self.v
        pts, tricks = v.team_points(st)
        out = self.out
        out.setdefault("exchanges", [])  # a deal without actions has none, but the field
        names = [DUMMY if p is None else players[p] for p in people]
        out["seats"] = [{"seat": s, "player": people[s], "name": names[s],
                         "team": v.team_of[s]} for s in range(st.n)]
        out["actions"] = self.n_actions
        out["finished"] = st.is_over()
        if v.monte_size:
            self._monte(out)
        out["to_act"] = st.current
        out["cards_left"] = sum(len(h) for h in st.hands) + st.stock_count
        if self.auction and out["called"] is not None:
            out["called_trick"] = next(
                (t["number"] for t in out["tricks"]
                 if any(p["card"] == out["called"] for p in t["plays"])), None)
        out["sides"] = self._sides(names)
        if self.partner_hidden():
            pts, tricks = list(st.points), list(st.tricks_won)
        if self.reveal:
            out["hands"] = [[card_str(c) for c in sorted(h)] for h in st.hands]
        res = st.result
        out["ended_early"] = bool(res is not None and res.ended_early)
        out["card_points"] = list(res.card_points) if res is not None else pts
        out["tricks_won"] = list(res.tricks) if res is not None else tricks
        out["game_points"] = (list(res.game_points) if res is not None
                              else list(st.deal_game_points))
        out["notes"] = (list(res.notes) if res is not None
                        else [e.reason for e in st.score_events])
        out["winner"] = res.winner if res is not None else None
        out["winners"] = (list(res.winners) if res is not None and res.winners
                          else [res.winner] if res is not None and res.winner is not None
                          else [])
        out["match_after"] = match_after
        return out


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


# ----- text -------------------------------------------------------------------------------


def _count(n: int, unit: str) -> str:
    """'1 game', '4 games', '500 points', '5 deals' (``unit`` in the plural)."""
    return count(n, unit[:-1], unit) if unit.endswith("s") else f"{n} {unit}"


def _listing(items: list[str]) -> str:
    """Items joined by commas, or by semicolons when an item holds a comma itself."""
    return ("; " if any("," in x for x in items) else ", ").join(items)


def _side_label(side: dict[str, Any], by_seat: bool = False) -> str:
    role = side.get("role")
    if by_seat:  # the partner not yet known: each player on their own
        return f"{side['name']} (bidder)" if role == "bidder" else str(side["name"])
    if role == "bidder":
        what = "Bidder's side" if len(side["seats"]) > 1 else "Bidder alone"
        return f"{what} ({side['name']})"
    if role == "others":
        return f"the others ({side['name']})"
    return str(side["name"])


def _auction_lines(d: dict[str, Any], players: list[str],
                   who: Any, pack: str = "french") -> list[str]:
    lines = []
    bids = [f"{players[b['seat']]} {b['bid'] if b['bid'] else verb(players[b['seat']], 'pass')}"
            for b in d["auction"]]
    lines.append(f"  Auction, from {d.get('auction_from', 'eldest')}: "
                 + (", ".join(bids) if bids else "no bid yet"))
    bidder = d["bidder"]
    if d.get("redeal"):
        lines.append("  Everyone passed: the same dealer deals again")
    if bidder is not None:
        if d["bid"]:
            lines.append(f"  High bid: {who(bidder)} with {d['bid']} (needs {d['need']})")
        else:
            lines.append(f"  Nobody bid: the dealer, {who(bidder)}, plays at zero and needs 61")
    called = d["called"]
    if called is not None and d["trump"] is not None:
        lines.append(f"  {who(bidder, True)} calls {called}: "
                     f"{trumps_phrase(parse_card(called), pack)}")
        if d["alone"] is None and d["partner"] is not None:  # --open, before the declaration
            lines.append(f"  {who(d['partner'], True)} holds {called}; "
                         f"the bidder has yet to declare")
        elif d["alone"] is None:
            lines.append("  Partner: not yet shown")
        elif d["alone"]:
            lines.append(f"  {who(bidder, True)} holds {called} and plays alone")
        else:
            shown = d.get("called_trick")
            when = f"played in trick {shown}" if shown else "not yet played"
            held = "held" if shown else "holds"
            lines.append(f"  Partner: {who(d['partner'])}, who {held} {called} ({when})")
    return lines


def render_text(rep: dict[str, Any]) -> str:
    from .engine.variant import variant_class

    pack = variant_class(rep["variant"]).pack_style  # the suits' names in the game's pack
    words = pack_named(pack)

    def suit(letter: str) -> str:
        return words.suit_name(SUITS.index(letter))

    def indicator(text: str) -> str:
        """The indicator in the pack's words, then in notation: ``King (12) of cups, KH``."""
        return f"{words.labelled_name(parse_card(text))}, {text}"
    rep = _printable_report(rep)
    players = [p["name"] for p in rep["players"]]
    sides = [s["name"] for s in rep["sides"]]
    unit = rep.get("score_unit", "games")
    session = rep.get("match_deals")
    goal = f"first to {_count(rep['target'], unit)}"

    names = players  # the name at each seat, deal by deal

    def who(seat: int, start: bool = False) -> str:
        return f"{'Seat' if start else 'seat'} {seat} ({names[seat]})"

    def seats(xs: list[int]) -> str:
        return ", ".join(str(x) for x in xs) if xs else "nobody"

    def standing(games: list[int]) -> str:
        return _listing([f"{sides[t]} {g}" for t, g in enumerate(games)])

    lines = [f"{rep['variant_name']} ({rep['variant']}), {len(players)} players"]
    if rep["options"]:
        lines.append("House rules: " + ", ".join(
            f"{k} = {json.dumps(val)}" for k, val in sorted(rep["options"].items())))
    if rep.get("seating_per_deal"):
        how = ("seated anew for each deal, with a dummy hand" if rep.get("dummy")
               else "seated anew for each deal, the dealer sitting out")
        lines.append("Players: " + ", ".join(f"{p['seat']} {p['name']}" for p in rep["players"])
                     + f" ({how})")
    else:
        lines.append("Seats: " + ", ".join(f"{p['seat']} {p['name']}" for p in rep["players"]))
    if any(len(s["seats"]) > 1 for s in rep["sides"]):
        lines.append("Sides: " + "; ".join(
            f"team {s['team']} = {s['name']} (seats {seats(s['seats'])})" for s in rep["sides"]))
    if session:
        lines.append(f"Session: {_count(session, 'deals')}; the highest total wins")
    else:
        lines.append(f"Match: {goal}")
    for d in rep["deals"]:
        lines.append("")
        names = [x["name"] for x in d["seats"]]
        teams = [join_names([x["name"] for x in d["seats"] if x["team"] == t])
                 for t in range(len(d["game_points"]))]
        if d.get("sits_out") is not None:  # the dealer deals and takes no seat
            head = f"Deal {d['number']}: {players[d['sits_out']]} deals and sits out"
        else:
            head = f"Deal {d['number']}: dealer {who(d['dealer'])}"
        if d["seed"] is not None:
            head += f", seed {d['seed']}"
        if d["layout_given"]:
            head += ", cards laid out in the record"
        lines.append(head)
        if rep.get("seating_per_deal"):
            lines.append("  Seats: " + ", ".join(
                f"{x['seat']} {x['name']}" + (f" (played by {names[d['dealer']]})"
                                              if x["player"] is None else "")
                for x in d["seats"]))
        trump = d["trump"]
        if "auction" in d:
            lines.extend(_auction_lines(d, names, who, pack))
        elif d["choice"] == "knock":
            lines.append(f"  {who(d['eldest'], True)} knocks: hearts are trumps, no indicator")
        elif d["choice"] == "cut":
            buried = d.get("buried", 0)
            what = "Ace or 7" if buried == 1 else "Aces or 7s"
            extra = f" ({buried} {what} buried first)" if buried else ""
            lines.append(f"  {who(d['eldest'], True)} cuts: indicator {d['indicator']}, "
                         f"{suit(trump)} are trumps{extra}")
        elif trump is not None and d["indicator"] and rep.get("family") == "sueca":
            lines.append(f"  Trumps: {suit(trump)} ({d['indicator']}, the dealer's last "
                         f"card, turned face up)")
        elif trump is not None:
            ind = f" (indicator {indicator(d['indicator'])})" if d["indicator"] else ""
            lines.append(f"  Trumps: {suit(trump)}{ind}")
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
                end = f"won by {who(t['winner'])}, {count(t['points'], 'point')}"
            else:
                end = "unfinished"
            lines.append(f"  Trick {t['number']:>2}, led by {t['leader']}:  {plays}  -> {end}")
            for s in t["signals"]:
                lines.append(f"      signal from {who(s['seat'])}: {s['signal']} "
                             f"({s['meaning']}); seen by {seats(s['seen_by'])}, "
                             f"caught by {seats(s['caught_by'])}")
            if t.get("bonus"):
                last = d["finished"] and t is d["tricks"][-1]
                why = "for the last trick" if last else "bonus"
                lines.append(f"      +{count(t['bonus'], 'card point')} {why} to "
                             f"{who(t['winner'])}")
            for e in t["score_events"]:
                lines.append(f"      {e['reason']}: {teams[e['team']]} "
                             f"+{count(e['game_points'], 'game point')}")
            for note in t["notes"]:
                lines.append(f"      {note}")
        by_seat = d.get("called") is not None and d.get("alone") is None
        labels = ([_side_label(s, by_seat) for s in d["sides"]] if "sides" in d
                  else sides[:len(d["card_points"])])
        cp = _listing([f"{labels[s]} {p}" for s, p in enumerate(d["card_points"])])
        tw = "-".join(str(x) for x in d["tricks_won"])
        if not d["finished"]:
            nxt = f"; {who(d['to_act'])} is to act" if d["to_act"] is not None else ""
            lines.append(f"  The record stops here, the deal unfinished "
                         f"({count(d['actions'], 'action')}{nxt})")
            lines.append(f"  Card points so far{', player by player' if by_seat else ''}: "
                         f"{cp} (tricks {tw})")
            if "hands" in d:
                lines.append("  Hands now: " + "; ".join(
                    f"{who(s)} {' '.join(h) if h else 'none'}" for s, h in enumerate(d["hands"])))
            continue
        lines.append(f"  Card points: {cp} (tricks {tw})")
        gained = _listing([f"{teams[t]} {g:+d}" for t, g in enumerate(d["game_points"]) if g])
        why = "; ".join(d["notes"])
        label = "Points scored" if unit == "points" else "Game points"
        lines.append(f"  {label}: {gained or 'none'} ({why})")
        if d["ended_early"]:
            rest = "; the rest of the deal is not played" if d["cards_left"] else ""
            lines.append(f"  The match was won during play{rest}")
        if session:
            lines.append(f"  Session after deal {d['number']} of {session}: "
                         f"{standing(d['match_after'])}")
        else:
            lines.append(f"  Match: {standing(d['match_after'])} ({goal})")
    m = rep["match"]
    lines.append("")
    if session:
        played = f"{_count(m['deals_scored'], 'deals')}"
        if m["over"] and m["winner"] is not None:
            lines.append(f"Session over after {played}, won by {sides[m['winner']]}: "
                         f"{standing(m['games'])}.")
        elif m["over"]:
            best = max(m["games"])
            tied = join_names([sides[t] for t, g in enumerate(m["games"]) if g == best])
            lines.append(f"Session over after {played}, a tie at {best} between {tied}: "
                         f"{standing(m['games'])}.")
        else:
            lines.append(f"Session not over ({m['deals_scored']} of {session} deals scored): "
                         f"{standing(m['games'])}.")
    elif m["over"] and m["winner"] is not None:
        lines.append(f"Match over, won by {sides[m['winner']]}: {standing(m['games'])} "
                     f"({goal}).")
    else:
        lines.append(f"Match not over: {standing(m['games'])} ({goal}).")
    return "\n".join(lines) + "\n"


# ----- command ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bisca-tui replay",
        description="Replay a game record trick by trick, checking every rule again.",
    )
    p.add_argument("file", metavar="FILE", help="a game record (JSON, see docs/records.md)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="print the replay as one JSON object instead of text")
    out.add_argument("--tui", action="store_true",
                     help="open the record on the card table, to step through each deal "
                          "forward and back, every hand open (v turns to what one seat saw); "
                          "a deal the record leaves unfinished shows only what a spectator "
                          "may see, unless --open is given")
    p.add_argument("--open", action="store_true",
                   help="tell everything, as if every hand were face up: a secret partner "
                        "before the called card is played, and the hands left when the record "
                        "stops mid-deal")
    return p


ERROR_WIDTH = 400  # an error line quotes what the file holds, cut to this many characters


def fail(command: str, message: str) -> int:
    """Say on standard error, in one line cut to ``ERROR_WIDTH``, why ``bisca-tui COMMAND``
    refused; the exit status 2."""
    text = printable(" ".join(message.split()))
    if len(text) > ERROR_WIDTH:
        text = text[:ERROR_WIDTH - 1] + "…"
    print(f"bisca-tui {command}: {text}", file=sys.stderr)
    return 2


def _fail(message: str) -> int:
    return fail("replay", message)


def viewer_app(path: str, reveal: bool = False) -> Any:
    """The card table's app opened on the replay viewer of the record at ``path`` (not yet
    running); a record that cannot be read or breaks a rule raises ``RecordError``.
    ``reveal`` (``--open``): every hand shown in a deal the record leaves unfinished too."""
    from pathlib import Path

    from .tui.app import BiscaApp
    from .tui.record_walk import RecordWalk
    from .tui.screens.replay import ReplayScreen

    record = load_record(path)
    walk = RecordWalk(record, path)
    screen = ReplayScreen(record, source=Path(path).name, quits=True, walk=walk,
                          reveal=reveal)
    return BiscaApp(first_screen=screen)


def _viewer(path: str, reveal: bool = False) -> int:
    try:
        app = viewer_app(path, reveal)
    except RecordError as e:
        return _fail(str(e))
    except Exception as e:  # a bug, not a bad record: still one line, never a traceback
        return _fail(f"{path}: could not be replayed ({e.__class__.__name__}: {e})")
    return int(app.run() or 0)


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # --help, or a usage error already printed by argparse
        return e.code if isinstance(e.code, int) else 2
    if args.tui:
        return _viewer(args.file, args.open)
    try:
        record = load_record(args.file)
        report = build_report(record, args.file, reveal=args.open)
    except RecordError as e:
        return _fail(str(e))
    except Exception as e:  # a bug, not a bad record: still one line, never a traceback
        return _fail(f"{args.file}: could not be replayed ({e.__class__.__name__}: {e})")
    try:
        if args.json:
            write(report_json(report))
        else:
            write_text(render_text(report))
    except OutputClosed:  # e.g. piped into head
        return 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
