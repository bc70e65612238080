"""The table drawn from the view shown, area by area: the seats round it and the stock, the
hand, the trick and its caption, the side panel, the status line.

Everything comes from the screen's ``shown_view()`` and its state (the seat whose hand
shows, the cursor, the notice, the trick left on the table or looked back at); which area
needs drawing again when that state changes is the screen's to say (its ``watch_``
methods). The arrangement of the table is ``widgets/board.py`` (shared with the replay
viewer); the side panel's texts are in ``widgets/side.py``, the status line's and the
trick caption's in ``widgets/captions.py``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from rich.text import Text
from textual.css.query import NoMatches
from textual.geometry import Offset

from ...engine.view import SeatView
from ..cardart import WINNER
from ..contract import CARD_PHASES
from ..layout import SIDE_PANEL, card_sizes
from ..widgets.board import show_side, show_stock
from ..widgets.captions import status_text, trick_shown
from ..widgets.common import Panel
from ..widgets.table import HandView, SeatPanel, StockView, TrickSlot, seat_info

if TYPE_CHECKING:
    from ..cardart import CardSize
    from .table import TableScreen

SEATS, HAND, TRICK, SIDE, STATUS = "seats", "hand", "trick", "side", "status"
AREAS = frozenset((SEATS, HAND, TRICK, SIDE, STATUS))


class TableDrawing:
    """Draws the table of one screen."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.shown_cards: dict[int, int] = {}  # the trick's cards as last drawn, by seat
        self.drawn = False  # the table was drawn whole once (nothing is drawn again before)
        self.due: set[str] = set()  # the areas to draw again, once the change is made

    def redraw(self, areas: Collection[str]) -> None:
        """Draw ``areas`` again once the handler at work is done: what changes together
        is drawn together, once."""
        if not self.drawn:
            return  # the first drawing draws it all
        if not self.due:
            self.screen.call_later(self.draw_due)
        self.due.update(areas)

    def draw_due(self) -> None:
        due, self.due = self.due, set()
        if due and not self.screen.broken and self.draw(due):
            self.keys_shown()

    def draw_now(self) -> None:
        """Draw the whole table now. The first drawing of a match read from a save may
        fail (a damaged save): the flow sets the match aside and says why."""
        screen = self.screen
        if screen.broken:
            return
        try:
            drawn = self.draw(AREAS)
        except Exception as e:
            if self.drawn:
                raise
            screen.flow.cannot_show(e)
            return
        if drawn:
            self.drawn = True
            self.keys_shown()

    def keys_shown(self) -> None:
        """The footer follows the keys that apply (it is built again only when they
        change)."""
        self.screen.footer_keys = self.screen.keys_now().footer

    def draw(self, areas: Collection[str] = AREAS) -> bool:
        """Draw ``areas`` (every one by default) from the view shown; False when there is
        nothing to draw on."""
        screen = self.screen
        if not screen.is_mounted:
            return False
        try:
            screen.query_one("#hand", HandView)
        except NoMatches:
            return False
        v, private = screen.shown_view()
        if SEATS in areas:
            self.seats(v, private)
        if HAND in areas:
            self.hand(v, private)
        if TRICK in areas:
            self.trick(v)
        if SIDE in areas:
            show_side(screen, screen.session, v, private, screen.hide_points,
                      screen.app.size.height)
        if STATUS in areas:
            screen.query_one("#status", Panel).set(self.status_text(v))
        return True

    def seats(self, v: SeatView, private: bool) -> None:
        """The seats round the table, and the stock."""
        screen, s = self.screen, self.screen.session
        partnerships = s.variant.n_teams < v.n_players
        for seat in range(v.n_players):
            panel = screen.query_one(f"#seat-{seat}", SeatPanel)
            panel.show(seat_info(s, v, seat, private, seat in screen.away_seats), partnerships)
        show_stock(screen.query_one(StockView), s, v)

    def hand(self, v: SeatView, private: bool) -> None:
        """The hand at the bottom: its cards face up when ``private``, the cursor on the
        player's turn (resting on a card that may be played)."""
        screen = self.screen
        mine = screen.my_turn(v) and v.phase in CARD_PHASES
        hand = self.hand_cards(v, private)
        playable = screen.playable(v)
        if hand:
            selected = max(0, min(screen.selected, len(hand) - 1))
            if mine and private:
                selected = screen.playable_at(hand, playable, selected, 1)
            screen.set_reactive(type(screen).selected, selected)  # drawn here, not again
        width = screen.app.size.width
        hsize, _tsize = self.card_sizes(v, len(hand))
        screen.query_one(HandView).show(
            hand, playable, screen.selected if mine else None, mine, hsize,
            screen.session.card_style, hidden=not private,
            room=max(20, width - SIDE_PANEL))

    def hand_cards(self, v: SeatView, private: bool) -> tuple[int, ...]:
        """The hand as drawn: its cards in order, or as many places when hidden."""
        if private:
            return self.screen.sorted_hand(v)
        return tuple(range(v.hand_sizes[v.seat]))

    def card_sizes(self, v: SeatView, in_hand: int) -> tuple[CardSize, CardSize]:
        """The sizes of the cards in the hand and in the trick, for the terminal's size
        (once laid out, the seats across the top have their height: the cards may grow)."""
        screen = self.screen
        width, height = screen.app.size
        top_rows = screen.query_one("#top-seats").outer_size.height or None
        return card_sizes(width, height, v.n_players, screen.bottom, in_hand, top_rows)

    def trick(self, v: SeatView) -> None:
        """The trick on the table (the one just taken, or the last one shown again), its
        cards sliding in, and going to the winner as it is put away, when cards move."""
        screen, s = self.screen, self.screen.session
        style = s.card_style
        caption_panel = screen.query_one("#trick-caption", Panel)
        room = caption_panel.content_size.width or 28
        cards, winner, caption = trick_shown(s, v, room, screen.review, screen.show_finished,
                                              points=not screen.hide_points)
        _hsize, tsize = self.card_sizes(v, len(self.hand_cards(v, screen.viewer is not None)))
        moving = self.moving() and not screen.review
        taken = v.tricks[-1] if v.tricks else None
        for seat in range(v.n_players):
            card = cards.get(seat)
            slot = screen.query_one(f"#slot-{seat}", TrickSlot)
            before = self.shown_cards.get(seat)
            if card is None and moving and taken is not None and before in taken.cards:
                # the trick just put away goes to its winner
                slot.leave_towards(self.towards(slot, taken.winner), tsize, style)
                continue
            slot.show(card, tsize, style, WINNER if seat == winner else "normal")
            if card is not None and before != card and moving:
                slot.slide_in(self.towards(slot, seat, half=True))
        self.shown_cards = dict(cards)
        caption_panel.set(caption)

    def moving(self) -> bool:
        """Whether cards move: the choice, the pace (not instant) and the terminal's
        animation level all allow it."""
        screen = self.screen
        return (screen.bisca_app.motion and screen.session.speed != "instant"
                and screen.app.animation_level != "none")

    def towards(self, slot: TrickSlot, seat: int, half: bool = False) -> Offset:
        """From a place in the trick to a seat's player (the hand at the bottom, or that
        seat's panel), in cells; ``half``: only halfway, where an arriving card starts."""
        screen = self.screen
        target = (screen.query_one("#hand") if seat == screen.bottom
                  else screen.query_one(f"#seat-{seat}"))
        a, b = target.region, slot.region
        if not a or not b:
            return Offset(0, 0)
        dx = (a.x + a.width // 2) - (b.x + b.width // 2)
        dy = (a.y + a.height // 2) - (b.y + b.height // 2)
        return Offset(dx // 2, dy // 2) if half else Offset(dx, dy)

    def status_text(self, v: SeatView) -> Text:
        screen = self.screen
        if screen.notice is not None:
            return screen.notice
        return status_text(screen.session, v, mine=screen.my_turn(v), closed=screen.deal_closed,
                           handing_over=screen.waiting_handover, viewer=screen.viewer)
