"""External bots: a program of your own plays a seat through the bot protocol.

The protocol (described in ``docs/bot-protocol.md``) is JSON lines over the program's standard
input and output, in the spirit of UCI for chess engines. The table starts the program, greets
it, tells it about each deal, asks it for one action at each decision of its seat (sending
only that seat's view), tells it when a deal is over, and finally asks it to quit.

A program that misbehaves never spoils the game. When it crashes, exits, answers too late,
prints something that is not a protocol message, or names an action that is not legal, the
``ExternalBot`` stops it, writes a readable ``notice`` (and calls ``on_notice``), and hands the
seat to a built-in bot for the rest of the match; the current decision still gets a legal
action.

The pipes are served by small daemon threads, so no read or write ever blocks the table: every
wait has a deadline.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO, Any

from ..engine.actions import action_str, parse_action
from ..engine.cards import SUITS, card_str
from ..engine.context import protocol_extra
from ..engine.variant import DealScore, Variant, make_variant
from ..engine.view import SeatView
from .base import Bot, RandomBot, bot_levels, make_bot

PROTOCOL_VERSION = 1
DEFAULT_TIME_LIMIT = 5.0
DEFAULT_START_TIMEOUT = 10.0
DEFAULT_FALLBACK = "medium"
QUIT_GRACE = 1.0  # seconds a program gets to leave on its own after "quit"
MAX_LINE = 1 << 16  # longest line accepted from a program, in bytes
# what a program may have written and the table not yet read (between decisions, say): more
# is a flood, and the program loses its seat
MAX_PENDING_LINES = 1000
MAX_PENDING_BYTES = 1 << 20
_TOO_LONG = b"\x00too long"
_FLOOD = b"\x00flood"

log = logging.getLogger(__name__)


# Kinds of failure, for programs that report them (the arena's ``--json``).
START = "start"  # the program could not be started
CRASH = "crash"  # it exited, crashed or closed its output
TIMEOUT = "timeout"  # it did not answer in time
GARBAGE = "garbage"  # it wrote something that is not the expected protocol message
ILLEGAL = "illegal"  # its answer is not an action, or not a legal one
PROTOCOL = "protocol"  # its greeting is not a hello, or names another protocol version
FAILURE_KINDS = (START, CRASH, TIMEOUT, GARBAGE, ILLEGAL, PROTOCOL)


class BotFailure(Exception):
    """Why a program lost its seat, in words fit for the player, and the kind of failure."""

    def __init__(self, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.kind = kind


# ----- serialising a seat's view -------------------------------------------------------------


def _cards(cards: Sequence[int]) -> list[str]:
    return [card_str(c) for c in cards]


def _card(card: int | None) -> str | None:
    return None if card is None else card_str(card)


def _plain(value: Any) -> Any:
    """A JSON-friendly copy of a house-rule value or a public variant fact."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


def view_to_json(view: SeatView, signal_names: Sequence[str] = ()) -> dict[str, Any]:
    """A seat's view as plain JSON data, cards and actions in the project's notation.

    Only fields of the ``SeatView`` are used, so nothing hidden from the seat can leak.
    """
    return {
        "seat": view.seat,
        "variant": view.variant,
        "options": {k: _plain(v) for k, v in view.options},
        "players": view.n_players,
        "teams": list(view.team_of),
        "dealer": view.dealer,
        "phase": view.phase,
        "current": view.current,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "trump": None if view.trump is None else SUITS[view.trump],
        "indicator": _card(view.indicator),
        "indicator_card": _card(view.indicator_card),
        "stock_count": view.stock_count,
        "leader": view.leader,
        "trick": [{"seat": s, "card": card_str(c)} for s, c in view.trick],
        "tricks": [
            {"leader": t.leader, "seats": list(t.seats), "cards": _cards(t.cards),
             "winner": t.winner, "points": t.points}
            for t in view.tricks
        ],
        "points": list(view.points),
        "known": [_cards(k) for k in view.known],
        "signals": [
            {"sender": s.sender, "name": s.name, "meaning": s.meaning, "gesture": s.gesture,
             "trick": s.trick, "intercepted": s.intercepted}
            for s in view.signals
        ],
        "score_events": [
            {"trick": e.trick, "team": e.team, "points": e.points, "reason": e.reason}
            for e in view.score_events
        ],
        "deal_game_points": list(view.deal_game_points),
        "legal": [action_str(a, signal_names) for a in view.legal],
        "extra": protocol_extra(view.cut_or_knock),
        "match_points": list(view.match_points),
        "target": view.target,
        "history_len": view.history_len,
    }


