"""One deal of a replayed record, followed action by action: ``_DealTracker`` writes the
deal's part of the report (trumps, auction, tricks, signals, exchanges, sides, points);
``join_names`` and ``side_names`` name the sides."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import actions as A
from ..engine import phases as P
from ..engine.calling import called_card_played
from ..engine.cards import SUITS, card_str
from ..engine.context import cut_or_knock
from ..engine.exchange import ANNOUNCED, RETURNED, TAKEN
from ..engine.narrate import bid_label, say
from ..engine.records import Record
from ..engine.state import GameState
from ..engine.variant import Variant
from ..lang import pgettext

# Phases in which the trump suit is settled and cards are played.
PLAYING = (P.PLAY, P.OVER)
DUMMY = "dummy"  # the name of a seat without a player (Sueca for three)


# ----- the report: one model for both outputs ------------------------------------------


def join_names(names: Sequence[str], dummy: str = DUMMY) -> str:
    """'Ana', 'Ana & Carla', 'Ana, Carla & Eva'; a dummy hand comes last, called ``dummy``
    (the report's ``DUMMY``, or the word for it in the language of the text)."""
    names = [dummy if x == DUMMY else x for x in sorted(names, key=lambda x: x == DUMMY)]
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
        self.auction = P.AUCTION in self.v.phase_of
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
            return say("HandShown", "note.open")
        if why == "dummy":
            return say("HandShown", "note.dummy")
        if why == "start of play":
            why = pgettext("HandShown.why", "start of play")
        elif why == "stock drawn":
            why = pgettext("HandShown.why", "stock drawn")
        return say("HandShown", "note", why=why)

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
                for s, b in st.bidding.bids]
            c = st.bidding.contract
            if c is not None:
                self.out["bidder"] = c.bidder
                self.out["bid"] = None if c.bid is None else c.bid_label
                self.out["need"] = c.need
            if c is not None and c.called is not None:
                self.out["called"] = card_str(c.called)
                known = self.partner_known()
                if st.bidding.called_holder is None and known:
                    # col Monte, between the call and the bidder's declaration (told only
                    # with --open): another seat holding the card is the partner; the
                    # bidder's own card leaves it undecided until the bidder chooses alone
                    # or the right-hand neighbour
                    holder = self.holder_of(c.called)
                    self.out["partner"] = None if holder == c.bidder else holder
                    self.out["alone"] = None
                else:
                    self.out["partner"] = st.bidding.called_holder if known else None
                    self.out["alone"] = st.bidding.called_holder == c.bidder if known else None
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
        c = st.bidding.contract
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
        while self.n_signals < len(st.signs.log):
            ev = st.signs.log[self.n_signals]
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
        done = st.exchange.steps
        if A.kind(action) is A.Kind.EXCHANGE and done and done[-1].what == TAKEN:
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
        while len(steps) < len(st.exchange.steps):
            ex = st.exchange.steps[len(steps)]
            steps.append({"seat": ex.seat, "gave": card_str(ex.gave), "took": card_str(ex.took),
                          "what": ex.what,
                          # the trick it came in: the one being played, or the one just won
                          "trick": ex.trick + 1 if A.kind(action) is A.Kind.EXCHANGE else ex.trick})
            gave, took = card_str(ex.gave), card_str(ex.took)
            if ex.what == ANNOUNCED:
                note = say("ExchangeAnnounced", "note", seat=ex.seat, card=gave, indicator=took)
            elif ex.what == RETURNED:
                note = say("ExchangeReturned", "note", seat=ex.seat, card=gave)
            elif A.kind(action) is A.Kind.EXCHANGE:  # at once
                if rule is not None and rule.first_trick_only:
                    continue
                note = say("ExchangeMade", "note", seat=ex.seat, gave=gave, took=took)
            else:  # an announced exchange, completed by a trick won
                note = say("ExchangeMade", "note.later", seat=ex.seat, gave=gave, took=took)
            if A.kind(action) is A.Kind.EXCHANGE:
                self._open_trick()["notes"].append(note)
            else:
                self.out["tricks"][-1]["notes"].append(note)

    def _monte(self, out: dict[str, Any]) -> None:
        """Briscola col Monte: the hands shown for a redeal, the monte and the cards laid
        aside (once the deal is over, or with --open), whom they counted for, and the
        bidder's choice with the called card."""
        st = self.state
        out["claims_kept"] = list(st.aside.claims)
        known = self.reveal or st.is_over()
        layout = st.layout
        out["monte"] = ([card_str(c) for c in layout.stock] if known and layout is not None
                        else None)
        out["discards"] = [card_str(c) for c in st.aside.discards] if known else None
        done = st.is_over() and st.tricks and not (st.result and st.result.redeal)
        out["discards_to"] = st.tricks[-1].winner if done else None
        from ..engine import actions as A

        said = A.of_kind(st.history, A.Kind.ALONE, A.Kind.SHOW)
        kinds = [A.kind(a) for a in said]
        out["declared"] = ("alone" if kinds == [A.Kind.ALONE] and known else
                           "show" if kinds == [A.Kind.SHOW] else None)

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
