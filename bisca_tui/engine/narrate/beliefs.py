"""The sentences of the beliefs: what each seat believed, or could know, of the cards it
could not see, decision by decision (``coach.beliefs``), on the screen that shows them and in
``bisca-tui review --beliefs``. A part of the one table of the game's sentences
(``messages.MESSAGES``); ``by_you`` forms are said to the person at the keyboard."""

from __future__ import annotations

BELIEFS: dict[str, dict[str, str]] = {
    "Beliefs": {
        # the report
        "head.preferred": "Deal {deal}, trick {trick}: {name} ({who}) played {card} (the search "
                          "preferred {best}); {samples} sampled deals",
        "head.same": "Deal {deal}, trick {trick}: {name} ({who}) played {card}, as the search "
                     "preferred; {samples} sampled deals",
        "head.counted": "Deal {deal}, trick {trick}: {name} ({who}) played {card}; every deal that"
                        " fits the view counted",
        "head": "Deal {deal}, trick {trick}: {name} ({who}) played {card}; {samples} sampled deals",
        "about.hard": "As the hard level's search sampled the hidden cards, from its seat's view "
                     "alone.",
        "about.rules": "This player does not reason about hidden cards: the chances are only what "
                      "could be known from its seat.",
        "about.known": "The chances are what could be known from this seat.",
        "report.none": "No decision between two or more cards to show.",
        "report.truth": "* where the card really was",
        # the screen
        "played.by_you": "Trick {trick}: you played {card}.",
        "played": "Trick {trick}: {seat} played {card}.",
        "played.hard": "Trick {trick}: {seat} (hard bot) played {card}.",
        "played.medium": "Trick {trick}: {seat} (medium bot) played {card}.",
        "played.easy": "Trick {trick}: {seat} (easy bot) played {card}.",
        "preferred": "The search preferred {card}.",
        "known.by_you": "What you could know then: the chance of each card you could not see, from"
                        " what had been played and shown.",
        "known": "What {seat} could know then: the chance of each card {seat} could not see, from "
                 "what had been played and shown.",
        "believed": "What {seat} believed: bots never see a hidden card; they weigh the deals that"
                    " fit what they saw.",
        "rules.medium": "Medium bots do not reason about hidden cards: this is what could be "
                        "known.",
        "rules.easy": "Easy bots do not reason about hidden cards: this is what could be known.",
        "rules.other": "{seat} is not one of the bots that reason about hidden cards: this is what"
                       " could be known.",
        "none.all": "No decision in this deal had two or more cards to choose from.",
        "none.by_you": "You had no decision with two or more cards to choose from.",
        "none": "{seat} had no decision with two or more cards to choose from.",
        "pending": "(the card its search preferred is still being worked out…)",
        "counted": "every deal that fits counted",
        "samples.one": "{count} sampled deal",
        "samples.many": "{count} sampled deals",
    },
}
