"""The bidding and the call of the games with an auction: a bid (or a pass) on the player's
turn, then, for the high bidder, the card to call (its suit is trumps, its holder a secret
partner). The dialogs offer only what the engine says is legal, in its words; cards and
ranks are named as the faces of the pack being drawn show them (``engine.cards.Pack``).

The dialogs sit above the player's hand, never on it, at every size of the table: the hand
is what a bid is made on. Points are a number field (typed, or stepped with up and down),
not a list of every number. F1 opens the rules over them.
"""

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
from ...engine import phases as P
from ...engine.cards import RANKS, SUITS, Pack
from ...engine.narrate import choice_round
from ..cardart import card_text, pack_of, suit_glyph, suit_name, suit_text
from ..contract import bids_text, contract_need, said

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.session import Session

ASK_HINT = -1  # what a bidding dialog answers when h asks the coach (the table shows it)


Chosen = Callable[[int | None], None]


def open_auction_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The bid (in the auction), the call (for its winner) or the choice (a redeal asked
    for, alone or shown) of the seat to act, in the dialog its phase registers in
    ``DIALOGS``; ``chosen`` is given the action picked, None when the dialog was closed, or
    ``ASK_HINT`` when h asked for the coach's hint (not in a match without hints)."""
    DIALOGS[v.phase](app, s, v, chosen)


def choice_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen,
                  bids: bool = True) -> bool:
    """The phase's round of worded choices (``engine.narrate.choice_round``) in a list, the
    engine's first legal action on the first line; False when the phase offers none."""
    found = choice_round(v.phase, v.legal)
    if found is None:
        return False
    words, listed = found
    (first, first_label), rest = listed[0], listed[1:]
    screen = BidListScreen(rest, bids_text(s, v) if bids else Text(""), hand_points(s, v),
                           pass_label=first_label, hint=words.hint, title=words.title,
                           first=first)
    screen.hints = s.hints
    app.push_screen(screen, callback=chosen)
    return True


def bid_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """A bid, or the round of reopen-or-redeal when everyone passed."""
    if choice_dialog(app, s, v, chosen):
        return
    options = [(a, said(s, a)) for a in v.legal if a != A.PASS]
    screen: BidScreen | BidListScreen
    if all(A.BID <= a < A.BID_RANK for a, _ in options):
        screen = BidScreen(options, bids_text(s, v), hand_points(s, v))
    else:
        screen = BidListScreen(rank_bids(options, pack_of(s.card_style)), bids_text(s, v),
                               hand_points(s, v))
    screen.hints = s.hints
    app.push_screen(screen, callback=chosen)


def claim_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """A hand without counting cards: shown for a redeal, or kept."""
    choice_dialog(app, s, v, chosen)


def declare_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The bidder holding the called card chooses how to play; anyone else plays on."""
    if not choice_dialog(app, s, v, chosen, bids=False):
        chosen(v.legal[0])  # a single action (play on): nothing to ask


def call_dialog(app: App[object], s: Session, v: SeatView, chosen: Chosen) -> None:
    """The card the auction's winner calls."""
    cards = [a - A.CALL for a in v.legal if A.CALL <= a < A.TRUMP]
    app.push_screen(
        CallScreen(cards, v.hand, s.variant.ranking.order, contract_need(v), s.card_style),
        callback=lambda card: chosen(None if card is None else A.CALL + card))


# the dialog of each phase whose actions are not cards (``engine.phases.BIDDING``)
DIALOGS: dict[str, Callable[[App[object], Session, SeatView, Chosen], None]] = {
    P.AUCTION: bid_dialog, P.CLAIM: claim_dialog, P.DECLARE: declare_dialog,
    P.CALL: call_dialog}


