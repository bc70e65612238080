"""The host is one object holding a part for each job (its places, its entrance, its outbox),
and a player's action reaches the match through the table interface every front uses
(``LocalTable.submit``), which applies it or refuses it with the rule it breaks."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from net_support import LONG, open_table, views_until

from bisca_tui.engine.errors import IllegalAction
from bisca_tui.net.entrance import Entrance
from bisca_tui.net.host import Host, NetSettings
from bisca_tui.net.outbox import Outbox
from bisca_tui.net.places import Places
from bisca_tui.table.front import LocalTable

NET = Path(__file__).resolve().parents[2] / "bisca_tui" / "net"


async def test_the_host_holds_its_parts_and_inherits_from_none() -> None:
    assert Host.__mro__ == (Host, object)
    table = await open_table(NetSettings("sueca", seed=1, open=(0, 2)))
    host = table.host
    assert isinstance(host.places, Places) and host.places.open == (0, 2)
    assert isinstance(host.entrance, Entrance) and host.entrance.host is host
    assert isinstance(host.outbox, Outbox) and host.outbox.host is host
    ana = await table.join("Ana", 2)
    assert host.places.owners == [None, None, "Ana", None]
    assert host.places.conns[2] is not None and host.places.keys[2] == ana.key
    host.finish()
    await table.end()


def test_no_module_of_the_network_stubs_another_class_for_the_type_checker() -> None:
    """Methods declared under ``if TYPE_CHECKING`` are another class's, pretended here: the
    sign of a class spread over several files."""
    stubbed = []
    for path in sorted(NET.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                    and node.test.id == "TYPE_CHECKING"):
                stubbed += [f"{path.name}: {d.name}" for d in ast.walk(node)
                            if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert stubbed == []


async def test_each_action_of_a_player_is_submitted_to_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    submitted: list[tuple[int, int]] = []
    submit = LocalTable.submit

    def counted(self: LocalTable, seat: int, action: int) -> Any:
        submitted.append((seat, action))
        return submit(self, seat, action)

    monkeypatch.setattr(LocalTable, "submit", counted)
    settings = NetSettings("sueca", seed=5, deals=1, level="random", open=(0,))
    table = await open_table(settings)
    await table.join("Ana", 0, play=True)
    session = await table.end()
    assert session is not None and len(session.match.deals) == 1
    history = session.match.deals[0].history
    assert len(submitted) == 10  # a card for each trick: the bots' answers are not its
    assert {seat for seat, _ in submitted} == {0}
    assert {action for _, action in submitted} <= set(history)


async def test_a_rule_the_table_refuses_by_is_the_refusal_the_player_gets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: LocalTable, seat: int, action: int) -> Any:
        raise IllegalAction(seat, str(action), "not at this table today")

    monkeypatch.setattr(LocalTable, "submit", refuse)
    settings = NetSettings("sueca", seed=5, level="random", hold=LONG, open=(0,))
    table = await open_table(settings)
    ana = await table.join("Ana", 0)
    view = await views_until(ana, lambda m: bool(m["view"]["legal"]))
    ana.act(view["view"]["legal"][0], view["token"])
    answer = await ana.expect("refused", LONG)
    assert answer is not None and answer["rule"] == "not at this table today"
    assert answer["token"] == view["token"]  # the position is still the one it answered
    table.host.finish()
    await table.end()
