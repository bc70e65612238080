"""The table's own sentences, a part of the one table of the game's sentences
(``messages.MESSAGES``): the status line under the table (whose turn, which keys), the end of
a match and a session's score sheet, the replay text's match lines, the history's line of a
deal, and names joined in a list; and, from ``reviews``, the screens that look back on
play, the dialogs and the table's notices.

Forms, as in the rest of the table: ``you`` when the subject is the person at the keyboard,
``other`` for anyone else (named in ``{seat}``); ``one`` and ``many`` for a count; a phase's
own form (``auction``, ``call``, ...) where the words change with the phase.
"""

from __future__ import annotations

from .beliefs import BELIEFS
from .reviews import REVIEWS

SCREENS: dict[str, dict[str, str]] = {
    "List": {  # names joined: two, or a longer list as its first name and the rest
        "two": "{first} and {last}",
        "start": "{first}, {rest}",
        "end": "{first} and {last}",
    },
    "Prompt": {  # the status line
        "over": "The deal is over.",
        "hand_over": "{seat} to play: pass the keyboard.",
        "wait.lead": "{seat} to lead…",
        "wait.play": "{seat} to play…",
        "wait.cut_or_knock": "{seat} chooses to cut or knock…",
        "wait.auction": "{seat} to bid…",
        "wait.call": "{seat} calls a card…",
        "wait.discard": "{seat} takes the monte and lays cards aside…",
        "wait.claim": "{seat} decides…",
        "wait.declare": "{seat} decides…",
        # the person's own card to play; ``.keyed``: more keys follow, and clicking goes
        # unsaid
        "you.lead": "Your turn: lead a card ({keys}, ←→ Enter, or click).",
        "you.lead.keyed": "Your turn: lead a card ({keys}, ←→ Enter).",
        "you.play": "Your turn: play a card ({keys}, ←→ Enter, or click).",
        "you.play.keyed": "Your turn: play a card ({keys}, ←→ Enter).",
        "other.lead": "{seat}'s turn: lead a card ({keys}, ←→ Enter, or click).",
        "other.lead.keyed": "{seat}'s turn: lead a card ({keys}, ←→ Enter).",
        "other.play": "{seat}'s turn: play a card ({keys}, ←→ Enter, or click).",
        "other.play.keyed": "{seat}'s turn: play a card ({keys}, ←→ Enter).",
        "dummy.lead": "The dummy's turn (its hand is below): lead a card ({keys}, ←→ Enter, "
                      "or click).",
        "dummy.lead.keyed": "The dummy's turn (its hand is below): lead a card ({keys}, ←→ "
                            "Enter).",
        "dummy.play": "The dummy's turn (its hand is below): play a card ({keys}, ←→ Enter, "
                      "or click).",
        "dummy.play.keyed": "The dummy's turn (its hand is below): play a card ({keys}, ←→ "
                            "Enter).",
        "exchange": "x: exchange for {card}.",
        "signal": "s: signal.",
        # the person's own turn in the other phases
        "you.auction": "Your bid: b opens the bidding dialog.",
        "other.auction": "{seat}'s bid: b opens the bidding dialog.",
        "you.call": "You won the bidding: b opens the dialog to call a card.",
        "other.call": "{seat} won the bidding: b opens the dialog to call a card.",
        "you.discard.one": "Your monte is in your hand: lay aside {left} more card (1-9 or "
                           "click); they count for the side that takes the last trick.",
        "you.discard.many": "Your monte is in your hand: lay aside {left} more cards (1-9 or "
                            "click); they count for the side that takes the last trick.",
        "other.discard.one": "{seat}'s monte is in your hand: lay aside {left} more card (1-9 "
                             "or click); they count for the side that takes the last trick.",
        "other.discard.many": "{seat}'s monte is in your hand: lay aside {left} more cards "
                              "(1-9 or click); they count for the side that takes the last "
                              "trick.",
        "you.claim": "Your choice: b opens the dialog.",
        "other.claim": "{seat}'s choice: b opens the dialog.",
        "you.declare": "Your choice: b opens the dialog.",
        "other.declare": "{seat}'s choice: b opens the dialog.",
        "you.cut_or_knock": "Your choice: c cuts (an indicator is turned), k knocks (hearts "
                            "are trumps).",
        "other.cut_or_knock": "{seat}'s choice: c cuts (an indicator is turned), k knocks "
                              "(hearts are trumps).",
    },
    "Match": {
        "level": "The match ends level.",
        "won.you": "You win the match!",
        "won.other": "{seat} wins the match!",
        "won.many": "{seat} win the match!",
        "deals.one": "{count} deal played.",
        "deals.many": "{count} deals played.",
        "seed": "Match seed {seed}: enter it in a new game to replay these deals.",
        "goal": "first to {target}",
        "after": "after {played} of {deals} deals",
        "heading": "Match, first to {target}",
        "session.deals": "Session of {deals} deals",
        "session.target": "Session to {target} points",
        "sheet": "Score sheet · {head}",
        "sheet.none": "No deal scored yet.",
        # the replay's text
        "replay": "Match: {goal}",
        "replay.session": "Session: {deals}; the highest total wins",
        "replay.after": "Match: {standing} ({goal})",
        "replay.session.after": "Session after deal {number} of {deals}: {standing}",
        "replay.won": "Match over, won by {side}: {standing} ({goal}).",
        "replay.open": "Match not over: {standing} ({goal}).",
        "replay.session.won": "Session over after {played}, won by {side}: {standing}.",
        "replay.session.tie": "Session over after {played}, a tie at {best} between {sides}: "
                              "{standing}.",
        "replay.session.open": "Session not over ({scored} of {deals} deals scored): "
                               "{standing}.",
    },
    "Summary": {  # the end of a deal
        "title": "Deal {number} is over",
        "title.early": "Deal {number} is over (ended by a heley)",
        "title.redeal": "Deal {number} is thrown in",
        "title.redeal.early": "Deal {number} is thrown in (ended by a heley)",
        "go_on": "Press Enter to go on.",
        "go_on.review": "Press r to review your play, Enter to go on.",
        # a side's line: its numbers come aligned
        "points.one": "{points} card point",
        "points.many": "{points} card points",
        "tricks.one": "{tricks} trick",
        "tricks.many": "{tricks} tricks",
        "games.one": "+{games} game",
        "games.many": "+{games} games",
        "total": "+{points} to the total",
        "bidder": "Bidder's side",
        "dealer": "Dealer's side",
        "others": "Others",
        "side": "Side {number}",
        "stand_in": "{seat}'s program was replaced in this deal: the built-in {level} bot "
                    "played for it.",
        "stand_in.since": "{seat}'s program was replaced since deal {number}: the built-in "
                          "{level} bot played for it.",
    },
    "Hand": {  # a card chosen by a number the hand does not reach
        "you.one": "You hold {count} card.",
        "you.many": "You hold {count} cards.",
        "other.one": "{seat} holds {count} card.",
        "other.many": "{seat} holds {count} cards.",
    },
    "Seats": {  # the side panel's dealer, a seat's role, whose view the replay shows
        "dealer": "dealer {seat}",
        "you.out": "You deal, sit out",
        "other.out": "{seat} deals, sits out",
        "you.dummy": "dummy, for you",
        "other.dummy": "dummy, for {seat}",
        "you.view": "your view",
        "other.view": "{seat}'s view",
    },
    "Save": {  # a saved match in one line
        "line": "{game}, {names}: deal {deal}, trick {trick}, match {scores}.",
        "line.when": "{game}, {names}: deal {deal}, trick {trick}, match {scores}, saved "
                     "{when}.",
        "saved": "Saved: {line}",
    },
    "History": {  # a deal of the game history, in the list of a match's deals
        "points": "{points} card points",
    },
    **REVIEWS,  # the coach's review, the replay's heading, the dialogs, notices (``reviews``)
    **BELIEFS,  # what each seat believed of the hidden cards (``beliefs``)
}
