"""A player who brings no name (a visitor of ``bisca-tui serve --join``'s page) is asked for
one in the table, and asked again when that name is already at the table; Escape leaves."""

from __future__ import annotations

import pytest
from join_support import SIZE, until
from net_support import open_table

from bisca_tui.join.app import JoinApp
from bisca_tui.join.chat import NameDialog
from bisca_tui.net.host import NetSettings
from bisca_tui.serve import join_command


async def test_the_name_is_asked_and_asked_again_when_it_is_taken(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=1))
    other = await table.join("Ana", sit=False)
    app = JoinApp("127.0.0.1", table.host.port, "test42", None, data_directory=tmp_path,
                  back_off=(0.01,))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog), "the name asked")
        assert app.link is None  # nothing is sent before the player has a name
        await pilot.press("B", "o", "backspace", "backspace", "A", "n", "a", "enter")
        # Ana is at the table already: the dialog comes back, saying so
        await until(pilot, lambda: isinstance(app.screen, NameDialog) and app.screen.note,
                    "the name asked again")
        assert "Ana" in app.screen.note
        await pilot.press("left_square_bracket", "b", "right_square_bracket", "B", "i", "a",
                          "enter")  # a name is text, brackets and all
        await until(pilot, lambda: app.seats and app.you == "[b]Bia", "in, as [b]Bia")
        assert any(s.get("name") is None or s.get("name") != "Ana" for s in app.seats)
        names = [c.name for c in table.host.clients]
        assert "[b]Bia" in names and "Ana" in names
    await other.close()
    table.host.finish()
    await table.end()


async def test_escape_at_the_name_leaves(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=1))
    app = JoinApp("127.0.0.1", table.host.port, "TEST42", None, data_directory=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog), "the name asked")
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running, "the app gone")
    assert not table.host.clients  # it never came in
    table.host.finish()
    await table.end()


def test_a_served_page_seats_its_visitor_at_the_hosted_table() -> None:
    command = join_command("192.0.2.7:7341", "K7Q2XP", data_dir="/data")
    assert command.endswith("-m bisca_tui join 192.0.2.7:7341 K7Q2XP --ask-name "
                            "--key-file '' --data-dir /data")  # visitors keep no key here


def test_a_served_page_brings_its_visitors_into_a_card_room_as_guests() -> None:
    command = join_command("192.0.2.7:7342", None)
    assert command.endswith("-m bisca_tui join 192.0.2.7:7342 --guest --ask-name "
                            "--key-file ''")  # they share this machine: none has a key


def test_serve_join_takes_an_address_and_at_most_a_code(capsys) -> None:
    from bisca_tui.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["serve", "--join", "h:1"]).join == ["h:1"]
    assert parser.parse_args(["serve", "--join", "h:1", "CODE"]).join == ["h:1", "CODE"]
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--join", "h:1", "CODE", "more"])
    assert "an invite code for a table" in capsys.readouterr().err
