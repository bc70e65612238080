"""The table speaks to the player as "tu" in Portuguese (of Portugal), "tú" in Spanish and
"tu" in Italian: no sentence of a catalogue takes the courtesy form ("Prima Enter",
"Pulse Intro", "o seu nome")."""

from __future__ import annotations

import re

import pytest

from bisca_tui.lang.catalogue import po_path, read

COURTESY = {
    "pt": re.compile(r"\b(você|Prima (?!Mano)|Carregue|Escreva|Introduza|Jogue|o seu nome)\b"),
    "es": re.compile(r"\b(usted|Pulse|Elija|Escriba|Introduzca|Juegue)\b"),
    "it": re.compile(r"\b(Lei|Prema|Scelga|Scriva|Inserisca)\b"),
}


@pytest.mark.parametrize("code", sorted(COURTESY))
def test_no_sentence_of_the_table_takes_the_courtesy_form(code) -> None:
    found = []
    for msg in read(po_path(code), code):
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        found += [s for s in strings if msg.id and COURTESY[code].search(s)]
    assert found == []
