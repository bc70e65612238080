"""The template of the catalogues holds every message the game shows, as the code and the
one table of sentences have them now, and its fields are read as the code fills them."""

from __future__ import annotations

from bisca_tui.catalogues import gather
from bisca_tui.engine.narrate import MESSAGES
from bisca_tui.lang.catalogue import fields_of, stale_template


def test_the_kept_template_is_the_one_the_code_gives():
    # after adding or changing a message: python -m bisca_tui.catalogues update
    assert not stale_template(gather())


def test_every_sentence_of_the_table_and_every_word_of_a_pack_is_in_the_template():
    template = gather()
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    texts = {text for _, text in ids}
    for kind, forms in MESSAGES.items():
        for key, text in forms.items():
            if not key.endswith("many"):
                assert text in texts, f"{kind}.{key}"
    assert ("italian.rank", "Horse") in ids and ("spanish.suit", "coins") in ids
    assert ("card", "{rank} of {suit}") in ids


def test_fields_are_the_named_placeholders():
    assert fields_of("{seat} plays {card}") == {"seat", "card"}
    assert fields_of("{{literal}} and {n:>3}") == {"n"}
    assert fields_of("no fields") == set()
    assert fields_of("broken {") == {"<unbalanced braces>"}
