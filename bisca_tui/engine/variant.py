"""What a variant is: data (pack, ranking, hands, play restriction, scoring) plus small hooks.

Every game runs on one deal state machine (``state.GameState``). A variant subclass declares
its data as class attributes and overrides a hook only where its rules differ. Its steps are
the phase objects it lists (``phases``: a cut or knock, an auction, a call, col Monte's
claims, discards and declaration, and a kind of play; see ``phases``), which its data
configures (auction rules, the cards that may be called, who leads). Instances are bound to
a set of house-rule values (``options``); build them with ``make_variant``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..lang import _, pgettext
from . import phases as P
from .cards import PORTUGUESE, Ranking, card_str, rank_of, suit_of
from .errors import OptionError
from .exchange import ExchangeRule
from .narrate.sayings import Note, told
from .play import PlayPhase
from .restrictions import RESTRICTIONS, Restriction
from .tricks import BeatsTable, shared_beats_table

if TYPE_CHECKING:
    from .state import GameState

# Play restrictions by name; each is an object in ``restrictions`` (legal cards, the reason
# for a refusal, the voids a play shows).
FREE = "free"  # any card, always
TRUMP_ON_TRUMP_AFTER_STOCK = "trump-on-trump-after-stock"  # Bisca de Nove
FOLLOW_SUIT = "follow-suit"  # Sueca
FOLLOW_OR_TRUMP = "follow-or-trump"  # Sueca Italiana
ARRASTRE = "arrastre"  # Brisca's house rule: follow and beat, else trump, once the stock ends


@dataclass(frozen=True)
class HouseRule:
    """A named option of a variant, with its default and the values it takes."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str  # speaks of the choices by their labels

    @staticmethod
    def label(value: Any) -> str:
        """A choice as a player reads it: on/off, a percentage, words for an id."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, float):
            return f"{round(value * 100)}%"
        return str(value).replace("_", " ")


HOLDING = "holding"  # the sender holds a card, or one of a class of cards
VOID = "void"  # the sender holds no card of a class (Brisca's "no trumps")
REQUEST = "request"  # the sender asks the partner for something; it tells no holding

# the requests a partner may answer, by name: a variant that offers one declares a signal of
# that name (kind REQUEST), and the bots and the coach know the request by it
ASK_POINTS = "play_points"  # "play a card with points": the partner will take the trick
ASK_CARDS = "show_cards"  # "tell me your cards": the partner's holdings, told again


@dataclass(frozen=True)
class Signal:
    """A gesture to partners: a holding (true when sent: ``holds`` says so), the lack of a
    class of cards (``holds`` says the hand has none), or a request, which is always true
    and says nothing of the hand. ``kind`` tells them apart, for the bots and for sampling."""

    name: str
    meaning: str
    gesture: str
    holds: Callable[[Sequence[int], int], bool] = field(compare=False)
    kind: str = HOLDING


@dataclass(frozen=True)
class SpecialKey:
    """A key the table offers for one of the variant's special actions (not a card, not a
    signal, not a bid): pressed on the player's turn, it takes ``action`` if legal."""

    key: str
    action: int
    label: str


@dataclass(frozen=True)
class DealScore:
    """What a finished (or interrupted) deal is worth, per team."""

    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    game_points: tuple[int, ...]
    notes: tuple[str, ...]
    winner: int | None  # team, or None for no game (a tie)
    ended_early: bool = False
    # every team that takes the deal, where several may (Brisca: equal highest scores all
    # take the hand); empty where ``winner`` says it all
    winners: tuple[int, ...] = ()
    redeal: bool = False  # the deal was thrown in: the same dealer deals again


