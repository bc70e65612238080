"""The Portuguese Bisca family: de Três, de Nove, de Quatro, de Seis and Capixaba."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from .cards import (
    HEARTS,
    PORTUGUESE,
    R_7,
    R_ACE,
    R_J,
    R_K,
    R_Q,
    make_card,
    pack36,
    rank_of,
    suit_of,
)
from .context import CutOrKnock
from .errors import LayoutError
from .exchange import ExchangeRule, two_for_any
from .narrate.sayings import Note, Refusal, told
from .phases import CUT_OR_KNOCK, DEALING, FINISHED, Phase
from .play import PartnersShownPlay
from .variant import (
    FREE,
    TRUMP_ON_TRUMP_AFTER_STOCK,
    DealScore,
    HouseRule,
    Signal,
    SpecialKey,
    Variant,
    register,
)

if TYPE_CHECKING:
    from .state import GameState

_event = tuple.__new__  # makes an event without its count check (once a deal, or more)

MATCH_RULE = HouseRule(
    "match", "best_of_7", ("best_of_7", "comb_10"),
    "best of 7: the first side to win 4 games takes the match; comb 10: the first to 10.",
)
INTERCEPT_RULE = HouseRule(
    "intercept", 0.25, (0.0, 0.1, 0.25, 0.5, 0.75, 1.0),
    "The chance that each opponent catches a signal meant for partners.",
)
SINGLE_GAME_RULE = HouseRule(
    "single_game_only", False, (False, True),
    "Any majority of card points is worth one game, however large.",
)


def _holds_trump(rank: int):
    def holds(hand: Sequence[int], trump: int) -> bool:
        return rank + trump * 10 in hand  # make_card(rank, trump)
    return holds


def _lower_trump(card: int, trump: int) -> bool:
    return suit_of(card) == trump and rank_of(card) in (1, 2, 3, 4, 5)


def _plain_top(card: int, trump: int) -> bool:
    return suit_of(card) != trump and rank_of(card) in (R_ACE, R_7)


def _holds_any(test):
    """``test`` for any card of a hand. The engine asks it on every turn (it offers only the
    true signs), so for each trump suit the cards that pass are listed once (either copy)."""
    passing = {t: frozenset(c for c in range(80) if test(c, t)) for t in range(4)}

    def holds(hand: Sequence[int], trump: int) -> bool:
        cards = passing.get(trump)
        if cards is None:  # not a suit: asked card by card
            return any(test(c, trump) for c in hand)
        return not cards.isdisjoint(hand)
    return holds


BISCA_SIGNALS = (
    Signal("ace_of_trumps", "The Ace of trumps", "eyebrows raised high, brow creased",
           _holds_trump(R_ACE)),
    Signal("seven_of_trumps", "The 7 of trumps", "a wink", _holds_trump(R_7)),
    Signal("king_of_trumps", "The King of trumps", "tongue pushed into the right cheek",
           _holds_trump(R_K)),
    Signal("jack_of_trumps", "The Jack of trumps", "a sign on the left cheek",
           _holds_trump(R_J)),
    Signal("queen_of_trumps", "The Queen of trumps", "the tip of the tongue, shown for a moment",
           _holds_trump(R_Q)),
    Signal("lower_trump", "A small trump (6 down to 2)", "lips pursed as for a kiss",
           _holds_any(_lower_trump)),
    Signal("plain_ace_or_seven", "An Ace or 7 of a plain suit", "a quick bite of the lower lip",
           _holds_any(_plain_top)),
)


class BiscaBase(Variant):
    family = "bisca"
    ranking = PORTUGUESE
    pack_style = "portuguese"
    restriction = FREE

    def two_sides(self, state: GameState) -> tuple[list[int], list[int], int | None]:
        pts, tricks = self.team_points(state)
        if pts[0] == pts[1]:
            return pts, tricks, None
        return pts, tricks, 0 if pts[0] > pts[1] else 1

    def no_game(self, pts: list[int], tricks: list[int]) -> DealScore:
        return DealScore(tuple(pts), tuple(tricks), (0,) * self.n_teams,
                         (told(Note("no_game", points=pts[0], other=pts[1])),), None)

    def won(self, pts: list[int], tricks: list[int], w: int, games: int, why: str,
            state: GameState | None = None, **fields: int) -> DealScore:
        """The deal won by side ``w``, for ``games`` games; ``why`` names the table's note
        (``won.WHY``), ``fields`` fill it."""
        gp = [0] * self.n_teams
        gp[w] = games
        notes: list[str] = []
        if state is not None:
            for i, g in enumerate(state.deal_game_points):
                gp[i] += g
            notes = [e.reason for e in state.score_events]
        form = ".one" if games == 1 else ".many"
        notes.append(told(Note("won." + why + form, games=games, **fields)))
        return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes), w)


@register
class BiscaTres(BiscaBase):
    id = "bisca-3"
    name = "Bisca de Três"
    description = "Two players, three cards in hand, draw from the stock after every trick."
    players = (2,)
    default_players = 2
    hand_size = 3
    batches = (3,)
    house_rules = (
        MATCH_RULE,
        HouseRule("extra_games", False, (False, True),
                  "91 or more card points win 2 games, all 120 points win 4."),
    )

    def score(self, state: GameState) -> DealScore:
        pts, tricks, w = self.two_sides(state)
        if w is None:
            return self.no_game(pts, tricks)
        p = pts[w]
        if self.options["extra_games"]:
            if p == 120:
                return self.won(pts, tricks, w, 4, "all_points", points=120)
            if p >= 91:
                return self.won(pts, tricks, w, 2, "or_more", points=p, low=91)
        return self.won(pts, tricks, w, 1, "or_more", points=p, low=61)


@register
class BiscaNove(BiscaBase):
    id = "bisca-9"
    name = "Bisca de Nove"
    description = ("Two players, nine cards dealt in threes; once the stock is gone a trump "
                   "lead must be answered with a trump.")
    players = (2,)
    default_players = 2
    hand_size = 9
    batches = (3, 3, 3)
    restriction = TRUMP_ON_TRUMP_AFTER_STOCK
    house_rules = (MATCH_RULE,)

    def score(self, state: GameState) -> DealScore:
        pts, tricks, w = self.two_sides(state)
        if w is None:
            return self.no_game(pts, tricks)
        p = pts[w]
        if tricks[w] == sum(tricks):
            return self.won(pts, tricks, w, 4, "every_trick")
        if p >= 82:
            return self.won(pts, tricks, w, 2, "or_more", points=p, low=82)
        return self.won(pts, tricks, w, 1, "range", points=p, low=61, high=81)


class TeamBisca(BiscaBase):
    """Bisca de Quatro and de Seis: partners in alternate seats, three cards each."""

    hand_size = 3
    batches = (3,)

    def score(self, state: GameState) -> DealScore:
        pts, tricks, w = self.two_sides(state)
        if w is None:
            return self.no_game(pts, tricks)
        p = pts[w]
        if self.options["single_game_only"]:
            return self.won(pts, tricks, w, 1, "majority", points=p)
        if tricks[w] == sum(tricks):
            return self.won(pts, tricks, w, 4, "every_trick")
        if p >= 91:
            return self.won(pts, tricks, w, 2, "or_more", points=p, low=91)
        return self.won(pts, tricks, w, 1, "range", points=p, low=61, high=90)


@register
class BiscaSeis(TeamBisca):
    id = "bisca-6"
    name = "Bisca de Seis"
    description = "Six players, three against three in alternate seats, 36 cards, signals."
    players = (6,)
    default_players = 6
    house_rules = (MATCH_RULE, SINGLE_GAME_RULE, INTERCEPT_RULE)
    signals = BISCA_SIGNALS

    def pack(self) -> list[int]:
        return pack36()


@register
class BiscaQuatro(TeamBisca):
    id = "bisca-4"
    name = "Bisca de Quatro"
    description = "Four players, two against two, the full 40-card pack."
    players = (4,)
    default_players = 4
    house_rules = (
        MATCH_RULE, SINGLE_GAME_RULE,
        HouseRule("signals", False, (False, True),
                  "Partners may tell each other their holdings by signs, as in Bisca de Seis."),
        INTERCEPT_RULE,
    )

    def active_signals(self) -> tuple[Signal, ...]:
        return BISCA_SIGNALS if self.options["signals"] else ()


# the choices without a buried card, made once: a record is immutable, so deals share them
_CUT = CutOrKnock("cut")
_KNOCK = CutOrKnock("knock")


class CutOrKnockPhase(Phase):
    """Bisca Capixaba, before the deal: the seat to the dealer's right cuts (an indicator
    is turned; an Ace or 7 is buried and another turned) or knocks (hearts are trumps,
    without an indicator). A given layout allows only the choice it was made by."""

    name = CUT_OR_KNOCK

    def start(self, state: GameState) -> None:
        state.current = state.eldest

    def legal(self, state: GameState) -> list[int]:
        lay = state.layout_given
        if lay is None:
            return [A.CUT, A.KNOCK]
        return [A.KNOCK] if lay.indicator is None else [A.CUT]

    def why_not(self, state: GameState, action: int) -> Refusal:
        if action in (A.CUT, A.KNOCK):
            return Refusal("cut.layout")
        return Refusal("cut.first")

    def why_late(self, state: GameState, action: int) -> Refusal | None:
        if action in (A.CUT, A.KNOCK):
            return Refusal("cut.late")
        if action == A.EXCHANGE:
            return Refusal("cut.knocked")
        return Refusal("cut.not_in_game")

    def apply(self, state: GameState, action: int) -> None:
        if action == A.CUT:
            if state.layout_given is not None:
                state.cut_or_knock = _CUT
                state.events.append(_event(E.Cut, (state.eldest, 0,
                                                   state.layout_given.indicator)))
                state.deal_standard()
                return
            deck = state.deck
            buried = 0
            while True:
                card = deck.pop(0)
                if rank_of(card) not in (R_ACE, R_7):
                    break
                # an Ace or 7 may not be the indicator: bury it at random, turn another
                deck.insert(state.rng.randrange(1, len(deck) + 1), card)
                buried += 1
            state.cut_or_knock = CutOrKnock("cut", buried) if buried else _CUT
            state.events.append(_event(E.Cut, (state.eldest, buried, card)))
            state.deal_standard(indicator_first=card)
        else:
            state.cut_or_knock = _KNOCK
            state.events.append(_event(E.Knock, (state.eldest, HEARTS)))
            state.deal_standard(trump=HEARTS)


@register
class BiscaCapixaba(BiscaBase):
    id = "bisca-capixaba"
    name = "Bisca Capixaba"
    description = ("Four players in partnership from Brazil: cut or knock for hearts, heley "
                   "scores mid-deal, first team to 4 game points.")
    players = (4,)
    default_players = 4
    hand_size = 3
    batches = (3,)
    may_lack_indicator = True
    phases = (DEALING, CutOrKnockPhase(), PartnersShownPlay(), FINISHED)
    special_keys = (SpecialKey("c", A.CUT, "Cut"), SpecialKey("k", A.KNOCK, "Knock"),
                    SpecialKey("x", A.EXCHANGE, "Exchange the 2"))
    exchange = ExchangeRule(two_for_any, announce=False, first_trick_only=True, once=True)
    house_rules = (
        HouseRule("rodar_literal", False, (False, True),
                  "Read 'rodar o 7' literally: 2 game points when hearts are NOT trumps, "
                  "1 when they are."),
    )

    def match_target(self) -> int:
        return 4

    # --- cut or knock, and the deal -----------------------------------------------

    def check_layout(self, layout) -> None:
        if layout.indicator is None and layout.trump != HEARTS:
            raise LayoutError("after a knock hearts are trumps; a layout without an "
                              "indicator must have trump H")
        if layout.indicator is not None and rank_of(layout.indicator) in (R_ACE, R_7):
            raise LayoutError("an Ace or 7 is never left as the indicator; it is buried "
                              "and another card turned")

    def begin(self, state: GameState) -> None:
        state.enter(CUT_OR_KNOCK)

    def exchange_rule(self, state: GameState) -> ExchangeRule | None:
        """The 2 of trumps for the indicator, once, before one's first card; after a cut."""
        made = state.cut_or_knock  # asked on every turn while the stock lasts: no property
        return self.exchange if made is not None and made.choice != "knock" else None

    # --- heley ---------------------------------------------------------------------

    def after_trick(self, state: GameState, seats: list[int], cards: list[int],
                    winner: int, last: bool) -> None:
        trump = state.trump
        seven = make_card(R_7, trump)
        if seven not in cards:  # most tricks: no heley
            return
        ace = make_card(R_ACE, trump)
        hearts = trump == HEARTS
        team = self.team_of
        j = cards.index(seven)
        if ace in cards:
            i = cards.index(ace)
            ace_team = team[seats[i]]
            if i == j + 1:
                state.add_game_points(ace_team, 2 if hearts else 1,
                                      told(Note("heley.straight")))
            elif j == 0 and i == 3:
                state.add_game_points(team[winner], 3 if hearts else 2,
                                      told(Note("heley.roda")))
            elif abs(i - j) == 2:
                if not last:
                    state.add_game_points(1 - ace_team, 3 if hearts else 2,
                                          told(Note("heley.partners")))
            elif i < j:
                state.add_game_points(ace_team, 4 if hearts else 2,
                                      told(Note("heley.after")))
        elif j == 0 and winner == seats[0]:
            if self.options["rodar_literal"]:
                gp = 1 if hearts else 2
            else:
                gp = 2 if hearts else 1
            state.add_game_points(team[seats[0]], gp, told(Note("rodar")))

    # --- scoring -------------------------------------------------------------------

    def score(self, state: GameState) -> DealScore:
        pts, tricks, w = self.two_sides(state)
        hearts = state.trump == HEARTS
        if w is None:
            # 60-60: the deal has no winner, though heleys scored in it still count
            gp = tuple(state.deal_game_points)
            notes = [e.reason for e in state.score_events]
            notes.append(told(Note("no_game", points=pts[0], other=pts[1])))
            return DealScore(tuple(pts), tuple(tricks), gp, tuple(notes), None)
        p = pts[w]
        if p == 120:
            return self.won(pts, tricks, w, 4, "all_points", state, points=120)
        if p >= 90:
            return self.won(pts, tricks, w, 3 if hearts else 2, "capote", state, taken=120 - p)
        return self.won(pts, tricks, w, 2 if hearts else 1,
                        "range_hearts" if hearts else "range", state, points=p, low=61, high=89)
