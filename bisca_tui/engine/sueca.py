"""Sueca and its variations: every card dealt, the dealer's last card sets trumps.

The dealer's last card is turned face up: its suit is trumps and every seat knows the dealer
holds it until it is played. Players must follow suit; a void player may trump or discard
freely (Sueca Italiana, a file of its own in ``games``: must trump if able).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import phases as P
from .auction import DEALER_AT_ZERO, AuctionRules, Points
from .calling import CalledPartnerGame
from .cards import PORTUGUESE, card_str, parse_card
from .errors import LayoutError
from .narrate.sayings import Note, told
from .play import DummyPlay, OpenHandsPlay
from .variant import FOLLOW_SUIT, DealScore, HouseRule, Variant, register

if TYPE_CHECKING:
    from .state import GameState

MATCH_RULE = HouseRule("match", 4, (4, 5, 10),
                       "Games a side needs to win the match.")
SWEEP_RULE = HouseRule(
    "sweep", "points", ("points", "tricks"),
    "points: all the card points win 4 games. tricks: all the tricks win the whole match at "
    "once; all the points without every trick win 2 games.",
)
TIE_RULE = HouseRule(
    "tie", "void", ("void", "carry"),
    "void: a tied deal scores nothing. carry: the next decided deal scores one extra game for "
    "each tie before it.",
)


class SuecaBase(Variant):
    family = "sueca"
    ranking = PORTUGUESE
    pack_style = "portuguese"
    players = (4,)
    default_players = 4
    hand_size = 10
    batches = (5, 5)
    has_indicator = False
    may_lack_indicator = True
    draws = False
    restriction = FOLLOW_SUIT
    house_rules: tuple[HouseRule, ...] = (MATCH_RULE, SWEEP_RULE, TIE_RULE)

    def match_target(self) -> int:
        return int(self.options.get("match", 4))

    # --- the deal ------------------------------------------------------------------

    def begin(self, state: GameState) -> None:
        lay = state.layout_given
        if lay is None:
            trump_card = state.deck[-1]  # dealt last, so it lands in the dealer's hand
            state.deal_standard(trump=self.suit[trump_card])
        else:
            trump_card = lay.hands[state.dealer][-1]
            if self.suit[trump_card] != lay.trump:
                raise LayoutError(
                    f"the dealer's last card ({card_str(trump_card)}) sets trumps, so trump "
                    f"must be its suit"
                )
            state.deal_standard()
        state.indicator_card = trump_card
        state.make_public(state.dealer, trump_card)
        state.events.append(E.TrumpShown(state.dealer, trump_card))

    # --- scoring -------------------------------------------------------------------

    def total_points(self) -> int:
        return sum(self.points[c] for c in self.pack())

    def deal_points(self, state: GameState) -> tuple[list[int], list[int]]:
        return self.team_points(state)

    def score(self, state: GameState) -> DealScore:
        pts, tricks = self.deal_points(state)
        total = sum(pts)
        gp = [0] * self.n_teams
        if pts[0] == pts[1]:
            notes = [told(Note("tie", points=pts[0], other=pts[1]))]
            if self.options.get("tie") == "carry":
                notes.append(told(Note("tie.carry")))
            return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes), None)
        w = 0 if pts[0] > pts[1] else 1
        p = pts[w]
        all_tricks = tricks[w] == sum(tricks)
        carried = state.context.ties_before if self.options.get(
            "tie") == "carry" else 0
        if self.options.get("sweep") == "tricks" and all_tricks:
            # the whole match at once: exactly the games still needed, carried ties included
            target = state.target or self.match_target()
            needed = max(1, target - state.match_points[w])
            form = ".one" if needed == 1 else ".many"
            if not carried:
                note = Note("won.match" + form, games=needed)
            else:
                why = "won.match_carried_deal" if carried == 1 else "won.match_carried_deals"
                note = Note(why + form, games=needed, carried=carried)
            gp[w] = needed
            notes = [told(note)]
            return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes), w)
        if p == total and self.options.get("sweep") != "tricks":
            games, note = 4, Note("won.all_points.many", points=total, games=4)
        elif 4 * p > 3 * total:
            games, note = 2, Note("won.more_than.many", points=p, low=3 * total // 4, games=2)
        else:
            games, note = 1, Note("won.more_than.one", points=p, low=total // 2, games=1)
        notes = [told(note)]
        if carried:
            games += carried
            notes.append(told(Note("carried.one" if carried == 1 else "carried.many",
                                    carried=carried)))
        gp[w] = games
        return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes), w)


@register
class Sueca(SuecaBase):
    id = "sueca"
    name = "Sueca"
    description = "Four players in partnership, ten cards each, follow suit; the dealer's " \
                  "last card sets trumps."


@register
class SuecaAberta(SuecaBase):
    id = "sueca-aberta"
    name = "Sueca Aberta"
    description = "Sueca with every hand face up: a form for learning."
    phases = (P.DEALING, OpenHandsPlay(), P.FINISHED)


@register
class SuecaPontos(SuecaBase):
    id = "sueca-pontos"
    name = "Sueca de Pontos"
    description = "Sueca where card points add up from deal to deal; first side to 500."
    house_rules = ()
    score_unit = "points"

    def match_target(self) -> int:
        return 500

    def score(self, state: GameState) -> DealScore:
        pts, tricks = self.deal_points(state)
        w = None if pts[0] == pts[1] else (0 if pts[0] > pts[1] else 1)
        return DealScore(tuple(pts), tuple(tricks), tuple(pts),
                         (told(Note("running_total", points=pts[0], other=pts[1])),), w)


@register
class SuecaBrasileira(SuecaBase):
    id = "sueca-brasileira"
    name = "Sueca Brasileira"
    description = "Sueca with a bonus for the last trick counted into the deal's points."
    house_rules = SuecaBase.house_rules + (
        HouseRule("last_trick_bonus", 10, (0, 5, 10, 20),
                  "Card points for the side that takes the last trick."),
    )

    def total_points(self) -> int:
        return 120 + int(self.options["last_trick_bonus"])

    def after_trick(self, state: GameState, seats: list[int], cards: list[int],
                    winner: int, last: bool) -> None:
        if last:
            state.points[winner] += int(self.options["last_trick_bonus"])


@register
class SuecaDupla(SuecaBase):
    id = "sueca-dupla"
    name = "Sueca with two packs"
    description = ("Sueca for 6 or 8 with two packs (80 cards): of two identical cards the one "
                   "played first wins.")
    players = (6, 8)
    default_players = 8

    def __init__(self, options=None, players=None) -> None:
        super().__init__(options, players)
        self.hand_size = len(self.pack()) // self.n
        self.batches = (self.hand_size,) if self.n == 6 else (5, 5)

    def pack(self) -> list[int]:
        cards = list(range(80))
        if getattr(self, "n", 8) == 6:
            for text in ("2S", "2S'"):
                cards.remove(parse_card(text))
        return cards


@register
class SuecaTres(SuecaBase):
    """Sueca for three: a dummy hand sits opposite the dealer and the dealer plays it.

    The deal is an ordinary four-hand Sueca deal: the dealer and the dummy against the two
    other players. Nobody sees the dummy's cards until the first card of the deal is led;
    from then on they lie face up. The dealer chooses the dummy's cards, so the dummy's view
    of the deal also holds the dealer's hand. The dealer passes to the right among the three
    players, so the dummy moves with the deal, and each player keeps a score of their own:
    the winning side's players (never the dummy) score the deal's games.
    """

    id = "sueca-3"
    name = "Sueca for three"
    description = ("Three players and a dummy hand opposite the dealer, who plays it; the "
                   "dummy's cards are shown after the first lead.")
    players = (3,)
    default_players = 3
    people_scores = True
    phases = (P.DEALING, DummyPlay(), P.FINISHED)

    def __init__(self, options=None, players=None) -> None:
        # a deal's view counts seats (four), so four names the same game
        super().__init__(options, 3 if players in (None, 4) else players)
        self.n = 4
        self.n_people = 3
        self.team_of = (0, 1, 0, 1)
        self.n_teams = 2

    @staticmethod
    def dummy_seat(state: GameState) -> int:
        return (state.dealer + 2) % 4

    def seating(self, dealer: int) -> tuple[int, tuple[int | None, ...]]:
        # counter-clockwise from the dealer: the dealer, the next player, the dummy, the last;
        # turned so that the first player always keeps the first seat
        ring: list[int | None] = [dealer, (dealer + 1) % 3, None, (dealer + 2) % 3]
        start = ring.index(0)
        seats = tuple(ring[start:] + ring[:start])
        return seats.index(dealer), seats

    def controller(self, state: GameState, seat: int) -> int:
        return state.dealer if seat == self.dummy_seat(state) else seat

    def begin(self, state: GameState) -> None:
        super().begin(state)
        # the dealer decides for the dummy: the dummy's view knows the dealer's hand
        state.show_hands([(state.dealer, (self.dummy_seat(state),))])


@register
class SuecaCinco(CalledPartnerGame, SuecaBase):
    """Italian Sueca for five: everyone bids once from the dealer, the high bidder calls a
    card that names trumps and a secret partner, and the five players are paid by the
    Chiamata table (the seed's own table is missing). Nobody bids: the dealer plays at
    zero, needing 61."""

    id = "sueca-5"
    name = "Sueca Italiana for five"
    description = ("Five players: bid 61-120 or pass, the high bidder calls a card that names "
                   "trumps and a secret partner, follow suit.")
    players = (5,)
    default_players = 5
    hand_size = 8
    batches = (4, 4)
    auction_rules = AuctionRules(Points(61, 120), opener="dealer", once=True,
                                 all_pass=DEALER_AT_ZERO)
    bidder_leads = True
    house_rules = (
        HouseRule("deals", 10, (5, 10, 15, 20),
                  "How many deals the session lasts; the highest total then wins."),
    )

    def match_target(self) -> int:
        return 10**6  # the session ends by its number of deals

    def match_deals(self) -> int | None:
        return int(self.options["deals"])

