"""Hints for playing a card: the hard level's choice, every legal action with its numbers, a
reason built from what the seat can know, and the same hint for two deals the seat cannot
tell apart. The other decisions (cut or knock, the exchange, bids, calls, signals, discards,
a trick before trumps are named) are in ``test_hint_decisions``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from coach_support import FAMILIES, states_until

from bisca_tui.bots.levels import MediumBot
from bisca_tui.bots.table import variant_of
from bisca_tui.coach import hint
from bisca_tui.coach.hint import coach_bot, decision_bot
from bisca_tui.coach.sentences import card_words
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.narrate import CardRef
from bisca_tui.engine.sampling import determinize
from bisca_tui.engine.view import SeatView

# templates that name a card the seat has not seen, only ever as still out (never where)
UNSEEN_TEMPLATES = {"take_try", "lead_points", "keep"}


def decisions(vid: str, seeds: range, options: dict | None = None,
              every_seat: bool = False, cards_only: bool = True):
    """Views of decisions with a choice in deals played by the medium level."""
    v = make_variant(vid, options)
    for seed in seeds:
        s = GameState(v, seed=seed, target=v.match_target())
        bots = [MediumBot(seed * 10 + k) for k in range(v.n)]
        while not s.is_over():
            seat = s.current
            assert seat is not None
            view = s.view(seat)
            plays = [a for a in view.legal if 0 <= a < 80]
            if (every_seat or seat == 0) and len(view.legal) > 1 and (
                    not cards_only or (plays and view.trump is not None)):
                yield s, view
            s.apply(bots[seat].choose(view))


def refs(parts) -> list[int]:
    return [p.card for p in parts if isinstance(p, CardRef)]


def seen_by(view: SeatView) -> set[int]:
    """The cards the seat has seen or been shown."""
    out = set(view.hand) | view.played_cards()
    out |= {c for k in view.known for c in k}
    for c in (view.indicator, view.indicator_card, view.under_indicator_card()):
        if c is not None:
            out.add(c)
    out |= {e.gave for e in view.exchanges} | {e.took for e in view.exchanges}
    return out


def unseen_beaters(view: SeatView, card: int) -> list[int]:
    """Cards outside the seat's sight that would beat ``card`` played after it."""
    v = variant_of(view)
    sight = set(view.hand) | view.played_cards()
    if view.indicator is not None:
        sight.add(view.indicator)
    for s in range(view.n_players):
        if s != view.seat and view.side_of[s] is not None and \
                view.side_of[s] == view.side_of[view.seat]:
            sight |= set(view.known[s])
    out = []
    for u in v.pack():
        if u in sight:
            continue
        if v.suit[u] == v.suit[card]:
            if v.strength[u] > v.strength[card]:
                out.append(u)
        elif v.suit[u] == view.trump:
            out.append(u)
    return out


def winner_of(view: SeatView) -> tuple[int, int]:
    v = variant_of(view)
    seat, w = view.trick[0]
    for s, c in view.trick[1:]:
        if (v.suit[c] == v.suit[w] and v.strength[c] > v.strength[w]) or (
                v.suit[c] == view.trump != v.suit[w]):
            seat, w = s, c
    return seat, w


def beats(view: SeatView, c: int, w: int) -> bool:
    v = variant_of(view)
    if v.suit[c] == v.suit[w]:
        return v.strength[c] > v.strength[w]
    return v.suit[c] == view.trump


def test_two_deals_that_look_alike_from_the_seat_get_the_same_hint() -> None:
    rng = random.Random(5)
    checked = 0
    for vid in ("briscola", "sueca", "bisca-4", "chiamata", "brisca"):
        v = make_variant(vid)
        for s, view in decisions(vid, range(2)):
            if len(view.tricks) not in (1, 3):
                continue
            other = determinize(view, v, rng)
            hidden = [sorted(h) for k, h in enumerate(s.hands) if k != view.seat]
            other_hidden = [sorted(h) for k, h in enumerate(other.hands) if k != view.seat]
            if hidden == other_hidden:
                continue
            # a determinized deal starts at the play: the auction's count of actions is
            # the one public fact it does not rebuild
            seen = replace(other.view(view.seat), history_len=view.history_len)
            assert seen == view
            a = hint(s.view(view.seat), seed=3, samples=12)
            b = hint(seen, seed=3, samples=12)
            assert a == b, vid
            checked += 1
    assert checked >= 5


