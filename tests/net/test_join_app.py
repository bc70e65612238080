"""``bisca-tui join`` played like a player, by its keys, against a host in the same event
loop whose other places are held by headless clients: the places, a whole deal to its
summary, its review and the match's end, refusals, the chat, the auction's dialogs, a dropped
connection, a host gone and a wrong code."""

from __future__ import annotations

import json

from join_support import (
    SIZE,
    join_app,
    my_turn,
    play_a_card,
    play_to_the_deals_end,
    sit,
    until,
)
from net_support import LONG, open_table
from rich.text import Text
from textual.widgets import OptionList

from bisca_tui.coach.review import review_as_asked
from bisca_tui.engine.words import YOU
from bisca_tui.history.store import Store
from bisca_tui.join.chat import ChatDialog
from bisca_tui.join.lobby import LobbyScreen
from bisca_tui.net import link as L
from bisca_tui.net.host import NetSettings
from bisca_tui.tui.screens.auction import BidListScreen, CallScreen
from bisca_tui.tui.screens.review import ReviewScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen, MatchEndScreen

SAMPLES = 3  # the coach's samples for the review: few, the figures are only compared


def status_line(app) -> str:
    return str(app.screen.query_one("#status").render())


async def refuse_a_card(app, pilot) -> bool:
    """On this player's turn, the key of a card the rules forbid, if the hand holds one:
    the host refuses it, and the table says so as it says a refusal at home."""
    t = app.table
    v, _private = t.shown_view()
    hand = t.sorted_hand(v)
    bad = [k for k, c in enumerate(hand) if c not in t.playable(v)]
    if not bad:
        return False
    await pilot.press(str(bad[0] + 1))
    await until(pilot, lambda: t.notice is not None and t.sent is None, "the refusal")
    assert t.notice.plain.startswith("Not now: ")
    assert "Not now: " in status_line(app) and t.session.view(t.viewer).hand == v.hand
    return True


