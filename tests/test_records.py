"""Game records: writing, reading, replaying, the shipped examples, and refusing bad records."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path

import pytest

from bisca_tui.engine import GameState, Layout, Match, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import parse_card
from bisca_tui.engine.records import (
    DealRecord,
    Record,
    RecordError,
    RecordIllegalAction,
    load_record,
    parse_record,
    record_of_match,
    replay_deal,
    replay_record,
)
from bisca_tui.engine.variant import all_variants

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "bisca_tui" / "examples"
VARIANTS = tuple(sorted(cls.id for cls in all_variants()))
NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gil", "Helena"]


def play_random(state: GameState, rng: random.Random, stop_after: int | None = None) -> None:
    n = 0
    while not state.is_over() and (stop_after is None or n < stop_after):
        legal = state.legal_actions()
        state.apply(rng.choice(legal))
        n += 1


def random_match(variant_id: str, seed: int, options: dict | None = None) -> Match:
    v = make_variant(variant_id, options)
    m = Match(v, dealer=seed % v.n_people, seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        play_random(m.new_deal(), rng)
        m.finish_deal()
    return m


def example_json(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def parse(data: dict) -> Record:
    return parse_record(json.dumps(data), "game.json")


# ----- round trips ---------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_played_match_round_trips_through_json(variant_id: str) -> None:
    m = random_match(variant_id, 11)
    record = record_of_match(m, NAMES[:m.variant.n_people])
    back = replay_record(parse_record(record.dumps(), "t"))
    assert back.scores == m.scores
    # a session of deals may end level (no single winner); a match always has one
    assert back.winner == m.winner and back.is_over()
    assert back.winner is not None or m.variant.match_deals() is not None
    assert back.results == m.results
    assert [d.signature() for d in back.deals] == [d.signature() for d in m.deals]
    # and the record written from the replayed match is the same text
    assert record_of_match(back, NAMES[:m.variant.n_people]).dumps() == record.dumps()


def test_a_layout_deal_round_trips_and_keeps_its_seed_for_signals() -> None:
    v = make_variant("bisca-6", {"intercept": 0.5})
    dealt = GameState(v, seed=5)
    layout = dealt.layout
    assert layout is not None
    m = Match(v, seed=1)
    state = m.new_deal(seed=77, layout=layout)
    play_random(state, random.Random(2))
    m.finish_deal()
    assert state.signs.log, "the random play should have sent signals"
    record = record_of_match(m, NAMES[:v.n])
    data = json.loads(record.dumps())
    assert data["deals"][0]["seed"] == 77
    assert data["deals"][0]["layout"]["stock"][0] == json.loads(json.dumps(
        layout.to_json()))["stock"][0]
    back = replay_record(parse_record(record.dumps()))
    assert back.deals[0].signature() == state.signature()
    assert back.deals[0].signs.log == state.signs.log


def test_a_layout_deal_without_a_seed_writes_no_seed() -> None:
    v = make_variant("bisca-3")
    layout = GameState(v, seed=3).layout
    m = Match(v, seed=4)
    play_random(m.new_deal(layout=layout), random.Random(1))
    deal = json.loads(record_of_match(m, NAMES[:2]).dumps())["deals"][0]
    assert "seed" not in deal and deal["layout"]["indicator"] is not None


def test_a_match_saved_mid_deal_replays_to_the_same_position() -> None:
    m = Match(make_variant("bisca-capixaba"), seed=8)
    rng = random.Random(8)
    play_random(m.new_deal(), rng)
    m.finish_deal()
    state = m.new_deal()
    play_random(state, rng, stop_after=9)
    assert not state.is_over()
    back = replay_record(parse_record(record_of_match(m, NAMES[:4]).dumps()))
    assert back.deals[-1].signature() == state.signature()
    assert back.scores == m.scores and len(back.results) == 1
    # the replayed deal can be played on from where it stopped
    assert back.deals[-1].legal_actions() == state.legal_actions()


def test_replay_deal_rebuilds_one_deal() -> None:
    v = make_variant("bisca-9")
    state = GameState(v, dealer=1, seed=21)
    play_random(state, random.Random(21))
    names = v.signal_names
    deal = DealRecord(seed=21, actions=[A.action_str(a, names) for a in state.history])
    assert replay_deal(v, deal, dealer=1).signature() == state.signature()


def test_record_of_match_wants_one_name_per_player() -> None:
    m = random_match("bisca-3", 2)
    with pytest.raises(ValueError, match="2 players"):
        record_of_match(m, ["Ana"])


# ----- the shipped examples --------------------------------------------------------------


def _examples_module():
    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "docs" /
                                                  "make_examples.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_there_is_one_example_per_variant() -> None:
    """One example per game, and one per other player count (``ID-Np.json``)."""
    names = sorted(p.name for p in EXAMPLES.glob("*.json"))
    assert {f"{v}.json" for v in VARIANTS} <= set(names)
    for name in names:
        stem = name[:-5]
        base, _, count = stem.rpartition("-")
        if f"{stem}.json" not in {f"{v}.json" for v in VARIANTS}:
            assert base in VARIANTS and count.endswith("p"), name
            record = load_record(EXAMPLES / name)
            assert record.variant == base and len(record.players) == int(count[:-1])
            assert replay_record(record, name).is_over()


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_example_replays_to_a_finished_match(variant_id: str) -> None:
    path = EXAMPLES / f"{variant_id}.json"
    record = load_record(path)
    assert record.variant == variant_id
    m = replay_record(record, path.name)
    assert m.is_over()
    limit = m.variant.match_deals()
    if limit is None:  # played to a target
        assert m.winner is not None and max(m.scores) >= m.target
    else:  # a session of a fixed number of deals
        assert len(m.deals) == limit
    assert all(d.is_over() for d in m.deals)


def test_the_examples_are_what_the_generator_writes() -> None:
    made = _examples_module().examples()
    for name, record in made.items():
        assert (EXAMPLES / name).read_text(encoding="utf-8") == record.dumps(), name


def test_the_examples_show_layouts_cut_knock_exchange_heley_and_signals() -> None:
    three = example_json("bisca-3.json")
    assert "layout" in three["deals"][0] and "seed" not in three["deals"][0]
    capi = load_record(EXAMPLES / "bisca-capixaba.json")
    firsts = [d.actions[0] for d in capi.deals]
    assert "cut" in firsts and "knock" in firsts
    laid = [(d.layout, d.actions[0]) for d in capi.deals if d.layout is not None]
    assert any(lay.indicator is None and first == "knock" for lay, first in laid)
    assert any(lay.indicator is not None and first == "cut" for lay, first in laid)
    m = replay_record(capi)
    assert any(d.exchanged is not None for d in m.deals)
    assert any(d.score_events for d in m.deals)
    six = replay_record(load_record(EXAMPLES / "bisca-6.json"))
    assert any(d.signs.log for d in six.deals)


# ----- refusing bad records ----------------------------------------------------------------


def error_of(data: dict | str) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data, indent=1)
    with pytest.raises(RecordError) as info:
        replay_record(parse_record(text, "game.json"), "game.json")
    assert "\n" not in str(info.value)
    return info.value


def layout_record() -> dict:
    return copy.deepcopy(example_json("bisca-3.json"))


def test_bad_json_names_line_and_column() -> None:
    text = '{\n  "format": "bisca-tui-record",\n  "version": 1\n  "variant": "bisca-3"\n}'
    e = error_of(text)
    assert "line 4, column 3" in str(e) and "not valid JSON" in str(e)


def test_a_key_twice_in_one_object_is_refused() -> None:
    text = '{"format": "bisca-tui-record", "version": 1, "version": 1}'
    assert "appears twice" in str(error_of(text))


def test_deep_nesting_and_nan_do_not_escape_as_other_errors() -> None:
    assert "nested too deeply" in str(error_of("[" * 100000))
    assert "NaN" in str(error_of('{"format": NaN}'))


def test_unknown_variant() -> None:
    data = layout_record()
    data["variant"] = "bisca-5"
    e = error_of(data)
    assert "unknown variant 'bisca-5'" in str(e) and "bisca-3" in str(e)


def test_wrong_number_of_players() -> None:
    data = layout_record()
    data["players"] = ["Ana", "Bruno", "Carla"]
    assert "for 2 players" in str(error_of(data))


def test_unknown_field_and_bad_option() -> None:
    data = layout_record()
    data["option"] = {}
    assert "unknown field 'option'" in str(error_of(data))
    data = layout_record()
    data["options"]["extra_games"] = 1
    assert "extra_games" in str(error_of(data))
    data = layout_record()
    data["options"]["match"] = "best_of_9"
    assert "best_of_9" in str(error_of(data))
    six = example_json("bisca-6.json")
    six["options"]["intercept"] = True
    assert "intercept" in str(error_of(six))


def test_duplicate_card_in_a_layout() -> None:
    data = layout_record()
    data["deals"][0]["layout"]["hands"][1][0] = "AS"
    e = error_of(data)
    assert "deal 1, layout" in str(e) and "AS appears twice" in str(e)


def test_wrong_hand_size_in_a_layout() -> None:
    data = layout_record()
    lay = data["deals"][0]["layout"]
    lay["hands"][0].append(lay["stock"].pop())
    e = error_of(data)
    assert "seat 0 holds 4 cards" in str(e)


def test_bad_card_and_missing_trump_in_a_layout() -> None:
    data = layout_record()
    data["deals"][0]["layout"]["hands"][0][1] = "9H"
    e = error_of(data)
    assert "hands[0][1]" in str(e) and "'9H' is not a card" in str(e)
    data = layout_record()
    lay = data["deals"][0]["layout"]
    lay["stock"].append(lay.pop("indicator"))
    lay.pop("trump")
    assert "trump" in str(error_of(data))


def test_unknown_action() -> None:
    data = layout_record()
    data["deals"][1]["actions"][2] = "XX"
    e = error_of(data)
    assert "deal 2, action 3" in str(e) and "unknown action 'XX'" in str(e)


def test_a_signal_name_unknown_in_this_game() -> None:
    data = layout_record()
    data["deals"][0]["actions"][0] = "signal:ace_of_trumps"
    assert "unknown signal" in str(error_of(data))


def test_an_illegal_action_names_deal_action_seat_and_rule() -> None:
    data = layout_record()
    # Bruno leads 2S; Ana holds AS 5H QD. Make her play a card she does not hold.
    data["deals"][0]["actions"][1] = "KC"
    e = error_of(data)
    assert isinstance(e, RecordIllegalAction)
    assert (e.deal, e.position, e.seat, e.action) == (0, 1, 0, "KC")
    assert "not in seat 0's hand" in e.rule
    assert str(e) == ("game.json, deal 1, action 2: seat 0 (Ana) tried KC, which breaks the "
                      "rule: KC is not in seat 0's hand")


def _seats_acting(data: dict) -> list[list[int]]:
    """The seat that takes each action of each deal, as the replay finds it."""
    seats: list[list[int]] = []
    to_act: list[int | None] = [None]

    def on_deal(i: int, state: GameState) -> None:
        seats.append([])
        to_act[0] = state.current

    def on_action(i: int, k: int, state: GameState, text: str) -> None:
        seats[i].append(to_act[0])
        to_act[0] = state.current

    replay_record(parse(data), "game.json", on_action=on_action, on_deal=on_deal)
    return seats


@pytest.mark.parametrize("name", ["bisca-3.json", "sueca-3.json", "chiamata-monte-7p.json"])
def test_a_record_naming_each_action_s_seat_is_read_and_checked(name: str) -> None:
    data = copy.deepcopy(example_json(name))
    plain = replay_record(parse(data))
    seats = _seats_acting(data)
    for d, acting in zip(data["deals"], seats, strict=True):
        # every other action names its seat: the two forms mix in one list
        d["actions"] = [{"seat": s, "action": a} if k % 2 == 0 else a
                        for k, (s, a) in enumerate(zip(acting, d["actions"], strict=True))]
    record = parse(data)
    assert record.deals[0].actions == example_json(name)["deals"][0]["actions"]
    assert record.deals[0].seats[:2] == [seats[0][0], None]
    seated = replay_record(record)
    assert seated.scores == plain.scores
    assert [st.history for st in seated.deals] == [st.history for st in plain.deals]
    # written back as read: the seats stay where the record named them
    assert record.to_json()["deals"] == data["deals"]
    assert parse_record(record.dumps()).deals == record.deals
    assert '{"seat": ' in record.dumps()  # on the line among the other actions
    first = plain.deals[0]
    assert replay_deal(first.variant, record.deals[0], first.dealer).history == first.history


def test_a_record_naming_the_wrong_seat_is_refused_with_its_place() -> None:
    data = layout_record()
    # Bruno (seat 1) leads 2S and Ana (seat 0) answers AS: the record says Bruno played AS
    assert data["deals"][0]["actions"][:2] == ["2S", "AS"]
    data["deals"][0]["actions"][1] = {"seat": 1, "action": "AS"}
    e = error_of(data)
    assert isinstance(e, RecordIllegalAction)
    assert (e.deal, e.position, e.seat, e.action) == (0, 1, 1, "AS")
    assert e.rule == "it is seat 0's turn, not seat 1's"
    assert str(e) == ("game.json, deal 1, action 2: seat 1 (Bruno) tried AS, which breaks the "
                      "rule: it is seat 0's turn, not seat 1's")
    # a legal card, played by the right seat, but named for the other: refused as well
    data = layout_record()
    data["deals"][0]["actions"][0] = {"seat": 0, "action": "2S"}
    e = error_of(data)
    assert (e.deal, e.position, e.seat) == (0, 0, 0)
    assert str(e).endswith("seat 0 (Ana) tried 2S, which breaks the rule: it is seat 1's "
                           "turn, not seat 0's")


@pytest.mark.parametrize("entry,said", [
    ({"seat": 2, "action": "AS"}, "deal 1, action 2, seat: must be a seat number from 0 to 1, "
                                  "not 2"),
    ({"seat": True, "action": "AS"}, "deal 1, action 2, seat: must be a seat number"),
    ({"seat": "0", "action": "AS"}, "deal 1, action 2, seat: must be a seat number"),
    ({"seat": 0}, "deal 1, action 2: an action naming its seat is an object with \"seat\""),
    ({"seat": 0, "action": "AS", "by": "Ana"}, "deal 1, action 2: unknown field"),
    ({"seat": 0, "action": 7}, "deal 1, action 2: an action is a string"),
    ({"seat": 0, "action": "XX"}, "deal 1, action 2: unknown action 'XX'"),
])
def test_a_badly_written_seated_action_is_refused_where_it_sits(entry: dict, said: str) -> None:
    data = layout_record()
    data["deals"][0]["actions"][1] = entry
    assert said in str(error_of(data))


def test_an_action_after_the_end_of_a_deal() -> None:
    data = layout_record()
    data["deals"][0]["actions"].append("AS")
    e = error_of(data)
    assert isinstance(e, RecordIllegalAction) and e.seat is None
    assert "deal 1, action 41" in str(e) and "over" in str(e)


def test_an_unfinished_deal_followed_by_another() -> None:
    data = layout_record()
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:10]
    assert "deal 1: this deal is not finished" in str(error_of(data))


def test_a_deal_after_the_end_of_the_match() -> None:
    data = layout_record()
    data["deals"].append({"seed": 5, "actions": []})
    n = len(data["deals"])
    assert f"deal {n}: the match was already over" in str(error_of(data))


def test_a_capixaba_layout_must_agree_with_cut_or_knock() -> None:
    data = example_json("bisca-capixaba.json")
    knock = next(i for i, d in enumerate(data["deals"])
                 if "layout" in d and d["layout"]["indicator"] is None)
    data["deals"][knock]["actions"][0] = "cut"
    e = error_of(data)
    assert isinstance(e, RecordIllegalAction)
    assert f"deal {knock + 1}, action 1" in str(e) and "cut" in str(e)
    assert "other way" in e.rule


def test_a_capixaba_layout_never_shows_an_ace_or_seven() -> None:
    v = make_variant("bisca-capixaba")
    lay = GameState(v, seed=1)
    lay.apply(A.CUT)
    layout = lay.layout
    assert layout is not None and layout.indicator is not None
    hands = [list(h) for h in layout.hands]
    seven = parse_card("7" + "SHDC"[layout.trump])
    ind = layout.indicator
    stock = list(layout.stock)
    # swap the 7 of trumps into the indicator's place, wherever it is
    for h in hands:
        if seven in h:
            h[h.index(seven)] = ind
    if seven in stock:
        stock[stock.index(seven)] = ind
    bad = Layout(tuple(map(tuple, hands)), layout.trump, seven, tuple(stock))
    rec = Record("bisca-capixaba", {}, NAMES[:4], 0, None, [DealRecord(None, bad, ["cut"])])
    assert "never left as the indicator" in str(error_of(rec.to_json()))


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nope.json")
    with pytest.raises(RecordError, match="directory"):
        load_record(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"players": ["Jo\xe3o"]}')
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(bad)


def test_wrong_format_version_and_shapes() -> None:
    data = layout_record()
    data["version"] = 2
    assert "version 1" in str(error_of(data))
    data = layout_record()
    data["format"] = "something-else"
    assert "format" in str(error_of(data))
    assert "JSON object" in str(error_of("[]"))
    data = layout_record()
    data["deals"] = []
    assert "non-empty" in str(error_of(data))
    data = layout_record()
    data["deals"][1].pop("seed")
    assert "needs a seed or a layout" in str(error_of(data))
    data = layout_record()
    data["dealer"] = 2
    assert "dealer" in str(error_of(data))
    data = layout_record()
    data["deals"][1]["actions"][0] = 7
    assert "deal 2, action 1" in str(error_of(data))


# ----- bounds on numbers -------------------------------------------------------------------


def _with_raw_number(data: dict, where: str, digits: str) -> str:
    """The record as JSON text with ``digits`` written as a raw number at ``where``
    ("seed" for the match seed, "deal seed" for the first deal's, "dealer", "version")."""
    marker = "__NUMBER__"
    data = copy.deepcopy(data)
    if where == "deal seed":
        data["deals"][0]["seed"] = marker
    else:
        data[where] = marker
    return json.dumps(data, indent=1).replace(f'"{marker}"', digits)


@pytest.mark.parametrize("digits", ["9" * 31, "1" + "0" * 400, "7" * 5000, "-" + "8" * 5000])
@pytest.mark.parametrize("where,named", [
    ("seed", "game.json: seed:"),
    ("deal seed", "game.json, deal 1, seed:"),
    ("dealer", "game.json: dealer:"),
    ("version", "game.json: version:"),
])
def test_a_number_too_long_is_refused_by_field_not_by_python(digits: str, where: str,
                                                             named: str) -> None:
    e = error_of(_with_raw_number(example_json("bisca-3.json"), where, digits))
    assert str(e).startswith(named), str(e)
    assert "too long" in str(e) and "at most 30 digits" in str(e)
    assert "conversion" not in str(e) and "Exceeds" not in str(e)


def test_long_numbers_elsewhere_are_named_where_they_sit() -> None:
    text = json.dumps(example_json("sueca.json"), indent=1).replace(
        '"match": 4', '"match": ' + "4" * 40)
    assert str(error_of(text)).startswith("game.json: options.match: a number of 40 digits")


@pytest.mark.parametrize("seed", [2**64, 10**25, -1, -(2**63)])
def test_seeds_outside_0_to_2_to_the_64_are_refused(seed: int) -> None:
    data = example_json("bisca-3.json")
    data["seed"] = seed
    e = error_of(data)
    assert str(e) == "game.json: seed: must be a whole number from 0 to 18446744073709551615"
    data = example_json("bisca-3.json")
    data["deals"][1]["seed"] = seed
    assert str(error_of(data)).startswith("game.json, deal 2, seed: must be a whole number")


@pytest.mark.parametrize("seed", [0, 2**63, 2**64 - 1])
def test_seeds_inside_the_range_are_read(seed: int) -> None:
    data = example_json("bisca-3.json")
    data["seed"] = seed
    data["deals"][1]["seed"] = seed
    data["deals"][1]["actions"] = []
    data["deals"][2:] = []
    rec = parse_record(json.dumps(data), "game.json")
    assert rec.seed == seed and rec.deals[1].seed == seed
    m = replay_record(rec)
    assert m.deals[1].seed == seed


def test_a_dealer_out_of_range_is_refused() -> None:
    for dealer in (2, -1, 10**29):
        data = example_json("bisca-3.json")
        data["dealer"] = dealer
        assert str(error_of(data)).startswith("game.json: dealer: must be a seat number")


# ----- records too large are refused at once ---------------------------------------------------


def _briscola(deals: list[dict]) -> dict:
    data = json.loads((EXAMPLES / "briscola.json").read_text(encoding="utf-8"))
    data["deals"] = deals
    return data


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from bisca_tui.engine.records import MAX_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as f:  # 43 MB of nothing, on disk in no time
        f.truncate(43_000_000)
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert str(e.value) == (f"{path}: is too large for a game record (43 MB; a record holds "
                            f"at most {MAX_BYTES // 1_000_000} MB)")
    # what does not say its size (a device, a pipe) is read no further than the limit
    with pytest.raises(RecordError, match="more than 4 MB; a record holds at most 4 MB"):
        load_record("/dev/zero")
    with pytest.raises(RecordError, match="too large for a game record"):
        parse_record(" " * (MAX_BYTES + 1), "text")


def test_too_many_deals_or_actions_are_refused_before_any_is_built(tmp_path: Path) -> None:
    from bisca_tui.engine.records import MAX_DEAL_ACTIONS, MAX_DEALS

    bad_first = {"seed": 1, "actions": [42]}  # a deal that would be refused for itself
    data = _briscola([bad_first] + [{"seed": k} for k in range(MAX_DEALS)])
    with pytest.raises(RecordError) as e:
        parse_record(json.dumps(data), "many.json")
    assert str(e.value) == (f"many.json: deals: {MAX_DEALS + 1} deals are more than a record "
                            f"holds (at most {MAX_DEALS})")
    data = _briscola([{"seed": 1, "actions": ["7H"] * (MAX_DEAL_ACTIONS + 1)}])
    with pytest.raises(RecordError) as e:
        parse_record(json.dumps(data), "long.json")
    assert str(e.value) == (f"long.json, deal 1, actions: {MAX_DEAL_ACTIONS + 1} actions are "
                            f"more than a deal holds (at most {MAX_DEAL_ACTIONS})")
    data = _briscola([{"seed": 1, "actions": [],
                       "undone": [{"kept": 0, "actions": ["7H"] * (MAX_DEAL_ACTIONS + 1)}]}])
    with pytest.raises(RecordError, match="long.json, deal 1, undo 1, actions: 1001 actions"):
        parse_record(json.dumps(data), "long.json")


def test_the_longest_matches_stay_far_inside_the_limits() -> None:
    from bisca_tui.engine.records import MAX_BYTES, MAX_DEAL_ACTIONS, MAX_DEALS
    from bisca_tui.history.sample import play

    for variant, options in (("bisca-3", {"match": "comb_10"}), ("brisca", {"match": 10}),
                             ("sueca-dupla", {"match": 10})):
        match = play(variant, 7, options=options)
        record = record_of_match(match, NAMES[:match.variant.n_people])
        assert len(record.deals) * 20 < MAX_DEALS
        assert max(len(d.actions) for d in record.deals) * 5 < MAX_DEAL_ACTIONS
        assert len(record.dumps().encode()) * 100 < MAX_BYTES
        assert parse_record(record.dumps()).deals == record.deals
    biggest = max(EXAMPLES.glob("*.json"), key=lambda p: p.stat().st_size)
    assert biggest.stat().st_size * 100 < MAX_BYTES
    load_record(biggest)


def test_a_name_with_a_lone_surrogate_is_saved_and_read_back(tmp_path: Path) -> None:
    """A lone surrogate cannot be written in UTF-8: the record writes its JSON escape, and
    reading the file gives the same name back."""
    m = Match(make_variant("bisca-3"), dealer=0, seed=5)
    m.new_deal()
    path = tmp_path / "r.json"
    record_of_match(m, ["Ana\ud800", "Rui"]).save(path)
    assert "Ana\\ud800" in path.read_text(encoding="utf-8")
    assert load_record(path).players == ["Ana\ud800", "Rui"]
