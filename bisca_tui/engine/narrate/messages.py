"""The one table of the game's sentences about what happened in a deal (``MESSAGES``).

Each event kind (``engine.events``) has its templates, one whole sentence each, keyed by a
form: ``you`` when the subject is the person at the keyboard (named "You"), ``other`` for
anyone else, and a few forms of their own where a sentence changes with the event (a bid or
none, one card or more, the trick's points shown or not). ``replay`` forms are the sentences
of the replay's text. Fields are named (``{seat}``, ``{card}``): names are filled in as given,
cards (``CardRef``) are left as parts that each caller draws its own way. The table holds
the words; ``tell`` (the narrator) picks a template and fills it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .advice import ADVICE
from .programs import PROGRAMS
from .rulings import NOTES, REFUSALS
from .screens import SCREENS

__all__ = ["CardRef", "MESSAGES", "NOT_EVENTS", "Part"]


@dataclass(frozen=True)
class CardRef:
    card: int


Part = str | CardRef

MESSAGES: dict[str, dict[str, str]] = {
    # ----- the deal and trumps
    "IndicatorTurned": {
        "other": "The indicator is {card}",
        "replay": "Trumps: {suit} (indicator {card})",
        "replay.none": "Trumps: {suit}",
    },
    "TrumpShown": {
        "other": "{seat} turns {card} face up: {suit} are trumps",
        "you": "You turn {card} face up: {suit} are trumps",
        "replay": "Trumps: {suit} ({card}, the dealer's last card, turned face up)",
    },
    "Cut": {
        "other": "{seat} cuts; the indicator is {card}",
        "you": "You cut; the indicator is {card}",
        "replay": "{seat} cuts: indicator {card}, {suit} are trumps",
        "replay.one": "{seat} cuts: indicator {card}, {suit} are trumps "
                      "({buried} Ace or 7 buried first)",
        "replay.many": "{seat} cuts: indicator {card}, {suit} are trumps "
                       "({buried} Aces or 7s buried first)",
    },
    "Knock": {
        "other": "{seat} knocks: hearts are trumps",
        "you": "You knock: hearts are trumps",
        "replay": "{seat} knocks: hearts are trumps, no indicator",
    },
    "HandShown": {
        "other": "{seat} shows the hand",
        "you": "You show your hand",
        "note.open": "every hand is laid face up for all to see",
        "note.dummy": "the dummy's hand is laid face up",
        "note": "partners see each other's hands ({why})",
    },
    # ----- play
    "CardPlayed": {
        "other": "{seat} plays {card}",
        "you": "You play {card}",
    },
    "TrickWon": {
        "other": "{seat} takes the trick (+{points})",
        "you": "You take the trick (+{points})",
        "other.short": "{seat} takes it (+{points})",
        "you.short": "You take it (+{points})",
        "other.quiet": "{seat} takes the trick",
        "you.quiet": "You take the trick",
        "other.quiet.short": "{seat} takes it",
        "you.quiet.short": "You take it",
        "caption.short": "{seat} +{points}",
        "last": "Last trick: {seat} took it (+{points})",
        "last.quiet": "Last trick: {seat} took it",
        "last.short": "Last trick: {seat} +{points}",
        "replay": "Trick {number:>2}, led by {leader}:  {plays}  -> {end}",
        "replay.one": "won by {seat}, {points} point",
        "replay.many": "won by {seat}, {points} points",
        "replay.open": "unfinished",
        "replay.last.one": "+{points} card point for the last trick to {seat}",
        "replay.last.many": "+{points} card points for the last trick to {seat}",
        "replay.bonus.one": "+{points} card point bonus to {seat}",
        "replay.bonus.many": "+{points} card points bonus to {seat}",
    },
    "IndicatorDrawn": {
        "other": "{seat} draws the indicator {card}",
        "you": "You draw the indicator {card}",
    },
    "Signalled": {
        "other": "{seat} signals {signal}",
        "you": "You signal {signal}",
        "replay": "signal from {seat}: {signal} ({meaning}); seen by {seen}, caught by {caught}",
    },
    "PointsScored": {
        "other": "{team} +{points}: {reason}",
        "replay.one": "{reason}: {team} +{points} game point",
        "replay.many": "{reason}: {team} +{points} game points",
    },
    # ----- the trump exchange
    "ExchangeAnnounced": {
        "other": "{seat} lays {card} under the indicator, to take {indicator} at the next "
                 "trick won",
        "you": "You lay {card} under the indicator, to take {indicator} at the next trick won",
        "note": "seat {seat} lays {card} under the indicator {indicator}, to take it at its "
                "next trick won",
    },
    "ExchangeMade": {
        "other": "{seat} exchanges {gave} for {took}",
        "you": "You exchange {gave} for {took}",
        "other.later": "{seat} takes {took}; {gave} is the new indicator",
        "you.later": "You take {took}; {gave} is the new indicator",
        "replay": "{seat} exchanges {gave} for the indicator {took} (in the first trick, "
                  "before playing)",
        "note": "seat {seat} exchanges {gave} for the indicator {took}",
        "note.later": "seat {seat} takes the indicator {took}; {gave} is the new indicator",
    },
    "ExchangeReturned": {
        "other": "The stock ran out: {card} goes back to {seat}",
        "you": "The stock ran out: {card} goes back to you",
        "note": "the stock ran out: {card} goes back to seat {seat}",
    },
    # ----- auction, call and partner
    "HandKept": {
        "other": "{seat} keeps the hand",
        "you": "You keep the hand",
    },
    "RedealClaimed": {
        "other": "{seat} shows a hand without counting cards: the same dealer deals again",
        "you": "You show a hand without counting cards: the same dealer deals again",
    },
    "Bid": {
        "other": "{seat} bids {bid}",
        "you": "You bid {bid}",
        "replay": "{seat} {bid}",
        "replay.auction": "Auction, from {first}: {bids}",
        "replay.none": "Auction, from {first}: no bid yet",
    },
    "Passed": {
        "other": "{seat} passes",
        "you": "You pass",
    },
    "Reopened": {
        "other": "{seat} reopens the bidding at {bid}",
        "you": "You reopen the bidding at {bid}",
    },
    "RedealAgreed": {
        "other": "{seat} agrees to a redeal",
        "you": "You agree to a redeal",
    },
    "BiddingWon": {
        "other": "{seat} wins the bidding at {bid}",
        "you": "You win the bidding at {bid}",
        "other.none": "No bid: {seat} (dealer) must take {need}",
        "you.none": "No bid: You (dealer) must take {need}",
        "replay": "High bid: {seat} with {bid} (needs {need})",
        "replay.none": "Nobody bid: the dealer, {seat}, plays at zero and needs 61",
    },
    "Called": {
        "other": "{seat} calls {card}: {suit} are trumps",
        "you": "You call {card}: {suit} are trumps",
    },
    "MonteTaken": {
        "other": "{seat} takes the monte",
        "you": "You take the monte",
    },
    "Discarded": {
        "other.one": "{seat} lays {count} card aside",
        "other.many": "{seat} lays {count} cards aside",
        "you.one": "You lay {count} card aside",
        "you.many": "You lay {count} cards aside",
    },
    "Declared": {
        "other": "{seat} plays on",
        "you": "You play on",
    },
    "PartnerKnown": {
        "other": "{seat} holds the called card",
        "you": "You hold the called card",
        "replay": "{seat} holds {card}; the bidder has yet to declare",
        "replay.own": "{seat} holds {card} and has yet to choose: alone, or with the "
                      "right-hand neighbour",
        "replay.none": "Partner: not yet shown",
    },
    "PartnerShown": {
        # the called card shown (col Monte)
        "other": "{bidder} shows {card}: {seat} is the partner",
        "you": "{bidder} shows {card}: You are the partner",
        "your": "You show {card}: {seat} is the partner",
        # the called card played
        "other.played": "{seat} held the called card: {bidder}'s partner",
        "you.played": "You held the called card: {bidder}'s partner",
        "your.played": "{seat} held the called card: your partner",
        "other.alone": "The called card was {seat}'s own: alone",
        "you.alone": "The called card was your own: alone",
        "replay.alone": "{seat} holds {card} and plays alone",
        "replay": "Partner: {seat}, who held {card} (played in trick {trick})",
        "replay.unplayed": "Partner: {seat}, who holds {card} (not yet played)",
    },
    # ----- the end
    "DealScored": {
        "other": "The deal is over",
        "redeal": "Everyone passed: the same dealer deals again",
        "summary.redeal": "Everyone passed: the cards are thrown in and the same dealer "
                          "deals again.",
        "summary.other": "{seat} wins the deal.",
        "summary.you": "You win the deal.",
        "summary.many": "{seat} win the deal.",
        "summary.other.alone": "{seat} wins the deal alone.",
        "summary.you.alone": "You win the deal alone.",
        "summary.defenders": "The defenders ({seat}) win the deal.",
        "summary.tie": "A tie at the top: {seat} each take the hand.",
        "summary.none": "No game: the points are shared.",
        "replay.points": "Card points: {points} (tricks {tricks})",
        "replay.gained": "Game points: {gained} ({why})",
        "replay.scored": "Points scored: {gained} ({why})",
        "replay.early": "The match was won during play",
        "replay.early.rest": "The match was won during play; the rest of the deal is not "
                             "played",
        "replay.open.one": "The record stops here, the deal unfinished ({actions} action)",
        "replay.open.many": "The record stops here, the deal unfinished ({actions} actions)",
        "replay.open.one.next": "The record stops here, the deal unfinished "
                                "({actions} action; {seat} is to act)",
        "replay.open.many.next": "The record stops here, the deal unfinished "
                                 "({actions} actions; {seat} is to act)",
        "replay.open.points": "Card points so far: {points} (tricks {tricks})",
        "replay.open.seats": "Card points so far, player by player: {points} (tricks {tricks})",
    },
    # ----- not events: the log's heading and result of a deal, and actions taken back
    "Deal": {
        "other": "— Deal {number}, {seat} deals —",
        "you": "— Deal {number}, You deal —",
        "other.out": "— Deal {number}, {seat} deals and sits out —",
        "you.out": "— Deal {number}, You deal and sit out —",
        "result": "Deal {number}: {points} · {gains}",
        "result.none": "Deal {number}: {points} · no game",
        "gain": "{team} {gain:+d}",
        "thrown_in": "Deal {number} thrown in: dealt again",
        "committed": "Shuffle committed: {digest}…",
        "revealed": "Shuffle revealed: seed {seed}, salt {salt} (bisca-tui verify checks it)",
        "thrown_in.short": "Thrown in",
        "thrown_in.table": "thrown in: dealt again",
        "thrown_in.history": "thrown in, dealt again",
        "over": "Deal {number} over: {points} · {gains}",
        "over.none": "Deal {number} over: {points} · no game",
        "over.short": "{points} · {gains}",
        "over.short.none": "{points} · no game",
        "over.shorter": "Deal {number} over: {points}",
        "replay": "Deal {number}: dealer {seat}",
        "replay.layout": "Deal {number}: dealer {seat}, cards laid out in the record",
        "replay.seed": "Deal {number}: dealer {seat}, seed {seed}",
        "replay.seed.layout": "Deal {number}: dealer {seat}, seed {seed}"
                              ", cards laid out in the record",
        "replay.out": "Deal {number}: {seat} deals and sits out",
        "replay.out.layout": "Deal {number}: {seat} deals and sits out"
                             ", cards laid out in the record",
        "replay.out.seed": "Deal {number}: {seat} deals and sits out, seed {seed}",
        "replay.out.seed.layout": "Deal {number}: {seat} deals and sits out, seed {seed}"
                                  ", cards laid out in the record",
    },
    "Advice": ADVICE,  # the coach's (``advice``)
    "Action": {  # actions named, for the dialogs and lines that offer or recall them
        "pass": "pass",
        "reopen": "reopen at {bid}",
        # a bid in words: a number of card points, or Chiamata's two for a number
        "points.one": "{count} point",
        "points.many": "{count} points",
        "two_for": "Two for {points}",
        "noun.cut": "the cut",
        "noun.knock": "the knock",
        "noun.exchange": "the exchange",
        "noun.reopen": "the reopening",
        "noun.alone": "playing alone",
        "noun.show": "showing the called card",
        "noun.redeal": "the redeal",
    },
    "Choice": {  # a phase's round of worded choices: its title, its hint, each choice
        "claim.title": "Before the bidding",
        "claim.hint": "Your hand holds no counting card.",
        "claim.pass": "Keep the hand",
        "claim.redeal": "Show the hand: the same dealer deals again",
        "auction.title": "Everyone passed",
        "auction.hint": "Everyone passed. Reopen, and everyone may bid again; or agree to a "
                        "new deal by the same dealer.",
        "auction.pass": "Agree to a redeal",
        "auction.reopen": "Reopen the bidding at the lowest bid",
        "declare.title": "The called card is yours",
        "declare.hint": "You hold the called card.",
        "declare.alone": "Play alone, saying nothing",
        "declare.show": "Show it: the right-hand neighbour is your partner",
    },
    "Undone": {
        "other": "Undone: {actions}",
        "discard": "{card} laid aside",
        "call": "the call of {card}",
        "signal": "the signal {signal}",
        "signal.unknown": "a signal",
    },
    **SCREENS,  # the table's status line, the match's end, names joined (``screens``)
    # ----- the rules' sentences (``rulings``): refusals, and what a deal is worth
    "Refusal": REFUSALS,
    "Note": NOTES,
    # ----- an outside bot program that lost its seat (``programs``)
    "Program": PROGRAMS,
}
#: the table's entries that are no event kind
NOT_EVENTS = ("Deal", "Undone", "Action", "Choice", "Advice", *SCREENS)
NOT_EVENTS += ("Refusal", "Note", "Program")
