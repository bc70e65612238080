"""The beliefs of a deal, opened with b on its summary: each card decision of every seat
with the chances the seat gave each card it could not see, the true places marked, the
keys that step through the decisions and through the seats, and Esc back."""

from __future__ import annotations

import json
import re
import threading

import pytest
from beliefs_support import decision
from shouting import SHOUTED, english_after, shouting  # noqa: F401 (fixtures)
from tui_helpers import (
    last_trick_to_play,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    quick_table,
    quiet,
    until,
)

from bisca_tui.bots.levels import MediumBot
from bisca_tui.coach import beliefs as coach_beliefs
from bisca_tui.coach.beliefs import deal_beliefs
from bisca_tui.lang import speaking
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.beliefs import BeliefsScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.widgets.beliefs_grid import TRUTH, BeliefsGrid, legend

SAMPLES = 4
SEATS = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "hard"), SeatSpec(BOT, "Ana", "medium"),
         SeatSpec(BOT, "Zé", "easy")]


async def beliefs_of_a_deal(app, pilot) -> BeliefsScreen:
    """A deal of Bisca de Três against a bot played to its end by keys, then ``b``."""
    t = await quick_table(app, pilot, "bisca-3", 1)
    play_ahead(t.session, last_trick_to_play(t.session))
    t.refresh_table()
    await play_deal_by_keys(app, pilot)
    await press(pilot, "b")
    b = app.screen
    assert isinstance(b, BeliefsScreen)
    return b


