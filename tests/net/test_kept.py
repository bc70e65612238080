"""A hosted match kept in each player's own history: the ``over`` message carries the whole
record once every deal is over, and what a host sent is checked before anything is kept."""

from __future__ import annotations

import copy

import pytest
from net_support import LONG, open_table

from bisca_tui.history.entry import LOST, WON
from bisca_tui.join.kept import kept_entry
from bisca_tui.net.host import NetSettings


@pytest.fixture(scope="module")
def over():
    """The ``over`` message of a whole match of Bisca de Três, a person against a bot."""
    import asyncio

    async def play() -> tuple[dict, object]:
        table = await open_table(NetSettings("bisca-3", seed=6, start_with=1, level="easy",
                                             open=(0,)))
        client = await table.join("Ana", seat=0, play=True, seed=2)
        session = await table.end()
        return await client.expect("over", LONG), session

    return asyncio.run(play())


def test_the_end_of_a_match_carries_its_record_and_each_places_kind(over) -> None:
    message, session = over
    assert session.match.is_over()
    assert message["record"] == session.recording.record().to_json()
    assert message["kinds"] == [{"kind": "human", "level": ""},
                                {"kind": "bot", "level": "easy"}]
    entry = kept_entry(message, 0, "Ana", "2026-11-29T00:00:00Z", "2026-11-29T01:00:00Z")
    assert entry is not None and entry.ended == "2026-11-29T01:00:00Z"
    assert [(p.name, p.kind, p.level) for p in entry.players] == [
        ("Ana", "human", ""), (session.people[1].name, "bot", "easy")]
    won = session.match.winner
    assert [p.result for p in entry.players] == [WON if k == won else LOST for k in (0, 1)]
    assert len(entry.deals) == len(session.match.results)


def test_a_match_stopped_before_its_end_keeps_nothing(over) -> None:
    message = {k: v for k, v in over[0].items() if k not in ("record", "kinds")}
    assert kept_entry(message, 0, "Ana", "", "") is None


@pytest.mark.parametrize(("change", "said"), [
    (lambda m: m["record"].update(format="other"), "the host's record: format"),
    (lambda m: m["record"]["deals"][0]["actions"].reverse(), "breaks the rule"),
    (lambda m: m.update(kinds=[{"kind": "human"}]), "says what sat at 1 places"),
    (lambda m: m.update(kinds="everyone"), "says what sat at 0 places"),
    (lambda m: m["kinds"].__setitem__(1, {"kind": "alien"}), "nothing clear of place 1"),
    (lambda m: m.update(record=[1, 2]), "a record is a JSON object"),
])
def test_what_a_host_sent_that_cannot_be_kept_is_refused_with_why(over, change, said) -> None:
    message = copy.deepcopy(over[0])
    change(message)
    with pytest.raises(ValueError) as e:
        kept_entry(message, 0, "Ana", "", "")
    assert said in str(e.value)


def test_a_bots_level_this_program_does_not_know_is_kept_as_a_bots(over) -> None:
    message = copy.deepcopy(over[0])
    message["kinds"][1]["level"] = "grandmaster"
    entry = kept_entry(message, 0, "Ana", "", "")
    assert entry is not None and (entry.players[1].kind, entry.players[1].level) == (
        "bot", "medium")
