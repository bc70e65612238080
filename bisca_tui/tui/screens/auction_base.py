"""What the auction's dialogs share: they sit above the player's hand (never on it), h
closes a bidding dialog to show the coach's hint, F1 opens the rules over them, and points
are a number field stepped with up and down."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input

from ...lang import N_
from ..translated import Translated

ASK_HINT = -1  # what a bidding dialog answers when h asks the coach (the table shows it)


class HintKey:
    """h in a bidding dialog: the dialog closes and the table shows the coach's hint."""

    hints = True  # the match allows hints (set as the dialog opens)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ask_hint":
            return True if self.hints else None
        return True

    def action_ask_hint(self) -> None:
        self.dismiss(ASK_HINT)  # type: ignore[attr-defined]


HINT_BINDING = Binding("h", "ask_hint", N_("Hint"), priority=True,
                       tooltip=N_("Close the dialog and show the coach's hint at the table"))
# A modal screen hides the app's keys: the rules stay one key away from a dialog.
RULES_BINDING = Binding("f1", "app.rules", N_("Rules"), tooltip=N_("The rules of this game"))


class AboveTheHand(Translated, ModalScreen[int | None]):
    """A dialog that keeps clear of the hand of the table under it: it sits at the top and
    ends above the hand, scrolling its list when that leaves it too little room."""

    BOX = ""  # the dialog's box, by id
    SQUEEZE = ""  # the lists that scroll when the box is short (a selector)

    def on_mount(self) -> None:
        self.styles.align_vertical = "top"
        self.call_after_refresh(self.keep_clear)

    def on_resize(self) -> None:
        self.call_after_refresh(self.keep_clear)

    def hand_top(self) -> int | None:
        """The first row of the hand on the table under this dialog, if it shows one."""
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) else None
        if below is None:
            return None
        areas = below.query("#hand-area")
        if not areas:
            return None
        region = areas.first().region
        return region.y if region.height else None

    def keep_clear(self) -> None:
        top = self.hand_top()
        if top is None or top < 6:
            return
        box = self.query_one(self.BOX)
        box.styles.max_height = top
        lists = list(box.query(self.SQUEEZE)) if self.SQUEEZE else []
        fixed = box.styles.gutter.height + sum(
            child.outer_size.height for child in box.children
            if not any(w is child or child in w.ancestors for w in lists))
        for w in lists:
            w.styles.max_height = max(3, top - fixed)


class PointsField(Translated, Input):
    """A number of card points: typed, or stepped by up and down (page up and page down by
    ten) within ``low`` to ``high``."""

    BINDINGS = [
        Binding("up", "step(1)", N_("More"), show=False),
        Binding("down", "step(-1)", N_("Fewer"), show=False),
        Binding("pageup", "step(10)", show=False),
        Binding("pagedown", "step(-10)", show=False),
    ]

    def __init__(self, low: int, high: int, **kw: object) -> None:
        super().__init__(restrict=r"[0-9]*", max_length=3,  # type: ignore[arg-type]
                         select_on_focus=False, **kw)
        self.low, self.high = low, high

    def action_step(self, by: int) -> None:
        try:
            n = int(self.value) + by
        except ValueError:
            n = self.low
        self.value = str(max(self.low, min(self.high, n)))
        self.cursor_position = len(self.value)

