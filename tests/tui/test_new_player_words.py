"""What a new player meets at a Sueca table in Portuguese, Italian and Spanish: a card
refused for not following suit names the suit in the language, and the rules panel names
the house rules as the new game form does; no English word of the game's on either."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Markdown
from tui_helpers import make_app, open_table, press, quiet, until
from words_support import english_in

from bisca_tui import lang
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import pack_named
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.rules import RulesScreen, rules_text


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


@pytest.mark.parametrize("code", ["pt", "it", "es"])
async def test_a_refusal_and_the_rules_speak_the_player_s_language(private_data, code):
    session = must_follow()
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        app.set_language(code)
        t = await open_table(app, pilot, session)
        view = session.view(0)
        shown = t.sorted_hand(view)
        legal = {a for a in view.legal if A.is_play(a)}
        bad = next(i for i, c in enumerate(shown) if c not in legal)
        await press(pilot, str(bad + 1))
        await quiet(pilot)
        status = str(t.query_one("#status").render())
        led = session.variant.suit[session.state.trick[0]]
        assert pack_named(session.variant.pack_style).suit_name(led) in status.replace("\n", " ")
        assert english_in(code, status) == []
        if code != "pt":  # the page's words in every language: the test below
            return
        # F1 shows the rules' page of the table's game in the language in use
        await press(pilot, "f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        page = app.screen.query_one(Markdown).source
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
