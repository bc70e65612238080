"""A shuffle anyone can check: before a deal the table says a commitment, the SHA-256 of
the deal's seed and a salt kept secret; after the deal it says the seed and the salt, and
anyone can check both that they give the commitment and that the seed deals the cards that
were played.

The commitment binds the table to the deal before anyone has seen a card: a table that
changed the cards during the deal (after a bid, say) could not show a seed and a salt that
give the commitment it said first. The salt keeps the seed hidden until it is said: without
it, the seeds could be tried one by one against the commitment.

``commitment`` is the lowercase hex SHA-256 of the UTF-8 text ``bisca-tui deal
<salt>:<seed>`` (the salt as 32 lowercase hex digits, the seed in decimal);
docs/records.md says it for anyone checking a record with their own tools.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from ..lang import _
from .record_format import RecordError

SALT_DIGITS = 32  # 128 bits
_SALT = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def commitment(seed: int, salt: str) -> str:
    """The commitment a table says before the deal the seed ``seed`` deals."""
    return hashlib.sha256(f"bisca-tui deal {salt}:{seed}".encode()).hexdigest()


def salt_for(match_seed: int, index: int) -> str:
    """The salt of deal ``index`` of a match: drawn from the match's seed, which the table
    keeps to itself (a deal's salt tells nothing of the others, nor of the match's seed)."""
    text = f"bisca-tui salt {match_seed}/{index}".encode()
    return hashlib.sha256(text).hexdigest()[:SALT_DIGITS]


def is_salt(text: object) -> bool:
    return isinstance(text, str) and _SALT.fullmatch(text) is not None


def is_commitment(text: object) -> bool:
    return isinstance(text, str) and _DIGEST.fullmatch(text) is not None


@dataclass(frozen=True)
class ShuffleProof:
    """What a deal's record keeps of its commitment: the commitment said before the deal,
    and the salt said after it (the seed is the deal's own)."""

    commitment: str
    salt: str

    @classmethod
    def of(cls, seed: int, salt: str) -> ShuffleProof:
        return cls(commitment(seed, salt), salt)

    def holds_for(self, seed: int) -> bool:
        """The seed and the salt give the commitment."""
        return commitment(seed, self.salt) == self.commitment


def proof_from_json(deal: dict[str, Any], where: str) -> ShuffleProof | None:
    """A deal's ``commitment`` and ``salt`` from a record: both or neither, with a seed."""
    said, salt = deal.get("commitment"), deal.get("salt")
    if said is None and salt is None:
        return None
    if said is None or salt is None or deal.get("seed") is None:
        raise RecordError(where, _("a commitment, its salt and the seed come together"))
    if not is_commitment(said):
        raise RecordError(f"{where}, commitment", _("must be 64 hexadecimal digits (0-9, a-f)"))
    if not is_salt(salt):
        raise RecordError(f"{where}, salt", _("must be 32 hexadecimal digits (0-9, a-f)"))
    return ShuffleProof(said, salt)
