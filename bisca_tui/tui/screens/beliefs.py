"""What each seat believed about the cards it could not see, decision by decision of a deal
just played (``b`` on the deal's summary).

For each card decision: whose it was, the card chosen (and the card the search preferred,
for a hard bot, when it differs), then a grid of the cards that seat could not see against
the places each could be, shaded by the chance, the place each card really was marked (see
``widgets/beliefs_grid.py``). The bots never see a hidden card: this shows what they
believed instead. For the levels that do not reason about hidden cards, and for the people,
the chances are what could be known then. ``←``/``→`` step from decision to decision, ``s``
shows one seat's decisions, then the next seat's, then all again.

The beliefs are worked out in a worker thread (``bisca_tui.coach.beliefs.deal_beliefs``):
the screen answers keys (Esc) while they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import LoadingIndicator, Static
from textual.worker import get_current_worker

from ...engine.narrate import person, template
from ...engine.records import Record
from ...engine.words import shown_name
from ...lang import N_, _, pgettext
from ..cardart import card_text, muted
from ..messages import BeliefsReady
from ..styled import spliced
from ..translated import Translated
from ..widgets.beliefs_grid import BeliefsGrid, legend
from ..widgets.common import FittingFooter

if TYPE_CHECKING:
    from textual.app import App

    from ...coach.beliefs import DecisionBeliefs, Place
    from ...table.session import Session

LEVELS = ("hard", "medium", "easy")


def place_name(place: Place, name: Callable[[int], str]) -> str:
    """A place's name as the grid's rows show it: a seat's name, the stock, the monte."""
    if place == "stock":
        # translators: a row of the beliefs grid: the cards still to be drawn (ten cells
        # at most)
        return pgettext("beliefs place", "Stock")
    if place == "aside":
        # translators: a row of the beliefs grid: the cards set aside (Briscola Chiamata's
        # monte, discards), ten cells at most
        return pgettext("beliefs place", "Aside")
    assert isinstance(place, int)
    return shown_name(name(place))


def chose_text(d: DecisionBeliefs, name: Callable[[int], str], style: str) -> Text:
    """``Trick 3: Rui (hard bot) played 7♥; the search preferred A♥.``"""
    seat = name(d.seat)
    card = card_text(d.chosen, style)
    if d.who == "person":
        text = (template("Beliefs", "played.by_you") if person(seat) == "you"
                else template("Beliefs", "played"))
    elif d.who in LEVELS:
        text = {
            "hard": template("Beliefs", "played.hard"),
            "medium": template("Beliefs", "played.medium"),
            "easy": template("Beliefs", "played.easy"),
        }[d.who]
    else:
        text = template("Beliefs", "played")
    t = spliced(text, "bold", trick=d.trick, seat=shown_name(seat), card=card)
    if d.best is not None and d.best != d.chosen:
        t.append(" ")
        t.append_text(spliced(template("Beliefs", "preferred"), "",
                              card=card_text(d.best, style)))
    return t


def about_text(d: DecisionBeliefs, name: Callable[[int], str]) -> Text:
    """What the chances are: a hard bot's beliefs, or what could be known then."""
    seat = shown_name(name(d.seat))
    if d.who == "person":
        text = (template("Beliefs", "known.by_you") if person(name(d.seat)) == "you"
                else template("Beliefs", "known"))
    elif d.reasons:
        text = template("Beliefs", "believed")
    else:
        text = {
            "medium": template("Beliefs", "rules.medium"),
            "easy": template("Beliefs", "rules.easy"),
        }.get(d.who) or template("Beliefs", "rules.other")
    return spliced(text, "", seat=seat)


