"""The bidding and the call of the games with an auction: a bid (or a pass) on the player's
turn, then, for the high bidder, the card to call (its suit is trumps, its holder a secret
partner). The dialogs offer only what the engine says is legal, in its words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import actions as A
from ...engine.cards import RANKS, SUITS
from ..cardart import card_text, suit_glyph, suit_name, suit_text
from ..contract import AUCTION, bids_text, contract_need, said

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ..session import Session

ASK_HINT = -1  # what a bidding dialog answers when h asks the coach (the table shows it)


def open_auction_dialog(app: App[object], s: Session, v: SeatView,
                        chosen: Callable[[int | None], None]) -> None:
    """The bid (in the auction) or the call (for its winner) of the seat to act, in a
    dialog; ``chosen`` is given the action picked, None when the dialog was closed, or
    ``ASK_HINT`` when h asked for the coach's hint (not in a match without hints)."""
    if v.phase == AUCTION:
        options = [(a, said(s, a)) for a in v.legal if a != A.PASS]
        points_only = all(A.BID <= a < A.BID_RANK for a, _ in options)
        screen: BidScreen | BidListScreen
        if A.REDEAL in v.legal:  # col Monte: a hand without counting cards
            screen = BidListScreen([(A.REDEAL, "Show the hand: the same dealer deals again")],
                                   bids_text(s, v), hand_points(s, v),
                                   pass_label="Keep the hand",
                                   hint="Your hand holds no counting card.",
                                   title="Before the bidding")
        elif A.REOPEN in v.legal:  # everyone passed: reopen, or agree to a redeal
            screen = BidListScreen([(A.REOPEN, "Reopen the bidding at the lowest bid")],
                                   bids_text(s, v), hand_points(s, v),
                                   pass_label="Agree to a redeal", title="Everyone passed",
                                   hint="Everyone passed. Reopen, and everyone may bid again; "
                                        "or agree to a new deal by the same dealer.")
        elif points_only:
            screen = BidScreen(options, bids_text(s, v), hand_points(s, v))
        else:
            screen = BidListScreen(options, bids_text(s, v), hand_points(s, v))
        screen.hints = s.hints
        app.push_screen(screen, callback=chosen)
        return
    if A.ALONE in v.legal:  # col Monte: the bidder holds the called card
        alone = BidListScreen(
            [(A.SHOW, "Show it: the right-hand neighbour is your partner")], Text(""),
            hand_points(s, v), pass_label="Play alone, saying nothing",
            hint="You hold the called card.", first=A.ALONE,
            title="The called card is yours")
        alone.hints = s.hints
        app.push_screen(alone, callback=chosen)
        return
    if v.legal == (A.PASS,):  # col Monte: the called card is another's: play on
        chosen(A.PASS)
        return
    cards = [a - A.CALL for a in v.legal if A.CALL <= a < A.TRUMP]
    app.push_screen(
        CallScreen(cards, v.hand, s.variant.ranking.order, contract_need(v), s.card_style),
        callback=lambda card: chosen(None if card is None else A.CALL + card))


def hand_points(s: Session, v: SeatView) -> int:
    """The card points in the seat's hand."""
    points = s.variant.points
    return sum(points[c] for c in v.hand)


class HintKey:
    """h in a bidding dialog: the dialog closes and the table shows the coach's hint."""

    hints = True  # the match allows hints (set as the dialog opens)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ask_hint":
            return True if self.hints else None
        return True

    def action_ask_hint(self) -> None:
        self.dismiss(ASK_HINT)  # type: ignore[attr-defined]


HINT_BINDING = Binding("h", "ask_hint", "Hint", priority=True,
                       tooltip="Close the dialog and show the coach's hint at the table")


class BidScreen(HintKey, ModalScreen[int | None]):
    """Bid a number of card points (the legal bids given), or pass (0 or the Pass button).
    Escape closes the dialog to look at the table (``b`` opens it again); it returns None
    then. Returns the action chosen."""

    BINDINGS = [Binding("escape", "close", "Look at the table"), HINT_BINDING]
    AUTO_FOCUS = "#bid-input"

    def __init__(self, options: list[tuple[int, str]], bids: Text, hand_points: int) -> None:
        super().__init__()
        self.by_points = {a - A.BID: a for a, _ in options}
        self.low = min(self.by_points, default=0)
        self.high = max(self.by_points, default=0)
        self.bids = bids
        self.hand_points = hand_points

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-box", classes="dialog"):
            yield Static("Your bid", classes="dialog-title")
            yield Static(self.bids)
            span = f"{self.low} to {self.high}" if self.by_points else "nothing tops the bid"
            yield Static(
                f"The card points your side will take, {span}; 0 "
                f"passes. Your hand holds {self.hand_points}.", classes="dim")
            yield Input(placeholder=f"{self.low}-{self.high}, or 0 to pass", type="integer",
                        id="bid-input", max_length=3)
            yield Static("", id="bid-error")
            with Horizontal(id="bid-buttons", classes="dialog-buttons"):
                yield Button("Bid", id="bid", variant="primary")
                yield Button("Pass", id="pass")
        yield Footer()

    def check(self, text: str) -> int | None:
        """The bid typed in, or None (with the reason shown) when it cannot be made."""
        error = self.query_one("#bid-error", Static)
        try:
            n = int(text.strip())
        except ValueError:
            error.update(Text("Type a number, or 0 to pass.", style="bold red"))
            return None
        if n == 0:
            return A.PASS
        if n in self.by_points:
            return self.by_points[n]
        error.update(Text(f"A bid is 0 (pass) or from {self.low} to {self.high}.",
                          style="bold red"))
        return None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        action = self.check(event.value)
        if action is not None:
            self.dismiss(action)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "pass":
            self.dismiss(A.PASS)
            return
        action = self.check(self.query_one("#bid-input", Input).value)
        if action is not None:
            self.dismiss(action)

    def action_close(self) -> None:
        self.dismiss(None)


