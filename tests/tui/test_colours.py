"""Card colours that work: red suits red (not magenta) on a 16-colour terminal and apart from
the selection, and cards readable under NO_COLOR by weight instead of colour."""

from __future__ import annotations

import io

import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color as TColor
from tui_helpers import make_app, open_table, quiet

from bisca_tui.engine.cards import parse_card
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.cardart import (
    FACES,
    NORMAL,
    PLAYABLE,
    SELECTED,
    SELECTED_UNPLAYABLE,
    SIZES,
    SMALL,
    UNPLAYABLE,
    WINNER,
    back_lines,
    card_lines,
    card_text,
    frame_style,
    suit_colour,
)
from bisca_tui.tui.pileart import stock_lines
from bisca_tui.tui.widgets.table import HandView

ROLES = (NORMAL, PLAYABLE, UNPLAYABLE, SELECTED, WINNER, SELECTED_UNPLAYABLE)
RED_NUMBERS = {1, 9}  # red and bright red among the sixteen ANSI colours
FRAMES = set("╭╮╰╯─│")


@pytest.fixture
def colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture
def no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def standard_number(style: str | Style) -> int | None:
    color = Style.parse(style).color if isinstance(style, str) else style.color
    return None if color is None else color.downgrade(ColorSystem.STANDARD).number


def face_of_line(line: Text) -> str:
    """The style of the first cell inside the frame."""
    return str(next(sp.style for sp in line.spans if sp.start <= 1 < sp.end))


def colours_in(line: Text) -> list:
    styles = [line.style, *(sp.style for sp in line.spans)]
    return [Style.parse(str(st)).color for st in styles if str(st)]


def ansi(text: Text, color_system: str) -> str:
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system=color_system, width=40).print(text)
    return out.getvalue()


def test_red_suits_are_red_on_sixteen_colours_and_apart_from_the_selection(colour) -> None:
    heart = parse_card("AH")
    for name in FACES:
        assert standard_number(suit_colour(1, name)) in RED_NUMBERS, name
        sgr = ansi(card_text(heart, name), "standard")
        assert "\x1b[1;91m" in sgr, (name, sgr)  # bold bright red
        assert "35m" not in sgr and "95m" not in sgr  # never magenta
    selection = {standard_number(frame_style(SELECTED)),
                 standard_number(frame_style(SELECTED_UNPLAYABLE))}
    assert selection == {6}  # cyan
    for name, face in FACES.items():
        suits = {standard_number(c) for c in face.colours if c}
        assert not suits & selection, name
        for system in (ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
            sel = Style.parse(frame_style(SELECTED)).color.downgrade(system).number
            assert all(Style.parse(c).color.downgrade(system).number != sel
                       for c in face.colours if c)


def test_the_latin_suits_have_four_colours_on_sixteen_colours(colour) -> None:
    for name in ("spanish", "italian"):
        numbers = [standard_number(suit_colour(s, name)) for s in range(4)]
        assert numbers == [12, 9, 11, 10], name  # swords blue, cups red, coins gold, batons green
        sgr = ansi(card_text(parse_card("KD"), name), "256")
        assert "38;5;178" in sgr  # gold on 256 colours


def test_without_colour_cards_use_weight_not_colour(no_colour) -> None:
    for name in FACES:
        for role in ROLES:
            for size in SIZES.values():
                for line in card_lines(parse_card("7H"), size, name, role, number="1"):
                    assert not [c for c in colours_in(line) if c is not None]
        assert card_text(parse_card("7H"), name).style == "bold"
    face = {role: face_of_line(card_lines(parse_card("7H"), SMALL, "spanish", role)[1])
            for role in ROLES}
    assert face[NORMAL] == "bold" and face[PLAYABLE] == "bold"
    assert "dim" in face[UNPLAYABLE] and "reverse" not in face[UNPLAYABLE]
    assert "reverse" in face[SELECTED] and "bold" in face[SELECTED]
    assert "reverse" in face[SELECTED_UNPLAYABLE] and "dim" in face[SELECTED_UNPLAYABLE]
    assert "underline" in face[WINNER]
    drawn = back_lines(SMALL) + stock_lines(20, parse_card("KD"), 2, False, "portuguese")
    assert not [c for ln in drawn for c in colours_in(ln) if c is not None]


def test_with_colour_the_same_roles_use_colour(colour) -> None:
    face = face_of_line(card_lines(parse_card("7H"), SMALL, "spanish", NORMAL)[1])
    assert standard_number(face) in RED_NUMBERS
    assert standard_number(frame_style(SELECTED)) == 6


def screen_segments(app) -> list[Segment]:
    """What the screen draws, after Textual's filters (colours as the terminal gets them)."""
    console = Console(width=app.size.width, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return list(console._record_buffer)


def brightness(color) -> float:
    r, g, b = color.get_truecolor()
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def glyph_segments(segments: list[Segment], glyphs: str) -> list[Segment]:
    return [seg for seg in segments if seg.style and set(seg.text) & set(glyphs)]


async def test_red_suits_are_readable_at_a_table_under_no_color(private_data, no_colour) -> None:
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=5)
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_table(app, pilot, session)
        assert app.no_color
        hand = str(app.screen.query_one(HandView).render())
        segments = glyph_segments(screen_segments(app), "♥♦♠♣")
        assert segments and set(hand) & set("♥♦♠♣")
        for seg in segments:
            fg, bg = seg.style.color, seg.style.bgcolor
            assert fg is not None and bg is not None
            # the glyph stands out from its background: no dark grey on black
            assert abs(brightness(fg) - brightness(bg)) > 100, (seg.text, fg, bg)


async def test_red_suits_stay_red_at_a_table_on_sixteen_colours(private_data, colour) -> None:
    session = Session.new("brisca", {}, default_seats(2, "random"), seed=3)
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_table(app, pilot, session)
        segments = screen_segments(app)
        red = glyph_segments(segments, "∪")
        reds = {seg.style.color.downgrade(ColorSystem.STANDARD).number
                for seg in red if seg.style.color is not None}
        assert red and reds <= RED_NUMBERS, reds
        frames = [seg for seg in segments if seg.style and set(seg.text) <= FRAMES
                  and seg.style.color is not None
                  and seg.style.color.downgrade(ColorSystem.STANDARD).number == 6]
        assert frames  # the selected card, framed in cyan


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _luminance(c) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in c.rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("theme", ["textual-light", "textual-dark"])
async def test_the_status_line_reads_on_light_and_dark_themes(private_data, theme) -> None:
    """The status line's colour follows the theme (a web #ffff00 on a light grey could not
    be read), and the log is no dark band on a light table."""
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        t = await open_table(app, pilot, Session.new("bisca-3", {}, default_seats(2, "random"),
                                                     seed=3))
        await quiet(pilot)
        status = t.query_one("#status")
        background = status.background_colors[1]
        line = status.render_line(0)
        turn = next(seg for seg in line if "turn" in seg.text)
        colour = TColor.from_rich_color(turn.style.color)
        if colour.ansi is not None:  # left to the theme's ANSI colours, as the screen does
            colour = TColor(*app.ansi_theme.ansi_colors[colour.ansi])
        assert contrast(colour, background) > 2, (colour.hex, background.hex)
        # the log, a panel beside the table, is lighter than it on any theme: no dark band
        log = t.query_one("#log").background_colors[1]
        assert _luminance(log) > _luminance(t.background_colors[1]), log.hex
