"""Actions as small ints, and their notation in records and on the command line.

Playing a card is the card itself (0..79). Everything else lives above 100:

======================  ==========  ===================
action                  code        notation
======================  ==========  ===================
play a card             card        ``7H``
cut (Capixaba)          100         ``cut``
knock (Capixaba)        101         ``knock``
exchange                102         ``exchange``
pass (auctions)         103         ``pass``
reopen the bidding      104         ``reopen``
play alone, in silence  105         ``alone``
show the called card    106         ``show``
demand a redeal         107         ``redeal``
signal k                200 + k     ``signal:NAME``
bid n points            300 + n     ``bid:N`` (N of two digits or more)
bid a rank (Chiamata)   430 + rank  ``bid:K`` (``bid:2`` is two for 61)
call a card             500 + card  ``call:2H``
name trumps             600 + suit  ``trump:H``
discard a card          700 + card  ``discard:AS``
======================  ==========  ===================

Signal names come from the variant, so reading a signal needs it. ``bid:0``, the old spelling
of a pass in Sueca for five, still reads as ``pass``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from ..lang import N_
from .cards import RANKS, SUITS, NotationError, card_str, parse_card, parse_suit

CUT = 100
KNOCK = 101
EXCHANGE = 102
PASS = 103
REOPEN = 104
ALONE = 105
SHOW = 106
REDEAL = 107
SIGNAL = 200
BID = 300
BID_RANK = 430  # a bid of a rank to call: BID_RANK + index in RANKS
CALL = 500
TRUMP = 600
DISCARD = 700

_WORDS = {CUT: "cut", KNOCK: "knock", EXCHANGE: "exchange", PASS: "pass", REOPEN: "reopen",
          ALONE: "alone", SHOW: "show", REDEAL: "redeal"}
_BY_WORD = {v: k for k, v in _WORDS.items()}


class Kind(enum.Enum):
    """What an action is, for the consumers outside the engine that sort or offer actions
    (bots, the coach, the table's dialogs) without testing the codes themselves."""

    PLAY = "play"
    CUT = "cut"
    KNOCK = "knock"
    EXCHANGE = "exchange"
    PASS = "pass"
    REOPEN = "reopen"
    ALONE = "alone"
    SHOW = "show"
    REDEAL = "redeal"
    SIGNAL = "signal"
    BID = "bid"
    CALL = "call"
    TRUMP = "trump"
    DISCARD = "discard"


_KIND_OF_WORD = {code: Kind(word) for code, word in _WORDS.items()}


def kind(action: int) -> Kind:
    """The kind of ``action`` (``ValueError`` for a code that is none)."""
    if 0 <= action < 80:
        return Kind.PLAY
    got = _KIND_OF_WORD.get(action)
    if got is not None:
        return got
    if SIGNAL <= action < BID:
        return Kind.SIGNAL
    if BID <= action < CALL:
        return Kind.BID
    if CALL <= action < TRUMP:
        return Kind.CALL
    if TRUMP <= action < DISCARD:
        return Kind.TRUMP
    if DISCARD <= action < DISCARD + 80:
        return Kind.DISCARD
    raise ValueError(f"unknown action code {action}")


def of_kind(actions: Iterable[int], *kinds: Kind) -> list[int]:
    """The actions among ``actions`` of one of ``kinds``, in their order."""
    return [a for a in actions if kind(a) in kinds]


def first_of(actions: Iterable[int], *kinds: Kind) -> int | None:
    """The first action among ``actions`` of one of ``kinds``, or None."""
    return next((a for a in actions if kind(a) in kinds), None)


def card_of(action: int) -> int:
    """The card an action names: the card played, called or laid aside; the suit named
    (``Kind.TRUMP``); ``ValueError`` for an action that names none."""
    k = kind(action)
    if k is Kind.PLAY:
        return action
    base = {Kind.CALL: CALL, Kind.TRUMP: TRUMP, Kind.DISCARD: DISCARD}.get(k)
    if base is None:
        raise ValueError(f"{action_str(action)} names no card")
    return action - base


def with_card(of: Kind, card: int) -> int:
    """The action of kind ``of`` naming ``card``: playing it, calling it, laying it aside."""
    base = {Kind.PLAY: 0, Kind.CALL: CALL, Kind.DISCARD: DISCARD}.get(of)
    if base is None:
        raise ValueError(f"a {of.value} names no card")
    return base + card


def call(card: int) -> int:
    """The action calling ``card``."""
    return CALL + card


def discard(card: int) -> int:
    """The action laying ``card`` aside."""
    return DISCARD + card


def is_play(action: int) -> bool:
    return 0 <= action < 80


def is_signal(action: int) -> bool:
    return SIGNAL <= action < BID


def action_str(action: int, signal_names: Sequence[str] = ()) -> str:
    if 0 <= action < 80:
        return card_str(action)
    if action in _WORDS:
        return _WORDS[action]
    if SIGNAL <= action < BID:
        k = action - SIGNAL
        return f"signal:{signal_names[k]}" if k < len(signal_names) else f"signal:{k}"
    if BID_RANK <= action < BID_RANK + len(RANKS):
        return f"bid:{RANKS[action - BID_RANK]}"
    if BID <= action < BID_RANK:
        return f"bid:{action - BID}"
    if CALL <= action < TRUMP:
        return f"call:{card_str(action - CALL)}"
    if TRUMP <= action < DISCARD:
        return f"trump:{SUITS[action - TRUMP]}"
    if DISCARD <= action < DISCARD + 80:
        return f"discard:{card_str(action - DISCARD)}"
    raise ValueError(f"unknown action code {action}")


def _parse_bid(arg: str) -> int:
    up = arg.upper()
    if up == "2":
        return BID + 61  # "two" is two for 61
    if len(up) == 1 and up in RANKS:
        return BID_RANK + RANKS.index(up)
    if not arg.isdigit() or len(arg) > 3:
        raise NotationError(N_("a bid is a number of points or a rank, not {arg}"),
                            arg=repr(arg))
    if int(arg) == 0:
        return PASS  # the old spelling of a pass
    if int(arg) >= BID_RANK - BID:
        raise NotationError(N_("a bid of {arg} points is more than a pack holds"), arg=arg)
    return BID + int(arg)


def parse_action(text: str, signal_names: Sequence[str] = ()) -> int:
    """Read an action in notation; raises ``ValueError`` naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(N_("an action must be a string, not {text}"), text=repr(text))
    word = text.strip()
    low = word.lower()
    if low in _BY_WORD:
        return _BY_WORD[low]
    if ":" in word:
        kind, _, arg = word.partition(":")
        kind = kind.strip().lower()
        arg = arg.strip()
        if kind == "signal":
            if arg in signal_names:
                return SIGNAL + list(signal_names).index(arg)
            if not signal_names:
                raise NotationError(N_("unknown signal {arg} (this game has none)"),
                                    arg=repr(arg))
            raise NotationError(N_("unknown signal {arg} (signals here: {known})"),
                                arg=repr(arg), known=", ".join(signal_names))
        if kind == "bid":
            return _parse_bid(arg)
        if kind == "call":
            return CALL + parse_card(arg)
        if kind == "trump":
            return TRUMP + parse_suit(arg)
        if kind == "discard":
            return DISCARD + parse_card(arg)
        raise NotationError(N_("unknown action {text}"), text=repr(text))
    try:
        return parse_card(word)
    except ValueError:
        # translators: 7H, cut, knock, exchange and signal:NAME are notation, kept as they are
        raise NotationError(N_("unknown action {text} (a card such as 7H, or cut, knock, "
                               "exchange, signal:NAME)"), text=repr(text)) from None
