"""A rules page drawn: its Markdown laid out as one widget."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import RenderResult
from textual.widgets import Static


class RulesText(Static):
    """A page of rules in Markdown, drawn whole by one widget: its headings, paragraphs,
    lists and tables laid out to the panel's width.

    Textual's own ``Markdown`` widget makes a widget of every block (a page of rules is
    about 140 of them, 550 nodes to style), which cost a second of CPU each time the panel
    opened; drawn as one, the page opens at once."""

    def __init__(self, source: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source

    def show(self, source: str) -> None:
        """Draw ``source`` instead, from its top."""
        if source != self.source:
            self.source = source
            self.refresh(layout=True)

    def render(self) -> RenderResult:
        # the page's words are the project's own, and a link in them goes nowhere here
        return Markdown(self.source, hyperlinks=False)