def test_the_hint_is_the_hard_levels_choice_with_every_legal_card_judged() -> None:
    for vid in ("briscola", "sueca", "chiamata"):
        for _, view in list(decisions(vid, range(1)))[:6]:
            h = hint(view, seed=2, samples=10)
            assert h.action == decision_bot(view, 2, samples=10).choose(view), vid
            assert sorted(o.action for o in h.options) == sorted(view.legal)
            cards = [o for o in h.options if 0 <= o.action < 80]
            assert cards and all(o.points is not None and o.win is not None for o in cards)
            total = sum(variant_of(view).points[c] for c in variant_of(view).pack())
            for o in cards:
                assert 0 <= o.points <= total and 0 <= o.win <= 1
            assert h.method in ("exact", "solved", "playouts")
            assert h.samples >= 1


@pytest.mark.parametrize("vid", FAMILIES)
def test_every_game_family_gets_hints_with_reasons(vid: str) -> None:
    seen = 0
    for _, view in decisions(vid, range(2), cards_only=False, every_seat=True):
        h = hint(view, seed=1, samples=6)
        assert h.action in view.legal
        assert h.reason and h.reason.endswith(".") and h.reason[0].isupper()
        assert h.reason.count(". ") <= 1, h.reason  # one or two sentences
        assert h.reason_keys and h.reason_parts
        seen += 1
        if seen >= 12:
            break
    assert seen >= 4


def test_reasons_state_only_facts_the_seat_can_see() -> None:
    keys_seen: set[str] = set()
    for vid in ("briscola", "bisca-4", "sueca", "chiamata"):
        for _, view in decisions(vid, range(3)):
            h = hint(view, seed=0, samples=6)
            keys = h.reason_keys
            keys_seen.update(keys)
            c = h.action
            named = refs(h.reason_parts)
            hidden = [x for x in named if x not in seen_by(view)]
            if hidden:  # a card out of sight is only ever said to be unseen
                assert set(keys) & UNSEEN_TEMPLATES, (vid, h.reason)
            first = keys[0]
            if view.trick:
                win_seat, w = winner_of(view)
                if first.startswith("take_") or first == "partner_secure":
                    assert beats(view, c, w)
                if first.startswith(("cannot_win", "duck_")):
                    assert not beats(view, c, w)
                if first.startswith("cannot_win"):
                    plays = [a for a in view.legal if 0 <= a < 80]
                    assert not any(beats(view, x, w) for x in plays)
                if first in ("partner_secure", "partner_raise"):
                    assert len(unseen_beaters(view, c)) < len(unseen_beaters(view, w))
                if first.startswith(("feed_", "partner_")) or first == "overtake":
                    assert view.side_of[win_seat] is not None
                    assert view.side_of[win_seat] == view.side_of[view.seat]
                if first in ("feed_last", "take_partner_after"):
                    later = [(view.seat + i) % view.n_players
                             for i in range(1, view.n_players - len(view.trick))]
                    mine = view.side_of[view.seat]
                    assert all(view.side_of[x] is not None
                               and view.side_of[x] == mine for x in later)
            if first in ("lead_sure", "lead_sure_points", "take_sure", "take_master",
                         "take_gone_one", "take_gone_many"):
                assert not unseen_beaters(view, c), (vid, h.reason)
            if first.startswith("take_gone"):
                assert all(x in view.played_cards() for x in named if x != c)
            if "exact_win" in keys or "exact_loss" in keys:
                assert h.method == "exact"
    assert {"take_last", "lead_low", "cannot_win", "lead_trump"} <= keys_seen
    assert len(keys_seen) >= 12, keys_seen


def test_a_trump_that_nothing_left_can_beat_is_said_so() -> None:
    """Four players: a trump taking an opponent's trick, every stronger trump played."""
    found = 0
    for seed in range(60):
        def fits(s: GameState) -> bool:
            if not s.trick or s.current is None or s.trump is None:
                return False
            view = s.view(s.current)
            v = s.variant
            seat, w = winner_of(view)
            if view.side_of[seat] == view.side_of[view.seat]:
                return False
            played = view.played_cards()
            for c in view.legal:
                if 0 <= c < 80 and v.suit[c] == s.trump and beats(view, c, w):
                    stronger = [u for u in v.pack() if v.suit[u] == s.trump
                                and v.strength[u] > v.strength[c]]
                    if stronger and all(u in played for u in stronger) and len(
                            view.trick) < s.n - 1:
                        return True
            return False

        s = states_until("bisca-4", seed, fits)
        if s is None:
            continue
        view = s.view(s.current)
        v = s.variant
        _, w = winner_of(view)
        c = next(c for c in view.legal if 0 <= c < 80 and v.suit[c] == s.trump
                 and beats(view, c, w) and all(
                     u in view.played_cards() for u in v.pack()
                     if v.suit[u] == s.trump and v.strength[u] > v.strength[c]))
        from bisca_tui.coach.reasons import play_reason

        r = play_reason(view, c)
        assert r.keys[0] in ("take_gone_one", "take_gone_many"), r.keys
        text = r.text(card_words(view))
        assert text.startswith("Takes the trick")
        assert "of trumps" in text and "already played, so nothing can beat it." in text
        top = max((u for u in v.pack() if v.suit[u] == s.trump), key=lambda u: v.strength[u])
        assert top in refs(r.parts)  # the strongest trump is named as played
        found += 1
        if found >= 2:
            break
    assert found


