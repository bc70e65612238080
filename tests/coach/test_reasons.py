"""The reason templates: filled with cards kept as cards, sentences capitalised, cards
named in the game's own pack with trumps as trumps, and no template left unused."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bisca_tui.coach.sentences import TEMPLATES, Reason, capitalise, card_words, say
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.cards import parse_card
from bisca_tui.engine.narrate import CardRef

COACH = Path(__file__).resolve().parents[2] / "bisca_tui" / "coach"


def test_fields_become_parts_and_cards_stay_cards() -> None:
    r = say("take_last", "worth", points=10, card=CardRef(7))
    assert r.keys == ("take_last",)
    assert r.parts == ("Takes the trick and its 10 points with ", CardRef(7),
                       ": you play last.")
    both = r + say("close", alt=CardRef(3))
    assert both.keys == ("take_last", "close")
    assert both.text(lambda c: f"the card {c}") == (
        "Takes the trick and its 10 points with the card 7: you play last. The card 3 "
        "does about as well.")
    assert (Reason((), ()) + r) == r


def test_each_sentence_starts_with_a_capital() -> None:
    assert capitalise("the 7. the Ace: x. ok") == "The 7. The Ace: x. Ok"
    assert capitalise("7♥ leads") == "7♥ leads"


def test_cards_are_named_in_the_games_pack_with_trumps_as_trumps() -> None:
    s = GameState(make_variant("briscola"), seed=3)
    view = s.view(s.current)
    name = card_words(view)
    trump = [c for c in range(40) if c // 10 == view.trump][0]
    plain = next(c for c in range(40) if c // 10 != view.trump and c % 10 == 8)  # a Horse
    assert name(trump) == "the Ace of trumps"
    assert name(plain).startswith("the Horse of ")  # the Italian pack
    s = GameState(make_variant("sueca"), seed=3)
    view = s.view(s.current)
    queen = parse_card("QS") if view.trump != 0 else parse_card("QH")
    assert card_words(view)(queen).startswith("the Queen of ")


def test_every_template_is_used_and_well_formed() -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(COACH.glob("*.py"))]
    # the code outside the table of templates names every key
    code = "".join(re.sub(r"TEMPLATES: dict\[str, str\] = \{.*?\n\}\n", "", t, flags=re.S)
                   for t in texts)
    # a key's forms (after a dot) are named there too, each
    unused = [k for k in TEMPLATES if any(f'"{w}"' not in code for w in k.split("."))]
    assert not unused, unused
    for key, text in TEMPLATES.items():
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        assert all(f.isidentifier() for f in fields), key
        assert text.endswith((".", ":")) or "{reason}" in text, key


def test_the_estimate_says_one_card_point_in_the_singular() -> None:
    from bisca_tui.bots.pimc import ActionValue, Evaluation
    from bisca_tui.coach.reasons import verdict

    s = GameState(make_variant("briscola"), seed=3)
    view = s.view(s.current)
    card = view.hand[0]

    def said(points: float) -> str:
        ev = Evaluation(view.seat, {card: ActionValue(card, 0.5, points, 0.25)}, card, 20,
                        "playouts")
        return verdict(view, ev, card).text()

    assert said(1.2) == ("The search expects about 1 card point for your side, with a 25% "
                         "chance to win the deal.")
    assert said(7.0).startswith("The search expects about 7 card points for your side")
