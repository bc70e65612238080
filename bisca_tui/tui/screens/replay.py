"""The replay viewer: a game record drawn on the card table, one step at a time.

The same table as a match in play (``widgets/board.py``), read-only: → and ← (or l and h)
step through the deal one action at a time (a card played, a bid, a signal...), ↓ and ↑
(or ] and [) a whole trick, Home and End go to the deal's start and end, n and p (or
PageDown and PageUp) to the next and previous deal, and v turns the view: every hand open,
then each seat's own view in turn (the other hands face down, as that seat saw them). The
log beside the table tells the deal up to the step shown, with the deal's score at its end.

A deal the record leaves unfinished is shown as a spectator sees it, unless the viewer was
opened to tell everything (``replay --tui --open``): the hands face down but for what the
game lays face up, a secret partner unnamed until the called card shows it, and no seat's
own view (v says why).

The positions come from ``RecordWalk`` (``record_walk.py``): the record is replayed once
through the engine, and each deal's positions are kept once visited, so a key held down
steps at once. Where the viewer stands and how each key moves it is a ``ReplayPosition``
(``replay_position.py``), and what the log must be told next a ``ToldLog``: the screen
draws what they say. Cards never move here: a step is drawn where it lands.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from ...engine.narrate import say
from ...engine.records import Record
from ...engine.spoken import game_name
from ...engine.variant import Variant
from ...lang import N_, _
from ..cardart import WINNER
from ..layout import SIDE_PANEL, card_sizes
from ..record_walk import RecordWalk
from ..replay_position import ReplayPosition
from ..told_log import ToldLog
from ..translated import Translated
from ..widgets.board import show_side, show_stock, sorted_hand, table_body
from ..widgets.captions import trick_shown
from ..widgets.common import Body, FittingFooter, Panel, TooSmall
from ..widgets.log import GameLog, fit
from ..widgets.table import HandView, SeatPanel, StockView, TrickSlot, seat_info

__all__ = ["ReplayScreen"]


class ReplayScreen(Translated, Screen[None]):
    """A record's deals on the table, step by step, forward and back."""

    AUTO_FOCUS = ""  # nothing takes the keys from the viewer (the log would scroll)
    BINDINGS = [
        Binding("right,l", "step(1)", N_("Step"), key_display="←→",
                tooltip=N_("One step forward: a card played, a bid, a signal")),
        Binding("left,h", "step(-1)", N_("Back"), show=False, tooltip=N_("One step back")),
        Binding("down,right_square_bracket", "trick(1)", N_("Trick"), key_display="↑↓",
                tooltip=N_("To the end of the next trick")),
        Binding("up,left_square_bracket", "trick(-1)", N_("Trick back"), show=False,
                tooltip=N_("Back to the end of the trick before")),
        Binding("home", "edge(0)", N_("Start"), key_display="Home",
                tooltip=N_("The start of the deal, as dealt")),
        Binding("end", "edge(1)", N_("End"), key_display="End",
                tooltip=N_("The end of the deal, with its score")),
        Binding("n,pagedown", "deal(1)", N_("Deal"), key_display="n/p",
                tooltip=N_("The next deal")),
        Binding("p,pageup", "deal(-1)", N_("Previous deal"), show=False,
                tooltip=N_("The deal before")),
        Binding("v", "cycle_view", N_("View"),
                tooltip=N_("Whose cards show: every hand open, then each seat's view in turn")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?",
                tooltip=N_("This list of keys")),
        Binding("escape,q", "close", N_("Close"), key_display="Esc",
                tooltip=N_("Close the replay")),
    ]

    def __init__(self, record: Record, deal: int = 0, seat: int | None = None,
                 source: str = "", *, quits: bool = False, walk: RecordWalk | None = None,
                 step: int | None = None, reveal: bool = False) -> None:
        """``deal`` counts from 0; ``seat`` None shows every hand open, else that seat's
        view; ``source`` (a file's name) is shown in the title. ``quits``: closing the
        viewer ends the app (it was opened on its own). ``walk``: the record already
        replayed (else it is replayed here, and a broken record raises ``RecordError``).
        ``step``: the position first shown, after that many of the deal's actions (the
        review opens a decision there); by default the deal as dealt. ``reveal``: show
        every hand of an unfinished deal too (``--open``); else such a deal is shown as a
        spectator sees it."""
        super().__init__()
        self.record = record
        self.source = source
        self.quits = quits
        self.walk = walk if walk is not None else RecordWalk(record, source or "record")
        self.at = ReplayPosition(self.walk, deal, seat, step, reveal)
        # the log drawn, and what it tells (a new table's log tells nothing yet)
        self.log_drawn: GameLog | None = None
        self.told = ToldLog()
        self.deal_shown = -1  # the deal the footer's keys were checked for
        variant = self.walk.match.variant.name
        self.title = (say("Replay", "title", source=source) if source
                      else say("Replay", "title.none"))
        self.sub_title = variant

    # ----- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        v = self.walk.match.variant
        yield TooSmall()
        with Body():
            yield from table_body(v.n, self.bottom, bool(v.signals),
                                  side_top=Panel(id="replay-source"))
        yield FittingFooter(show_command_palette=False)

    @property
    def variant_shown(self) -> Variant:
        """The game of the record (F1 opens its rules)."""
        return self.walk.match.variant

    def on_mount(self) -> None:
        # the log only follows the steps: the keys that scroll it are the viewer's here
        self.query_one(GameLog).can_focus = False
        style = getattr(self.app, "card_style", None)
        if isinstance(style, str):
            self.walk.set_card_style(style)
        self.draw()
        # once laid out, the seats across the top have their height: the cards may grow
        self.call_after_refresh(self.draw)

    def restyle(self, style: str) -> None:
        """Cards drawn in another style (the palette's choice), the log's lines with them."""
        self.walk.set_card_style(style)
        self.draw()

    def on_resize(self, event: events.Resize) -> None:
        self.draw()

    # ----- where we are (the position's, read by the openers and the tests) -----------

    @property
    def deal(self) -> int:
        return self.at.deal

    @property
    def step(self) -> int:
        return self.at.step

    @property
    def seat(self) -> int | None:
        return self.at.seat

    @property
    def bottom(self) -> int:
        return self.at.bottom

    @property
    def reveal(self) -> bool:
        return self.at.reveal

    def position_text(self) -> Text:
        """The position line, as wide as the screen lets it be."""
        return self.at.line(self.app.size.width)

    # ----- drawing -------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the position shown; nothing before the table is mounted."""
        if not self.is_mounted:
            return
        try:
            hand_view = self.query_one(HandView)
        except Exception:
            return
        walk = self.walk
        s = walk.at(self.deal, self.step)
        d = walk.steps(self.deal)
        st = d.states[self.step]
        v = self.at.view()
        style = s.card_style
        width, height = self.app.size
        n = v.n_players
        partnerships = s.variant.n_teams < n
        for seat in range(n):
            self.query_one(f"#seat-{seat}", SeatPanel).show(
                seat_info(s, v, seat, True), partnerships)
        hand = sorted_hand(s.variant, v)
        # a spectator sees the bottom hand face down, unless the game lays it all face up
        face_down = len(hand) < len(st.hands[self.bottom])
        if face_down:
            hand = sorted_hand(s.variant, st.view(self.bottom))  # drawn as backs
        top_rows = self.query_one("#top-seats").outer_size.height or None
        hsize, tsize = card_sizes(width, height, n, self.bottom, len(hand), top_rows)
        hand_view.show(hand, set(), None, False, hsize, style, hidden=face_down,
                       room=max(20, width - SIDE_PANEL))
        caption_panel = self.query_one("#trick-caption", Panel)
        room = caption_panel.content_size.width or 28
        finished = d.trick_done(self.step)
        cards, winner, caption = trick_shown(s, v, room, False, finished, keys=False)
        outcome = walk.outcome(self.deal) if self.step == d.last else []
        if outcome:  # the deal's score under its last trick
            caption = fit(room, outcome, "bold yellow")
        for seat in range(n):
            self.query_one(f"#slot-{seat}", TrickSlot).show(
                cards.get(seat), tsize, style, WINNER if seat == winner else "normal")
        caption_panel.set(caption)
        show_stock(self.query_one(StockView), s, v)
        show_side(self, s, v, self.seat is not None or self.at.open_allowed, False,
                  height)
        source = Text(_("Replay"), style="bold")
        if self.source:
            source.append(" · ")
            source.append(self.source)  # a file's name, as text
        source.truncate(SIDE_PANEL - 2, overflow="ellipsis")
        self.query_one("#replay-source", Panel).set(source)
        self.query_one("#status", Panel).set(self.position_text())
        self.draw_log()
        if self.deal_shown != self.deal:  # the deal keys' use changes with the deal only
            self.deal_shown = self.deal
            self.refresh_bindings()

    def draw_log(self) -> None:
        """The log up to the step shown, told once: when what the log tells begins the new
        position's log (a step or a jump forward in the deal) only the rest is added; else
        (a step back, another deal, other card faces, a table turned) it is told again from
        the deal's heading."""
        log = self.query_one(GameLog)
        if log is not self.log_drawn:  # a new table (turned): its log tells it all again
            self.log_drawn = log
            self.told.renew()
        clear, new = self.told.update(self.walk.log(self.deal, self.step))
        if clear:
            log.clear()
        for line in new:
            log.add(line)

    # ----- keys ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal" and parameters:
            return self.at.has_deal(int(parameters[0]))  # type: ignore[call-overload]
        return True

    def action_step(self, delta: int) -> None:
        self.at.step_by(delta)
        self.draw()

    def action_trick(self, delta: int) -> None:
        self.at.trick(delta)
        self.draw()

    def action_edge(self, end: int) -> None:
        self.at.edge(end)
        self.draw()

    def action_deal(self, delta: int) -> None:
        self.at.move_deal(delta)
        self.draw()

    async def action_cycle_view(self) -> None:
        """The view turned (``ReplayPosition.turn_view``); in a deal the record leaves
        unfinished (without ``--open``) the spectator's view only, and a word why."""
        bottom = self.bottom
        if not self.at.turn_view():
            self.notify(_("This deal is not over in the record: the replay shows what a "
                          "spectator may see. Each seat's view opens once the deal is over, "
                          "or with replay --tui --open."), title=_("Hands hidden"),
                        markup=False)
            return
        if self.bottom != bottom:  # the seat shown sits at the bottom: the table turns
            await self.recompose()
            self.query_one(GameLog).can_focus = False
            self.refresh_bindings()  # the new footer lists the keys again
            self.call_after_refresh(self.draw)
        self.draw()

    def action_keys(self) -> None:
        from .keys import show_keys

        show_keys(self, _("Keys of the replay — {game}").format(
            game=game_name(self.walk.match.variant)))

    def action_close(self) -> None:
        if self.quits:
            self.app.exit(0)
        else:
            self.dismiss(None)
