"""One match at the table: who sits where, the engine's match, the bots, the saved record.

This module holds no widgets. The table screen asks it what to show and hands it the actions
people choose; every rule (whose turn, what is legal, what a deal is worth) comes from the
engine. The seats and their names are in ``seats``; the record, the table section and the
history entry a session writes are its ``recording`` (``recording.py``, which also reads a
session back from them).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

from ..bots.base import Bot, bot_levels, make_bot
from ..engine.actions import action_str
from ..engine.match import Match
from ..engine.narrate.sayings import shown
from ..engine.records import Undo
from ..engine.state import GameState
from ..engine.turns import Played, Views, act
from ..engine.variant import DealScore, Variant, make_variant
from ..engine.view import SeatView
from ..engine.words import shown_name
from . import seating
from .recording import Recording
from .seats import (  # noqa: F401 (the screens and tests import the seats here)
    BOT,
    BOT_NAMES,
    HUMAN,
    PROGRAM_PREFIX,
    SeatSpec,
    default_level,
    default_seats,
    dummy_name,
    level_refused,
    named_apart,
    program_refused,
    seats_from_json,
)
from .settings import DEFAULT_SPEED, SPEEDS, table_style  # noqa: F401 (the screens import them here)


class Session:
    """A match in progress, with its seats and bots.

    The bots start with ``start_bots`` (the table calls it), not when the session is built:
    reading a saved match to offer it back must not launch a seat's external program. Even
    then an outside program starts only when its level is in ``approved`` (the person at
    this machine confirmed that exact command) and ``programs_allowed`` holds; any other
    program seat is played by a built-in stand-in, and ``bot_problems`` says why.
    """

    def __init__(self, match: Match, seats: list[SeatSpec], card_style: str = "symbols",
                 speed: str = DEFAULT_SPEED, hide_points: bool = False,
                 hints: bool = True) -> None:
        if len(seats) != match.variant.n_people:
            raise ValueError(f"{match.variant.name} needs {match.variant.n_people} players")
        if not any(s.is_human for s in seats):
            raise ValueError("at least one seat must be a person")
        self.match = match
        self.people = named_apart(seats)  # one per player, in the match's order
        self.card_setting = card_style  # symbols (the game's own pack), french or letters
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.hide_points = hide_points  # card points left out for players who count them
        self.hints = hints  # the coach's hints (h) may be asked for; off: a "no hints" match
        self.undone: dict[int, list[Undo]] = {}  # by deal: the actions taken back
        self.moves = 0  # actions applied and undone: a bot's answer is for one position
        self.views = Views()  # each seat's view of the position, built once
        self.bots: dict[int, Bot] = {}  # by player
        self.bot_problems: list[str] = []
        # told when a bot is replaced mid-match; it may be called from a bot's thread
        self.on_bot_notice: Callable[[int, str], None] | None = None
        self.closed = False
        self.recording = Recording(self)  # its record, table section and history entry
        self.approved: set[str] = set()  # ``cmd:`` levels confirmed at this machine
        self.programs_allowed = True  # False: no outside program at this table at all

    def programs(self) -> list[tuple[str, str]]:
        """The seats an outside program would play: (the seat's name, its command line)."""
        return [(p.name, p.command) for p in self.people if p.command is not None]

    def unapproved(self) -> list[tuple[str, str]]:
        """The programs of ``programs`` not confirmed for this match."""
        return [(name, cmd) for name, cmd in self.programs()
                if PROGRAM_PREFIX + cmd not in self.approved]

    def start_bots(self) -> None:
        """Create the bots of every bot seat (once); problems land in ``bot_problems``."""
        if self.closed:
            return
        for p, spec in enumerate(self.people):
            if not spec.is_human and p not in self.bots:
                self.bots[p] = self._make_bot(p, spec)

    def _make_bot(self, player: int, spec: SeatSpec) -> Bot:
        seed = (self.match.seed + 7919 * (player + 1)) % (2**63)
        if spec.command is not None and (not self.programs_allowed
                                         or spec.level not in self.approved):
            level = default_level()
            self.bot_problems.append(program_refused(spec.name, self.programs_allowed, level))
            self.stand_in(player, level)
            return make_bot(level, seed)
        try:
            bot = make_bot(spec.level, seed)
        except (ValueError, OSError) as e:
            fallback = bot_levels()[0]
            self.bot_problems.append(level_refused(spec.name, e, fallback))
            spec.level = fallback
            return make_bot(fallback, seed)
        notice = getattr(bot, "notice", None)
        if notice:  # an external program that could not even start
            self.bot_problems.append(f"{spec.name}: {shown(notice)}")
            self.stand_in(player, getattr(bot, "fallback_level", default_level()))
        elif hasattr(bot, "on_notice"):
            bot.on_notice = lambda text, p=player, b=bot: self._bot_notice(
                self.seat_of(p), text, p, getattr(b, "fallback_level", ""))
        return bot

    def stand_in(self, player: int, level: str) -> None:
        """A built-in bot of ``level`` plays for a seat's outside program from this deal on."""
        spec = self.people[player]
        if spec.command is None or not level:
            return
        spec.program = spec.level
        spec.stand_in_from = max(len(self.match.deals) - 1, 0)
        spec.level = level

    def _bot_notice(self, seat: int | None, text: str, player: int | None = None,
                    level: str = "") -> None:
        if player is not None and not self.closed:
            self.stand_in(player, level)
        if self.closed or seat is None:  # a program stopped at the end, or sitting out
            return
        listener = self.on_bot_notice
        text = shown(text)  # in the language of the person reading
        if listener is None:
            self.bot_problems.append(f"{self.name(seat)}: {text}")
        else:
            listener(seat, text)

    def level_label(self, seat: int) -> str:
        """The level playing a bot seat, as shown at the table ("" for a person)."""
        spec = self.seats[seat]
        if self.person_of(seat) is None:
            return ""  # the seat panel names the dummy's player instead
        if spec.is_human:
            return ""
        if spec.program:
            return f"{spec.level} stand-in"
        if spec.command is None:
            return spec.level
        stand_in = getattr(self.bot_for(seat), "fallback_bot", None)
        if stand_in is not None:
            return f"{stand_in.level} stand-in"
        return "program"

    def close(self) -> None:
        """Stop every bot that runs outside the app (external programs); idempotent."""
        self.closed = True
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):  # closing must never fail the app
                    close()

    def deal_over(self, score: DealScore) -> None:
        """Tell the bots that listen (external programs) how the deal ended."""
        st = self.state
        for player, bot in self.bots.items():
            seat = self.seat_of(player)
            tell = getattr(bot, "deal_over", None)
            if callable(tell) and seat is not None:
                with contextlib.suppress(Exception):
                    tell(st.view(seat), score)

    # ----- making a match ------------------------------------------------------------

    @classmethod
    def new(cls, variant_id: str, options: dict[str, Any], seats: list[SeatSpec],
            seed: int | None = None, card_style: str = "symbols",
            speed: str = DEFAULT_SPEED, hints: bool = True) -> Session:
        variant = make_variant(variant_id, options, len(seats))
        if seed is None:  # short enough to note down and type in again
            seed = random.randrange(1, 1_000_000)
        match = Match(variant, dealer=variant.n_people - 1, seed=seed)
        session = cls(match, seats, card_style, speed, hints=hints)
        match.new_deal()
        return session

    # ----- queries -------------------------------------------------------------------

    @property
    def card_style(self) -> str:
        """How cards are drawn in this match: the setting applied to the variant's pack."""
        return table_style(self.card_setting, self.variant.pack_style)

    @card_style.setter
    def card_style(self, setting: str) -> None:
        self.card_setting = setting

    @property
    def variant(self) -> Variant:
        return self.match.variant

    @property
    def state(self) -> GameState:
        state = self.match.current
        assert state is not None
        return state

    @property
    def deal_number(self) -> int:
        return len(self.match.deals)

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
        """The seat whose player chooses for ``seat`` (itself, or a dummy's partner)."""
        if self.match.current is None:
            return seat
        return self.variant.controller(self.state, seat)

    def bot_for(self, seat: int) -> Bot:
        player = self.person_of(self.controller(seat))
        assert player is not None
        return self.bots[player]

    def humans(self) -> list[int]:
        """The seats where a person at this keyboard sits (not a dummy's)."""
        people = self.match.people()
        return [s for s, p in enumerate(people) if p is not None and self.people[p].is_human]

    def is_human(self, seat: int | None) -> bool:
        """Whether a person at this keyboard chooses the actions of ``seat``."""
        return seat is not None and self.seats[self.controller(seat)].is_human

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def shown_name(self, seat: int) -> str:  # "You" in the language in use
        return shown_name(self.seats[seat].name)

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the keyboard: each is named, nobody is "You"."""
        return sum(p.is_human for p in self.people) > 1

    def name_in(self, deal: int, seat: int) -> str:
        return seating.name_in(self, deal, seat)

    # ----- scores --------------------------------------------------------------------

    def scorer_of(self, seat: int) -> int:
        return seating.scorer_of(self, seat)

    def scorer_label(self, k: int) -> str:
        return seating.scorer_label(self, k)

    def scorer_team(self, k: int) -> int:
        return seating.scorer_team(self, k)

    def humans_and_bots(self, side: int) -> list[int]:
        """The seats of a side of the current deal that a player holds (not a dummy)."""
        people = self.match.people()
        return [seat for seat, p in enumerate(people)
                if p is not None and self.state.side_of[seat] == side]

    def deal_gains(self, score: DealScore) -> list[int]:
        """What each entry of the match's scores gains from the current deal's score."""
        return self.match.gains(len(self.match.deals) - 1, score)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees now: built once per position, however often the table asks
        (to draw it, to tell which keys apply, to hand it to a bot)."""
        return self.views.of(self.state, seat)

    def team_label(self, team: int) -> str:
        return seating.team_label(self, team)

    def team_members(self, team: int) -> list[str]:
        return seating.team_members(self, team)

    # ----- acting --------------------------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> Played:
        """Apply an action of ``seat``, which must be the seat to act (the engine raises
        ``IllegalAction``); without ``seat``, for whoever is to act."""
        played = act(self.state, action, seat)
        self.moves += 1
        return played

    # ----- taking back -----------------------------------------------------------------

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person playing against bots, never between people."""
        return sum(p.is_human for p in self.people) == 1

    def undo_point(self) -> int | None:
        """How many of the current deal's actions stay when the person takes back their
        last action (the bots' replies after it go too); None when there is nothing to
        take back: undo not allowed, the deal over, or no action of the person's yet. The
        deal keeps who took each action (``GameState.actors``): nothing is replayed."""
        st = self.state
        if not self.undo_allowed or st.is_over() or not st.history:
            return None
        actors = st.actors
        if len(actors) != len(st.history):  # a deal played on unchecked: count once
            replay = self.fresh_deal()
            for action in st.history:
                replay.apply(action)
            actors = st.actors = replay.actors
        return next((k for k in range(len(actors) - 1, -1, -1) if self.is_human(actors[k])),
                    None)

    def fresh_deal(self) -> GameState:
        """The current deal as it was dealt, before any action (as the match made it)."""
        st = self.state
        return GameState(st.variant, st.dealer, st.seed, st.layout_given, context=st.context)

    def undo(self) -> list[int]:
        """Take back the person's last action and everything after it; returns the actions
        taken back (none when ``undo_point`` says there is nothing to take back). The deal
        is rebuilt from its seed and the actions that stay, and the record keeps the undo."""
        point = self.undo_point()
        if point is None:
            return []
        st = self.state
        taken = st.history[point:]
        fresh = self.fresh_deal()
        for action in st.history[:point]:
            fresh.apply(action)
        self.match.deals[-1] = fresh
        self.moves += 1
        names = st.variant.signal_names
        self.undone.setdefault(len(self.match.deals) - 1, []).append(
            Undo(point, [action_str(a, names) for a in taken]))
        return taken

    def finish_deal(self) -> DealScore:
        return self.match.finish_deal()

    def next_deal(self) -> GameState:
        return self.match.new_deal()
