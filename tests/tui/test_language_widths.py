"""Every screen at the smallest size the table takes (80x24), drawn in every language, shows
each of its labels whole on one line: no button wrapped, no key hint or column heading cut.

Portuguese and Spanish run longer than English; a translation that does not fit fails here
with the label and the screen named. Labels are the short words a screen is built of
(buttons, tabs, key hints, the footer's keys, the form's row labels, a table's column
headings); paragraphs that wrap by design (rules, notes) are not labels.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shouting import english_after  # noqa: F401 (fixture)
from textual.widgets import Button, DataTable, Label, Tab
from textual.widgets._footer import FooterKey
from tui_helpers import (
    first_playable_index,
    hand_key,
    last_trick_to_play,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
    quick_table,
    quiet,
    until,
    workers_done,
)

from bisca_tui import lang
from bisca_tui.engine import actions as A
from bisca_tui.engine.narrate import say
from bisca_tui.engine.records import load_record
from bisca_tui.engine.spoken import game_name
from bisca_tui.engine.variant import make_variant
from bisca_tui.history.sample import demo_entries
from bisca_tui.history.store import Store
from bisca_tui.lang import _
from bisca_tui.replay import viewer_app
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.coaching import review_text
from bisca_tui.tui.screens.history import HistoryScreen
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.review import ReviewScreen
from bisca_tui.tui.screens.rules import RulesScreen
from bisca_tui.tui.screens.stats import StatsScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.widgets.common import FittingFooter, KeyHints
from bisca_tui.tui.widgets.table import seat_role

pytestmark = pytest.mark.usefixtures("english_after")

LANGUAGES = list(lang.LANGUAGES)
# the languages that run longer than the English of the code (whose table and summary at
# 80x24 other tests and the snapshots hold)
LONGER = [code for code in LANGUAGES if code != lang.DEFAULT]
SIZE = (80, 24)
EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"


def flat(text: str) -> str:
    return " ".join(text.split())


def screen_lines(app) -> list[str]:
    return [flat(strip.text) for strip in app.screen._compositor.render_strips()]


def labels(app) -> list[tuple[str, str]]:
    """(what, text) of every label shown on the screen."""
    found: list[tuple[str, str]] = []
    for w in app.screen.query("*"):
        if not w.display or w.region.area == 0:
            continue
        if isinstance(w, Button):
            found.append(("button", str(w.label)))
        elif isinstance(w, FooterKey):
            found.append(("footer key", f"{w.key_display} {w.description}"))
        elif isinstance(w, Tab):
            found.append(("tab", str(w.label)))
        elif isinstance(w, KeyHints):  # the hints that fit, each whole
            shown = w.shown(w.size.width)
            assert shown[:1] == w.hints[:1], "the first key hint always shows"
            found.extend(("key hint", f"{key} {what}") for key, what in shown)
        elif isinstance(w, Label) and "\n" not in str(w.content):
            found.append(("label", str(w.content)))
        elif isinstance(w, DataTable) and w.show_header:  # the columns in view; the rest
            x = 0                                          # scroll into view
            for c in w.columns.values():
                x += c.get_render_width(w)
                if x <= w.scrollable_content_region.width:
                    found.append(("column", str(c.label)))
    return [(what, flat(text)) for what, text in found if flat(text)]


def frames(app) -> list[tuple[str, str]]:
    """(the words, the frame's rows as drawn) of every frame with words (a seat's name, the
    dealer), each read within its own widget: the same word elsewhere does not count."""
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    found = []
    for w in app.screen.query("*"):
        if not w.display or w.region.area == 0 or not (w.border_title or w.border_subtitle):
            continue
        r = w.region
        if r.y < 0 or r.bottom > len(rows):  # scrolled out of sight: nothing to read
            continue
        drawn = " ".join(flat(rows[y][r.x:r.right]) for y in (r.y, r.bottom - 1))
        for words in (w.border_title, w.border_subtitle):
            if words:
                found.append((flat(str(words)).removeprefix("▶ "), drawn))
    return found


def clipped(app) -> list[str]:
    lines = screen_lines(app)
    cut = [f"{what} {text!r}" for what, text in labels(app)
           if not any(text in line for line in lines)]
    return cut + [f"frame {words!r}" for words, drawn in frames(app) if words not in drawn]


async def check(app, pilot, where: str, labelled: bool = True) -> None:
    # the footer leaves out the keys that do not fit once it is laid out: wait for it
    await until(pilot, lambda: all(f.fitted for f in app.screen.query(FittingFooter)))
    assert labels(app) or not labelled, f"no label found on {where}"
    footer = [k for k in app.screen.query(FooterKey)]
    if footer:  # a footer too narrow for its keys leaves the last out, never the first
        assert footer[0].display, f"the footer of {where} shows no key"
    for k in footer:  # nor the keys that lead to the others: ? and the rules' F1
        assert k.display or k.key not in FittingFooter.KEPT, \
            f"{lang.current()}: {k.key_display} {k.description} left out of {where}'s footer"
    assert clipped(app) == [], f"{lang.current()}: cut or wrapped on {where}"


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_screens_away_from_the_table(private_data, code) -> None:
    """Each screen at 80x24, then the new game form at 80x50."""
    store, problem = Store.open(private_data)
    assert store is not None and problem is None
    store.write_many(demo_entries(6))
    store.close()
    lang.use(code)
    app = make_app(private_data)
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        await check(app, pilot, "the start screen")
        for key, screen, where in (("r", RulesScreen, "the rules panel"),
                                   ("s", StatsScreen, "the statistics"),
                                   ("h", HistoryScreen, "the past matches"),
                                   ("n", NewGameScreen, "the new game form")):
            if screen is NewGameScreen:
                # on four seats and the match's length, as --variant opens it: in view at
                # 80x24, the labels of the first game's form (three seats) and more
                app.first_variant = "bisca-4"
            await press(pilot, key)
            await until(pilot, lambda screen=screen: isinstance(app.screen, screen))
            await quiet(pilot)
            await check(app, pilot, where)
            if screen is NewGameScreen:  # kept open for its second look, below
                break
            await press(pilot, "escape")
            await until(pilot, lambda screen=screen: not isinstance(app.screen, screen))
        # the new game form's labels stand apart from their fields: as narrow as it gets,
        # and tall enough for all of it in view (the form just drawn, made taller)
        form = app.screen
        await pilot.resize_terminal(80, 50)
        await until(pilot, lambda: form.size == (80, 50))
        await quiet(pilot)
        assert app.screen is form and form.size == (80, 50) and form.variant_id == "bisca-4"
        assert len(form.query(".row > .label")) > 8
        assert form_rows(app) == [], code


def form_rows(app) -> list[str]:
    """The rows of the new game form whose label is wrapped, cut, or runs into its field
    ("Lugar 4 (à esquerda)Bot: médio")."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    bad = []
    for label in app.screen.query(".row > .label"):
        r = label.region
        if not label.display or not r.area or not label.parent.display:
            continue
        text = flat(str(label.content))
        if not lines[r.y][r.x:].lstrip().startswith(text + " "):
            bad.append(f"{text!r} in {lines[r.y].strip()!r}")
    return bad


