"""The coach's hint at the table: h asks, the side panel answers with the advised card (the
cursor on it), the reason and every legal card's numbers; playing, Esc or h puts it away;
refused, with a sentence, off the person's turn and in a match set up without hints.

What the hint says and when it is refused are asked of ``tui.hinting`` without a table;
the table's tests keep what only the screen shows. The hint for a bid, asked from the
bidding dialog, is read at the table of test_bidding_and_calling_with_the_hand_in_sight
(test_bid_call_dialogs)."""

from __future__ import annotations

import threading
from dataclasses import replace

from textual.widgets import Select
from tui_helpers import (
    hand_key,
    make_app,
    open_table,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    table,
    until,
    workers_done,
)

from bisca_tui.coach import hint
from bisca_tui.engine import actions as A
from bisca_tui.table.recording import from_saved
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.cardart import card_text
from bisca_tui.tui.coaching import hint_text, parts_text
from bisca_tui.tui.hinting import advice_text, advise, advised_card, after_signals, hint_refused
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.widgets.board import sorted_hand

SAMPLES = 8  # a fixed number of sampled deals: the hint repeats exactly


def coach_app(data, **kw):
    app = make_app(data, **kw)
    app.coach_samples = SAMPLES
    return app


async def ask_hint(app, pilot) -> None:
    await press(pilot, "h")
    await workers_done(app)
    await quiet(pilot)


def test_a_hint_is_refused_with_a_sentence_saying_why() -> None:
    """In a match set up without hints (whatever else holds), once the deal is over, and
    when no person at this keyboard is to act or there is nothing to do."""
    off = "No hints in this match: it was set up without them."
    for closed, own, act in [(False, True, True), (True, False, False), (False, False, True)]:
        assert hint_refused(hints=False, closed=closed, own_turn=own, can_act=act) == off
    over = hint_refused(hints=True, closed=True, own_turn=True, can_act=True)
    assert over is not None and over.startswith("The deal is over")
    turn = "Hints are for your own turn: ask when it is yours to act."
    assert hint_refused(hints=True, closed=False, own_turn=False, can_act=True) == turn
    assert hint_refused(hints=True, closed=False, own_turn=True, can_act=False) == turn
    assert hint_refused(hints=True, closed=False, own_turn=True, can_act=True) is None


def test_a_no_hints_match_is_saved_so() -> None:
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=42, hints=False)
    assert '"hints": false' in session.recording.table_text()
    again = from_saved(session.recording.record(), {"hints": False})
    assert again.hints is False
    assert from_saved(session.recording.record(), {}).hints is True  # older saves


def test_with_a_signal_advised_the_card_after_it_comes_with_its_numbers() -> None:
    """Bisca de Seis: the coach would signal first; the panel says so, then gives the
    card to play and every card's numbers; the cursor goes to that card."""
    session = Session.new("bisca-6", {}, default_seats(6, "random"), seed=42)
    view = session.view(0)
    assert any(A.is_signal(a) for a in view.legal)
    advice, then = advise(view, SAMPLES, after_signals(view))
    assert A.is_signal(advice.action) and then is not None
    assert advice == hint(view, samples=SAMPLES)
    hand = sorted_hand(session.variant, view)
    shown = advice_text(advice, then, session.variant, session.card_style, hand).plain
    meaning = session.variant.signals[advice.action - A.SIGNAL].meaning
    assert shown.startswith(f'Advised first: the signal "{meaning}" (key s)')
    assert "\nThen: " in shown
    rows = [line for line in shown.splitlines() if line.endswith("%")]
    assert len(rows) == len([a for a in view.legal if A.is_play(a)])
    card = advised_card(advice, then)
    assert card in view.legal and rows[0].startswith("▶ ")
    # the card is judged where it will be played, after the signal, as the review of
    # that decision judges it
    state = session.state.clone()
    state.apply(advice.action)
    after = state.view(0)
    alone = hint(replace(after, legal=tuple(a for a in after.legal if A.is_play(a))),
                 samples=SAMPLES)
    assert alone == then and alone.action == card
    told = hint_text(then, session.variant, session.card_style, hand).plain
    assert rows == [line for line in told.splitlines() if line.endswith("%")]
    # a card advised (no signal): nothing after it, and the panel is the hint's own text
    three = Session.new("bisca-3", {}, default_seats(2, "random"), seed=42)
    plain = three.view(0)
    first, none = advise(plain, SAMPLES, after_signals(plain))
    assert none is None and advised_card(first, None) == first.action
    # a card to lay aside advised: the cursor goes to that card
    aside = replace(first, action=A.discard(first.action))
    assert advised_card(aside, None) == first.action
    assert advised_card(first, aside) == first.action
    drawn = sorted_hand(three.variant, plain)
    assert advice_text(first, None, three.variant, three.card_style, drawn).plain == (
        hint_text(first, three.variant, three.card_style, drawn).plain)


