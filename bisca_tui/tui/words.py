"""The words of the app's settings as a player reads them, in the language in use: the bots'
paces and levels, the card faces, a person's default name. The games and opponents of the
history are the history's own words (``history.stats``). The settings themselves
(``table.settings``) are ids kept in files and on the command line, and stay as they are."""

from __future__ import annotations

from ..lang import N_, _, pgettext

#: the periods of the statistics and the history's filters
PERIOD_LABELS = {"all": N_("All time"), "week": N_("Last 7 days"),
                 "month": N_("Last 30 days"), "year": N_("Last 12 months")}


def speed_name(speed: str) -> str:
    """A pace of the bots: ``slow``, ``normal``, ``fast``, ``instant``."""
    names = {
        "slow": pgettext("bot speed", "slow"),
        "normal": pgettext("bot speed", "normal"),
        "fast": pgettext("bot speed", "fast"),
        "instant": pgettext("bot speed", "instant"),
    }
    return names.get(speed, speed)


def style_name(style: str) -> str:
    """A card style in a word, as the palette lists it: ``symbols``, ``french``, ``letters``."""
    names = {
        # translators: a card style: each game drawn with its own pack's suit symbols
        "symbols": pgettext("card style", "symbols"),
        # translators: a card style: the French suits ♠♥♦♣ for every game
        "french": pgettext("card style", "french"),
        # translators: a card style: suits as the letters S H D C
        "letters": pgettext("card style", "letters"),
    }
    return names.get(style, style)


def style_label(style: str) -> str:
    """A card style as the new game form offers it."""
    labels = {
        "symbols": pgettext("card style", "The game's own pack"),
        "french": pgettext("card style", "French suits ♠♥♦♣"),
        "letters": pgettext("card style", "Letters SHDC"),
    }
    return labels.get(style, style)


def style_help(style: str) -> str:
    """What a card style draws, at more length (the palette's help line)."""
    helps = {
        "symbols": pgettext("card style",
                            "Each game in its own pack: Spanish, Italian or Portuguese suits"),
        "french": pgettext("card style", "The French suits ♠♥♦♣ for every game"),
        "letters": pgettext("card style",
                            "Suits drawn as S H D C (for fonts without the suit symbols)"),
    }
    return helps.get(style, "")


def player_name(seat: int) -> str:
    """The name a person's seat is given when none is typed: ``Player 2``."""
    return _("Player {n}").format(n=seat + 1)


def level_name(level: str) -> str:
    """A bot level in a word, in the language in use."""
    names = {
        "random": pgettext("bot level", "random"),
        "easy": pgettext("bot level", "easy"),
        "medium": pgettext("bot level", "medium"),
        "hard": pgettext("bot level", "hard"),
    }
    return names.get(level, level)
