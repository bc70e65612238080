"""``replay --open`` of a col Monte deal between the call and the bidder's declaration: a
bidder who holds the called card (from the hand or found in the monte, kept or laid aside)
has a partner only once it chooses, alone or the right-hand neighbour; until then the
report names no partner. A called card in another hand names its holder at once."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bisca_tui.engine import Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.records import record_of_match
from bisca_tui.replay import main

NAMES = ["Ana", "Bia", "Carla", "Duda", "Eva"]


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


# dealer 4, eldest seat 0 (no counting card: it may ask for a redeal, and keeps the hand)
HANDS = (
    cards("2S 4S 5S 6S 7S 2H 4H"),
    cards("AS 3S KS QS JS 5H 6H"),
    cards("AH 3H KH QH JH 7H 2D"),
    cards("AD 3D KD QD JD 4D 5D"),
    cards("AC 3C KC QC JC 2C 4C"),
)
MONTE = cards("6D 7D 5C 6C 7C")
BIDDER = 1


def deal(called: str, laid: str, declared: int) -> tuple[Match, int]:
    """Seat 1 wins the auction at 70, calls ``called``, lays ``laid`` aside and declares;
    the rest played at random. Returns the match and the number of actions before the
    declaration."""
    m = Match(make_variant("chiamata-monte"), dealer=4, seed=1)
    s = m.new_deal(layout=Layout(tuple(tuple(h) for h in HANDS), 0, None, tuple(MONTE)))
    for a in (A.PASS, A.PASS, A.BID + 70, A.PASS, A.PASS, A.PASS,
              A.CALL + parse_card(called), *[A.DISCARD + c for c in cards(laid)]):
        s.apply(a)
    assert s.phase == "declare" and s.current == BIDDER
    before = len(s.history)
    s.apply(declared)
    rng = random.Random(0)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return m, before


def replay(tmp_path: Path, capsys, m: Match, actions: int,
           *options: str) -> tuple[dict, str]:
    """The deal cut after ``actions``: ``replay --json`` (with ``options``) and the text."""
    data = json.loads(record_of_match(m, NAMES).dumps())
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:actions]
    path = tmp_path / f"cut{actions}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(path), "--json", *options]) == 0
    report = json.loads(capsys.readouterr().out)["deals"][0]
    assert main([str(path), *options]) == 0
    return report, capsys.readouterr().out


@pytest.mark.parametrize(("called", "laid", "declared", "partner"), [
    ("7D", "6D 5C 6C 7C 5H", A.ALONE, BIDDER),  # found in the monte, kept: alone
    ("7D", "6D 5C 6C 7C 5H", A.SHOW, BIDDER + 1),  # found in the monte: the neighbour
    ("7D", "7D 6D 5C 6C 7C", A.SHOW, BIDDER + 1),  # found in the monte and laid aside
    ("KS", "6D 7D 5C 6C 7C", A.ALONE, BIDDER),  # called from the bidder's own hand
])
def test_a_bidder_holding_the_called_card_has_no_partner_until_it_chooses(
        tmp_path, capsys, called: str, laid: str, declared: int, partner: int) -> None:
    m, before = deal(called, laid, declared)
    d, text = replay(tmp_path, capsys, m, before, "--open")
    assert (d["bidder"], d["called"]) == (BIDDER, called)
    assert d["partner"] is None and d["alone"] is None  # undecided, not seat 1
    assert d["hands"] is not None and d["discards"] == laid.split()
    assert (f"Seat 1 (Bia) holds {called} and has yet to choose: alone, or with the "
            "right-hand neighbour") in text
    assert "Partner: seat" not in text and "plays alone" not in text
    hidden, _ = replay(tmp_path, capsys, m, before)  # as the table sees it: not told
    assert hidden["partner"] is None and hidden["alone"] is None
    d, text = replay(tmp_path, capsys, m, before + 1, "--open")  # chosen
    assert d["partner"] == partner and d["alone"] == (partner == BIDDER)
    assert "has yet to choose" not in text


def test_a_called_card_in_another_hand_names_its_holder_before_the_declaration(
        tmp_path, capsys) -> None:
    m, before = deal("AH", "6D 7D 5C 6C 7C", A.PASS)  # AH is seat 2's
    d, text = replay(tmp_path, capsys, m, before, "--open")
    assert d["partner"] == 2 and d["alone"] is None
    assert "Seat 2 (Carla) holds AH; the bidder has yet to declare" in text
    d, _ = replay(tmp_path, capsys, m, before + 1, "--open")
    assert d["partner"] == 2 and d["alone"] is False
