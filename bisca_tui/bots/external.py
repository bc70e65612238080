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

import json
import logging
import os
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import action_str, parse_action
from ..engine.narrate.programs import PROGRAMS
from ..engine.narrate.sayings import Failure, told, words
from ..engine.variant import DealScore, Variant, make_variant
from ..engine.view import SeatView
from .base import Bot, RandomBot, bot_levels, make_bot
from .pipes import (
    FLOOD,
    MAX_LINE,
    MAX_PENDING_BYTES,
    MAX_PENDING_LINES,
    TOO_LONG,
    Inbox,
    exit_reason,
    kill_process,
    split_command,
    start_pipes,
)
from .protocol import (
    CRASH,
    GARBAGE,
    ILLEGAL,
    PROTOCOL,
    PROTOCOL_VERSION,
    START,
    TIMEOUT,
    BotFailure,
    clean_name,
    deal_to_json,
    result_to_json,
    short,
    view_to_json,
)

DEFAULT_TIME_LIMIT = 5.0
DEFAULT_START_TIMEOUT = 10.0
DEFAULT_FALLBACK = "medium"
QUIT_GRACE = 1.0  # seconds a program gets to leave on its own after "quit"

log = logging.getLogger(__name__)


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
        self.argv, self.command = split_command(command)
        self.name = os.path.basename(self.argv[0]) if self.argv else "external bot"
        self.author: str | None = None
        self.time_limit = float(time_limit)
        self.start_timeout = float(start_timeout)
        self.on_notice = on_notice
        self.notice: str | None = None
        self.failure: str | None = None  # why the program lost its seat, without the preamble
        self.failure_said: Failure | None = None  # the same, to tell in the reader's language
        self.failure_kind: str | None = None  # one of FAILURE_KINDS
        self.log: deque[str] = deque(maxlen=200)  # "log" messages from the program
        self.stderr_tail: deque[str] = deque(maxlen=50)  # last lines of its error output
        self._fallback_spec = fallback
        self.fallback_bot: Bot | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines = Inbox()
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
            self._fail(Failure("start.nothing"), START)
            return
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, env=env, bufsize=0,
                start_new_session=(os.name == "posix"),
            )
        except (OSError, ValueError) as e:
            reason = getattr(e, "strerror", None) or str(e)
            self._fail(Failure("start", reason=reason), START)
            return
        self._closed = False
        self._threads = start_pipes(self._proc, self._lines, self.stderr_tail, self._outbox)
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
            self._fail(f.said, f.kind)
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
            msg = self._receive(self.time_limit, "choice")
            if msg.get("type", "action") != "action":
                raise BotFailure(Failure("reply.kind", kind=repr(msg.get("type"))), GARBAGE)
            text = msg.get("action")
            if not isinstance(text, str):
                raise BotFailure(Failure("reply.empty", text=short(json.dumps(msg))), GARBAGE)
            try:
                action = parse_action(text, names)
            except ValueError as e:
                raise BotFailure(Failure("reply.not_action", text=repr(short(text)), error=e),
                                 ILLEGAL) from None
            if action not in view.legal:
                raise BotFailure(Failure("reply.illegal", text=repr(short(text)),
                                         legal=", ".join(legal)), ILLEGAL)
            return action
        except BotFailure as f:
            self._fail(f.said, f.kind)
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
        msg = self._receive(self.start_timeout, "greeting")
        if msg.get("type") != "hello":
            raise BotFailure(Failure("greeting", text=short(json.dumps(msg))), PROTOCOL)
        version = msg.get("protocol", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION:
            raise BotFailure(Failure("version", version=repr(version), ours=PROTOCOL_VERSION),
                             PROTOCOL)
        name = msg.get("name")
        if isinstance(name, str) and clean_name(name):
            self.name = clean_name(name)
        author = msg.get("author")
        if isinstance(author, str) and clean_name(author):
            self.author = clean_name(author)
        self._greeted = True

    def _receive(self, timeout: float, doing: str) -> dict[str, Any]:
        """The next message from the program; ``log`` messages are kept, blank lines skipped."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(max(left, 0.0))
            except queue.Empty:
                raise BotFailure(Failure(f"timeout.{doing}", seconds=f"{timeout:g}"),
                                 TIMEOUT) from None
            if line is None:
                raise BotFailure(exit_reason(self._proc, self._threads, self.stderr_tail), CRASH)
            if line == TOO_LONG:
                raise BotFailure(Failure("too_long", limit=MAX_LINE), GARBAGE)
            if line == FLOOD:
                raise BotFailure(Failure("flood", lines=MAX_PENDING_LINES,
                                         kib=MAX_PENDING_BYTES // 1024), GARBAGE)
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                msg = json.loads(text)
            except ValueError:
                raise BotFailure(Failure("not_json", text=repr(short(text))), GARBAGE) from None
            if not isinstance(msg, dict):
                raise BotFailure(Failure("not_object", text=repr(short(text))), GARBAGE)
            if msg.get("type") == "log":
                self.log.append(short(str(msg.get("text", "")), 500))
                continue
            return msg

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
            self._send(deal_to_json(view, self._deals, self.time_limit, self._variant(view)))
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

    def _fail(self, reason: Failure, kind: str) -> None:
        self.failure = words(reason, english=True)
        self.failure_said = reason
        self.failure_kind = kind
        self.fallback_bot = self._make_fallback()
        who = self.name if self._greeted else short(self.command)
        level = self.fallback_bot.level
        key = f"notice.{level}" if f"notice.{level}" in PROGRAMS else "notice"
        self.notice = told(Failure(key, who=repr(who), reason=reason, level=level))
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
        kill_process(proc)

    def _finish(self) -> None:
        for t in self._threads:
            t.join(timeout=0.5)
