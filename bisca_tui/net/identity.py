"""Who a player is, without a password: an Ed25519 key of their own, made on first use in
their data folder. A room asks a client to sign a fresh challenge; the signature proves the
client holds the private key whose public half names the player there.

The private key never leaves the file it was written to (readable by its owner alone). A
key file that cannot be read is reported, moved aside (never overwritten or deleted) and a
new key is made, which is a new identity: the report says so.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
)

from ..lang import _

KEY_NAME = "identity.pem"
CHALLENGE_BYTES = 32
SIGNED = b"bisca-tui room challenge "  # what is signed: this, then the challenge's hex


@dataclass
class Identity:
    """A player's key: ``public`` (hex, what names them) and the key that signs."""

    key: Ed25519PrivateKey
    problem: str | None = None  # a key file that could not be read, and where it went

    @property
    def public(self) -> str:
        return self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()

    def sign(self, challenge: str) -> str:
        """The signature (hex) of a room's challenge (hex)."""
        return self.key.sign(SIGNED + challenge.encode("ascii")).hex()

    @classmethod
    def in_folder(cls, folder: Path) -> Identity:
        """The key kept in ``folder``, made and written there on first use."""
        path = folder / KEY_NAME
        problem = None
        if path.exists():
            try:
                key = load_pem_private_key(path.read_bytes(), password=None)
            except (OSError, ValueError, TypeError) as e:
                problem = _("{file}: the key could not be read ({error}); it was moved to "
                            "{aside} and a new key, a new identity, made").format(
                                file=path, error=e.__class__.__name__,
                                aside=_set_aside(path, "unreadable"))
            else:
                if isinstance(key, Ed25519PrivateKey):
                    return cls(key)
                problem = _("{file}: not an Ed25519 key; it was moved to {aside} and a new "
                            "key, a new identity, made").format(
                                file=path, aside=_set_aside(path, "other"))
        key = Ed25519PrivateKey.generate()
        folder.mkdir(parents=True, exist_ok=True)
        data = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return cls(key, problem)


def _set_aside(path: Path, why: str) -> str:
    """Move a key file that is no identity to an unused ``identity.<why>-<time>.pem`` beside
    it (never overwritten, never deleted); returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"identity.{why}-{stamp}-{secrets.token_hex(2)}.pem")
    os.replace(path, aside)
    return aside.name


def challenge() -> str:
    """A fresh challenge for a client to sign (hex)."""
    return secrets.token_hex(CHALLENGE_BYTES)


def proves(public: str, challenge_hex: str, signature: str) -> bool:
    """Whether ``signature`` is the holder of ``public``'s signature of the challenge; any
    malformed value proves nothing."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))
        key.verify(bytes.fromhex(signature), SIGNED + challenge_hex.encode("ascii"))
    except (ValueError, TypeError, UnicodeEncodeError, InvalidSignature):
        return False
    return True
