"""The table's sentences of the rules (``MESSAGES["Refusal"]`` and ``MESSAGES["Note"]``).

``REFUSALS``: the rule that an illegal action breaks, one sentence per case (the engine's
``Refusal`` values name them: ``GameState.explain``, each phase's ``why_not``). ``NOTES``: what
a finished deal is worth and why (``DealScore.notes``), and the reasons for game points
scored during play (``PointsScored.reason``), named by the engine's ``Note`` values. A
``.one`` and a ``.many`` form are the singular and the plural of one sentence. A field may
be a clause of the table itself (``{why}``: a ``Note`` of its own, told first).
"""

from __future__ import annotations

__all__ = ["NOTES", "REFUSALS"]

REFUSALS: dict[str, str] = {
    # ----- any phase
    "not_in_game": "that action is not part of this game",
    "not_dealt": "the cards are not yet dealt",
    "deal_over": "the deal is over",
    "nobody_to_act": "nobody is to act",
    "not_your_turn": "it is seat {current}'s turn, not seat {seat}'s",
    # ----- play: cards, the rules of play, signs
    "not_in_hand": "{card} is not in seat {seat}'s hand",
    "card_not_now": "that card cannot be played now",
    "trump_on_trump": "once the stock is gone, a trump lead must be answered with a trump "
                      "by a player who has one",
    "follow_suit": "you must follow suit ({led} were led) when you can",
    "must_trump": "a player who cannot follow suit must play a trump when holding one",
    "arrastre.beat": "once the stock is gone you must beat the trick when you can "
                     "({led} were led)",
    "arrastre.follow": "once the stock is gone you must follow suit ({led} were led)",
    "arrastre.beat_trump": "once the stock is gone you must beat the trump on the trick "
                           "when you can",
    "arrastre.trump": "once the stock is gone a player who cannot follow suit must trump",
    "dark_two": "no two may be played to the first trick, played in the dark, except by the "
                "bidder playing last to it",
    "no_signals": "signals are not part of this game",
    "signal_sent": "that signal was already sent this turn",
    "signal_untrue": "a signal must be true: seat {seat} does not hold {meaning}",
    # ----- the trump exchange
    "exchange.none": "there is no exchange of the indicator in this game now",
    "exchange.stock": "the indicator may only be exchanged while the stock lasts",
    "exchange.announced": "an exchange is already announced under the indicator",
    "exchange.done": "the indicator has already been exchanged",
    "exchange.first_trick": "the indicator may only be exchanged before playing to the "
                            "first trick",
    "exchange.indicator": "the {indicator} cannot be exchanged",
    "exchange.holder": "only the holder of the {rank} of trumps may exchange it for the "
                       "indicator (the {indicator})",
    # ----- the cut or knock (Bisca Capixaba)
    "cut.layout": "this deal's layout was made the other way (cut with an indicator, "
                  "knock without)",
    "cut.first": "the seat to the dealer's right must first choose to cut or knock",
    "cut.late": "the cut or knock has already been chosen",
    "cut.knocked": "after a knock there is no indicator to exchange",
    "cut.not_in_game": "that action is not part of Bisca Capixaba",
    # ----- the auction
    "bid.over": "the bidding is over",
    "bid.reopen": "everyone passed: reopen the bidding at {lowest}, or pass to agree to a "
                  "redeal",
    "bid.reopen_early": "the bidding may only be reopened once everyone has passed",
    "bid.unknown": "{bid} is not a bid of this game",
    "bid.top": "nothing tops the high bid ({high}): pass",
    "bid.low": "a bid must top the high bid ({high}): the lowest now is {lowest}; or pass",
    "bid.first": "the bidding comes first: bid or pass",
    "bid.late": "the bidding and the call are over",
    # ----- the call
    "call.first": "the high bidder must now call a card (its suit becomes trumps)",
    "call.card": "the {card} cannot be called",
    "call.any": "any card may be called",
    "call.any_card": "the {card} may be called: any card may",
    "call.two": "the call is always a two: name the suit you want as trumps",
    "call.two_or_lacking": "after a bid of two the call is the 2 of the trump suit, or, "
                           "holding the 2 of {suit}, the lowest card of {suit} you lack",
    "call.rank": "the bid was {rank}: call the {rank} of the suit you want as trumps, not "
                 "the {card}",
    # ----- the monte: claims, discards, the declaration
    "claim.first": "a player without counting cards may first show the hand for a redeal "
                   "(redeal) or keep it (pass)",
    "claim.late": "a redeal may only be asked for before the first bid, for a hand without "
                  "counting cards",
    "discard.first": "the bidder lays aside {count} cards of the hand, one at a time, before "
                     "anything else",
    "declare.holds": "the bidder holds the called card: play alone (alone) or show it and "
                     "partner the right-hand neighbour (show)",
    "declare.lacks": "the bidder does not hold the called card: play on (pass)",
}

