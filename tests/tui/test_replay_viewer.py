"""The replay viewer: a record drawn on the table and stepped through with the keys, forward
and back, by action, by trick and by deal; every hand open or one seat's view; opened by
``bisca-tui replay FILE --tui`` and closed with Esc."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from replay_records import cut_mid_deal, example, thrown_in_then_played
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey
from tui_helpers import press, quiet

from bisca_tui import cli
from bisca_tui.engine.records import load_record
from bisca_tui.replay import main as replay_main
from bisca_tui.replay import viewer_app
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.record_walk import RecordWalk
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.widgets.board import sorted_hand
from bisca_tui.tui.widgets.common import FittingFooter, Panel
from bisca_tui.tui.widgets.log import GameLog
from bisca_tui.tui.widgets.table import HandView, SeatPanel, TrickSlot

SIZE = (110, 34)


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


async def open_viewer(pilot: Pilot, path: str, **kw: object) -> ReplayScreen:
    """A viewer of the record at ``path`` pushed over the screen in view."""
    record = load_record(path)
    pilot.app.push_screen(ReplayScreen(record, source=Path(path).name, **kw))  # type: ignore[arg-type]
    await quiet(pilot)
    return viewer(pilot.app)  # type: ignore[arg-type]


def caption(r: ReplayScreen) -> str:
    return str(r.query_one("#trick-caption", Panel).render())


async def test_the_keys_move_the_viewer_and_the_table_follows(private_data) -> None:
    """Each key reaches its move (where each move leads is checked without a screen in
    ``test_replay_position``) and the table, the position line and the log follow."""
    app = viewer_app(example("bisca-3"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        assert r.step == 0
        assert_drawn(r)
        assert "Deal 1 of 4 · trick 1 of 20 · step 0 of 40" in status(r)
        # the footer keeps its keys while they stay the same (a step, bindings checked
        # again), and shows them anew once they change (the last deal: no next deal)
        footer = r.query_one(FittingFooter)
        keys = list(footer.query(FooterKey))
        r.refresh_bindings()
        await quiet(pilot)
        assert keys and list(footer.query(FooterKey)) == keys
        for name, step in [("right", 1), ("l", 2), ("right", 3), ("left", 2), ("h", 1)]:
            await press(pilot, name)
            assert r.step == step, name
        assert_drawn(r)
        assert "plays" in log_text(r)
        ends = [k for k in range(1, 41) if r.walk.steps(0).trick_done(k)]
        for name, step in [("down", ends[0]), ("right_square_bracket", ends[1]),
                           ("up", ends[0]), ("down", ends[1])]:
            await press(pilot, name)
            assert r.step == step, name
        assert_drawn(r)
        winner = r.walk.steps(0).states[r.step].tricks[-1].winner
        assert r.query_one(f"#slot-{winner}", TrickSlot).render()  # the trick stays
        await press(pilot, "left_square_bracket")
        assert r.step == ends[0]
        await press(pilot, "end")
        assert r.step == 40
        assert_drawn(r)
        assert "end of the deal" in status(r)
        result = r.walk.match.results[0]
        assert "-".join(map(str, result.card_points)) in caption(r)
        assert "Deal 1:" in log_text(r)  # the deal's score closes the log
        assert r.record.deals[0].actions[-1][0] in log_text(r)
        await press(pilot, "right")  # the end of the deal: no further
        assert r.step == 40
        await press(pilot, "home")
        assert r.step == 0
        assert "plays" not in log_text(r)  # back at the start: only the deal's heading
        assert "Deal 1" in log_text(r)
        # the deals
        assert not r.check_action("deal", (-1,))  # no deal before the first
        await press(pilot, "p")
        assert r.deal == 0
        await press(pilot, "right", "right", "n")
        assert (r.deal, r.step) == (1, 0)
        assert status(r).startswith("Deal 2 of 4 · ")
        assert "Deal 2" in log_text(r) and "Deal 1" not in log_text(r)
        assert_drawn(r)
        assert list(footer.query(FooterKey)) == keys  # the same keys all along
        await press(pilot, "pagedown", "pagedown")
        assert r.deal == 3
        assert not r.check_action("deal", (1,))
        shown = list(footer.query(FooterKey))
        assert not set(shown) & set(keys)
        assert [k.action for k in shown] == [k.action for k in keys if k.action != "deal(1)"]
        assert "deal(1)" in [k.action for k in keys]
        await press(pilot, "n")
        assert r.deal == 3
        await press(pilot, "pageup", "p")
        assert r.deal == 1
        assert_drawn(r)


async def test_the_view_turns_from_every_hand_open_to_each_seat(private_data) -> None:
    app = viewer_app(example("sueca"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "right", "right")  # two cards on the table, hands of 10 and 9
        st = r.walk.steps(0).states[2]
        assert r.seat is None
        assert "every hand open" in status(r)
        for seat in (1, 2, 3):  # every other hand face up in its panel
            assert "hand " in seat_text(r, seat)
            assert "▮" not in seat_text(r, seat)
        assert r.query_one("#seat-0", SeatPanel).side == "bottom"
        for seat in range(4):
            await press(pilot, "v")
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
        assert r.seat is None and "every hand open" in status(r)
        for seat in range(3):  # seat 3 stays at the bottom, every other hand face up
            assert "hand " in seat_text(r, seat)
        await press(pilot, "right")  # the keys still step after the table turned
        assert r.step == 3
        assert_drawn(r)


async def test_positions_of_each_kind_of_game_are_drawn(private_data, tmp_path) -> None:
    """One app, a viewer opened at a few positions the families differ in: the cut or
    knock, the bidding, the called partner, six seats, a deal thrown in, a deal's end; and
    at a step and a seat given, as the review opens it. Each viewer is opened over the one
    before (a screen under another is not drawn again)."""
    app = BiscaApp(data_directory=private_data)
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = await open_viewer(pilot, example("briscola"), deal=1, seat=0, step=7)
        assert (r.deal, r.step) == (1, 7)
        assert_drawn(r)
        await press(pilot, "left")
        assert r.step == 6
        assert_drawn(r)
        r = await open_viewer(pilot, example("bisca-capixaba"))
        assert "· the cut or knock · step 0 of 42" in status(r)
        assert r.query_one(HandView).cards == ()  # nothing dealt before the choice
        assert_drawn(r)
        await press(pilot, "right")
        assert "trick 1 of 10 · step 1 of 42" in status(r)
        assert len(r.query_one(HandView).cards) == 3  # dealt once the choice is made
        assert "cut" in log_text(r) or "knock" in log_text(r)
        walk = RecordWalk(load_record(example("chiamata")))
        d = walk.steps(0)
        called = next(k for k in range(d.last + 1) if d.states[k].phase == "play")
        r = await open_viewer(pilot, example("chiamata"), step=called, walk=walk)
        st = d.states[called]
        assert st.bidding.contract is not None and st.bidding.contract.called is not None
        info = str(r.query_one("#info", Panel).render())
        partner = r.walk.names[st.bidding.called_holder]
        assert f"partner: {partner}" in info  # every hand open: known from the call on
        assert_drawn(r)
        await press(pilot, "v")  # a seat's view keeps the partner secret until it shows
        assert st.bidding.called_holder != 0
        assert "partner: ?" in str(r.query_one("#info", Panel).render())
        r = await open_viewer(pilot, example("chiamata-monte-6p"), deal=1, seat=2, step=30)
        assert_drawn(r)
        r = await open_viewer(pilot, thrown_in_then_played(tmp_path), step=99)
        assert r.step == 5
        assert "Deal 1 of 2 · the bidding · step 5 of 5 · end of the deal" in status(r)
        assert "thrown in" in caption(r)
        assert "Everyone passed" in log_text(r)
        await press(pilot, "n", "end")
        assert "trick 8 of 8" in status(r)
        assert_drawn(r)
        for name, deal in [("briscola-3p", 0), ("brisca-4p", 1)]:
            r = await open_viewer(pilot, example(name), deal=deal, seat=0, step=7)
            assert_drawn(r)  # a seat's view, a trick under way
            await press(pilot, "end")
            result = r.walk.match.results[deal]
            assert "-".join(map(str, result.card_points)) in caption(r) or result.redeal
            assert_drawn(r)


async def test_opened_over_another_screen_keys_f1_and_escape(private_data) -> None:
    """? lists the keys, F1 opens the rules of the record's game, and Escape goes back to
    the screen the viewer was opened over."""
    from bisca_tui.tui.screens.rules import RulesScreen

    app = BiscaApp(data_directory=private_data)
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        r = await open_viewer(pilot, example("sueca-5"))
        assert_drawn(r)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, KeysScreen)
        listed = str(app.screen.query_one("#keys-text").render())
        for words in ("One step forward", "One step back", "next trick", "The next deal",
                      "The deal before", "each seat's view", "The start of the deal",
                      "The end of the deal", "Close the replay"):
            assert words in listed
        await press(pilot, "escape")
        assert app.screen is r
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.variant_id == "sueca-5"
        await press(pilot, "escape")
        assert app.screen is r
        await press(pilot, "escape")
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
        card = r.record.deals[0].actions[0]  # record notation: the letters style's
        assert card not in log_text(r)
        app.set_card_style("letters")
        await quiet(pilot)
        assert f"plays {card}" in log_text(r)
        assert_drawn(r)
        # q quits
        assert viewer(app).quits
        await press(pilot, "q")
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
        assert "[bold red]Ana[/] plays" in log_text(r)
        assert "[bold red]Ana[/]" in str(r.query_one("#seat-0", SeatPanel).render())


# ----- a deal the record leaves unfinished: what a spectator may see -----------------------


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


async def test_an_unfinished_deal_hides_the_hands_and_open_shows_them(tmp_path) -> None:
    """Chiamata saved mid-deal, before the called card is played: n and End show it face
    down, the partner unnamed, and v keeps to the spectator's view and says why; the
    finished deal before it opens each seat's view. Opened with ``--open``, the same
    position shows every hand and the partner, and v turns the view."""
    path, step = cut_mid_deal(tmp_path)
    app = viewer_app(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await quiet(pilot)
        r = viewer(app)
        await press(pilot, "n", "end")
        assert (r.deal, r.step) == (1, step)
        assert_drawn(r)
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
        assert r.seat is None and "as a spectator sees it" in status(r)
        said = [n.message for n in app._notifications]
        assert any("not over" in m and "--open" in m for m in said), said
        await press(pilot, "p", "right", "v")  # the first deal is over: each seat's view
        assert r.seat == 0
        assert status(r).endswith("· your view") and "You's" not in status(r)
        await press(pilot, "n")  # back to the unfinished deal: the seat's view ends there
        assert r.seat is None and "as a spectator sees it" in status(r)
        # --open
        app.push_screen(ReplayScreen(r.record, deal=1, step=step, walk=r.walk, reveal=True))
        await quiet(pilot)
        r = viewer(app)
        assert "every hand open" in status(r)
        assert "hand " in seat_text(r, 1)
        assert "░" not in str(r.query_one(HandView).render())
        info = str(r.query_one("#info", Panel).render())
        assert f"partner: {r.walk.names[st.bidding.called_holder]}" in info
        await press(pilot, "v")
        assert r.seat == 0


def test_open_on_the_command_line_opens_the_viewer_telling_everything(
        monkeypatch, tmp_path) -> None:
    path, _step = cut_mid_deal(tmp_path)
    started: list[BiscaApp] = []
    monkeypatch.setattr(BiscaApp, "run", lambda self: started.append(self) or 0)
    assert cli.main(["replay", path, "--tui", "--open"]) == 0
    (app,) = started
    assert isinstance(app.first_screen, ReplayScreen) and app.first_screen.reveal


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