def rank_bids(options: list[tuple[int, str]], pack: Pack) -> list[tuple[int, str]]:
    """Chiamata's bids of a rank, each as the faces of ``pack`` show the rank and in its
    words ("C Horse"); the bids of points as the engine words them."""
    out = []
    for action, label in options:
        if action >= A.BID_RANK:
            letter = RANKS[action - A.BID_RANK]
            label = f"{pack.rank_labels[letter]:<2} {pack.rank_word(letter)}"
        out.append((action, label))
    return out


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
# A modal screen hides the app's keys: the rules stay one key away from a dialog.
RULES_BINDING = Binding("f1", "app.rules", "Rules", tooltip="The rules of this game")


class AboveTheHand(ModalScreen[int | None]):
    """A dialog that keeps clear of the hand of the table under it: it sits at the top and
    ends above the hand, scrolling its list when that leaves it too little room."""

    BOX = ""  # the dialog's box, by id
    SQUEEZE = ""  # the lists that scroll when the box is short (a selector)

    def on_mount(self) -> None:
        self.styles.align_vertical = "top"
        self.call_after_refresh(self.keep_clear)

    def on_resize(self) -> None:
        self.call_after_refresh(self.keep_clear)

    def hand_top(self) -> int | None:
        """The first row of the hand on the table under this dialog, if it shows one."""
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) else None
        if below is None:
            return None
        areas = below.query("#hand-area")
        if not areas:
            return None
        region = areas.first().region
        return region.y if region.height else None

    def keep_clear(self) -> None:
        top = self.hand_top()
        if top is None or top < 6:
            return
        box = self.query_one(self.BOX)
        box.styles.max_height = top
        lists = list(box.query(self.SQUEEZE)) if self.SQUEEZE else []
        fixed = box.styles.gutter.height + sum(
            child.outer_size.height for child in box.children
            if not any(w is child or child in w.ancestors for w in lists))
        for w in lists:
            w.styles.max_height = max(3, top - fixed)


class PointsField(Input):
    """A number of card points: typed, or stepped by up and down (page up and page down by
    ten) within ``low`` to ``high``."""

    BINDINGS = [
        Binding("up", "step(1)", "More", show=False),
        Binding("down", "step(-1)", "Fewer", show=False),
        Binding("pageup", "step(10)", show=False),
        Binding("pagedown", "step(-10)", show=False),
    ]

    def __init__(self, low: int, high: int, **kw: object) -> None:
        super().__init__(restrict=r"[0-9]*", max_length=3,  # type: ignore[arg-type]
                         select_on_focus=False, **kw)
        self.low, self.high = low, high

    def action_step(self, by: int) -> None:
        try:
            n = int(self.value) + by
        except ValueError:
            n = self.low
        self.value = str(max(self.low, min(self.high, n)))
        self.cursor_position = len(self.value)


class BidScreen(HintKey, AboveTheHand):
    """Bid a number of card points (the legal bids given), or pass (0 or the Pass button).
    Escape closes the dialog to look at the table (``b`` opens it again); it returns None
    then. Returns the action chosen."""

    BINDINGS = [Binding("escape", "close", "Look at the table"), HINT_BINDING, RULES_BINDING]
    AUTO_FOCUS = "#bid-input"
    BOX = "#bid-box"

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
                f"The card points your side will take, {span} (up and down step it); 0 "
                f"passes. Your hand holds {self.hand_points}.", classes="dim")
            with Horizontal(id="bid-row"):
                yield PointsField(self.low, self.high, placeholder=f"{self.low}-{self.high}",
                                  id="bid-input")
                yield Button("Bid", id="bid", variant="primary")
                yield Button("Pass", id="pass")
            yield Static("", id="bid-error")
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


