"""The sentences of the screens that look back on play, a part of the one table of the
game's sentences (``messages.MESSAGES``): the coach's review of a deal (on screen and as
text), the replay's heading lines and the replay viewer's position line, and the dialogs
that ask for a bid or a call.

Forms, as in the rest of the table: ``one`` and ``many`` for a count; a word after a dot
for a case of its own (``same``: the hard level agrees). Actions and cards come as fields,
drawn by each caller its own way.
"""

from __future__ import annotations

REVIEWS: dict[str, dict[str, str]] = {
    "Bidding": {  # the side panel and the seats on the bidding, the bids so far
        "none": "Bidding: no bid yet",
        "high": "High bid {bid} ({seat})",
        "bidder": "Bidder {seat} · {contract}",
        "contract.none": "no bid, 61",
        "called": "Called {card} · partner: {partner}",
        "partner.unknown": "?",
        "partner.none": "nobody",
        "turn.auction": "to bid",
        "turn.call": "to call",
        "turn.discard": "to lay aside",
        "turn.choose": "to choose",
        "turn.play": "to play",
        "role.pass": "pass",
        "role.bid": "bid {bid}",
        "role.bidder": "bidder {bid}",
        "role.bidder.none": "bidder (61)",
        "role.partner": "partner",
        "bids.first": "You bid first.",
        "bids": "Bids so far: {bids}",
        "bids.one": "{seat} {bid}",
        "monte": "monte: {count}",
        "called.short": "called {card}",
        "phase.auction": "bidding",
        "phase.call": "calling",
    },
    "Dialog": {  # the dialogs that ask for a bid or a call, and a bot's failure
        "bid.title": "Your bid",
        "bid.span": "{low} to {high}",
        "bid.span.none": "nothing tops the bid",
        "bid.help": "The card points your side will take, {span} (up and down step it); 0 "
                    "passes. Your hand holds {points}.",
        "bid.not_number": "Type a number, or 0 to pass.",
        "bid.range": "A bid is 0 (pass) or from {low} to {high}.",
        "ranks.hint": "Each bid names a lower rank to call than the last; after Two, the "
                      "points rise. A pass is final.",
        "ranks.help": "{hint} Your hand: {points} points.",
        "ranks.two": "2  Two for {points}",
        "ranks.two.label": "Two for",
        "ranks.points": "points ({low}-{high}, up and down)",
        "ranks.points.range": "points: a bid is from {low} to {high}",
        "call.title": "Call a card",
        "call.help": "You need {need} card points. Its holder is your secret partner, its "
                     "suit trumps (your own card: you play alone). Type the rank as the card "
                     "shows it, then the suit's key; or use the arrows.",
        "call.held": "held {count}",
        "call.suit.held": "held {ranks}",
        "call.cannot": "That card cannot be called.",
        "call.choice": "You call {card}, the {name}: {suit} {glyph} trumps.  Enter calls it.",
        "call.choice.own": "You call {card}, the {name}: {suit} {glyph} trumps {own}.  Enter "
                           "calls it.",
        "call.own": "— you hold it: you play alone",
        "signal.title.one": "Signal to your partner",
        "signal.title.many": "Signal to your partners",
        "signal.help.one": "Your partner always sees it; an opponent may catch it.",
        "signal.help.many": "Your partners always see it; an opponent may catch it.",
        "bot_failed": "{seat} (bot) failed: {error}; it plays its first legal card.",
    },
    "Notice": {  # the table's notices: a bot replaced, the coach's hints, the hot seat
        "replaced.title": "A bot was replaced",
        "replaced": "{seat}'s program failed: a built-in bot plays the seat (see the log).",
        "replaced.log": "{seat}: {what}",
        "hints.off": "No hints in this match: it was set up without them.",
        "hints.shared": "No hints at a table shared over the network: the coach helps only "
                        "at a table played on this machine.",
        "hints.over": "The deal is over: hints are for a decision still to take.",
        "hints.turn": "Hints are for your own turn: ask when it is yours to act.",
        "hints.failed": "No hint this time: {error}",
        "hints.thinking": "The coach is thinking…",
        "hints.closes": "Playing, Esc or h puts the hint away.",
        "armed": "Enter plays the card chosen: press it again, or choose with ←→.",
        "handover": "Pass to {seat} — press Enter",
        "handover.hidden": "Every hand is hidden until then.",
    },
    "Replay": {
        # the replay's text: its heading lines
        "head": "{game} ({id}), {count} players",
        "rules": "House rules: {rules}",
        "rule": "{key} = {value}",
        "seats": "Seats: {seats}",
        "seats.dummy": "Players: {seats} (seated anew for each deal, with a dummy hand)",
        "seats.out": "Players: {seats} (seated anew for each deal, the dealer sitting out)",
        "seat": "{seat} {name}",
        "seat.stand_in": "{seat} {name} (played by {dealer})",
        "sides": "Sides: {sides}",
        "side": "team {team} = {name} (seats {seats})",
        "nobody": "nobody",
        "none": "none",
        "who": "seat {seat} ({name})",
        "who.start": "Seat {seat} ({name})",
        "standing": "{side} {score}",
        "hands": "Hands now: {hands}",
        "hand": "{seat} {cards}",
        # a side of the deal, by its part in the contract
        "side.bidder": "Bidder's side ({name})",
        "side.bidder.alone": "Bidder alone ({name})",
        "side.others": "the others ({name})",
        "side.bidder.seat": "{name} (bidder)",
        # counts of the match's goal
        "games.one": "{count} game",
        "games.many": "{count} games",
        "points.one": "{count} point",
        "points.many": "{count} points",
        "deals.one": "{count} deal",
        "deals.many": "{count} deals",
        # the replay viewer's position line
        "title": "Replay of {source}",
        "title.none": "Replay",
        "at.bidding": "the bidding",
        "at.cut_or_knock": "the cut or knock",
        "at.before": "before the play",
        "at.trick": "trick {number}",
        "at.trick.of": "trick {number} of {total}",
        "position": "Deal {deal} of {deals} · {trick} · step {step} of {last}",
        "position.more": "{position} · {more}",
        "view.open": "every hand open",
        "view.spectator": "as a spectator sees it",
        "end": "end of the deal",
        "end.open": "the record stops here",
    },
    "Cards": {  # cards in the coach's words
        "named": "the {card}",
        "trump": "the {rank} of trumps",
        "unseen": "{count} cards left in play",
    },
    "Review": {
        # an action as the coach names it
        "key": "{label} (key {key})",
        "signal": "the signal \"{meaning}\" (key s)",
        "discard": "lay aside {card}",
        "bid": "bid {bid}",
        "pass": "pass",
        "call": "call {card}",
        # the hint in the side panel
        "advised": "Advised: {action}",
        "advised.then": "Then: {action}",
        "advised.first": "Advised first: {action}",
        "legend": "points: your side's card points at the end of the deal, on average; win: "
                  "its chance to win the deal.",
        # a decision looked back on
        "chose": "Chose {played}; the hard level would have chosen {advised}.",
        "chose.same": "Chose {played}; the hard level would have done the same.",
        "rule_of_thumb": "A rule of thumb: the search gives expected points and win chances "
                         "for cards only.",
        "expected.one": "{best} was expected to bring your side about {hoped} card point; "
                        "{played} about {got}.",
        "expected.many": "{best} was expected to bring your side about {hoped} card points; "
                         "{played} about {got}.",
        "other_choice": "other choice",
        "mark.blunder": "?? blunder",
        "mark.mistake": "? mistake",
        # the review screen
        "title": "Review of deal {deal} · {seat}'s play",
        "title.you": "Review of deal {deal} · your play",
        "seat": "Seat {number}",
        "busy": "The coach is going over every decision of the deal…",
        "failed": "The review could not be made: {error}",
        "nothing": "Nothing to review: every card played was the only one that could be.",
        "summary.one": "{count} decision with a choice: {marks}; about {lost} expected card "
                       "points lost in all.",
        "summary.many": "{count} decisions with a choice: {marks}; about {lost} expected card "
                        "points lost in all.",
        "summary.clean": "no mistake",
        "blunders.one": "{count} blunder",
        "blunders.many": "{count} blunders",
        "mistakes.one": "{count} mistake",
        "mistakes.many": "{count} mistakes",
        "chart": "Your side's expected card points, trick by trick: {best} · {played} · "
                 "{marks}",
        "chart.best": "⠒⠒ with the best card",
        "chart.played": "⠒⠒ as played",
        "chart.marks": "x a mistake or blunder",
        "chart.missing": "(the chart needs the textual-plotext package)",
        "worst": "The worst",
        "worst.line": "Trick {trick} {mark}, {loss} points: {reason}",
        "played": "Played {played}",
        "played.best": "Played {played}; best {best}, {loss} points better",
        "same": "The coach would have played the same card.",
        "step.none": "No mistake to show.",
        "step.later": "No later mistake or blunder.",
        "step.earlier": "No earlier mistake or blunder.",
        # a position in a few lines
        "trick": "Trick {trick}",
        "trumps": "trumps {suit}",
        "table": "On the table: {plays}",
        "table.play": "{seat} {card}",
        "table.empty": "nothing yet: you lead",
        "hand": "Your hand: {cards}",
        "gone": "Gone ({count}): {cards}",
        "none": "none",
        "stock.one": "Stock: {count} card",
        "stock.many": "Stock: {count} cards",
        # the text report
        "text.head": "Deal {deal} of {game}, {who}",
        "text.head.samples": "Deal {deal} of {game}, {who}: {samples} sampled deals per "
                             "decision",
        "text.samples": "{low} to {high}",
        "text.seat": "seat {seat}",
        "text.seat.named": "seat {seat} ({player})",
        "text.forced": "No decision to review: every action of this seat was forced.",
        # {mistakes} and {blunders} are counted words: "1 mistake", "2 blunders"
        "text.lost": "{lost} expected card points lost; {mistakes}, {blunders}.",
        "text.costliest": "The costliest decisions:",
        "text.costly": "- trick {trick}, {played}: {reason}",
        "text.costly.marked": "- trick {trick}, {played}, {mark}: {reason}",
        "text.others": "Other decisions:",
        "text.other": "- {played}; the hard level: {advised}. {reason}",
        "text.other.same": "- {played}, as the hard level would. {reason}",
        "text.chart": "Expected card points of your side over the deal (| marks {half}, a "
                      "cell {cell} points), and its chance to win:",
        "text.start": "start",
        "text.result": "result",
        "text.trick": "trick {trick}",
    },
}
