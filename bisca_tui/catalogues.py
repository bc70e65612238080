"""The catalogues of the table's languages, gathered from the game: the command that writes the
template, updates, checks and compiles them (``python -m bisca_tui.catalogues --help``).

Every message comes from one of three places:

- the one table of the game's sentences (``engine.narrate.MESSAGES``): each sentence is known
  by its kind and form as context (``CardPlayed.you``), the ``one`` and ``many`` forms of a
  count as one plural entry (``Cut.replay`` with two English forms);
- the words the games declare as data: the packs' ranks and suits, the games' names, house
  rules and signals (``engine.spoken``);
- the code itself: every ``_("…")``, ``N_("…")``, ``ngettext``, ``pgettext`` and
  ``npgettext`` in the package, found by Babel's extractor.

``update`` writes the template (``lang/locale/bisca_tui.pot``), brings each language's
``.po`` up to date with it (new messages empty, vanished ones dropped, nothing guessed) and
compiles the ``.mo`` files the game reads. ``check`` changes nothing and says what is out of
date or untranslated; the test suite runs the same checks.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from .lang import DEFAULT, DOMAIN, LANGUAGES
from .lang.catalogue import (
    po_path,
    problems,
    read,
    stale_template,
    update,
    write,
    write_template,
)

__all__ = ["gather", "main"]

PACKAGE = Path(__file__).resolve().parent
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def _table_messages() -> Iterator[tuple[str, str | tuple[str, str], str]]:
    """The one table's sentences: (context, English, where), a count's forms as a pair."""
    from .engine.narrate import MESSAGES
    from .engine.narrate.wording import context, plural_pair

    for kind, forms in MESSAGES.items():
        for key, text in forms.items():
            pair = plural_pair(kind, key)
            if pair is None:
                yield context(kind, key), text, f"{kind}.{key}"
            elif key.endswith("one"):
                yield pair[0], (pair[1], pair[2]), f"{kind}.{key[:-3]}one/many"


def _pack_words() -> Iterator[tuple[str, str, str]]:
    """The words of each pack: its ranks and suits, known by the pack (context, English,
    a note for the translator)."""
    from .engine.cards import PACKS, RANK_WORDS

    for name, pack in PACKS.items():
        for letter, word in pack.rank_names.items():
            if not word.isdigit():
                yield f"{name}.rank", word, f"a rank of the {pack.title} ({letter})"
        for word in pack.suit_names.values():
            yield f"{name}.suit", word, (f"a suit of the {pack.title}, as in 'Ace of "
                                         f"{word}' and '{word} are trumps'")
    for letter, word in RANK_WORDS.items():
        yield "rank", word, f"the rank {letter} standing alone (a bid, the ranking table)"


def gather() -> Catalog:
    """The template: every message of the table and of the code, English only."""
    cat = Catalog(project="bisca-tui", domain=DOMAIN, fuzzy=False, header_comment="")
    for ctx, text, where in _table_messages():
        cat.add(text, context=ctx, auto_comments=[f"the table: {where}"])
    from .engine.spoken import words_of_games

    for ctx, text, note in (*_pack_words(), *words_of_games()):
        cat.add(text, context=ctx, auto_comments=[note])
    from .lang.argwords import NOTE, PLURALS, WORDS

    for words in (*WORDS, *PLURALS):
        cat.add(words, auto_comments=[NOTE])
    for filename, lineno, message, comments, ctx in extract_from_dir(
        PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS,
        comment_tags=("translators:",), strip_comment_tags=True,
    ):
        if filename.startswith("lang/"):
            continue
        msgid = message if isinstance(message, str) else tuple(message)[:2]
        if not msgid or (isinstance(msgid, tuple) and not all(msgid)):
            continue
        cat.add(msgid, locations=[(f"bisca_tui/{filename}", lineno)], context=ctx,
                auto_comments=comments)
    return cat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bisca_tui.catalogues",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("update", "template", "check", "compile"),
                    help="update: write the template and catalogues and compile them; "
                         "check: say what is out of date or untranslated; "
                         "template: write the template alone; "
                         "compile: only compile each catalogue as it stands")
    args = ap.parse_args(argv)
    if args.command == "template":
        print(write_template(gather()))
        return 0
    if args.command == "compile":
        for code in LANGUAGES:
            if code != DEFAULT and po_path(code).exists():
                write(code, read(po_path(code), code))
        return 0
    if args.command == "update":
        for name in update(gather()):
            print(name)
        return 0
    template = gather()
    found = ["the template is out of date"] if stale_template(template) else []
    for code in LANGUAGES:
        if code != DEFAULT:
            found += problems(code, template)
    for line in found:
        print(line)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
