"""Where each seat sits on screen, and how big the cards can be drawn.

Play goes counter-clockwise. Seen from above with the player at the bottom of the screen,
the next seat to play sits on the right-hand side, the following ones across the top (from
right to left), the last ones down the left side.
"""

from __future__ import annotations

from .cardart import LARGE, MEDIUM, MINI, SMALL, CardSize

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


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def hand_card_size(width: int, height: int, cards: int) -> CardSize:
    """The biggest card that fits the hand row and the table's height."""
    main = max(20, width - 26)
    for size, min_h in ((LARGE, 36), (MEDIUM, 28), (SMALL, 0)):
        if height >= min_h and max(cards, 3) * (size.width + 1) <= main:
            return size
    return MINI


def trick_card_size(width: int, height: int, n: int) -> CardSize:
    if n >= 8 and height < 31:
        return MINI
    size = hand_card_size(width, height, 3)
    if size is SMALL and n >= 5 and height < 26:
        return MINI  # the narrow seats across the top take two lines: three rows must fit
    return size
