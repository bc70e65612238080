"""Sueca Italiana: Sueca where a player who cannot follow suit must trump if able."""

from __future__ import annotations

from ..sueca import SuecaBase
from ..variant import FOLLOW_OR_TRUMP, register


@register
class SuecaItaliana(SuecaBase):
    id = "sueca-italiana"
    name = "Sueca Italiana"
    description = "Sueca where a player who cannot follow suit must trump if able."
    restriction = FOLLOW_OR_TRUMP
    listed_after = "sueca"
