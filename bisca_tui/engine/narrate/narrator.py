"""Events told in words: the one narrator of the table's log (``narrate``), from the events an
action caused, in the templates of ``messages.MESSAGES``.

A line is parts: plain strings and cards (``CardRef``) that each caller draws its own way.
Names come from the caller; the person at the keyboard, named "You", takes the ``you``
forms. Each line has a kind, which a caller may style: ``action`` (what a seat did), ``bid``
(what a seat said in the auction), ``trick`` (who took a trick), ``score`` (game points during
play), ``contract`` (the bidding's outcome), ``reveal`` (the called card shows the partner).
A line that an action brought about after the action's own is indented.

Words come from the events and the game's rules (the ``Variant``: its pack, its signals, its
bids) alone, never from the live deal: a front that holds nothing but a seat's view and its
events (a client of a shared table) tells them as the table on one screen does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import events as E
from ..words import YOU
from .labels import bid_label, suit_word
from .messages import CardRef, Part
from .sayings import shown
from .wording import count_of, fill, say, template

if TYPE_CHECKING:
    from ..variant import Variant

__all__ = ["Line", "SILENT", "holds", "narrate", "person", "tell"]

INDENT = "  "


@dataclass(frozen=True)
class Line:
    kind: str
    parts: tuple[Part, ...]
    short: tuple[Part, ...] | None = None  # the same said in fewer words, where it may be

    def text(self, card: Callable[[int], str]) -> str:
        """The line as plain text, cards drawn by ``card``."""
        return "".join(p if isinstance(p, str) else card(p.card) for p in self.parts)


#: the events the table's log leaves unsaid: the deal's own (its heading says it), the hidden
#: or private ones, and those the table shows otherwise
SILENT = frozenset({E.IndicatorTurned, E.TrumpShown, E.HandShown, E.IndicatorDrawn,
                    E.Signalled, E.MonteTaken, E.Declared, E.PartnerKnown})


def person(name: str) -> str:
    """The form of a sentence whose subject is ``name``: ``you`` for the person at the
    keyboard, else ``other``."""
    return "you" if name == YOU else "other"


def holds(name: str, n: int) -> str:
    """``You hold 1 card.``, ``Rui holds 3 cards.``"""
    return say("Hand", f"{person(name)}.{'one' if n == 1 else 'many'}", seat=name, count=n)


@dataclass
class _Told:
    """What ``tell`` needs besides the event: the game's rules, the names, the event
    before."""

    variant: Variant
    name: Callable[[int], str]
    team: Callable[[int], str]
    points: bool
    prev: E.Event | None
    everything: bool = False


def tell(ev: E.Event, variant: Variant, name: Callable[[int], str],
         team: Callable[[int], str] = str, points: bool = True,
         prev: E.Event | None = None, everything: bool = False) -> Line | None:
    """One event in words (None: the event says nothing here). ``prev`` is the event just
    before it, which some sentences follow on from (the called card played, a trick won).
    ``everything``: the events the log leaves unsaid (``SILENT``) are told too."""
    told = _Told(variant, name, team, points, prev, everything)
    return _tell_silent(ev, told) if everything and type(ev) in SILENT else _tell(ev, told)


def _tell_silent(ev: E.Event, t: _Told) -> Line:
    seat = getattr(ev, "seat", None)
    if isinstance(ev, E.PartnerKnown):
        seat = ev.partner
    who = t.name(seat) if isinstance(seat, int) else ""
    me = person(who)
    fields: dict[str, object] = {"seat": who}
    if isinstance(ev, (E.IndicatorTurned, E.TrumpShown, E.IndicatorDrawn)):
        fields["card"] = CardRef(ev.card)
    if isinstance(ev, E.TrumpShown):
        fields["suit"] = suit_word(ev.card, t.variant.pack_style)
    if isinstance(ev, E.Signalled):
        signals = t.variant.signals
        fields["signal"] = signals[ev.signal].name if ev.signal < len(signals) else "a signal"
    return _line("action", ev, me, **fields)


def _line(kind: str, ev: E.Event, form: str, indent: bool = False,
          **fields: object) -> Line:
    kind_ = type(ev).__name__
    parts = fill(template(kind_, form, count_of(kind_, form, fields)), **fields)
    return Line(kind, ((INDENT,) + parts) if indent else parts)


def _tell(ev: E.Event, t: _Told) -> Line | None:  # noqa: C901 - one branch per kind
    kind = type(ev).__name__
    v, name = t.variant, t.name
    seat = getattr(ev, "seat", None)
    who = name(seat) if isinstance(seat, int) else ""
    me = person(who)
    if type(ev) in SILENT:
        return None
    if isinstance(ev, E.CardPlayed):
        return _line("action", ev, me, seat=who, card=CardRef(ev.card))
    if isinstance(ev, E.Cut):
        return _line("action", ev, me, seat=who, card=CardRef(ev.indicator))
    if isinstance(ev, E.Knock):
        return _line("action", ev, me, seat=who)
    if isinstance(ev, E.ExchangeAnnounced):
        return _line("action", ev, me, seat=who, card=CardRef(ev.card),
                     indicator=CardRef(ev.indicator))
    if isinstance(ev, E.ExchangeMade):
        later = isinstance(t.prev, (E.TrickWon, E.ExchangeMade))
        return _line("reveal" if later else "action", ev, me + (".later" if later else ""),
                     indent=later, seat=who, gave=CardRef(ev.gave), took=CardRef(ev.took))
    if isinstance(ev, E.ExchangeReturned):
        return _line("reveal", ev, me, indent=True, seat=who, card=CardRef(ev.card))
    if isinstance(ev, E.TrickWon):
        form = me + ("" if t.points else ".quiet")
        line = _line("trick", ev, form, indent=True, seat=who, points=ev.points)
        short = _line("trick", ev, form + ".short", indent=True, seat=who, points=ev.points)
        return Line(line.kind, line.parts, short.parts)
    if isinstance(ev, E.PointsScored):
        return _line("score", ev, "other", indent=True, team=t.team(ev.team),
                     points=ev.points, reason=shown(ev.reason))
    if isinstance(ev, (E.HandKept, E.RedealAgreed, E.Passed)):
        return _line("bid", ev, me, seat=who)
    if isinstance(ev, E.RedealClaimed):
        return _line("contract", ev, me, seat=who)
    if isinstance(ev, E.Bid):
        return _line("bid", ev, me, seat=who, bid=bid_label(v, ev.bid))
    if isinstance(ev, E.Reopened):
        return _line("contract", ev, me, seat=who, bid=bid_label(v, ev.bid))
    if isinstance(ev, E.BiddingWon):  # (nobody bid: the dealer's sentence names no bid)
        label = bid_label(v, ev.bid) if ev.bid is not None else ""
        return _line("contract", ev, me + ("" if ev.bid is not None else ".none"), indent=True,
                     seat=who, bid=label, need=ev.need)
    if isinstance(ev, E.Called):
        return _line("contract", ev, me, seat=who, card=CardRef(ev.card),
                     suit=suit_word(ev.card, v.pack_style))
    if isinstance(ev, E.Discarded):
        if ev.left:
            return None  # the bidder's last card laid aside tells them all
        total = v.monte_size
        return _line("action", ev, me + (".one" if total == 1 else ".many"), seat=who,
                     count=total)
    if isinstance(ev, E.PartnerShown):
        return _partner_shown(ev, t)
    if isinstance(ev, E.DealScored):
        if ev.result.redeal and isinstance(t.prev, E.Passed):
            return _line("contract", ev, "redeal", indent=True)
        return _line("score", ev, "other") if t.everything else None
    raise KeyError(f"no words for the event {kind}")


def _partner_shown(ev: E.PartnerShown, t: _Told) -> Line:
    holder, bidder = t.name(ev.seat), t.name(ev.bidder)
    if isinstance(t.prev, E.CardPlayed) and t.prev.card == ev.card:  # the called card played
        if ev.seat == ev.bidder:
            return _line("reveal", ev, person(bidder) + ".alone", indent=True, seat=bidder)
        form = "you" if holder == YOU else "your" if bidder == YOU else "other"
        return _line("reveal", ev, form + ".played", indent=True, seat=holder, bidder=bidder)
    # the called card shown by the bidder (col Monte): its right-hand neighbour is the partner
    form = "your" if bidder == YOU else "you" if holder == YOU else "other"
    return _line("reveal", ev, form, seat=holder, bidder=bidder, card=CardRef(ev.card))


def narrate(variant: Variant, events: Iterable[E.Event], name: Callable[[int], str],
            team: Callable[[int], str] = str, points: bool = True) -> list[Line]:
    """The lines telling ``events`` (those an action just caused in a deal of ``variant``,
    or a run of them): ``name`` names a seat; ``team`` a scoring team; ``points`` False
    leaves out the card points a trick brought (for players who count in their heads)."""
    lines: list[Line] = []
    prev: E.Event | None = None
    told = _Told(variant, name, team, points, None)
    for ev in events:
        told.prev = prev
        line = _tell(ev, told)
        if line is not None:
            lines.append(line)
        prev = ev
    return lines
