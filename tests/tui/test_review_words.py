"""The coach's lines on screen say the table's sentences (``engine.narrate.MESSAGES``): the
words of a template in the styles the screen gives them, a card or an action spliced in with
its own, and a count in its one or many form."""

from __future__ import annotations

import pytest
from rich.text import Span, Text

from bisca_tui.coach import Decision, OtherDecision
from bisca_tui.engine import actions as A
from bisca_tui.engine import make_variant
from bisca_tui.engine.narrate import MESSAGES
from bisca_tui.tui.coaching import other_text, reason_of
from bisca_tui.tui.styled import styled


def test_a_sentence_keeps_its_styles_stretch_by_stretch() -> None:
    mark = Text("?? blunder", style="red")
    t = styled("Review", "worst.line", ("bold", "bold", ""), trick=3, mark=mark, loss="12",
               reason=Text("why"))
    assert t.plain == "Trick 3 ?? blunder, 12 points: why"
    # "Trick 3 " in one bold stretch (the number with the words before it), the mark in
    # its own colour, the rest plain
    assert t.spans == [Span(0, 8, "bold"), Span(8, 18, "red")]


def decision(expected: float, loss: float) -> Decision:
    return Decision(deal=0, step=0, seat=0, played=3, best=7, loss=loss, mark="mistake",
                    reason="", expected=expected, method="playouts")


def test_the_points_a_card_was_expected_to_bring_agree_with_their_count() -> None:
    v = make_variant("briscola")
    many = reason_of(decision(20.0, 4.0), "french", v).plain
    assert " was expected to bring your side about 24 card points; " in many
    assert many.endswith(" about 20.")
    one = reason_of(decision(0.2, 0.8), "french", v).plain
    assert " was expected to bring your side about 1 card point; " in one


def test_a_translated_table_is_what_the_review_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(MESSAGES["Review"], "chose",
                        "Escolheu {played}; o nível difícil teria escolhido {advised}.")
    monkeypatch.setitem(MESSAGES["Review"], "pass", "passar")
    d = OtherDecision(deal=0, step=0, seat=0, played=A.PASS, advised=A.BID + 70, reason="")
    text = other_text(d, "french", make_variant("chiamata-subito-al-due", None, 5)).plain
    assert text.startswith("Escolheu passar; o nível difícil teria escolhido ")