async def test_a_deal_of_sueca_with_three_players_elsewhere_and_its_review(tmp_path) -> None:
    """One whole deal by keys, with everything that happens around it: the places, a card
    refused and another seat's action refused, no undo, the chat shown as text (a name and a
    line with markup) and typed in its dialog, the summary and the review of this player's own
    play (figures as the host's record gives them), then the match's end."""
    table = await open_table(NetSettings("sueca", seed=3, deals=1))
    app = join_app(table, tmp_path)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 1)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        places = lobby.query_one("#places", OptionList)
        assert places.option_count == 4
        assert "you" in str(places.get_option_at_index(1).prompt)
        others = [await table.join(f"P{k}", seat=k, play=True, seed=k) for k in (0, 2)]
        others.append(await table.join("[bold]x[/]", seat=3, play=True, seed=3))
        await until(pilot, lambda: app.table is not None and app.screen is app.table, "the table")
        t = app.table
        assert t is not None and t.bottom == 1 and t.viewer == 1
        assert t.session.name(1) == YOU and t.session.name(0) == "P0"
        assert t.session.name(3) == "[bold]x[/]"
        others[2].chat("[red]hello[/] there")
        await until(pilot, lambda: any("hello" in str(x) for x in t.log_lines), "the chat")
        line = next(x for x in t.log_lines if "hello" in str(x))
        assert isinstance(line, Text) and line.plain == "[bold]x[/]: [red]hello[/] there"
        # and this player's own line, typed in the chat dialog (m)
        app.simulate_key("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog), "the chat dialog")
        for key in (*"boa", "enter"):
            app.simulate_key(key)
        await until(pilot, lambda: any(str(x) == "Ana: boa" for x in t.log_lines), "Ana's line")
        await until(pilot, lambda: my_turn(app), "the first turn")
        # an action of another seat's is refused, and is no decision of this one's
        t.flow.act(t.session.view(1).legal[0], 0)
        await until(pilot, lambda: t.sent is None and t.notice is not None, "the refusal")
        assert t.own_play.pending is None
        played = 0
        refused = False
        while not refused:  # a turn where the hand holds a card that may not follow
            await until(pilot, lambda: my_turn(app), "a turn")
            refused = await refuse_a_card(app, pilot)
            if not refused:
                await play_a_card(app, pilot)
                played += 1
                await until(pilot, lambda: t.sent is None, "the card played")
        assert t.own_play.pending is None
        hand = t.session.view(1).hand
        await pilot.press("u")  # no undo at a shared table: the others saw the card
        assert not t.check_action("undo", ()) and t.session.view(1).hand == hand
        assert "undo" not in {b.binding.action for b in app.screen.active_bindings.values()
                              if b.enabled}
        played += await play_to_the_deals_end(app, pilot)
        assert played == 10  # every card of the hand was asked for, by its key
        host = table.host.session
        assert host is not None and t.session.match.results == host.match.results
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        # the shuffle: its commitment under the deal's heading, checked once the deal is over
        said = [str(x) for x in t.log_lines]
        heading = next(k for k, x in enumerate(said) if x.startswith("— Deal 1"))
        proof = host.match.shuffle_proof(0)
        assert proof is not None
        assert said[heading + 1].strip() == f"Shuffle committed: {proof.commitment[:16]}…"
        await until(pilot, lambda: any("Shuffle checked" in str(x) for x in t.log_lines),
                    "the shuffle checked")
        assert [str(x).strip() for x in t.log_lines if "Shuffle checked" in str(x)] == [
            "Shuffle checked: the seed and the salt give the commitment said before the "
            "deal, and the cards you were dealt."]
        assert summary.check_action("review", ())
        await until(pilot, lambda: "review" in " ".join(str(w.render())  # once composed
                                                      for w in summary.query("Static")),
                    "the review offered on the summary")
        app.simulate_key("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        r = app.screen
        await until(pilot, lambda: r.review is not None, "the review worked out", timeout=120)
        want = review_as_asked(host.recording.record(), 0, 1, samples=SAMPLES)
        got = r.review
        assert got.decisions == want.decisions and got.others == want.others
        assert (got.result_points, got.result_win) == (want.result_points, want.result_win)
        assert len(got.decisions) + len(got.others) <= played
        assert not r.check_action("open_position", ())  # no record here to replay
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is summary, "the summary again")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match's end")
        assert t.session.match.scores == host.match.scores
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running, "the app's end")
    assert app.return_code == 0
    await table.end()
    for client in others:
        assert await client.expect("over") is not None
    # the match is in this player's own history, its record the host's
    store, problem = Store.open(tmp_path)
    assert store is not None and problem is None and store.count() == 1
    (match_id,), = store.query("SELECT id FROM matches")
    assert json.loads(store.record_text(match_id)) == host.recording.record().to_json()
    people = store.query("SELECT name, kind, result FROM match_players WHERE match_id = ? "
                         "ORDER BY player", (match_id,))
    # one deal of the match, as the host set it: kept, with no result (the host's history
    # keeps it so too)
    assert people == [(name, "human", None) for name in ("P0", "Ana", "P2", "[bold]x[/]")]
    store.close()


def passer(message: dict) -> str | None:
    legal = message["view"]["legal"]
    return "pass" if "pass" in legal else (legal[0] if legal else None)


