"""A client keeps what the host sent as its own objects: no class of the network or of the
joining table is a session, a match or a game state of a match played here, or answers
for a deal's own facts (its phase, trick, bidding...) as a game state does. The table
reads those from a seat's view."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "bisca_tui"
PACKAGES = [ROOT / "net", ROOT / "join"]

# the classes of a match played here, and what a deal in play answers for: a class that
# answers two of these pretends to be a deal
HOME = {"Session", "Saving", "Match", "GameState"}
DEAL_FACTS = {"phase", "dealer", "current", "trick", "tricks", "bidding", "aside", "history",
              "hands", "side_of", "indicator", "legal_actions", "stock", "trump", "leader"}


def _base_name(base: ast.expr) -> str:
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def pretenders(source: str) -> list[str]:
    """The classes of ``source`` that subclass a class of a match played here, or answer
    for two or more of a deal's facts (as methods, properties or attributes)."""
    out = []
    for c in ast.walk(ast.parse(source)):
        if not isinstance(c, ast.ClassDef):
            continue
        bases = {_base_name(b) for b in c.bases}
        if bases & HOME:
            out.append(f"{c.name}({', '.join(sorted(bases & HOME))})")
            continue
        named: set[str] = set()
        for node in c.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                named.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                named.add(node.target.id)
            elif isinstance(node, ast.Assign):
                named |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for node in ast.walk(c):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name) and node.value.id == "self"):
                named.add(node.attr)
        facts = named & DEAL_FACTS
        if len(facts) >= 2:
            out.append(f"{c.name}: {', '.join(sorted(facts))}")
    return out


def test_the_check_finds_a_class_that_pretends() -> None:
    source = '''
class Mirror:
    @property
    def phase(self): ...
    @property
    def trick(self): ...
class Copy(Session): ...
class Scores(engine.match.Match): ...
class Fine:
    current = None
'''
    assert pretenders(source) == ["Mirror: phase, trick", "Copy(Session)", "Scores(Match)"]


def test_no_class_of_the_network_or_the_joining_table_pretends_to_be_a_match() -> None:
    found = [f"{path.relative_to(ROOT)}: {name}" for package in PACKAGES
             for path in sorted(package.glob("*.py"))
             for name in pretenders(path.read_text(encoding="utf-8"))]
    assert found == []


def test_nothing_there_silences_the_type_checker_about_a_session() -> None:
    """A ``type: ignore`` on a line that names a session or a match is the sign of one
    passed off as another."""
    found = [f"{path.relative_to(ROOT)}:{k}" for package in PACKAGES
             for path in sorted(package.glob("*.py"))
             for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "type: ignore" in line and ("session" in line.lower() or "match" in line)]
    assert found == []
