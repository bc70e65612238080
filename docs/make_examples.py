"""Write the example game records shipped in ``bisca_tui/examples/``.

Run from the repository root: ``python docs/make_examples.py`` (``--check`` only compares).
The output is deterministic: the same code writes the same files, and the tests check that
the committed files are exactly what this script makes.

Each example is a whole match played by a simple rule of thumb (win a trick worth taking as
cheaply as possible, otherwise throw the least valuable card), so the records read like
plausible games rather than random ones; an auction is bid and called as the bots do it,
from the value of the hand. Some deals are written as explicit layouts rather
than seeds, to show that form of the record.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bisca_tui.bots.heuristics import special_choice
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import HEARTS, R_7, R_ACE, parse_card, rank_of
from bisca_tui.engine.match import Match
from bisca_tui.engine.records import Record, record_of_match
from bisca_tui.engine.state import GameState, Layout
from bisca_tui.engine.variant import Variant, make_variant

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bisca_tui" / "examples"
NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gil", "Helena"]


def _value(v: Variant, trump: int, card: int) -> tuple[int, int, int]:
    """How much a card is worth keeping: trumps first, then points, then strength."""
    return (1 if v.suit[card] == trump else 0, v.points[card], v.strength[card])


def _beats(v: Variant, trump: int, card: int, best: int) -> bool:
    if v.suit[card] == v.suit[best]:
        return v.strength[card] > v.strength[best]
    return v.suit[card] == trump


def choose(state: GameState, rng: random.Random, signal_rate: float = 0.2) -> int:
    """A plain rule of thumb, good enough to make readable example games."""
    v = state.variant
    legal = state.legal_actions()
    if A.EXCHANGE in legal:
        return A.EXCHANGE
    signals = [a for a in legal if A.is_signal(a)]
    if signals and rng.random() < signal_rate:
        return rng.choice(signals)
    if not any(A.is_play(a) for a in legal):  # bids, calls, discards: as the bots do
        seat = state.current
        assert seat is not None
        bid = special_choice(state.view(seat), v, rng)
        if bid is not None:
            return bid
    cards = [a for a in legal if A.is_play(a)]
    if not cards:
        return rng.choice(legal)
    trump = state.trump
    by_value = sorted(cards, key=lambda c: _value(v, trump, c))
    if not state.trick:
        return by_value[0] if rng.random() < 0.8 else rng.choice(cards)
    best_i = 0
    for i, c in enumerate(state.trick):
        if _beats(v, trump, c, state.trick[best_i]):
            best_i = i
    best = state.trick[best_i]
    seat = state.current
    assert seat is not None
    if v.team_of[state.trick_seats[best_i]] == v.team_of[seat]:
        plain = [c for c in by_value if v.suit[c] != trump]
        return max(plain, key=lambda c: v.points[c]) if plain else by_value[0]
    at_stake = sum(v.points[c] for c in state.trick)
    winners = [c for c in by_value if _beats(v, trump, c, best)]
    if winners and (at_stake >= 4 or v.points[winners[0]] >= 10 and v.suit[winners[0]] != trump):
        return winners[0]
    return by_value[0]


def play_out(state: GameState, rng: random.Random) -> None:
    while not state.is_over():
        state.apply(choose(state, rng))


def _shuffled_layout(v: Variant, rng: random.Random, trump: int | None = None,
                     indicator: bool = True) -> Layout:
    """A layout dealt from a shuffled pack: hands, then the indicator, then the stock."""
    pack = v.pack()
    rng.shuffle(pack)
    if indicator:
        # Capixaba never leaves an Ace or 7 as the indicator: pick another card.
        k = v.n * v.hand_size
        while rank_of(pack[k]) in (R_ACE, R_7):
            pack.append(pack.pop(k))
    hands = tuple(tuple(pack[s * v.hand_size:(s + 1) * v.hand_size]) for s in range(v.n))
    rest = pack[v.n * v.hand_size:]
    ind = rest.pop(0) if indicator else None
    return Layout(hands, v.suit[ind] if ind is not None else trump, ind, tuple(rest))


def bisca_tres() -> Record:
    """A whole match; the first deal written out card by card."""
    v = make_variant("bisca-3")
    m = Match(v, dealer=0, seed=3003)
    rng = random.Random(3)
    hands = (tuple(map(parse_card, ["AS", "5H", "QD"])), tuple(map(parse_card, ["7C", "KH", "2S"])))
    indicator = parse_card("4D")
    used = set(hands[0] + hands[1]) | {indicator}
    stock_rng = random.Random(33)
    stock = [c for c in v.pack() if c not in used]
    stock_rng.shuffle(stock)
    layout = Layout(hands, v.suit[indicator], indicator, tuple(stock))
    play_out(m.new_deal(layout=layout), rng)
    m.finish_deal()
    while not m.is_over():
        play_out(m.new_deal(), rng)
        m.finish_deal()
    return record_of_match(m, NAMES[:2])


def simple_match(variant_id: str, seed: int, options: dict | None = None,
                 players: int | None = None) -> Record:
    v = make_variant(variant_id, options, players)
    m = Match(v, dealer=v.n_people - 1, seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        play_out(m.new_deal(), rng)
        m.finish_deal()
    return record_of_match(m, NAMES[:v.n_people])


def _capixaba_match(seed: int) -> tuple[Match, bool]:
    """Deal 1 from a seed with a cut; deal 2 laid out after a knock; deal 3 laid out after a
    cut; then seeds with a cut or knock chosen at random, until the match is won."""
    v = make_variant("bisca-capixaba")
    m = Match(v, dealer=0, seed=seed)
    rng = random.Random(seed)
    layout_rng = random.Random(seed + 1)
    i = 0
    while not m.is_over():
        if i == 1:
            state = m.new_deal(layout=_shuffled_layout(v, layout_rng, HEARTS, indicator=False))
            state.apply(A.KNOCK)
        elif i == 2:
            state = m.new_deal(layout=_shuffled_layout(v, layout_rng))
            state.apply(A.CUT)
        else:
            state = m.new_deal()
            state.apply(A.CUT if i == 0 or rng.random() < 0.5 else A.KNOCK)
        play_out(state, rng)
        m.finish_deal()
        i += 1
    heley = any(s.score_events for s in m.deals)
    exchanged = m.deals[0].exchanged is not None
    return m, heley and exchanged and len(m.deals) >= 3


def capixaba() -> Record:
    """The first match seed (from 1) whose match has an exchange of the 2 of trumps in deal 1
    and at least one heley."""
    seed = 1
    while True:
        m, good = _capixaba_match(seed)
        if good:
            return record_of_match(m, NAMES[:4])
        seed += 1


def examples() -> dict[str, Record]:
    return {
        "bisca-3.json": bisca_tres(),
        "bisca-9.json": simple_match("bisca-9", 9009),
        "bisca-4.json": simple_match("bisca-4", 4004),
        "bisca-6.json": simple_match("bisca-6", 6006),
        "bisca-capixaba.json": capixaba(),
        "briscola.json": simple_match("briscola", 2002),
        "sueca.json": simple_match("sueca", 4040),
        "sueca-italiana.json": simple_match("sueca-italiana", 4041),
        "sueca-aberta.json": simple_match("sueca-aberta", 4042),
        "sueca-pontos.json": simple_match("sueca-pontos", 4043),
        "sueca-brasileira.json": simple_match("sueca-brasileira", 4044),
        "sueca-3.json": simple_match("sueca-3", 3030),
        "sueca-dupla.json": simple_match("sueca-dupla", 8080),
        "sueca-5.json": simple_match("sueca-5", 5050, {"deals": 5}),
        "chiamata.json": simple_match("chiamata", 5151, {"deals": 5}),
        "chiamata-6p.json": simple_match("chiamata", 6161, {"deals": 5}, players=6),
        "chiamata-punti.json": simple_match("chiamata-punti", 5252, {"deals": 5}),
        "chiamata-subito-al-due.json": simple_match("chiamata-subito-al-due", 5353,
                                                    {"deals": 5}),
        "chiamata-buio.json": simple_match("chiamata-buio", 5454, {"deals": 5}),
        "chiamata-monte.json": simple_match("chiamata-monte", 5555, {"deals": 5}),
        "chiamata-monte-6p.json": simple_match("chiamata-monte", 5657, {"deals": 5}, players=6),
        "chiamata-monte-7p.json": simple_match("chiamata-monte", 5757, {"deals": 5}, players=7),
        "briscola-3p.json": simple_match("briscola", 2003, players=3),
        "briscola-4p.json": simple_match("briscola", 2004, players=4),
        "brisca.json": simple_match("brisca", 3402),
        "brisca-3p.json": simple_match("brisca", 3403, players=3),
        "brisca-4p.json": simple_match("brisca", 3404, players=4),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, record in examples().items():
        path = OUT / name
        text = record.dumps()
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("out of date: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
