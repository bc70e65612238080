"""The table's widgets: seats, the player's hand, the trick slots and the stock."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events

from ..cardart import (
    PLAYABLE,
    SELECTED,
    SELECTED_UNPLAYABLE,
    SMALL,
    SYMBOLS,
    UNPLAYABLE,
    CardSize,
    back_lines,
    blank_lines,
    card_lines,
    card_text,
    join_cards,
    stack,
    stock_lines,
)
from ..messages import CardClicked
from .common import Panel

SIDE_ROOM = 11  # the text width of a seat down a side of the table

TEAM_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "white", "bright_black")


def team_colour(team: int) -> str:
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    team: int
    team_label: str
    cards: int
    is_turn: bool
    is_dealer: bool
    is_bot: bool
    known: tuple[int, ...]
    card_style: str = SYMBOLS
    level: str = ""  # the bot level playing the seat


class SeatPanel(Panel):
    """A seat at the table: name (in the frame), team, cards left, turn, dealer."""

    def __init__(self, seat: int, side: str) -> None:
        super().__init__(id=f"seat-{seat}", classes=f"seat {side}")
        self.seat = seat
        self.side = side

    def show(self, info: SeatInfo, show_team: bool) -> None:
        if self.has_class("-turn") != info.is_turn:
            self.set_class(info.is_turn, "-turn")
        self.border_title = ("▶ " if info.is_turn else "") + info.name
        self.border_subtitle = "dealer" if info.is_dealer else ""
        parts: list[Text] = []
        if self.side == "bottom":
            parts.append(Text(info.name, style="bold"))
            if info.is_dealer:
                parts.append(Text("dealer", style="bright_black"))
        if show_team:
            parts.append(Text(f"team {info.team_label}", style=f"bold {team_colour(info.team)}"))
        if info.cards:
            parts.append(Text("▮" * info.cards if info.cards <= 10 else f"{info.cards} cards",
                              style="blue"))
        compact = self.side == "top" or self.side == "bottom"
        if info.is_bot:
            label = f"bot · {info.level}" if info.level else "bot"
            room = self.content_size.width or SIDE_ROOM
            if compact or len(label) <= room:
                parts.append(Text(label, style="bright_black"))
            else:  # a narrow side seat: the level under the word bot
                parts.append(Text(f"bot\n{info.level}", style="bright_black"))
        sep = Text("  ") if compact else Text("\n")
        body = sep.join(parts)
        if info.is_turn:
            body.append_text(sep)
            body.append("to play", style="bold yellow")
        if info.known:
            body.append_text(sep)
            body.append("holds ", style="bright_black")
            body.append_text(Text(" ").join(card_text(c, info.card_style) for c in info.known))
        self.set(body)


class HandView(Panel):
    """The cards of the seat being shown, numbered for the keys 1-9, clickable."""

    def __init__(self) -> None:
        super().__init__(id="hand")
        self.cards: tuple[int, ...] = ()
        self.size_: CardSize = SMALL

    def show(self, cards: tuple[int, ...], playable: set[int], selected: int | None,
             my_turn: bool, size: CardSize, style: str, hidden: bool = False) -> None:
        self.cards = cards
        self.size_ = size
        drawings = []
        for i, c in enumerate(cards):
            number = str(i + 1) if i < 9 and my_turn else ""
            if hidden:
                drawings.append(back_lines(size))
                continue
            if not my_turn:
                role = "normal"
            elif c in playable:
                role = SELECTED if i == selected else PLAYABLE
            else:
                role = SELECTED_UNPLAYABLE if i == selected else UNPLAYABLE
            drawings.append(card_lines(c, size, style, role, number))
        if not cards:
            self.set(Text("(no cards yet)" if my_turn or hidden else "(no cards)",
                          style="bright_black"))
            return
        self.set(stack(join_cards(drawings)))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.cards:
            return
        step = self.size_.width + 1
        index = offset.x // step
        if offset.x % step < self.size_.width and index < len(self.cards):
            self.post_message(CardClicked(index))


class TrickSlot(Panel):
    """Where one seat's card lies in the trick, beside that seat."""

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"slot-{seat}", classes="slot")
        self.seat = seat

    def show(self, card: int | None, size: CardSize, style: str, role: str = "normal") -> None:
        lines = blank_lines(size) if card is None else card_lines(card, size, style, role)
        self.set(stack(lines))


class StockView(Panel):
    """The stock across the face-up trump indicator, with the cards left."""

    def __init__(self) -> None:
        super().__init__(id="stock")

    def show(self, stock_count: int, indicator: int | None, trump: int | None, knocked: bool,
             style: str) -> None:
        self.set(stack(stock_lines(stock_count, indicator, trump, knocked, style)))
