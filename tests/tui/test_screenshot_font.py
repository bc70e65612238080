"""The README's pictures are drawn with the shipped monospace font, as the terminal draws them."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "screenshots" / "make_screenshots.py"


def script():
    spec = importlib.util.spec_from_file_location("make_screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Box(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("╭───╮\n│A ♠│\n╰───╯")


async def exported() -> str:
    app = Box()
    async with app.run_test(size=(20, 4)):
        return app.export_screenshot()


def test_the_font_and_its_licence_are_shipped() -> None:
    fonts = ROOT / "assets" / "fonts"
    for name in script().FONT_FILES.values():
        assert (fonts / name).stat().st_size > 100_000, name
    assert "Bitstream" in (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


async def test_the_svg_points_at_the_shipped_font_and_keeps_the_cells() -> None:
    m = script()
    svg = m.with_font(await exported(), "../assets/fonts")
    assert "Fira Code" not in svg and "cdnjs" not in svg
    assert 'url("../assets/fonts/DejaVuSansMono.ttf")' in svg
    assert 'font-family: "DejaVu Sans Mono"' in svg
    # each run of text starts on its cell once narrowed back onto Rich's 12.2 px cells
    for x, scale in re.findall(r'<text class="terminal-\d+-r\d+" x="([\d.]+)" y="[\d.]+" '
                               r'transform="scale\(([\d.]+) 1\)"', svg):
        cell = float(x) * float(scale) / m.CELL_WIDTH
        assert abs(cell - round(cell)) < 0.01
    # box lines join from one line to the next: the glyphs are as tall as a line
    assert abs(m.FONT_SIZE * m.FULL_HEIGHT - m.LINE_HEIGHT) < 0.01
    assert "-line-" not in re.sub(r"<clipPath.*?</clipPath>", "", svg, flags=re.S)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert")
async def test_librsvg_draws_with_the_shipped_font(tmp_path) -> None:
    m = script()
    svg = tmp_path / "box.svg"
    svg.write_text(m.with_font(await exported(), "."), encoding="utf-8")
    assert m.write_png(svg) is not None and svg.with_suffix(".png").stat().st_size > 0
    conf = m.font_config(tmp_path)
    found = subprocess.run(["fc-match", "DejaVu Sans Mono"], capture_output=True, text=True,
                           env={"FONTCONFIG_FILE": str(conf)})
    if found.returncode == 0:
        assert "DejaVu Sans Mono" in found.stdout
