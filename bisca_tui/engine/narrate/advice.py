"""The coach's sentences, a part of the one table of the game's sentences
(``messages.MESSAGES``): what a decision does, the search's verdict, a decision looked back on.
Each is one or more whole sentences with named fields. A key may have forms after a dot, one
whole sentence for each case that occurs: ``worth`` (the trick's points said), ``lowest`` (the
lowest trump that takes it), ``alone`` or ``partner`` (a call or bid with no partner or with
one), ``one`` or ``many`` (the plural), ``none`` (no points)."""

from __future__ import annotations

ADVICE: dict[str, str] = {
    # ----- playing a card: what the card does in this trick --------------------------
    "lead_sure": "Leads {card}: no card left in play can beat it, so the trick is yours.",
    "lead_sure_points": "Leads {card}: no card left in play can beat it, so its {points} "
                        "points are yours.",
    "lead_trump.one": "Leads {card} to draw out the other trumps: {left} is still out.",
    "lead_trump.many": "Leads {card} to draw out the other trumps: {left} are still out.",
    "lead_low": "Leads {card}, worth nothing, keeping your points and trumps for later "
                "tricks.",
    "lead_points": "Leads {card}, though {threats} can beat it.",
    "take_last": "Takes the trick with {card}: you play last.",
    "take_last.worth": "Takes the trick and its {points} points with {card}: you play last.",
    "take_partner_after": "Takes the trick with {card}: only your partner plays after you.",
    "take_partner_after.worth": "Takes the trick and its {points} points with {card}: only "
                                "your partner plays after you.",
    "take_gone_one": "Takes the trick with {card}; {gone} is already played, so nothing can "
                     "beat it.",
    "take_gone_one.worth": "Takes the trick and its {points} points with {card}; {gone} is "
                           "already played, so nothing can beat it.",
    "take_gone_one.lowest": "Takes the trick with {card}, your lowest trump that takes it; "
                            "{gone} is already played, so nothing can beat it.",
    "take_gone_one.worth.lowest": "Takes the trick and its {points} points with {card}, your "
                                  "lowest trump that takes it; {gone} is already played, so "
                                  "nothing can beat it.",
    "take_gone_many": "Takes the trick with {card}; {gone} are already played, so nothing can "
                      "beat it.",
    "take_gone_many.worth": "Takes the trick and its {points} points with {card}; {gone} are "
                            "already played, so nothing can beat it.",
    "take_gone_many.lowest": "Takes the trick with {card}, your lowest trump that takes it; "
                             "{gone} are already played, so nothing can beat it.",
    "take_gone_many.worth.lowest": "Takes the trick and its {points} points with {card}, your "
                                   "lowest trump that takes it; {gone} are already played, so "
                                   "nothing can beat it.",
    "take_master": "Takes the trick with {card}: no card can beat it.",
    "take_master.worth": "Takes the trick and its {points} points with {card}: no card can "
                         "beat it.",
    "take_master.lowest": "Takes the trick with {card}, your lowest trump that takes it: no "
                          "card can beat it.",
    "take_master.worth.lowest": "Takes the trick and its {points} points with {card}, your "
                                "lowest trump that takes it: no card can beat it.",
    "take_sure": "Takes the trick with {card}: no card left in play can beat it.",
    "take_sure.worth": "Takes the trick and its {points} points with {card}: no card left in "
                       "play can beat it.",
    "take_sure.lowest": "Takes the trick with {card}, your lowest trump that takes it: no "
                        "card left in play can beat it.",
    "take_sure.worth.lowest": "Takes the trick and its {points} points with {card}, your "
                              "lowest trump that takes it: no card left in play can beat it.",
    "take_try": "Goes for the trick with {card}, though {threats} could beat it.",
    "take_try.worth": "Goes for the trick and its {points} points with {card}, though "
                      "{threats} could beat it.",
    "take_try.lowest": "Goes for the trick with {card}, your lowest trump that takes it, "
                       "though {threats} could beat it.",
    "take_try.worth.lowest": "Goes for the trick and its {points} points with {card}, your "
                             "lowest trump that takes it, though {threats} could beat it.",
    "cannot_win": "Nothing in your hand beats {winner}: {card} gives away the least.",
    "cannot_win_keep": "Nothing in your hand beats {winner}: giving {card} keeps your other "
                       "cards for later tricks.",
    "duck_costs.one": "Lets the trick go with {card}: taking it with {taker} leaves your "
                      "side about {diff} card point fewer by the end of the deal.",
    "duck_costs.many": "Lets the trick go with {card}: taking it with {taker} leaves your "
                       "side about {diff} card points fewer by the end of the deal.",
    "duck_costs.worth.one": "Lets the trick and its {points} points go with {card}: taking "
                            "it with {taker} leaves your side about {diff} card point fewer "
                            "by the end of the deal.",
    "duck_costs.worth.many": "Lets the trick and its {points} points go with {card}: taking "
                             "it with {taker} leaves your side about {diff} card points "
                             "fewer by the end of the deal.",
    "duck_no_gain": "Lets the trick go with {card}: taking it with {taker} gains nothing by "
                    "the end of the deal.",
    "duck_no_gain.worth": "Lets the trick and its {points} points go with {card}: taking it "
                          "with {taker} gains nothing by the end of the deal.",
    "feed_last": "Your partner is winning the trick and no opponent plays after you: {card} "
                 "adds its {points} points.",
    "feed_top": "Your partner is winning the trick with a card nothing left in play can "
                "beat: {card} adds its {points} points.",
    "partner_keep": "Your partner is winning the trick; {card} keeps your counting cards "
                    "for later.",
    "partner_risk": "Your partner is winning, but the trick can still be taken after you: "
                    "{card} puts only {points} points at risk.",
    "partner_risk.none": "Your partner is winning, but the trick can still be taken after "
                         "you: {card} puts no points at risk.",
    "partner_secure": "Your partner's card could still be beaten, so {card} makes the "
                      "trick safe.",
    "partner_secure.worth": "Your partner's card could still be beaten, so {card} makes the "
                            "trick and its {points} points safe.",
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
    "compare_points.one": "{alt}, the next best, brings about {diff} card point fewer.",
    "compare_points.many": "{alt}, the next best, brings about {diff} card points fewer.",
    "close": "{alt} does about as well.",
    "estimate.one": "The search expects about {points} card point for your side, with a "
                    "{pct} chance to win the deal.",
    "estimate.many": "The search expects about {points} card points for your side, with a "
                     "{pct} chance to win the deal.",
    # ----- a decision looked back on -------------------------------------------------
    "cost_exact.one": "{played} loses exactly {loss} card point against {best}, with every "
                      "card known.",
    "cost_exact.many": "{played} loses exactly {loss} card points against {best}, with "
                       "every card known.",
    "cost_solved.one": "{played} loses about {loss} card point against {best} (solved "
                       "exactly on deals of the hidden cards).",
    "cost_solved.many": "{played} loses about {loss} card points against {best} (solved "
                        "exactly on deals of the hidden cards).",
    "cost.one": "{played} costs about {loss} card point against {best}.",
    "cost.many": "{played} costs about {loss} card points against {best}.",
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
    "bid_points.partner": "Bid {bid}: your hand should take about {estimate} card points "
                          "with {suit} as trumps, with a called partner.",
    "bid_points.alone": "Bid {bid}: your hand should take about {estimate} card points with "
                        "{suit} as trumps, playing alone.",
    "pass_points": "Pass: your hand should take about {estimate} card points at best, "
                   "short of {bid}.",
    "reopen": "Reopen: your hand should take about {estimate} card points, enough to "
              "bid.",
    "no_reopen": "Pass: your hand should take about {estimate} card points, not enough to "
                 "reopen.",
    "call_points.partner": "Call {card}: {suit} as trumps and its holder as your partner "
                           "gives the best expected payment for {need} points.",
    "call_points.alone": "Call {card}: {suit} as trumps, playing alone gives the best "
                         "expected payment for {need} points.",
    "bid_rank": "Bid {bid}: calling {card}, your side should take about {estimate} card "
                "points, enough for the contract to pay on average.",
    "pass_rank": "Pass: your best bid ({bid}, calling {card}) should take about {estimate} "
                 "card points, not enough for the contract to pay on average.",
    "call_rank.partner": "Call {card}: with {suit} as trumps and its holder as your "
                         "partner your side should take about {estimate} card points, the "
                         "most of your calls.",
    "call_rank.alone": "Call {card}: with {suit} as trumps, playing alone your side should "
                       "take about {estimate} card points, the most of your calls.",
    "rule": "The strongest bot would do the same here.",
}