NOTES: dict[str, str] = {
    # ----- a deal won (``won.WHY.one``: one game, ``.many``: more), and why
    "won.all_points.one": "all {points} points: {games} game",
    "won.all_points.many": "all {points} points: {games} games",
    "won.every_trick.one": "every trick: {games} game",
    "won.every_trick.many": "every trick: {games} games",
    "won.or_more.one": "{points} points ({low} or more): {games} game",
    "won.or_more.many": "{points} points ({low} or more): {games} games",
    "won.range.one": "{points} points ({low} to {high}): {games} game",
    "won.range.many": "{points} points ({low} to {high}): {games} games",
    "won.range_hearts.one": "{points} points ({low} to {high}), hearts trumps: {games} game",
    "won.range_hearts.many": "{points} points ({low} to {high}), hearts trumps: {games} games",
    "won.more_than.one": "{points} points (more than {low}): {games} game",
    "won.more_than.many": "{points} points (more than {low}): {games} games",
    "won.majority.one": "{points} points (majority, single game only): {games} game",
    "won.majority.many": "{points} points (majority, single game only): {games} games",
    "won.capote.one": "capote: the losers took {taken} (under 31): {games} game",
    "won.capote.many": "capote: the losers took {taken} (under 31): {games} games",
    "won.match.one": "every trick: the match: {games} game",
    "won.match.many": "every trick: the match: {games} games",
    "won.match_carried_deal.one": "every trick: the match"
                                  " (the {carried} tied deal carried counted in): {games} game",
    "won.match_carried_deal.many": "every trick: the match"
                                   " (the {carried} tied deal carried counted in): {games} games",
    "won.match_carried_deals.one": "every trick: the match"
                                   " (the {carried} tied deals carried counted in): {games} game",
    "won.match_carried_deals.many": "every trick: the match"
                                    " (the {carried} tied deals carried counted in): {games} games",
    # ----- no game, ties, running totals
    "no_game": "{points}-{other}: no game",
    "tie": "{points}-{other}: a tie, no game",
    "tie.carry": "carried to the next decided deal",
    "carried.one": "+{carried} for tied deal carried",
    "carried.many": "+{carried} for tied deals carried",
    "running_total": "{points}-{other}: card points added to the running total",
    "highest": "{points} points, the highest: 1 game",
    "highest.shared": "{points} points each, the highest shared: 1 game to each of {count}",
    # ----- deals thrown in
    "redeal.passed": "everyone passed: the same dealer deals again",
    "redeal.claimed": "seat {seat} shows a hand without counting cards: the same dealer "
                      "deals again",
    # ----- contracts (the calling games): the bid, the side, made or failed
    "contract.alone.made": "bid {bid}, alone: {points} points, made (needed {need})",
    "contract.alone.failed": "bid {bid}, alone: {points} points, failed (needed {need})",
    "contract.partner.made": "bid {bid}, with a partner: {points} points, made "
                             "(needed {need})",
    "contract.partner.failed": "bid {bid}, with a partner: {points} points, failed "
                               "(needed {need})",
    "contract.neighbour.made": "bid {bid}, with the right-hand neighbour: {points} points, "
                               "made (needed {need})",
    "contract.neighbour.failed": "bid {bid}, with the right-hand neighbour: {points} "
                                 "points, failed (needed {need})",
    "contract.none.alone.made": "no bid: the dealer needs 61, alone: {points} points, made "
                                "(needed {need})",
    "contract.none.alone.failed": "no bid: the dealer needs 61, alone: {points} points, "
                                  "failed (needed {need})",
    "contract.none.partner.made": "no bid: the dealer needs 61, with a partner: {points} "
                                  "points, made (needed {need})",
    "contract.none.partner.failed": "no bid: the dealer needs 61, with a partner: {points} "
                                    "points, failed (needed {need})",
    "doubled.sweep": "every trick to one side: payments doubled",
    "doubled.bid": "a bid of {bid} or more: payments doubled",
    "doubled.all_points": "all 120 points to one side: payments doubled",
    # ----- game points scored during play (Bisca Capixaba's heleys)
    "heley.straight": "heley: the Ace of trumps played straight on the 7",
    "heley.roda": "heley de roda: the 7 led, the Ace fourth",
    "heley.partners": "heley de parceiros: partners played the Ace and 7",
    "heley.after": "heley: an opponent played the 7 after the Ace",
    "rodar": "rodar o 7: the 7 led and not beaten",
}
