"""No English sentence is written into the TUI's code for a person to read without passing
through gettext (``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext``), or through the
one table of the game's sentences (``say``, ``styled``, ``review_text``, by key).

A literal is taken for words when it holds two words (``Save and leave``) or is a capitalised
word (``Statistics``); what is not words to a person (ids, styles, CSS, keys of the sentence
table, class names, module docstrings) is left out, and the few literals that are words but
no one reads as such are listed below with the reason. Single words in small letters escape
this check: the screens drawn by a shouting catalogue (``test_languages_coverage.py``) catch
those.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bisca_tui
import bisca_tui.tui

TUI = Path(bisca_tui.tui.__file__).resolve().parent
GETTEXT = {"_", "N_", "ngettext", "pgettext", "npgettext"}
# calls whose first arguments are names, not words: the sentence table's kind and form, a
# binding's key and action (its words are marked), a query's selector, a class, a key
NOT_WORDS_IN = {
    "say", "styled", "review_text", "template", "Binding", "Choice", "query", "query_one",
    "set_class", "add_class", "remove_class", "has_class", "getattr", "setattr", "hasattr",
    "startswith", "endswith", "removeprefix", "removesuffix", "split", "parse", "remember",
    "install_screen", "run_worker", "highlight_regex", "isinstance", "cancel_group", "text",
    "get", "index", "replace", "strip", "get_component_rich_style", "get_screen", "pop",
    "setdefault", "call_later",
}
NOT_WORDS_KW = {
    "id", "classes", "style", "variant", "severity", "group", "name", "key_display", "action",
    "markup", "end", "justify", "overflow", "marker", "dialog_id", "cancel", "focus",
    "cursor_type", "key", "type", "restrict", "encoding", "head",
}
STYLE_WORDS = {"bold", "dim", "italic", "underline", "reverse", "strike", "on", "not", "red",
               "green", "yellow", "blue", "magenta", "cyan", "white", "black", "bright_black",
               "default", "blink"}
# (file, literal): words in the code that are not shown as words of the table
KNOWN = {
    ("app.py", "Bisca"): "the app's name, the terminal's title",
    ("app.py", "bisca.tcss"): "a file",
    ("prefs.py", "settings.json"): "a file",
    ("layout.py", "the table seats 2 to 8 players, not "): "a programming error, never shown",
    **{("layout.py", place): "a place's id, said through place_word"
       for place in ("top left", "top right", "upper left", "lower left", "upper right",
                     "lower right")},
    ("screens/keys.py", "Enter"): "a key's name",
    ("screens/keys.py", "Esc"): "a key's name",
    ("screens/table.py", "You"): "the person at the keyboard as the sentence table knows them",
    ("screens/table.py", "Table"): "a class's name",
}


def words(text: str) -> bool:
    if text.split() and all(w in STYLE_WORDS or w.startswith("#") for w in text.split()):
        return False
    if re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", text) or re.fullmatch(r"([A-Z][a-z]+){2,}", text):
        return False  # a key of the sentence table, a class's name
    return bool(re.search(r"[A-Za-z]{2,}[ ,:;.!?]+[A-Za-z]{2,}", text)
                or re.match(r"\s*[A-Z][a-z]{2,}", text))


def left_out(tree: ast.Module) -> set[int]:
    """The nodes that are not words to a person."""
    out: set[int] = set()

    def drop(node: ast.AST) -> None:
        out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))  # a docstring
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id in ("__all__", "DEFAULT_CSS")
                   for t in node.targets):
                drop(node)
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
                else ""
            if name in GETTEXT:
                drop(node)
            elif name in NOT_WORDS_IN:
                for arg in node.args[:2]:
                    drop(arg)
            for kw in node.keywords:
                if kw.arg in NOT_WORDS_KW:
                    drop(kw.value)
    return out


def literal_words(root: Path = TUI) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = left_out(tree)
        name = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in skip and words(node.value)
                    and (name, node.value) not in KNOWN):
                found.append((name, node.lineno, node.value))
    return found


def test_no_english_words_are_shown_without_gettext():
    found = literal_words()
    assert not found, "\n".join(f"{f}:{line}: {text!r}" for f, line, text in found)


# the join command's screens: the host's own words, matched to be said again in the reader's
JOIN = Path(bisca_tui.__file__).resolve().parent / "join"
JOIN_KNOWN = {
    ("command.py", "bisca-tui join: "): "the program's name, as argparse writes it",
    ("keys.py", "place-keys.json"): "a file's name in the data folder",
    **{("words.py", words): "the host's words (the protocol's), matched"
       for words in ("wrong invite code", "the table is full", "a name is needed",
                     r"this host speaks protocol \d+(?: or \d+)*", "the host hung up")},
}


def test_the_join_command_shows_no_english_words_without_gettext():
    found = [f for f in literal_words(JOIN) if (f[0], f[2]) not in JOIN_KNOWN]
    assert not found, "\n".join(f"{f}:{line}: {text!r}" for f, line, text in found)


def test_the_scan_finds_a_sentence_written_in_the_code(tmp_path):
    module = tmp_path / "screen.py"
    module.write_text('"""A screen."""\nfrom x import _, Static\n\n'
                      'def compose():\n'
                      '    yield Static(_("Marked"), id="ok-id", classes="dim")\n'
                      '    yield Static("Forgotten words", style="bold red")\n'
                      '    yield Static(f"Deal {n}")\n', encoding="utf-8")
    assert sorted((f, text) for f, _line, text in literal_words(tmp_path)) == [
        ("screen.py", "Deal "), ("screen.py", "Forgotten words")]
