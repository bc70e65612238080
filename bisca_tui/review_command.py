"""``bisca-tui review``: each decision of a seat in a game record compared with the search
(``coach.review``), or with ``--beliefs`` what each seat believed of the cards it could not
see (``coach.beliefs``). ``add_parser`` lends the one command line its parser; ``run``
reads the record and writes the text or the JSON, refusing a bad record, seat or deal in
one line with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .argtypes import positive_int, seat_number
from .engine.records import Record
from .lang import N_, _, ngettext

REVIEW_DESCRIPTION = N_("""\
Each decision of one seat in a game record, compared with the search of the hard level at
the view the seat had: the expected card points each card lost against the best one, the
mistakes (4 points or more) and blunders (10 or more), a reason for the worst ones, the
other decisions (bids, calls, signals...) beside what the hard level would choose, and a
chart of the expected result over the deal.

Exit status: 0 when done, 2 when the command line or the record is refused.""")
REVIEW_SAMPLES_TEXT = "200"
REVIEW_SEED_DEFAULT = 0  # coach.review.REVIEW_SEED, which the app's review uses too


def add_parser(sub: Any, raw: type[argparse.HelpFormatter]) -> None:
    """The ``review`` subcommand, on the subparsers ``sub`` of the one command line."""
    rv = sub.add_parser("review", help=_("review a player's decisions in a game record"),
                        description=_(REVIEW_DESCRIPTION), formatter_class=raw)
    rv.add_argument("file", metavar="FILE", help=_("a game record (JSON, see docs/records.md)"))
    rv.add_argument("--seat", type=seat_number, metavar="N", default=None,
                    help=_("the seat to review, from 0 (default: the person's seat when a "
                           "saved match's table file says who played, else 0)"))
    rv.add_argument("--deal", type=positive_int, metavar="K", default=None,
                    help=_("review deal K only, counting from 1 (default: every deal)"))
    rv.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rv.add_argument("--samples", type=positive_int, metavar="N", default=None,
                    help=_("sampled deals of the hidden cards per decision (default: "
                           "{samples}, fewer when many cards are judged); the same samples "
                           "and seed give the same review").format(samples=REVIEW_SAMPLES_TEXT))
    rv.add_argument("--seed", type=seat_number, metavar="S", default=REVIEW_SEED_DEFAULT,
                    help=_("the seed of the sampling (default {seed})").format(
                        seed=REVIEW_SEED_DEFAULT))
    rv.add_argument("--beliefs", action="store_true", help=_(
        "show what each seat (or --seat) believed about the cards it could not see"))
    rv.set_defaults(run=run)


def fail(message: str) -> int:
    """Refuse the command: one line on standard error, status 2."""
    from .replay import fail as refuse

    return refuse("review", message)


def table_beside(path: str) -> dict[str, Any] | None:
    """The table file a save keeps beside its record (who sat where), if there is a
    readable one."""
    import json
    from pathlib import Path

    p = Path(path)
    table = p.with_name(p.name.removesuffix(".json") + ".table.json")
    try:
        data = json.loads(table.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def run(args: argparse.Namespace) -> int:
    from .coach.report import REPORT_FORMAT, REPORT_VERSION, review_json, review_text
    from .coach.review import default_seat, review_as_asked
    from .engine.records import RecordError, load_record
    from .output import printable, write_json, write_text

    try:
        record = load_record(args.file)
        v = record.make_variant()
    except RecordError as e:
        return fail(str(e))
    if args.deal is not None and args.deal > len(record.deals):
        n = len(record.deals)
        return fail(ngettext("{file}: the record has {n} deal; there is no deal {deal}",
                                     "{file}: the record has {n} deals; there is no deal "
                                     "{deal}", n).format(file=args.file, n=n, deal=args.deal))
    if args.seat is not None and args.seat >= v.n:
        from .engine.spoken import game_name

        return fail(_("{game} here has seats 0 to {last}; there is no seat {seat}")
                            .format(game=game_name(v), last=v.n - 1, seat=args.seat))
    deals = [args.deal - 1] if args.deal is not None else list(range(len(record.deals)))
    if args.beliefs:  # who played each seat: the table file beside the record, if any
        return beliefs(args, record, deals, table_beside(args.file))
    table = table_beside(args.file) if args.seat is None else None
    names = tuple(v.signal_names)
    out: list[dict[str, Any]] = []
    try:
        for k in deals:
            seat = args.seat if args.seat is not None else default_seat(record, k, table)
            review = review_as_asked(record, k, seat, samples=args.samples, seed=args.seed)
            if args.json:
                out.append(review_json(review, names))
            else:
                write_text(("\n" if k != deals[0] else "")
                           + review_text(review, names, printable))
    except RecordError as e:
        return fail(str(e))
    if args.json:
        write_json({"format": REPORT_FORMAT, "version": REPORT_VERSION,
                    "variant": record.variant, "deals": out}, indent=1)
    return 0


def beliefs(args: argparse.Namespace, record: Record, deals: Sequence[int],
            table: dict[str, Any] | None) -> int:
    """``--beliefs``: what ``args.seat`` (every seat when None) believed of the hidden
    cards at each card decision of ``deals`` (0-based), as text or one JSON object."""
    from .coach.beliefs import DecisionBeliefs, deal_beliefs
    from .coach.beliefs_report import beliefs_json, beliefs_text, seat_names
    from .engine.records import RecordError
    from .output import printable, write_json, write_text

    found: list[DecisionBeliefs] = []
    try:
        for k in deals:
            items = deal_beliefs(record, k, args.seat, seed=args.seed, samples=args.samples,
                                 table=table)
            if args.json:
                found.extend(items)
            else:
                write_text(("\n" if k != deals[0] else "")
                           + beliefs_text(items, seat_names(record, k), printable))
    except RecordError as e:
        return fail(str(e))
    if args.json:
        write_json(beliefs_json(found, record.variant), indent=1)
    return 0
