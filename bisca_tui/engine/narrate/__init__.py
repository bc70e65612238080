"""What happened in a deal, told in words: the one narrator (``narrate``, from the engine's
events), the one table of its sentences (``MESSAGES``), the rules' refusals and a deal's notes
as the table's values (``Refusal``, ``Note``, told by ``words``), and actions named in words
for the consumers that offer them (``bid_label``, ``choice_round``)."""

from .labels import ChoiceRound, action_noun, bid_label, choice_round, suit_word
from .messages import MESSAGES, NOT_EVENTS, CardRef, Part
from .narrator import SILENT, Line, holds, narrate, person, tell
from .sayings import Note, Refusal, Say, words
from .wording import and_list, fill, joined, say, template

__all__ = ["MESSAGES", "NOT_EVENTS", "SILENT", "CardRef", "ChoiceRound", "Line", "Part",
           "action_noun", "and_list", "bid_label", "choice_round", "fill", "holds", "joined",
           "narrate", "Note", "person", "Refusal", "Say", "say", "suit_word", "tell", "template",
           "words"]