class BidListScreen(HintKey, AboveTheHand):
    """Pass, or pick one of the legal bids from a list (Chiamata's ranks). The bids of two
    for a number of points are one line, its points in a field under the list: Enter on
    that line (or a digit) goes to the field, where up and down step the points and Enter
    bids. Escape closes the dialog to look at the table."""

    BINDINGS = [Binding("escape", "close", "Look at the table"), HINT_BINDING, RULES_BINDING]
    AUTO_FOCUS = "#bid-list"
    BOX = "#bid-box"
    SQUEEZE = "#bid-list"

    RANKS_HINT = ("Each bid names a lower rank to call than the last; after Two, the points "
                  "rise. A pass is final.")
    POINTS = -2  # the list's line for the bids of two for points

    def __init__(self, options: list[tuple[int, str]], bids: Text, hand_points: int,
                 pass_label: str = "Pass", hint: str = RANKS_HINT, first: int = A.PASS,
                 title: str = "Your bid") -> None:
        super().__init__()
        self.hint = hint
        self.title_text = title
        points = [a - A.BID for a, _ in options if A.BID <= a < A.BID_RANK]
        self.by_points = {n: A.BID + n for n in points}
        self.low = min(points, default=0)
        self.high = max(points, default=0)
        listed = [(a, label) for a, label in options if not A.BID <= a < A.BID_RANK]
        self.actions = [first] + [a for a, _ in listed]
        self.labels = [pass_label] + [label for _, label in listed]
        if points:
            self.actions.append(self.POINTS)
            self.labels.append(self.points_label(self.low))
        self.bids = bids
        self.hand_points = hand_points

    @staticmethod
    def points_label(n: int) -> str:
        return f"2  Two for {n}"

    def points_note(self, error: str = "") -> Text:
        """What the points field takes, or why what it holds cannot be bid."""
        if error:
            return Text(f" {error}", style="bold red")
        return Text(f" points ({self.low}-{self.high}, up and down)", style="bright_black")

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-box", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.bids)
            yield Static(
                f"{self.hint} Your hand: {self.hand_points} points.",
                classes="dim")
            yield OptionList(*[Option(label, id=f"bid-{k}")
                               for k, label in enumerate(self.labels)], id="bid-list")
            if self.by_points:
                with Horizontal(id="bid-row"):
                    yield Static("Two for ", classes="bid-row-label")
                    yield PointsField(self.low, self.high, value=str(self.low),
                                      placeholder=f"{self.low}-{self.high}", id="bid-points")
                    yield Static(self.points_note(), id="bid-points-note",
                                 classes="bid-row-label")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#bid-list", OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = self.actions[event.option_index]
        if action == self.POINTS:  # to the points: what is typed replaces them
            field = self.query_one("#bid-points", PointsField)
            self.set_focus(field)
            field.select_all()
            return
        self.dismiss(action)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "bid-points":
            return
        self.query_one("#bid-points-note", Static).update(self.points_note())
        try:
            n = int(event.value)
        except ValueError:
            return
        lst = self.query_one("#bid-list", OptionList)
        lst.replace_option_prompt_at_index(self.actions.index(self.POINTS), self.points_label(n))
        if event.input.has_focus:  # the player is at the points: their line shows it
            lst.highlighted = self.actions.index(self.POINTS)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            n = int(event.value)
        except ValueError:
            n = -1
        if n in self.by_points:
            self.dismiss(self.by_points[n])
            return
        self.query_one("#bid-points-note", Static).update(
            self.points_note(f"points: a bid is from {self.low} to {self.high}"))

    def on_key(self, event: events.Key) -> None:
        """A digit typed on the list starts the points of two."""
        char = event.character or ""
        if (self.by_points and char.isdigit()
                and isinstance(self.focused, OptionList)):
            field = self.query_one("#bid-points", PointsField)
            field.value = char
            self.set_focus(field)  # at once: the next digit goes to the field
            field.cursor_position = 1
            event.stop()

    def action_close(self) -> None:
        self.dismiss(None)


