"""A Markdown page's words block by block (a heading, a paragraph, an item of a list; not a
table's cells), each on one line, as the rules panel draws them: for checking what a page
says without drawing it."""

from __future__ import annotations

from markdown_it import MarkdownIt


def blocks(source: str) -> list[str]:
    """The words of each block of ``source`` that has any, in order, spaces made single."""
    lines = []
    in_table = False  # a table's cells are drawn as a table, not as blocks of words
    for token in MarkdownIt("gfm-like").parse(source):
        if token.type in ("table_open", "table_close"):
            in_table = token.type == "table_open"
        if token.type != "inline" or in_table:
            continue
        words = "".join(" " if child.type in ("softbreak", "hardbreak") else child.content
                        for child in token.children or [])
        if words.strip():
            lines.append(" ".join(words.split()))
    return lines
