"""Soak test: many random deals of every registered variant, checking the engine's invariants.

Every variant the engine registers is soaked, at each number of players it allows (Sueca with
two packs for 6 and for 8). For each, plays ``--deals`` random deals (default 10,000) through
the public API, with the default house rules and with house rules drawn at random, and checks,
for every deal:

- every card of the pack is in exactly one place (the undealt pack, hands, stock, indicator,
  the trick on the table, the tricks taken) at the start and after every trick;
- a legal action exists whenever the deal is not over, and a seat that can follow the suit
  led is only offered cards of that suit in the games that make it follow;
- every seat's view can be built at the end of every trick;
- a finished deal's card points add up to the pack's total (120; 240 with two packs; plus the
  last-trick bonus of Sueca Brasileira), its tricks to the pack size over the seats, and its
  score names a winner only with more than half the points (Capixaba's heleys aside); in Sueca
  for five the winner is the bidder who made the bid and the payments sum to zero;
- replaying the history from the seed rebuilds the same state (same signature), and the same
  actions from the dealt layout give the same tricks and result.

Every ``--match-every`` deals it also plays a whole match (or session) and checks that its
record, written to JSON and read back, replays to the same deals and the same standing, and
that ``bisca-tui replay`` can tell it (as text and as JSON) without error.

    python benchmarks/soak.py [--deals N] [--match-every K] [--seed S] [--only ID ...]

Prints counts per variant, the errors found (the first few in full) and the time taken; exits
with status 1 if any check failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from bisca_tui.engine import GameState, Match, make_variant
from bisca_tui.engine.records import parse_record, record_of_match, replay_record
from bisca_tui.engine.variant import FOLLOW_OR_TRUMP, FOLLOW_SUIT, Variant, all_variants
from bisca_tui.replay import build_report, render_text

NAMES = ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"]


class Soak:
    def __init__(self, show: int = 10) -> None:
        self.errors: Counter[str] = Counter()
        self.shown = 0
        self.show = show

    def fail(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if self.shown < self.show:
            self.shown += 1
            print(f"  ERROR {kind}: {detail}", flush=True)


def configurations(only: list[str] | None = None) -> list[tuple[str, int]]:
    """(variant id, players) for every registered variant and player count."""
    out = []
    for cls in all_variants():
        if only and cls.id not in only:
            continue
        for n in cls.players:
            out.append((cls.id, n))
    return out


def random_options(vid: str, rng: random.Random) -> dict[str, Any]:
    cls = make_variant(vid).__class__
    return {h.name: rng.choice(h.choices) for h in cls.house_rules}


def total_points(v: Variant) -> int:
    """Card points a finished deal shares out."""
    hook = getattr(v, "total_points", None)
    if hook is not None:
        return int(hook())
    return sum(v.points[c] for c in v.pack())


def cards_in_place(state: GameState) -> list[int]:
    out = [c for h in state.hands for c in h] + list(state.stock) + list(state.trick)
    out.extend(state.deck)
    if state.indicator is not None:
        out.append(state.indicator)
    for t in state.tricks:
        out.extend(t.cards)
    return out


def check_cards(s: Soak, v: Variant, state: GameState, where: str) -> None:
    cards = cards_in_place(state)
    if sorted(cards) != sorted(v.pack()):
        dup = [c for c, k in Counter(cards).items() if k > 1]
        s.fail("cards", f"{where}: {len(cards)} cards in place, duplicates {dup}")


def check_legal(s: Soak, state: GameState, legal: list[int], where: str) -> None:
    v = state.variant
    if state.phase != "play" or not state.trick or v.restriction not in (FOLLOW_SUIT,
                                                                         FOLLOW_OR_TRUMP):
        return
    led = v.suit[state.trick[0]]
    hand = state.hands[state.current]
    cards = [a for a in legal if 0 <= a < 80]
    if any(v.suit[c] == led for c in hand) and any(v.suit[c] != led for c in cards):
        s.fail("legal", f"{where}: a seat holding the suit led may play another suit")
    if v.restriction == FOLLOW_OR_TRUMP and not any(v.suit[c] == led for c in hand) and any(
            v.suit[c] == state.trump for c in hand) and any(
            v.suit[c] != state.trump for c in cards):
        s.fail("legal", f"{where}: a void seat holding trumps may play a plain card")


def play_random(s: Soak, state: GameState, rng: random.Random, where: str) -> None:
    v = state.variant
    check_cards(s, v, state, where)
    tricks = 0
    while not state.is_over():
        legal = state.legal_actions()
        if not legal:
            s.fail("stuck", f"{where}: no legal action in phase {state.phase}")
            return
        check_legal(s, state, legal, where)
        state.apply(legal[rng.randrange(len(legal))])
        if len(state.tricks) != tricks:
            tricks = len(state.tricks)
            check_cards(s, v, state, f"{where}, trick {tricks}")
            for seat in range(state.n):
                state.view(seat)


def check_finished(s: Soak, state: GameState, where: str) -> None:
    v = state.variant
    res = state.result
    if res is None:
        s.fail("result", f"{where}: over without a result")
        return
    if res.ended_early:
        return
    total = total_points(v)
    if sum(state.points) != total or sum(res.card_points) != total:
        s.fail("points", f"{where}: card points add up to {sum(state.points)}, not {total}")
    if sum(t.points for t in state.tricks) != sum(v.points[c] for c in v.pack()):
        s.fail("points", f"{where}: the tricks hold {sum(t.points for t in state.tricks)}")
    if sum(res.tricks) != len(v.pack()) // v.n or len(state.tricks) != len(v.pack()) // v.n:
        s.fail("tricks", f"{where}: {sum(res.tricks)} tricks")
    if "bids" in state.extra:  # Sueca for five: the bidder's side against the rest
        need = max(61, int(state.extra["bid"]))
        made = res.card_points[0] >= need
        if res.winner != (state.extra["bidder"] if made else None):
            s.fail("score", f"{where}: winner {res.winner} with {res.card_points}, need {need}")
        if sum(res.game_points) != 0 or (made and res.game_points[state.extra["bidder"]] <= 0):
            s.fail("score", f"{where}: payments {res.game_points}")
        return
    heley = bool(state.score_events)
    if not heley and res.winner is not None and 2 * res.card_points[res.winner] <= total:
        s.fail("score", f"{where}: winner {res.winner} with {res.card_points}")
    if v.id == "sueca-pontos":
        if list(res.game_points) != list(res.card_points):
            s.fail("score", f"{where}: points {res.game_points} for {res.card_points}")
    elif not heley and res.winner is None and sum(res.game_points) != 0:
        s.fail("score", f"{where}: no winner but game points {res.game_points}")


def check_replay(s: Soak, state: GameState, where: str) -> None:
    v = state.variant
    again = GameState.replay(v, state.history, state.dealer, state.seed, state.layout_given)
    if again.signature() != state.signature():
        s.fail("replay", f"{where}: replay from the seed differs")
    clone = state.clone()
    if clone.signature() != state.signature():
        s.fail("clone", f"{where}: the clone differs")
    if state.layout is None:
        return
    laid = GameState(v, state.dealer, state.seed, state.layout)
    for a in state.history:
        laid.apply(a)
    if (laid.tricks, laid.points, laid.result) != (state.tricks, state.points, state.result):
        s.fail("layout", f"{where}: replay from the dealt layout differs")


def one_deal(s: Soak, v: Variant, seed: int, rng: random.Random) -> None:
    where = f"{v.id}/{v.n} {v.options} seed {seed}"
    try:
        state = GameState(v, dealer=seed % v.n, seed=seed)
        play_random(s, state, rng, where)
        check_finished(s, state, where)
        check_replay(s, state, where)
    except Exception as e:  # any crash is an error to count, not the end of the soak
        s.fail("crash", f"{where}: {e.__class__.__name__}: {e}")


def one_match(s: Soak, v: Variant, seed: int, rng: random.Random) -> int:
    where = f"{v.id}/{v.n} {v.options} match {seed}"
    try:
        m = Match(v, dealer=seed % v.n_people, seed=seed)
        while not m.is_over():
            state = m.new_deal()
            play_random(s, state, rng, where)
            check_finished(s, state, where)
            m.finish_deal()
            if len(m.deals) > 300:
                s.fail("match", f"{where}: no winner after 300 deals")
                return len(m.deals)
        limit = v.match_deals()
        if limit is not None and len(m.deals) != limit:
            s.fail("match", f"{where}: a session of {limit} deals played {len(m.deals)}")
        record = record_of_match(m, NAMES[:v.n_people])
        back = replay_record(parse_record(record.dumps(), where), where)
        if [d.signature() for d in back.deals] != [d.signature() for d in m.deals]:
            s.fail("record", f"{where}: the record replays to other deals")
        if (back.scores, back.winner) != (m.scores, m.winner):
            s.fail("record", f"{where}: standing {back.scores} instead of {m.scores}")
        rep = build_report(record, where)
        text = render_text(rep)
        json.dumps(rep)
        if rep["match"]["games"] != m.scores or rep["deals"][-1]["match_after"] != m.scores:
            s.fail("report", f"{where}: the replay tells {rep['match']['games']}")
        if not rep["match"]["over"] or ("Match over" not in text
                                        and "Session over" not in text):
            s.fail("report", f"{where}: the replay does not tell the end of the match")
        return len(m.deals)
    except Exception as e:
        s.fail("crash", f"{where}: {e.__class__.__name__}: {e}")
        return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="random deals per variant")
    ap.add_argument("--match-every", type=int, default=100,
                    help="also play a whole match every K deals (0: never)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed")
    ap.add_argument("--only", nargs="*", metavar="ID", help="soak only these variants")
    args = ap.parse_args(argv)
    s = Soak()
    start = time.perf_counter()
    for vid, n in configurations(args.only):
        rng = random.Random(f"{vid}/{n}/{args.seed}")
        # the defaults, and three sets of house rules drawn at random
        variants = [make_variant(vid, players=n)] + [
            make_variant(vid, random_options(vid, rng), n) for _ in range(3)]
        t0 = time.perf_counter()
        before = sum(s.errors.values())
        matches = match_deals = 0
        for i in range(args.deals):
            seed = args.seed + i
            v = variants[i % len(variants)]
            one_deal(s, v, seed, rng)
            if args.match_every and i % args.match_every == 0:
                matches += 1
                match_deals += one_match(s, v, seed, rng)
        errs = sum(s.errors.values()) - before
        print(f"{vid} players {n} deals {args.deals} matches {matches} "
              f"match_deals {match_deals} errors {errs} "
              f"seconds {time.perf_counter() - t0:.1f}", flush=True)
    total = sum(s.errors.values())
    print(f"total errors {total} seconds {time.perf_counter() - start:.1f}")
    for kind, n in sorted(s.errors.items()):
        print(f"  {kind} {n}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
