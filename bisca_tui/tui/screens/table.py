"""The card table: seats around it in playing order, the trick, the stock, the hand.

Everything drawn comes from ``view(seat)`` of the seat being shown; legal moves, whose turn
it is and the scores come from the engine. Bots think in a worker thread and post their
choice back, so the screen never freezes.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalGroup, Vertical, VerticalGroup
from textual.screen import Screen
from textual.widgets import Footer, RichLog
from textual.worker import get_current_worker

from ...engine import actions as A
from ...engine.cards import SUIT_NAMES, SUITS, parse_card
from ...engine.errors import IllegalAction
from ...engine.state import GameState
from ...engine.view import SeatView
from ..cardart import WINNER, card_text, suit_text
from ..layout import BOTTOM, LEFT, RIGHT, SIDE_PANEL, TOP, card_sizes, seats_on
from ..messages import BotChose, BotFailed, BotReplaced, CardClicked
from ..session import SPEEDS, Session
from ..widgets.common import Body, Panel, TooSmall
from ..widgets.side import PENTE_MAX, PenteView
from ..widgets.table import (
    HandView,
    SeatInfo,
    SeatPanel,
    StockView,
    TrickSlot,
    pack_lines,
    team_colour,
)

if TYPE_CHECKING:
    from ..app import BiscaApp

AUCTION, CALLING = "auction", "call"  # the phases of bidding and calling a card


def verb(name: str, base: str) -> str:
    """``You play`` but ``Rui plays``."""
    if name == "You":
        return base
    return base + ("es" if base.endswith(("sh", "ch", "x", "ss")) else "s")


LOG_WIDTH = 23  # the text width of the log in the side panel (its scroll bar aside)


def hang(text: str | Text, width: int = LOG_WIDTH) -> str | Text:
    """A log line folded to ``width`` at spaces, the following lines indented two cells
    more than the first, so each entry reads as one."""
    line = text if isinstance(text, Text) else Text(text)
    if line.cell_len <= width:
        return text
    plain = line.plain
    indent = len(plain) - len(plain.lstrip(" ")) + 2
    pieces: list[Text] = []
    start, room = 0, width
    while len(plain) - start > room:
        cut = plain.rfind(" ", start + 1, start + room + 1)
        if cut <= start:  # one long word: cut it
            cut = start + room
        pieces.append(line[start:cut])
        start = cut + 1 if cut < len(plain) and plain[cut] == " " else cut
        room = max(8, width - indent)
    pieces.append(line[start:])
    out = pieces[0]
    for piece in pieces[1:]:
        out = out + Text("\n" + " " * indent) + piece
    return out


def fit(room: int, candidates: list[Text], style: str = "") -> Text:
    """The first text that fits ``room`` cells (the last one, cut, if none does)."""
    for text in candidates:
        if text.cell_len <= room:
            break
    else:
        text = candidates[-1]
        text.truncate(room, overflow="ellipsis")
    if style:
        text.stylize(style)
    return text


class TableScreen(Screen[None]):
    """One match at the table."""

    BINDINGS = [
        Binding("1", "play(0)", "Play", key_display="1-9"),
        *[Binding(str(i + 1), f"play({i})", show=False) for i in range(1, 9)],
        Binding("0", "play(9)", show=False),
        Binding("left", "move(-1)", "Choose", key_display="←→", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter", "play_selected", "Play selected", show=False),
        Binding("c", "special('cut')", "Cut"),
        Binding("k", "special('knock')", "Knock"),
        Binding("x", "special('exchange')", "Exchange the 2"),
        Binding("s", "signal", "Signal"),
        Binding("b", "auction", "Bid / call"),
        Binding("space", "continue", "Continue", show=False),
        Binding("l", "last_trick", "Last trick"),
        Binding("p", "toggle_points", "Points"),
        Binding("v", "speed", "Speed"),
        Binding("q", "quit_match", "Save & quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        humans = session.humans()
        self.bottom = humans[0]
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.selected = 0
        self.show_finished = False
        self.review = False
        self.hide_points = False
        self.notice: Text | None = None
        self.deal_closed = False
        self.waiting_handover = False
        self.started = False
        self.bindings_shown: tuple[bool | None, ...] = ()
        self.log_lines: list[str | Text] = []
        self.dialog_open = False  # the bid or call dialog is up

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    # ----- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        n = self.session.variant.n
        b = self.bottom
        yield TooSmall()
        with Body():
            with Horizontal(id="table-row"):
                with Vertical(id="table"):
                    top = seats_on(n, b, TOP)
                    with HorizontalGroup(id="top-seats"):
                        for s in top:
                            yield SeatPanel(s, TOP)
                    with Horizontal(id="middle"):
                        left, right = seats_on(n, b, LEFT), seats_on(n, b, RIGHT)
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
                                yield TrickSlot(b)
                            yield Panel(id="trick-caption")
                        if right:
                            with Vertical(id="right-seats", classes="side-seats"):
                                for s in right:
                                    yield SeatPanel(s, RIGHT)
                    with VerticalGroup(id="hand-area"):
                        yield SeatPanel(b, BOTTOM)
                        yield HandView()
                with Vertical(id="side"):
                    yield Panel(id="info")
                    yield PenteView(id="pente")
                    yield Panel(id="points")
                    if self.session.variant.signals:
                        yield Panel(id="signals")
                    yield RichLog(id="log", wrap=True, markup=False, max_lines=200, min_width=10)
            yield Panel(id="status")
        yield Footer()

    def on_mount(self) -> None:
        if not self.started:
            self.started = True
            s = self.session
            s.start_bots()
            s.on_bot_notice = self.bot_notice_from_thread
            self.log_line(self.deal_heading())
            for line in self.deal_so_far():
                self.log_line(line)
            for problem in s.bot_problems:
                self.log_line(Text(problem, style="bold red"))
                self.notify(problem, severity="warning", timeout=10)
            s.bot_problems.clear()
        self.refresh_table()
        # once laid out, the seats across the top have their height: the cards may grow
        self.call_after_refresh(self.refresh_table)
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        if self.session.on_bot_notice == self.bot_notice_from_thread:
            self.session.on_bot_notice = None

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_table()

    # ----- what is shown -------------------------------------------------------------

    def shown_view(self) -> tuple[SeatView, bool]:
        """The view drawn, and whether its private parts (hand, known cards) may show."""
        seat = self.viewer if self.viewer is not None else self.bottom
        return self.session.view(seat), self.viewer is not None

    def my_turn(self, view: SeatView) -> bool:
        return (self.viewer is not None and view.current == self.viewer
                and not self.waiting_handover and not self.deal_closed)

    def sorted_hand(self, view: SeatView) -> tuple[int, ...]:
        """The hand as drawn: grouped by suit, trumps last, strongest first in each suit."""
        v = self.session.variant
        trump = view.trump if view.trump is not None else -1

        def key(c: int) -> tuple[int, int, int]:
            suit = v.suit[c]
            return (1 if suit == trump else 0, suit, -v.strength[c])

        return tuple(sorted(view.hand, key=key))

    def playable(self, view: SeatView) -> set[int]:
        return {a for a in view.legal if A.is_play(a)}

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        try:
            self.query_one("#hand", HandView)
        except Exception:
            return
        s = self.session
        v, private = self.shown_view()
        style = s.card_style
        width, height = self.app.size
        n = v.n_players
        partnerships = s.variant.n_teams < n
        turned = self.turned_card(v)
        order = self.suit_order(v)
        for seat in range(n):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.show(SeatInfo(
                seat, s.name(seat), v.team_of[seat], s.team_label(v.team_of[seat]),
                v.hand_sizes[seat], v.current == seat, v.dealer == seat,
                not s.seats[seat].is_human,
                v.known[seat] if private else (), style, level=s.level_label(seat),
                role=self.seat_role(v, seat),
                trump_card=turned if seat == v.dealer else None,
                suit_order=order, strength=tuple(s.variant.strength),
                turn_label={AUCTION: "to bid", CALLING: "to call"}.get(v.phase, "to play"),
            ), partnerships)
        # the hand
        mine = self.my_turn(v) and v.phase == "play"
        hand = self.sorted_hand(v) if private else tuple(range(v.hand_sizes[v.seat]))
        if hand:
            self.selected = max(0, min(self.selected, len(hand) - 1))
        top_rows = self.query_one("#top-seats").outer_size.height or None
        hsize, tsize = card_sizes(width, height, n, self.bottom, len(hand), top_rows)
        self.query_one(HandView).show(
            hand, self.playable(v), self.selected if mine else None, mine,
            hsize, style, hidden=not private, room=max(20, width - SIDE_PANEL))
        # the trick
        cards: dict[int, int] = {}
        winner = None
        caption_panel = self.query_one("#trick-caption", Panel)
        room = caption_panel.content_size.width or 28
        caption = Text()
        if self.review and v.tricks:
            t = v.tricks[-1]
            cards = dict(zip(t.seats, t.cards, strict=True))
            winner = t.winner
            who = s.name(t.winner)
            caption = fit(room, [Text(f"Last trick: {who} took it (+{t.points})  (l)"),
                                 Text(f"Last trick: {who} +{t.points}")], "bold yellow")
        elif self.show_finished and v.tricks and not v.trick:
            t = v.tricks[-1]
            cards = dict(zip(t.seats, t.cards, strict=True))
            winner = t.winner
            who = s.name(t.winner)
            taken = f"{who} {verb(who, 'take')} the trick (+{t.points})"
            caption = fit(room, [Text(taken + "  (space)"), Text(taken),
                                 Text(f"{who} +{t.points}")], "green")
        else:
            cards = dict(v.trick)
            if v.tricks:  # the last trick stays readable under the new one
                caption = self.last_trick_caption(v, room)
        for seat in range(n):
            card = cards.get(seat)
            self.query_one(f"#slot-{seat}", TrickSlot).show(
                card, tsize, style, WINNER if seat == winner else "normal")
        caption_panel.set(caption)
        extra = dict(v.extra)
        if s.variant.draws:
            self.query_one(StockView).show(v.stock_count, v.indicator, v.trump,
                                           extra.get("choice") == "knock", style)
        else:
            note = None
            if "called" in extra:
                note = Text("called ", style="bright_black") + card_text(
                    parse_card(str(extra["called"])), style)
            elif v.phase == "auction":
                note = Text("bidding", style="bright_black")
            elif v.phase == "call":
                note = Text("calling", style="bright_black")
            self.query_one(StockView).show_trumps(v.trump, turned, note, style)
        self.refresh_side(v, private)
        self.query_one("#status", Panel).set(self.status_text(v))
        keys = tuple(self.check_action(a, p) for a, p in (
            ("play", ()), ("special", ("cut",)), ("special", ("knock",)),
            ("special", ("exchange",)), ("signal", ()), ("last_trick", ()), ("auction", ())))
        if keys != self.bindings_shown:  # the footer is rebuilt only when keys change
            self.bindings_shown = keys
            self.refresh_bindings()

    def refresh_side(self, v: SeatView, private: bool) -> None:
        s = self.session
        style = s.card_style
        extra = dict(v.extra)
        info = Text(s.variant.name, style="bold")
        deals = s.variant.match_deals()
        of = f"/{deals}" if deals else ""
        info.append(f"\nDeal {s.deal_number}{of} · dealer {s.name(v.dealer)}")
        if "bids" in extra:
            info.append_text(self.contract_text(v))
        info.append("\nTrumps ")
        if v.trump is None:
            info.append("to be called" if "bids" in extra else "not yet chosen",
                        style="bright_black")
        else:
            info.append_text(suit_text(v.trump, style))
            if v.indicator_card is not None and not s.variant.draws:
                info.append(" (")
                info.append_text(card_text(v.indicator_card, style))
                info.append(")")
        info.append(f"\nSeed {s.match.seed}", style="bright_black")
        self.query_one("#info", Panel).set(info)
        my_team = v.team_of[v.seat]
        scores = s.match.scores
        pente = self.query_one(PenteView)
        if s.variant.people_scores:  # a score per player, whatever seat they hold
            mine = s.scorer_of(v.seat)
            order = [mine] + [k for k in range(len(scores)) if k != mine]
            pente.show_totals(self.totals_heading(), [
                (s.scorer_label(k), scores[k], team_colour(s.scorer_team(k))) for k in order])
        elif s.variant.n_teams == 2 and s.match.target <= PENTE_MAX:
            other = 1 - my_team
            gp = v.deal_game_points
            pente.show(s.match.target, scores[my_team] + gp[my_team],
                       scores[other] + gp[other], s.team_label(my_team),
                       s.team_label(other), s.match.target,
                       (team_colour(my_team), team_colour(other)))
        else:
            order = list(range(s.variant.n_teams))
            order.remove(my_team)
            order.insert(0, my_team)
            pente.show_totals(self.totals_heading(), [
                (s.team_label(t), scores[t], team_colour(t)) for t in order])
        pts = [0] * s.variant.n_teams
        for seat, p in enumerate(v.points):
            pts[v.team_of[seat]] += p
        points = Text("Card points this deal\n", style="bold")
        if self.hide_points:
            points.append("hidden (p shows)", style="bright_black")
        else:
            parts = [Text(f"{self.side_label(v, t)} {p}", style=f"bold {team_colour(t)}")
                     for t, p in enumerate(pts)]
            if len(parts) <= 2:
                points.append_text(Text(" · ").join(parts))
            else:  # one per player: as many to a line as fit
                points.append_text(Text("\n").join(pack_lines(parts, 25, gap=3)))
        self.query_one("#points", Panel).set(points)
        if s.variant.signals:
            sig = Text("Signals", style="bold")
            if not private:
                sig.append("\n(hidden)", style="bright_black")
            elif not v.signals:
                sig.append("\nnone yet", style="bright_black")
            shown = 3 if self.app.size.height >= 30 else 1  # leave the log some room
            for e in v.signals[-shown:] if private else ():
                who = "you" if e.sender == v.seat else s.name(e.sender)
                colour = "red" if e.intercepted else "green"
                entry = Text(f"{who}: ", style=f"bold {colour}")
                entry.append(f"{e.gesture} = {e.meaning}")
                if e.intercepted:
                    entry.append(" (caught)", style="red")
                sig.append("\n")
                folded = hang(entry, 24)
                sig.append_text(folded if isinstance(folded, Text) else Text(folded))
            self.query_one("#signals", Panel).set(sig)

    def side_label(self, v: SeatView, team: int) -> str:
        """A side of the deal by name: its letter, or in a game scored player by player
        (whose sides change from deal to deal) the names of its seats."""
        s = self.session
        if not s.variant.people_scores:
            return s.team_label(team)
        names = [s.name(seat) for seat in range(v.n_players) if v.team_of[seat] == team]
        return " & ".join(names)

    def turned_card(self, v: SeatView) -> int | None:
        """The trump card turned in a game without a stock, while its holder (the dealer)
        still has it: every seat knows it is there."""
        card = v.indicator_card
        if card is None or self.session.variant.draws:
            return None
        held = v.hand if v.dealer == v.seat else v.known[v.dealer]
        return card if card in held else None

    def suit_order(self, v: SeatView) -> tuple[int, ...]:
        """Suits in the order hands are drawn: trumps last."""
        return tuple(sorted(range(4), key=lambda suit: (suit == v.trump, suit)))

    def seat_role(self, v: SeatView, seat: int) -> str:
        """What the deal made of a seat: a dummy hand and who plays it; what the bidding made
        of it: its bid, the bidder, the partner once known."""
        s = self.session
        if s.person_of(seat) is None:
            return f"dummy, for {s.name(s.controller(seat))}"
        extra = dict(v.extra)
        if "bids" not in extra:
            return ""
        bidder = extra.get("bidder")
        if not isinstance(bidder, int):
            for who, n in tuple(extra["bids"]):  # type: ignore[arg-type]
                if who == seat:
                    return f"bid {n}" if n else "pass"
            return ""
        if seat == bidder:
            bid = extra.get("bid")
            return f"bidder {bid}" if bid else "bidder (61)"
        sides = v.side_of
        if sides[seat] is not None and sides[seat] == sides[bidder]:
            return "partner"
        return ""

    def partner_name(self, v: SeatView) -> str | None:
        """The bidder's partner as this seat knows it: a name, "nobody" (the bidder called
        a card of their own), None while unknown."""
        bidder = dict(v.extra).get("bidder")
        if not isinstance(bidder, int) or any(side is None for side in v.side_of):
            return None
        mates = [s for s in range(v.n_players)
                 if s != bidder and v.side_of[s] == v.side_of[bidder]]
        return self.session.name(mates[0]) if mates else "nobody"

    def contract_text(self, v: SeatView) -> Text:
        """The lines of the side panel on the bidding: the high bid, the call, the partner."""
        s = self.session
        extra = dict(v.extra)
        t = Text()
        bidder = extra.get("bidder")
        if not isinstance(bidder, int):
            bids = [(who, n) for who, n in tuple(extra.get("bids", ()))]  # type: ignore[misc]
            best = max(bids, key=lambda b: b[1], default=None)
            if best is None or not best[1]:
                t.append("\nBidding: no bid yet", style="bright_black")
            else:
                t.append(f"\nHigh bid {best[1]} ({s.name(best[0])})", style="bold")
            return t
        bid = extra.get("bid")
        t.append(f"\nBidder {s.name(bidder)} · {bid if bid else 'no bid, 61'}", style="bold")
        if "called" in extra:
            t.append("\nCalled ")
            t.append_text(card_text(parse_card(str(extra["called"])), s.card_style))
            partner = self.partner_name(v)
            t.append(" · partner: ")
            if partner is None:
                t.append("?", style="bold yellow")
            else:
                t.append(partner, style="bold yellow")
        return t

    def totals_heading(self) -> str:
        s = self.session
        deals = s.variant.match_deals()
        if deals:
            return f"Session of {deals} deals"
        return f"Match, first to {s.match.target}"

    def status_text(self, v: SeatView) -> Text:
        s = self.session
        if self.notice is not None:
            return self.notice
        st = s.state
        if st.is_over() or self.deal_closed:
            return Text("The deal is over.", style="bold")
        cur = v.current
        if cur is None:
            return Text("")
        if not self.my_turn(v):
            if self.waiting_handover or (s.is_human(cur) and self.viewer != cur):
                return Text(f"{s.name(cur)} to play: pass the keyboard.", style="bold")
            if v.phase == "cut_or_knock":
                return Text(f"{s.name(cur)} chooses to cut or knock…")
            if v.phase == AUCTION:
                return Text(f"{s.name(cur)} to bid…")
            if v.phase == CALLING:
                return Text(f"{s.name(cur)} calls a card…")
            lead = "to lead" if not v.trick else "to play"
            return Text(f"{s.name(cur)} {lead}…")
        legal = v.legal
        if v.phase == AUCTION:
            return Text("Your bid: b opens the bidding dialog.", style="bold yellow")
        if v.phase == CALLING:
            return Text("You won the bidding: b opens the dialog to call a card.",
                        style="bold yellow")
        if v.phase == "cut_or_knock":
            return Text("Your choice: c cuts (an indicator is turned), "
                        "k knocks (hearts are trumps).", style="bold yellow")
        t = Text("Your turn: ", style="bold yellow")
        if s.controller(v.seat) != v.seat:  # a dummy's partner choosing its card
            t = Text("The dummy's turn (its hand is below): ", style="bold yellow")
        t.append("lead a card" if not v.trick else "play a card")
        extras = A.EXCHANGE in legal or any(A.is_signal(a) for a in legal)
        n = len(v.hand)
        keys = "1" if n <= 1 else f"1-{min(n, 9)}" + (", 0" if n >= 10 else "")
        t.append(f" ({keys}, ←→ Enter)." if extras else f" ({keys}, ←→ Enter, or click).")
        if A.EXCHANGE in legal and v.indicator is not None:
            t.append(" x: your 2 for ")
            t.append_text(card_text(v.indicator, s.card_style))
            t.append(".")
        if any(A.is_signal(a) for a in legal):
            t.append(" s: signal.")
        return t

    def last_trick_caption(self, v: SeatView, room: int) -> Text:
        """The last trick in one line: its cards in playing order, who took it, the points."""
        s = self.session
        t = v.tricks[-1]
        who = s.name(t.winner)
        shown = [card_text(c, s.card_style, "underline" if seat == t.winner else "")
                 for seat, c in zip(t.seats, t.cards, strict=True)]  # the winner underlined
        spaced, packed = Text(" ").join(shown), Text("").join(shown)

        def line(head: str, cards: Text, tail: str) -> Text:
            return Text(head, style="bright_black") + cards + Text(tail, style="bright_black")

        points = f"{who} +{t.points}"
        return fit(room, [
            line("Last trick: ", spaced, f" → {points}  (l)"),
            line("Last: ", spaced, f" → {points}"),
            line("Last: ", spaced, f" {points}"),
            line("Last: ", packed, f" {points}"),
            line("Last: ", spaced, ""),
            Text(f"Last: {points}", style="bright_black"),
        ])

    def deal_heading(self) -> str:
        s = self.session
        who = s.name(s.state.dealer)
        return f"— Deal {s.deal_number}, {who} {verb(who, 'deal')} —"

    def log_line(self, text: str | Text) -> None:
        self.log_lines.append(text)
        del self.log_lines[:-200]
        with contextlib.suppress(Exception):  # the log may be mid-rebuild
            self.query_one("#log", RichLog).write(hang(text))

    # ----- the flow of play ----------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next: the deal's end, a person's turn, or a bot's."""
        s = self.session
        st = s.state
        if self.deal_closed or self.waiting_handover:
            return
        if st.is_over():
            self.end_of_deal()
            return
        cur = st.current
        if cur is None:
            return
        if s.is_human(cur):
            if self.viewer != cur and self.viewer is not None and (
                    s.controller(self.viewer) == s.controller(cur)):
                self.viewer = cur  # the same player acts for a dummy, or back for itself
                self.selected = 0
            if self.viewer != cur:
                self.hand_over(cur)
                return
            self.refresh_table()
            if st.phase in (AUCTION, CALLING):
                self.call_after_refresh(self.open_auction_dialog)
            return
        self.start_bot(cur)

    def hand_over(self, seat: int) -> None:
        from .handover import HandOverScreen

        self.viewer = None
        self.waiting_handover = True
        self.refresh_table()
        s = self.session
        who = s.name(s.controller(seat))
        self.app.push_screen(HandOverScreen(who),
                             callback=lambda _: self.call_later(self.take_seat, seat))

    async def take_seat(self, seat: int) -> None:
        self.waiting_handover = False
        self.viewer = seat
        self.selected = 0
        await self.sit_at(self.session.controller(seat))
        self.refresh_table()
        self.advance()

    async def sit_at(self, seat: int) -> None:
        """Turn the table so that ``seat`` is at the bottom."""
        if self.bottom != seat:
            self.bottom = seat
            await self.recompose()
            self.bindings_shown = ()
            log = self.query_one("#log", RichLog)
            for line in self.log_lines:
                log.write(hang(line))

    def bot_delay(self) -> float:
        override = self.bisca_app.bot_delay
        if override is not None:
            return override
        return SPEEDS.get(self.session.speed, 0.6)

    def start_bot(self, seat: int) -> None:
        st = self.session.state
        delay = self.bot_delay()
        if self.show_finished and not st.trick:
            delay *= 2  # leave the finished trick on the table a moment
        token = (self.session.deal_number, len(st.history))
        self.think(seat, st.view(seat), token, delay)

    @work(thread=True, exclusive=True, group="bots")
    def think(self, seat: int, view: SeatView, token: tuple[int, int], delay: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        bot = self.session.bot_for(seat)
        try:
            action = bot.choose(view)
        except Exception as e:  # a bot's failure must not take the table down
            self.post_message(BotFailed(seat, f"{e.__class__.__name__}: {e}", token))
            return
        while not worker.is_cancelled:
            left = delay - (time.monotonic() - started)
            if left <= 0:
                break
            time.sleep(min(0.05, left))
        if not worker.is_cancelled:
            self.post_message(BotChose(seat, action, token))

    def current_token(self) -> tuple[int, int]:
        return (self.session.deal_number, len(self.session.state.history))

    def bot_notice_from_thread(self, seat: int, text: str) -> None:
        """A bot was replaced (called from the bot's worker thread: post, never touch)."""
        self.post_message(BotReplaced(seat, text))

    @on(BotReplaced)
    def bot_replaced(self, message: BotReplaced) -> None:
        if self.session.closed:
            return
        name = self.session.name(message.seat)
        text = f"{name}: {message.text}"
        self.log_line(Text(text, style="bold red"))
        self.notify(text, title="A bot was replaced", severity="warning", timeout=10)
        self.notice = Text(f"{name}'s program failed: a built-in bot plays the seat "
                           "(see the log).", style="bold red")
        self.refresh_table()

    @on(BotChose)
    def bot_chose(self, message: BotChose) -> None:
        st = self.session.state
        if message.token != self.current_token() or st.current != message.seat:
            return
        try:
            self.act(message.action)
        except IllegalAction as e:
            self.bot_failed(BotFailed(message.seat, f"tried {e.action}: {e.rule}",
                                      message.token))

    @on(BotFailed)
    def bot_failed(self, message: BotFailed) -> None:
        st = self.session.state
        if message.token != self.current_token() or st.current != message.seat:
            return
        name = self.session.name(message.seat)
        self.notify(f"{name} (bot) failed: {message.error}; it plays its first legal card.",
                    severity="error")
        legal = st.legal_actions()
        plays = [a for a in legal if A.is_play(a) or a in (A.CUT, A.KNOCK)]
        self.act((plays or legal)[0])

    def act(self, action: int) -> None:
        """Apply an action of the seat to act, log it, save, and move on."""
        s = self.session
        st = s.state
        seat = st.current
        assert seat is not None
        tricks_before = len(st.tricks)
        events_before = len(st.score_events)
        s.apply(action)  # raises IllegalAction, leaving everything as it was
        if s.is_human(seat):  # a notice stays until the person acts
            self.notice = None
        self.review = False
        if A.is_play(action):
            self.show_finished = False
        if len(st.tricks) > tricks_before:
            self.show_finished = True
        for line in self.describe(st, seat, action, tricks_before, events_before):
            self.log_line(line)
        if seat == self.viewer and A.is_play(action):
            self.selected = 0
        if self.viewer is not None and st.current != self.viewer:
            self.viewer = s.controller(self.viewer)  # back from playing a dummy's card
        self.bisca_app.save_session()
        self.refresh_table()
        self.advance()

    def describe(self, st: GameState, seat: int, action: int, tricks_before: int,
                 events_before: int) -> list[str | Text]:
        """The log lines of an action just applied to ``st``."""
        s = self.session
        name = s.name(seat)
        style = s.card_style
        lines: list[str | Text] = []
        if A.is_play(action):
            line = Text(f"{name} {verb(name, 'play')} ")
            line.append_text(card_text(action, style))
            lines.append(line)
            called = st.extra.get("called")
            if called is not None and parse_card(str(called)) == action:
                bidder = int(st.extra["bidder"])
                if seat == bidder:
                    own = "your" if name == "You" else f"{name}'s"
                    text = f"  The called card was {own} own: alone"
                else:
                    partner = f"{s.name(bidder)}'s partner"
                    text = f"  {name} held the called card: {partner}"
                lines.append(Text(text, style="bold yellow"))
        elif action == A.CUT:
            line = Text(f"{name} {verb(name, 'cut')}; the indicator is ")
            if st.indicator is not None:
                line.append_text(card_text(st.indicator, style))
            lines.append(line)
        elif action == A.KNOCK:
            lines.append(f"{name} {verb(name, 'knock')}: hearts are trumps")
        elif A.BID <= action < A.CALL:
            n = action - A.BID
            lines.append(Text(f"{name} {verb(name, 'bid')} {n}" if n else
                              f"{name} {verb(name, 'pass')}", style="cyan"))
            if st.phase == CALLING:
                bidder = int(st.extra["bidder"])
                who = s.name(bidder)
                if st.extra.get("bid"):
                    lines.append(Text(f"  {who} {verb(who, 'win')} the bidding at "
                                      f"{st.extra['bid']}", style="bold cyan"))
                else:
                    lines.append(Text(f"  No bid: {who} (dealer) must take 61",
                                      style="bold cyan"))
        elif A.CALL <= action < A.TRUMP:
            card = action - A.CALL
            suit = (card % 40) // 10
            line = Text(f"{name} {verb(name, 'call')} ", style="bold cyan")
            line.append_text(card_text(card, style))
            line.append(f": {SUIT_NAMES[SUITS[suit]]} are trumps", style="bold cyan")
            lines.append(line)
        elif action == A.EXCHANGE and st.exchanged is not None:
            _, gave, took = st.exchanged
            line = Text(f"{name} {verb(name, 'exchange')} ")
            line.append_text(card_text(gave, style))
            line.append(" for ")
            line.append_text(card_text(took, style))
            lines.append(line)
        if len(st.tricks) > tricks_before:
            t = st.tricks[-1]
            who = s.name(t.winner)
            takes = verb(who, "take")
            line = f"  {who} {takes} the trick (+{t.points})"
            if len(line) > LOG_WIDTH:  # one line of the log if it can
                line = f"  {who} {takes} it (+{t.points})"
            lines.append(Text(line, style="green"))
        for e in st.score_events[events_before:]:
            lines.append(Text(f"  {s.team_label(e.team)} +{e.points}: {e.reason}",
                              style="bold yellow"))
        return lines

    def deal_so_far(self) -> list[str | Text]:
        """The log of the current deal's actions, replayed from its start (on resuming)."""
        st = self.session.state
        if not st.history:
            return []
        try:
            replay = GameState(st.variant, st.dealer, st.seed, st.layout_given,
                               match_points=st.match_points, target=st.target)
            if "_ties_before" in st.extra:
                replay.extra["_ties_before"] = st.extra["_ties_before"]
            lines: list[str | Text] = []
            for action in st.history:
                seat = replay.current
                tricks, events = len(replay.tricks), len(replay.score_events)
                replay.apply(action)
                if seat is not None:
                    lines.extend(self.describe(replay, seat, action, tricks, events))
        except Exception:  # the log is a courtesy: never let it stop the table
            return []
        return lines

    def end_of_deal(self) -> None:
        from .summary import DealSummaryScreen

        self.deal_closed = True
        s = self.session
        score = s.finish_deal()
        s.deal_over(score)
        self.bisca_app.save_session()
        self.refresh_table()
        self.app.push_screen(DealSummaryScreen(s, score, self.my_team()),
                             callback=self.after_summary)

    def my_team(self) -> int:
        """The team drawn on top of the combs: the one of the seat at the bottom (in a game
        scored player by player, that player's own score)."""
        v, _ = self.shown_view()
        return self.session.scorer_of(v.seat)

    def after_summary(self, _: object = None) -> None:
        from .summary import MatchEndScreen

        s = self.session
        if s.match.is_over():
            self.bisca_app.clear_session()
            self.workers.cancel_group(self, "bots")
            s.close()  # no more deals: external programs may go
            self.app.push_screen(MatchEndScreen(s, self.my_team()),
                                 callback=lambda _: self.leave())
            return
        s.next_deal()
        self.bisca_app.save_session()
        self.deal_closed = False
        self.show_finished = False
        self.review = False
        self.log_line(self.deal_heading())
        humans = s.humans()
        if len(humans) > 1:
            self.viewer = None
        else:  # players may change seats from deal to deal (a dummy moves with the deal)
            self.viewer = humans[0]
            if humans[0] != self.bottom:
                self.call_later(self.turn_to, humans[0])
                return
        self.refresh_table()
        self.advance()

    async def turn_to(self, seat: int) -> None:
        await self.sit_at(seat)
        self.refresh_table()
        self.advance()

    def leave(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.session.close()
        self.bisca_app.back_to_start()

    # ----- the player's actions ------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "move", "play_selected", "special", "signal", "continue",
                      "last_trick", "auction"):
            v, private = self.shown_view()
            mine = private and self.my_turn(v)
            if action == "auction":
                return mine and v.phase in (AUCTION, CALLING)
            if action in ("play", "move", "play_selected"):
                # shown all through the play, not only on the player's turn: the footer
                # would otherwise be rebuilt at every turn (the keys wait for the turn)
                holding = private and not self.deal_closed and not self.waiting_handover
                return holding and v.phase == "play"
            if action == "special":
                code = {"cut": A.CUT, "knock": A.KNOCK, "exchange": A.EXCHANGE}[
                    str(parameters[0])]
                return mine and code in v.legal
            if action == "signal":
                return mine and any(A.is_signal(a) for a in v.legal)
            if action == "continue":
                return self.show_finished or self.review
            if action == "last_trick":
                return bool(v.tricks)
        return True

    def on_key(self, event: events.Key) -> None:
        # any key puts a finished trick away (the next card played does too)
        if self.show_finished and event.key not in ("l",):
            self.show_finished = False
            self.call_after_refresh(self.refresh_table)

    def try_play(self, index: int) -> None:
        v, private = self.shown_view()
        if not (private and self.my_turn(v)) or v.phase != "play":
            return
        hand = self.sorted_hand(v)
        if not 0 <= index < len(hand):
            self.notice = Text(f"You hold {len(hand)} cards.", style="bold red")
            self.refresh_table()
            return
        card = hand[index]
        self.selected = index
        try:
            self.act(card)
        except IllegalAction as e:
            self.notice = Text("You cannot play ", style="bold red")
            self.notice.append_text(card_text(card, self.session.card_style))
            self.notice.append(f": {e.rule}.", style="bold red")
            self.app.bell()
            self.refresh_table()

    def action_play(self, index: int) -> None:
        self.try_play(index)

    def action_move(self, step: int) -> None:
        v, _ = self.shown_view()
        if v.hand:
            self.selected = (self.selected + step) % len(v.hand)
            self.notice = None
            self.refresh_table()

    def action_play_selected(self) -> None:
        self.try_play(self.selected)

    @on(CardClicked)
    def card_clicked(self, message: CardClicked) -> None:
        self.try_play(message.index)

    def action_special(self, which: str) -> None:
        code = {"cut": A.CUT, "knock": A.KNOCK, "exchange": A.EXCHANGE}[which]
        v, private = self.shown_view()
        if not (private and self.my_turn(v)):
            return
        try:
            self.act(code)
        except IllegalAction as e:
            self.notice = Text(f"Not now: {e.rule}.", style="bold red")
            self.refresh_table()

    def action_signal(self) -> None:
        from .signal import SignalScreen

        v, private = self.shown_view()
        if not (private and self.my_turn(v)):
            return
        options = [a for a in v.legal if A.is_signal(a)]
        if not options:
            return
        signals = self.session.variant.signals

        def chosen(action: int | None) -> None:
            if action is not None:
                try:
                    self.act(action)
                except IllegalAction as e:
                    self.notice = Text(f"Not now: {e.rule}.", style="bold red")
                    self.refresh_table()

        self.app.push_screen(
            SignalScreen([(a, signals[a - A.SIGNAL]) for a in options]), callback=chosen)

    def action_auction(self) -> None:
        self.open_auction_dialog()

    def open_auction_dialog(self) -> None:
        """The bid (or the call) of the person whose turn it is, in a dialog."""
        from .auction import BidScreen, CallScreen

        v, private = self.shown_view()
        if self.dialog_open or not (private and self.my_turn(v)):
            return
        if v.phase not in (AUCTION, CALLING) or self.app.screen is not self:
            return
        s = self.session
        extra = dict(v.extra)

        def chosen(action: int | None) -> None:
            self.dialog_open = False
            if action is None:  # closed to look at the table: b opens it again
                self.refresh_table()
                return
            try:
                self.act(action)
            except IllegalAction as e:
                self.notice = Text(f"Not now: {e.rule}.", style="bold red")
                self.refresh_table()
                self.call_after_refresh(self.open_auction_dialog)

        self.dialog_open = True
        if v.phase == AUCTION:
            bids = [a - A.BID for a in v.legal if A.BID < a < A.CALL]
            low = min(bids) if bids else 121
            self.app.push_screen(BidScreen(low, self.bids_so_far(v), self.hand_points(v)),
                                 callback=lambda n: chosen(None if n is None else A.BID + n))
            return
        cards = [a - A.CALL for a in v.legal if A.CALL <= a < A.TRUMP]
        self.app.push_screen(
            CallScreen(cards, v.hand, s.variant.ranking.order, int(extra.get("bid") or 0),
                       s.card_style),
            callback=lambda card: chosen(None if card is None else A.CALL + card))

    def bids_so_far(self, v: SeatView) -> Text:
        s = self.session
        bids = [(who, n) for who, n in tuple(dict(v.extra).get("bids", ()))]  # type: ignore[misc]
        if not bids:
            return Text("You bid first.")
        t = Text("Bids so far: ")
        t.append_text(Text(", ").join(
            Text(f"{s.name(who)} {n if n else 'pass'}", style="bold" if n else "")
            for who, n in bids))
        return t

    def hand_points(self, v: SeatView) -> int:
        points = self.session.variant.points
        return sum(points[c] for c in v.hand)

    def action_continue(self) -> None:
        self.show_finished = False
        self.review = False
        self.refresh_table()

    def action_last_trick(self) -> None:
        self.review = not self.review
        self.refresh_table()

    def action_toggle_points(self) -> None:
        self.hide_points = not self.hide_points
        self.refresh_table()

    def action_speed(self) -> None:
        names = list(SPEEDS)
        s = self.session
        s.speed = names[(names.index(s.speed) + 1) % len(names)]
        self.notify(f"Bot speed: {s.speed}")
        self.bisca_app.save_session()

    def action_quit_match(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.bisca_app.save_session()
        self.session.close()
        self.app.exit()
