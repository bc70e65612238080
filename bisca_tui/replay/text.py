"""The replay told as text, deal by deal and trick by trick (``render_text``)."""

from __future__ import annotations

import json
from typing import Any

from ..engine.cards import SUITS, pack_named, parse_card
from ..engine.narrate import MESSAGES, say, suit_word
from ..engine.narrate.sayings import shown
from ..engine.words import YOU
from ..lang import DEFAULT, current, pgettext
from .deal import DUMMY, join_names
from .report import _printable_report


def _rule_words(variant: str, key: str, value: Any) -> dict[str, str]:
    """A house rule of a record as the replay names it: by its id and JSON value in English
    (what the record keeps), else by its name and choice in the reader's words."""
    if current() != DEFAULT:
        from ..engine.spoken import choice_label, rule_name
        from ..engine.variant import variant_class

        try:
            rule = next(r for r in variant_class(variant).house_rules if r.name == key)
        except Exception:  # a game or rule this version does not know: as the record has it
            rule = None
        if rule is not None:
            return {"key": rule_name(rule), "value": choice_label(value)}
    return {"key": key, "value": json.dumps(value)}


def _count(n: int, unit: str) -> str:
    """'1 game', '4 games', '500 points', '5 deals' (``unit`` in the plural: the table has a
    sentence for each unit a game counts by; one it lacks is written as it is)."""
    form = f"{unit}.one" if n == 1 else f"{unit}.many"
    if form in MESSAGES["Replay"]:
        return say("Replay", form, count=n)
    return f"{n} {unit}"


def _one_or_many(form: str, n: int) -> str:
    """The form of a sentence for a count of ``n``: ``.one`` or ``.many``."""
    return f"{form}.one" if n == 1 else f"{form}.many"


def _listing(items: list[str]) -> str:
    """Items joined by commas, or by semicolons when an item holds a comma itself."""
    return ("; " if any("," in x for x in items) else ", ").join(items)


def _side_label(side: dict[str, Any], by_seat: bool = False) -> str:
    role = side.get("role")
    if by_seat:  # the partner not yet known: each player on their own
        return (say("Replay", "side.bidder.seat", name=side["name"]) if role == "bidder"
                else str(side["name"]))
    if role == "bidder":
        return say("Replay", "side.bidder" if len(side["seats"]) > 1 else "side.bidder.alone",
                   name=side["name"])
    if role == "others":
        return say("Replay", "side.others", name=side["name"])
    return str(side["name"])


def _auction_lines(d: dict[str, Any], players: list[str],
                   who: Any, pack: str = "french") -> list[str]:
    lines = []

    def said(b: dict[str, Any]) -> str:
        name = players[b["seat"]]
        if b["bid"]:
            return say("Bid", "replay", seat=name, bid=b["bid"])
        return say("Passed", "you" if name == YOU else "other", seat=name)
    bids = [said(b) for b in d["auction"]]
    first = (pgettext("Bid.first", "the dealer") if d.get("auction_from") == "the dealer"
             else pgettext("Bid.first", "eldest"))
    lines.append("  " + (say("Bid", "replay.auction", first=first, bids=", ".join(bids))
                         if bids else say("Bid", "replay.none", first=first)))
    bidder = d["bidder"]
    if d.get("redeal"):
        lines.append("  " + say("DealScored", "redeal"))
    if bidder is not None:
        if d["bid"]:
            lines.append("  " + say("BiddingWon", "replay", seat=who(bidder), bid=d["bid"],
                                    need=d["need"]))
        else:
            lines.append("  " + say("BiddingWon", "replay.none", seat=who(bidder)))
    called = d["called"]
    if called is not None and d["trump"] is not None:
        lines.append("  " + say("Called", "other", seat=who(bidder, True), card=called,
                                suit=suit_word(parse_card(called), pack)))
        if d["alone"] is None and d["partner"] is not None:  # --open, before the declaration
            lines.append("  " + say("PartnerKnown", "replay", seat=who(d["partner"], True),
                                    card=called))
        elif d["alone"] is None and bidder_holds(d, called):  # --open, before the choice
            lines.append("  " + say("PartnerKnown", "replay.own", seat=who(bidder, True),
                                    card=called))
        elif d["alone"] is None:
            lines.append("  " + say("PartnerKnown", "replay.none"))
        elif d["alone"]:
            lines.append("  " + say("PartnerShown", "replay.alone", seat=who(bidder, True),
                                    card=called))
        else:
            shown = d.get("called_trick")
            lines.append("  " + say("PartnerShown", "replay" if shown else "replay.unplayed",
                                    seat=who(d["partner"]), card=called, trick=shown))
    return lines


def bidder_holds(d: dict[str, Any], called: str) -> bool:
    """Whether the deal's report shows the called card in the bidder's hand or laid aside
    (only ``--open`` shows them before the deal is over)."""
    hands, discards = d.get("hands"), d.get("discards")
    return bool(hands and called in hands[d["bidder"]]) or called in (discards or [])


