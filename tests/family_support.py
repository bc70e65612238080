"""The first game of each family of the engine, for tests that play one game a family."""

from __future__ import annotations

from bisca_tui.engine.variant import FAMILY_MODULES, all_variants


def first_of_each_family() -> list[str]:
    seen: dict[str, str] = {}
    for cls in all_variants():
        module = cls.__module__.rsplit(".", 1)[1]
        if module in FAMILY_MODULES:  # a game of the games package is one of a family
            seen.setdefault(module, cls.id)
    assert set(seen) == set(FAMILY_MODULES)
    return list(seen.values())
