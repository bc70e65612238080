"""Every game's rules page in every language: the same page as the English one (the same
headings, generated sections in the same places, the same tables and lists), read from the
language's folder when that language is in use, the English page otherwise."""

from __future__ import annotations

import re

import pytest

from bisca_tui import lang
from bisca_tui.rules import available_rules, page_text, rules_markdown

OTHERS = [code for code in lang.LANGUAGES if code != lang.DEFAULT]
MARK = re.compile(r"^<!-- [a-z-]+ -->$")


def shape(page: str) -> dict[str, object]:
    lines = page.splitlines()
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines
                     if line.startswith("#")],
        "marks": [line for line in lines if MARK.match(line)],
        "table rows": sum(1 for line in lines if line.startswith("|")),
        "table columns": [line.count("|") for line in lines if line.startswith("|")],
        "identifiers": sorted(re.findall(r"`([a-z_0-9:]+)`", page)),
    }


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("game", available_rules())
def test_each_page_has_its_translation_in_the_same_shape(code, game):
    english, translated = page_text(game, "en"), page_text(game, code)
    assert translated is not None and translated != english, f"{game} has no {code} page"
    assert shape(translated) == shape(english)
    # the prose stays within the rules panel's width, as the English does
    prose = [line for line in translated.splitlines() if not line.startswith("|")]
    assert max(len(line) for line in prose) <= 78


@pytest.mark.parametrize("code", OTHERS)
def test_the_panel_shows_the_page_of_the_language_in_use(code):
    lang.use(code)
    page = rules_markdown("sueca")
    assert page.startswith(page_text("sueca", code).split("\n", 1)[0])
    assert "<!--" not in page  # the generated sections took their places
    lang.use("en")
    assert rules_markdown("sueca").startswith("# Sueca")
    assert "## Ranking and points" in rules_markdown("sueca")


def test_a_language_without_a_page_for_a_game_shows_the_english_page(tmp_path, monkeypatch):
    import bisca_tui.rules as R

    monkeypatch.setattr(R, "__path__", [*R.__path__, str(tmp_path)])
    (tmp_path / "made-up-game.md").write_text("# Made up\n", encoding="utf-8")
    assert page_text("made-up-game", "pt") == "# Made up\n"


# The table speaks to the player as "tu" (European Portuguese), "tú", "tu": so do the pages.
# The two Brazilian games' pages speak Brazilian Portuguese, whose familiar form is "você".
BRAZILIAN = {"sueca-brasileira", "bisca-capixaba"}
COURTESY = {
    "pt": re.compile(r"\b(Conte|Vá|Jogue|Saia|Lembre-se|Repare|Pense|Guarde|Deite|Ponha|"
                     r"Troque|Licite|Chame|Olhe|Use|Faça|Veja|Gaste|pergunte-se|desenhe|"
                     r"atravesse-a|Não perca|Não deite|Não a confunda|mantenha-os|"
                     r"o seu parceiro|a sua equipa|o seu lado|o seu sinal|a sua mão|"
                     r"Se tiver|Se não tiver|quando puder|se puder)\b"),
    "es": re.compile(r"\b(usted|ustedes|Cuente|Juegue|Recuerde|Fíjese|Piense)\b"),
    "it": re.compile(r"\b(Lei|Suo|Sua|Conti|Giochi|Ricordi|Pensi)\b"),
}


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("game", available_rules())
def test_each_page_speaks_to_the_player_as_the_table_does(code, game):
    if code == "pt" and game in BRAZILIAN:
        assert "você" in page_text(game, code)
        return
    page = page_text(game, code)
    assert COURTESY[code].findall(page) == []
