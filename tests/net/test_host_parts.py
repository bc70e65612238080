"""The host is one object holding a part for each job: its places, its entrance, its
outbox."""

from __future__ import annotations

import ast
from pathlib import Path

from net_support import open_table

from bisca_tui.net.entrance import Entrance
from bisca_tui.net.host import Host, NetSettings
from bisca_tui.net.outbox import Outbox
from bisca_tui.net.places import Places

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
