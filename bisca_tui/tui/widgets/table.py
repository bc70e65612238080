"""The table's widgets: seats, the player's hand, the trick slots and the stock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.geometry import Offset

from ...engine.narrate import person, say
from ...lang import _, npgettext, pgettext
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
)
from ..contract import auction_role, turn_label
from ..messages import CardClicked
from ..pileart import stock_lines, trump_lines
from ..words import level_name
from .common import Panel
from .lines import Breakable, Choice, Part, known_cards, pack_lines

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.seating import Seating

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
    role: str = ""  # a public part the seat plays this deal: "bid 75", "bidder 75", "partner"
    role_bid: str = ""  # the bid the role names ("75"): the role breaks around it, if at all
    trump_card: int | None = None  # the turned trump card this seat is known to hold
    suit_order: tuple[int, ...] = (0, 1, 2, 3)  # how the seat's known cards are grouped
    strength: tuple[int, ...] = ()  # card strengths (by card), strongest first in a suit
    turn_label: str = ""  # what the seat to act is doing ("to play"), in the language in use
    away: bool = False  # its player (at a shared table) lost the connection


def seat_info(s: Seating, v: SeatView, seat: int, private: bool,
              away: bool = False) -> SeatInfo:
    """What the seat panel shows of ``seat`` to the seat of view ``v`` (its known cards only
    when ``private``: that seat's player is at the keyboard; ``away``: its player lost the
    connection to a shared table)."""
    role, bid = seat_role(s, v, seat)
    return SeatInfo(
        seat, s.shown_name(seat), v.team_of[seat], s.team_label(v.team_of[seat]),
        v.hand_sizes[seat], v.current == seat,
        v.dealer == seat and not s.variant.dealer_sits_out,
        not s.seats[seat].is_human,
        v.known[seat] if private else (), s.card_style, level=s.level_label(seat),
        role=role, role_bid=bid,
        trump_card=turned_card(s, v) if seat == v.dealer else None,
        suit_order=suit_order(v), strength=tuple(s.variant.strength),
        turn_label=turn_label(v.phase), away=away,
    )


def seat_role(s: Seating, v: SeatView, seat: int) -> tuple[str, str]:
    """What the deal made of a seat: a dummy hand and who plays it; what the bidding made
    of it: its bid, the bidder, the partner once known (and the bid those words name)."""
    if s.person_of(seat) is None:
        who = s.name(s.controller(seat))
        return say("Seats", f"{person(who)}.dummy", seat=who), ""
    return auction_role(s, v, seat)


def role_part(role: str, bid: str) -> Part:
    """A seat's role as a part of its panel: whole where it fits, else broken only around
    the bid it names."""
    at = role.find(bid) if bid else -1
    if at < 0:
        return Text(role, style="bold yellow")
    pieces = [role[:at].strip(), bid, role[at + len(bid):].strip()]
    return Breakable([Text(p, style="bold yellow") for p in pieces if p])


def turned_card(s: Seating, v: SeatView) -> int | None:
    """The trump card turned in a game without a stock, while its holder (the dealer)
    still has it: every seat knows it is there."""
    card = v.indicator_card
    if card is None or s.variant.draws:
        return None
    held = v.hand if v.dealer == v.seat else v.known[v.dealer]
    return card if card in held else None


def suit_order(v: SeatView) -> tuple[int, ...]:
    """Suits in the order hands are drawn: trumps last."""
    return tuple(sorted(range(4), key=lambda suit: (suit == v.trump, suit)))


class SeatPanel(Panel):
    """A seat at the table: name (in the frame), team, cards left, turn, dealer, and what is
    known of its hand."""

    def __init__(self, seat: int, side: str) -> None:
        super().__init__(id=f"seat-{seat}", classes=f"seat {side}")
        self.seat = seat
        self.side = side
        self.title_shown: str | None = None  # the frame's words as last set
        self.subtitle_shown: str | None = None

    def room(self) -> int:
        """The text width of the panel (estimated before the first layout)."""
        width = self.content_size.width
        if width:
            return width
        if self.side in ("left", "right"):
            return SIDE_ROOM
        if not self.is_mounted:
            return 40
        main = max(20, self.app.size.width - 26)
        if self.side == "top":
            count = max(1, len(self.parent.children)) if self.parent is not None else 1
            return max(8, min(40, main // count) - 4)
        return main - 2

    def show(self, info: SeatInfo, show_team: bool) -> None:
        if self.has_class("-turn") != info.is_turn:
            self.set_class(info.is_turn, "-turn")
        # the frame's words are set only when they change: setting them draws the panel
        # again, whatever they were
        title = ("▶ " if info.is_turn else "") + info.name
        if title != self.title_shown:
            self.title_shown = title
            self.border_title = Text(title)  # a Text: shown as typed, never read as markup
        dealer = pgettext("seat panel", "dealer") if info.is_dealer else ""
        room = self.room()
        # the frame's foot holds the word between its corners and dashes ("╰─ dealer ─╯");
        # where it would be cut (a narrow side seat), the word goes inside the panel
        framed = not dealer or len(dealer) <= room - 4
        subtitle = dealer if framed else ""
        if subtitle != self.subtitle_shown:
            self.subtitle_shown = subtitle
            self.border_subtitle = subtitle
        # the panel is laid out with the turn's words ("to play") whether the turn is this
        # seat's or not, and keeps their line: a panel, and the table round it, keeps its
        # height as the turn goes round
        lines = self.lay_out(info, show_team, dealer, framed, turn=True)
        if not info.is_turn:
            lines = self.lay_out(info, show_team, dealer, framed, turn=False,
                                 height=len(lines))
        self.set(Text("\n").join(lines))

    def lay_out(self, info: SeatInfo, show_team: bool, dealer: str, framed: bool,
                turn: bool, height: int = 0) -> list[Text]:
        """The panel's lines, with the turn's words or without them (then at least
        ``height`` lines, the last ones empty)."""
        side = self.side in ("left", "right")
        room = self.room()
        parts: list[Part] = []
        if self.side == "bottom":
            parts.append(Text(info.name, style="bold"))
        if dealer and (self.side == "bottom" or not framed):
            parts.append(Text(dealer, style="bright_black"))
        if show_team:
            parts.append(Text(pgettext("seat panel", "team {team}").format(
                team=info.team_label), style=f"bold {team_colour(info.team)}"))
        if info.role:
            parts.append(role_part(info.role, info.role_bid))
        known = [c for c in info.known if c != info.trump_card]
        open_hand = info.cards > 0 and len(info.known) >= info.cards
        if info.cards and not open_hand:  # a hand seen face up needs no count
            parts.append(Text("▮" * info.cards if info.cards <= 10 else npgettext(
                "seat panel", "{n} card", "{n} cards", info.cards).format(n=info.cards),
                style="blue"))
        if info.away:
            # translators: a seat panel: its player lost the connection to a shared table
            parts.append(Text(pgettext("seat panel", "away"), style="bold yellow"))
        bot_at = len(parts)
        if info.is_bot:
            level = level_name(info.level)
            grey = "bright_black"
            # translators: a seat panel's mark of a bot, and its level ("bot · medium")
            bot = pgettext("seat panel", "bot")
            if level:
                parts.append(Choice(Text(f"{bot} · {level}", style=grey),
                                    Text(f"{bot} {level}", style=grey)))
            else:
                parts.append(Text(bot, style=grey))
        if turn:
            parts.append(Text(info.turn_label, style="bold yellow"))
        if info.trump_card is not None:
            # translators: a seat panel: the trump card this seat is known to hold
            head = Text(pgettext("seat panel", "trump") + " ", style="bright_black")
            parts.append(head + card_text(info.trump_card, info.card_style))
        if known:
            cards = known_cards(tuple(known), info.card_style, info.suit_order, info.strength)
            # translators: a seat panel: before its cards seen face up, or known to be held
            label = pgettext("seat panel", "hand") if open_hand else pgettext("seat panel",
                                                                              "holds")
            first = Text(f"{label} ", style="bright_black") + cards[0]
            parts.append(Breakable([first, *cards[1:]]))
        lines = pack_lines(parts, room, one_per_line=side)
        if info.is_bot and info.level and not side and len(lines) > 1:
            # the shorter "bot level" may leave room for what follows it
            short = list(parts)
            short[bot_at] = Choice(*cast(Choice, parts[bot_at]).texts[1:])
            tighter = pack_lines(short, room)
            if len(tighter) < len(lines):
                lines = tighter
        return lines + [Text()] * (height - len(lines))


class HandView(Panel):
    """The cards of the seat being shown, numbered for the keys 1-9, clickable."""

    def __init__(self) -> None:
        super().__init__(id="hand")
        self.cards: tuple[int, ...] = ()
        self.size_: CardSize = SMALL
        self.gap = 1
        self.drawn_width = 0  # the cards' width; the panel centres them (text-align)

    def show(self, cards: tuple[int, ...], playable: set[int], selected: int | None,
             my_turn: bool, size: CardSize, style: str, hidden: bool = False,
             room: int = 200) -> None:
        self.cards = cards
        self.size_ = size
        # cards touch when a long hand would not fit otherwise
        self.gap = 1 if len(cards) * (size.width + 1) + 1 <= room else 0
        drawings = []
        for i, c in enumerate(cards):
            number = ("0" if i == 9 else str(i + 1)) if i < 10 and my_turn else ""
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
            self.drawn_width = 0
            self.set(Text(_("(no cards yet)") if my_turn or hidden else _("(no cards)"),
                          style="bright_black"))
            return
        lines = join_cards(drawings, self.gap)
        self.drawn_width = max(line.cell_len for line in lines)
        for line in lines:  # lines of one width: centred, they stay one above the other
            line.pad_right(self.drawn_width - line.cell_len)
        self.set(stack(lines))

    def left_margin(self) -> int:
        """Cells between the panel's content edge and the first card (as text-align: center
        places them)."""
        return max(0, (self.content_size.width - self.drawn_width) // 2)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.cards:
            return
        x = offset.x - self.left_margin()
        if x < 0:
            return
        step = self.size_.width + self.gap
        index = x // step
        if x % step < self.size_.width and index < len(self.cards):
            self.post_message(CardClicked(index))


class TrickSlot(Panel):
    """Where one seat's card lies in the trick, beside that seat."""

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"slot-{seat}", classes="slot")
        self.seat = seat
        self.leaving = 0  # counts the moves, so a finished one knows it is still the last

    def show(self, card: int | None, size: CardSize, style: str, role: str = "normal") -> None:
        lines = blank_lines(size) if card is None else card_lines(card, size, style, role)
        self.set(stack(lines))

    def slide_in(self, start: Offset, duration: float = 0.2) -> None:
        """The card arrives from ``start`` (cells from its place) and slides home."""
        self.leaving += 1  # a card arriving cancels a card leaving
        self.offset = start
        self.animate("offset", Offset(0, 0), duration=duration, easing="out_cubic")

    def leave_towards(self, target: Offset, size: CardSize, style: str,
                      duration: float = 0.25) -> None:
        """The card goes off towards ``target`` (the trick's winner), then the place is
        empty again."""
        self.leaving += 1
        token = self.leaving

        def gone() -> None:
            if self.leaving == token:  # nothing else came to this place meanwhile
                self.offset = Offset(0, 0)
                self.show(None, size, style)

        self.animate("offset", target, duration=duration, easing="in_cubic",
                     on_complete=gone)


class StockView(Panel):
    """The stock across the face-up trump indicator, with the cards left."""

    def __init__(self) -> None:
        super().__init__(id="stock")

    def show(self, stock_count: int, indicator: int | None, trump: int | None, knocked: bool,
             style: str, under: int | None = None) -> None:
        """``under``: a card laid under the indicator to exchange for it, shown below."""
        lines = stock_lines(stock_count, indicator, trump, knocked, style)
        if under is not None:
            # translators: the card laid under the indicator for an exchange (Brisca)
            lines = [*lines, Text(pgettext("exchange", "under:") + " ", style="bright_black")
                     + card_text(under, style)]
        self.set(stack(lines))

    def show_trumps(self, trump: int | None, turned: int | None, note: Text | None,
                    style: str) -> None:
        """A game without a stock: the trump suit, and the turned card while it is held."""
        self.set(stack(trump_lines(trump, turned, note, style)))