def _told_again(value: Any) -> Any:
    """The report with the notes the engine kept in English (why a deal scored what it did)
    told in the language in use."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, dict):
        return {k: _told_again(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_told_again(v) for v in value]
    return value


def render_text(rep: dict[str, Any]) -> str:
    from ..engine.variant import variant_class

    game = variant_class(rep["variant"])
    pack = game.pack_style  # the suits' names in the game's pack
    shows_indicator = game.has_indicator
    words = pack_named(pack)

    def suit(letter: str) -> str:
        return words.suit_name(SUITS.index(letter))

    def indicator(text: str) -> str:
        """The indicator in the pack's words, then in notation: ``King (12) of cups, KH``."""
        return f"{words.labelled_name(parse_card(text))}, {text}"
    rep = _printable_report(_told_again(rep))
    dummy = pgettext("seat", "dummy")  # a seat without a player (Sueca for three)
    players = [dummy if p["name"] == DUMMY else p["name"] for p in rep["players"]]
    sides = [s["name"] for s in rep["sides"]]
    unit = rep.get("score_unit", "games")
    session = rep.get("match_deals")
    goal = say("Match", "goal", target=_count(rep["target"], unit))

    names = players  # the name at each seat, deal by deal

    def who(seat: int, start: bool = False) -> str:
        return say("Replay", "who.start" if start else "who", seat=seat, name=names[seat])

    def seats(xs: list[int]) -> str:
        return ", ".join(str(x) for x in xs) if xs else say("Replay", "nobody")

    def standing(games: list[int]) -> str:
        return _listing([say("Replay", "standing", side=sides[t], score=g)
                         for t, g in enumerate(games)])

    lines = [say("Replay", "head", game=pgettext("game.name", rep["variant_name"]),
                 id=rep["variant"],
                 count=len(players))]
    if rep["options"]:
        lines.append(say("Replay", "rules", rules=", ".join(
            say("Replay", "rule", **_rule_words(rep["variant"], k, val))
            for k, val in sorted(rep["options"].items()))))
    listed = ", ".join(say("Replay", "seat", seat=p["seat"], name=p["name"])
                       for p in rep["players"])
    if rep.get("seating_per_deal"):
        lines.append(say("Replay", "seats.dummy" if rep.get("dummy") else "seats.out",
                         seats=listed))
    else:
        lines.append(say("Replay", "seats", seats=listed))
    if any(len(s["seats"]) > 1 for s in rep["sides"]):
        lines.append(say("Replay", "sides", sides="; ".join(
            say("Replay", "side", team=s["team"], name=s["name"], seats=seats(s["seats"]))
            for s in rep["sides"])))
    if session:
        lines.append(say("Match", "replay.session", deals=_count(session, "deals")))
    else:
        lines.append(say("Match", "replay", goal=goal))
    for d in rep["deals"]:
        lines.append("")
        raw = [x["name"] for x in d["seats"]]
        names = [dummy if x == DUMMY else x for x in raw]
        teams = [join_names([x["name"] for x in d["seats"] if x["team"] == t], dummy)
                 for t in range(len(d["game_points"]))]
        for side in d.get("sides", []):  # its name in words: a dummy hand is a seat's
            side["name"] = join_names([raw[s] for s in side["seats"]], dummy)
        out = d.get("sits_out") is not None  # the dealer deals and takes no seat
        form = ("replay" + (".out" if out else "") + (".seed" if d["seed"] is not None else "")
                + (".layout" if d["layout_given"] else ""))
        lines.append(say("Deal", form, number=d["number"], seed=d["seed"],
                         seat=players[d["sits_out"]] if out else who(d["dealer"])))
        if rep.get("seating_per_deal"):
            lines.append("  " + say("Replay", "seats", seats=", ".join(
                say("Replay", "seat" if x["player"] is not None else "seat.stand_in",
                    seat=x["seat"], name=names[k], dealer=names[d["dealer"]])
                for k, x in enumerate(d["seats"]))))
        trump = d["trump"]
        if "auction" in d:
            lines.extend(_auction_lines(d, names, who, pack))
        elif d["choice"] == "knock":
            lines.append("  " + say("Knock", "replay", seat=who(d["eldest"], True)))
        elif d["choice"] == "cut":
            buried = d.get("buried", 0)
            form = "replay" if not buried else "replay.one" if buried == 1 else "replay.many"
            lines.append("  " + say("Cut", form, seat=who(d["eldest"], True),
                                    card=d["indicator"], suit=suit(trump), buried=buried))
        elif trump is not None and d["indicator"] and not shows_indicator:
            # no indicator in this game: the card that set trumps, dealt face up
            lines.append("  " + say("TrumpShown", "replay", suit=suit(trump),
                                    card=d["indicator"]))
        elif trump is not None:
            lines.append("  " + say("IndicatorTurned", "replay" if d["indicator"] else
                                    "replay.none", suit=suit(trump),
                                    card=indicator(d["indicator"]) if d["indicator"] else ""))
        for note in d.get("notes_before_play", []):
            lines.append(f"  {note[0].upper()}{note[1:]}")
        if d["exchange"] is not None:
            ex = d["exchange"]
            lines.append("  " + say("ExchangeMade", "replay", seat=who(ex["seat"], True),
                                    gave=ex["gave"], took=ex["took"]))
        for t in d["tricks"]:
            plays = "  ".join(
                f"{p['seat']}: " + "".join(f"[{s}] " for s in p.get("signals", [])) + p["card"]
                for p in t["plays"])
            if t["complete"]:
                end = say("TrickWon", _one_or_many("replay", t["points"]),
                          seat=who(t["winner"]), points=t["points"])
            else:
                end = say("TrickWon", "replay.open")
            lines.append("  " + say("TrickWon", "replay", number=t["number"],
                                    leader=t["leader"], plays=plays, end=end))
            for s in t["signals"]:
                lines.append("      " + say("Signalled", "replay", seat=who(s["seat"]),
                                            signal=s["signal"],
                                            meaning=pgettext("signal.meaning", s["meaning"]),
                                            seen=seats(s["seen_by"]),
                                            caught=seats(s["caught_by"])))
            if t.get("bonus"):
                last = d["finished"] and t is d["tricks"][-1]
                form = _one_or_many("replay.last" if last else "replay.bonus", t["bonus"])
                lines.append("      " + say("TrickWon", form, points=t["bonus"],
                                            seat=who(t["winner"])))
            for e in t["score_events"]:
                lines.append("      " + say("PointsScored",
                                            _one_or_many("replay", e["game_points"]),
                                            reason=e["reason"], team=teams[e["team"]],
                                            points=e["game_points"]))
            for note in t["notes"]:
                lines.append(f"      {note}")
        by_seat = d.get("called") is not None and d.get("alone") is None
        labels = ([_side_label(s, by_seat) for s in d["sides"]] if "sides" in d
                  else sides[:len(d["card_points"])])
        cp = _listing([f"{labels[s]} {p}" for s, p in enumerate(d["card_points"])])
        tw = "-".join(str(x) for x in d["tricks_won"])
        if not d["finished"]:
            form = _one_or_many("replay.open", d["actions"])
            if d["to_act"] is not None:
                form += ".next"
            lines.append("  " + say("DealScored", form, actions=d["actions"],
                                    seat=who(d["to_act"]) if d["to_act"] is not None else ""))
            lines.append("  " + say("DealScored", "replay.open.seats" if by_seat
                                    else "replay.open.points", points=cp, tricks=tw))
            if "hands" in d:
                lines.append("  " + say("Replay", "hands", hands="; ".join(
                    say("Replay", "hand", seat=who(s),
                        cards=" ".join(h) if h else say("Replay", "none"))
                    for s, h in enumerate(d["hands"]))))
            continue
        lines.append("  " + say("DealScored", "replay.points", points=cp, tricks=tw))
        gained = _listing([say("Deal", "gain", team=teams[t], gain=g)
                           for t, g in enumerate(d["game_points"]) if g])
        why = "; ".join(d["notes"])
        lines.append("  " + say("DealScored", "replay.scored" if unit == "points"
                                else "replay.gained", gained=gained or say("Replay", "none"),
                                why=why))
        if d["ended_early"]:
            lines.append("  " + say("DealScored", "replay.early.rest" if d["cards_left"]
                                    else "replay.early"))
        if session:
            lines.append("  " + say("Match", "replay.session.after", number=d["number"],
                                    deals=session, standing=standing(d["match_after"])))
        else:
            lines.append("  " + say("Match", "replay.after", standing=standing(d["match_after"]),
                                    goal=goal))
    m = rep["match"]
    lines.append("")
    if session:
        played = f"{_count(m['deals_scored'], 'deals')}"
        if m["over"] and m["winner"] is not None:
            lines.append(say("Match", "replay.session.won", played=played,
                             side=sides[m["winner"]], standing=standing(m["games"])))
        elif m["over"]:
            best = max(m["games"])
            tied = join_names([sides[t] for t, g in enumerate(m["games"]) if g == best])
            lines.append(say("Match", "replay.session.tie", played=played, best=best,
                             sides=tied, standing=standing(m["games"])))
        else:
            lines.append(say("Match", "replay.session.open", scored=m["deals_scored"],
                             deals=session, standing=standing(m["games"])))
    elif m["over"] and m["winner"] is not None:
        lines.append(say("Match", "replay.won", side=sides[m["winner"]],
                         standing=standing(m["games"]), goal=goal))
    else:
        lines.append(say("Match", "replay.open", standing=standing(m["games"]), goal=goal))
    return "\n".join(lines) + "\n"
