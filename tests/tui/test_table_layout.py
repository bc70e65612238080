"""Seats around the table in counter-clockwise order, card sizes, the small terminal."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from tui_helpers import make_app, quick_table, quiet

from bisca_tui.tui.layout import place_names, seat_places, seats_on


def centre(region: Region) -> tuple[float, float]:
    return region.x + region.width / 2, region.y + region.height / 2


def test_seat_places_go_counter_clockwise() -> None:
    # seat i+1 is to the right of seat i: right side, then the top, then the left
    assert seat_places(4, 0) == {0: ("bottom", 0), 1: ("right", 0), 2: ("top", 0),
                                 3: ("left", 0)}
    assert seat_places(2, 1) == {1: ("bottom", 0), 0: ("top", 0)}
    assert seat_places(3, 0)[1][0] == "right" and seat_places(3, 0)[2][0] == "left"
    # across the top, play runs from right to left
    assert seats_on(6, 0, "top") == [4, 3, 2]
    # with eight, two seats a side: up the right, down the left
    assert seats_on(8, 0, "right") == [2, 1]
    assert seats_on(8, 0, "left") == [6, 7]
    for n in range(2, 9):
        assert sorted(seat_places(n, 0)) == list(range(n))


def test_every_seat_has_its_own_place_name() -> None:
    assert place_names(6, 0) == {0: "bottom", 1: "right", 2: "top right", 3: "top",
                                 4: "top left", 5: "left"}
    assert place_names(7, 0)[1] == "lower right" and place_names(7, 0)[2] == "upper right"
    for n in range(2, 9):
        for bottom in range(n):
            names = place_names(n, bottom)
            assert sorted(names) == list(range(n))
            assert len(set(names.values())) == n, names


async def test_four_seats_sit_counter_clockwise_on_screen(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-4", seed=2)
        c = {s: centre(t.query_one(f"#seat-{s}").region) for s in range(4)}
        bottom, right, top, left = c[0], c[1], c[2], c[3]
        assert bottom[1] > right[1] > top[1]  # the player at the bottom
        assert right[0] > top[0] > left[0]  # the next seat to play on the right
        assert top[1] < left[1] < bottom[1]
        # each card of the trick lies beside the seat that played it
        slots = {s: centre(t.query_one(f"#slot-{s}").region) for s in range(4)}
        assert slots[1][0] > slots[2][0] > slots[3][0]
        assert slots[2][1] < slots[1][1] < slots[0][1]


async def test_six_seats_around_the_table(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-6", seed=4)
        c = {s: centre(t.query_one(f"#seat-{s}").region) for s in range(6)}
        assert c[1][0] > c[2][0] > c[3][0] > c[4][0] > c[5][0]  # right, top R-to-L, left
        assert c[2][1] == c[3][1] == c[4][1] < c[1][1] < c[0][1]
        assert c[5][1] > c[4][1]
        # the whole trick fits above the hand at 80x24: the player's own slot and the
        # last-trick line are not cut off
        hand_top = t.query_one("#hand-area").region.y
        for part in ("#slot-0", "#trick-caption"):
            region = t.query_one(part).region
            assert region.height > 0 and region.bottom <= hand_top, part


async def test_a_small_terminal_asks_to_be_enlarged(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(60, 20)) as pilot:
        await quiet(pilot)
        notice = app.screen.query_one(".too-small")
        assert notice.display and notice.region.area > 0
        assert "enlarge" in str(notice.render()).lower()
        await pilot.resize_terminal(80, 24)
        await quiet(pilot)
        assert app.screen.query_one(".too-small").region.area == 0
        assert app.screen.query_one("#new").region.area > 0


async def test_bigger_terminals_draw_bigger_cards(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=8)
        small = t.query_one("#hand").region
        await pilot.resize_terminal(100, 30)
        await quiet(pilot)
        big = t.query_one("#hand").region
        assert big.height > small.height and big.width > small.width


async def test_a_status_line_longer_than_the_screen_wraps_instead_of_being_cut(
        private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=2)
        words = ("Maximiliana's monte is in your hand: lay aside 3 more cards (1-9 or click); "
                 "they count for the side that takes the last trick.")
        assert len(words) > 120 - 2
        t.notice = Text(words, style="bold yellow")
        t.refresh_table()
        await quiet(pilot)
        status = t.query_one("#status")
        shown = " ".join(status.render_line(y).text.strip()
                         for y in range(status.region.height))
        assert shown == words
        assert t.query_one("#hand").region.bottom <= status.region.y
