"""What reaches a person from the card notation, the JSON reader and an outside bot program
is said in the table's language, while what stays English (the arena's JSON, a bot's
``failure``) keeps the code's English words.

The catalogue that shouts stands in for a language (see ``shouting``): words that passed
through gettext come out in capitals, values (a program's own words, the notation) as they
are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from shouting import Shouting

from bisca_tui import lang
from bisca_tui.arena.results import Fallback
from bisca_tui.bots.external import ExternalBot
from bisca_tui.engine.actions import parse_action
from bisca_tui.engine.cards import NotationError, parse_card, parse_suit
from bisca_tui.engine.json_words import json_problem
from bisca_tui.engine.narrate.sayings import Failure, shown, told, words
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lang, "_t", Shouting)


@pytest.fixture(autouse=True)
def english() -> None:
    lang.use("en")
    yield
    lang.use("en")


def error_of(call) -> NotationError:
    with pytest.raises(NotationError) as info:
        call()
    return info.value


# ----- the card notation ---------------------------------------------------------------------

def test_notation_errors_are_told_in_the_language_and_keep_their_english(shouting) -> None:
    e = error_of(lambda: parse_card("ZZ"))
    assert str(e) == "'ZZ' IS NOT A CARD (RANK A 2 3 4 5 6 7 J Q K, THEN SUIT S H D C, E.G. 7H)"
    assert e.english == "'ZZ' is not a card (rank A 2 3 4 5 6 7 J Q K, then suit S H D C, e.g. 7H)"
    assert isinstance(e, ValueError)  # callers that catch a ValueError still do
    e = error_of(lambda: parse_action("shuffle"))
    assert str(e).startswith("UNKNOWN ACTION 'shuffle' (A CARD SUCH AS 7H")
    assert e.english.startswith("unknown action 'shuffle' (a card such as 7H")
    assert str(error_of(lambda: parse_suit("X"))) == "'X' IS NOT A SUIT (S H D C)"
    assert str(error_of(lambda: parse_action("bid:lots"))) == \
        "A BID IS A NUMBER OF POINTS OR A RANK, NOT 'lots'"
    assert str(error_of(lambda: parse_action("bid:500"))) == \
        "A BID OF 500 POINTS IS MORE THAN A PACK HOLDS"
    assert str(error_of(lambda: parse_action("signal:wink"))) == \
        "UNKNOWN SIGNAL 'wink' (THIS GAME HAS NONE)"
    assert str(error_of(lambda: parse_action("signal:wink", ["ace", "three"]))) == \
        "UNKNOWN SIGNAL 'wink' (SIGNALS HERE: ace, three)"
    assert str(error_of(lambda: parse_action(7))) == "AN ACTION MUST BE A STRING, NOT 7"


def test_a_notation_error_in_a_real_catalogue() -> None:
    with lang.speaking("pt"):
        text = str(error_of(lambda: parse_card("ZZ")))
    assert text.startswith("'ZZ' ") and "7H" in text and "is not a card" not in text


# ----- the JSON reader's complaints ----------------------------------------------------------

@pytest.mark.parametrize("text", ["", '{"a" 1}', '{"a":1 "b":2}', "{a:1}", '"abc', '"a\x01"',
                                  '"\\q"', '"\\u12"', "{} x", "\ufeff{}"])
def test_every_usual_json_complaint_is_said_in_our_words(shouting, text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as info:
        json.loads(text)
    said = json_problem(info.value)
    assert said == said.upper() and said != info.value.msg.upper(), said


def test_a_json_complaint_we_do_not_know_is_quoted_as_it_came(shouting) -> None:
    error = json.JSONDecodeError("Something new", "doc", 0)
    assert json_problem(error) == "Something new"


# ----- an outside program that loses its seat ------------------------------------------------

def test_a_failure_is_told_in_the_language_and_stays_english_where_it_must(shouting) -> None:
    reason = Failure("reply.not_action", text="'shuffle'",
                     error=error_of(lambda: parse_action("shuffle")))
    notice = told(Failure("notice.medium", who="'Tester'", reason=reason, level="medium"))
    # what records, logs and the arena's JSON keep: English all through
    assert notice == ("External bot 'Tester' answered 'shuffle', which is not an action: "
                      "unknown action 'shuffle' (a card such as 7H, or cut, knock, exchange, "
                      "signal:NAME). The built-in medium bot plays its seat for the rest of the "
                      "match.")
    assert words(reason, english=True).startswith("answered 'shuffle', which is not")
    # what a person reads: every part in the language, the program's words as they came
    assert shown(notice) == ("EXTERNAL BOT 'Tester' ANSWERED 'shuffle', WHICH IS NOT AN "
                             "ACTION: UNKNOWN ACTION 'shuffle' (A CARD SUCH AS 7H, OR CUT, "
                             "KNOCK, EXCHANGE, SIGNAL:NAME). THE BUILT-IN MEDIUM BOT PLAYS ITS "
                             "SEAT FOR THE REST OF THE MATCH.")
    fallback = Fallback(side=0, seat=1, deal=2, kind="illegal", reason=words(reason, True),
                        replaced_by="medium", said=reason)
    assert "BECAUSE IT ANSWERED 'shuffle'" in fallback.sentence()
    assert fallback.to_json()["reason"].startswith("answered 'shuffle', which is not an")


def test_a_program_that_crashes_is_said_in_the_language(shouting, tmp_path: Path) -> None:
    program = tmp_path / "crash.py"
    program.write_text("import sys\nprint('broken on purpose', file=sys.stderr)\nsys.exit(3)\n")
    lang.use("pt")  # the shouting catalogue
    bot = ExternalBot([sys.executable, str(program)], seed=1, fallback="easy")
    try:
        bot.choose(GameState(make_variant("bisca-3"), seed=1).view(1))
        assert bot.failure == "crashed (exit code 3): broken on purpose"  # the arena's
        assert bot.notice is not None and bot.notice.startswith("External bot ")
        assert shown(bot.notice).startswith("EXTERNAL BOT ")
        assert "CRASHED (EXIT CODE 3): broken on purpose" in shown(bot.notice)
        assert "THE BUILT-IN EASY BOT" in shown(bot.notice)
    finally:
        bot.close()