async def speak(app, pilot, code: str) -> None:
    """Switch to ``code`` as the palette's choice of language does, its notice put away."""
    app.set_language(code)
    app.clear_notifications()
    await quiet(pilot)


# the six-player table has the fullest footer and side panel; Capixaba opens on the cut,
# Chiamata on the bidding
@pytest.mark.parametrize("variant", ["bisca-6", "bisca-capixaba", "chiamata", "brisca"])
async def test_the_table_and_its_keys(private_data, variant) -> None:
    """In each language longer than English: the table said again in it as the palette's
    choice of language says it (a dialog opened again in it), at one table."""
    lang.use(LONGER[0])
    app = make_app(private_data)
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, variant, seed=3)
        await quiet(pilot)
        if app.screen is not t:  # the dialog it opens with (a bid, a cut)
            for code in LONGER:
                if code != lang.current():  # the dialog closed, opened again in the language
                    await speak(app, pilot, code)
                    await press(pilot, "b")
                    await until(pilot, lambda: app.screen is not t)
                    await quiet(pilot)
                await check(app, pilot, f"the {variant} table's dialog")
                await pilot.press("escape")  # a look at the table behind the dialog
                await until(pilot, lambda: app.screen is t)
                await pilot.pause()
                await check(app, pilot, f"the {variant} table behind its dialog")
                if (code, variant) == ("it", "chiamata"):  # the longest words of the centre
                    rows = panel_rows(app, app.screen.query_one("#stock"))
                    at = rows.index("non ancora")
                    assert rows[at - 1] == "briscola" and rows[at + 1] == "" \
                        and rows[at + 2] == "asta", rows
            return
        for code in LONGER:
            if code != lang.current():
                await speak(app, pilot, code)
            await check(app, pilot, f"the {variant} table")
        played = t.session.is_human(t.session.state.current) and \
            t.session.state.phase == "play"
        if played:  # a card played: undo and the last trick join the footer, the fullest
            await play_key(app, pilot, hand_key(first_playable_index(t)))
            await quiet(pilot)
        keys = variant == "bisca-6"  # the keys screen, for the game with the most keys
        if not (played or keys):
            return
        for code in reversed(LONGER):  # the language in use first: each said once more
            if code != lang.current():
                await speak(app, pilot, code)
            if played:
                await check(app, pilot, f"the {variant} table after a trick")
            if not keys:
                continue
            await press(pilot, "question_mark")
            await until(pilot, lambda: isinstance(app.screen, KeysScreen))
            await quiet(pilot)
            # the keys screen's descriptions wrap by design; its title and the keys show
            await check(app, pilot, f"the keys of the {variant} table", labelled=False)
            title = f"— {game_name(make_variant(variant))}"
            assert any(title in line for line in screen_lines(app)), screen_lines(app)
            await press(pilot, "escape")
            await until(pilot, lambda: app.screen is t)


