"""The replay told as text, deal by deal and trick by trick (``render_text``)."""

from __future__ import annotations

import json
from typing import Any

from ..engine.cards import SUITS, pack_named, parse_card
from ..engine.narrate import trumps_phrase
from ..engine.words import count, verb
from .deal import join_names
from .report import _printable_report


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
    from ..engine.variant import variant_class

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
