"""Reading a game's keys list (the keys screen, ? at the table) in the app tests."""

from __future__ import annotations


def keys_listed(app) -> str:
    return str(app.screen.query_one("#keys-text").render())


def assert_keys_listed(listed: str, variant: str, has: tuple[str, ...]) -> None:
    for what in ("Signal to your team", "Open the bidding"):
        shown = any(what.startswith(word) for word in has)
        assert (what in listed) == shown, (variant, what, listed)
    assert "Score sheet" not in listed  # nobody pays seat by seat in these games