class BeliefsScreen(Translated, Screen[None]):
    """Each card decision of one deal of a record, with the beliefs behind it."""

    DEFAULT_CSS = """
    BeliefsScreen #beliefs-title { text-style: bold; color: $accent; padding: 0 1; }
    BeliefsScreen #beliefs-spinner { height: 1; }
    BeliefsScreen #beliefs-body { height: 1fr; padding: 0 0 0 1; }
    BeliefsScreen #beliefs-about { height: auto; }
    BeliefsScreen #beliefs-grid { margin: 1 0; }
    BeliefsScreen #beliefs-legend { height: auto; }
    """
    BINDINGS = [
        Binding("left,comma", "step(-1)", N_("Previous"), key_display="←",
                tooltip=N_("The previous decision")),
        Binding("right,full_stop", "step(1)", N_("Next"), key_display="→",
                tooltip=N_("The next decision")),
        Binding("s", "cycle_seat", N_("Seat"),
                tooltip=N_("One seat's decisions, then the next seat's, then all again")),
        Binding("escape", "close", N_("Back"), tooltip=N_("Back to the deal's summary")),
    ]

    index: var[int] = var(0, init=False, bindings=True)
    seat: var[int | None] = var(None, init=False, bindings=True)

    def __init__(self, record: Record, deal: int, style: str, name: Callable[[int], str],
                 samples: int | None = None, seed: int | None = None,
                 table: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.record = record
        self.deal = deal
        self.style = style
        self.seat_name = name
        self.samples = samples
        self.seed = seed
        self.n_seats = record.make_variant().n
        self.table = table  # who played each seat (as a save keeps it beside the record)
        self.beliefs: list[DecisionBeliefs] | None = None
        self.final = False  # whether the search's preferred cards are in

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="beliefs-title")
        yield LoadingIndicator(id="beliefs-spinner")
        with VerticalScroll(id="beliefs-body"):
            yield Static(Text(_("Working out what each seat could know…"), style="italic"),
                         id="beliefs-about")
            yield BeliefsGrid(self.style, lambda p: place_name(p, self.seat_name),
                              id="beliefs-grid")
            yield Static("", id="beliefs-legend")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.work_out()

    @work(thread=True, exclusive=True, group="beliefs")
    def work_out(self) -> None:
        """The chances first (a moment's work), then again with the card each hard bot's
        search preferred (a review of each: seconds)."""
        from ...coach.beliefs import deal_beliefs

        worker = get_current_worker()
        kw: dict[str, Any] = {"samples": self.samples, "table": self.table}
        if self.seed is not None:
            kw["seed"] = self.seed
        for with_best in (False, True):
            try:
                beliefs = deal_beliefs(self.record, self.deal, with_best=with_best, **kw)
            except Exception as e:  # beliefs that fail say so; the match goes on
                self.post_message(BeliefsReady(None, f"{e.__class__.__name__}: {e}"))
                return
            if worker.is_cancelled:
                return
            self.post_message(BeliefsReady(beliefs, final=with_best))

    def on_beliefs_ready(self, message: BeliefsReady) -> None:
        if message.beliefs is None:
            self.query_one("#beliefs-spinner").display = False
            text = spliced(_("The beliefs could not be worked out: {error}"), "bold red",
                           error=message.error)
            self.query_one("#beliefs-about", Static).update(text)
            return
        self.final = message.final
        self.query_one("#beliefs-spinner").display = not message.final
        self.beliefs = message.beliefs
        self.show()
        self.refresh_bindings()

    def shown(self) -> list[DecisionBeliefs]:
        """The decisions the keys step through: every seat's, or the chosen seat's."""
        return [d for d in self.beliefs or () if self.seat is None or d.seat == self.seat]

    @property
    def decision(self) -> DecisionBeliefs | None:
        shown = self.shown()
        return shown[self.index] if 0 <= self.index < len(shown) else None

    def title_text(self) -> Text:
        parts = [_("Beliefs · deal {deal}").format(deal=self.deal + 1)]
        parts.append(_("all seats") if self.seat is None
                     else shown_name(self.seat_name(self.seat)))
        shown = self.shown()
        if shown:
            parts.append(_("decision {number} of {count}").format(number=self.index + 1,
                                                                   count=len(shown)))
        return Text(" · ".join(parts))

    def show(self) -> None:
        """Draw the decision at ``index`` of those shown (or why there is none)."""
        if self.beliefs is None:
            return
        self.query_one("#beliefs-title", Static).update(self.title_text())
        about = self.query_one("#beliefs-about", Static)
        grid = self.query_one("#beliefs-grid", BeliefsGrid)
        key = self.query_one("#beliefs-legend", Static)
        d = self.decision
        if d is None:
            if self.seat is None:
                text = Text(template("Beliefs", "none.all"))
            elif person(self.seat_name(self.seat)) == "you":
                text = Text(template("Beliefs", "none.by_you"))
            else:
                text = spliced(template("Beliefs", "none"),
                               seat=shown_name(self.seat_name(self.seat)))
            about.update(text)
            grid.show(None)
            key.update("")
            return
        t = chose_text(d, self.seat_name, self.style)
        if d.reasons and d.who != "person" and not self.final:
            t.append(" ")
            t.append(template("Beliefs", "pending"), style="italic")
        t.append("\n")
        t.append_text(about_text(d, self.seat_name))
        if d.samples:
            samples = template("Beliefs", "samples.many", d.samples).format(count=d.samples)
            t.append(f" ({samples})", style=muted())
        else:  # what could be known, counted over every deal that fits
            t.append(" (" + template("Beliefs", "counted") + ")", style=muted())
        about.update(t)
        grid.show(d)
        key.update(legend())

    def watch_index(self) -> None:
        self.show()

    def watch_seat(self) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Stepping past the first or the last decision is shown greyed out."""
        if action == "step":
            target = self.index + int(parameters[0])  # type: ignore[call-overload]
            return True if 0 <= target < len(self.shown()) else None
        return True

    def action_step(self, direction: int) -> None:
        shown = self.shown()
        target = self.index + direction
        if 0 <= target < len(shown):
            self.index = target

    def action_cycle_seat(self) -> None:
        """All seats, then each seat in turn: the first of its decisions from the one shown
        on (or its last, if it has none later)."""
        here = self.decision
        seat = self.seat
        seat = 0 if seat is None else seat + 1 if seat + 1 < self.n_seats else None
        mine = [d for d in self.beliefs or () if seat is None or d.seat == seat]
        later = [k for k, d in enumerate(mine) if here is None or d.step >= here.step]
        index = later[0] if later else max(0, len(mine) - 1)
        self.set_reactive(BeliefsScreen.index, index)
        self.seat = seat

    def action_close(self) -> None:
        self.workers.cancel_group(self, "beliefs")
        self.dismiss(None)


def beliefs_of_deal(session: Session, app: App[object]) -> BeliefsScreen:
    """The beliefs screen of the deal just played in ``session``, the coach's samples as
    the app asks for them."""
    deal = session.deal_number - 1
    return BeliefsScreen(session.recording.record(), deal, session.card_style,
                         name=lambda k: session.name_in(deal, k),
                         samples=getattr(app, "coach_samples", None),
                         table=json.loads(session.recording.table_text()))
