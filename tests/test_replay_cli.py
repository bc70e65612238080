"""``bisca-tui replay``: text and JSON output, and one clean line for every bad record."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bisca_tui.engine import Match, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine import phases as P
from bisca_tui.engine.cards import SUIT_NAMES, SUITS, card_str, parse_card
from bisca_tui.engine.records import load_record, record_of_match, replay_record
from bisca_tui.replay import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "bisca_tui" / "examples"
EVERY_EXAMPLE = sorted(p.stem for p in EXAMPLES.glob("*.json"))


def example_variant(stem: str) -> str:
    """The game of an example file: ``brisca-4p`` is Brisca for four, ``bisca-3`` itself."""
    base, _, count = stem.rpartition("-")
    return base if count.endswith("p") and count[:-1].isdigit() else stem


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: dict | str, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2),
                    encoding="utf-8")
    return str(path)


def example(name: str = "bisca-3") -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("bisca-tui replay: ")
    assert "Traceback" not in err
    return err.strip()


# ----- good records --------------------------------------------------------------------------


def _side_label(side: dict) -> str:
    """How the text names a deal's side (the bidder's side and the others in Sueca for five)."""
    if side["role"] == "bidder":
        what = "Bidder's side" if len(side["seats"]) > 1 else "Bidder alone"
        return f"{what} ({side['name']})"
    if side["role"] == "others":
        return f"the others ({side['name']})"
    return side["name"]


def _names(names: list[str]) -> str:
    """Partners as the text names them: 'Ana & Carla', 'Ana, Carla & Eva', the dummy last."""
    names = sorted(names, key=lambda x: x == "dummy")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def _joined(items: list[str]) -> str:
    return ("; " if any("," in x for x in items) else ", ").join(items)


@pytest.mark.parametrize("variant_id", EVERY_EXAMPLE)
def test_text_and_json_tell_the_same_match(capsys, variant_id: str) -> None:
    path = str(EXAMPLES / f"{variant_id}.json")
    code, text, err = run(capsys, path)
    assert code == 0 and err == ""
    code, out, err = run(capsys, path, "--json")
    assert code == 0 and err == ""
    rep = json.loads(out)
    match = replay_record(load_record(path))
    v = match.variant

    # the JSON agrees with the engine
    assert rep["variant"] == example_variant(variant_id) and rep["family"] == v.family
    assert rep["match_deals"] == v.match_deals()
    assert rep["match"]["games"] == match.scores == rep["deals"][-1]["match_after"]
    assert rep["match"]["winner"] == match.winner and rep["match"]["over"]
    assert len(rep["deals"]) == len(match.deals)
    for i, (d, state) in enumerate(zip(rep["deals"], match.deals, strict=True)):
        people = match.seating(i)[1]
        assert [(x["seat"], x["player"], x["team"]) for x in d["seats"]] == [
            (s, people[s], v.team_of[s]) for s in range(v.n)]
        assert [x["name"] for x in d["seats"]] == [
            "dummy" if p is None else rep["players"][p]["name"] for p in people]
        assert d["dealer"] == state.dealer
        assert [(t["leader"], [p["seat"] for p in t["plays"]], t["winner"], t["points"])
                for t in d["tricks"]] == [
            (t.leader, list(t.seats), t.winner, t.points) for t in state.tricks]
        assert [p["card"] for t in d["tricks"] for p in t["plays"]] == [
            card_str(c) for t in state.tricks for c in t.cards]
        assert d["card_points"] == list(state.result.card_points)
        assert d["game_points"] == list(state.result.game_points)
        assert d["trump"] == SUITS[state.trump]
        # the deal's sides are the ones its card points count by
        assert [s["seats"] for s in d["sides"]] == [
            sorted((x for x in range(v.n) if state.side_of[x] == k),
                   key=lambda x: (x != d.get("bidder"), x))
            for k in range(len(d["card_points"]))]
        # card points of the tricks plus any bonus make the deal's total
        assert sum(t["points"] + t["bonus"] for t in d["tricks"]) == sum(d["card_points"])

    # the text tells the same numbers, deal by deal
    sides = [s["name"] for s in rep["sides"]]
    blocks = text.split("\nDeal ")[1:]
    assert len(blocks) == len(rep["deals"])
    assert "+-" not in text and "1000000" not in text
    for block, d in zip(blocks, rep["deals"], strict=True):
        trick_lines = re.findall(r"^  Trick +(\d+), led by (\d+):(.*)-> won by seat (\d+) "
                                 r"\(.*\), (\d+) points$", block, re.M)
        assert [(int(n), int(lead), int(w), int(p)) for n, lead, _, w, p in trick_lines] == [
            (t["number"], t["leader"], t["winner"], t["points"]) for t in d["tricks"]]
        for (_, _, plays, _, _), t in zip(trick_lines, d["tricks"], strict=True):
            shown = re.findall(r"(\d): (?:\[\w+\] )*(\w+'?)", plays)
            assert shown == [(str(p["seat"]), p["card"]) for p in t["plays"]]
        labels = [_side_label(s) for s in d["sides"]]
        cp = _joined([f"{labels[s]} {p}" for s, p in enumerate(d["card_points"])])
        assert f"Card points: {cp} (tricks " in block
        standing = _joined([f"{sides[s]} {g}" for s, g in enumerate(d["match_after"])])
        if rep["match_deals"]:
            assert (f"Session after deal {d['number']} of {rep['match_deals']}: {standing}\n"
                    in block)
        else:
            assert f"Match: {standing} (first to {rep['target']} {rep['score_unit']})" in block
        for note in d["notes"]:
            assert note in block
        # game points go to the deal's teams, named by who sits in them
        teams = [_names([x["name"] for x in d["seats"] if x["team"] == t])
                 for t in range(len(d["game_points"]))]
        gained = [f"{teams[t]} {'+' if g > 0 else '-'}{abs(g)}"
                  for t, g in enumerate(d["game_points"]) if g]
        assert _joined(gained) in block
    if rep["match"]["winner"] is None:  # a session may end level at the top
        games = rep["match"]["games"]
        best = max(games)
        ending = re.search(r"Session over after \d+ deals, a tie at (-?\d+) between ([^:]+):",
                           text)
        assert ending is not None and int(ending.group(1)) == best
        assert all(sides[t] in ending.group(2) for t, g in enumerate(games) if g == best)
        return
    winner = sides[rep["match"]["winner"]]
    if rep["match_deals"]:
        assert f"Session over after {rep['match_deals']} deals, won by {winner}" in text
    else:
        assert f"Match over, won by {winner}" in text


def test_capixaba_text_shows_cut_knock_exchange_and_heley(capsys) -> None:
    code, text, _ = run(capsys, str(EXAMPLES / "bisca-capixaba.json"))
    assert code == 0
    assert re.search(r"Seat \d \([A-Z]\w+\) cuts: indicator \w\w, \w+ are trumps", text)
    assert re.search(r"Seat \d \([A-Z]\w+\) knocks", text)
    assert "knocks: hearts are trumps, no indicator" in text
    assert re.search(r"exchanges 2. for the indicator", text)
    assert "heley" in text and "game points" in text


def test_signals_are_marked_in_the_trick_and_explained(capsys) -> None:
    code, out, _ = run(capsys, str(EXAMPLES / "bisca-6.json"), "--json")
    rep = json.loads(out)
    sent = [(t, s) for d in rep["deals"] for t in d["tricks"] for s in t["signals"]]
    assert sent
    trick, sig = sent[0]
    team = rep["players"][sig["seat"]]["team"]
    assert all(rep["players"][s]["team"] == team for s in sig["seen_by"])
    assert all(rep["players"][s]["team"] != team for s in sig["caught_by"])
    play = next(p for p in trick["plays"] if p["seat"] == sig["seat"])
    assert sig["signal"] in play["signals"]
    code, text, _ = run(capsys, str(EXAMPLES / "bisca-6.json"))
    assert f"[{sig['signal']}]" in text and f"signal from seat {sig['seat']}" in text


def test_an_unfinished_last_deal_is_told_as_far_as_it_goes(capsys, tmp_path: Path) -> None:
    data = example("bisca-4")
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:6]
    path = write(tmp_path, data)
    code, text, _ = run(capsys, path)
    assert code == 0
    assert "The record stops here, the deal unfinished (6 actions" in text
    assert "Match not over" in text
    code, out, _ = run(capsys, path, "--json")
    d = json.loads(out)["deals"][1]
    assert not d["finished"] and d["match_after"] is None
    assert [t["complete"] for t in d["tricks"]] == [True, False]
    assert len(d["tricks"][1]["plays"]) == 2 and d["to_act"] is not None


# ----- the Sueca games -----------------------------------------------------------------------

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gil", "Helena"]


def report(capsys, path: str) -> tuple[str, dict]:
    code, text, err = run(capsys, path)
    assert code == 0 and err == "", err
    code, out, err = run(capsys, path, "--json")
    assert code == 0 and err == "", err
    return text, json.loads(out)


def deal_blocks(text: str) -> list[str]:
    return text.split("\nDeal ")[1:]


def play_randomly(state, rng: random.Random, until: int | None = None) -> None:
    """Random legal actions until the deal is over (or ``until`` actions were taken)."""
    while not state.is_over() and (until is None or len(state.history) < until):
        state.apply(rng.choice(state.legal_actions()))


def test_sueca5_tells_the_auction_the_call_the_partner_and_the_sides(capsys) -> None:
    path = str(EXAMPLES / "sueca-5.json")
    text, rep = report(capsys, path)
    match = replay_record(load_record(path))
    names = [p["name"] for p in rep["players"]]
    assert "Trumps:" not in text  # trumps come from the call, told as such
    assert text.count("Session: 5 deals; the highest total wins") == 1
    for block, d, state in zip(deal_blocks(text), rep["deals"], match.deals, strict=True):
        # every seat bids once, in turn from the dealer
        assert [b["seat"] for b in d["auction"]] == [(state.dealer + k) % 5 for k in range(5)]
        said = [(s, "pass" if a == A.PASS else f"bid:{a - A.BID}") for s, a in state.bidding.bids]
        assert [(b["seat"], b["action"]) for b in d["auction"]] == said
        assert all(b["bid"] == (None if b["action"] == "pass"
                                else f"{b['action'][4:]} points") for b in d["auction"])
        bids = ", ".join(f"{names[b['seat']]} {b['bid'] or 'passes'}" for b in d["auction"])
        assert f"  Auction, from the dealer: {bids}\n" in block
        numbers = [a - A.BID for _, a in state.bidding.bids if a != A.PASS]
        top = max(numbers, default=0)
        bidder = d["bidder"]
        assert d["bid"] == (f"{top} points" if top else None)
        assert d["need"] == max(61, top)
        assert top == 0 or (bidder, A.BID + top) in state.bidding.bids
        # the called card: its suit is trumps, and whoever played it is the partner
        called = parse_card(d["called"])
        assert d["trump"] == SUITS[state.variant.suit[called]]
        holder = next(t.seats[t.cards.index(called)] for t in state.tricks if called in t.cards)
        assert d["partner"] == holder and d["alone"] == (holder == bidder)
        trick = next(k for k, t in enumerate(state.tricks, 1) if called in t.cards)
        assert d["called_trick"] == trick
        assert d["sides"][0]["seats"] == ([bidder] if holder == bidder else [bidder, holder])
        assert d["sides"][0]["role"] == "bidder" and d["sides"][1]["role"] == "others"
        assert sorted(d["sides"][0]["seats"] + d["sides"][1]["seats"]) == list(range(5))
        assert (f"Seat {bidder} ({names[bidder]}) calls {d['called']}: "
                f"{SUIT_NAMES[d['trump']]} are trumps") in block
        if d["alone"]:
            assert f"holds {d['called']} and plays alone" in block
            assert f"Card points: Bidder alone ({names[bidder]}) " in block
        else:
            assert (f"Partner: seat {holder} ({names[holder]}), who held {d['called']} "
                    f"(played in trick {trick})") in block
            assert (f"Card points: Bidder's side ({names[bidder]} & {names[holder]}) "
                    f"{d['card_points'][0]}; the others (") in block
        # payments: every player's own amount, signed
        for s, g in enumerate(d["game_points"]):
            if g:
                assert f"{names[s]} {'+' if g > 0 else '-'}{abs(g)}" in block
        assert sum(d["game_points"]) == 0
    best = max(match.scores)
    assert rep["match"]["winner"] == match.scores.index(best)
    assert text.rstrip().endswith(
        f"Session over after 5 deals, won by {names[match.scores.index(best)]}: "
        + ", ".join(f"{n} {g}" for n, g in zip(names, match.scores, strict=True)) + ".")


def _sueca5_record(tmp_path: Path, bids: list[int], call: str, until: int | None = None) -> str:
    """A one-deal sueca-5 record: these bids, the high bidder (or the dealer) calls a card,
    random play afterwards."""
    m = Match(make_variant("sueca-5", {"deals": 5}), dealer=4, seed=11)
    state = m.new_deal()
    for b in bids:
        state.apply(A.BID + b if b else A.PASS)
    if call == "own":
        card = min(state.hands[state.current])
    else:
        card = min(c for s in range(5) if s != state.current for c in state.hands[s])
    state.apply(A.CALL + card)
    play_randomly(state, random.Random(3), until)
    if state.is_over():
        m.finish_deal()
    return write(tmp_path, record_of_match(m, NAMES[:5]).dumps())


def test_sueca5_nobody_bids_and_the_dealer_plays_alone(capsys, tmp_path: Path) -> None:
    text, rep = report(capsys, _sueca5_record(tmp_path, [0, 0, 0, 0, 0], "own"))
    d = rep["deals"][0]
    assert d["bidder"] == 4 and d["bid"] is None and d["alone"] and d["partner"] == 4
    assert "Auction, from the dealer: Eva passes, Ana passes, Bruno passes, Carla passes, " \
           "Duarte passes" in text
    assert "Nobody bid: the dealer, seat 4 (Eva), plays at zero and needs 61" in text
    assert f"Seat 4 (Eva) holds {d['called']} and plays alone" in text
    assert [s["seats"] for s in d["sides"]] == [[4], [0, 1, 2, 3]]
    assert f"Card points: Bidder alone (Eva) {d['card_points'][0]}; the others (Ana, Bruno, " \
           f"Carla & Duarte) {d['card_points'][1]}" in text
    assert "Session after deal 1 of 5:" in text
    assert "Session not over (1 of 5 deals scored)" in text


def test_sueca5_a_partner_not_yet_shown_and_an_auction_cut_short(capsys,
                                                                 tmp_path: Path) -> None:
    # the record stops after the call and two cards: the partner's card is still in hand
    path = _sueca5_record(tmp_path, [0, 70, 0, 75, 0], "other", until=7)
    text, rep = report(capsys, path)
    d = rep["deals"][0]
    assert d["bidder"] == 2 and d["bid"] == "75 points"
    assert d["partner"] is None and d["alone"] is None  # not told before the card is played
    assert d["called_trick"] is None and not d["finished"]
    assert "High bid: seat 2 (Carla) with 75 points (needs 75)" in text
    assert "  Partner: not yet shown\n" in text
    # ...unless everything is asked for
    code, out, err = run(capsys, path, "--open")
    assert code == 0 and err == ""
    holder = replay_record(load_record(path)).deals[0].bidding.called_holder
    assert holder != 2
    assert f"who holds {d['called']} (not yet played)" in out
    assert f"Partner: seat {holder} ({NAMES[holder]})" in out
    assert "The record stops here" in text and "Session not over (0 of 5 deals scored)" in text
    # a record that stops in the middle of the auction: no trumps yet, no sides yet
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:2]
    text, rep = report(capsys, write(tmp_path, data, "auction.json"))
    d = rep["deals"][0]
    assert d["trump"] is None and d["bidder"] is None and d["called"] is None
    assert [(b["seat"], b["bid"]) for b in d["auction"]] == [(4, None), (0, "70 points")]
    assert "Auction, from the dealer: Eva passes, Ana 70 points\n" in text
    assert "calls" not in text and "Trumps" not in text
    assert d["to_act"] == 1 and "seat 1 (Bruno) is to act" in text


def test_sueca_pontos_counts_points_to_500(capsys) -> None:
    text, rep = report(capsys, str(EXAMPLES / "sueca-pontos.json"))
    assert rep["score_unit"] == "points" and rep["target"] == 500
    assert "Match: first to 500 points\n" in text
    assert "games" not in text and "Game points" not in text
    for block, d in zip(deal_blocks(text), rep["deals"], strict=True):
        assert d["game_points"] == d["card_points"]
        assert "  Points scored: Ana & Carla +" in block
        assert re.search(r"\n  Match: Ana & Carla \d+, Bruno & Duarte \d+ \(first to 500 "
                         r"points\)\n", block)
    assert max(rep["match"]["games"]) >= 500


def test_sueca_brasileira_tells_the_last_trick_bonus(capsys, tmp_path: Path) -> None:
    data = example("sueca-brasileira")
    data["options"]["last_trick_bonus"] = 20  # the same cards, a bigger bonus
    text, rep = report(capsys, write(tmp_path, data))
    for block, d in zip(deal_blocks(text), rep["deals"], strict=True):
        assert [t["bonus"] for t in d["tricks"]] == [0] * 9 + [20]
        last = d["tricks"][-1]
        assert sum(d["card_points"]) == 140
        assert d["card_points"][rep["players"][last["winner"]]["team"]] >= last["points"] + 20
        assert (f"      +20 card points for the last trick to seat {last['winner']} "
                f"({rep['players'][last['winner']]['name']})") in block
    # the thresholds follow the 140 points
    assert "(more than 70)" in text or "(more than 105)" in text


def test_sueca_tells_the_dealers_turned_card_and_aberta_the_open_hands(capsys) -> None:
    text, rep = report(capsys, str(EXAMPLES / "sueca.json"))
    for block, d in zip(deal_blocks(text), rep["deals"], strict=True):
        # the turned card is the dealer's own, and the dealer plays it
        assert any(p["card"] == d["indicator"] and p["seat"] == d["dealer"]
                   for t in d["tricks"] for p in t["plays"])
        assert (f"  Trumps: {SUIT_NAMES[d['trump']]} ({d['indicator']}, the dealer's last card, "
                "turned face up)") in block
    text, rep = report(capsys, str(EXAMPLES / "sueca-aberta.json"))
    for block in deal_blocks(text):
        assert "\n  Every hand is laid face up for all to see\n" in block
    assert "partners see" not in text.lower()


def test_sueca_dupla_with_eight_and_with_six_players(capsys, tmp_path: Path) -> None:
    text, rep = report(capsys, str(EXAMPLES / "sueca-dupla.json"))
    assert "Sides: team 0 = Ana, Carla, Eva & Gil (seats 0, 2, 4, 6); team 1 = Bruno, Duarte, " \
           "Filipe & Helena (seats 1, 3, 5, 7)" in text
    for d in rep["deals"]:
        assert len(d["tricks"]) == 10 and all(len(t["plays"]) == 8 for t in d["tricks"])
        assert sum(d["card_points"]) == 240
    # copies told apart: the second copy carries a mark
    assert re.search(r"\d: \w\w'  ", text)
    m = Match(make_variant("sueca-dupla", players=6), dealer=2, seed=7)
    play_randomly(m.new_deal(), random.Random(5))
    m.finish_deal()
    text, rep = report(capsys, write(tmp_path, record_of_match(m, NAMES[:6]).dumps()))
    d = rep["deals"][0]
    assert len(d["tricks"]) == 13 and all(len(t["plays"]) == 6 for t in d["tricks"])
    assert sum(d["card_points"]) == 240 and d["card_points"] == list(m.results[0].card_points)
    assert "Card points: Ana, Carla & Eva " in text and "; Bruno, Duarte & Filipe " in text
    assert "2S" not in "".join(p["card"] for t in d["tricks"] for p in t["plays"])


def test_sueca3_seats_the_players_anew_around_the_dummy(capsys) -> None:
    path = str(EXAMPLES / "sueca-3.json")
    text, rep = report(capsys, path)
    match = replay_record(load_record(path))
    assert rep["seating_per_deal"] and [p["name"] for p in rep["players"]] == [
        "Ana", "Bruno", "Carla"]
    for i, (block, d) in enumerate(zip(deal_blocks(text), rep["deals"], strict=True)):
        people = match.seating(i)[1]
        dummy = people.index(None)
        dealer_name = d["seats"][d["dealer"]]["name"]
        assert dummy == (d["dealer"] + 2) % 4  # opposite the dealer
        assert f"{dummy} dummy (played by {dealer_name})" in block
        assert d["tricks"][0]["notes"] == ["the dummy's hand is laid face up"]
    assert rep["match"]["games"] == match.scores


# ----- bad records: exit 2 and one line --------------------------------------------------


def test_missing_file(capsys, tmp_path: Path) -> None:
    err = assert_one_line_error(*run(capsys, str(tmp_path / "nope.json")))
    assert err.endswith("nope.json: no such file")


def test_bad_json(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, '{\n  "format": "bisca-tui-record",\n  "version": 1,\n}\n')
    err = assert_one_line_error(*run(capsys, path))
    assert "line 4, column 1: not valid JSON" in err


def test_unknown_variant(capsys, tmp_path: Path) -> None:
    data = example()
    data["variant"] = "bisca-5"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "unknown variant 'bisca-5'" in err


def test_duplicate_card(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["layout"]["stock"][0] = "AS"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data), "--json"))
    assert "deal 1, layout: card AS appears twice in the layout" in err


def test_wrong_hand_size(capsys, tmp_path: Path) -> None:
    data = example()
    lay = data["deals"][0]["layout"]
    lay["stock"].append(lay["hands"][1].pop())
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "seat 1 holds 2 cards" in err


def test_unknown_action(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["actions"][4] = "jump"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "deal 1, action 5: unknown action 'jump'" in err


def test_illegal_action(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["actions"][0] = "AS"  # Bruno leads, but AS is in Ana's hand
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert err.endswith("deal 1, action 1: seat 1 (Bruno) tried AS, which breaks the rule: "
                        "AS is not in seat 1's hand")


def test_a_record_naming_seats_replays_and_a_wrong_seat_is_one_line(capsys,
                                                                     tmp_path: Path) -> None:
    data = example()
    plain = run(capsys, write(tmp_path, data, "plain.json"), "--json")
    data["deals"][0]["actions"][:2] = [{"seat": 1, "action": "2S"}, {"seat": 0, "action": "AS"}]
    seated = run(capsys, write(tmp_path, data, "seated.json"), "--json")
    assert seated[0] == 0 and seated[2] == ""
    # the same report: naming the seats changes nothing a reader sees but the file's name
    assert json.loads(seated[1]) == {**json.loads(plain[1]), "record": str(tmp_path /
                                                                          "seated.json")}
    data["deals"][0]["actions"][1] = {"seat": 1, "action": "AS"}
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert err == (f"bisca-tui replay: {tmp_path / 'game.json'}, deal 1, action 2: seat 1 "
                   f"(Bruno) tried AS, which breaks the rule: it is seat 0's turn, not seat 1's")


def test_illegal_action_in_a_later_deal_by_rule(capsys, tmp_path: Path) -> None:
    data = example("bisca-capixaba")
    seeded = next(i for i, d in enumerate(data["deals"]) if i > 0 and "layout" not in d)
    acts = data["deals"][seeded]["actions"]
    acts.insert(1, "knock" if acts[0] == "cut" else "cut")
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert f"deal {seeded + 1}, action 2: seat " in err
    assert "the cut or knock has already been chosen" in err


def test_usage_errors_return_2_without_raising(capsys) -> None:
    code, out, err = run(capsys)
    assert code == 2 and "FILE" in err and out == ""
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--json" in out


def test_python_m_bisca_tui_replay_runs_from_the_console() -> None:
    path = EXAMPLES / "bisca-capixaba.json"
    proc = subprocess.run([sys.executable, "-m", "bisca_tui", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(proc.stdout)
    assert rep["variant"] == "bisca-capixaba" and rep["match"]["over"]
    assert rep["match"]["games"] == replay_record(load_record(path)).scores


def test_every_key_of_the_json_output_is_documented(capsys) -> None:
    docs = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = docs[docs.index("## The replay's JSON output"):]
    documented = set(re.findall(r"^\| `([^|]*)", section, re.M))
    documented = {k.strip("` ") for row in documented for k in row.split(",")}
    keys: set[str] = set()
    for name, extra in [(n, x) for n in EVERY_EXAMPLE for x in ((), ("--open",))]:
        _, out, _ = run(capsys, str(EXAMPLES / f"{name}.json"), "--json", *extra)
        rep = json.loads(out)
        keys |= set(rep) | set(rep["match"])
        for d in rep["deals"]:
            keys |= set(d)
            for t in d["tricks"]:
                keys |= set(t)
    assert keys - documented == set()


def test_chiamata_tells_the_auction_by_ranks_the_call_and_the_payments(capsys) -> None:
    path = str(EXAMPLES / "chiamata.json")
    text, rep = report(capsys, path)
    match = replay_record(load_record(path))
    names = [p["name"] for p in rep["players"]]
    assert rep["family"] == "chiamata" and rep["seating_per_deal"] is False
    for block, d, state in zip(deal_blocks(text), rep["deals"], match.deals, strict=True):
        # eldest speaks first and the bidding goes round, skipping those who passed
        assert d["auction"][0]["seat"] == (state.dealer + 1) % 5
        assert d["auction_from"] == "eldest" and "  Auction, from eldest: " in block
        assert [(b["seat"], b["action"]) for b in d["auction"]] == [
            (s, A.action_str(a)) for s, a in state.bidding.bids]
        if d["redeal"]:
            assert "Everyone passed: the same dealer deals again" in block
            assert d["game_points"] == [0] * 5
            continue
        c = state.bidding.contract
        assert d["bidder"] == c.bidder and d["bid"] == c.bid_label and d["need"] == c.need
        assert f"High bid: seat {c.bidder} ({names[c.bidder]}) with {c.bid_label}" in block
        assert d["called"] == card_str(c.called) and d["partner"] == state.bidding.called_holder
        assert sum(d["game_points"]) == 0
        assert list(d["game_points"]) == list(state.result.game_points)
    assert rep["match"]["games"] == match.scores


def test_chiamata_all_pass_is_a_redeal_by_the_same_dealer(capsys, tmp_path: Path) -> None:
    m = Match(make_variant("chiamata", {"deals": 5}), dealer=4, seed=11)
    state = m.new_deal()
    for _ in range(5):
        state.apply(A.PASS)
    m.finish_deal()
    again = m.new_deal()
    play_randomly(again, random.Random(2))
    m.finish_deal()
    text, rep = report(capsys, write(tmp_path, record_of_match(m, NAMES[:5]).dumps()))
    first, second = rep["deals"]
    assert first["redeal"] and first["bidder"] is None
    assert "Auction, from eldest: Ana passes, Bruno passes, Carla passes, Duarte passes, " \
           "Eva passes" in text
    assert "Everyone passed: the same dealer deals again" in text
    assert first["dealer"] == second["dealer"] == 4
    assert not second["redeal"]


def test_capixaba_sixty_all_has_no_winner_even_with_heleys(capsys, tmp_path: Path) -> None:
    v = make_variant("bisca-capixaba")
    for seed in range(300):  # the first deal, played at random, that ends 60-60 after a heley
        m = Match(v, 3, seed=seed)
        state = m.new_deal()
        play_randomly(state, random.Random(seed))
        r = state.result
        if r.card_points == (60, 60) and any(r.game_points) and not r.ended_early:
            m.finish_deal()
            break
    else:
        raise AssertionError("no 60-60 deal with a heley among the seeds tried")
    text, rep = report(capsys, write(tmp_path, record_of_match(m, NAMES[:4]).dumps()))
    d = rep["deals"][0]
    assert d["card_points"] == [60, 60] and d["winner"] is None
    assert d["game_points"] == list(r.game_points) and rep["match"]["games"] == m.scores
    assert "60-60: no game" in text


@pytest.mark.parametrize("digits", [400, 4000, 5000])
def test_a_seed_of_many_digits_is_one_line_naming_the_file_and_field(capsys, tmp_path: Path,
                                                                    digits: int) -> None:
    data = example()
    data["deals"][1]["seed"] = "SEED"
    text = json.dumps(data, indent=2).replace('"SEED"', "9" * digits)
    path = write(tmp_path, text)
    for argv in ((path,), (path, "--json")):
        err = assert_one_line_error(*run(capsys, *argv))
        assert err.startswith(f"bisca-tui replay: {path}, deal 2, seed: a number of {digits} "
                              "digits is too long"), err
        assert "conversion" not in err and len(err) < 200


def test_a_seed_beyond_the_range_is_refused_as_a_field(capsys, tmp_path: Path) -> None:
    data = example()
    data["seed"] = 2**64
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert err.endswith(": seed: must be a whole number from 0 to 18446744073709551615")


# ----- what came from the file is shown, never obeyed ------------------------------------------

HOSTILE = ["\x1b[31mAna\x1b[0m", "Bruno\x07\x08\x7f", "Inês ♠\x9b2J", "Carla\u202eolraC\nX"]
SHOWN = ["\\x1b[31mAna\\x1b[0m", "Bruno\\x07\\x08\\x7f", "Inês ♠\\x9b2J",
         "Carla\\u202eolraC\\x0aX"]


def _controls(text: str) -> list[str]:
    """Characters a terminal would act on, line breaks between lines aside."""
    import unicodedata
    return [c for c in text if c != "\n" and (unicodedata.category(c) in ("Cc", "Zl", "Zp")
                                             or "\u202a" <= c <= "\u202e"
                                             or "\u2066" <= c <= "\u2069")]


def test_control_characters_in_names_are_shown_escaped_in_the_text(capsys,
                                                                   tmp_path: Path) -> None:
    data = example("bisca-4")
    data["players"] = HOSTILE
    code, text, err = run(capsys, write(tmp_path, data))
    assert code == 0 and err == ""
    assert _controls(text) == []
    for shown in SHOWN:
        assert shown in text
    assert "Inês ♠" in text  # ordinary letters and symbols stay as they are
    assert f"Seats: 0 {SHOWN[0]}, 1 {SHOWN[1]}, 2 {SHOWN[2]}, 3 {SHOWN[3]}" in text


def test_control_characters_in_names_stay_exact_in_json(capsys, tmp_path: Path) -> None:
    data = example("bisca-4")
    data["players"] = HOSTILE
    code, out, err = run(capsys, write(tmp_path, data), "--json")
    assert code == 0 and err == ""
    assert _controls(out) == []  # every one escaped as JSON escapes it
    rep = json.loads(out)
    assert [p["name"] for p in rep["players"]] == HOSTILE  # the very names, read back
    assert "Inês ♠" in out


def test_control_characters_in_an_error_line_are_shown_escaped(capsys, tmp_path: Path) -> None:
    data = example("bisca-3")
    data["players"] = ["\x1b]0;pwned\x07Ana", "Bruno"]
    data["deals"][0]["actions"][1] = "KC"  # not in Ana's hand
    err = assert_one_line_error(*run(capsys, write(tmp_path, data, "bad\x1b[2J.json")))
    assert _controls(err) == []
    assert "seat 0 (\\x1b]0;pwned\\x07Ana) tried KC" in err
    assert "bad\\x1b[2J.json" in err


# ----- a secret partner stays secret until the called card is played -------------------------


def _called_deal(vid: str, seed: int, own: bool):
    """A one-deal match of a called-partner game played at random to the end; with ``own``,
    the bidder calls a card of their own hand (plays alone) when the call allows it."""
    m = Match(make_variant(vid), dealer=4, seed=seed)
    state = m.new_deal()
    rng = random.Random(seed)
    while state.bidding.contract is None or state.bidding.contract.called is None:
        if state.is_over():  # everyone passed: a deal thrown in
            return None
        legal = state.legal_actions()
        calls = [a for a in legal if A.CALL <= a < A.CALL + 80]
        if calls:
            hand = state.hands[state.current]
            mine = [a for a in calls if (a - A.CALL) in hand]
            theirs = [a for a in calls if (a - A.CALL) not in hand]
            pick = mine if own and mine else theirs or calls
            state.apply(rng.choice(pick))
        else:
            # bid when possible, so that someone wins the auction
            bids = [a for a in legal if a != A.PASS]
            state.apply(rng.choice(bids) if bids and rng.random() < 0.6 else A.PASS)
    play_randomly(state, rng)
    return m, state


def _cut(m: Match, actions: int) -> dict:
    data = json.loads(record_of_match(m, NAMES[:5]).dumps())
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:actions]
    return data


@pytest.mark.parametrize("vid,seed,own", [("sueca-5", 4, False), ("sueca-5", 5, True),
                                          ("chiamata", 6, False), ("chiamata", 8, True)])
def test_the_partner_is_named_only_once_the_called_card_is_played(
        capsys, tmp_path: Path, vid: str, seed: int, own: bool) -> None:
    made = None
    for k in range(seed, seed + 40):  # a deal with a call (not thrown in), alone or not
        made = _called_deal(vid, k, own)
        b = None if made is None else made[1].bidding
        if b is not None and (b.called_holder == b.contract.bidder) == own:
            break
    assert made is not None
    m, state = made
    c = state.bidding.contract
    holder, bidder = state.bidding.called_holder, c.bidder
    assert (holder == bidder) == own
    history = state.history
    call_at = next(i for i, a in enumerate(history) if A.CALL <= a < A.CALL + 80) + 1
    played_at = history.index(c.called) + 1
    names = NAMES[:5]
    cuts = sorted({call_at, call_at + 1, played_at - 1, played_at, played_at + 1,
                   len(history)})
    for n in cuts:
        if n < call_at or n > len(history):
            continue
        path = write(tmp_path, _cut(m, n), f"cut{n}.json")
        text, rep = report(capsys, path)
        d = rep["deals"][0]
        shown = n >= played_at
        assert rep["open"] is False and "hands" not in d
        assert d["called"] == card_str(c.called) and d["bidder"] == bidder
        if shown:
            assert d["partner"] == holder and d["alone"] == (holder == bidder)
            assert "Partner: not yet shown" not in text
        else:
            assert d["partner"] is None and d["alone"] is None
            assert "  Partner: not yet shown\n" in text
            assert "plays alone" not in text and "Bidder's side" not in text
            assert "Bidder alone" not in text
            # no side puts the holder with the bidder: each seat counts on its own
            assert [s["seats"] for s in d["sides"]] == [[s] for s in range(5)]
            assert [s["role"] for s in d["sides"]] == [
                "bidder" if s == bidder else None for s in range(5)]
            partial = replay_record(load_record(path)).deals[0]
            assert d["card_points"] == partial.points
            assert d["tricks_won"] == partial.tricks_won
            line = next(x for x in text.splitlines() if "Card points so far" in x)
            assert line.startswith("  Card points so far, player by player: ")
            assert f"{names[bidder]} (bidder) {partial.points[bidder]}" in line
            assert all(f"{names[s]} {partial.points[s]}" in line for s in range(5)
                       if s != bidder)
            if holder != bidder:
                assert f"Partner: seat {holder}" not in text
        # --open tells it all the time, with the cards still held
        code, out, err = run(capsys, path, "--json", "--open")
        assert code == 0 and err == ""
        od = json.loads(out)["deals"][0]
        assert od["partner"] == holder and od["alone"] == (holder == bidder)
        partial = replay_record(load_record(path)).deals[0]
        assert od["hands"] == [[card_str(x) for x in sorted(h)] for h in partial.hands]
        code, out, err = run(capsys, path, "--open")
        assert "Partner: not yet shown" not in out
        if holder == bidder:
            assert f"Seat {bidder} ({names[bidder]}) holds {d['called']} and plays alone" in out
        else:
            assert f"Partner: seat {holder} ({names[holder]})" in out
        if n < len(history):
            assert "  Hands now: seat 0 (Ana) " in out


def test_an_error_quoting_a_huge_value_stays_a_short_line(capsys, tmp_path: Path) -> None:
    data = example("bisca-3")
    data["deals"][1]["actions"][2] = "Z" * 100_000
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert ", deal 2, action 3: unknown action 'ZZZ" in err
    assert len(err) <= 420 and err.endswith("…")


def test_open_goes_through_the_program_s_command_line(capsys, tmp_path: Path) -> None:
    from bisca_tui.cli import main as program

    path = _sueca5_record(tmp_path, [0, 70, 0, 75, 0], "other", until=7)
    holder = replay_record(load_record(path)).deals[0].bidding.called_holder
    for extra, partner in (((), None), (("--open",), holder)):
        assert program(["replay", path, "--json", *extra]) == 0
        out, err = capsys.readouterr()
        assert err == "" and json.loads(out)["deals"][0]["partner"] == partner
        assert program(["replay", path, *extra]) == 0
        out, err = capsys.readouterr()
        assert ("Partner: not yet shown" in out) == (partner is None)


def test_brisca_tells_each_exchange_step_and_shared_hands(capsys, tmp_path: Path) -> None:
    text, rep = report(capsys, str(EXAMPLES / "brisca-4p.json"))
    match = replay_record(load_record(str(EXAMPLES / "brisca-4p.json")))
    seen_steps = 0
    for d, state in zip(rep["deals"], match.deals, strict=True):
        assert [(e["seat"], e["gave"], e["took"], e["what"]) for e in d["exchanges"]] == [
            (e.seat, card_str(e.gave), card_str(e.took), e.what) for e in state.exchange.steps]
        seen_steps += len(d["exchanges"])
        assert d["winners"] == list(state.result.winners)
        for e in d["exchanges"]:
            if e["what"] == "announced":
                assert (f"seat {e['seat']} lays {e['gave']} under the indicator {e['took']}"
                        in text)
    assert seen_steps > 0
    # a hand shared by two players of three (52 each, found by this seed)
    m = Match(make_variant("brisca", players=3), dealer=2, seed=24)
    s = m.new_deal()
    play_randomly(s, random.Random(1))
    m.finish_deal()
    assert s.points[0] == s.points[2] > s.points[1]
    text, rep = report(capsys, write(tmp_path, record_of_match(m, NAMES[:3]).dumps()))
    d = rep["deals"][0]
    assert d["winners"] == [0, 2] and d["winner"] is None and d["game_points"] == [1, 0, 1]
    assert "1 game to each of 2" in text


def test_monte_tells_the_monte_the_discards_and_whom_they_counted_for(capsys) -> None:
    path = str(EXAMPLES / "chiamata-monte.json")
    text, rep = report(capsys, path)
    match = replay_record(load_record(path))
    for d, state in zip(rep["deals"], match.deals, strict=True):
        if d["redeal"]:
            continue
        assert d["monte"] == [card_str(c) for c in state.layout.stock]
        assert d["discards"] == [card_str(c) for c in state.aside.discards]
        assert len(d["discards"]) == 5 and d["discards_to"] == state.tricks[-1].winner
        assert sum(d["game_points"]) == 0
    # cut short before the end: the monte and the discards stay face down
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    deal = data["deals"][0]
    deal["actions"] = deal["actions"][:12]
    data["deals"] = [deal]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        text, rep = report(capsys, write(Path(tmp), data))
    assert rep["deals"][0]["monte"] is None and rep["deals"][0]["discards"] is None


@pytest.mark.parametrize("name", ["chiamata-6p", "chiamata-monte-7p"])
def test_a_dealer_who_sits_out_is_named_as_the_viewer_names_them(capsys, name: str) -> None:
    """Six or seven at Chiamata: each deal's dealer is a player without a seat. The text
    names that player, as the viewer's log does, and speaks of no dummy hand."""
    from bisca_tui.tui.record_walk import RecordWalk

    path = str(EXAMPLES / f"{name}.json")
    text, rep = report(capsys, path)
    record = load_record(path)
    match = replay_record(record)
    walk = RecordWalk(record, path)
    assert "dummy" not in text.split("\nDeal ")[0]
    assert "the dealer sitting out" in text.split("\nDeal ")[0]
    assert rep["dummy"] is False
    for i, (block, d) in enumerate(zip(deal_blocks(text), rep["deals"], strict=True)):
        out = match.sitting_out(i)
        dealer = record.players[out]
        assert d["sits_out"] == out
        assert block.startswith(f"{i + 1}: {dealer} deals and sits out")
        assert dealer not in block.splitlines()[1]  # no seat of the deal holds the dealer
        assert f"{dealer} deals and sits out" in walk.heading(i)


