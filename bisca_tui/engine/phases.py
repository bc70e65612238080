"""The phases of a deal: their names, and the interface every phase object keeps.

A deal moves through phases (OpenSpiel's Skat is the model). Each kind of step is one
``Phase`` object: stateless rules, shared by every deal (and every clone) of a variant, that
say which actions are open (``legal``), what one does (``apply``), why a refused one breaks
the rules (``why_not``: a ``Refusal``, that the narrator's table words) and what happens
on entering it (``start``: who acts); what each seat sees of it is the events it caused
(``events``). A variant lists its phase objects (``Variant.phases``) and
``GameState.apply`` is one dispatch over the current one (``GameState.step``);
``GameState.enter`` is the one place a deal changes phase.

The kinds of step, and where they live:

- ``deal`` (here): the cards are not yet dealt; ``over`` (here): the deal is finished;
- ``cut_or_knock`` (``bisca.CutOrKnockPhase``): Capixaba's eldest cuts or knocks;
- ``auction`` and ``call`` (``calling.AuctionPhase``, ``calling.CallPhase``): bidding for
  the right to name trumps, and the winner's call of a card;
- ``claim``, ``discard``, ``declare`` (``monte``): col Monte's hands without counting cards,
  the bidder's cards laid aside, and its word on the called card;
- ``play`` (``play.PlayPhase`` and its kinds): cards under the variant's restriction object,
  with the trump exchange and signs as parts of play (``PlayPart``: ``exchange.ExchangePart``,
  ``play.SignsPart``).

The table, the bots, replay and records key their dialogs, policies and reasons by the names
below (``state.phase`` is the current phase's name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .narrate.sayings import Refusal
    from .state import GameState
    from .variant import Variant

DEAL = "deal"  # the cards are not yet dealt
CUT_OR_KNOCK = "cut_or_knock"  # Capixaba: the seat to the dealer's right chooses
AUCTION = "auction"  # bidding for the right to name trumps
CALL = "call"  # the auction's winner names trumps by calling a card
CLAIM = "claim"  # a hand without counting cards may be shown to demand a redeal
DISCARD = "discard"  # the bidder, having taken the monte, lays as many cards aside
DECLARE = "declare"  # the bidder holding the called card: alone, or show it
PLAY = "play"  # cards are played (drawing and signals included)
OVER = "over"  # the deal is finished

# phases in which the trump suit is not yet public
BEFORE_TRUMPS = frozenset({DEAL, CUT_OR_KNOCK, CLAIM, AUCTION, CALL})
# phases whose actions are not cards: the table offers them through a dialog
BIDDING = frozenset({CLAIM, AUCTION, CALL, DECLARE})

ALL = (DEAL, CUT_OR_KNOCK, CLAIM, AUCTION, CALL, DISCARD, DECLARE, PLAY, OVER)


class Phase:
    """One kind of step of a deal. Stateless: what a deal keeps of a phase (bids, claims,
    exchanges...) lives on the state, and a phase object only reads and writes it."""

    name: str = ""

    def configured(self, variant: Variant) -> Phase:
        """This phase as the variant's house rules and table size make it (itself, unless
        a part of it does not apply)."""
        return self

    def start(self, state: GameState) -> None:
        """On entering the phase: set who is to act."""

    def legal(self, state: GameState) -> list[int]:
        """The actions open to the seat to act."""
        return []

    def allows(self, state: GameState, action: int) -> bool:
        return action in self.legal(state)

    def apply(self, state: GameState, action: int) -> None:
        """Do a legal action of the seat to act."""
        raise NotImplementedError(self.name)

    def take(self, state: GameState, action: int) -> bool:
        """Do ``action`` if the rules allow it, after recording it in the deal's history;
        False (and nothing done) if they do not. ``GameState.apply`` calls this once per
        action, so a phase may check and do in one step where that is cheaper."""
        if not self.allows(state, action):
            return False
        state.history.append(action)
        self.apply(state, action)
        return True

    def why_not(self, state: GameState, action: int) -> Refusal:
        """The rule an illegal action breaks (a sentence of the table)."""
        return _refusal("not_in_game")

    def why_late(self, state: GameState, action: int) -> Refusal | None:
        """Why an action of this phase is refused once the phase is past (None: the action
        is not this phase's)."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class Dealing(Phase):
    """Before the deal: nobody acts (the variant's ``begin`` deals and enters the next
    phase)."""

    name = DEAL

    def why_not(self, state: GameState, action: int) -> Refusal:
        return _refusal("not_dealt")


class Over(Phase):
    """The deal is finished: nobody acts."""

    name = OVER

    def start(self, state: GameState) -> None:
        state.current = None

    def why_not(self, state: GameState, action: int) -> Refusal:
        return _refusal("deal_over")


class PlayPart:
    """Actions of play that are not cards (a sign, the trump exchange), offered before the
    cards. Stateless, as phases are: what a part keeps is a record on the state."""

    def applies(self, variant: Variant) -> bool:
        """Whether the variant, with its house rules, uses this part at all."""
        return True

    def owns(self, action: int) -> bool:
        """Whether ``action`` is one of this part's kind."""
        raise NotImplementedError

    def actions(self, state: GameState) -> list[int]:
        """This part's actions open to the seat to act."""
        raise NotImplementedError

    def apply(self, state: GameState, action: int) -> None:
        """Do a legal action of this part; the seat to act stays the same."""
        raise NotImplementedError


def _refusal(key: str) -> Refusal:
    # imported when refusing: the narrator's package imports this module
    from .narrate.sayings import Refusal
    return Refusal(key)


DEALING = Dealing()
FINISHED = Over()
