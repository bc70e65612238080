"""Where each seat sits on screen, and how big the cards can be drawn.

Play goes counter-clockwise. Seen from above with the player at the bottom of the screen,
the next seat to play sits on the right-hand side, the following ones across the top (from
right to left), the last ones down the left side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lang import pgettext

if TYPE_CHECKING:  # the card drawings load the engine: the start screen does without
    from .cardart import CardSize

BOTTOM, RIGHT, TOP, LEFT = "bottom", "right", "top", "left"

# Seats other than the player's, split into (right, top, left).
_SPLIT = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1),
          6: (2, 2, 2), 7: (2, 3, 2)}

MIN_WIDTH = 80
MIN_HEIGHT = 24


def sides(n: int) -> tuple[int, int, int]:
    if n < 2 or n - 1 not in _SPLIT:
        raise ValueError(f"the table seats 2 to 8 players, not {n}")
    return _SPLIT[n - 1]


def seat_places(n: int, bottom: int) -> dict[int, tuple[str, int]]:
    """Seat -> (side, order along that side in play order).

    Along the right side order 0 is the lowest; across the top order 0 is the rightmost;
    down the left side order 0 is the highest.
    """
    right, top, left = sides(n)
    places = {bottom: (BOTTOM, 0)}
    k = 1
    for side, count in ((RIGHT, right), (TOP, top), (LEFT, left)):
        for i in range(count):
            places[(bottom + k) % n] = (side, i)
            k += 1
    return places


def seats_on(n: int, bottom: int, side: str) -> list[int]:
    """Seats along one side in screen order: top to bottom, or left to right."""
    places = seat_places(n, bottom)
    seats = sorted((s for s, (sd, _) in places.items() if sd == side),
                   key=lambda s: places[s][1])
    if side in (RIGHT, TOP):  # play order runs upwards on the right, leftwards on top
        seats.reverse()
    return seats


def place_names(n: int, bottom: int) -> dict[int, str]:
    """Seat -> where it sits in words, different for every seat ("top left", "top", "top
    right"; "upper left", "lower left" when two share a side), in the language in use."""
    names = {bottom: BOTTOM}
    for side in (RIGHT, TOP, LEFT):
        seats = seats_on(n, bottom, side)  # top to bottom, or left to right
        if len(seats) <= 1:
            words = [side] * len(seats)
        elif side == TOP:
            words = ["top left", "top", "top right"] if len(seats) == 3 else [
                "top left", "top right"]
        else:
            words = [f"upper {side}", f"lower {side}"]
        names.update(zip(seats, words, strict=True))
    return {seat: place_word(name) for seat, name in names.items()}


def place_word(place: str) -> str:
    """A place at the table in words, in the language in use."""
    words = {
        # translators: where a seat sits on screen (the new game form's seats)
        "bottom": pgettext("place", "bottom"), "right": pgettext("place", "right"),
        "top": pgettext("place", "top"), "left": pgettext("place", "left"),
        "top left": pgettext("place", "top left"), "top right": pgettext("place", "top right"),
        "upper left": pgettext("place", "upper left"),
        "lower left": pgettext("place", "lower left"),
        "upper right": pgettext("place", "upper right"),
        "lower right": pgettext("place", "lower right"),
    }
    return words.get(place, place)


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


WIDE = 110  # columns from which the seats down the sides are wider (the app's ``-wide``)


def side_seat(width: int) -> int:
    """The width of a seat panel down a side of the table (``bisca.tcss`` has the same):
    wider where the screen has room for a bid's words on one line ("bid Two for 62")."""
    return WIDE_SIDE_SEAT if width >= WIDE else SIDE_SEAT


SIDE_PANEL = 26  # the side panel's width (score, log)
SIDE_SEAT = 13  # a seat panel's width down a side of the table
WIDE_SIDE_SEAT = 20  # the same on a wide screen
STOCK_WIDTH = 13  # the stock and its margins
FIXED_ROWS = 2  # the status line and the footer


def card_sizes(width: int, height: int, n: int, bottom: int, hand_cards: int,
               top_rows: int | None = None) -> tuple[CardSize, CardSize]:
    """The biggest cards for the hand and for the trick that fit the table together.

    The trick lies in the space between the seats across the top and the hand: a row of
    cards beside the top seats, one beside the side seats (with the stock between them),
    one for the player's own card, and the line under it. ``top_rows`` is the height of the
    seats across the top (measured once the screen is laid out; estimated before).
    """
    from .cardart import LARGE, MEDIUM, MINI, SMALL

    right, top, left = (len(seats_on(n, bottom, side)) for side in (RIGHT, TOP, LEFT))
    if top_rows is None:
        top_rows = 3 if top else 0
    main = max(20, width - SIDE_PANEL)
    centre = main - side_seat(width) * ((left > 0) + (right > 0))
    column = max(left, right)

    def hand_fits(size: CardSize) -> bool:
        return max(hand_cards, 3) * (size.width + 1) + 2 <= main or size is MINI

    def trick_rows(size: CardSize) -> int:
        middle = max(5, column * size.height)
        return (size.height if top else 0) + middle + size.height + 1

    def trick_fits(size: CardSize, hand: CardSize) -> bool:
        room = height - top_rows - (1 + hand.height) - FIXED_ROWS
        wide = max(top * (size.width + 2),
                   size.width * ((left > 0) + (right > 0)) + STOCK_WIDTH)
        return trick_rows(size) <= room and wide <= centre

    pairs = [(LARGE, LARGE), (MEDIUM, LARGE), (LARGE, MEDIUM), (MEDIUM, MEDIUM),
             (SMALL, MEDIUM), (MEDIUM, SMALL), (SMALL, SMALL), (SMALL, MINI), (MINI, SMALL),
             (MINI, MINI)]
    for hand, trick in pairs:
        if hand_fits(hand) and trick_fits(trick, hand):
            return hand, trick
    return (SMALL if hand_fits(SMALL) else MINI), MINI