def test_the_dummy_is_told_only_where_there_is_one(capsys) -> None:
    text, rep = report(capsys, str(EXAMPLES / "sueca-3.json"))
    assert rep["dummy"] is True
    assert "(seated anew for each deal, with a dummy hand)" in text
    assert all(d["sits_out"] is None for d in rep["deals"])


def test_you_take_the_second_person_and_counts_agree(capsys, tmp_path: Path) -> None:
    """A record saved at the table names its person "You": "You pass", never "You passes";
    a record stopped after one action says "1 action"."""
    data = example("chiamata")
    data["players"][0] = "You"
    data["deals"] = data["deals"][:1]
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:1]
    text, _ = report(capsys, write(tmp_path, data))
    assert "(1 action;" in text and "1 actions" not in text
    data = example("chiamata")
    data["players"][0] = "You"
    text, rep = report(capsys, write(tmp_path, data))
    passes = [b for d in rep["deals"] for b in d["auction"] if b["seat"] == 0 and not b["bid"]]
    assert passes  # the record has "You" passing
    assert "You pass" in text and "You passes" not in text


def test_spanish_brisca_names_the_trumps_and_indicator_in_its_own_pack(capsys,
                                                                       tmp_path: Path) -> None:
    """Cups, not hearts; the King drawn as a 12 on the Spanish faces; the JSON keeps the
    record's notation."""
    king_of_cups = parse_card("KH")
    for seed in range(2000):  # the first deal whose turned card is the King of cups
        m = Match(make_variant("brisca", players=2), dealer=1, seed=seed)
        s = m.new_deal()
        if s.indicator_card == king_of_cups:
            break
    else:
        raise AssertionError("no deal turns the King of cups")
    play_randomly(s, random.Random(1))
    m.finish_deal()
    text, rep = report(capsys, write(tmp_path, record_of_match(m, NAMES[:2]).dumps()))
    trumps = [line for line in text.splitlines() if line.startswith("  Trumps:")]
    assert trumps == ["  Trumps: cups (indicator King (12) of cups, KH)"]
    assert rep["deals"][0]["trump"] == "H" and rep["deals"][0]["indicator"] == "KH"