def text_of(screen: BeliefsScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def grid_rows(screen: BeliefsScreen) -> list[str]:
    """The grid's rows as drawn: one a place, under the cards' header."""
    d = screen.decision
    assert d is not None
    lines = str(screen.query_one(BeliefsGrid).render()).splitlines()
    return lines[-len(d.places):]


async def sueca_summary(app, pilot) -> Session:
    """A Sueca deal against a hard, a medium and an easy bot, played to its summary. The
    hard seat's cards are played by a medium bot here (the hard level's play follows the
    clock); its beliefs are still the hard level's, as the table file names its level."""
    session = Session.new("sueca", {}, SEATS, seed=5)
    session.bots[1] = MediumBot(7)
    await open_table(app, pilot, session)
    play_ahead(session, last_trick_to_play(session))
    app.screen.refresh_table()
    await play_deal_by_keys(app, pilot)
    assert isinstance(app.screen, DealSummaryScreen)
    return session


async def test_b_on_the_summary_shows_each_seats_beliefs_and_the_truth(private_data) -> None:
    app = make_app(private_data)
    app.coach_samples = SAMPLES
    async with app.run_test(size=(80, 24)) as pilot:
        s = await sueca_summary(app, pilot)
        assert "b Beliefs" in "".join(str(w.render()) for w in app.screen.query("FooterKey"))
        await press(pilot, "b")  # waits for the worker, to its second answer
        b = app.screen
        assert isinstance(b, BeliefsScreen) and b.final
        expected = deal_beliefs(s.recording.record(), 0, samples=SAMPLES, with_best=True,
                                table=json.loads(s.recording.table_text()))
        assert b.beliefs == expected
        assert {d.who for d in expected} == {"person", "hard", "medium", "easy"}
        assert any(d.best is not None for d in expected)
        assert "Beliefs · deal 1 · all seats · decision 1 of" in text_of(b, "#beliefs-title")
        assert b.check_action("step", (-1,)) is None and b.check_action("step", (1,))
        # every decision in turn with →: whose, its level, the card chosen, the chances'
        # source, and each card's true place marked in its row
        for k, d in enumerate(expected):
            if k:
                await press(pilot, "right")
            assert b.index == k and b.decision == d
            title = text_of(b, "#beliefs-title")
            assert f"decision {k + 1} of {len(expected)}" in title
            about = text_of(b, "#beliefs-about")
            if d.samples:  # a search's sampled deals; what could be known is counted
                assert f"({d.samples} sampled deals)" in about
            else:
                assert "(every deal that fits counted)" in about and d.who != "hard"
            assert f"Trick {d.trick}:" in about
            if d.who == "person":
                assert "you played" in about and "What you could know then" in about
            elif d.who == "medium":
                assert "(medium bot) played" in about
                assert ("Medium bots do not reason about hidden cards: this is what could "
                        "be known.") in about
            elif d.who == "hard":
                assert "Rui (hard bot) played" in about and "What Rui believed" in about
                preferred = "The search preferred" in about
                assert preferred == (d.best is not None and d.best != d.chosen)
            rows = grid_rows(b)
            assert [r.count(TRUTH) for r in rows] == [
                sum(c.truth == p for c in d.cards) for p in range(len(d.places))]
        await press(pilot, "right")  # past the last: stays, the key greyed out
        assert b.index == len(expected) - 1
        assert b.check_action("step", (1,)) is None and b.check_action("step", (-1,))
        await press(pilot, "left", "comma")
        assert b.index == len(expected) - 3
        await press(pilot, "full_stop")
        assert b.index == len(expected) - 2
        # s: one seat's decisions at a time, then all again
        for seat, name in enumerate(["You", "Rui", "Ana", "Zé"]):
            await press(pilot, "s")
            assert b.seat == seat and b.shown() == [d for d in expected if d.seat == seat]
            assert b.decision is not None and b.decision.seat == seat
            assert f"· {name} · decision" in text_of(b, "#beliefs-title")
        await press(pilot, "s")
        assert b.seat is None and len(b.shown()) == len(expected)
        await press(pilot, "escape")
        assert isinstance(app.screen, DealSummaryScreen)


async def test_no_decision_to_show_says_so(private_data, monkeypatch) -> None:
    monkeypatch.setattr(coach_beliefs, "deal_beliefs", lambda *a, **k: [])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        b = await beliefs_of_a_deal(app, pilot)
        assert text_of(b, "#beliefs-about") == (
            "No decision in this deal had two or more cards to choose from.")
        await press(pilot, "s")
        assert text_of(b, "#beliefs-about") == (
            "You had no decision with two or more cards to choose from.")
        await press(pilot, "escape")
        assert isinstance(app.screen, DealSummaryScreen)


async def test_without_colour_the_picture_is_shades_and_marks(private_data,
                                                              monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    made = [decision([(1, (0.9, 0.1), 0), (12, (0.3, 0.7), 1)], (1, "stock"), seat=0,
                     who="person", chosen=5)]
    monkeypatch.setattr(coach_beliefs, "deal_beliefs", lambda *a, **k: made)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        b = await beliefs_of_a_deal(app, pilot)
        rows = grid_rows(b)
        assert rows[0].startswith("Rui") and rows[1].startswith("Stock")
        assert "█" + TRUTH in rows[0] and "▓" + TRUTH in rows[1]
        drawn = b.query_one(BeliefsGrid).render()
        assert not [s for s in drawn.spans if "#" in str(s.style)]  # no colour anywhere
        assert "░ under 25%" in text_of(b, "#beliefs-legend")


def made_beliefs() -> list:
    """A decision of each kind: the person's, a hard bot's (its search preferring
    another card), a medium bot's, an outside program's."""
    cards = [(1, (0.9, 0.1), 0), (12, (0.3, 0.7), 1), (25, (0.5, 0.5), 0)]
    return [decision(cards, (1, "stock"), seat=0, who="person", chosen=5),
            decision(cards, (0, "stock"), seat=1, who="hard", chosen=6, best=7, step=1),
            decision(cards, (0, "stock"), seat=1, who="medium", chosen=6, step=2),
            decision(cards, (0, "stock"), seat=1, who="other", chosen=6, step=3)]


async def open_made(app, pilot) -> BeliefsScreen:
    """The beliefs screen of a Bisca de Três deal, its beliefs ``made_beliefs``."""
    session = Session.new("bisca-3", {}, [SeatSpec(HUMAN, "You"),
                                          SeatSpec(BOT, "Rui", "hard")], seed=1)
    await quiet(pilot)
    app.push_screen(BeliefsScreen(session.recording.record(), 0, "portuguese",
                                  lambda k: session.name(k)))
    await until(pilot, lambda: isinstance(app.screen, BeliefsScreen)
                and app.screen.beliefs is not None)
    await quiet(pilot)
    return app.screen


def screen_lines(app) -> list[str]:
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


async def each_made_decision(app, pilot, code: str):
    """The beliefs screen of ``open_made`` in the language ``code``, at each of its four
    decisions in turn (→ from one to the next)."""
    app.set_language(code)
    b = await open_made(app, pilot)
    for k in range(4):
        if k:
            await press(pilot, "right")
        yield b


@pytest.mark.usefixtures("shouting")
async def test_every_word_of_the_beliefs_passes_through_gettext(private_data,
                                                                monkeypatch) -> None:
    monkeypatch.setattr(coach_beliefs, "deal_beliefs", lambda *a, **k: made_beliefs())
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        async for b in each_made_decision(app, pilot, SHOUTED):
            assert "TRICK 1:" in "\n".join(screen_lines(app))
            words = re.findall(r"[^\W\d_]+", "\n".join(screen_lines(app)))
            small = {w for w in words if re.search(r"[a-z]{2}", w)} - {"Rui", "esc"}
            assert small == set(), (b.decision, small)


@pytest.mark.parametrize("code", ["en", "pt", "it", "es"])
async def test_the_beliefs_fit_80_columns_in_every_language(private_data, monkeypatch,
                                                            code) -> None:
    monkeypatch.setattr(coach_beliefs, "deal_beliefs", lambda *a, **k: made_beliefs())
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        async for b in each_made_decision(app, pilot, code):
            lines = screen_lines(app)
            with speaking(code):
                key = legend().plain
            assert key in lines[lines.index(next(x for x in lines if key[:12] in x))]
            # the title, the sentences and the grid drawn whole: none runs off the screen
            about = b.query_one("#beliefs-about")
            assert about.region.bottom <= b.query_one(BeliefsGrid).region.y
            footer = list(b.query("FooterKey"))
            assert footer and footer[0].display


async def test_the_app_answers_while_the_beliefs_are_worked_out(private_data,
                                                                monkeypatch) -> None:
    """Esc leaves the screen while its worker is still busy; the summary is back at once."""
    release = threading.Event()
    started = threading.Event()

    def slow(*args, **kw):
        started.set()
        release.wait(30)
        return made_beliefs()

    monkeypatch.setattr(coach_beliefs, "deal_beliefs", slow)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", 1)
        play_ahead(t.session, last_trick_to_play(t.session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        summary = app.screen
        await press(pilot, "b", workers=False)
        b = app.screen
        assert isinstance(b, BeliefsScreen)
        await until(pilot, started.is_set)
        assert "Working out what each seat could know" in text_of(b, "#beliefs-about")
        assert b.query_one("#beliefs-spinner").display
        await press(pilot, "escape", workers=False)
        assert app.screen is summary
        release.set()
        await quiet(pilot)
        assert app.screen is summary and b.beliefs is None  # the late answer is dropped
