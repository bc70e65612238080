"""Small widgets every screen uses: the too-small notice and the body container."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Container
from textual.widgets import Static

from ..layout import MIN_HEIGHT, MIN_WIDTH


class TooSmall(Static):
    """Shown instead of a screen's body when the terminal is under the minimum size."""

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is too small for the card table.\n\n"
            f"Please enlarge it to at least {MIN_WIDTH} columns by {MIN_HEIGHT} lines.",
            classes="too-small",
        )


class Body(Container):
    """A screen's content, hidden while the terminal is too small."""


class Panel(Static):
    """A Static that redraws only when its content really changed (layout is costly)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: object = None

    def set(self, content: Text | str) -> None:
        if content == self._shown:
            return
        self._shown = content
        self.update(content)