def result_to_json(result: DealScore) -> dict[str, Any]:
    return {
        "card_points": list(result.card_points),
        "tricks": list(result.tricks),
        "game_points": list(result.game_points),
        "notes": list(result.notes),
        "winner": result.winner,
        "ended_early": result.ended_early,
    }


def _variant_json(v: Variant) -> dict[str, Any]:
    return {
        "name": v.name,
        "family": v.family,
        "ranking": {"order": list(v.ranking.order), "points": dict(v.ranking.points_by_letter)},
        "hand_size": v.hand_size,
        "restriction": v.restriction,
        "signals": [{"name": s.name, "meaning": s.meaning, "gesture": s.gesture}
                    for s in v.signals],
    }


# ----- pipe threads (plain functions: they must not keep the bot alive) ---------------------


class _Inbox:
    """The lines read from a program and not yet taken by the table, within a bound.

    ``put`` refuses a line that would take the lines waiting over ``MAX_PENDING_LINES`` or
    their bytes over ``MAX_PENDING_BYTES``: it queues one ``_FLOOD`` mark instead, sets
    ``flooded``, and the reader stops reading (the program then blocks on its full pipe).
    Markers (``None`` for the end, ``_TOO_LONG``) always fit.
    """

    def __init__(self, max_lines: int = MAX_PENDING_LINES,
                 max_bytes: int = MAX_PENDING_BYTES) -> None:
        self.max_lines = max_lines
        self.max_bytes = max_bytes
        self.flooded = threading.Event()
        self._items: deque[bytes | None] = deque()
        self._bytes = 0
        self._ready = threading.Condition()

    def put(self, item: bytes | None) -> bool:
        """Queue ``item``; False when it did not fit (a flood: stop reading)."""
        with self._ready:
            if item is not None and item != _TOO_LONG:
                if (len(self._items) >= self.max_lines
                        or self._bytes + len(item) > self.max_bytes):
                    self._items.append(_FLOOD)
                    self.flooded.set()
                    self._ready.notify()
                    return False
                self._bytes += len(item)
            self._items.append(item)
            self._ready.notify()
            return True

    def get(self, timeout: float) -> bytes | None:
        """The next item, waiting at most ``timeout`` seconds (``queue.Empty`` after)."""
        with self._ready:
            if not self._ready.wait_for(lambda: bool(self._items), timeout=max(timeout, 0.0)):
                raise queue.Empty
            item = self._items.popleft()
            if item is not None and item not in (_TOO_LONG, _FLOOD):
                self._bytes -= len(item)
            return item

    @property
    def pending(self) -> tuple[int, int]:
        """How many lines, and bytes, wait to be taken."""
        with self._ready:
            return len(self._items), self._bytes


def _read_lines(stream: IO[bytes], out: _Inbox) -> None:
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                out.put(_TOO_LONG)
                break
            if not out.put(line):
                break
    except (OSError, ValueError):
        pass
    finally:
        out.put(None)
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _read_errors(stream: IO[bytes], tail: deque[str]) -> None:
    try:
        while True:
            line = stream.readline(4096)
            if not line:
                break
            text = line.decode("utf-8", "replace").rstrip()
            if text:
                tail.append(text)
    except (OSError, ValueError):
        pass
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _write_lines(stream: IO[bytes], inbox: queue.Queue[bytes | None]) -> None:
    try:
        while True:
            data = inbox.get()
            if data is None:
                break
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):
        pass
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _short(text: str, limit: int = 60) -> str:
    """A program's words as a notice quotes them: every character a terminal would act on
    (ESC, line breaks, bidirectional overrides) shown as its escape, at most ``limit`` long."""
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _clean_name(name: str) -> str:
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return _short(text, 40)