class TwoFor:
    """A bot that bids two for ``points`` when it may, and passes after."""

    def __init__(self, points: int) -> None:
        self.points = points

    def choose(self, view) -> int:
        bid = A.BID + self.points
        return bid if bid in view.legal else A.PASS if A.PASS in view.legal else view.legal[0]


def panel_rows(app, widget) -> list[str]:
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    r = widget.region
    return [flat(rows[y][r.x:r.right].strip("│╭╮╰╯─ ")) for y in range(r.y, r.bottom)]


async def test_a_bid_of_two_for_points_stands_whole_in_its_seat_box(private_data) -> None:
    """In each language: the table said again in it as the palette's choice of language
    says it, the bids made once."""
    app = make_app(private_data)
    session = Session.new("chiamata", {}, default_seats(5, "random"), seed=21)
    session.bots = {seat: TwoFor(61 + seat) for seat in range(1, 5)}  # type: ignore[misc]
    ace = next(a for a in session.view(0).legal if a != A.PASS)  # the first bid after Pass
    session.apply(ace, 0)
    play_ahead(session, lambda st: len(st.bidding.bids) >= 5)  # two for 62 to 65
    async with app.run_test(size=(120, 40)) as pilot:
        t = await open_table(app, pilot, session)
        assert app.screen is not t  # the person's next bid
        await press(pilot, "escape")  # a look at the table behind it
        await until(pilot, lambda: app.screen is t)
        for code in LANGUAGES:
            app.set_language(code)
            app.clear_notifications()
            await quiet(pilot)
            for seat in range(1, 5):
                role = seat_role(session, session.view(0), seat)[0]
                assert str(61 + seat) in role
                shown = panel_rows(app, t.query_one(f"#seat-{seat}"))
                assert any(role in row for row in shown), (code, role, shown)


async def test_the_hint_panel_the_deal_summary_and_the_review(private_data) -> None:
    """In each language: the hint panel keeps its foot in sight; then the summary, and the
    review opened from it (in the languages longer than English, whose summary and review
    at 80x24 the snapshots hold): one Sueca table serves them all, said again in each
    language as the palette's choice of language says it."""
    app = make_app(private_data)
    app.coach_samples = 4
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=3)  # ten cards: a long list
        bar = str.maketrans("", "", "▁▂▃▄▅▆▇█")  # the list's scrollbar, beside the words
        for code in [lang.DEFAULT, *LONGER]:
            await speak(app, pilot, code)
            await press(pilot, "h")
            await until(pilot, lambda: t.coach.advice is not None)
            await workers_done(app)
            await quiet(pilot)
            shown = flat(" ".join(panel_rows(app, t.query_one("#hint"))).translate(bar))
            assert shown.startswith(f"{_('Hint')} "), (code, shown)
            for foot in (review_text("legend").plain, say("Notice", "hints.closes")):
                assert flat(foot) in shown, (code, foot, shown)
            await press(pilot, "h")  # the hint put away: the deal goes on as without it
            await until(pilot, lambda: t.coach.advice is None)
        play_ahead(t.session, last_trick_to_play(t.session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        for code in [lang.current(), *(c for c in LONGER if c != lang.current())]:
            if code != lang.current():  # the same summary, drawn anew in the language
                await speak(app, pilot, code)
                app.push_screen(DealSummaryScreen(t.session, summary.score, summary.my_team))
                await until(pilot, lambda: app.screen is not summary)
            shown = app.screen
            await quiet(pilot)
            await check(app, pilot, "the deal summary")
            await press(pilot, "r")
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            await workers_done(app)
            await quiet(pilot)
            await check(app, pilot, "the review")
            app.pop_screen()
            await until(pilot, lambda shown=shown: app.screen is shown)
            if shown is not summary:
                app.pop_screen()
                await until(pilot, lambda: app.screen is summary)


async def test_the_replay_viewer_keeps_each_name_with_its_score(private_data) -> None:
    record = EXAMPLES / "chiamata.json"  # five players, each scored: the fullest lines
    names = load_record(record).players
    app = viewer_app(str(record))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        rows = panel_rows(app, app.screen.query_one("#side"))
        for name in names:  # never "Carla" above "0"
            assert sum(re.search(rf"\b{name} \d+", row) is not None for row in rows) == 2
            assert not any(a.endswith(name) and re.match(r"\d", b)
                           for a, b in zip(rows, rows[1:], strict=False)), rows
