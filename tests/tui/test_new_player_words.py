"""What a new player meets at a Sueca table in Portuguese, Italian and Spanish: a card
refused for not following suit names the suit in the language, and the rules panel names
the house rules as the new game form does; no English word of the game's on either."""

from __future__ import annotations

import random

import pytest
from tui_helpers import make_app, open_table, press, quiet, until
from words_support import english_in

from bisca_tui import lang
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import pack_named
from bisca_tui.engine.errors import IllegalAction
from bisca_tui.lang import _
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.table.settings import SYMBOLS
from bisca_tui.tui.cardart import card_text
from bisca_tui.tui.screens.rules import RulesScreen, rules_text
from bisca_tui.tui.widgets.board import sorted_hand
from bisca_tui.tui.widgets.rules_text import RulesText


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


def must_follow() -> Session:
    """A Sueca deal where the person is to play, holding the suit led and other cards."""
    for seed in range(200):
        seats = [SeatSpec(HUMAN, "You"), *(SeatSpec(BOT, f"B{k}", "random") for k in (1, 2, 3))]
        session = Session.new("sueca", {}, seats, seed=seed)
        st = session.state
        rng = random.Random(seed)
        while not st.is_over():
            if st.current == 0 and st.trick and set(st.legal_cards()) != set(st.hands[0]):
                return session
            st.apply(rng.choice(st.legal_actions()))
    raise AssertionError("no position found")


def refused(session: Session) -> tuple[int, IllegalAction]:
    """A card of the person's hand that may not be played now, and the engine's refusal of
    it (the state is left as it was)."""
    view = session.view(0)
    legal = {a for a in view.legal if A.is_play(a)}
    card = next(c for c in sorted_hand(session.variant, view) if c not in legal)
    with pytest.raises(IllegalAction) as caught:
        session.state.apply(A.with_card(A.Kind.PLAY, card))
    return card, caught.value


@pytest.mark.parametrize("code", ["pt", "it", "es"])
def test_a_refusal_speaks_the_player_s_language(code) -> None:
    """The sentence the status line shows for a card refused (the table's words around the
    engine's rule), in each language: the suit led named in it, no English word of the
    game's. The table shows it once, below."""
    lang.use(code)
    session = must_follow()
    card, error = refused(session)
    led = session.variant.suit[session.state.trick[0]]
    assert pack_named(session.variant.pack_style).suit_name(led) in error.rule
    said = _("You cannot play {card}: {rule}.").format(card=card_text(card, SYMBOLS),
                                                        rule=error.rule)
    assert english_in(code, said) == []


async def test_the_table_shows_the_refusal_and_the_rules_in_the_player_s_language(
        private_data) -> None:
    code = "pt"  # every language's words: the tests beside this one
    session = must_follow()
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        app.set_language(code)
        t = await open_table(app, pilot, session)
        card, error = refused(session)
        bad = t.sorted_hand(session.view(0)).index(card)
        await press(pilot, str(bad + 1))
        await quiet(pilot)
        status = " ".join(str(t.query_one("#status").render()).split())
        assert " ".join(error.rule.split()) in status
        led = session.variant.suit[session.state.trick[0]]
        assert pack_named(session.variant.pack_style).suit_name(led) in status
        assert english_in(code, status) == []
        # F1 shows the rules' page of the table's game in the language in use
        await press(pilot, "f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        page = app.screen.query_one(RulesText).source
        assert page == table_rules(session)
        assert english_in(code, page) == []


def table_rules(session: Session) -> str:
    """The rules' page F1 opens at ``session``'s table: its game, house rules, players."""
    v = session.variant
    return rules_text(v.id, dict(v.options), v.n_people)


@pytest.mark.parametrize("code", ["pt", "it", "es"])
def test_the_rules_page_of_the_table_speaks_the_player_s_language(code) -> None:
    """The page F1 opens at the Sueca table above (shown there once, in Portuguese), in
    each language: no English word of the game's, the house rules named as the new game
    form names them."""
    lang.use(code)
    page = table_rules(must_follow())
    assert english_in(code, page) == []
    assert "`tie`" not in page and "`sweep`" not in page
