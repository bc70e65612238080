"""The coach's hint at the table, apart from the screen that shows it: whether a hint may
be asked now (or the sentence saying why not), the hint worked out for a seat's view (with
the card to play after an advised signal), the card the cursor goes to, and the side
panel's words for the hint given (a signal advised first, then the card after it).

``screens/table_coach.py`` asks these and draws what they say; tests ask them without a
table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from ..coach.signalled import after_own_signal
from ..engine import actions as A
from ..engine.narrate import say
from .coaching import action_label, hint_text, parts_text, review_text

if TYPE_CHECKING:
    from ..coach import Hint
    from ..engine.variant import Variant
    from ..engine.view import SeatView


def hint_refused(*, hints: bool, closed: bool, own_turn: bool, can_act: bool) -> str | None:
    """Why ``h`` cannot give a hint now, in a sentence (None: it can). ``hints``: the match
    was set up with them; ``closed``: the deal is over; ``own_turn``: a person at this
    keyboard is to act on the seat shown; ``can_act``: that seat has something to do."""
    if not hints:
        return say("Notice", "hints.off")
    if closed:
        return say("Notice", "hints.over")
    if not (own_turn and can_act):
        return say("Notice", "hints.turn")
    return None


def after_signals(view: SeatView) -> dict[int, SeatView]:
    """The seat's view after each signal it may send: a signal costs no turn, and the card
    after it is judged there, as the review judges it (worked out from the view alone:
    ``coach.signalled``)."""
    return {a: after_own_signal(view, a) for a in view.legal if A.is_signal(a)}


def advise(view: SeatView, samples: int | None, after: dict[int, SeatView],
           cancelled: Callable[[], bool] = lambda: False) -> tuple[Hint, Hint | None]:
    """The coach's hint for ``view`` (the figures the review of this decision will give),
    and, when it advises a signal, the hint for the card to play after it (``after``:
    ``after_signals``), unless ``cancelled()`` by then. Slow: run off the screen's thread;
    raises whatever the coach raises."""
    from ..coach import hint

    advice = hint(view, samples=samples)
    later = after.get(advice.action)
    cards = tuple(a for a in later.legal if A.is_play(a)) if later else ()
    then = None
    if later is not None and cards and not cancelled():
        then = hint(replace(later, legal=cards), samples=samples)
    return advice, then


def advised_card(hint: Hint, then: Hint | None) -> int:
    """The card the cursor rests on (Enter plays it): the advised one, or, with a signal
    advised first, the card after it; a card to lay aside is its card."""
    advised = (then or hint).action
    return A.card_of(advised) if A.kind(advised) is A.Kind.DISCARD else advised


def advice_text(hint: Hint, then: Hint | None, variant: Variant, style: str,
                hand: tuple[int, ...]) -> Text:
    """The side panel's hint: ``hint_text`` for the advice, or, when a signal is advised
    (``then``: the hint for the card after it), the signal and its reason first, then the
    card with every card's numbers."""
    shown = then or hint
    text = hint_text(shown, variant, style, hand,
                     head="advised.then" if then is not None else "advised")
    if then is None:
        return text
    first = review_text("advised.first", action=action_label(variant, hint.action, style))
    first.stylize("bold")
    if hint.reason:
        first.append("\n")
        first.append_text(parts_text(hint.reason_parts, hint.reason, style))
    return first.append("\n").append_text(text)
