"""``bisca-tui verify RECORD``: is every shuffle of a game record the one its table committed
to before the deal?

For each deal from a seed the record keeps the commitment said before the deal and the salt
said after it; the command checks that the seed and the salt give the commitment, and (by
replaying the record) that every card played was in the hand that seed deals. A deal whose
cards were laid out by hand has no shuffle to check; a deal without a commitment cannot be
checked, and says so.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..engine.records import Record, RecordError, load_record, replay_record
from ..lang import N_, _
from ..output import OutputClosed, write_json, write_text
from . import _could_not, fail

DESCRIPTION = N_("Check that every shuffle of a game record is the one its table committed to "
               "before the deal: the seed and the salt said after the deal give the "
               "commitment said before it, and every card played was in the hand that seed "
               "deals. The exit status is 0 when every shuffled deal is proven; 1 when one is "
               "not, kept no commitment, or holds a card its seed did not deal to that hand; 2 "
               "when the record cannot be read.")

PROVEN, LAID_OUT, NOT_COMMITTED, BROKEN = "proven", "laid_out", "not_committed", "broken"


@dataclass(frozen=True)
class Verdict:
    """What the check found for one deal (counting from 1)."""

    deal: int
    kind: str  # PROVEN, LAID_OUT, NOT_COMMITTED or BROKEN
    seed: int | None
    commitment: str | None

    def sentence(self) -> str:
        if self.kind == PROVEN:
            return _("deal {deal}: the shuffle is the one committed to (seed {seed})").format(
                deal=self.deal, seed=self.seed)
        if self.kind == LAID_OUT:
            return _("deal {deal}: the cards were laid out by hand, not shuffled: there is "
                     "no shuffle to check").format(deal=self.deal)
        if self.kind == NOT_COMMITTED:
            return _("deal {deal}: the record keeps no commitment for this shuffle, so it "
                     "cannot be checked").format(deal=self.deal)
        return _("deal {deal}: the seed and the salt do not give the commitment: this is "
                 "not the shuffle the table committed to").format(deal=self.deal)


def verdicts(record: Record) -> list[Verdict]:
    """One verdict per deal of a record: its commitment against its seed and salt (that the
    cards played came from that seed is the replay's to check)."""
    out = []
    for k, d in enumerate(record.deals, start=1):
        said = d.proof.commitment if d.proof is not None else None
        if d.layout is not None:
            kind = LAID_OUT
        elif d.proof is None or d.seed is None:
            kind = NOT_COMMITTED
        else:
            kind = PROVEN if d.proof.holds_for(d.seed) else BROKEN
        out.append(Verdict(k, kind, d.seed, said))
    return out


def add_parser(sub: argparse._SubParsersAction, raw: type[argparse.HelpFormatter]) -> None:
    p = sub.add_parser("verify", help=_("check that a game record's shuffles are the ones "
                                        "committed to"),
                       description=_(DESCRIPTION), formatter_class=raw)
    p.add_argument("file", metavar="FILE", help=_("a game record (JSON, see docs/records.md)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except RecordError as e:
        return fail("verify", str(e))
    found = verdicts(record)
    try:  # every card played was in the hand its deal's seed dealt
        replay_record(record, args.file)
        wrong = None
    except RecordError as e:
        wrong = str(e)
    except Exception as e:  # a bug, not a bad record: one line, never a traceback
        wrong = _could_not(args.file, e)
    good = wrong is None and all(v.kind in (PROVEN, LAID_OUT) for v in found)
    try:
        if args.json:
            write_json({"file": args.file, "verified": good, "deals": [
                {"deal": v.deal, "verdict": v.kind, "seed": v.seed,
                 "commitment": v.commitment} for v in found], "problem": wrong})
        else:
            lines = [v.sentence() for v in found]
            if good:
                lines.append(_("{file}: every shuffle is the one committed to").format(
                    file=args.file))
            else:
                lines.append(_("{file}: not every shuffle is proven").format(file=args.file))
            write_text("\n".join(lines) + "\n")
    except OutputClosed:
        pass
    if wrong is not None:
        fail("verify", wrong)
    return 0 if good else 1
