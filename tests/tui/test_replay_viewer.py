"""The replay viewer: a record drawn on the table and stepped through with the keys, forward
and back, by action, by trick and by deal; every hand open or one seat's view; opened by
``bisca-tui replay FILE --tui`` and closed with Esc."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_helpers import press, quiet

from bisca_tui import cli
from bisca_tui.engine.records import load_record
from bisca_tui.replay import main as replay_main
from bisca_tui.replay import viewer_app
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.widgets.board import sorted_hand
from bisca_tui.tui.widgets.common import Panel
from bisca_tui.tui.widgets.log import GameLog
from bisca_tui.tui.widgets.table import HandView, SeatPanel, TrickSlot

EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"
SIZE = (110, 34)

# one record per family, and the games whose deals open with a bidding or a called partner
FAMILIES = ["bisca-3", "bisca-capixaba", "sueca", "sueca-3", "sueca-5", "briscola-3p",
            "chiamata", "chiamata-monte-6p", "brisca-4p"]


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.json")


def viewer(app: BiscaApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen), f"expected the viewer, found {screen!r}"
    return screen


def status(r: ReplayScreen) -> str:
    return str(r.query_one("#status", Panel).render())


def log_text(r: ReplayScreen) -> str:
    """The log as drawn, folded lines joined again."""
    log = r.query_one(GameLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


def seat_text(r: ReplayScreen, seat: int) -> str:
    return str(r.query_one(f"#seat-{seat}", SeatPanel).render())


def assert_drawn(r: ReplayScreen) -> None:
    """What the table shows is the recorded position at the step shown: the bottom seat's
    hand, the cards on the trick, the position line."""
    d = r.walk.steps(r.deal)
    st = d.states[r.step]
    v = st.view(r.bottom)
    assert r.query_one(HandView).cards == sorted_hand(st.variant, v)
    shown = {seat: r.query_one(f"#slot-{seat}", TrickSlot).render() for seat in range(st.n)}
    in_trick = dict(zip(st.trick_seats, st.trick, strict=True))
    if d.trick_done(r.step):  # the trick just completed stays on the table
        t = st.tricks[-1]
        in_trick = dict(zip(t.seats, t.cards, strict=True))
    for seat in range(st.n):
        blank = not str(shown[seat]).strip()
        assert blank == (seat not in in_trick), (r.step, seat)
    assert f"step {r.step} of {d.last}" in status(r)
    assert status(r).startswith(f"Deal {r.deal + 1} of {r.walk.deal_count} · ")


async def key(pilot: Pilot, name: str, r: ReplayScreen, deal: int, step: int) -> None:
    """Press a key and wait for the viewer to reach (deal, step): the viewer draws each
    position as it moves, so the table can be read at once (``Pilot.press`` would wait for
    the whole app to idle twice per key, costing the long walks below most of their time)."""
    pilot.app.simulate_key(name)
    deadline = time.monotonic() + 30
    while (r.deal, r.step) != (deal, step):
        assert time.monotonic() < deadline, f"{name} never reached deal {deal} step {step}"
        await asyncio.sleep(0.001)


async def open_viewer(pilot: Pilot, name: str, **kw: object) -> ReplayScreen:
    record = load_record(example(name))
    pilot.app.push_screen(ReplayScreen(record, source=f"{name}.json", **kw))  # type: ignore[arg-type]
    await quiet(pilot)
    return viewer(pilot.app)  # type: ignore[arg-type]


async def test_steps_forward_to_the_end_and_back_to_the_start(private_data) -> None:
    app = viewer_app(example("bisca-3"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        last = r.walk.steps(0).last
        assert last == 40
        assert r.step == 0
        assert_drawn(r)
        assert "Deal 1 of 4 · trick 1 of 20 · step 0 of 40" in status(r)
        actions = r.record.deals[0].actions
        for k in range(1, last + 1):
            await key(pilot, "right", r, 0, k)
            assert_drawn(r)
        await quiet(pilot)
        await press(pilot, "right")  # the end of the deal: no further
        assert r.step == last
        assert "end of the deal" in status(r)
        caption = str(r.query_one("#trick-caption", Panel).render())
        result = r.walk.match.results[0]
        assert "-".join(map(str, result.card_points)) in caption
        assert "Deal 1:" in log_text(r)  # the deal's score closes the log
        assert actions[-1][0] in log_text(r)
        for k in range(last - 1, -1, -1):
            await key(pilot, "left" if k % 2 else "h", r, 0, k)
            assert_drawn(r)
        await quiet(pilot)
        assert "plays" not in log_text(r)  # back at the start: only the deal's heading
        assert "Deal 1" in log_text(r)
        await press(pilot, "l")
        await quiet(pilot)
        assert r.step == 1 and "plays" in log_text(r)


async def test_whole_tricks_both_ways_and_the_ends_of_the_deal(private_data) -> None:
    app = viewer_app(example("sueca"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        d = r.walk.steps(0)
        ends = [k for k in range(1, d.last + 1) if d.trick_done(k)]
        assert len(ends) == 10
        for number, k in enumerate(ends, 1):
            await press(pilot, "down" if number % 2 else "right_square_bracket")
            assert r.step == k
            assert f"trick {number} of 10" in status(r)
            assert_drawn(r)
            winner = r.walk.steps(0).states[k].tricks[-1].winner
            assert r.query_one(f"#slot-{winner}", TrickSlot).render()  # the trick stays
        await press(pilot, "down")
        assert r.step == d.last
        for k in reversed([0, *ends[:-1]]):
            await press(pilot, "up")
            assert r.step == k
        await press(pilot, "end")
        assert r.step == d.last
        await press(pilot, "home")
        assert r.step == 0
        await press(pilot, "right", "right", "left_square_bracket")
        assert r.step == 0
        await quiet(pilot)
        assert_drawn(r)


async def test_a_step_back_tells_the_log_and_deals_change_with_n_and_p(private_data) -> None:
    app = viewer_app(example("bisca-3"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        # a step back tells the log up to that step
        for _ in range(3):
            await press(pilot, "right")
        await quiet(pilot)
        three = log_text(r)
        await press(pilot, "right", "left")
        await quiet(pilot)
        assert log_text(r) == three
        await press(pilot, "home")
        assert r.step == 0
        # the deals
        assert not r.check_action("deal", (-1,))  # no deal before the first
        await press(pilot, "p")
        assert r.deal == 0
        await press(pilot, "right", "right", "n")
        assert (r.deal, r.step) == (1, 0)
        await quiet(pilot)
        assert status(r).startswith("Deal 2 of 4 · ")
        assert "Deal 2" in log_text(r) and "Deal 1" not in log_text(r)
        assert_drawn(r)
        await press(pilot, "pagedown", "pagedown")
        assert r.deal == 3
        assert not r.check_action("deal", (1,))
        await press(pilot, "n")
        assert r.deal == 3
        await press(pilot, "pageup", "p")
        assert r.deal == 1
        await quiet(pilot)
        assert_drawn(r)


async def test_the_view_turns_from_every_hand_open_to_each_seat(private_data) -> None:
    app = viewer_app(example("sueca"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "right", "right")  # two cards on the table, hands of 10 and 9
        await quiet(pilot)
        st = r.walk.steps(0).states[2]
        assert r.seat is None
        assert "every hand open" in status(r)
        for seat in (1, 2, 3):  # every other hand face up in its panel
            assert "hand " in seat_text(r, seat)
            assert "▮" not in seat_text(r, seat)
        assert r.query_one("#seat-0", SeatPanel).side == "bottom"
        for seat in range(4):
            await press(pilot, "v")
            await quiet(pilot)
            assert r.seat == seat
            assert r.bottom == seat
            name = r.walk.names[seat]
            assert f"{name}'s view" in status(r)
            assert r.query_one(f"#seat-{seat}", SeatPanel).side == "bottom"
            # the seat's own hand face up at the bottom, the others face down
            assert set(r.query_one(HandView).cards) == set(st.hands[seat])
            for other in range(4):
                if other != seat:
                    text = seat_text(r, other)
                    assert "▮" * len(st.hands[other]) in text
                    assert "hand " not in text
            assert_drawn(r)
        await press(pilot, "v")
        await quiet(pilot)
        assert r.seat is None and "every hand open" in status(r)
        for seat in range(3):  # seat 3 stays at the bottom, every other hand face up
            assert "hand " in seat_text(r, seat)
        await press(pilot, "right")  # the keys still step after the table turned
        assert r.step == 3
        await quiet(pilot)
        assert_drawn(r)


async def test_capixaba_opens_on_the_cut_or_knock(private_data) -> None:
    app = viewer_app(example("bisca-capixaba"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        assert "· the cut or knock · step 0 of 42" in status(r)
        assert r.query_one(HandView).cards == ()  # nothing dealt before the choice
        await press(pilot, "right")
        await quiet(pilot)
        assert "trick 1 of 10 · step 1 of 42" in status(r)
        assert len(r.query_one(HandView).cards) == 3  # dealt once the choice is made
        assert "cut" in log_text(r) or "knock" in log_text(r)


async def test_a_step_or_a_seat_given_opens_the_position_after_it(private_data) -> None:
    """The review opens a decision's position: the viewer lands on that step of the deal,
    the log told up to it, and steps on from there; a step past the end is the end; a seat
    given opens on its view."""
    app = BiscaApp(data_directory=private_data)
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = await open_viewer(pilot, "briscola", deal=1, seat=0, step=7)
        assert (r.deal, r.step) == (1, 7)
        assert_drawn(r)
        st = r.walk.steps(1).states[7]
        assert len(st.history) == 7
        await press(pilot, "left")
        assert r.step == 6
        assert_drawn(r)
        app.pop_screen()
        await quiet(pilot)
        r = await open_viewer(pilot, "briscola", deal=1, step=10_000)
        assert r.step == r.walk.steps(1).last
        # a seat given opens its view
        app.pop_screen()
        await quiet(pilot)
        r = await open_viewer(pilot, "briscola", deal=2, seat=1)
        assert (r.deal, r.seat, r.bottom) == (2, 1, 1)
        assert status(r).startswith("Deal 3 of 7 · ")
        assert "▮" in seat_text(r, 0)


@pytest.mark.parametrize("name", FAMILIES)
async def test_every_family_steps_through_every_deal(private_data, name: str) -> None:
    app = viewer_app(example(name))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "down", "down", "v", "right")  # two tricks in, seat 0's view
        await quiet(pilot)
        assert r.seat == 0
        assert_drawn(r)
        for deal in range(r.walk.deal_count):
            assert r.deal == deal
            last = r.walk.steps(deal).last
            await key(pilot, "end", r, deal, last)
            assert_drawn(r)
            caption = str(r.query_one("#trick-caption", Panel).render())
            if r.walk.finished(deal):
                result = r.walk.match.results[deal]
                assert ("-".join(map(str, result.card_points)) in caption
                        or result.redeal)
            if last:  # a trick back, to the step that completed the trick before
                before = max([k for k in range(1, last) if r.walk.steps(deal).trick_done(k)],
                             default=0)
                await key(pilot, "up", r, deal, before)
            if deal + 1 < r.walk.deal_count:
                await key(pilot, "n", r, deal + 1, 0)
        await quiet(pilot)
        assert_drawn(r)


async def test_the_bidding_and_the_called_partner_show(private_data) -> None:
    app = viewer_app(example("chiamata"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "right")
        await quiet(pilot)
        assert "the bidding" in status(r)
        assert "bids" in log_text(r) or "passes" in log_text(r)
        d = r.walk.steps(0)
        called = next(k for k in range(d.last + 1) if d.states[k].phase == "play")
        for _ in range(called - 1):
            await press(pilot, "right")
        await quiet(pilot)
        st = d.states[called]
        assert st.bidding.contract is not None and st.bidding.contract.called is not None
        info = str(r.query_one("#info", Panel).render())
        partner = r.walk.names[st.bidding.called_holder]
        # every hand open: the partner is known from the call on
        assert f"partner: {partner}" in info
        await press(pilot, "v")  # a seat's view keeps the partner secret until it shows
        await quiet(pilot)
        if st.bidding.called_holder != 0:
            info = str(r.query_one("#info", Panel).render())
            assert "partner: ?" in info


async def test_escape_closes_the_viewer_back_to_its_opener(private_data) -> None:
    app = BiscaApp(data_directory=private_data)
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        r = await open_viewer(pilot, "bisca-3")
        await press(pilot, "question_mark")
        await quiet(pilot)
        assert isinstance(app.screen, KeysScreen)
        listed = str(app.screen.query_one("#keys-text").render())
        for words in ("One step forward", "One step back", "next trick", "The next deal",
                      "The deal before", "each seat's view", "The start of the deal",
                      "The end of the deal", "Close the replay"):
            assert words in listed
        await press(pilot, "escape")
        await quiet(pilot)
        assert app.screen is r
        await press(pilot, "escape")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.is_running


async def test_the_footer_the_card_style_and_q_of_a_viewer_opened_on_its_own(
        private_data) -> None:
    """The keys in the footer, the card style chosen in the palette redrawing the viewer,
    and q quitting it: one app for the three, q last."""
    app = viewer_app(example("bisca-3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        r = viewer(app)
        shown = {b.binding.action for b in r.active_bindings.values() if b.binding.show}
        assert {"step(1)", "trick(1)", "edge(0)", "edge(1)", "deal(1)", "cycle_view",
                "keys", "close"} <= shown
        # the card style chosen in the palette redraws the viewer
        await press(pilot, "right")
        await quiet(pilot)
        card = r.record.deals[0].actions[0]  # record notation: the letters style's
        assert card not in log_text(r)
        app.set_card_style("letters")
        await quiet(pilot)
        assert f"plays {card}" in log_text(r)
        assert_drawn(r)
        # q quits
        assert viewer(app).quits
        await press(pilot, "q")
        await quiet(pilot)
    assert app.return_value == 0
    assert app.lock is None  # the viewer never held the save folder


async def test_names_from_the_record_are_text(private_data, tmp_path) -> None:
    data = json.loads(Path(example("bisca-3")).read_text(encoding="utf-8"))
    data["players"] = ["[bold red]Ana[/]", "Bru\x1b[31mno"]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = viewer_app(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        title = r.query_one("#seat-1", SeatPanel).border_title
        assert str(title).endswith("Bru\\x1b[31mno")  # the escape shown, never obeyed
        await press(pilot, "right", "right")
        await quiet(pilot)
        assert "[bold red]Ana[/] plays" in log_text(r)
        assert "[bold red]Ana[/]" in str(r.query_one("#seat-0", SeatPanel).render())


# ----- the command line --------------------------------------------------------------------


def test_replay_tui_builds_the_app_on_the_viewer(monkeypatch, private_data) -> None:
    started: list[BiscaApp] = []

    def run(self: BiscaApp) -> int:
        started.append(self)
        return 0

    monkeypatch.setattr(BiscaApp, "run", run)
    assert cli.main(["replay", example("chiamata"), "--tui"]) == 0
    (app,) = started
    screen = app.first_screen
    assert isinstance(screen, ReplayScreen)
    assert screen.source == "chiamata.json"
    assert screen.quits and screen.seat is None and screen.deal == 0
    assert screen.walk.deal_count == 5


def test_replay_tui_refuses_json_at_once(monkeypatch, capsys) -> None:
    monkeypatch.setattr(BiscaApp, "run", lambda self: pytest.fail("the app started"))
    assert cli.main(["replay", example("bisca-3"), "--tui", "--json"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("broken", ["json", "rule"])
def test_a_broken_record_says_what_and_where_without_starting(
        monkeypatch, capsys, tmp_path, broken: str) -> None:
    monkeypatch.setattr(BiscaApp, "run", lambda self: pytest.fail("the app started"))
    path = tmp_path / "broken.json"
    if broken == "json":
        path.write_text('{\n  "format": "bisca-tui-record",\n  "version": 1,,\n}\n',
                        encoding="utf-8")
    else:
        data = json.loads(Path(example("bisca-3")).read_text(encoding="utf-8"))
        data["deals"][0]["actions"][1] = data["deals"][0]["actions"][0]  # a card twice
        path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["replay", str(path), "--tui"]) == 2
    err = capsys.readouterr().err
    assert replay_main([str(path)]) == 2
    text_err = capsys.readouterr().err
    assert err == text_err  # the same line as the text replay
    assert err.startswith(f"bisca-tui replay: {path}")
    assert err.count("\n") == 1
    if broken == "json":
        assert "line 3" in err and "not valid JSON" in err
    else:
        assert "deal 1, action 2" in err


async def test_a_record_that_stops_mid_deal_says_so(private_data, tmp_path) -> None:
    data = json.loads(Path(example("bisca-3")).read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:7]  # a match saved mid-deal
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = viewer_app(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "end")
        await quiet(pilot)
        assert "end of the deal" in status(r)
        await press(pilot, "n", "end")
        await quiet(pilot)
        assert (r.deal, r.step) == (1, 7)
        assert "the record stops here" in status(r)
        assert "trick 4 ·" in status(r)  # how many tricks the deal would have is unsaid
        assert_drawn(r)
        assert "Deal 2:" not in log_text(r)


async def test_f1_opens_the_rules_of_the_records_game(private_data) -> None:
    from bisca_tui.tui.screens.rules import RulesScreen

    app = viewer_app(example("sueca-5"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        await press(pilot, "f1")
        await quiet(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.variant_id == "sueca-5"
        await press(pilot, "escape")
        await quiet(pilot)
        assert isinstance(app.screen, ReplayScreen)


async def test_a_deal_thrown_in_and_one_played_by_bots(private_data, tmp_path) -> None:
    """A record made here: everyone passes (the same dealer deals again), then random bots
    play a deal of Briscola Chiamata out."""
    from bisca_tui.bots.base import make_bot
    from bisca_tui.engine import Match, make_variant
    from bisca_tui.engine import actions as A
    from bisca_tui.engine.records import record_of_match

    match = Match(make_variant("chiamata", {}, 5), 4, 7)
    st = match.new_deal()
    while not st.is_over():
        st.apply(A.PASS)
    match.finish_deal()
    st = match.new_deal()
    bot = make_bot("random", 3)
    while not st.is_over():
        st.apply(bot.choose(st.view(st.current)))
    match.finish_deal()
    path = tmp_path / "bots.json"
    record_of_match(match, ["Ana", "Bruno", "Carla", "Duarte", "Eva"]).save(path)
    app = viewer_app(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "end")
        await quiet(pilot)
        assert r.step == 5
        assert "Deal 1 of 2 · the bidding · step 5 of 5 · end of the deal" in status(r)
        assert "thrown in" in str(r.query_one("#trick-caption", Panel).render())
        assert "Everyone passed" in log_text(r)
        await press(pilot, "n", "end")
        await quiet(pilot)
        assert "trick 8 of 8" in status(r)
        assert_drawn(r)


# ----- a deal the record leaves unfinished: what a spectator may see -----------------------


def cut_mid_deal(tmp_path: Path, name: str = "chiamata") -> tuple[str, int]:
    """``name``'s record stopped in its second deal, a few cards after the call and before
    the called card is played (a match saved mid-deal); the path and the step it stops at."""
    from bisca_tui.engine.calling import called_card_played
    from bisca_tui.tui.record_walk import RecordWalk

    data = json.loads(Path(example(name)).read_text(encoding="utf-8"))
    d = RecordWalk(load_record(example(name))).steps(1)
    step = next(k for k in range(d.last) if d.states[k].phase == "play"
                and len(d.states[k].history) > 0 and len(d.states[k].trick) == 2)
    assert not called_card_played(d.states[step])
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:step]
    data["players"][0] = "You"  # saved at the table: its person is "You"
    path = tmp_path / f"{name}-unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path), step


def test_a_spectator_sees_the_public_cards_only() -> None:
    """Without --open a deal not over shows what everyone at the table knows: a hand laid
    face up for all (the open hands of Sueca Aberta, the dummy of Sueca for three, the
    dealer's turned card in Sueca), nothing shown to a partner alone, no signal."""
    from bisca_tui.tui.record_walk import RecordWalk, spectator_view

    def state(name: str, step: int):
        return RecordWalk(load_record(example(name))).steps(0).states[step]

    st = state("sueca-aberta", 5)
    v = spectator_view(st, 0)
    assert v.known == tuple(tuple(sorted(h)) for h in st.hands)
    st = state("sueca-3", 5)
    dummy = next(s for s in range(4) if len(st.hands[s]) == 8)
    v = spectator_view(st, 0)
    assert v.known[dummy] == tuple(sorted(st.hands[dummy]))
    assert v.hand == ()  # seat 0's own cards are not public
    st = state("sueca", 5)
    v = spectator_view(st, 2)
    assert v.known[st.dealer] == (st.indicator_card,)
    assert sum(map(len, v.known)) == 1 and v.signals == ()


async def test_an_unfinished_deal_hides_the_hands_and_the_secret_partner(tmp_path) -> None:
    """Chiamata saved mid-deal, before the called card is played: n and End show it face
    down, the partner unnamed, and v keeps to the spectator's view and says why. The
    finished deal before it still opens every hand."""
    path, step = cut_mid_deal(tmp_path)
    app = viewer_app(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "n", "end")
        await quiet(pilot)
        assert (r.deal, r.step) == (1, step)
        st = r.walk.steps(1).states[step]
        assert "as a spectator sees it" in status(r)
        for seat in range(1, st.n):
            text = seat_text(r, seat)
            assert "▮" * len(st.hands[seat]) in text and "hand " not in text
        hand = str(r.query_one(HandView).render())
        assert "░" in hand  # the bottom hand lies face down too
        info = str(r.query_one("#info", Panel).render())
        assert "partner: ?" in info
        assert r.walk.names[st.bidding.called_holder] not in info
        await press(pilot, "v")
        await quiet(pilot)
        assert r.seat is None and "as a spectator sees it" in status(r)
        said = [n.message for n in app._notifications]
        assert any("not over" in m and "--open" in m for m in said), said
        await press(pilot, "p", "right")  # the first deal is over: every hand, every view
        await quiet(pilot)
        assert "every hand open" in status(r)
        assert "hand " in seat_text(r, 1)
        await press(pilot, "v")
        await quiet(pilot)
        assert r.seat == 0
        assert status(r).endswith("· your view") and "You's" not in status(r)
        await press(pilot, "n")  # back to the unfinished deal: the seat's view ends there
        await quiet(pilot)
        assert r.seat is None and "as a spectator sees it" in status(r)


async def test_open_shows_every_hand_of_an_unfinished_deal(monkeypatch, tmp_path) -> None:
    """``replay FILE --tui --open`` tells everything: the hands and the partner of the deal
    the record leaves unfinished, and each seat's view."""
    path, step = cut_mid_deal(tmp_path)
    started: list[BiscaApp] = []
    monkeypatch.setattr(BiscaApp, "run", lambda self: started.append(self) or 0)
    assert cli.main(["replay", path, "--tui", "--open"]) == 0
    (app,) = started
    assert isinstance(app.first_screen, ReplayScreen) and app.first_screen.reveal
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "n", "end")
        await quiet(pilot)
        st = r.walk.steps(1).states[step]
        assert "every hand open" in status(r)
        assert "hand " in seat_text(r, 1)
        assert "░" not in str(r.query_one(HandView).render())
        info = str(r.query_one("#info", Panel).render())
        assert f"partner: {r.walk.names[st.bidding.called_holder]}" in info
        await press(pilot, "v")
        await quiet(pilot)
        assert r.seat == 0
