"""Statistics from the game history, for one person: per game and per kind of opponent,
the matches and deals played and won, the win rate with its 95% interval, the average card
points, capotes and sweeps (see ``entry.py`` for how a deal counts), and the longest runs of
matches won and lost; the win rate over time and the card points per deal, for charts.

Everything is computed by ``compute`` from the store into frozen dataclasses; nothing here
draws. A person is known by the name they played under (there are no accounts): each person
at a hot-seat table has statistics of their own.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from datetime import date, timedelta
from typing import Any

from ..lang import _, number, pgettext
from .entry import HUMAN, LOST, WON
from .store import Store

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
CHART_POINTS = 200  # at most this many points in a chart: the newest deals, every n-th match

PERIODS = {"all": None, "week": 7, "month": 30, "year": 365}


@dataclass(frozen=True)
class Filters:
    """Which matches count: the person (None: who played most), a game, a kind of
    opponent (``human``, ``bot:LEVEL``, ``program``, ``mixed``), and days from ``since`` to
    ``until`` (ISO dates, both included)."""

    player: str | None = None
    variant: str | None = None
    opponents: str | None = None
    since: str | None = None
    until: str | None = None


@dataclass(frozen=True)
class Rate:
    """``won`` out of ``played``, with the share and its 95% interval (Wilson's)."""

    won: int
    played: int

    @property
    def rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.won, self.played)


@dataclass(frozen=True)
class Line:
    """The figures of one game, one kind of opponent, or everything (``key`` None)."""

    key: str | None
    label: str
    matches: Rate
    deals: Rate
    average_points: float | None
    capotes: int
    sweeps: int
    longest_wins: int
    longest_losses: int
    levels: int = 0  # matches that ended level


@dataclass(frozen=True)
class Stats:
    player: str | None
    players: tuple[str, ...]  # everyone who played in person, most matches first
    filters: Filters
    total: Line
    by_game: tuple[Line, ...]
    by_opponent: tuple[Line, ...]
    games: tuple[str, ...] = ()  # the games and opponents found, for the filters
    opponents: tuple[str, ...] = ()
    # (the day a match ended, the share of matches won up to it)
    rate_over_time: tuple[tuple[str, float], ...] = ()
    # the side's card points in each of the last CHART_POINTS deals, oldest first
    points_per_deal: tuple[float, ...] = field(default=())

    @property
    def empty(self) -> bool:
        return self.total.deals.played == 0 and self.total.matches.played == 0


