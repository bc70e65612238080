"""The call dialog: the high bidder picks the card to call, a rank and then a suit, as the
faces of the pack being drawn show them."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.cards import RANKS, SUITS, rank_of, suit_of
from ...engine.narrate import say
from ...lang import N_
from ..cardart import card_text, suit_glyph, suit_name, suit_text
from ..styled import styled
from ..widgets.common import FittingFooter
from .auction_base import RULES_BINDING, AboveTheHand
from .call_choices import CallChoices


class CallScreen(AboveTheHand):
    """Call a card of the pack: a rank, then a suit. Typing a rank as the pack's faces show
    it (A 2-7 F C R in the Italian pack) or a suit's key (the initial of its name in the
    pack: s c d b for spade, coppe, denari, bastoni) picks it, the keys shown beside each
    choice; Enter on the suits calls the card. Where a key names both a rank and a suit
    (c: the Horse or cups), the list in use takes it. It opens on a card that may be
    called."""

    BINDINGS = [Binding("escape", "close", N_("Look at the table")), RULES_BINDING]
    AUTO_FOCUS = "#call-ranks"
    BOX = "#call-box"
    SQUEEZE = "#call-ranks, #call-suits"

    def __init__(self, cards: list[int], hand: tuple[int, ...], order: str, need: int,
                 style: str) -> None:
        super().__init__()
        self.choices = CallChoices(cards, hand, order, style)
        self.cards = self.choices.cards  # the cards that may be called
        self.hand = self.choices.hand
        self.ranks = self.choices.ranks
        self.need = need
        self.style = style
        self.pack = self.choices.pack
        self.first = self.choices.first  # the card it opens on

    def compose(self) -> ComposeResult:
        with Vertical(id="call-box", classes="dialog"):
            yield Static(say("Dialog", "call.title"), classes="dialog-title")
            yield Static(say("Dialog", "call.help", need=self.need), classes="dim")
            with Horizontal(id="call-lists"):
                yield OptionList(*[Option(self.rank_prompt(r), id=r) for r in self.ranks],
                                 id="call-ranks")
                yield OptionList(*[Option(self.suit_prompt(i), id=SUITS[i])
                                   for i in range(len(SUITS))], id="call-suits")
            yield Static("", id="call-choice")
        yield FittingFooter()

    def on_mount(self) -> None:  # (AboveTheHand's runs too: Textual calls each class's)
        self.query_one("#call-ranks", OptionList).highlighted = self.ranks.index(
            RANKS[rank_of(self.first)])
        self.query_one("#call-suits", OptionList).highlighted = suit_of(self.first)
        self.show_choice()

    def rank_prompt(self, rank: str) -> Text:
        held = sum(1 for c in self.hand if rank_of(c) == RANKS.index(rank))
        label, key = self.pack.rank_labels[rank], self.pack.rank_key(rank)
        t = Text()
        t.append(f" {label:<2} ", style="bold")
        t.append(self.pack.rank_word(rank))
        if key != label.lower():
            t.append(f" ({key})", style="bright_black")
        if held:
            t.append(" " + say("Dialog", "call.held", count=held), style="bright_black")
        return t

    def suit_prompt(self, suit: int) -> Text:
        t = Text()
        t.append(f"[{self.pack.suit_key(suit)}]", style="bold")
        t.append(" ")
        t.append_text(suit_text(suit, self.style))
        local = self.pack.local_suit_name(suit)
        if local != self.pack.suit_name(suit):
            t.append(f" ({local})", style="bright_black")
        mine = sorted((c for c in self.hand if suit_of(c) == suit),
                      key=lambda c: self.ranks.index(RANKS[rank_of(c)])
                      if RANKS[rank_of(c)] in self.ranks else 99)
        if mine:
            t.append("  ", style="bright_black")
            t.append_text(styled("Dialog", "call.suit.held", "bright_black",
                                 ranks=Text(" ".join(self.pack.rank_label(c) for c in mine))))
        return t

    def chosen(self) -> int | None:
        ranks = self.query_one("#call-ranks", OptionList)
        suits = self.query_one("#call-suits", OptionList)
        return self.choices.card(ranks.highlighted, suits.highlighted)

    def show_choice(self) -> None:
        card = self.chosen()
        if card is None:
            line = styled("Dialog", "call.cannot", "bold red")
        else:
            suit = suit_of(card)
            line = styled("Dialog", "call.choice.own" if card in self.hand else "call.choice",
                          card=card_text(card, self.style), name=self.pack.card_name(card),
                          suit=suit_name(suit, self.style), glyph=suit_glyph(suit, self.style),
                          own=styled("Dialog", "call.own", "bold yellow"))
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
        if not event.character:
            return
        suits = self.query_one("#call-suits", OptionList)
        picked = self.choices.key(event.character, on_suits=self.focused is suits)
        if picked is None:
            return
        what, index = picked
        if what == "rank":
            self.query_one("#call-ranks", OptionList).highlighted = index
        else:
            suits.highlighted = index
        suits.focus()
        event.stop()

    def confirm(self) -> None:
        card = self.chosen()
        if card is not None:
            self.dismiss(card)

    def action_close(self) -> None:
        self.dismiss(None)
