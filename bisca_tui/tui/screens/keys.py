"""The keys of a screen, all of them: those the footer names, and those it leaves out for
room (the number keys, the arrows, Enter, space) or because they do not apply just now.

Read from the screen's own bindings (a table's special keys are its variant's), so the list
never drifts from what the keys do.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.actions import ActionError, parse
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.keys import format_key
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ...lang import N_, _
from ..translated import Translated, translate_binding, word

ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}
NAMED = {"enter": "Enter", "space": N_("space"), "escape": "Esc", "question_mark": "?"}
# the screens' names in the keys screen's title, by class (a table's class is its game's)
SCREEN_NAMES = {
    "StartScreen": N_("Start"), "NewGameScreen": N_("New game"), "TableScreen": N_("Table"),
    "RulesScreen": N_("Rules"), "StatsScreen": N_("Statistics"),
    "HistoryScreen": N_("Past matches"), "ReplayScreen": N_("Replay"),
    "ReviewScreen": N_("Review"),
    # the places of a table joined over the network (``bisca-tui join``)
    "LobbyScreen": N_("Places at the table"),
}


def screen_name(screen: Screen[object]) -> str:
    """A screen's name in the title of its keys: its own when it has one, else its class's."""
    for cls in type(screen).__mro__:
        if cls.__name__ in SCREEN_NAMES:
            return _(SCREEN_NAMES[cls.__name__])
    return type(screen).__name__.removesuffix("Screen")


@dataclass(frozen=True)
class KeyRow:
    """One line of the list: the keys, what they do, and whether they do it now."""

    keys: str
    what: str
    now: bool


def key_name(key: str) -> str:
    """A key as a player reads it: ``Enter``, ``Esc``, ``←``, ``F1``, ``Ctrl+Q``, ``?``."""
    if key in ARROWS:
        return ARROWS[key]
    if key in NAMED:
        return _(NAMED[key]) if key == "space" else NAMED[key]  # the space bar, in words
    *mods, last = key.split("+")
    if mods:
        return "+".join(m.capitalize() for m in mods) + "+" + key_name(last).upper()
    if len(last) > 1 and last[0] == "f" and last[1:].isdigit():
        return last.upper()
    return format_key(last)


def join_keys(keys: list[str]) -> str:
    """Keys of one line, digits as ranges: ``1-9, 0``; ``← →``; ``c``."""
    out: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
            run.clear()

    for k in keys:
        if len(k) == 1 and k.isdigit() and k != "0" and (not run or int(k) == run[-1] + 1):
            run.append(int(k))
            continue
        flush()
        if len(k) == 1 and k.isdigit() and k != "0":
            run.append(int(k))
        else:
            out.append(key_name(k))
    flush()
    return ", ".join(out) if any(len(o) > 1 for o in out) else " ".join(out)


def class_bindings(node: DOMNode) -> list[Binding]:
    """The bindings a node's class declares, its bases' first (the framework's own, such
    as moving the focus, left out); a later binding of the same key and action replaces an
    earlier one. Their words are in the language in use."""
    found: dict[tuple[str, str], Binding] = {}
    words = getattr(node, "binding_words", word)
    for cls in reversed(type(node).__mro__):
        if cls.__module__.split(".")[0] == "textual":
            continue
        for b in Binding.make_bindings(vars(cls).get("BINDINGS", ())):
            found.pop((b.key, b.action), None)
            found[(b.key, b.action)] = translate_binding(b, words)
    return list(found.values())


def enabled(node: DOMNode, action: str) -> bool:
    try:
        _ns, name, params = parse(action)
    except ActionError:
        return False
    return bool(node.check_action(name, params))


def applies(node: DOMNode, action: str) -> bool:
    """Whether an action is ever of use on ``node`` (a table knows the keys its game never
    uses: they are left out of the list rather than said to be of no use just now)."""
    check = getattr(node, "key_applies", None)
    return check is None or bool(check(action))


def key_rows(screen: Screen[object], app: App[object] | None = None) -> list[KeyRow]:
    """Every key of ``screen`` and the app's keys it does not override, one line per
    action: keys of the same action without a description of their own join the first
    one's line (1-9 and 0 are one line, as are ← and →). A binding's tooltip, when it has
    one, says at more length what its key does."""
    rows: list[tuple[str, list[str], str, list[bool]]] = []  # name, keys, what, now
    taken: set[str] = set()
    sources: list[tuple[DOMNode, list[Binding]]] = [(screen, class_bindings(screen))]
    if app is not None:
        sources.append((app, class_bindings(app)))
    for node, bindings in sources:
        for b in bindings:
            if b.system or b.key in taken and node is app:
                continue
            try:
                _ns, name, _params = parse(b.action)
            except ActionError:
                continue
            if not applies(node, name):
                continue
            what = b.tooltip or b.description
            row = next((r for r in rows if r[0] == name and (not what or r[2] == what)), None)
            if row is None:
                if not what:
                    continue  # a key of the framework's own (focus, copy): not listed
                row = (name, [], what, [])
                rows.append(row)
            for key in b.key.split(","):
                key = key.strip()
                if key not in row[1]:
                    row[1].append(key)
            row[3].append(enabled(node, b.action))
        if node is screen:
            taken = {k for r in rows for k in r[1]}
    return [KeyRow(join_keys(keys), what, any(now)) for _, keys, what, now in rows]


def keys_text(rows: list[KeyRow]) -> Text:
    width = max((len(r.keys) for r in rows), default=0) + 2
    t = Text()
    for k, r in enumerate(rows):
        if k:
            t.append("\n")
        t.append(f"{r.keys:<{width}}", style="bold" if r.now else "bold bright_black")
        t.append(r.what, style="" if r.now else "bright_black")
        if not r.now:
            # translators: after a key that does nothing just now, in the list of keys
            t.append("  " + _("(not now)"), style="bright_black italic")
    return t


class KeysScreen(Translated, ModalScreen[None]):
    """Every key of the screen it was opened from; any of Esc, ? or Enter closes it."""

    DEFAULT_CSS = """
    KeysScreen .dialog { width: 76; }
    KeysScreen #keys-list { height: auto; max-height: 30; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("question_mark", "close", show=False),
        Binding("enter", "close", show=False),
    ]

    def __init__(self, rows: list[KeyRow], title: str | None = None) -> None:
        super().__init__(id="keys-help")
        self.rows = rows
        self.title_text = _("Keys") if title is None else title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title")
            with VerticalScroll(id="keys-list"):
                yield Static(keys_text(self.rows), id="keys-text")
            yield Static(_("Esc, ? or Enter closes this list."), classes="dim")

    def action_close(self) -> None:
        self.dismiss(None)


def show_keys(screen: Screen[object], title: str | None = None) -> None:
    """Open the list of ``screen``'s keys (with the app's) over it."""
    screen.app.push_screen(KeysScreen(key_rows(screen, screen.app), title))