class BidListScreen(HintKey, ModalScreen[int | None]):
    """Pass, or pick one of the legal bids from a list (Chiamata's ranks, then two for
    more points). Enter takes the highlighted line; Escape closes the dialog to look at the
    table."""

    BINDINGS = [Binding("escape", "close", "Look at the table"), HINT_BINDING]
    AUTO_FOCUS = "#bid-list"

    RANKS_HINT = ("Each bid names a lower card to call than the last; after Two, the points "
                  "to take rise. A pass is final.")

    def __init__(self, options: list[tuple[int, str]], bids: Text, hand_points: int,
                 pass_label: str = "Pass", hint: str = RANKS_HINT, first: int = A.PASS,
                 title: str = "Your bid") -> None:
        super().__init__()
        self.hint = hint
        self.title_text = title
        self.actions = [first] + [a for a, _ in options]
        self.labels = [pass_label] + [label for _, label in options]
        self.bids = bids
        self.hand_points = hand_points

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-box", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.bids)
            yield Static(
                f"{self.hint} Your hand holds {self.hand_points} points.",
                classes="dim")
            yield OptionList(*[Option(label, id=f"bid-{k}")
                               for k, label in enumerate(self.labels)], id="bid-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#bid-list", OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.actions[event.option_index])

    def action_close(self) -> None:
        self.dismiss(None)


class CallScreen(ModalScreen[int | None]):
    """Call a card of the pack: a rank, then a suit. Typing a rank (A 2-7 J Q K) or a suit
    letter (S H D C) picks it; Enter on the suits calls the card."""

    BINDINGS = [Binding("escape", "close", "Look at the table")]
    AUTO_FOCUS = "#call-ranks"

    def __init__(self, cards: list[int], hand: tuple[int, ...], order: str, need: int,
                 style: str) -> None:
        super().__init__()
        self.cards = set(cards)  # the cards that may be called
        self.hand = set(hand)
        self.ranks = [r for r in order if any(c % 10 == RANKS.index(r) for c in cards)]
        self.need = need
        self.style = style

    def compose(self) -> ComposeResult:
        with Vertical(id="call-box", classes="dialog"):
            yield Static("Call a card", classes="dialog-title")
            yield Static(
                f"You need {self.need} card points. The card's holder is your secret partner and "
                "its suit trumps (a card of your own: you play alone). Type a rank and a "
                "suit letter, or use the arrows.", classes="dim")
            with Horizontal(id="call-lists"):
                yield OptionList(*[Option(self.rank_prompt(r), id=r) for r in self.ranks],
                                 id="call-ranks")
                yield OptionList(*[Option(self.suit_prompt(i), id=SUITS[i])
                                   for i in range(len(SUITS))], id="call-suits")
            yield Static("", id="call-choice")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#call-ranks", OptionList).highlighted = 0
        self.query_one("#call-suits", OptionList).highlighted = 0
        self.show_choice()

    def rank_prompt(self, rank: str) -> Text:
        held = sum(1 for c in self.hand if c % 10 == RANKS.index(rank))
        t = Text(f" {rank} ", style="bold")
        if held:
            t.append(f"(you hold {held})", style="bright_black")
        return t

    def suit_prompt(self, suit: int) -> Text:
        t = suit_text(suit, self.style)
        mine = sorted((c for c in self.hand if (c % 40) // 10 == suit),
                      key=lambda c: self.ranks.index(RANKS[c % 10])
                      if RANKS[c % 10] in self.ranks else 99)
        if mine:
            t.append("  you hold ", style="bright_black")
            t.append(" ".join(RANKS[c % 10] for c in mine))
        return t

    def chosen(self) -> int | None:
        ranks = self.query_one("#call-ranks", OptionList)
        suits = self.query_one("#call-suits", OptionList)
        if ranks.highlighted is None or suits.highlighted is None:
            return None
        card = suits.highlighted * 10 + RANKS.index(self.ranks[ranks.highlighted])
        return card if card in self.cards else None

    def show_choice(self) -> None:
        card = self.chosen()
        line = Text("You call ")
        if card is None:
            line = Text("That card cannot be called.", style="bold red")
        else:
            line.append_text(card_text(card, self.style))
            suit = (card % 40) // 10
            line.append(f": {suit_name(suit, self.style)} {suit_glyph(suit, self.style)} "
                        "trumps")
            if card in self.hand:
                line.append(" — you hold it: you play alone", style="bold yellow")
            line.append(".  Enter calls it.", style="")
        self.query_one("#call-choice", Static).update(line)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.is_mounted:
            self.show_choice()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "call-ranks":
            self.query_one("#call-suits", OptionList).focus()
            return
        self.confirm()

    def on_key(self, event: events.Key) -> None:
        char = (event.character or "").upper()
        if char in self.ranks:
            self.query_one("#call-ranks", OptionList).highlighted = self.ranks.index(char)
            self.query_one("#call-suits", OptionList).focus()
            event.stop()
        elif char and char in SUITS:
            suits = self.query_one("#call-suits", OptionList)
            suits.highlighted = SUITS.index(char)
            suits.focus()
            event.stop()

    def confirm(self) -> None:
        card = self.chosen()
        if card is not None:
            self.dismiss(card)

    def action_close(self) -> None:
        self.dismiss(None)
