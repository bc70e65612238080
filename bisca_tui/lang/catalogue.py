"""The catalogue files of the table's languages: where they are, how they are read, written
in the one layout the repository keeps, brought up to date with a template, checked and
compiled. What goes into the template is gathered by ``bisca_tui.catalogues`` (which knows
the game); ``python -m bisca_tui.catalogues`` is the command.
"""

from __future__ import annotations

import io
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAIN, LANGUAGES

__all__ = ["LOCALE", "compiled", "fields_of", "po_path", "problems", "read", "stale_template",
           "template_path", "update", "write", "write_template"]

LOCALE = Path(__file__).resolve().parent / "locale"
#: two forms, one and more, as these languages count cards and points (the millions that
#: CLDR gives a form of their own never come up at a card table)
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


def template_path() -> Path:
    return LOCALE / f"{DOMAIN}.pot"


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _dump(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, include_previous=False,
             no_location=True)
    return buf.getvalue()


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=code, domain=DOMAIN)


def _updated(code: str, template: Catalog) -> Catalog:
    """A language's catalogue brought up to date with the template: every message of the
    template, with its translation where the language has one; nothing guessed."""
    old = read(po_path(code), code) if po_path(code).exists() else Catalog(locale=code)
    new = Catalog(locale=code, project="bisca-tui", domain=DOMAIN, fuzzy=False,
                  header_comment=f"# The table in {LANGUAGES[code]}.")
    new.plural_forms  # noqa: B018 (made from the locale; the header below replaces it)
    new._num_plurals, new._plural_expr = 2, "(n != 1)"
    for msg in template:
        if not msg.id:
            continue
        was = old.get(msg.id, context=msg.context)
        string: str | tuple[str, ...] = ("", "") if msg.pluralizable else ""
        if was is not None and not was.fuzzy:
            string = was.string
        new[msg.id] = Message(msg.id, string, locations=msg.locations, context=msg.context,
                              auto_comments=msg.auto_comments)
    return new


def compiled(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def _mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def write(code: str, cat: Catalog) -> None:
    """Write a language's catalogue in the one layout kept in the repository, and compile it."""
    po_path(code).parent.mkdir(parents=True, exist_ok=True)
    po_path(code).write_bytes(_dump(cat))
    _mo_path(code).write_bytes(compiled(read(po_path(code), code)))


def write_template(template: Catalog) -> str:
    """Write the template alone (the catalogues are brought up to date with it by ``update``)."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    template_path().write_bytes(_dump(template))
    return str(template_path())


def update(template: Catalog) -> list[str]:
    """Write the template, update every language's catalogue, compile them. Returns the
    files written."""
    written = []
    LOCALE.mkdir(parents=True, exist_ok=True)
    template_path().write_bytes(_dump(template))
    written.append(str(template_path()))
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        write(code, _updated(code, template))
        written += [str(po_path(code)), str(_mo_path(code))]
    return written


def fields_of(text: str) -> set[str]:
    """The named fields of a template or message (``{seat}``), a doubled brace being none."""
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def _where(msg: Message) -> str:
    ctx = f"[{msg.context}] " if msg.context else ""
    ident = msg.id if isinstance(msg.id, str) else msg.id[0]
    return f"{ctx}{ident!r}"


def problems(code: str, template: Catalog) -> list[str]:
    """What is wrong with a language's catalogue: a message of the template missing,
    untranslated or fuzzy; a message the template no longer has; a translation whose
    fields differ from the English; a compiled file out of date."""
    path = po_path(code)
    if not path.exists():
        return [f"{path.name} of {code}: missing"]
    cat = read(path, code)
    out: list[str] = []
    for msg in template:
        if not msg.id:
            continue
        have = cat.get(msg.id, context=msg.context)
        if have is None:
            out.append(f"{code}: missing {_where(msg)}")
            continue
        if have.fuzzy:
            out.append(f"{code}: fuzzy {_where(msg)}")
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        if not all(strings):
            out.append(f"{code}: untranslated {_where(msg)}")
            continue
        english = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        # a count's first form may leave the number unsaid ("one card"); the others and
        # every single message name exactly the English fields
        wanted = fields_of(english[-1])
        for i, s in enumerate(strings):
            got = fields_of(s)
            if got - wanted or (got != wanted and not (len(strings) > 1 and i == 0)):
                out.append(f"{code}: fields {sorted(got)} where the English has "
                           f"{sorted(wanted)} in {_where(msg)}")
    for msg in cat:
        if msg.id and template.get(msg.id, context=msg.context) is None:
            out.append(f"{code}: stale {_where(msg)}")
    mo = _mo_path(code)
    if not mo.exists() or mo.read_bytes() != compiled(cat):
        out.append(f"{code}: {mo.name} is not compiled from the current {path.name}")
    return out


def stale_template(template: Catalog) -> bool:
    """Whether the template kept in the repository differs from ``template`` (dates aside)."""
    path = template_path()
    return not path.exists() or _strip_date(path.read_bytes()) != _strip_date(_dump(template))


def _strip_date(po: bytes) -> bytes:
    return b"\n".join(line for line in po.split(b"\n")
                      if not line.startswith(b'"POT-Creation-Date') and
                      not line.startswith(b'"PO-Revision-Date'))


if __name__ == "__main__":
    raise SystemExit("The command is: python -m bisca_tui.catalogues (update, check, compile)")
