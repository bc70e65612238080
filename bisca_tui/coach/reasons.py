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
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.bidding import (
    best_call,
    candidate_bid,
    chiamata_value,
    position_of,
    possible_calls,
)
from ..bots.contracts import contract_options
from ..bots.heuristics import auction_kind, my_team_behind
from ..bots.pimc import Evaluation
from ..bots.table import Table, variant_of
from ..engine import actions as A
from ..engine import phases as P
from ..engine.auction import Points, RanksThenPoints
from ..engine.cards import PACKS, RANKS, SUITS, card_name
from ..engine.narrate import CardRef, Part, bid_label
from ..engine.variant import ASK_CARDS, ASK_POINTS, Variant
from ..engine.view import SeatView

TEMPLATES: dict[str, str] = {
    # ----- playing a card: what the card does in this trick --------------------------
    "lead_sure": "Leads {card}: no card left in play can beat it, so the trick is yours.",
    "lead_sure_points": "Leads {card}: no card left in play can beat it, so its {points} "
                        "points are yours.",
    "lead_trump": "Leads {card} to draw out the other trumps: {left} still out.",
    "lead_low": "Leads {card}, worth nothing, keeping your points and trumps for later "
                "tricks.",
    "lead_points": "Leads {card}, though {threats} can beat it.",
    "take_last": "Takes the trick{worth} with {card}: you play last.",
    "take_partner_after": "Takes the trick{worth} with {card}: only your partner plays "
                          "after you.",
    "take_gone_one": "Takes the trick{worth} with {card}{lowest}; {gone} is already "
                     "played, so nothing can beat it.",
    "take_gone_many": "Takes the trick{worth} with {card}{lowest}; {gone} are already "
                      "played, so nothing can beat it.",
    "take_master": "Takes the trick{worth} with {card}{lowest}: no card can beat it.",
    "take_sure": "Takes the trick{worth} with {card}{lowest}: no card left in play can "
                 "beat it.",
    "take_try": "Goes for the trick{worth} with {card}{lowest}, though {threats} could beat "
                "it.",
    "cannot_win": "Nothing in your hand beats {winner}: {card} gives away the least.",
    "cannot_win_keep": "Nothing in your hand beats {winner}: giving {card} keeps your other "
                       "cards for later tricks.",
    "duck_costs": "Lets the trick{worth} go with {card}: taking it with {taker} leaves your "
                  "side about {diff} fewer by the end of the deal.",
    "duck_no_gain": "Lets the trick{worth} go with {card}: taking it with {taker} gains "
                    "nothing by the end of the deal.",
    "feed_last": "Your partner is winning the trick and no opponent plays after you: {card} "
                 "adds its {points} points.",
    "feed_top": "Your partner is winning the trick with a card nothing left in play can "
                "beat: {card} adds its {points} points.",
    "partner_keep": "Your partner is winning the trick; {card} keeps your counting cards "
                    "for later.",
    "partner_risk": "Your partner is winning, but the trick can still be taken after you: "
                    "{card} puts {at_risk} at risk.",
    "partner_secure": "Your partner's card could still be beaten, so {card} makes the "
                      "trick{worth} safe.",
    "partner_raise": "Your partner's card could still be beaten: {card} goes over it, so "
                     "that fewer cards can take the trick.",
    "overtake": "Plays {card} over your partner's winning card.",
    "plain": "Plays {card}.",
    "dark": "Trumps are not named yet, so any card may still be beaten; the strongest bot "
            "plays {card}.",
    # what a card kept back is for
    "keep": "Keep {taker}: {top} is still out.",
    # ----- the search's verdict ------------------------------------------------------
    "exact_win": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points and wins it.",
    "exact_loss": "Every card is known now: with best play on both sides your side ends "
                  "the deal with {points} points and loses it.",
    "exact_tie": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points, a tie.",
    "solved_win": "Solved exactly on {samples} deals of the hidden cards, it wins the "
                  "deal in every one.",
    "solved_loss": "Solved exactly on {samples} deals of the hidden cards, the deal is "
                   "lost in every one; this saves the most points.",
    "compare_win": "{alt}, the next best, wins the deal {pct} less often.",
    "compare_points": "{alt}, the next best, brings about {diff} fewer.",
    "close": "{alt} does about as well.",
    "estimate": "The search expects about {points} card points for your side, with a "
                "{pct} chance to win the deal.",
    # ----- a decision looked back on -------------------------------------------------
    "cost_exact": "{played} loses exactly {loss} against {best}, with every card known.",
    "cost_solved": "{played} loses about {loss} against {best} (solved exactly on deals of "
                   "the hidden cards).",
    "cost": "{played} costs about {loss} against {best}.",
    "cost_win": "{played} drops the chance of winning the deal from {before} to "
                "{after}; {best} was better.",
    "better": "Better: {reason}",
    # ----- other decisions, from the rules of thumb ----------------------------------
    "cut": "Cut: your side is not behind in the match, so there is no need to raise the "
           "stakes.",
    "knock": "Knock: your side is behind in the match, and hearts as trumps raise the "
             "stakes.",
    "exchange": "Exchange: the indicator, {card}, is a stronger trump than the one you "
                "give for it.",
    "redeal": "Your hand has no counting card: show it and the cards are dealt again.",
    "show": "You hold the called card: showing it makes your neighbour your partner, "
            "which beats playing alone.",
    "signal": "Signal {meaning} to your partner: a partner who knows your cards plays to "
              "them.",
    "ask_points": "Ask your partner for points: the card you mean to play takes this trick "
                  "for sure, and your partner plays after you.",
    "ask_cards": "Ask your partner to tell you their cards: the stock is gone, so every "
                 "card left is in a hand, and knowing your partner's plays the end right.",
    "discard": "Lay aside {card}, the cheapest card you hold: keep the cards that take "
               "tricks.",
    "name_trumps": "Name {suit} as trumps: your hand is strongest in that suit.",
    "call_top": "Call {card}, the strongest trump you do not hold: its holder becomes "
                "your partner.",
    "bid_strong": "Bid: your hand is strong enough to play the contract.",
    "pass_weak": "Pass: your hand is not strong enough to bid.",
    "bid_points": "Bid {bid}: your hand should take about {estimate} card points with "
                  "{suit} as trumps, {how}.",
    "pass_points": "Pass: your hand should take about {estimate} card points at best, "
                   "short of {bid}.",
    "reopen": "Reopen: your hand should take about {estimate} card points, enough to "
              "bid.",
    "no_reopen": "Pass: your hand should take about {estimate} card points, not enough to "
                 "reopen.",
    "call_points": "Call {card}: {suit} as trumps{how} gives the best expected payment "
                   "for {need} points.",
    "bid_rank": "Bid {bid}: played out on sampled deals, calling {card} pays on average.",
    "pass_rank": "Pass: played out on sampled deals, your best bid ({bid}, calling {card}) "
                 "does not pay on average.",
    "call_rank": "Call {card}: with {suit} as trumps{how} your side should take about "
                 "{estimate} card points, the most of your calls.",
    "rule": "The strongest bot would do the same here.",
}

