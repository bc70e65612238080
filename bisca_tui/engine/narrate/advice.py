"""The coach's sentences, a part of the one table of the game's sentences
(``messages.MESSAGES``): what a decision does, the search's verdict, a decision looked back on.
Each is one or more whole sentences with named fields; ``ADVICE_PARTS`` are the few pieces
some of them take in a field (``{how}``)."""

from __future__ import annotations

ADVICE: dict[str, str] = {
    # ----- playing a card: what the card does in this trick --------------------------
    "lead_sure": "Leads {card}: no card left in play can beat it, so the trick is yours.",
    "lead_sure_points": "Leads {card}: no card left in play can beat it, so its {points} "
                        "points are yours.",
    "lead_trump": "Leads {card} to draw out the other trumps: {left} still out.",
    "lead_low": "Leads {card}, worth nothing, keeping your points and trumps for later "
                "tricks.",
    "lead_points": "Leads {card}, though {threats} can beat it.",
    "take_last": "Takes the trick{worth} with {card}: you play last.",
    "take_partner_after": "Takes the trick{worth} with {card}: only your partner plays "
                          "after you.",
    "take_gone_one": "Takes the trick{worth} with {card}{lowest}; {gone} is already "
                     "played, so nothing can beat it.",
    "take_gone_many": "Takes the trick{worth} with {card}{lowest}; {gone} are already "
                      "played, so nothing can beat it.",
    "take_master": "Takes the trick{worth} with {card}{lowest}: no card can beat it.",
    "take_sure": "Takes the trick{worth} with {card}{lowest}: no card left in play can "
                 "beat it.",
    "take_try": "Goes for the trick{worth} with {card}{lowest}, though {threats} could beat "
                "it.",
    "cannot_win": "Nothing in your hand beats {winner}: {card} gives away the least.",
    "cannot_win_keep": "Nothing in your hand beats {winner}: giving {card} keeps your other "
                       "cards for later tricks.",
    "duck_costs": "Lets the trick{worth} go with {card}: taking it with {taker} leaves your "
                  "side about {diff} fewer by the end of the deal.",
    "duck_no_gain": "Lets the trick{worth} go with {card}: taking it with {taker} gains "
                    "nothing by the end of the deal.",
    "feed_last": "Your partner is winning the trick and no opponent plays after you: {card} "
                 "adds its {points} points.",
    "feed_top": "Your partner is winning the trick with a card nothing left in play can "
                "beat: {card} adds its {points} points.",
    "partner_keep": "Your partner is winning the trick; {card} keeps your counting cards "
                    "for later.",
    "partner_risk": "Your partner is winning, but the trick can still be taken after you: "
                    "{card} puts {at_risk} at risk.",
    "partner_secure": "Your partner's card could still be beaten, so {card} makes the "
                      "trick{worth} safe.",
    "partner_raise": "Your partner's card could still be beaten: {card} goes over it, so "
                     "that fewer cards can take the trick.",
    "overtake": "Plays {card} over your partner's winning card.",
    "plain": "Plays {card}.",
    "dark": "Trumps are not named yet, so any card may still be beaten; the strongest bot "
            "plays {card}.",
    # what a card kept back is for
    "keep": "Keep {taker}: {top} is still out.",
    # ----- the search's verdict ------------------------------------------------------
    "exact_win": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points and wins it.",
    "exact_loss": "Every card is known now: with best play on both sides your side ends "
                  "the deal with {points} points and loses it.",
    "exact_tie": "Every card is known now: with best play on both sides your side ends "
                 "the deal with {points} points, a tie.",
    "solved_win": "Solved exactly on {samples} deals of the hidden cards, it wins the "
                  "deal in every one.",
    "solved_loss": "Solved exactly on {samples} deals of the hidden cards, the deal is "
                   "lost in every one; this saves the most points.",
    "compare_win": "{alt}, the next best, wins the deal {pct} less often.",
    "compare_points": "{alt}, the next best, brings about {diff} fewer.",
    "close": "{alt} does about as well.",
    "estimate": "The search expects about {points} card points for your side, with a "
                "{pct} chance to win the deal.",
    # ----- a decision looked back on -------------------------------------------------
    "cost_exact": "{played} loses exactly {loss} against {best}, with every card known.",
    "cost_solved": "{played} loses about {loss} against {best} (solved exactly on deals of "
                   "the hidden cards).",
    "cost": "{played} costs about {loss} against {best}.",
    "cost_win": "{played} drops the chance of winning the deal from {before} to "
                "{after}; {best} was better.",
    "better": "Better: {reason}",
    # ----- other decisions, from the rules of thumb ----------------------------------
    "cut": "Cut: your side is not behind in the match, so there is no need to raise the "
           "stakes.",
    "knock": "Knock: your side is behind in the match, and hearts as trumps raise the "
             "stakes.",
    "exchange": "Exchange: the indicator, {card}, is a stronger trump than the one you "
                "give for it.",
    "redeal": "Your hand has no counting card: show it and the cards are dealt again.",
    "show": "You hold the called card: showing it makes your neighbour your partner, "
            "which beats playing alone.",
    "signal": "Signal {meaning} to your partner: a partner who knows your cards plays to "
              "them.",
    "ask_points": "Ask your partner for points: the card you mean to play takes this trick "
                  "for sure, and your partner plays after you.",
    "ask_cards": "Ask your partner to tell you their cards: the stock is gone, so every "
                 "card left is in a hand, and knowing your partner's plays the end right.",
    "discard": "Lay aside {card}, the cheapest card you hold: keep the cards that take "
               "tricks.",
    "name_trumps": "Name {suit} as trumps: your hand is strongest in that suit.",
    "call_top": "Call {card}, the strongest trump you do not hold: its holder becomes "
                "your partner.",
    "bid_strong": "Bid: your hand is strong enough to play the contract.",
    "pass_weak": "Pass: your hand is not strong enough to bid.",
    "bid_points": "Bid {bid}: your hand should take about {estimate} card points with "
                  "{suit} as trumps, {how}.",
    "pass_points": "Pass: your hand should take about {estimate} card points at best, "
                   "short of {bid}.",
    "reopen": "Reopen: your hand should take about {estimate} card points, enough to "
              "bid.",
    "no_reopen": "Pass: your hand should take about {estimate} card points, not enough to "
                 "reopen.",
    "call_points": "Call {card}: {suit} as trumps{how} gives the best expected payment "
                   "for {need} points.",
    "bid_rank": "Bid {bid}: played out on sampled deals, calling {card} pays on average.",
    "pass_rank": "Pass: played out on sampled deals, your best bid ({bid}, calling {card}) "
                 "does not pay on average.",
    "call_rank": "Call {card}: with {suit} as trumps{how} your side should take about "
                 "{estimate} card points, the most of your calls.",
    "rule": "The strongest bot would do the same here.",
}

ADVICE_PARTS: dict[str, str] = {
    "alone": ", playing alone",
    "partner": " and its holder as your partner",
    "bid_alone": "playing alone",
    "bid_partner": "with a called partner",
}