# ----- what the JSON tells of a deal thrown in, of col Monte before the declaration, and of a
# ----- deal without actions


@pytest.mark.parametrize("vid", ["chiamata", "chiamata-monte"])
def test_a_deal_thrown_in_after_every_pass_has_no_trumps(capsys, tmp_path: Path,
                                                         vid: str) -> None:
    for seed in range(40):  # a deal with no hand to show for a redeal first (col Monte)
        m = Match(make_variant(vid), dealer=4, seed=seed)
        state = m.new_deal()
        if state.phase == P.AUCTION:
            break
    while not state.is_over():
        state.apply(A.PASS)
    assert state.result is not None and state.result.redeal
    m.finish_deal()
    path = write(tmp_path, record_of_match(m, NAMES[:5]).dumps())
    for extra in ((), ("--open",)):
        code, out, err = run(capsys, path, "--json", *extra)
        assert code == 0 and err == "", err
        d = json.loads(out)["deals"][0]
        assert d["redeal"] and d["called"] is None
        assert d["trump"] is None and d["indicator"] is None


def _monte_declaring(own: bool) -> tuple[Match, int, int, int]:
    """A col Monte deal played to the bidder's declaration: (the match, the actions up to
    and with the call, the seat holding the called card, the bidder); with ``own`` the
    bidder calls a card of their own hand."""
    for seed in range(100):
        m = Match(make_variant("chiamata-monte"), dealer=4, seed=seed)
        state = m.new_deal()
        rng = random.Random(seed)
        while state.phase in (P.CLAIM, P.AUCTION):
            legal = state.legal_actions()
            bids = [a for a in legal if a not in (A.PASS, A.REDEAL)]
            state.apply(bids[0] if bids and not state.bidding.bids else A.PASS)
        if state.phase != P.CALL:
            continue
        bidder = state.current
        hand = state.hands[bidder]
        cards = sorted(c for c in range(40) if (c in hand) == own)
        card = rng.choice(cards)
        holder = next((s for s in range(5) if card in state.hands[s]), None)
        if holder is None:  # in the monte: the bidder takes it
            continue
        state.apply(A.CALL + card)
        called_at = len(state.history)
        while state.phase != P.DECLARE:
            state.apply(state.legal_actions()[0])
        return m, called_at, holder, bidder
    raise AssertionError("no deal reached a declaration")


