"""A player's identity: an Ed25519 key made on first use in the data folder, kept there
for its owner alone, proving it by signing a room's challenge."""

from __future__ import annotations

import os
import stat

from cryptography.hazmat.primitives.asymmetric.rsa import generate_private_key
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
)

from bisca_tui.net.identity import KEY_NAME, Identity, challenge, proves


def test_a_key_is_made_on_first_use_and_the_same_one_read_after(tmp_path) -> None:
    first = Identity.in_folder(tmp_path / "data")
    path = tmp_path / "data" / KEY_NAME
    assert first.problem is None and path.exists()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # its owner's alone
    again = Identity.in_folder(tmp_path / "data")
    assert again.public == first.public and len(first.public) == 64
    assert Identity.in_folder(tmp_path / "other").public != first.public


def test_a_signed_challenge_proves_the_key_and_nothing_else_does(tmp_path) -> None:
    me, other = Identity.in_folder(tmp_path / "a"), Identity.in_folder(tmp_path / "b")
    asked = challenge()
    assert len(asked) == 64 and asked != challenge()
    signed = me.sign(asked)
    assert proves(me.public, asked, signed)
    assert not proves(other.public, asked, signed)  # another's name
    assert not proves(me.public, challenge(), signed)  # another challenge: no replay
    assert not proves(me.public, asked, other.sign(asked))
    for public, said, signature in (("zz", asked, signed), (me.public, asked, "0" * 128),
                                    (me.public[:10], asked, signed), (me.public, "é", signed),
                                    (me.public, asked, "not hex")):
        assert not proves(public, said, signature)


def test_a_key_file_that_cannot_be_read_is_moved_aside_and_said(tmp_path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / KEY_NAME).write_text("not a key", encoding="utf-8")
    fresh = Identity.in_folder(folder)
    assert fresh.problem is not None and "could not be read" in fresh.problem
    aside = [p for p in folder.iterdir() if p.name.startswith("identity.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "not a key"
    assert Identity.in_folder(folder).public == fresh.public  # the new key from now on


def test_a_key_of_another_kind_is_not_taken_for_an_identity(tmp_path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    rsa = generate_private_key(public_exponent=65537, key_size=1024)
    data = rsa.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    (folder / KEY_NAME).write_bytes(data)
    fresh = Identity.in_folder(folder)
    assert fresh.problem is not None and "not an Ed25519 key" in fresh.problem
    kept = [p for p in folder.iterdir() if p.name.startswith("identity.other-")]
    assert len(kept) == 1 and kept[0].read_bytes() == data