WITH_PARTNER = " and its holder as your partner"
ALONE = ", playing alone"
BID_PARTNER = "with a called partner"
BID_ALONE = "playing alone"


@dataclass(frozen=True)
class Reason:
    """One or more sentences: the keys of their templates and the line they make."""

    keys: tuple[str, ...]
    parts: tuple[Part, ...]

    def text(self, card: Callable[[int], str] = lambda c: card_name(c)) -> str:
        """The reason as plain text, cards drawn by ``card``."""
        out = "".join(p if isinstance(p, str) else card(p.card) for p in self.parts)
        return capitalise(out)

    def __add__(self, other: Reason) -> Reason:
        if not self.parts:
            return other
        if not other.parts:
            return self
        return Reason(self.keys + other.keys, tuple(_merge((*self.parts, " ", *other.parts))))


NO_REASON = Reason((), ())


def capitalise(text: str) -> str:
    """A capital at the start of each sentence (a card in words may open one)."""
    out = list(text)
    start = True
    for i, ch in enumerate(out):
        if start and not ch.isspace():
            out[i] = ch.upper()
            start = False
        elif ch == "." and i + 1 < len(out) and out[i + 1] == " ":
            start = True
    return "".join(out)


Field = str | int | float | CardRef | tuple[Part, ...]


def say(key: str, **fields: Field) -> Reason:
    """The template ``key`` with its fields filled: cards stay cards, lists of parts are
    spliced in, numbers and words become text."""
    parts: list[Part] = []
    for literal, name, spec, _ in string.Formatter().parse(TEMPLATES[key]):
        if literal:
            parts.append(literal)
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, CardRef):
            parts.append(value)
        elif isinstance(value, tuple):
            parts.extend(value)
        else:
            parts.append(format(value, spec or ""))
    return Reason((key,), tuple(_merge(parts)))


def _merge(parts: Sequence[Part]) -> list[Part]:
    out: list[Part] = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + p
        elif p != "":
            out.append(p)
    return out


def card_words(view: SeatView) -> Callable[[int], str]:
    """Cards in words as the seat's pack names them, trumps as trumps: "the Ace of
    trumps", "the King of cups"."""
    variant = variant_of(view)
    pack = PACKS.get(variant.pack_style)

    def name(c: int) -> str:
        if view.trump is not None and variant.suit[c] == view.trump:
            rank = pack.rank_names[RANKS[c % 10]] if pack else card_name(c).split(" of ")[0]
            return f"the {rank} of trumps"
        return "the " + card_name(c, variant.pack_style)

    return name


