"""What the table says when an outside bot program loses its seat, a part of the one table of
the game's sentences (``messages.MESSAGES``): each reason as a phrase that follows the
program's name ("… crashed (exit code 1)"), and the notice that names the program, the
reason and the built-in bot that plays on.

A reason is kept as a ``Failure`` value (``sayings``): the arena's JSON and the logs take its
English words, the table tells it in the language of the person reading. A program's own words
(its output, its error line) are quoted as they came, made safe to show by the caller.
"""

from __future__ import annotations

__all__ = ["PROGRAMS"]

PROGRAMS: dict[str, str] = {
    # could not run at all
    "start.nothing": "could not be started: the command names no program",
    "start": "could not be started ({reason})",
    # its answer to the greeting, or to a decision
    "greeting": "answered the greeting with {text} instead of a hello",
    "version": "speaks protocol {version}; the table speaks {ours}",
    "reply.kind": "answered a decision with a {kind} message",
    "reply.empty": "sent an answer without an action: {text}",
    "reply.not_action": "answered {text}, which is not an action: {error}",
    "reply.illegal": "answered {text}, which is not legal now (legal: {legal})",
    # too slow, or gone
    "timeout.greeting": "did not answer the greeting within {seconds} s",
    "timeout.choice": "did not choose an action within {seconds} s",
    "closed": "closed its output",
    "closed.said": "closed its output: {last}",
    "exited": "exited in the middle of the match",
    "exited.said": "exited in the middle of the match: {last}",
    "signal": "was stopped by signal {signal}",
    "signal.said": "was stopped by signal {signal}: {last}",
    "crashed": "crashed (exit code {code})",
    "crashed.said": "crashed (exit code {code}): {last}",
    # what it wrote
    "too_long": "sent a line longer than {limit} bytes",
    "flood": "wrote more than {lines} lines or {kib} KiB that nobody asked for",
    "not_json": "sent a line that is not JSON: {text}",
    "not_object": "sent {text}, which is not a JSON object",
    # the notice: the program named, why it lost the seat, and who plays on
    "notice": "External bot {who} {reason}. The built-in {level} bot plays its seat for "
              "the rest of the match.",
    "notice.random": "External bot {who} {reason}. The built-in random bot plays its seat "
                     "for the rest of the match.",
    "notice.easy": "External bot {who} {reason}. The built-in easy bot plays its seat for "
                   "the rest of the match.",
    "notice.medium": "External bot {who} {reason}. The built-in medium bot plays its seat "
                     "for the rest of the match.",
    "notice.hard": "External bot {who} {reason}. The built-in hard bot plays its seat for "
                   "the rest of the match.",
}

