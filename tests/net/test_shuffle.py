"""The host commits to each deal's shuffle before the deal and reveals it after; a client
checks the reveal against the commitment said first and the hand it was dealt."""

from __future__ import annotations

import hashlib

from net_support import LONG, open_table

from bisca_tui.engine.codec import cards_to_json
from bisca_tui.engine.shuffle_proof import commitment
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.net.host import NetSettings
from bisca_tui.net.shuffle_watch import (
    BROKEN,
    COMMITMENT_ONLY,
    NOT_TOLD,
    OTHER_HAND,
    PROVEN,
    ShuffleWatch,
)


async def test_every_client_is_told_the_commitment_before_a_deal_and_the_seed_after() -> None:
    table = await open_table(NetSettings("bisca-3", seed=4, deals=2))
    players = [await table.join(f"P{k}", seat=k, play=True, seed=k) for k in range(2)]
    watcher = await table.join("W", sit=False)
    session = await table.end()
    assert session is not None and len(session.match.results) == 2
    for client in (*players, watcher):
        assert await client.expect("over", LONG) is not None
        watch = ShuffleWatch()
        for deal in (1, 2):
            kinds = [(m["type"], "seed" in m) for m in client.messages
                     if m.get("deal") == deal and m["type"] in ("view", "shuffle")]
            # the commitment before the deal's first view, the reveal after its last
            assert kinds[0] == ("shuffle", False) and kinds[-1] == ("shuffle", True)
            assert ("shuffle", False) not in kinds[1:] and kinds.count(("shuffle", True)) == 1
        for m in client.messages:
            if m["type"] == "view":
                watch.saw_view(m)
            elif m["type"] == "shuffle" and "seed" not in m:
                assert watch.committed(m["deal"], m["commitment"])
            elif m["type"] == "shuffle":
                d = session.match.deals[m["deal"] - 1]
                assert m["seed"] == d.seed
                text = f"bisca-tui deal {m['salt']}:{m['seed']}".encode()
                assert hashlib.sha256(text).hexdigest() == m["commitment"] == watch.told[
                    m["deal"]]
                verdict = watch.revealed(m["deal"], m["seed"], m["salt"], session.variant)
                assert verdict == (COMMITMENT_ONLY if client is watcher else PROVEN)


V = make_variant("bisca-3")
SALT = "ab" * 16


def dealt(seed: int, seat: int = 0, dealer: int = 1) -> dict:
    """A view message of a deal's first position, as the host sends it."""
    hand = GameState(V, dealer, seed).hands[seat]
    return {"type": "view", "seat": seat, "deal": 1, "token": [1, 0],
            "view": {"dealer": dealer, "hand": list(cards_to_json(hand))}}


def test_a_reveal_is_proven_only_by_the_first_commitment_and_the_hand_dealt() -> None:
    watch = ShuffleWatch()
    assert watch.revealed(1, 9, SALT, V) == NOT_TOLD
    assert watch.committed(1, commitment(9, SALT))
    assert watch.revealed(1, 9, SALT, V) == COMMITMENT_ONLY  # no hand seen dealt
    watch.saw_view(dealt(9))
    assert watch.revealed(1, 9, SALT, V) == PROVEN
    # a commitment said again, to another seed: the first one said counts
    assert watch.committed(1, commitment(10, SALT))
    assert watch.revealed(1, 10, SALT, V) == BROKEN
    assert watch.revealed(1, 9, "cd" * 16, V) == BROKEN
    for seed, salt in ((True, SALT), ("9", SALT), (-9, SALT), (9, SALT.upper()), (9, None)):
        assert watch.revealed(1, seed, salt, V) == BROKEN, (seed, salt)


def test_a_seed_that_deals_other_cards_than_were_given_is_caught() -> None:
    watch = ShuffleWatch()
    watch.saw_view(dealt(7))  # the hand seed 7 deals, then a reveal of seed 8 with its
    assert watch.committed(1, commitment(8, SALT))  # own commitment: it holds, the hand not
    assert watch.revealed(1, 8, SALT, V) == OTHER_HAND


def test_views_that_are_not_a_deals_first_position_or_are_malformed_are_not_read() -> None:
    watch = ShuffleWatch()
    later = {**dealt(7), "token": [1, 3]}
    bad = [later, {**dealt(7), "seat": None}, {**dealt(7), "view": {"dealer": 1, "hand": [5]}},
           {**dealt(7), "view": {"dealer": "x", "hand": []}}, {"type": "view"},
           {**dealt(7), "token": "1,0"}]
    for message in bad:
        watch.saw_view(message)
    assert watch.dealt == {}
    assert not watch.committed(1, "not a digest")
    assert watch.told == {}


def test_a_host_cannot_fill_a_client_with_deals_no_match_has() -> None:
    from bisca_tui.engine.record_reading import MAX_DEALS

    watch = ShuffleWatch()
    for deal in (0, -1, MAX_DEALS + 1, 10**30):
        assert not watch.committed(deal, commitment(9, SALT))
        watch.saw_view({**dealt(9), "deal": deal, "token": [deal, 0]})
    assert watch.told == {} and watch.dealt == {}


def test_the_log_says_a_failed_check_in_red_and_never_prints_what_is_no_seed() -> None:
    from bisca_tui.join.shuffle_lines import revealed_lines

    good = revealed_lines(9, SALT, PROVEN)
    assert [line.plain.strip() for line in good] == [
        f"Shuffle revealed: seed 9, salt {SALT} (bisca-tui verify checks it)",
        "Shuffle checked: the seed and the salt give the commitment said before the deal, "
        "and the cards you were dealt."]
    assert {str(line.style) for line in good} == {"dim"}
    bad = revealed_lines("[red]9[/]\x1b[2J", SALT, BROKEN)
    assert len(bad) == 1 and str(bad[0].style) == "bold red"
    assert "not the shuffle it committed to" in bad[0].plain
    assert str(revealed_lines(9, SALT, OTHER_HAND)[-1].style) == "bold red"
