"""The Briscola Chiamata rules page says what the engine does: the bid ladder, the payment
tables, the session's house rules."""

from __future__ import annotations

import re

from rules_support import flat, section, tables

from bisca_tui.engine import actions as A
from bisca_tui.engine import make_variant
from bisca_tui.engine.calling import payment
from bisca_tui.rules import FALLBACK_NOTE, rules_markdown


def signed(cell: str) -> int:
    return int(cell.replace("+", ""))


def test_the_page_is_written_not_the_fallback() -> None:
    text = rules_markdown("chiamata")
    assert FALLBACK_NOTE not in text and text.startswith("# Briscola Chiamata\n")
    for heading in ("Players and pack", "The deal", "The bidding", "The call", "The play",
                    "Scoring", "The session", "Ranking and points", "House rules in effect"):
        assert f"## {heading}" in text.splitlines(), heading


def test_the_bid_ladder_is_the_engines() -> None:
    v = make_variant("chiamata")
    body = flat(section(rules_markdown("chiamata"), "The bidding"))
    m = re.search(r"From the weakest bid to the strongest: ([A-Za-z, ]+)\.", body)
    assert m
    words = [w.strip() for w in m.group(1).split(",")]
    ladder = v.auction_rules.domain.ladder()
    ranks = [v.auction_rules.domain.label(a) for a in ladder if a >= A.BID_RANK]
    assert words == ranks + ["Two"]
    assert v.auction_rules.domain.label(A.BID + 61) == "Two for 61"
    assert "counts as two for 61" in body and "up to 120" in body
    assert ladder[-1] == A.BID + 120


def test_the_payment_tables_are_the_engines() -> None:
    found = tables(section(rules_markdown("chiamata"), "Scoring"))
    assert len(found) == 2
    for rows, alone in zip(found, (False, True), strict=True):
        covered: list[int] = []
        for row in rows:
            lo, hi = (int(x) for x in re.fullmatch(r"(\d+) to (\d+)", row[0]).groups())
            for need in range(lo, hi + 1):
                win, each = payment(need, alone)
                assert signed(row[1]) == win, (row, need)
                assert signed(row[-1]) == -each, (row, need)
                if not alone:
                    assert signed(row[2]) == each
            covered.extend(range(lo, hi + 1))
        assert covered == list(range(61, 121))


def test_the_session_house_rules_are_the_engines() -> None:
    body = flat(section(rules_markdown("chiamata"), "The session"))
    v = make_variant("chiamata")
    assert "a session of 10 deals" in body and v.match_deals() == 10
    t = make_variant("chiamata", {"session": "target", "target": 30})
    assert t.match_deals() is None and t.match_target() == 30
    assert "`session`" in body and "`target`" in body
