"""A shared table as one client knows it (``JoinedMatch``): the places and names as the
host lists them, each deal's views and events as the host sent them (``sent.SentDeal``),
and the match's scores as the host sends them (``sent.SentScores``). The table on screen
reads it as it reads a match played here (``table.seating``): who sits where and by what
name, the scores, and the deal from a seat's view, never a card its seats may not see.
What it would apply itself at home (an action, a deal's end) comes here from the host's
messages (``take_view``, ``take_seats``, ``take_over``).

"At this keyboard" means this client: its player's seats are the person's, every other
seat (a person elsewhere, the host's bots) is played at the host.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine import events as E
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView
from ..engine.words import YOU, shown_name
from ..table import seating
from ..table.seats import BOT, HUMAN, SeatSpec
from ..table.settings import DEFAULT_SPEED, SPEEDS, table_style
from .mirror import events_from_json, view_from_json
from .sent import Key, SentDeal, SentScores


@dataclass(frozen=True)
class Taken:
    """What a ``view`` message brought: the events of the deal's main view not told yet
    (for the log), whether it began a deal, and the deal's score when it ended it."""

    events: tuple[E.Event, ...] = ()
    began: bool = False
    scored: DealScore | None = None


class JoinedMatch:
    """A shared table's match as this client knows it. ``me`` is its player's place (None:
    watching)."""

    hot_seat = False  # one person at this keyboard: "You"
    undo_allowed = False  # nothing is taken back between people

    def __init__(self, variant: Variant, me: int | None = None, card_style: str = "symbols",
                 speed: str = DEFAULT_SPEED) -> None:
        self.match = SentScores(variant)
        # the places as the host lists them (``take_seats``): until then, its bots
        self.people = [SeatSpec(BOT, "") for _ in range(variant.n_people)]
        self.me = me
        self.card_setting = card_style
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.hide_points = False
        self.hints = False  # until the host says it allows them
        self.token: tuple[int, int] = (0, 0)
        self.moves = 0
        self.over = False
        self.closed = False
        # the name of the bot whose place this client took during the match: the deal so
        # far was that bot's play, and is told as it
        self.stood_in: str | None = None
        self.away: set[int] = set()  # the places whose player lost the connection

    @property
    def variant(self) -> Variant:
        return self.match.variant

    @property
    def card_style(self) -> str:
        return table_style(self.card_setting, self.variant.pack_style)

    @card_style.setter
    def card_style(self, setting: str) -> None:
        self.card_setting = setting

    @property
    def deal(self) -> SentDeal:
        """The current deal, as the host sent it."""
        return self.match.deals[-1]

    @property
    def deal_number(self) -> int:
        return len(self.match.deals)

    def start_bots(self) -> None:
        """The host's bots play at the host."""

    def close(self) -> None:
        self.closed = True

    # ----- who sits where ----------------------------------------------------------------

    def take_seats(self, seats: list[dict[str, Any]]) -> None:
        """The places as a ``lobby`` or ``welcome`` message lists them: this client's own is
        "You" (as at a table on one screen), a person elsewhere is a person (not at this
        keyboard), the rest the host's bots."""
        for entry in seats:
            p = entry.get("seat")
            if not isinstance(p, int) or not 0 <= p < len(self.people):
                continue
            name = str(entry.get("name") or entry.get("held_by") or "")
            if name == YOU:  # somebody else who called themselves so
                name = f"\u201c{name}\u201d"
            kind = HUMAN if entry.get("kind") == "person" else BOT
            was = self.people[p]
            if p == self.me and was.kind == BOT and was.name not in ("", YOU):
                self.stood_in = was.name  # a bot's place, taken
            self.people[p] = SeatSpec(kind, YOU if p == self.me else name)
            held = entry.get("kind") == "person" or bool(entry.get("held_by"))
            if held and not entry.get("connected") and p != self.me:
                self.away.add(p)
            else:
                self.away.discard(p)

    @property
    def seats(self) -> list[SeatSpec]:
        """Who sits at each seat of the current deal (``seating.seats_now``)."""
        return seating.seats_now(self)

    def person_of(self, seat: int) -> int | None:
        return seating.person_of(self, seat)

    def seat_of(self, player: int) -> int | None:
        return seating.seat_of(self, player)

    def sitting_out(self) -> str | None:
        return seating.sitting_out(self)

    def controller(self, seat: int) -> int:
        """The seat whose player chooses for ``seat``: itself, or for a dummy hand (a seat
        the host sends no player for), the seat of its side that a player holds."""
        if not self.match.deals or self.person_of(seat) is not None:
            return seat
        people, team_of = self.match.people(), self.variant.team_of
        return next((k for k in range(len(people)) if people[k] is not None
                     and team_of[k] == team_of[seat]), seat)

    def own_seat(self) -> int | None:
        """This client's player's seat in the current deal (None: watching, or sitting the
        deal out)."""
        if self.me is None or not self.match.deals:
            return None
        return self.seat_of(self.me)

    def humans(self) -> list[int]:
        own = self.own_seat()
        return [] if own is None else [own]

    def is_human(self, seat: int | None) -> bool:
        return (seat is not None and self.me is not None and bool(self.match.deals)
                and self.person_of(self.controller(seat)) == self.me)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def shown_name(self, seat: int) -> str:
        return shown_name(self.name(seat))

    def name_in(self, deal: int, seat: int) -> str:
        return seating.name_in(self, deal, seat)

    def level_label(self, seat: int) -> str:
        return ""  # the host's bots play at the host's levels, not told

    # ----- sides and scores --------------------------------------------------------------

    def team_label(self, team: int) -> str:
        return seating.team_label(self, team)

    def team_members(self, team: int) -> list[str]:
        return seating.team_members(self, team)

    def scorer_of(self, seat: int) -> int:
        return seating.scorer_of(self, seat)

    def scorer_label(self, k: int) -> str:
        return seating.scorer_label(self, k)

    def scorer_team(self, k: int) -> int:
        return seating.scorer_team(self, k)

    def humans_and_bots(self, side: int) -> list[int]:
        """The seats of a side of the current deal that a player holds (not a dummy), as
        the view drawn knows the sides."""
        shown = self.deal.shown
        side_of = shown.side_of if shown is not None else ()
        return [seat for seat, p in enumerate(self.match.people())
                if p is not None and seat < len(side_of) and side_of[seat] == side]

    def deal_gains(self, score: DealScore) -> list[int]:
        return self.match.gains(len(self.match.deals) - 1, score)

    # ----- what the host sent ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """The view of ``seat`` the host sent; a watcher (or a player sitting the deal out)
        is drawn its watcher's view from that seat's place."""
        deal = self.deal
        view = deal.views.get(seat)
        if view is not None:
            return view
        view = deal.shown
        assert view is not None, "no view yet"
        return view if view.seat == seat else replace(view, seat=seat)

    def take_view(self, message: dict[str, Any]) -> Taken:
        """A ``view`` message: the deal brought up to date, and the deal scored into the
        match when the host scored it. A view of a deal gone by is ignored."""
        number = message["deal"]
        m = self.match
        began = number > len(m.deals)
        if number < len(m.deals):
            return Taken()
        while len(m.deals) < number:
            if m.deals and len(m.results) < len(m.deals):
                m.results.append(m.unseen())  # a deal this client did not see end
            m.deals.append(SentDeal())
        deal = m.deals[-1]
        players = message.get("players")
        if isinstance(players, list):
            deal.players = tuple(players)
        key: Key = message["seat"]
        had = deal.events.setdefault(key, [])
        if message.get("events_from", 0) != len(had):
            had.clear()  # from the deal's start (a client back after a drop)
        had.extend(events_from_json(message["events"], m.variant))
        deal.views[key] = view_from_json(message["view"], tuple(had), m.variant)
        told, main = deal.main, self.own_seat()  # told and drawn from: the player's own view
        token = (message["token"][0], message["token"][1])
        if (main != told and key == main and not began and told in deal.logged
                and token == self.token):
            # a place taken (or the table watched until now): the deal up to here was told
            # from the view drawn so far, and the new one brings nothing that happened since
            deal.logged[key] = len(had)
        deal.main = main
        self.token = token
        self.moves = self.token[1]
        m.scores = list(message.get("scores", m.scores))
        if key != deal.main:
            return Taken(began=began)
        events = deal.events[key]
        fresh = tuple(events[deal.logged.get(key, 0):])
        deal.logged[key] = len(events)
        scored = next((e.result for e in fresh if type(e) is E.DealScored), None)
        if scored is not None:
            deal.result = scored
            m.add_result(scored)  # as the host adds it to the match (its next views agree)
        return Taken(fresh, began, scored)

    def take_over(self, message: dict[str, Any]) -> None:
        """The ``over`` message: the final scores; the side ahead, if one is, wins."""
        m = self.match
        m.scores = list(message.get("scores", m.scores))
        if m.winner is None and m.scores:
            best = max(m.scores)
            leaders = [k for k, x in enumerate(m.scores) if x == best]
            m.winner = leaders[0] if len(leaders) == 1 else None
        self.over = True
