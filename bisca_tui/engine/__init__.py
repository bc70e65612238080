"""The rules engine: cards, variants, the deal state machine, matches, the turns that play
them (``turns``), views and records.

Pure Python; it never imports the user interface.
"""

from .actions import action_str, parse_action
from .cards import card_name, card_str, parse_card
from .errors import IllegalAction, LayoutError, OptionError
from .match import Match, Pente
from .state import GameState, Layout, Trick
from .variant import DealScore, HouseRule, Variant, all_variants, make_variant, variant_class
from .view import SeatView

__all__ = [
    "DealScore", "GameState", "HouseRule", "IllegalAction", "Layout", "LayoutError", "Match",
    "OptionError", "Pente", "SeatView", "Trick", "Variant", "action_str", "all_variants",
    "card_name", "card_str", "make_variant", "parse_action", "parse_card", "variant_class",
]
