"""Every message of the game has its translation in every catalogue: none missing, empty,
fuzzy or stale, none whose fields differ from the English, and every compiled file made
from the catalogue beside it."""

from __future__ import annotations

import pytest

from bisca_tui import lang
from bisca_tui.catalogues import gather
from bisca_tui.lang.catalogue import problems


@pytest.fixture(scope="module")
def template():
    return gather()


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_message_is_translated_with_the_same_fields(template, code):
    assert problems(code, template) == []


def test_the_check_finds_what_is_wrong(template, tmp_path, monkeypatch):
    """A catalogue with a message left out, one untranslated, one fuzzy, one whose field
    is renamed, and one the game no longer has: each is named."""
    from bisca_tui.lang import catalogue as C

    cat = C.read(C.po_path("pt"), "pt")
    messages = [m for m in cat if m.id and isinstance(m.id, str) and "{" in m.id][:4]
    gone, empty, fuzzy, renamed = messages
    cat.delete(gone.id, context=gone.context)
    cat.get(empty.id, context=empty.context).string = ""
    cat.get(fuzzy.id, context=fuzzy.context).flags.add("fuzzy")
    cat.get(renamed.id, context=renamed.context).string = "{nonsense}"
    cat.add("A sentence nobody says", "Uma frase", context="Nowhere")
    monkeypatch.setattr(C, "LOCALE", tmp_path)
    C.write("pt", cat)
    found = "\n".join(problems("pt", template))
    for what in ("missing", "untranslated", "fuzzy", "fields", "stale"):
        assert f"pt: {what}" in found, what
