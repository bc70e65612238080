"""Why an action is good, in one or two plain sentences, from facts the seat can know.

Every sentence comes from ``TEMPLATES``: a small set of English sentences, each named by a
key and filled with named fields. Which template speaks is chosen by facts read from the
seat's view (``Table``, the card counting of the rules of thumb: which cards are played,
which are still out, what the trick holds, who is winning it and who plays after) and by
the search's evaluation (its numbers, and whether the exact solver proved them). A reason
never places a card the seat has not seen or been shown: "no card left in play can beat
it" is said only when it is so from the seat's count, and a guessed partner is never called
a partner.

A reason is a line of parts like the narrator's (``engine.narrate``): plain strings and
cards (``CardRef``), so that the table draws cards as its log does and the command line in
words. Like the engine's other text the templates are English; a translation would replace
the sentences of ``TEMPLATES`` (the fields are filled in after), nothing else.

This module gives the reasons for playing a card (``play_reason``, ``card_reason``); the
templates and ``say`` are in ``sentences``, the reasons for other decisions in
``rule_reasons``.
"""

from __future__ import annotations

from ..bots.pimc import Evaluation
from ..bots.table import Table, variant_of
from ..engine.narrate import CardRef
from ..engine.variant import Variant
from ..engine.view import SeatView
from .sentences import (
    NO_REASON,
    Reason,
    _pct,
    _points,
    card_points,
    cards_phrase,
    say,
    threats_phrase,
    worth_form,
)

# ----- playing a card --------------------------------------------------------------


def play_reason(view: SeatView, card: int, ev: Evaluation | None = None) -> Reason:
    """What ``card`` does in the trick, as the seat can see it (one sentence, and when a
    trump taker is kept back, what it is kept for)."""
    variant = variant_of(view)
    t = Table(view, variant)
    pts = variant.points
    c = card
    ref = CardRef(c)
    if view.trump is None:  # a trick played before trumps are named: nothing is sure
        return say("dark", card=ref)
    if not t.trick:
        threats = t.threats(c)
        if not threats:
            if pts[c]:
                return say("lead_sure_points", card=ref, points=pts[c])
            return say("lead_sure", card=ref)
        if t.suit[c] == t.trump:
            n = t.unseen_trumps
            return say("lead_trump", "one" if n == 1 else "many", card=ref, left=n)
        if pts[c] == 0:
            return say("lead_low", card=ref)
        return say("lead_points", card=ref, threats=threats_phrase(t, c))
    w = t.win_card
    assert w is not None and t.win_seat is not None
    beats = t.beats(c, w)
    # the players after this seat not known to be partners (a guessed partner counts: a
    # reason never leans on a guess)
    strangers = [s for s in t.later if t.ally[s] < 1.0]
    partner = t.ours and t.ally[t.win_seat] >= 1.0
    if partner:
        if beats:
            safe_before = not strangers or not t.threats(w)
            if not safe_before and not t.threats(c):
                return say("partner_secure", worth_form(t.p + pts[c]), card=ref,
                           points=t.p + pts[c])
            if not safe_before and len(t.threats(c)) < len(t.threats(w)):
                return say("partner_raise", card=ref)
            return say("overtake", card=ref)
        if not strangers:
            if pts[c]:
                return say("feed_last", card=ref, points=pts[c])
            return say("partner_keep", card=ref)
        if not t.threats(w):
            if pts[c]:
                return say("feed_top", card=ref, points=pts[c])
            return say("partner_keep", card=ref)
        return say("partner_risk", "" if pts[c] else "none", card=ref, points=pts[c])
    winners = [x for x in t.cards if t.beats(x, w)]
    points = t.p + (pts[c] if beats else 0)
    worth = worth_form(points)
    if beats:
        lowest = ""
        trumps_winning = [x for x in winners if t.suit[x] == t.trump]
        if (t.suit[c] == t.trump and len(trumps_winning) > 1
                and all(t.strength[c] <= t.strength[x] for x in trumps_winning)):
            lowest = "lowest"
        if t.last:
            return say("take_last", worth, card=ref, points=points)
        if not strangers:
            return say("take_partner_after", worth, card=ref, points=points)
        if t.threats(c):
            return say("take_try", worth, lowest, card=ref, points=points,
                       threats=threats_phrase(t, c))
        gone = _higher_played(view, variant, t, c)
        if gone is None:
            return say("take_master", worth, lowest, card=ref, points=points)
        if gone:
            key = "take_gone_one" if len(gone) == 1 else "take_gone_many"
            return say(key, worth, lowest, card=ref, points=points, gone=cards_phrase(gone))
        return say("take_sure", worth, lowest, card=ref, points=points)
    if not winners:
        if all(pts[c] <= pts[x] for x in t.cards):
            return say("cannot_win", card=ref, winner=CardRef(w))
        return say("cannot_win_keep", card=ref, winner=CardRef(w))
    taker = min(winners, key=lambda x: (t.cost[x], t.strength[x]))
    out = NO_REASON
    if ev is not None and c in ev.values and taker in ev.values:
        diff = ev.values[c].points - ev.values[taker].points
        if diff >= 1.0:
            form, lost = card_points(diff)
            out = say("duck_costs", worth_form(t.p), form, card=ref, points=t.p,
                      taker=CardRef(taker), diff=lost)
        else:
            out = say("duck_no_gain", worth_form(t.p), card=ref, points=t.p,
                      taker=CardRef(taker))
    else:
        out = say("plain", card=ref)
    if t.suit[taker] == t.trump:
        above = [u for u in t.threats(taker) if t.suit[u] == t.trump]
        if above:
            top = max(above, key=lambda u: t.strength[u])
            out = out + say("keep", taker=CardRef(taker), top=CardRef(top))
    return out