# ----- the bot -------------------------------------------------------------------------------


class ExternalBot(Bot):
    """A seat played by an outside program speaking the bot protocol.

    ``command`` is a command line (split like a shell would, without running one) or an
    argument list. ``time_limit`` bounds each decision and ``start_timeout`` the greeting, in
    seconds. ``fallback`` names the built-in level (or gives the bot) that takes over when the
    program fails; an unknown level falls back to ``random``. ``on_notice`` is called with the
    notice text when that happens; a program that cannot even start sets ``notice`` at
    construction, before any callback could be attached later, so check it too.
    """

    level = "external"
    description = ("A program of your own, started by the table, that plays through the bot "
                   "protocol (JSON lines on its standard input and output).")

    def __init__(
        self,
        command: str | Sequence[str],
        seed: int | None = None,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        fallback: str | Bot = DEFAULT_FALLBACK,
        on_notice: Callable[[str], None] | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        super().__init__(seed)
        self._closed = True  # until the program runs; read by __del__
        self.seed = seed
        if isinstance(command, str):
            try:
                self.argv = shlex.split(command)
            except ValueError:
                self.argv = []
            self.command = command
        else:
            self.argv = [str(a) for a in command]
            self.command = shlex.join(self.argv)
        self.name = os.path.basename(self.argv[0]) if self.argv else "external bot"
        self.author: str | None = None
        self.time_limit = float(time_limit)
        self.start_timeout = float(start_timeout)
        self.on_notice = on_notice
        self.notice: str | None = None
        self.failure: str | None = None  # why the program lost its seat, without the preamble
        self.failure_kind: str | None = None  # one of FAILURE_KINDS
        self.log: deque[str] = deque(maxlen=200)  # "log" messages from the program
        self.stderr_tail: deque[str] = deque(maxlen=50)  # last lines of its error output
        self._fallback_spec = fallback
        self.fallback_bot: Bot | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines = _Inbox()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        self._greeted = False
        self._variants: dict[tuple, Variant] = {}
        self._deal_key: tuple | None = None
        self._deal_open = False
        self._deals = 0
        self._last_history = -1
        self._last_tricks = 0
        self._last_played: set[int] = set()
        if not self.argv:
            self.command = "(no command)"
            self._fail("could not be started: the command names no program", START)
            return
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, env=env, bufsize=0,
                start_new_session=(os.name == "posix"),
            )
        except (OSError, ValueError) as e:
            reason = getattr(e, "strerror", None) or str(e)
            self._fail(f"could not be started ({reason})", START)
            return
        self._closed = False
        proc = self._proc
        assert proc.stdin and proc.stdout and proc.stderr
        for target, args in (
            (_read_lines, (proc.stdout, self._lines)),
            (_read_errors, (proc.stderr, self.stderr_tail)),
            (_write_lines, (proc.stdin, self._outbox)),
        ):
            t = threading.Thread(target=target, args=args, daemon=True,
                                 name=f"external-bot-{proc.pid}-{target.__name__}")
            t.start()
            self._threads.append(t)
        self._send({"type": "hello", "protocol": PROTOCOL_VERSION, "table": "bisca-tui",
                    "time_limit": self.time_limit})

    # ----- public ----------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """True while the program itself plays the seat."""
        return not self._closed and self.fallback_bot is None

    def handshake(self) -> bool:
        """Wait for the program's greeting (done lazily by ``choose``); False if it failed."""
        if self._greeted:
            return True
        if not self.active:
            return False
        try:
            self._greet()
        except BotFailure as f:
            self._fail(str(f), f.kind)
            return False
        return True

    def choose(self, view: SeatView) -> int:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if not self.active:
            return self._fallback(view)
        try:
            self._greet()
            names = self._variant(view).signal_names
            self._track_deal(view)
            legal = [action_str(a, names) for a in view.legal]
            self._send({"type": "decide", "view": view_to_json(view, names), "legal": legal,
                        "time_limit": self.time_limit})
            msg = self._receive(self.time_limit, "choose an action")
            if msg.get("type", "action") != "action":
                raise BotFailure(f"answered a decision with a {msg.get('type')!r} message",
                                 GARBAGE)
            text = msg.get("action")
            if not isinstance(text, str):
                raise BotFailure(f"sent an answer without an action: {_short(json.dumps(msg))}",
                                 GARBAGE)
            try:
                action = parse_action(text, names)
            except ValueError as e:
                raise BotFailure(
                    f"answered {_short(text)!r}, which is not an action: {e}", ILLEGAL) from None
            if action not in view.legal:
                raise BotFailure(f"answered {_short(text)!r}, which is not legal now "
                                 f"(legal: {', '.join(legal)})", ILLEGAL)
            return action
        except BotFailure as f:
            self._fail(str(f), f.kind)
            return self._fallback(view)

    def deal_over(self, view: SeatView, result: DealScore | None = None) -> None:
        """Tell the program that the deal is over (the table calls this when it can).

        ``view`` is this seat's final view; ``result`` the deal's score. No answer is awaited.
        """
        if not self.active or not self._greeted:
            return
        if not self._deal_open or self._key(view) != self._deal_key:
            return
        names = self._variant(view).signal_names
        self._send({"type": "deal_end", "view": view_to_json(view, names),
                    "result": None if result is None else result_to_json(result)})
        self._deal_open = False
        self._deal_key = None  # whatever comes next is a new deal

    def close(self) -> None:
        """Ask the program to quit, give it a moment, then stop it for good."""
        if self._closed:
            return
        self._closed = True
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            if self._greeted and self._deal_open:
                self._send({"type": "deal_end", "view": None, "result": None})
            self._send({"type": "quit"})
        self._outbox.put(None)  # closes its standard input after the last message
        if proc.poll() is None:
            try:
                proc.wait(timeout=QUIT_GRACE)
            except subprocess.TimeoutExpired:
                self._kill()
        self._finish()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not self._closed:
                self._closed = True
                self._kill()
        except Exception:  # never raise from a finaliser
            pass

    # ----- protocol ----------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        self._outbox.put((json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))

    def _greet(self) -> None:
        if self._greeted:
            return
        msg = self._receive(self.start_timeout, "answer the greeting")
        if msg.get("type") != "hello":
            raise BotFailure(f"answered the greeting with {_short(json.dumps(msg))} instead "
                             "of a hello", PROTOCOL)
        version = msg.get("protocol", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION:
            raise BotFailure(f"speaks protocol {version!r}; the table speaks "
                             f"{PROTOCOL_VERSION}", PROTOCOL)
        name = msg.get("name")
        if isinstance(name, str) and _clean_name(name):
            self.name = _clean_name(name)
        author = msg.get("author")
        if isinstance(author, str) and _clean_name(author):
            self.author = _clean_name(author)
        self._greeted = True

    def _receive(self, timeout: float, doing: str) -> dict[str, Any]:
        """The next message from the program; ``log`` messages are kept, blank lines skipped."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(max(left, 0.0))
            except queue.Empty:
                raise BotFailure(f"did not {doing} within {timeout:g} s", TIMEOUT) from None
            if line is None:
                raise BotFailure(self._exit_reason(), CRASH)
            if line == _TOO_LONG:
                raise BotFailure(f"sent a line longer than {MAX_LINE} bytes", GARBAGE)
            if line == _FLOOD:
                raise BotFailure(f"wrote more than {MAX_PENDING_LINES} lines or "
                                 f"{MAX_PENDING_BYTES // 1024} KiB that nobody asked for",
                                 GARBAGE)
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                msg = json.loads(text)
            except ValueError:
                raise BotFailure(f"sent a line that is not JSON: {_short(text)!r}",
                                 GARBAGE) from None
            if not isinstance(msg, dict):
                raise BotFailure(f"sent {_short(text)!r}, which is not a JSON object", GARBAGE)
            if msg.get("type") == "log":
                self.log.append(_short(str(msg.get("text", "")), 500))
                continue
            return msg

    def _exit_reason(self) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                code = None
        if len(self._threads) > 1:  # let the error reader catch the program's last words
            self._threads[1].join(timeout=0.5)
        last = self.stderr_tail[-1] if self.stderr_tail else ""
        tail = f": {_short(last, 120)}" if last else ""
        if code is None:
            return f"closed its output{tail}"
        if code == 0:
            return f"exited in the middle of the match{tail}"
        if code < 0:
            return f"was stopped by signal {-code}{tail}"
        return f"crashed (exit code {code}){tail}"

    def _variant(self, view: SeatView) -> Variant:
        key = (view.variant, view.options, view.n_players)
        v = self._variants.get(key)
        if v is None:
            v = make_variant(view.variant, dict(view.options), view.n_players)
            self._variants[key] = v
        return v

    @staticmethod
    def _key(view: SeatView) -> tuple:
        return (view.seat, view.variant, view.options, view.n_players, view.dealer,
                view.match_points, view.target)

    def _track_deal(self, view: SeatView) -> None:
        """Send ``deal`` when this view belongs to a deal the program has not heard of.

        Within one deal the history only grows and played cards stay played; a view that
        breaks either, or comes from another seat, dealer or match score, starts a new deal.
        """
        played = view.played_cards()
        key = self._key(view)
        new = (
            key != self._deal_key
            or view.history_len <= self._last_history
            or len(view.tricks) < self._last_tricks
            or not played >= self._last_played
        )
        if new:
            if self._deal_open:
                self._send({"type": "deal_end", "view": None, "result": None})
            self._deals += 1
            message: dict[str, Any] = {
                "type": "deal", "deal": self._deals, "variant": view.variant,
                "options": {k: _plain(val) for k, val in view.options},
                "players": view.n_players, "seat": view.seat, "teams": list(view.team_of),
                "dealer": view.dealer, "match_points": list(view.match_points),
                "target": view.target, "time_limit": self.time_limit,
            }
            message.update(_variant_json(self._variant(view)))
            self._send(message)
            self._deal_key = key
            self._deal_open = True
        self._last_history = view.history_len
        self._last_tricks = len(view.tricks)
        self._last_played = played

    # ----- failure -----------------------------------------------------------------------

    def _fallback(self, view: SeatView) -> int:
        if self.fallback_bot is None:
            self.fallback_bot = self._make_fallback()
        return self.fallback_bot.choose(view)

    def _make_fallback(self) -> Bot:
        spec = self._fallback_spec
        if isinstance(spec, Bot):
            return spec
        if spec in bot_levels() and not spec.startswith("cmd:"):
            return make_bot(spec, self.seed)
        return RandomBot(self.seed)

    @property
    def fallback_level(self) -> str:
        """The built-in level that takes (or would take) the seat."""
        if self.fallback_bot is not None:
            return self.fallback_bot.level
        spec = self._fallback_spec
        if isinstance(spec, Bot):
            return spec.level
        return spec if spec in bot_levels() and not spec.startswith("cmd:") else "random"

    def _fail(self, reason: str, kind: str) -> None:
        self.failure = reason
        self.failure_kind = kind
        self.fallback_bot = self._make_fallback()
        who = self.name if self._greeted else _short(self.command)
        self.notice = (f"External bot {who!r} {reason}. The built-in "
                       f"{self.fallback_bot.level} bot plays its seat for the rest of the match.")
        was_open = not self._closed
        self._closed = True
        if was_open:
            self._kill()
            self._finish()
        if self.on_notice is not None:
            try:
                self.on_notice(self.notice)
            except Exception:  # a broken listener must not stop the game
                log.exception("on_notice callback failed")

    def _kill(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._outbox.put(None)
        if proc.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)
                else:
                    proc.kill()
            except (ProcessLookupError, PermissionError, OSError):
                with contextlib.suppress(OSError):
                    proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=2.0)

    def _finish(self) -> None:
        for t in self._threads:
            t.join(timeout=0.5)