@pytest.mark.parametrize("own", [False, True])
def test_open_names_the_called_cards_holder_before_the_declaration(capsys, tmp_path: Path,
                                                                  own: bool) -> None:
    m, called_at, holder, bidder = _monte_declaring(own)
    assert (holder == bidder) == own
    upto = len(m.deals[0].history)  # the call, the cards laid aside, the declaration to come
    for n in (called_at, called_at + 1, upto):
        path = write(tmp_path, _cut(m, n), f"cut{n}.json")
        code, out, err = run(capsys, path, "--json", "--open")
        assert code == 0 and err == "", err
        d = json.loads(out)["deals"][0]
        assert d["to_act"] == bidder and d["declared"] is None
        # the bidder's own card: no partner until it chooses alone or the neighbour
        assert d["partner"] == (None if own else holder) and d["alone"] is None
        code, text, err = run(capsys, path, "--open")
        assert code == 0 and err == "", err
        said = (" and has yet to choose: alone, or with the right-hand neighbour" if own
                else "; the bidder has yet to declare")
        assert f"  Seat {holder} ({NAMES[holder]}) holds {d['called']}{said}\n" in text
        # as the table sees it, the partner is still a secret
        code, out, err = run(capsys, path, "--json")
        d = json.loads(out)["deals"][0]
        assert d["partner"] is None and d["alone"] is None


def test_a_deal_without_actions_has_an_empty_list_of_exchanges(capsys, tmp_path: Path) -> None:
    data = example("brisca")
    data["deals"] = [{"seed": 7, "actions": []}]
    for extra in ((), ("--open",)):
        code, out, err = run(capsys, write(tmp_path, data), "--json", *extra)
        assert code == 0 and err == "", err
        d = json.loads(out)["deals"][0]
        assert d["actions"] == 0 and d["exchange"] is None
        assert d["exchanges"] == []
