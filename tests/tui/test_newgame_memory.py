"""What the new game form shows from its last choices, without a screen: the seats by their
place at the table, the number of players and the house rules per game, each seat's label
saying where it sits."""

from __future__ import annotations

from bisca_tui.engine.variant import variant_class
from bisca_tui.table.session import BOT_NAMES, HUMAN
from bisca_tui.tui.screens.newgame_choices import CMD, level_description, seat_kinds
from bisca_tui.tui.screens.newgame_memory import FormMemory

KINDS = seat_kinds()


def match_rule(vid: str):
    return next(rule for rule in variant_class(vid).house_rules if rule.name == "match")


def test_a_form_never_filled_in_shows_each_game_s_defaults() -> None:
    memory = FormMemory()
    assert memory.players("briscola") == variant_class("briscola").default_players
    shown = memory.seats_shown("bisca-4", 4, KINDS, "easy")
    assert [s.name for s in shown] == ["You", *BOT_NAMES[:3]]
    assert [s.kind for s in shown[1:]] == ["bot:easy"] * 3
    assert shown[1].about == level_description("easy", partners=True)
    assert [index for _rule, index in memory.rules_shown("briscola")] == [
        rule.choices.index(rule.default) for rule in variant_class("briscola").house_rules]


def test_seven_seats_each_say_where_they_sit() -> None:
    shown = FormMemory().seats_shown("chiamata-monte", 7, KINDS, "random")
    assert [s.label for s in shown] == [
        "You (bottom)", "Seat 2 (lower right)", "Seat 3 (upper right)", "Seat 4 (top right)",
        "Seat 5 (top left)", "Seat 6 (upper left)", "Seat 7 (lower left)"]


def test_the_choices_kept_come_back_and_another_game_has_its_own_rules() -> None:
    memory = FormMemory()
    seats = [{"name": "Ana"}, {"name": "Player 2", "kind": HUMAN, "command": ""},
             {"name": "Zé", "kind": "bot:random", "command": ""}]
    rule = match_rule("briscola")
    memory.keep("briscola", seats, {"match": rule.choices[1]})
    assert memory.players("briscola") == 3
    shown = memory.seats_shown("briscola", 3, KINDS, "easy")
    assert [s.name for s in shown] == ["Ana", "Player 2", "Zé"]
    assert [s.kind for s in shown[1:]] == [HUMAN, "bot:random"]
    assert shown[1].about == level_description(HUMAN)
    assert dict((r.name, i) for r, i in memory.rules_shown("briscola"))["match"] == 1
    # another game: the same seats, its own house rules' defaults
    assert memory.seats_shown("bisca-3", 2, KINDS, "easy")[0].name == "Ana"
    other = match_rule("bisca-3")
    assert dict((r.name, i) for r, i in memory.rules_shown("bisca-3"))["match"] == (
        other.choices.index(other.default)) == 0


def test_a_seat_past_a_smaller_game_is_kept_for_a_game_that_has_it() -> None:
    memory = FormMemory()
    four = [{"name": "You"}, *({"name": n, "kind": "bot:random", "command": ""}
                               for n in BOT_NAMES[:2]),
            {"name": "Beatriz", "kind": HUMAN, "command": ""}]
    memory.keep("bisca-4", four, {})
    memory.keep("bisca-3", [{"name": "Ana"}, {"name": "Rui", "kind": "bot:hard",
                                               "command": ""}], {})
    assert memory.players("bisca-3") == 2 and memory.players("bisca-4") == 4
    shown = memory.seats_shown("bisca-4", 4, KINDS, "random")
    assert [s.name for s in shown] == ["Ana", "Rui", BOT_NAMES[1], "Beatriz"]
    assert shown[3].kind == HUMAN and shown[3].about == level_description(HUMAN)
    assert shown[1].kind == "bot:hard"


def test_what_the_memory_does_not_offer_reads_as_the_default() -> None:
    """A number of players the game does not allow, a kind not offered (a program where
    none may play), a rule's choice of another type (1 for True), a command not among the
    programs named: each reads as what the form would show without it."""
    rule = next(r for r in variant_class("bisca-3").house_rules if r.name == "extra_games")
    assert rule.choices == (False, True) and rule.default is False
    memory = FormMemory({
        "players": {"briscola": 9},
        "seats": [{}, {"kind": CMD, "command": "mine"}, "not a seat"],
        "rules": {"bisca-3": {rule.name: 1}}})
    assert memory.players("briscola") == variant_class("briscola").default_players
    assert memory.rule("bisca-3", rule) is False
    memory.memory["rules"]["bisca-3"][rule.name] = True
    assert memory.rule("bisca-3", rule) is True
    no_programs = [k for k in KINDS if k[1] != CMD]
    shown = memory.seats_shown("briscola", 3, no_programs, "easy")
    assert shown[1].kind == "bot:easy" and shown[2].kind == "bot:easy"
    named = memory.seats_shown("briscola", 3, KINDS, "easy", programs=["theirs"])
    assert named[1].kind == CMD and named[1].command == "theirs"
    assert named[1].about == level_description(CMD)