def wilson(won: int, played: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson's score interval for a share of ``won`` in ``played``."""
    if played <= 0:
        return None
    p = won / played
    d = 1 + z * z / played
    centre = (p + z * z / (2 * played)) / d
    half = z * math.sqrt(p * (1 - p) / played + z * z / (4 * played * played)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def game_name(variant: str) -> str:
    """A game of the history by its name in the language in use (its id when this version
    does not know it)."""
    from ..engine.spoken import game_name as spoken_name
    from ..engine.variant import variant_class

    try:
        return spoken_name(variant_class(variant))
    except Exception:  # a game this version does not know
        return variant


def level_word(level: str) -> str:
    """A bot level in a word, in the language in use (as the card table says it)."""
    words = {
        "random": pgettext("bot level", "random"),
        "easy": pgettext("bot level", "easy"),
        "medium": pgettext("bot level", "medium"),
        "hard": pgettext("bot level", "hard"),
    }
    return words.get(level, level)


def opponent_label(key: str | None) -> str:
    """A kind of opponent in words, in the language in use (the card table's words)."""
    if key is None:
        return _("Everyone")
    if key == HUMAN:
        return _("People")
    if key == "program":
        return _("Programs")
    if key == "mixed":
        return _("Mixed tables")
    if key.startswith("bot:"):
        level = level_word(key[4:])
        return _("{level} bots").format(level=level[:1].upper() + level[1:])
    return key


def period_filters(filters: Filters, period: str, today: date | None = None) -> Filters:
    """``filters`` for the last week, month or year up to ``today`` ("all": every day)."""
    days = PERIODS.get(period)
    if days is None:
        return replace(filters, since=None, until=None)
    today = today or date.today()
    return replace(filters, since=(today - timedelta(days=days - 1)).isoformat(),
                   until=today.isoformat())


def people(store: Store) -> list[str]:
    """The names played under in person, most matches first."""
    rows = store.query("SELECT name, count(*) FROM match_players WHERE kind = ? "
                       "GROUP BY name ORDER BY count(*) DESC, name", (HUMAN,))
    return [r[0] for r in rows]


def _where(f: Filters, player: str) -> tuple[str, list[Any]]:
    sql = ["mp.name = ?", "mp.kind = ?"]
    args: list[Any] = [player, HUMAN]
    if f.variant:
        sql.append("m.variant = ?")
        args.append(f.variant)
    if f.opponents:
        sql.append("mp.opponents = ?")
        args.append(f.opponents)
    if f.since:
        sql.append("m.started >= ?")
        args.append(f.since)
    if f.until:
        sql.append("m.started < ?")
        args.append(_day_after(f.until))
    return " AND ".join(sql), args


def _day_after(day: str) -> str:
    try:
        return (date.fromisoformat(day[:10]) + timedelta(days=1)).isoformat()
    except ValueError:
        return day


class _Sums:
    """The running sums of one line, fed the rows of ``compute`` in the order matches
    ended: (id, player, game, opponents, result, day, deals played, deals won, card points,
    capotes, sweeps)."""

    __slots__ = ("matches", "won", "levels", "deals", "deals_won", "points", "capotes",
                 "sweeps", "run_w", "run_l", "best_w", "best_l")

    def __init__(self) -> None:
        self.matches = self.won = self.levels = self.deals = self.deals_won = 0
        self.points = self.capotes = self.sweeps = 0
        self.run_w = self.run_l = self.best_w = self.best_l = 0

    def add(self, r: tuple[Any, ...]) -> None:
        self.deals += r[6]
        self.deals_won += r[7]
        self.points += r[8]
        self.capotes += r[9]
        self.sweeps += r[10]
        result = r[4]
        if result is None:  # the match goes on
            return
        self.matches += 1
        if result == WON:
            self.won += 1
            self.run_w += 1
            self.run_l = 0
            if self.run_w > self.best_w:
                self.best_w = self.run_w
        elif result == LOST:
            self.run_l += 1
            self.run_w = 0
            if self.run_l > self.best_l:
                self.best_l = self.run_l
        else:
            self.levels += 1
            self.run_w = self.run_l = 0

    def line(self, key: str | None, label: str) -> Line:
        return Line(key, label, Rate(self.won, self.matches), Rate(self.deals_won, self.deals),
                    self.points / self.deals if self.deals else None, self.capotes,
                    self.sweeps, self.best_w, self.best_l, self.levels)


def compute(store: Store, filters: Filters = Filters()) -> Stats:
    """The statistics of ``filters.player`` (by default the person who played most)."""
    names = people(store)
    player = filters.player or (names[0] if names else None)
    if player is None:
        nothing = Line(None, _("All games"), Rate(0, 0), Rate(0, 0), None, 0, 0, 0, 0)
        return Stats(None, (), filters, nothing, (), ())
    where, args = _where(filters, player)
    # one row per match the person played, in the order the matches ended (a match that
    # goes on has no result yet, and counts for its deals only)
    rows = store.query(
        f"SELECT mp.match_id, mp.player, m.variant, mp.opponents, mp.result, "
        f"substr(coalesce(m.ended, m.started), 1, 10), mp.deals_played, mp.deals_won, "
        f"mp.points, mp.capotes, mp.sweeps FROM match_players mp "
        f"JOIN matches m ON m.id = mp.match_id WHERE {where} "
        f"ORDER BY coalesce(m.ended, m.started), m.id", args)

    total = _Sums()
    by_game: dict[str, _Sums] = {}
    by_kind: dict[str, _Sums] = {}
    for r in rows:  # one pass: a big history is thousands of rows
        for sums in (total, by_game.setdefault(r[2], _Sums()),
                     by_kind.setdefault(r[3], _Sums())):
            sums.add(r)
    games = sorted(by_game, key=game_name)
    kinds = sorted(by_kind, key=opponent_label)
    over_time: list[tuple[str, float]] = []
    won = finished = 0
    for r in rows:
        if r[4] is not None:
            finished += 1
            won += r[4] == WON
            over_time.append((r[5], won / finished))
    if len(over_time) > CHART_POINTS:
        step = math.ceil(len(over_time) / CHART_POINTS)
        over_time = over_time[::-1][::step][::-1]
    return Stats(
        player, tuple(names), replace(filters, player=player),
        total.line(None, _("All games")),
        tuple(by_game[g].line(g, game_name(g)) for g in games),
        tuple(by_kind[o].line(o, opponent_label(o)) for o in kinds),
        tuple(games), tuple(kinds), tuple(over_time), _recent_points(store, rows))


def _recent_points(store: Store, rows: list[tuple[Any, ...]]) -> tuple[float, ...]:
    """The person's side's card points in the last CHART_POINTS deals of ``rows``."""
    wanted: dict[int, int] = {}  # match id -> the person's place in it
    count = 0
    for r in reversed(rows):
        if count >= CHART_POINTS:
            break
        if r[6]:
            wanted[r[0]] = r[1]
            count += r[6]
    if not wanted:
        return ()
    order = {mid: k for k, mid in enumerate(reversed(list(wanted)))}
    ids = list(wanted)
    found = store.query(
        f"SELECT match_id, deal, player, card_points FROM deal_players WHERE match_id IN "
        f"({','.join('?' * len(ids))}) AND won IS NOT NULL", ids)
    points = sorted((order[mid], deal, pts) for mid, deal, player, pts in found
                    if wanted[mid] == player)
    return tuple(float(p) for _m, _d, p in points[-CHART_POINTS:])


def stats_json(stats: Stats) -> dict[str, Any]:
    """The statistics as plain JSON data, with each rate's share and interval."""

    def rate(r: Rate) -> dict[str, Any]:
        iv = r.interval
        return {"won": r.won, "played": r.played, "rate": r.rate,
                "interval95": list(iv) if iv else None}

    def line(ln: Line) -> dict[str, Any]:
        out = asdict(ln)
        out["matches"] = rate(ln.matches)
        out["deals"] = rate(ln.deals)
        return out

    return {
        "player": stats.player,
        "players": list(stats.players),
        "filters": asdict(stats.filters),
        "total": line(stats.total),
        "by_game": [line(ln) for ln in stats.by_game],
        "by_opponent": [line(ln) for ln in stats.by_opponent],
        "rate_over_time": [list(p) for p in stats.rate_over_time],
        "points_per_deal": list(stats.points_per_deal),
    }


def percent(r: Rate) -> str:
    """``57% (49-65%)``: a share and its 95% interval, or a dash when nothing was played."""
    iv = r.interval
    if r.rate is None or iv is None:
        return "–"
    return f"{100 * r.rate:.0f}% ({100 * iv[0]:.0f}–{100 * iv[1]:.0f}%)"


def _columns() -> list[tuple[str, int]]:
    """The headings of ``bisca-tui stats``' columns in the language in use, each with the
    least width of its column (the rows' labels have none)."""
    return [
        ("", 26),
        (pgettext("stats column", "matches"), 8),
        (pgettext("stats column", "won"), 5),
        (pgettext("stats column", "win rate (95%)"), 16),
        (pgettext("stats column", "deals"), 7),
        (pgettext("stats column", "won"), 6),
        # translators: a column: the average card points per deal
        (pgettext("stats column", "avg pts"), 8),
        (pgettext("stats column", "capotes"), 8),
        (pgettext("stats column", "sweeps"), 7),
        # translators: a column: the longest runs of matches won and lost (W/L)
        (pgettext("stats column", "runs W/L"), 9),
    ]


def table_lines(stats: Stats) -> list[str]:
    """The statistics as lines of plain text (``bisca-tui stats``)."""
    columns = _columns()
    widths = [max(w, len(h)) for h, w in columns]
    head = " ".join(f"{h:<{widths[0]}}" if k == 0 else f"{h:>{widths[k]}}"
                    for k, (h, _w) in enumerate(columns))

    def row(ln: Line) -> str:
        avg = ("–" if ln.average_points is None
               else number(float(f"{ln.average_points:.1f}"), 1))
        cells = [ln.matches.played, ln.matches.won, percent(ln.matches), ln.deals.played,
                 ln.deals.won, avg, ln.capotes, ln.sweeps,
                 f"{ln.longest_wins}/{ln.longest_losses}"]
        return " ".join([f"{ln.label[:26]:<{widths[0]}}",
                         *(f"{cell:>{w}}" for cell, w in zip(cells, widths[1:], strict=True))])

    out = [head, row(stats.total)]
    if stats.by_game:
        out += ["", _("By game")] + [row(ln) for ln in stats.by_game]
    if stats.by_opponent:
        out += ["", _("By opponent")] + [row(ln) for ln in stats.by_opponent]
    return out
