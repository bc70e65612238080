"""The list of past matches without its screen: the filters chosen (game, opponent, a period
or one day), the matches they let through, newest first, what to say when none do, and a
match written as a record file. ``HistoryScreen`` draws it and sends it the player's
choices."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from ...history.listing import MatchRow, export_text, list_matches
from ...history.stats import PERIODS
from ...history.store import Store
from ...lang import _

LIMIT = 500  # matches listed at once (the filters reach older ones)
GAME, OPPONENT, PERIOD = "history-game", "history-opponent", "history-period"


class PastMatches:
    """The filters of the list of past matches, and the matches they let through."""

    def __init__(self, today: date | None = None) -> None:
        self.today = today
        self.variant: str | None = None
        self.opponents: str | None = None
        self.period = "all"
        self.day: str | None = None
        self.rows: list[MatchRow] = []
        self.total = 0  # matches in the whole history, when none passed the filters

    def choose(self, which: str, value: str | None) -> bool:
        """A filter's choice (``GAME``, ``OPPONENT``, ``PERIOD``; None: any); False when
        ``which`` is not one of them, or not a period."""
        if which == GAME:
            self.variant = value
        elif which == OPPONENT:
            self.opponents = value
        elif which == PERIOD and value in PERIODS:
            self.period = value
        else:
            return False
        return True

    def set_day(self, text: str) -> bool:
        """One day's matches (``YYYY-MM-DD``), or every day's when ``text`` is blank; False
        (and the filter unchanged) when ``text`` is not a day."""
        text = text.strip()
        if not text:
            self.day = None
            return True
        try:
            self.day = date.fromisoformat(text).isoformat()
        except ValueError:
            return False
        return True

    def since_until(self) -> tuple[str | None, str | None]:
        """The first and last day the filters let through (None: no bound)."""
        if self.day:
            return self.day, self.day
        days = PERIODS.get(self.period)
        if days is None:
            return None, None
        today = self.today or date.today()
        return (today - timedelta(days=days - 1)).isoformat(), today.isoformat()

    def load(self, store: Store) -> list[MatchRow]:
        """The matches the filters let through, newest first (raises ``sqlite3.Error``)."""
        since, until = self.since_until()
        self.rows = list_matches(store, self.variant, self.opponents, since, until,
                                 limit=LIMIT)
        self.total = store.count() if not self.rows else len(self.rows)
        return self.rows

    def empty_text(self) -> str | None:
        """What the list says when it lists nothing (None when it lists matches)."""
        if self.rows:
            return None
        if self.total:
            return _("No matches match these filters.")
        return _("No matches yet: every match played at this table is kept here, deal by "
                 "deal.")


def export_match(store: Store, folder: Path, match_id: int) -> Path:
    """Write match ``match_id`` as a record file in ``folder`` (made if need be); the file
    written. Raises ``ExportError``, ``OSError`` or ``sqlite3.Error``."""
    target = folder / f"match-{match_id}.json"
    text = export_text(store, match_id)
    folder.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target
