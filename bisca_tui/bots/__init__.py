"""Bots: every level plays from a seat's view only, never from the state."""

from .base import Bot, RandomBot, bot_levels, make_bot

__all__ = ["Bot", "RandomBot", "bot_levels", "make_bot"]