def cards_phrase(cards: Sequence[int]) -> tuple[Part, ...]:
    """"A", "A and B", "A, B and C"."""
    refs = [CardRef(c) for c in cards]
    if len(refs) == 1:
        return (refs[0],)
    out: list[Part] = []
    for i, r in enumerate(refs):
        if i:
            out.append(" and " if i == len(refs) - 1 else ", ")
        out.append(r)
    return tuple(out)


def _points(n: float) -> str:
    return f"{n:.0f}"


def card_points(n: float) -> str:
    """"1 card point", "12 card points" (rounded to whole points)."""
    k = round(n)
    return f"{k} card point" if k == 1 else f"{k} card points"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _worth(points: int) -> str:
    return f" and its {points} points" if points else ""


def threats_phrase(t: Table, c: int) -> tuple[Part, ...]:
    """The unseen cards that beat ``c``, named when they are one or two."""
    threats = sorted(t.threats(c), key=lambda u: -t.strength[u] - 20 * (t.suit[u] == t.trump))
    if len(threats) <= 2:
        return cards_phrase(threats)
    return (f"{len(threats)} cards left in play",)


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
            return say("lead_trump", card=ref, left=f"{n} is" if n == 1 else f"{n} are")
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
                return say("partner_secure", card=ref, worth=_worth(t.p + pts[c]))
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
        at_risk = f"only {pts[c]} points" if pts[c] else "no points"
        return say("partner_risk", card=ref, at_risk=at_risk)
    winners = [x for x in t.cards if t.beats(x, w)]
    worth = _worth(t.p + (pts[c] if beats else 0))
    if beats:
        lowest = ""
        trumps_winning = [x for x in winners if t.suit[x] == t.trump]
        if (t.suit[c] == t.trump and len(trumps_winning) > 1
                and all(t.strength[c] <= t.strength[x] for x in trumps_winning)):
            lowest = ", your lowest trump that takes it"
        if t.last:
            return say("take_last", card=ref, worth=worth)
        if not strangers:
            return say("take_partner_after", card=ref, worth=worth)
        if t.threats(c):
            return say("take_try", card=ref, worth=worth, lowest=lowest,
                       threats=threats_phrase(t, c))
        gone = _higher_played(view, variant, t, c)
        if gone is None:
            return say("take_master", card=ref, worth=worth, lowest=lowest)
        if gone:
            key = "take_gone_one" if len(gone) == 1 else "take_gone_many"
            return say(key, card=ref, worth=worth, lowest=lowest, gone=cards_phrase(gone))
        return say("take_sure", card=ref, worth=worth, lowest=lowest)
    if not winners:
        if all(pts[c] <= pts[x] for x in t.cards):
            return say("cannot_win", card=ref, winner=CardRef(w))
        return say("cannot_win_keep", card=ref, winner=CardRef(w))
    taker = min(winners, key=lambda x: (t.cost[x], t.strength[x]))
    out = NO_REASON
    if ev is not None and c in ev.values and taker in ev.values:
        diff = ev.values[c].points - ev.values[taker].points
        if diff >= 1.0:
            out = say("duck_costs", card=ref, worth=_worth(t.p), taker=CardRef(taker),
                      diff=card_points(diff))
        else:
            out = say("duck_no_gain", card=ref, worth=_worth(t.p), taker=CardRef(taker))
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
        return say("estimate", points=_points(best.points), pct=_pct(best.win))
    alt = others[0]
    dw = best.win - alt.win
    dp = best.points - alt.points
    if ev.method != "playouts" and dw >= 0.05:
        return say("compare_win", alt=CardRef(alt.action), pct=_pct(dw))
    if dp >= 1.0:
        return say("compare_points", alt=CardRef(alt.action), diff=card_points(dp))
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


# ----- other decisions -------------------------------------------------------------


def _suit_words(variant: Variant, suit: int) -> str:
    pack = PACKS.get(variant.pack_style)
    names = pack.suit_names if pack else {}
    return names.get(SUITS[suit], SUITS[suit])


def _cut_or_knock_reason(view: SeatView, action: int) -> Reason | None:
    if action == A.CUT:
        return say("cut")
    if action == A.KNOCK:
        return say("knock") if my_team_behind(view) else say("rule")
    return None


def _exchange_reason(view: SeatView, action: int) -> Reason | None:
    if action == A.EXCHANGE and view.indicator is not None:
        return say("exchange", card=CardRef(view.indicator))
    return None


def _claim_reason(view: SeatView, action: int) -> Reason | None:
    return say("redeal") if action == A.REDEAL else None


