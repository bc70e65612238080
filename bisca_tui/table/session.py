"""One match at the table: who sits where, the engine's match, the bots, the saved record.

This module holds no widgets. The table screen asks it what to show and hands it the actions
people choose; every rule (whose turn, what is legal, what a deal is worth) comes from the
engine.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from ..bots.base import Bot, bot_levels, make_bot
from ..engine.actions import action_str
from ..engine.match import Match
from ..engine.records import Record, Undo, record_of_match, replay_record
from ..engine.state import GameState
from ..engine.variant import DealScore, Variant, make_variant
from ..engine.view import SeatView
from .settings import ALL_CARD_STYLES, DEFAULT_SPEED, SPEEDS, table_style  # noqa: F401 (the screens import them here)

if TYPE_CHECKING:
    from ..history.entry import MatchEntry

HUMAN = "human"
BOT = "bot"

BOT_NAMES = ("Rui", "Inês", "Tiago", "Marta", "Nuno", "Sofia", "Vasco", "Leonor")



PROGRAM_PREFIX = "cmd:"


@dataclass
class SeatSpec:
    """Who sits in a seat: a person at this keyboard or a bot of some level.

    A seat whose outside program (level ``cmd:COMMAND``) was replaced by a built-in
    stand-in keeps the program's level in ``program``, the deal where the stand-in took
    over (counted from 0) in ``stand_in_from``, and the stand-in's level in ``level``.
    """

    kind: str
    name: str
    level: str = ""
    program: str = ""
    stand_in_from: int | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def command(self) -> str | None:
        """The command line of the outside program that plays the seat, if any."""
        if self.is_human or not self.level.startswith(PROGRAM_PREFIX):
            return None
        return self.level[len(PROGRAM_PREFIX):]


def default_level() -> str:
    levels = bot_levels()
    return "medium" if "medium" in levels else levels[0]


def default_seats(n: int, level: str | None = None) -> list[SeatSpec]:
    lvl = level or default_level()
    seats = [SeatSpec(HUMAN, "You")]
    for s in range(1, n):
        seats.append(SeatSpec(BOT, BOT_NAMES[(s - 1) % len(BOT_NAMES)], lvl))
    return seats


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
        self._undo_point: tuple[tuple[int, int], int | None] | None = None
        self.bots: dict[int, Bot] = {}  # by player
        self.bot_problems: list[str] = []
        # told when a bot is replaced mid-match; it may be called from a bot's thread
        self.on_bot_notice: Callable[[int, str], None] | None = None
        self.closed = False
        # the match in the game history: the same id across saves and resumes
        self.history_id = uuid.uuid4().hex
        self.started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.history_seq = 0  # how many times it was written: a later write replaces
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
            why = ("outside programs are not allowed at this table"
                   if not self.programs_allowed else "its program was not confirmed")
            level = default_level()
            self.bot_problems.append(f"{spec.name}: {why}; the built-in {level} bot plays "
                                     "its seat.")
            self.stand_in(player, level)
            return make_bot(level, seed)
        try:
            bot = make_bot(spec.level, seed)
        except (ValueError, OSError) as e:
            fallback = bot_levels()[0]
            self.bot_problems.append(f"{spec.name}: {e}; playing at level {fallback}")
            spec.level = fallback
            return make_bot(fallback, seed)
        notice = getattr(bot, "notice", None)
        if notice:  # an external program that could not even start
            self.bot_problems.append(f"{spec.name}: {notice}")
            self.stand_in(player, getattr(bot, "fallback_level", default_level()))
        elif hasattr(bot, "on_notice"):
            bot.on_notice = lambda text, p=player, b=bot: self._bot_notice(
                self.seat_of(p), text, p, getattr(b, "fallback_level", ""))
        return bot

    def stand_in(self, player: int, level: str) -> None:
        """Note that a built-in bot of ``level`` plays for a seat's outside program from the
        current deal on (what the deal summary, the save and the history say)."""
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

    @classmethod
    def from_saved(cls, record: Record, table: dict[str, Any]) -> Session:
        """Rebuild a match from its record; ``table`` holds the seats and settings."""
        match = replay_record(record)
        seats = seats_from_json(table.get("seats"), len(record.players), record.players)
        hide_points = table.get("hide_points", False)  # older saves: points shown
        if not isinstance(hide_points, bool):
            raise ValueError("table.hide_points must be true or false")
        hints = table.get("hints", True)  # older saves: hints allowed
        if not isinstance(hints, bool):
            raise ValueError("table.hints must be true or false")
        style = str(table.get("card_style", "symbols"))
        session = cls(match, seats, style, str(table.get("speed", DEFAULT_SPEED)), hide_points,
                      hints)
        if style not in ALL_CARD_STYLES:  # said, not silently changed
            session.card_setting = "symbols"
            session.bot_problems.append(
                f"the saved card style {style[:40]!r} is unknown: cards are drawn in the "
                "game's own pack")
        session.undone = {i: list(d.undone) for i, d in enumerate(record.deals) if d.undone}
        history_id, started = table.get("history_id"), table.get("started")
        if isinstance(history_id, str) and history_id.isalnum() and len(history_id) <= 64:
            session.history_id = history_id
        if isinstance(started, str) and len(started) <= 40:
            session.started = started
        if match.is_over():
            raise ValueError("the saved match is already over")
        if match.current is not None and match.current.is_over():
            match.finish_deal()
            if not match.is_over():
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
        """Who sits at each seat of the current deal; a dummy hand counts as its player's
        (kind and level) under the name "Dummy"."""
        people = self.match.people()
        out = []
        for seat, p in enumerate(people):
            if p is None:
                ctl = self.people[people[self.controller(seat)] or 0]
                out.append(SeatSpec(ctl.kind, "Dummy", ctl.level))
            else:
                out.append(self.people[p])
        return out

    def person_of(self, seat: int) -> int | None:
        """The player at a seat of the current deal (None: a dummy hand)."""
        return self.match.people()[seat]

    def seat_of(self, player: int) -> int | None:
        """A player's seat in the current deal (None: the dealer sitting it out)."""
        people = self.match.people()
        return people.index(player) if player in people else None

    def sitting_out(self) -> str | None:
        """The name of the player who dealt this deal and sits it out, if any."""
        p = self.match.sitting_out()
        return None if p is None else self.people[p].name

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

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the keyboard: each is named, nobody is "You"."""
        return sum(p.is_human for p in self.people) > 1

    def name_in(self, deal: int, seat: int) -> str:
        """Who sat at ``seat`` in deal ``deal`` (counted from 0): seats may change from
        deal to deal (a dealer sitting out, a dummy hand moving with the deal)."""
        if deal == len(self.match.deals) - 1:
            return self.name(seat)
        p = self.match.people(deal)[seat]
        return "Dummy" if p is None else self.people[p].name

    # ----- scores --------------------------------------------------------------------

    def scorer_of(self, seat: int) -> int:
        """The entry of the match's scores that ``seat`` plays for: its team's, or in a game
        scored player by player, its player's (a dummy's partner's)."""
        if self.variant.people_scores:
            player = self.person_of(self.controller(seat))
            assert player is not None
            return player
        return self.variant.team_of[seat]

    def scorer_label(self, k: int) -> str:
        if self.variant.people_scores:
            return self.people[k].name
        return self.team_label(k)

    def scorer_team(self, k: int) -> int:
        """The team colour a score entry is drawn in (a player's side in this deal)."""
        if self.variant.people_scores:
            seat = self.seat_of(k)
            return k if seat is None else self.variant.team_of[seat]
        return k

    def humans_and_bots(self, side: int) -> list[int]:
        """The seats of a side of the current deal that a player holds (not a dummy)."""
        people = self.match.people()
        return [seat for seat, p in enumerate(people)
                if p is not None and self.state.side_of[seat] == side]

    def deal_gains(self, score: DealScore) -> list[int]:
        """What each entry of the match's scores gains from the current deal's score."""
        return self.match.gains(len(self.match.deals) - 1, score)

    def view(self, seat: int) -> SeatView:
        return self.state.view(seat)

    def team_label(self, team: int) -> str:
        """Teams by name: the player's own name with two players, else A, B, C..."""
        v = self.variant
        if v.n_teams == v.n:
            return self.name(v.team_of.index(team))
        return "AB"[team] if team < 2 else chr(ord("A") + team)

    def team_members(self, team: int) -> list[str]:
        v = self.variant
        return [self.name(s) for s in range(v.n) if v.team_of[s] == team]

    # ----- acting --------------------------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action of ``seat``, which must be the seat to act (the engine raises
        ``IllegalAction``); without ``seat``, for whoever is to act."""
        self.state.apply(action, seat)
        self.moves += 1

    # ----- taking back -----------------------------------------------------------------

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person playing against bots, never between people."""
        return sum(p.is_human for p in self.people) == 1

    def undo_point(self) -> int | None:
        """How many of the current deal's actions stay when the person takes back their
        last action (the bots' replies after it go too); None when there is nothing to
        take back: undo not allowed, the deal over, or no action of the person's yet."""
        st = self.state
        if not self.undo_allowed or st.is_over() or not st.history:
            return None
        key = (self.deal_number, self.moves)
        if self._undo_point is not None and self._undo_point[0] == key:
            return self._undo_point[1]
        point = None
        replay = self.fresh_deal()
        for k, action in enumerate(st.history):
            if self.is_human(replay.current):
                point = k
            replay.apply(action)
        self._undo_point = (key, point)
        return point

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

    # ----- saving --------------------------------------------------------------------

    def record(self) -> Record:
        record = record_of_match(self.match, [s.name for s in self.people])
        for i, undone in self.undone.items():
            if i < len(record.deals):
                record.deals[i].undone = list(undone)
        return record

    def history_entry(self) -> MatchEntry:
        """The match as the game history keeps it: its finished deals, and the players'
        results once it is over."""
        from ..history.entry import match_entry

        ended = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        record = json.dumps(self.record().to_json(), ensure_ascii=False)
        self.history_seq += 1
        return match_entry(self.match, self.people, record, self.history_id, self.started,
                           ended)

    def save_text(self) -> str:
        """The match as a game record."""
        return self.record().dumps()

    def table_text(self) -> str:
        """Who sits where and the table's settings, kept beside the record."""
        data = {
            "seats": [asdict(s) for s in self.people],
            "card_style": self.card_setting,
            "speed": self.speed,
            "hide_points": self.hide_points,
            "history_id": self.history_id,
            "started": self.started,
            "hints": self.hints,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def named_apart(seats: list[SeatSpec]) -> list[SeatSpec]:
    """The seats, with each person named when two or more share the keyboard: a person
    called "You" (the new game form's first seat) becomes "Player N", so that the log, the
    status line and the hand-over say whose turn it is."""
    if sum(p.is_human for p in seats) < 2:
        return seats
    taken = {p.name for p in seats}
    out = []
    for k, spec in enumerate(seats):
        if spec.is_human and spec.name == "You":
            name, extra = f"Player {k + 1}", 1
            while name in taken:
                extra += 1
                name = f"Player {k + 1}.{extra}"
            taken.add(name)
            spec = replace(spec, name=name)
        out.append(spec)
    return out


def seats_from_json(raw: Any, n: int, names: list[str]) -> list[SeatSpec]:
    """Seats from a saved file; without a table section, the first seat is the person.

    Only what the table writes is taken: a person, a bot of a built-in level, an outside
    program (``cmd:COMMAND``, which the table starts only once confirmed), or a built-in
    stand-in for one. Anything else raises ``ValueError`` naming the field.
    """
    if raw is None:
        seats = default_seats(n, bot_levels()[0])
        for s, spec in enumerate(seats):
            spec.name = names[s]
        return seats
    if not isinstance(raw, list) or len(raw) != n:
        raise ValueError(f"table.seats must list {n} seats")
    levels = bot_levels()
    seats = []
    for i, item in enumerate(raw):
        field = f"table.seats[{i}]"
        if not isinstance(item, dict) or item.get("kind") not in (HUMAN, BOT):
            raise ValueError(f"{field} must say kind \"human\" or \"bot\"")
        unknown = sorted(set(item) - {"kind", "name", "level", "program", "stand_in_from"})
        if unknown:
            raise ValueError(f"{field} holds {_quoted(unknown[0])}, which the table never "
                             "writes")
        name = item.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"{field} has no name")
        level = item.get("level", "")
        program = item.get("program", "")
        since = item.get("stand_in_from")
        if not isinstance(level, str):
            raise ValueError(f"{field}.level must be a string")
        if item["kind"] == HUMAN:
            if level or program or since is not None:
                raise ValueError(f"{field} is a person, yet names a bot level")
        elif not (level in levels or _is_program(level)):
            raise ValueError(f"{field}.level {_quoted(level)} is not a bot level")
        if program or since is not None:
            if not _is_program(program):
                raise ValueError(f"{field}.program {_quoted(program)} is not an outside "
                                 "program")
            if level not in levels:
                raise ValueError(f"{field}.level {_quoted(level)} is not a built-in level")
            if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                raise ValueError(f"{field}.stand_in_from must be a deal number")
        seats.append(SeatSpec(item["kind"], name, level, program, since))
    return seats


def _is_program(level: Any) -> bool:
    return (isinstance(level, str) and level.startswith(PROGRAM_PREFIX)
            and bool(level[len(PROGRAM_PREFIX):].strip()))


def _quoted(value: Any) -> str:
    """A value from a file, quoted and cut short, for a one-line message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
