"""A shuffle anyone can check: each deal's commitment (said before it) and salt (said after
it) are kept in the record, and ``bisca-tui verify`` checks them against the deal's seed and
the cards played."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bisca_tui.cli import main
from bisca_tui.engine import make_variant
from bisca_tui.engine.records import RecordError, parse_record
from bisca_tui.engine.shuffle_proof import ShuffleProof, commitment, salt_for
from bisca_tui.replay.verify import (
    BROKEN,
    LAID_OUT,
    NOT_COMMITTED,
    PROVEN,
    verdicts,
)
from bisca_tui.table.recording import Recording
from bisca_tui.table.session import Session, default_seats

EXAMPLES = Path(__file__).resolve().parent.parent / "bisca_tui" / "examples"


def verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["verify", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def played_record(variant: str = "bisca-3", seed: int = 11, deals: int = 2) -> dict:
    """The record the table keeps (as it saves it and the history exports it) of a match
    against bots, ``deals`` deals of it."""
    v = make_variant(variant)
    session = Session.new(variant, {}, default_seats(v.n_people, "random"), seed=seed)
    session.start_bots()
    played = 0
    while True:
        st = session.state
        if st.is_over():
            session.finish_deal()
            played += 1
            if played == deals or session.match.is_over():
                break
            session.next_deal()
            continue
        seat = st.current
        if session.is_human(seat):  # the person at seat 0: the first legal action
            session.apply(st.legal_actions()[0])
        else:
            session.apply(session.bot_for(seat).choose(session.view(seat)))
    return Recording(session).record().to_json()


def write(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_commitment_is_the_documented_sha256_of_the_salt_and_the_seed() -> None:
    salt = "0123456789abcdef0123456789abcdef"
    said = hashlib.sha256(f"bisca-tui deal {salt}:42".encode()).hexdigest()
    assert commitment(42, salt) == said
    proof = ShuffleProof.of(42, salt)
    assert proof == ShuffleProof(said, salt)
    assert proof.holds_for(42) and not proof.holds_for(43)


def test_each_deal_has_its_own_salt_drawn_from_the_match_seed() -> None:
    salts = [salt_for(5, i) for i in range(50)] + [salt_for(6, 0)]
    assert len(set(salts)) == len(salts)
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in salts)
    assert salt_for(5, 3) == salt_for(5, 3)


def test_a_match_played_at_the_table_keeps_a_proof_of_every_deal(tmp_path, capsys) -> None:
    data = played_record(deals=3)
    assert len(data["deals"]) >= 2
    for i, deal in enumerate(data["deals"]):
        assert deal["commitment"] == commitment(deal["seed"], deal["salt"])
        assert deal["salt"] == salt_for(data["seed"], i)
    record = parse_record(json.dumps(data))
    assert [v.kind for v in verdicts(record)] == [PROVEN] * len(data["deals"])
    code, out, err = verify(capsys, write(tmp_path, data))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == (
        f"deal 1: the shuffle is the one committed to (seed {data['deals'][0]['seed']})")
    assert out.splitlines()[-1].endswith(": every shuffle is the one committed to")


def test_a_proof_is_written_and_read_back_the_same() -> None:
    data = played_record()
    again = parse_record(json.dumps(data)).to_json()
    assert again == data


def test_every_example_verifies_and_a_laid_out_deal_has_nothing_to_check(capsys) -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        code, out, err = verify(capsys, str(path))
        assert code == 0 and err == "", (path.name, out, err)
    code, out, _ = verify(capsys, "--json", str(EXAMPLES / "bisca-3.json"))
    said = json.loads(out)
    kinds = [d["verdict"] for d in said["deals"]]
    assert said["verified"] is True and said["problem"] is None
    assert kinds[0] == LAID_OUT and set(kinds[1:]) == {PROVEN}


def test_a_changed_commitment_is_not_the_shuffle_committed_to(tmp_path, capsys) -> None:
    data = played_record()
    said = data["deals"][1]["commitment"]
    data["deals"][1]["commitment"] = ("0" if said[0] != "0" else "1") + said[1:]
    code, out, err = verify(capsys, write(tmp_path, data))
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("deal 1: the shuffle is the one committed to")
    assert lines[1] == ("deal 2: the seed and the salt do not give the commitment: this is "
                        "not the shuffle the table committed to")
    assert lines[-1].endswith(": not every shuffle is proven")


def test_a_changed_seed_fails_its_commitment_and_the_cards_played(tmp_path, capsys) -> None:
    data = played_record()
    data["deals"][0]["seed"] += 1
    code, out, err = verify(capsys, "--json", write(tmp_path, data))
    said = json.loads(out)
    assert code == 1 and said["verified"] is False
    assert said["deals"][0]["verdict"] == BROKEN
    # the cards the new seed deals are not those that were played
    assert "deal 1, action" in said["problem"] and "breaks the rule" in said["problem"]
    assert err.startswith("bisca-tui verify: ") and "breaks the rule" in err


def test_a_record_without_commitments_cannot_be_checked(tmp_path, capsys) -> None:
    data = played_record()
    for deal in data["deals"]:
        del deal["commitment"], deal["salt"]
    code, out, _ = verify(capsys, write(tmp_path, data))
    assert code == 1
    assert out.splitlines()[0] == ("deal 1: the record keeps no commitment for this shuffle, "
                                   "so it cannot be checked")
    assert [v.kind for v in verdicts(parse_record(json.dumps(data)))] == [NOT_COMMITTED] * 2


@pytest.mark.parametrize(("change", "where", "said"), [
    ({"salt": None}, "deal 1", "a commitment, its salt and the seed come together"),
    ({"commitment": "ABC"}, "deal 1, commitment", "must be 64 hexadecimal digits"),
    ({"salt": "f" * 31}, "deal 1, salt", "must be 32 hexadecimal digits"),
    ({"salt": 7}, "deal 1, salt", "must be 32 hexadecimal digits"),
])
def test_a_malformed_proof_is_refused_with_where_and_why(tmp_path, capsys, change, where,
                                                        said) -> None:
    data = played_record(deals=1)
    for key, value in change.items():
        if value is None:
            del data["deals"][0][key]
        else:
            data["deals"][0][key] = value
    with pytest.raises(RecordError) as e:
        parse_record(json.dumps(data), "game.json")
    assert f"game.json, {where}" in str(e.value) and said in str(e.value)
    code, out, err = verify(capsys, write(tmp_path, data))
    assert code == 2 and out == "" and said in err