def _declare_reason(view: SeatView, action: int) -> Reason | None:
    return say("show") if action == A.SHOW else None


# the reason for a choice that belongs to one phase, by that phase; None leaves the action
# to the reasons of signals, discards, calls and bids
PHASE_REASONS: dict[str, Callable[[SeatView, int], Reason | None]] = {
    P.CUT_OR_KNOCK: _cut_or_knock_reason, P.PLAY: _exchange_reason, P.CLAIM: _claim_reason,
    P.DECLARE: _declare_reason}


def rule_reason(view: SeatView, action: int) -> Reason:
    """Why the rules of thumb take ``action`` (a decision other than a card), said
    plainly where the rule can be; else a plain statement that the bot does so."""
    variant = variant_of(view)
    reason_of = PHASE_REASONS.get(view.phase)
    reason = reason_of(view, action) if reason_of is not None else None
    if reason is not None:
        return reason
    if A.is_signal(action):
        name = variant.signals[action - A.SIGNAL].name
        if name == ASK_POINTS:
            return say("ask_points")
        if name == ASK_CARDS:
            return say("ask_cards")
        meaning = variant.signals[action - A.SIGNAL].meaning
        return say("signal", meaning=meaning[:1].lower() + meaning[1:])
    if A.DISCARD <= action < A.DISCARD + 80:
        return say("discard", card=CardRef(action - A.DISCARD))
    if A.TRUMP <= action < A.DISCARD:
        return say("name_trumps", suit=_suit_words(variant, action - A.TRUMP))
    by_kind = AUCTION_REASONS.get(auction_kind(variant))
    if by_kind is not None:
        return by_kind(view, variant, action)
    if A.CALL <= action < A.TRUMP:
        return say("call_top", card=CardRef(action - A.CALL))
    if A.BID <= action < A.CALL:
        return say("bid_strong")
    if action == A.PASS and any(A.BID <= a < A.CALL for a in view.legal):
        return say("pass_weak")
    return say("rule")


def _points_reason(view: SeatView, variant: Variant, action: int) -> Reason:
    """Bids in points (Sueca for five, col Monte): the estimate of the hand."""
    options = contract_options(view.hand, variant)
    if not options:
        return say("rule")
    call, alone, estimate = max(options, key=lambda o: o[2])
    est = _points(estimate)
    if A.CALL <= action < A.TRUMP:
        card = action - A.CALL
        how = ALONE if card in view.hand else WITH_PARTNER
        need = view.contract.need if view.contract is not None else 61
        return say("call_points", card=CardRef(card),
                   suit=_suit_words(variant, variant.suit[card]), how=how, need=need)
    if action == A.REOPEN:
        return say("reopen", estimate=est)
    bids = [a for a in view.legal if A.BID < a < A.CALL]
    if action == A.PASS and A.REOPEN in view.legal:
        return say("no_reopen", estimate=est)
    if action == A.PASS and bids:
        return say("pass_points", estimate=est, bid=bid_label(variant, min(bids)))
    if A.BID < action < A.CALL:
        return say("bid_points", bid=bid_label(variant, action), estimate=est,
                   suit=_suit_words(variant, variant.suit[call]),
                   how=BID_ALONE if alone else BID_PARTNER)
    return say("rule")


def _ranks_reason(view: SeatView, variant: Variant, action: int) -> Reason:
    """Bids of ranks (Briscola Chiamata): the sampled playouts the hard level bids by, and
    the estimate its calls are chosen by."""
    pos = position_of(view)
    if A.CALL <= action < A.TRUMP:
        card = action - A.CALL
        est = chiamata_value(view.hand, variant, card, pos)
        how = ALONE if card in view.hand else WITH_PARTNER
        return say("call_rank", card=CardRef(card),
                   suit=_suit_words(variant, variant.suit[card]), how=how,
                   estimate=_points(est))
    bids = [a for a in view.legal if A.BID <= a < A.CALL]
    if not bids:
        return say("rule")
    bid, call = candidate_bid(view, variant, bids)
    if action == A.PASS:
        return say("pass_rank", bid=bid_label(variant, bid), card=CardRef(call))
    if action == bid:
        return say("bid_rank", bid=bid_label(variant, bid), card=CardRef(call))
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    if A.BID <= action < A.CALL:
        options = possible_calls(view.hand, variant, domain.called_rank(action))
        card, _ = best_call(view.hand, variant, options, domain.need(action), pos)
        return say("bid_rank", bid=bid_label(variant, action), card=CardRef(card))
    return say("rule")



# the reasons for bids and calls, by the kind of the auction's bids
AUCTION_REASONS: dict[str, Callable[[SeatView, Variant, int], Reason]] = {
    Points.kind: _points_reason, RanksThenPoints.kind: _ranks_reason}