def _higher_played(view: SeatView, variant: Variant, t: Table, c: int) -> list[int] | None:
    """For a trump that no unseen card beats: the stronger trumps, all played (the two
    strongest named); None when no card of the pack beats it; [] when it is not a trump
    or some stronger one is in the seat's hand or a partner's."""
    if t.suit[c] != t.trump:
        return []
    stronger = [u for u in variant.pack() if t.suit[u] == t.trump
                and t.strength[u] > t.strength[c]]
    if not stronger:
        return None
    played = view.played_cards()
    if not all(u in played for u in stronger):
        return []
    return sorted(stronger, key=lambda u: -t.strength[u])[:2]


def verdict(view: SeatView, ev: Evaluation, card: int) -> Reason:
    """What the search found for ``card`` against the rest: a proof where the solver gave
    one, else how much the next best card does worse."""
    best = ev.values[card]
    if ev.method == "exact":
        key = "exact_win" if best.win == 1 else ("exact_loss" if best.win == 0
                                                 else "exact_tie")
        return say(key, points=_points(best.points))
    others = [a for a in ev.ranked() if a.action != card]
    if ev.method == "solved" and ev.samples > 1:
        if best.win == 1 and any(a.win < 1 for a in others):
            return say("solved_win", samples=ev.samples)
        if best.win == 0 and others and all(a.win == 0 for a in others):
            return say("solved_loss", samples=ev.samples)
    if not others:
        form, points = card_points(best.points)
        return say("estimate", form, points=points, pct=_pct(best.win))
    alt = others[0]
    dw = best.win - alt.win
    dp = best.points - alt.points
    if ev.method != "playouts" and dw >= 0.05:
        return say("compare_win", alt=CardRef(alt.action), pct=_pct(dw))
    if dp >= 1.0:
        form, fewer = card_points(dp)
        return say("compare_points", form, alt=CardRef(alt.action), diff=fewer)
    return say("close", alt=CardRef(alt.action))


def card_reason(view: SeatView, ev: Evaluation, card: int) -> Reason:
    """The hint's reason for playing ``card``: at most two sentences, what the card does
    and what the search found (a kept trump's purpose replaces the verdict when both
    would be said)."""
    what = play_reason(view, card, ev)
    if len(what.keys) >= 2:
        return what
    last = verdict(view, ev, card)
    if what.keys[0] in ("duck_costs", "duck_no_gain") and last.keys[0] in (
            "compare_points", "close") and _refs(what)[1:2] == _refs(last)[:1]:
        return what  # the card compared with is the one the first sentence names
    return what + last


def _refs(reason: Reason) -> list[int]:
    return [p.card for p in reason.parts if isinstance(p, CardRef)]