def highest_takes_it(pts: Sequence[int], tricks: Sequence[int]) -> DealScore:
    """The highest score takes the deal, one game point; equal highest scores all take it
    (Brisca; Briscola for three)."""
    best = max(pts)
    winners = tuple(t for t, p in enumerate(pts) if p == best)
    gp = tuple(1 if t in winners else 0 for t in range(len(pts)))
    if len(winners) == 1:
        note = Note("highest", points=best)
    else:
        note = Note("highest.shared", points=best, count=len(winners))
    return DealScore(tuple(pts), tuple(tricks), gp, (told(note),),
                     winners[0] if len(winners) == 1 else None, winners=winners)


class Variant:
    """Base of all variants. Subclasses set the class attributes and override hooks."""

    id: str = ""
    name: str = ""
    family: str = ""
    description: str = ""
    players: tuple[int, ...] = (2,)
    default_players: int = 2
    ranking: Ranking = PORTUGUESE
    pack_style: str = "portuguese"  # the pack its players know: a key of cards.PACKS
    hand_size: int = 3
    batches: tuple[int, ...] = (3,)
    has_indicator: bool = True
    draws: bool = True
    restriction: str = FREE
    house_rules: tuple[HouseRule, ...] = ()
    signals: tuple[Signal, ...] = ()
    special_keys: tuple[SpecialKey, ...] = ()  # keys the table offers for special actions
    exchange: ExchangeRule | None = None  # a trump may take the indicator's place
    monte_size: int = 0  # cards dealt face down to the table, not to a hand (col Monte)
    teams_shown: bool = True  # partnerships known from the start
    may_lack_indicator: bool = False  # a layout may give a trump suit and no indicator
    people_scores: bool = False  # the match scores each player, who may change seats per deal
    score_unit: str = "games"  # what the match standing counts: "games", or card "points"
    dealer_sits_out: bool = False  # the dealer deals but takes no seat (six at Chiamata)
    per_seat_payments: bool = False  # game points are paid seat by seat (summing to zero)
    # a game of the ``games`` package: the id of the game it is listed after (empty: after
    # the last game of its family); see ``all_variants``
    listed_after: str = ""
    # the phases a deal goes through, as phase objects (``phases``); an instance holds them
    # as its house rules and table size configure them, and ``phase_of`` by name
    phases: tuple[P.Phase, ...] = (P.DEALING, PlayPhase(), P.FINISHED)

    def __init__(self, options: dict[str, Any] | None = None, players: int | None = None) -> None:
        self.options = self.check_options(options or {})
        n = self.default_players if players is None else players
        if n not in self.players:
            from .spoken import game_name

            allowed = ", ".join(str(p) for p in self.players)
            # translators: {allowed}: the numbers of players the game takes ("2, 3")
            raise OptionError(_("{game} is for {allowed} players, not {n}").format(
                game=game_name(self), allowed=allowed, n=n))
        self.n = n
        self.n_people = n  # players at the table; a dummy hand makes a seat without one
        suits, strength, points = [], [], []
        st, pt = self.ranking.strength, self.ranking.points
        for c in range(80):
            suits.append(suit_of(c))
            strength.append(st[rank_of(c)])
            points.append(pt[rank_of(c)])
        self.suit = tuple(suits)
        self.strength = tuple(strength)
        self.points = tuple(points)
        self._beats: dict[int | None, BeatsTable] = {}
        self.team_of = self.make_teams(n)
        self.n_teams = max(self.team_of) + 1
        self.signals = self.active_signals()
        self.signal_names = tuple(s.name for s in self.signals)
        self.phases = tuple(p.configured(self) for p in type(self).phases)
        self.phase_of = {p.name: p for p in self.phases}

    # ----- options -------------------------------------------------------------------

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        rules = {h.name: h for h in cls.house_rules}
        out = {h.name: h.default for h in cls.house_rules}
        for key, value in options.items():
            if key not in rules:
                known = ", ".join(rules) or pgettext("house rules", "none")
                # translators: {game}: a game's id (bisca-3); {rule}: the house rule asked
                # for, in quotes; {known}: the game's house rules (match, extra_games)
                raise OptionError(_("{game} has no house rule {rule} (it has: {known})").format(
                    game=cls.id, rule=repr(key), known=known))
            rule = rules[key]
            match = [c for c in rule.choices if _same_choice(value, c)]
            if not match:
                allowed = ", ".join(repr(c) for c in rule.choices)
                # translators: {allowed} and {value} as the program writes them ('comb_10')
                raise OptionError(_("house rule {rule} takes {allowed}, not {value}").format(
                    rule=key, allowed=allowed, value=repr(value)))
            out[key] = match[0]
        return out

    # ----- data hooks ----------------------------------------------------------------

    def pack(self) -> list[int]:
        return list(range(40))

    def make_teams(self, n: int) -> tuple[int, ...]:
        """Partnerships alternate seats when there are 4 or more players."""
        if n >= 4:
            return tuple(s % 2 for s in range(n))
        return tuple(range(n))

    def active_signals(self) -> tuple[Signal, ...]:
        """The signals in use with these house rules."""
        return type(self).signals

    def match_target(self) -> int:
        """Games (or game points) a side needs to win the match."""
        return 10 if self.options.get("match") == "comb_10" else 4

    def match_deals(self) -> int | None:
        """For a session of a fixed number of deals, that number (else None)."""
        return None

    def seating(self, dealer: int) -> tuple[int, tuple[int | None, ...]]:
        """Where the match's players sit for a deal dealt by player ``dealer``: the dealer's
        seat, and the player at each seat (None: a dummy hand). One player per seat here."""
        return dealer, tuple(range(self.n))

    def controller(self, state: GameState, seat: int) -> int:
        """The seat whose player chooses the actions of ``seat`` (a dummy's partner)."""
        return seat

    def rebuild_hidden(self, state: GameState) -> None:
        """Recompute facts that follow from hidden cards, after a state was rebuilt from a
        seat's view plus sampled cards (search bots); e.g. who holds a called card."""

    def known_sides(self, state: GameState, viewer: int) -> tuple[int | None, ...]:
        """The deal's partnerships as ``viewer`` knows them (None: not yet known)."""
        return tuple(state.side_of)

    @cached_property
    def rule_of_play(self) -> Restriction:
        """The object that says which cards may be played (``restrictions``): looked up
        once, on first use, after the variant's own ``__init__`` has settled its restriction
        (a house rule may change it), then read as a plain attribute on every card played."""
        return RESTRICTIONS[self.restriction]

    def beats_table(self, trump: int | None) -> BeatsTable:
        """Who takes a trick with this trump suit, as a table (``tricks.beats_table``,
        shared by every game with the same ranking)."""
        table = self._beats.get(trump)
        if table is None:
            table = self._beats[trump] = shared_beats_table(trump, self.suit, self.strength)
        return table

    def exchange_rule(self, state: GameState) -> ExchangeRule | None:
        """The exchange rule in force in this deal now (None: no exchange)."""
        return self.exchange

    def trumps_hidden(self, state: GameState) -> bool:
        """Whether the trump suit is still secret during play (it is public by default)."""
        return False

    def contract_for(self, state: GameState, viewer: int) -> Any:
        """The deal's contract as ``viewer`` knows it (games with an auction), else None."""
        return None

    def implied_holdings(self, contract: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Cards that a public contract shows a seat to hold: (seat, cards) pairs."""
        return ()

    def check_layout(self, layout: Any) -> None:
        """Variant-specific checks of a dealt layout; raise ``LayoutError``."""

    # ----- phase hooks ---------------------------------------------------------------

    def begin(self, state: GameState) -> None:
        """Called when a deal is made: deal (``state.deal_standard``) and enter the first
        phase after the deal, or enter a pre-deal phase."""
        state.deal_standard()

    def after_trick(self, state: GameState, seats: list[int], cards: list[int],
                    winner: int, last: bool) -> None:
        """Called when a trick is complete, before anyone draws."""

    def score(self, state: GameState) -> DealScore:
        raise NotImplementedError

    # ----- helpers -------------------------------------------------------------------

    def team_points(self, state: GameState) -> tuple[list[int], list[int]]:
        """Card points and tricks per side of the deal."""
        side_of = getattr(state, "side_of", None) or self.team_of
        sides = max(side_of) + 1
        pts = [0] * sides
        tricks = [0] * sides
        for seat in range(self.n):
            t = side_of[seat]
            pts[t] += state.points[seat]
            tricks[t] += state.tricks_won[seat]
        return pts, tricks

    def card_text(self, card: int) -> str:
        return card_str(card)


def _same_choice(value: Any, choice: Any) -> bool:
    """Equal and of the same kind: ``True`` is not ``1``; a whole number may stand for a float."""
    if isinstance(choice, bool) or isinstance(value, bool):
        return type(value) is type(choice) and value == choice
    if isinstance(choice, float) and isinstance(value, int):
        return float(value) == choice
    return type(value) is type(choice) and value == choice


REGISTRY: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    REGISTRY[cls.id] = cls
    return cls


def variant_class(variant_id: str) -> type[Variant]:
    _load_all()
    try:
        return REGISTRY[variant_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        # translators: a variant is a game; {variant}, {known}: game ids (bisca-3, sueca)
        raise OptionError(_("unknown variant {variant} (known: {known})").format(
            variant=repr(variant_id), known=known)) from None


def make_variant(variant_id: str, options: dict[str, Any] | None = None,
                 players: int | None = None) -> Variant:
    return variant_class(variant_id)(options, players)


def all_variants() -> list[type[Variant]]:
    """Every registered game in one fixed order, whichever module happened to be imported
    first: the family modules' games, family by family, each family in the order it
    registers its games; then the games of the ``games`` package, module by module in the
    order of their names, each placed after the game its ``listed_after`` names, else after
    the last game of its family, else at the end."""
    _load_all()
    rank = {f"{__package__}.{mod}": i for i, mod in enumerate(FAMILY_MODULES)}
    games = list(REGISTRY.values())  # each module's games in the order it registers them
    listed = sorted((c for c in games if c.__module__ in rank), key=lambda c: rank[c.__module__])
    for cls in sorted((c for c in games if c.__module__ not in rank), key=lambda c: c.__module__):
        listed.insert(_place_of(cls, listed), cls)
    return listed


def _place_of(cls: type[Variant], listed: list[type[Variant]]) -> int:
    """Where a game of the ``games`` package goes in the games listed so far."""
    ids = [c.id for c in listed]
    if cls.listed_after in ids:
        at = ids.index(cls.listed_after) + 1
        while at < len(listed) and listed[at].listed_after == cls.listed_after:
            at += 1  # after the games placed there before it
        return at
    same = [i for i, c in enumerate(listed) if c.family == cls.family]
    return same[-1] + 1 if same else len(listed)


FAMILY_MODULES = ("bisca", "briscola", "sueca", "chiamata", "monte", "brisca")
GAMES_PACKAGE = "games"  # one module per game: every module in it is imported, by name
_games_found: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # (search path, modules)


def _load_all() -> None:
    """Import every family module present, then every module of the ``games`` package
    (looked for again only when the package's search path changes); each registers its
    variants."""
    global _games_found
    import importlib

    for mod in FAMILY_MODULES:
        try:
            importlib.import_module(f"{__package__}.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{mod}":
                raise
    package = importlib.import_module(f"{__package__}.{GAMES_PACKAGE}")
    path = tuple(package.__path__)
    if path != _games_found[0]:
        import pkgutil

        names = sorted({m.name for m in pkgutil.iter_modules(path) if not m.name.startswith("_")})
        _games_found = (path, tuple(names))
    for name in _games_found[1]:
        importlib.import_module(f"{package.__name__}.{name}")