async def test_a_bid_and_a_call_by_the_dialogs_keys_and_a_dropped_connection(
        tmp_path) -> None:
    """Chiamata's bid and call by the dialogs' keys; then the connection drops and comes back
    with the same hand and the deal not told twice, play goes on, and a host gone for good is
    said at the table."""
    table = await open_table(NetSettings("chiamata", seed=4, hold=LONG))
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 0)
        for k in range(1, 5):  # four players elsewhere who pass: Ana's bid wins
            await table.join(f"P{k}", seat=k, chooser=passer)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen), "the bid dialog")
        await pilot.press("down", "enter")  # the first bid under "Pass": the Ace
        await until(pilot, lambda: isinstance(app.screen, CallScreen), "the call dialog")
        await pilot.press("enter", "enter")  # the rank, then the suit the dialog opens on
        host = table.host.session
        assert host is not None
        await until(pilot, lambda: host.state.phase == "play", "the call taken")
        contract = host.state.bidding.contract
        assert contract is not None and contract.bidder == 0 and contract.called is not None
        t = app.table
        await until(pilot, lambda: my_turn(app), "the lead")
        assert t.session.view(0).contract == host.view(0).contract
        assert "Your turn" in status_line(app)
        hand = t.session.view(0).hand
        log = len(t.log_lines)
        table.host.places.conns[0].abort()  # the connection drops, at the host's end
        await until(pilot, lambda: app.link_state == L.BACK, "the connection back")
        await until(pilot, lambda: my_turn(app), "the turn again")
        assert app.table is t and t.session.view(0).hand == hand
        lines = [str(x) for x in t.log_lines[log:]]
        assert "The connection to the host was lost." in lines
        assert "Connected again: you are back at the table." in lines
        assert not any("Deal 1" in x for x in lines)  # the deal is not told twice
        await play_a_card(app, pilot)  # and play goes on
        await until(pilot, lambda: sum(host.state.tricks_won) >= 1, "a trick")
        # the host goes away for good: a few tries, then the table says so
        for conn in list(table.host.clients):
            conn.abort()
        table.task.cancel()
        await until(pilot, lambda: app.link_state == L.GONE, "the host gone")
        assert t.notice is not None and "cannot be reached any more" in t.notice.plain
        # the status line follows the notice when the screen is next drawn
        await until(pilot, lambda: "Press q to quit" in status_line(app), "the way out said")
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the app's end")


async def test_a_watcher_sees_the_table_without_a_hand(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=1))
    app = join_app(table, tmp_path, name="Eva")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.seats, "the places")
        await pilot.press("w")
        await until(pilot, lambda: "watch" in app.lobby.note, "the wait to watch")
        players = [await table.join(f"P{k}", seat=k) for k in range(2)]
        await until(pilot, lambda: app.table is not None and app.screen is app.table, "the table")
        t = app.table
        assert t.viewer is None and t.session.me is None
        v, private = t.shown_view()
        assert not private and v.hand == () and v.hand_sizes == (3, 3)
        await pilot.press("escape")  # back to the places
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the places")
        assert app.table is None
        players[0].chat("hi")
        await until(pilot, lambda: any(x.plain == "P0: hi" for x in app.chat_lines), "chat")
        table.host.finish()
        await until(pilot, lambda: "over" in app.lobby.note, "the match's end")
    await table.end()


async def test_a_wrong_code_or_no_host_is_said_in_a_sentence(tmp_path) -> None:
    table = await open_table(NetSettings("briscola"))
    app = join_app(table, tmp_path, code="wrong1")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.link_state == L.REFUSED, "the refusal")
        said = str(app.lobby.query_one("#lobby-status").render())
        assert said == "The host does not know the invite code WRONG1: check it with the host."
        assert app.is_running and isinstance(app.screen, LobbyScreen)
    port = table.host.port
    table.host.finish()
    await table.end()
    app = join_app(table, tmp_path, port=port)  # nobody listens there now
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.link_state == L.UNREACHABLE, "the failure")
        said = str(app.lobby.query_one("#lobby-status").render())
        assert said.startswith(f"127.0.0.1:{port} cannot be reached: ")
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the app's end")
    assert app.return_code == 0


async def test_the_places_speak_the_tables_language(tmp_path) -> None:
    from bisca_tui import lang

    table = await open_table(NetSettings("sueca"))
    lang.use("pt")
    try:
        app = join_app(table, tmp_path, code="nope99")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_state == L.REFUSED, "the refusal")
            said = str(app.lobby.query_one("#lobby-status").render())
            assert said == ("O anfitrião não conhece o código de convite NOPE99: confirme-o "
                            "com o anfitrião.")
    finally:
        lang.use(lang.DEFAULT)
    table.host.finish()
    await table.end()
