"""The card table as laid out on screen, shared by the table where a match is played and the
replay viewer: the seats around the trick in playing order, the stock, the hand at the
bottom, the side panel (the game, the match score, the card points, the signals, the log)
and the status line; and the drawing of the parts that only read a seat's view (the stock,
the side panel, a hand in the order it is drawn).

``table_body`` is composed inside a screen's ``Body``; the ids it gives the widgets are the
ones the stylesheet and the screens query.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, HorizontalGroup, Vertical, VerticalGroup
from textual.dom import DOMNode
from textual.widget import Widget

from ..contract import auction_note, knocked
from ..layout import BOTTOM, LEFT, RIGHT, TOP, seats_on
from .common import Panel
from .log import GameLog
from .side import PenteView, info_text, points_text, show_score, signals_text
from .table import HandView, SeatPanel, StockView, TrickSlot, turned_card

if TYPE_CHECKING:
    from ...engine.variant import Variant
    from ...engine.view import SeatView
    from ...table.seating import Seating


def table_body(n: int, bottom: int, signals: bool, side_top: Panel | None = None,
               side_end: Widget | None = None) -> ComposeResult:
    """The table for ``n`` seats with ``bottom`` at the bottom of the screen, the side
    panel beside it (with the signals' part when the game has signals, ``side_top`` above
    the rest and ``side_end`` below it when given: the viewer's source, the table's hint)
    and the status line under both."""
    with Horizontal(id="table-row"):
        with Vertical(id="table"):
            top = seats_on(n, bottom, TOP)
            with HorizontalGroup(id="top-seats"):
                for s in top:
                    yield SeatPanel(s, TOP)
            with Horizontal(id="middle"):
                left, right = seats_on(n, bottom, LEFT), seats_on(n, bottom, RIGHT)
                if left:
                    with Vertical(id="left-seats", classes="side-seats"):
                        for s in left:
                            yield SeatPanel(s, LEFT)
                with Vertical(id="centre"):
                    with HorizontalGroup(id="trick-top", classes="trick-row"):
                        for s in top:
                            yield TrickSlot(s)
                    with HorizontalGroup(id="trick-mid", classes="trick-row"):
                        with VerticalGroup(classes="slot-column"):
                            for s in left:
                                yield TrickSlot(s)
                        yield StockView()
                        with VerticalGroup(classes="slot-column"):
                            for s in right:
                                yield TrickSlot(s)
                    with HorizontalGroup(id="trick-bottom", classes="trick-row"):
                        yield TrickSlot(bottom)
                    yield Panel(id="trick-caption")
                if right:
                    with Vertical(id="right-seats", classes="side-seats"):
                        for s in right:
                            yield SeatPanel(s, RIGHT)
            with VerticalGroup(id="hand-area"):
                yield SeatPanel(bottom, BOTTOM)
                yield HandView()
        with Vertical(id="side"):
            if side_top is not None:
                yield side_top
            yield Panel(id="info")
            yield PenteView(id="pente")
            yield Panel(id="points")
            if signals:
                yield Panel(id="signals")
            yield GameLog()
            if side_end is not None:
                yield side_end
    yield Panel(id="status")


def sorted_hand(variant: Variant, view: SeatView) -> tuple[int, ...]:
    """A hand as drawn: grouped by suit, trumps last, strongest first in each suit."""
    trump = view.trump if view.trump is not None else -1

    def key(c: int) -> tuple[int, int, int]:
        suit = variant.suit[c]
        return (1 if suit == trump else 0, suit, -variant.strength[c])

    return tuple(sorted(view.hand, key=key))


def show_stock(stock: StockView, s: Seating, v: SeatView) -> None:
    """The stock and the trump indicator, or in a game without a stock the trump suit and
    what the bidding left on the table."""
    style = s.card_style
    if s.variant.draws:
        stock.show(v.stock_count, v.indicator, v.trump, knocked(v), style,
                   under=v.under_indicator_card())
    else:
        stock.show_trumps(v.trump, turned_card(s, v), auction_note(v, style), style)


def show_side(root: DOMNode, s: Seating, v: SeatView, private: bool, hide_points: bool,
              height: int) -> None:
    """The side panel's parts under ``root`` (the log aside): the game and the deal, the
    match score, the card points, and the signals ``v``'s seat saw (hidden unless
    ``private``); ``height``: the terminal's, which leaves the log its room."""
    root.query_one("#info", Panel).set(info_text(s, v))
    show_score(root.query_one(PenteView), s, v)
    root.query_one("#points", Panel).set(points_text(s, v, hide_points))
    if s.variant.signals:
        shown = 3 if height >= 30 else 1  # leave the log some room
        root.query_one("#signals", Panel).set(signals_text(s, v, private, shown))