def test_a_trump_kept_back_is_said_to_wait_for_the_unseen_one_above_it() -> None:
    from bisca_tui.coach.hint import advise
    from bisca_tui.coach.reasons import play_reason

    found = 0
    for seed in range(40):
        def fits(s: GameState) -> bool:
            if not s.trick or s.current is None or s.trump is None:
                return False
            view = s.view(s.current)
            seat, w = winner_of(view)
            plays = [a for a in view.legal if 0 <= a < 80]
            takers = [c for c in plays if beats(view, c, w)]
            return (view.side_of[seat] != view.side_of[view.seat] and bool(takers)
                    and len(takers) < len(plays))

        s = states_until("briscola", seed, fits)
        if s is None:
            continue
        view = s.view(s.current)
        ev = advise(view, coach_bot(0, samples=8))
        _, w = winner_of(view)
        plays = [a for a in view.legal if 0 <= a < 80]
        duck = next(c for c in plays if not beats(view, c, w))
        r = play_reason(view, duck, ev)
        assert r.keys[0] in ("duck_costs", "duck_no_gain")
        if len(r.keys) > 1:
            assert r.keys[1] == "keep"
            kept, top = refs(r.parts)[-2:]
            assert variant_of(view).suit[kept] == view.trump
            assert top in unseen_beaters(view, kept)
            assert "is still out." in r.text(card_words(view))
            found += 1
    assert found


def test_the_issues_example_sentence_reads_as_written() -> None:
    from bisca_tui.coach.sentences import say

    r = say("take_gone_one", "worth", "lowest", points=14, card=CardRef(1),
            gone=(CardRef(0),))
    words = r.text(lambda c: {0: "the Ace of trumps", 1: "the 2 of trumps"}[c])
    assert words == ("Takes the trick and its 14 points with the 2 of trumps, your lowest "
                     "trump that takes it; the Ace of trumps is already played, so nothing "
                     "can beat it.")
    # the table draws cards its own way: the parts keep them as cards
    assert refs(r.parts) == [1, 0]
    assert r.text(lambda c: f"<{c}>").startswith("Takes the trick and its 14 points with <1>")


def test_an_exact_endgame_hint_says_it_is_proven() -> None:
    s = states_until("briscola", 4, lambda s: s.stock_count == 0 and not s.trick
                     and len(s.legal_cards()) == 3)
    assert s is not None
    h = hint(s.view(s.current), samples=20)
    assert h.method == "exact" and h.samples == 1
    assert h.reason_keys[-1] in ("exact_win", "exact_loss", "exact_tie")
    assert "Every card is known now" in h.reason


def test_no_hint_out_of_turn() -> None:
    s = GameState(make_variant("briscola"), seed=1)
    other = 1 - s.current
    with pytest.raises(ValueError):
        hint(s.view(other))


def test_a_sure_partners_trick_is_never_taken_with_a_trump() -> None:
    found = 0
    for seed in range(40):
        def fits(s: GameState) -> bool:
            if len(s.trick) != s.n - 1 or s.trump is None:
                return False
            view = s.view(s.current)
            seat, w = winner_of(view)
            if view.side_of[seat] != view.side_of[view.seat]:
                return False
            return any(0 <= c < 80 and beats(view, c, w) and s.variant.suit[c] == s.trump
                       for c in view.legal) and len(view.legal) > 1

        s = states_until("bisca-4", seed, fits)
        if s is None:
            continue
        view = s.view(s.current)
        _, w = winner_of(view)
        h = hint(view, seed=1, samples=8)
        assert not (beats(view, h.action, w) and variant_of(view).suit[h.action] == view.trump)
        assert h.action == decision_bot(view, 1, samples=8).choose(view)
        found += 1
        if found >= 3:
            break
    assert found
