"""Small widgets every screen uses: the too-small notice and the body container."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Container
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from ...lang import _
from ..layout import MIN_HEIGHT, MIN_WIDTH


class TooSmall(Static):
    """Shown instead of a screen's body when the terminal is under the minimum size."""

    def __init__(self) -> None:
        super().__init__(
            _("The terminal is too small for the card table.") + "\n\n"
            + _("Please enlarge it to at least {width} columns by {height} lines.").format(
                width=MIN_WIDTH, height=MIN_HEIGHT),
            classes="too-small",
        )


class KeyHints(Widget):
    """A line of keys and what they do, drawn like the footer.

    For a screen whose keys never change: it costs a fraction of a ``Footer`` (which builds a
    widget per key and follows every change of the bindings), so the first screen is up
    sooner.
    """

    DEFAULT_CSS = """
    KeyHints {
        dock: bottom;
        height: 1;
        background: $footer-background;
        .key-hints--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-hints--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """
    COMPONENT_CLASSES = {"key-hints--key", "key-hints--description"}

    def __init__(self, hints: list[tuple[str, str]], **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.hints = hints

    def shown(self, width: int) -> list[tuple[str, str]]:
        """The hints that fit in ``width`` cells, whole, in their order: a hint that does
        not fit is left out rather than cut (the screen's buttons say it all anyway)."""
        shown, used = [], 0
        for key, description in self.hints:
            cells = cell_len(f" {key} {description} ")
            if used + cells <= width:
                shown.append((key, description))
                used += cells
        return shown

    def render(self) -> RenderResult:
        key_style = self.get_component_rich_style("key-hints--key")
        text_style = self.get_component_rich_style("key-hints--description")
        line = Text(no_wrap=True, overflow="ellipsis")
        for key, description in self.shown(self.size.width):
            line.append(f" {key} ", style=key_style)
            line.append(f"{description} ", style=text_style)
        return line


class Body(Container):
    """A screen's content, hidden while the terminal is too small."""


def themed(text: Text) -> Text:
    """``text`` with its own style laid over it as a span.

    Textual reads a Text's own style as CSS, where ``yellow`` is the web's #ffff00 on any
    theme (unreadable on a light one), but maps the colours of spans through the theme's
    ANSI colours, as it does for every other widget.
    """
    if not text.style:
        return text
    out = text.copy()
    out.style = ""
    out.stylize_before(text.style)
    return out


class Panel(Static):
    """A Static that redraws only when its content really changed, and lays the screen out
    again only when the new content takes a different size (a layout is costly)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: object = None

    def set(self, content: Text | str) -> None:
        if content == self._shown:
            return
        self._shown = content
        before = self.content_size
        self.update(themed(content) if isinstance(content, Text) else content, layout=False)
        if not self._same_size(before):
            self.refresh(layout=True)

    def _same_size(self, before: Size) -> bool:
        """Whether the new content fits the size the old one was given exactly."""
        parent = self.parent
        if not self.is_mounted or not before.area or not isinstance(parent, Widget):
            return False
        styles = self.styles
        auto_width = styles.width is not None and styles.width.is_auto
        auto_height = styles.height is not None and styles.height.is_auto
        if not (auto_width or auto_height):
            return True
        container = parent.content_size - styles.gutter.totals - styles.margin.totals
        viewport = self.app.size
        if auto_width and self.get_content_width(container, viewport) != before.width:
            return False
        return not (auto_height and
                    self.get_content_height(container, viewport, before.width) != before.height)


class FittingFooter(Footer):
    """The footer, every key it shows drawn whole: the keys that do not fit in its width
    are left out, the last first (the keys screen, ``?``, lists them all), where Textual's
    footer would cut the last one short. A language whose words run longer than English
    loses a key rather than half a word; the keys that lead to the rest, ``?`` and the
    rules' F1, are the last to go."""

    KEPT = ("question_mark", "f1")  # the keys that tell the others: left out last
    fitted = False  # the keys of the last composition are fitted (tests wait for it)

    def on_mount(self) -> None:  # Footer's own on_mount runs too
        self.call_after_refresh(self.fit)

    fitted_width: int | None = None  # the width the keys were last fitted to

    def on_resize(self) -> None:
        # the first size comes before the first fitting, which is on its way
        if self.fitted_width is None or self.size.width == self.fitted_width:
            return
        self.fitted = False
        self.call_after_refresh(self.recompose)

    composed: tuple[object, ...] | None = None  # what the last composition shows
    recompose_due = False  # a composition is on its way: it reads the keys as they are then

    def keys_now(self) -> tuple[object, ...]:
        """What a composition would show now: each key shown, its words, whether it may be
        pressed, and the palette's key."""
        app = self.app
        active = self.screen.active_bindings
        keys: list[object] = [
            (binding.key, app.get_key_display(binding), binding.description, binding.action,
             enabled, tooltip, binding.tooltip, binding.group)
            for _node, binding, enabled, tooltip in active.values() if binding.show]
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        keys.append(None if palette is None else palette[1:])
        return (self.show_command_palette, app.ENABLE_COMMAND_PALETTE, tuple(keys))

    def compose(self) -> ComposeResult:
        self.composed = self.keys_now() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Composed again once for a change of the keys, however many times the screen
        says its bindings changed before then, and not at all when the keys it shows are
        the same (a screen checks them again after every action)."""
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            if self.recompose_due or (self._bindings_ready
                                      and self.keys_now() == self.composed):
                return
            self.recompose_due = True
            self.fitted = False  # Footer recomposes for it
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        self.recompose_due = False
        self.fitted = False
        await super().recompose()
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        every = list(self.query(FooterKey))  # laid out whole, past the edge where need be
        keys = [k for k in every if not k.has_class("-command-palette")]
        right = min([self.region.right] + [k.region.x for k in every if k not in keys
                                            and k.region.width])
        # each key's room: up to the next one (the gap between them included)
        rooms = [b.region.x - a.region.x for a, b in zip(keys, keys[1:], strict=False)]
        rooms += [k.region.width for k in keys[-1:]]
        over = sum(rooms) - (right - keys[0].region.x) if keys else 0
        order = sorted(range(1, len(keys)), key=lambda i: (keys[i].key in self.KEPT, -i))
        for i in order:  # the last first, the keys to the rest after every other
            if over <= 0:
                break
            keys[i].display = False
            over -= rooms[i]
        self.fitted_width = self.size.width
        self.fitted = True