async def test_the_signal_first_and_the_card_after_it_show_at_the_table(private_data) -> None:
    session = Session.new("bisca-6", {}, default_seats(6, "random"), seed=42)
    view = session.view(0)
    advice, then = advise(view, SAMPLES, after_signals(view))
    app = coach_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await open_table(app, pilot, session)
        await ask_hint(app, pilot)
        assert t.coach.advice == advice
        hand = t.sorted_hand(view)
        assert t.coach.panel().text.plain == advice_text(
            advice, then, session.variant, session.card_style, hand).plain
        assert hand[t.selected] == advised_card(advice, then)


async def test_h_refused_shown_put_away_and_refused_again(private_data, monkeypatch) -> None:
    """One app at 80 columns: a match set up without hints on the new game form refuses h
    (not in the footer, a sentence instead). Then at a match with hints: the keys list
    names h; h shows the advised card (the cursor on it), its reason and every legal
    card's numbers; Esc and h put the hint away without leaving the table; playing puts it
    away; a hint still being worked out is dropped when the player acts, and a coach that
    fails is told while the table goes on; the footer shows every key, h among them,
    drawn close together; and h while the bot thinks says it is for the person's own
    turn."""
    from textual.widgets._footer import FooterKey

    import bisca_tui.coach

    app = coach_app(private_data, variant="bisca-3")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")  # New game
        await quiet(pilot)
        app.screen.query_one("#hints", Select).value = "off"
        app.screen.query_one("#seed").value = "42"
        await press(pilot, "enter")
        await settle(app, pilot)
        t = table(app)
        assert t.session.hints is False and t.session.match.seed == 42
        assert not t.check_action("hint", ())  # not in the footer
        await press(pilot, "h")
        await quiet(pilot)
        assert t.coach.token is None and not app.workers
        assert t.notice is not None and "No hints in this match" in t.notice.plain
        assert '"hints": false' in t.session.recording.table_text()

        t = await quick_table(app, pilot, "bisca-3", 42)
        assert t.session.hints is True and t.check_action("hint", ())
        s = t.session
        view = s.view(0)
        assert not t.query_one("#side").has_class("-hinting")
        # the keys list names h
        assert any(b.key == "h" and b.description == "Hint"
                   for (_, b, enabled, _) in t.active_bindings.values() if enabled)
        await press(pilot, "question_mark")
        await quiet(pilot)
        assert isinstance(app.screen, KeysScreen)
        text = str(app.screen.query_one("#keys-text").render())
        line = next(line for line in text.splitlines() if line.startswith("h "))
        assert "coach's advice" in line and "not now" not in line
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is t)
        # Esc and h put the hint away without leaving
        await ask_hint(app, pilot)
        assert t.coach.advice is not None
        await press(pilot, "escape")
        await quiet(pilot)
        assert app.screen is t  # still at the table: Esc closed only the hint
        assert t.coach.advice is None and not t.query_one("#side").has_class("-hinting")
        await ask_hint(app, pilot)
        assert t.coach.advice is not None
        await press(pilot, "h")
        await quiet(pilot)
        assert t.coach.advice is None and not t.query_one("#side").has_class("-hinting")
        # the hint in full
        await ask_hint(app, pilot)
        advice = t.coach.advice
        assert advice is not None and t.query_one("#side").has_class("-hinting")
        # the coach's own answer for this view and sample count
        expected = hint(view, samples=SAMPLES)
        assert advice == expected
        assert advice.action in view.legal and A.is_play(advice.action)
        hand = t.sorted_hand(view)
        assert t.selected == hand.index(advice.action)  # the cursor rests on it
        shown = t.coach.panel().text.plain
        label = card_text(advice.action, s.card_style).plain
        assert "Advised:" in shown and f"(key {hand.index(advice.action) + 1})" in shown
        # the reason, its cards drawn as the table draws them
        assert advice.reason
        assert parts_text(advice.reason_parts, advice.reason, s.card_style).plain in shown
        # one line per legal card, each with its points and its chance to win
        rows = [line for line in shown.splitlines() if line.endswith("%")]
        assert len(rows) == len([a for a in view.legal if A.is_play(a)]) == len(hand)
        assert sum(line.startswith("▶") for line in rows) == 1
        best = next(o for o in advice.options if o.action == advice.action)
        assert rows[0].startswith(f"▶ {label}") and rows[0].endswith(f"{round(100 * best.win)}%")
        # playing the advised card (Enter: the cursor is on it) puts the hint away
        await play_key(app, pilot, "enter")
        assert s.state.history[0] == advice.action
        assert t.coach.token is None and t.coach.advice is None
        assert not t.query_one("#side").has_class("-hinting")

        # a hint still being worked out when the player acts never shows: the coach
        # answers only once the card is played
        real_hint = bisca_tui.coach.hint
        go_on = threading.Event()

        def slow(*args, **kwargs):
            go_on.wait(30)
            return real_hint(*args, **kwargs)

        monkeypatch.setattr(bisca_tui.coach, "hint", slow)
        app.simulate_key("h")
        await until(pilot, lambda: t.coach.token is not None)
        assert "thinking" in t.coach.panel().text.plain
        hand = t.sorted_hand(s.view(0))
        legal = s.view(0).legal
        await play_key(app, pilot, hand_key(hand.index(next(c for c in hand if c in legal))))
        assert t.coach.token is None
        go_on.set()
        await workers_done(app)
        await quiet(pilot)
        # the answer for the position gone never shows
        assert t.coach.advice is None and not t.query_one("#side").has_class("-hinting")

        # a coach that fails is told in the panel, and the game goes on
        def broken(*args, **kwargs):
            raise RuntimeError("no samples fit the view")

        monkeypatch.setattr(bisca_tui.coach, "hint", broken)
        await settle(app, pilot)
        await ask_hint(app, pilot)
        assert t.coach.advice is None
        assert "No hint this time: RuntimeError: no samples fit the view" in (
            t.coach.panel().text.plain)
        before = len(s.state.history)
        await play_key(app, pilot, "1")  # the game goes on, the panel goes
        assert len(s.state.history) > before and app.screen is t
        assert not t.query_one("#side").has_class("-hinting")

        # Undo in the footer since the card played above: the fullest it gets
        await quiet(pilot)
        keys = list(t.query(FooterKey))
        assert {"h", "u", "f1"} <= {k.key for k in keys}
        assert all(k.region.right <= 80 and k.region.width for k in keys)

        app.bot_delay = 60  # from now on the bot takes its time to answer
        st = t.session.state
        for _ in range(3):  # a card of the person's that leaves the bot to play
            before = len(st.history)
            app.simulate_key("1")
            await until(pilot, lambda before=before: len(st.history) > before)
            await quiet(pilot, workers=False)
            if st.current == 1:
                break
        assert st.current == 1  # the bot to play
        await press(pilot, "h", workers=False)  # the bot still thinking
        assert t.coach.token is None
        assert t.notice is not None and "your own turn" in t.notice.plain