class CallScreen(AboveTheHand):
    """Call a card of the pack: a rank, then a suit. Typing a rank as the pack's faces show
    it (A 2-7 F C R in the Italian pack) or a suit's key (the initial of its name in the
    pack: s c d b for spade, coppe, denari, bastoni) picks it, the keys shown beside each
    choice; Enter on the suits calls the card. Where a key names both a rank and a suit
    (c: the Horse or cups), the list in use takes it. It opens on a card that may be
    called."""

    BINDINGS = [Binding("escape", "close", "Look at the table"), RULES_BINDING]
    AUTO_FOCUS = "#call-ranks"
    BOX = "#call-box"
    SQUEEZE = "#call-ranks, #call-suits"

    def __init__(self, cards: list[int], hand: tuple[int, ...], order: str, need: int,
                 style: str) -> None:
        super().__init__()
        self.cards = set(cards)  # the cards that may be called
        self.hand = set(hand)
        self.ranks = [r for r in order if any(c % 10 == RANKS.index(r) for c in cards)]
        self.need = need
        self.style = style
        self.pack = pack_of(style)
        self.rank_keys = {self.pack.rank_key(r): r for r in self.ranks}
        self.suit_keys = {self.pack.suit_key(x): x for x in range(len(SUITS))}
        self.first = self.first_card(cards)

    def first_card(self, cards: list[int]) -> int:
        """The card the dialog opens on: the first, in rank order then suit, of those that
        may be called, one not in hand if there is such."""
        order = sorted(cards, key=lambda c: (c in self.hand,
                                             self.ranks.index(RANKS[c % 10]), c // 10))
        return order[0]

    def compose(self) -> ComposeResult:
        with Vertical(id="call-box", classes="dialog"):
            yield Static("Call a card", classes="dialog-title")
            yield Static(
                f"You need {self.need} card points. Its holder is your secret partner, its "
                "suit trumps (your own card: you play alone). Type the rank as the card "
                "shows it, then the suit's key; or use the arrows.", classes="dim")
            with Horizontal(id="call-lists"):
                yield OptionList(*[Option(self.rank_prompt(r), id=r) for r in self.ranks],
                                 id="call-ranks")
                yield OptionList(*[Option(self.suit_prompt(i), id=SUITS[i])
                                   for i in range(len(SUITS))], id="call-suits")
            yield Static("", id="call-choice")
        yield Footer()

    def on_mount(self) -> None:  # (AboveTheHand's runs too: Textual calls each class's)
        self.query_one("#call-ranks", OptionList).highlighted = self.ranks.index(
            RANKS[self.first % 10])
        self.query_one("#call-suits", OptionList).highlighted = self.first // 10
        self.show_choice()

    def rank_prompt(self, rank: str) -> Text:
        held = sum(1 for c in self.hand if c % 10 == RANKS.index(rank))
        label, key = self.pack.rank_labels[rank], self.pack.rank_key(rank)
        t = Text()
        t.append(f" {label:<2} ", style="bold")
        t.append(self.pack.rank_word(rank))
        if key != label.lower():
            t.append(f" ({key})", style="bright_black")
        if held:
            t.append(f" held {held}", style="bright_black")
        return t

    def suit_prompt(self, suit: int) -> Text:
        t = Text()
        t.append(f"[{self.pack.suit_key(suit)}]", style="bold")
        t.append(" ")
        t.append_text(suit_text(suit, self.style))
        local = self.pack.local_suit_name(suit)
        if local != self.pack.suit_name(suit):
            t.append(f" ({local})", style="bright_black")
        mine = sorted((c for c in self.hand if (c % 40) // 10 == suit),
                      key=lambda c: self.ranks.index(RANKS[c % 10])
                      if RANKS[c % 10] in self.ranks else 99)
        if mine:
            t.append("  held ", style="bright_black")
            t.append(" ".join(self.pack.rank_label(c) for c in mine))
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
            line.append(f", the {self.pack.card_name(card)}: {suit_name(suit, self.style)} "
                        f"{suit_glyph(suit, self.style)} trumps")
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
        char = (event.character or "").lower()
        if not char:
            return
        suits = self.query_one("#call-suits", OptionList)
        on_suits = self.focused is suits
        rank = self.rank_keys.get(char)
        suit = self.suit_keys.get(char)
        if rank is not None and (suit is None or not on_suits):
            self.query_one("#call-ranks", OptionList).highlighted = self.ranks.index(rank)
            suits.focus()
            event.stop()
        elif suit is not None:
            suits.highlighted = suit
            suits.focus()
            event.stop()

    def confirm(self) -> None:
        card = self.chosen()
        if card is not None:
            self.dismiss(card)

    def action_close(self) -> None:
        self.dismiss(None)
