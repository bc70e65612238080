"""Reading a rules page in tests: a section's body, its Markdown tables, flattened text."""

from __future__ import annotations


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section (up to the next level-2 heading)."""
    lines = text.splitlines()
    start = lines.index(f"## {heading}")
    body: list[str] = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        body.append(line)
    return "\n".join(body)


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table in ``text``: its body rows, each a list of cell texts."""
    found: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if current is None:
                current = []  # the header row
                found.append(current)
            elif not all(set(c) <= set("-:") for c in cells):
                current.append(cells)
        else:
            current = None
    return found


def flat(text: str) -> str:
    return " ".join(text.split())
