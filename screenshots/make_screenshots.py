"""Regenerate the pictures of the app shown in the README.

Usage: ``python screenshots/make_screenshots.py [--size 110x34] [--only NAME ...]``

Each picture is the app run headless (``App.run_test``) and driven with key presses from a
fixed match seed, then saved as ``screenshots/NAME.svg`` drawn with the DejaVu Sans Mono
shipped in ``assets/fonts`` (the terminal's look: box lines that join, the suit symbols); a
``NAME.png`` is written beside it when ``rsvg-convert`` is on the PATH, with that font made
known to it even when it is not installed. The app keeps its save in a temporary directory, so the
user's interrupted match is never touched.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from xml.sax.saxutils import escape

from textual.pilot import Pilot
from textual.widgets import Input

from bisca_tui import lang
from bisca_tui.engine import actions as A
from bisca_tui.engine.phases import CUT_OR_KNOCK, PLAY
from bisca_tui.engine.records import load_record
from bisca_tui.join.room_app import RoomApp
from bisca_tui.net.client import Client
from bisca_tui.net.identity import Identity
from bisca_tui.net.room_client import RoomClient
from bisca_tui.ratings.rater import rate
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room
from bisca_tui.room.store import SqliteRoom
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.auction import BidListScreen, BidScreen
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.rules import RulesScreen
from bisca_tui.tui.screens.signal import SignalScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "bisca_tui" / "examples"
SIZE = (110, 34)

Scene = Callable[[BiscaApp, Pilot], Awaitable[None]]


# ----- driving the app -----------------------------------------------------------------


async def settle(app: BiscaApp, pilot: Pilot) -> None:
    """Let the bots play until a person must act or a dialog is up."""
    for _ in range(500):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return
        st = screen.session.state
        if st.is_over() or screen.session.is_human(st.current):
            return
    raise RuntimeError("the bots never stopped")


def table(app: BiscaApp) -> TableScreen:
    screen = app.screen
    if not isinstance(screen, TableScreen):
        raise RuntimeError(f"expected the table, found {screen!r}")
    return screen


async def start(app: BiscaApp, pilot: Pilot, seed: int) -> TableScreen:
    """From the start screen: New game, the seed typed in, Start."""
    await start_form(app, pilot, seed)
    return table(app)


async def start_form(app: BiscaApp, pilot: Pilot, seed: int) -> None:
    """New game, the seed typed in, Start; whatever screen comes up first."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    for field in app.screen.query(Input):
        field.cursor_blink = False
    app.screen.query_one("#seed", Input).value = str(seed)
    await pilot.press("enter")
    await settle(app, pilot)


async def play_first_legal(app: BiscaApp, pilot: Pilot, t: TableScreen) -> None:
    v = t.session.view(0)
    legal = [a for a in v.legal if A.is_play(a)]
    await pilot.press(str(t.sorted_hand(v).index(legal[0]) + 1))
    await settle(app, pilot)


async def signal_if_possible(app: BiscaApp, pilot: Pilot, t: TableScreen) -> bool:
    """Send the first signal offered, if any; a signal costs no turn."""
    if not any(A.is_signal(a) for a in t.session.view(0).legal):
        return False
    await pilot.press("s")
    await pilot.pause()
    if not isinstance(app.screen, SignalScreen):
        return False
    await pilot.press("enter")
    await pilot.pause()
    return True


# ----- the scenes ----------------------------------------------------------------------


async def scene_start(app: BiscaApp, pilot: Pilot) -> None:
    await pilot.pause()


async def scene_two(app: BiscaApp, pilot: Pilot) -> None:
    t = await start(app, pilot, 42)
    for _ in range(3):
        await play_first_legal(app, pilot, t)


async def scene_four(app: BiscaApp, pilot: Pilot) -> None:
    t = await start(app, pilot, 42)
    if t.session.state.phase == CUT_OR_KNOCK:
        await pilot.press("c")
        await settle(app, pilot)
    await play_first_legal(app, pilot, t)


async def scene_six(app: BiscaApp, pilot: Pilot) -> None:
    """Two tricks in, signalling whenever our hand allows it: partners answer in the feed."""
    t = await start(app, pilot, 42)
    for _ in range(2):
        await signal_if_possible(app, pilot, t)
        await play_first_legal(app, pilot, t)
    await signal_if_possible(app, pilot, t)


async def scene_rules(app: BiscaApp, pilot: Pilot) -> None:
    await start(app, pilot, 42)
    await pilot.press("f1")
    await pilot.pause()
    if not isinstance(app.screen, RulesScreen):
        raise RuntimeError("the rules panel did not open")
    await pilot.pause(0.2)


async def scene_summary(app: BiscaApp, pilot: Pilot) -> None:
    t = await start(app, pilot, 42)
    for _ in range(100):
        if isinstance(app.screen, DealSummaryScreen):
            break
        await play_first_legal(app, pilot, t)
    if not isinstance(app.screen, DealSummaryScreen):
        raise RuntimeError("the deal never ended")


async def scene_sueca_three(app: BiscaApp, pilot: Pilot) -> None:
    """Sueca for three, two tricks in: the dummy's cards lie open opposite its dealer."""
    t = await start(app, pilot, 7)
    for _ in range(2):
        await play_first_legal(app, pilot, t)


async def scene_sueca_five(app: BiscaApp, pilot: Pilot) -> None:
    """Sueca for five: the bots have bid, the person's bid dialog is open."""
    await start_form(app, pilot, 11)
    for _ in range(50):
        if isinstance(app.screen, BidScreen):
            break
        await pilot.pause(0.05)
    else:
        raise RuntimeError("the bidding dialog never opened")


async def scene_chiamata_bidding(app: BiscaApp, pilot: Pilot) -> None:
    """Briscola Chiamata: the person, eldest, opens the bidding from the list of bids."""
    await start_form(app, pilot, 5)
    for _ in range(50):
        if isinstance(app.screen, BidListScreen):
            return
        await pilot.pause(0.05)
    raise RuntimeError("the bidding dialog never opened")


async def scene_chiamata_table(app: BiscaApp, pilot: Pilot) -> None:
    """Briscola Chiamata, five seats: the person passes, a bot wins the bidding and calls,
    and two tricks are played."""
    await start_form(app, pilot, 5)
    tricks = 0
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, BidListScreen):
            await pilot.press("enter")  # pass
            await settle(app, pilot)
            continue
        if isinstance(screen, DealSummaryScreen):
            await pilot.press("enter")  # everyone passed: the same dealer deals again
            await settle(app, pilot)
            continue
        t = table(app)
        st = t.session.state
        if tricks >= 2 and not st.trick:
            return
        if st.phase == PLAY and t.session.is_human(st.current):
            before = len(st.tricks)
            await play_first_legal(app, pilot, t)
            tricks += len(st.tricks) - before
        else:
            await settle(app, pilot)
    raise RuntimeError("the Chiamata deal never got going")


async def scene_new_game(app: BiscaApp, pilot: Pilot) -> None:
    """The new game form, Briscola chosen for three, one seat a person at this keyboard."""
    from textual.widgets import Select

    from bisca_tui.tui.screens.newgame import NewGameScreen

    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    if not isinstance(app.screen, NewGameScreen):
        raise RuntimeError("the new game form did not open")
    for field in app.screen.query(Input):
        field.cursor_blink = False
    app.screen.query_one("#players", Select).value = 3
    await pilot.pause()
    await pilot.pause()


async def scene_palette(app: BiscaApp, pilot: Pilot) -> None:
    """At the table, ctrl+p: the command palette, narrowed to the bots' pace."""
    from textual.command import CommandList, CommandPalette

    await start(app, pilot, 42)
    await pilot.press("ctrl+p")
    await pilot.pause()
    if not isinstance(app.screen, CommandPalette):
        raise RuntimeError("the command palette did not open")
    await pilot.press(*"speed")
    commands = app.screen.query_one(CommandList)
    for _ in range(100):
        if commands.option_count >= 4:
            return
        await pilot.pause(0.02)
    raise RuntimeError("the palette found no commands")


async def scene_brisca(app: BiscaApp, pilot: Pilot) -> None:
    """Spanish Brisca in its own pack: the exchange announced, its card under the stock."""
    t = await start(app, pilot, 19)
    if A.EXCHANGE in t.session.view(0).legal:
        await pilot.press("x")
        await settle(app, pilot)
    await play_first_legal(app, pilot, t)


async def fill_history(app: BiscaApp, pilot: Pilot) -> None:
    """Forty matches of seeded bots on fixed days, kept in the app's history."""
    from bisca_tui.history.sample import demo_entries

    await pilot.pause()
    store = app.history.store()
    assert store is not None
    store.write_many(demo_entries(40))


async def scene_statistics(app: BiscaApp, pilot: Pilot) -> None:
    await fill_history(app, pilot)
    await pilot.press("s")
    await pilot.pause()
    await pilot.pause()


async def scene_past_matches(app: BiscaApp, pilot: Pilot) -> None:
    await fill_history(app, pilot)
    await pilot.press("h")
    await pilot.pause()
    await pilot.press("down", "down", "enter")  # a match's deals, to replay one
    await pilot.pause()


async def scene_hint(app: BiscaApp, pilot: Pilot) -> None:
    """Bisca de Três, two tricks in: h, and the coach's hint in the side panel."""
    app.coach_samples = 24  # the search by a fixed number of deals: the picture repeats
    t = await start(app, pilot, 42)
    for _ in range(2):
        await play_first_legal(app, pilot, t)
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    if t.coach.advice is None:
        raise RuntimeError("no hint came")


async def scene_review(app: BiscaApp, pilot: Pilot) -> None:
    """Sueca, the first legal card played every time: the review of the deal, on its
    second marked decision."""
    from bisca_tui.tui.screens.review import ReviewScreen

    app.coach_samples = 8
    t = await start(app, pilot, 1)
    for _ in range(100):
        if isinstance(app.screen, DealSummaryScreen):
            break
        await play_first_legal(app, pilot, t)
    await pilot.press("r")
    await app.workers.wait_for_complete()
    await pilot.pause()
    if not isinstance(app.screen, ReviewScreen) or app.screen.review is None:
        raise RuntimeError("the review did not open")
    await pilot.press("n")
    await pilot.pause()


async def beliefs_of_deal(app: BiscaApp, pilot: Pilot, seed: int, trick: int) -> None:
    """Hard bots, searching a fixed number of sampled deals rather than for a time (the
    picture repeats), the first legal card played every time; then b on the deal's summary
    and a bot's decision from trick ``trick`` on, one where its search preferred another
    card than the one it chose if there is one."""
    from bisca_tui.bots.pimc import PimcBot
    from bisca_tui.tui.screens.beliefs import BeliefsScreen

    app.coach_samples = 16
    t = await start(app, pilot, seed)
    for bot in t.session.bots.values():
        if isinstance(bot, PimcBot):
            bot.budget_ms, bot.min_samples, bot.max_samples = 1e9, 16, 16
    for _ in range(100):
        if isinstance(app.screen, DealSummaryScreen):
            break
        await play_first_legal(app, pilot, t)
    await pilot.press("b")
    await app.workers.wait_for_complete()
    await pilot.pause()
    b = app.screen
    if not isinstance(b, BeliefsScreen) or not b.final or not b.beliefs:
        raise RuntimeError("the beliefs did not open")
    await pilot.press("s", "s")  # the first bot's decisions
    later = [k for k, d in enumerate(b.shown()) if d.trick >= trick]
    preferred = [k for k in later if b.shown()[k].best not in (None, b.shown()[k].chosen)]
    b.index = (preferred or later or [0])[0]
    await pilot.pause()


async def scene_beliefs_bisca(app: BiscaApp, pilot: Pilot) -> None:
    """Bisca de Três against a hard bot: what it believed of the cards it could not see."""
    await beliefs_of_deal(app, pilot, 42, 8)


async def scene_beliefs_sueca(app: BiscaApp, pilot: Pilot) -> None:
    """Sueca with hard bots: what the bot on the left believed of the three other hands."""
    await beliefs_of_deal(app, pilot, 1, 3)


async def scene_replay(app: BiscaApp, pilot: Pilot) -> None:
    """A shipped record of Briscola Chiamata in the replay viewer (``bisca-tui replay FILE
    --tui``): every hand open, three tricks and a card into the first deal."""
    name = "chiamata.json"
    record = load_record(EXAMPLES / name)
    await pilot.pause()
    app.push_screen(ReplayScreen(record, source=name))
    await pilot.pause()
    await pilot.press("down", "down", "down", "right")
    await pilot.pause()


async def scene_sueca(app: BiscaApp, pilot: Pilot) -> None:
    t = await start(app, pilot, 42)
    for _ in range(2):
        await play_first_legal(app, pilot, t)


# name -> (game preselected in the form, scene)
SCENES: dict[str, tuple[str | None, Scene]] = {
    "start": (None, scene_start),
    "table-2-players": ("bisca-3", scene_two),
    "table-4-players": ("bisca-capixaba", scene_four),
    "table-6-players": ("bisca-6", scene_six),
    "rules": ("bisca-3", scene_rules),
    "deal-summary": ("bisca-3", scene_summary),
    "table-sueca-3": ("sueca-3", scene_sueca_three),
    "bidding-sueca-5": ("sueca-5", scene_sueca_five),
    "bidding-chiamata": ("chiamata", scene_chiamata_bidding),
    "table-chiamata": ("chiamata", scene_chiamata_table),
    "table-brisca": ("brisca", scene_brisca),
    "command-palette": ("bisca-3", scene_palette),
    "new-game": ("briscola", scene_new_game),
    "replay-viewer": ("chiamata", scene_replay),
    "statistics": (None, scene_statistics),
    "past-matches": (None, scene_past_matches),
    "hint": ("bisca-3", scene_hint),
    "review": ("sueca", scene_review),
    "beliefs-bisca": ("bisca-3", scene_beliefs_bisca),
    "beliefs-sueca": ("sueca", scene_beliefs_sueca),
    "table-sueca-pt": ("sueca", scene_sueca),
    "table-chiamata-it": ("chiamata", scene_chiamata_table),
    "table-brisca-es": ("brisca", scene_brisca),
}
# the pictures drawn in another language than English
LANGUAGE_OF = {"table-sueca-pt": "pt", "table-chiamata-it": "it", "table-brisca-es": "es",
               "room-lobby-pt": "pt", "room-lobby-it": "it", "room-lobby-es": "es"}
# the pictures whose bots are not the form's default level
LEVEL_OF = {"beliefs-bisca": "hard", "beliefs-sueca": "hard"}
# the pictures taken at another size than --size: the beliefs at the smallest the table takes
SIZE_OF = {"beliefs-bisca": (80, 24), "beliefs-sueca": (80, 24)}
# the card room's lobby (``bisca-tui join ROOM``), in each language
ROOM_PICTURES = ("room-lobby", "room-lobby-pt", "room-lobby-it", "room-lobby-es")


# ----- the card room's lobby -------------------------------------------------------------


async def room_lobby(size: tuple[int, int]) -> str:
    """A room on loopback with a few people: Rui's rated Sueca and Eva's Briscola (Eva a
    guest) open, a leaderboard with two players and the bots, a line of chat; Ana comes in
    with a key and asks for a quick match of Sueca. Its picture, as an SVG."""
    room = Room(SqliteRoom(":memory:"))
    rate(room.store.ratings, "sueca", [["Rui", "Marta"], ["Ana", "Zé"]], [1, 2])
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_room(room, ready=ready.set_result))
    port = await ready
    people: list[RoomClient | Client] = []

    async def table(name: str, key: bool, variant: str, **fields: object) -> None:
        client = await RoomClient.enter("127.0.0.1", port, name,
                                        Identity.in_folder(Path(data) / name) if key else None)
        client.open(variant, **fields)
        seated = await client.table(await client.go())
        await seated.sit(0)
        people.extend([client, seated])

    with tempfile.TemporaryDirectory() as data:
        await table("Rui", True, "sueca", rated=True, people=2)
        await table("Eva", False, "briscola", people=2)
        people[0].send({"type": "chat", "text": "boa tarde! alguém para uma sueca?"})
        app = RoomApp("127.0.0.1", port, "Ana", Identity.in_folder(Path(data) / "Ana"),
                      data_directory=data)
        app.where = "cards.example.org:7342"
        async with app.run_test(size=size) as pilot:
            while not (app.room.entered and len(app.room.tables) == 2
                       and app.room.board and app.room.chat):
                await asyncio.sleep(0.01)
            await pilot.press("n")
            while app.room.waiting is None:
                await asyncio.sleep(0.01)
            await pilot.pause()
            svg = app.export_screenshot()
            await pilot.press("q")
    for client in people:
        await client.close()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return svg


# ----- pictures ------------------------------------------------------------------------


ASSETS = HERE.parent / "assets"
FONT_DIR = ASSETS / "fonts"
FONT_FAMILY = "DejaVu Sans Mono"
FONT_FILES = {400: "DejaVuSansMono.ttf", 700: "DejaVuSansMono-Bold.ttf"}
# Rich lays the terminal out in cells of 12.2 x 24.4 px. DejaVu Sans Mono advances 0.602 em
# and its box-drawing glyphs run 1.164 em from top to bottom: at 20.96 px they join from one
# line to the next, and each run of text is narrowed by CELL_FIT to keep 12.2 px cells.
CELL_WIDTH, LINE_HEIGHT = 12.2, 24.4
ADVANCE, FULL_HEIGHT = 0.60205, 1.16406
FONT_SIZE = LINE_HEIGHT / FULL_HEIGHT
CELL_FIT = CELL_WIDTH / (ADVANCE * FONT_SIZE)

_FONT_FACES = re.compile(r"@font-face \{.*?\}\s*(?=\.terminal)", re.S)
_TEXT_AT = re.compile(r'(<text class="terminal(?:-\d+)?-r\d+") x="([\d.]+)" y="([\d.]+)"')
_LINE_CLIP = re.compile(r' clip-path="url\(#terminal(?:-\d+)?-line-\d+\)"')


def with_font(svg: str, font_url: str) -> str:
    """Textual's SVG drawn with the shipped DejaVu Sans Mono instead of Fira Code fetched from
    the web: the font is pointed at (``font_url``: the fonts folder as the SVG sees it), the
    text sized so box-drawing lines join, leading spaces kept for librsvg, and each run of
    text narrowed onto Rich's cells (librsvg ignores ``textLength``)."""
    faces = "".join(
        f'@font-face {{ font-family: "{FONT_FAMILY}"; font-weight: {weight}; '
        f'src: local("{FONT_FAMILY}"), url("{font_url}/{name}") format("truetype"); }}\n    '
        for weight, name in FONT_FILES.items())
    svg, found = _FONT_FACES.subn(faces, svg, count=1)
    if not found:
        raise RuntimeError("Textual's SVG no longer has the font faces expected")
    svg = svg.replace("<svg ", '<svg xml:space="preserve" ', 1)
    svg = svg.replace("font-family: Fira Code, monospace;",
                      f'font-family: "{FONT_FAMILY}", monospace;', 1)
    svg = svg.replace("font-size: 20px;", f"font-size: {FONT_SIZE:.3f}px;", 1)

    def narrowed(m: re.Match[str]) -> str:
        x = float(m.group(2)) / CELL_FIT
        return f'{m.group(1)} x="{x:.2f}" y="{m.group(3)}" transform="scale({CELL_FIT:.5f} 1)"'

    svg = _TEXT_AT.sub(narrowed, svg)
    # a line's clip would cut the tops of the glyphs that join it to the line above
    return _LINE_CLIP.sub("", svg)


def font_config(folder: Path) -> Path:
    """A fontconfig file that adds the shipped fonts to the system's, for librsvg."""
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{escape(str(FONT_DIR))}</dir>\n"
        f"  <cachedir>{escape(str(folder / 'cache'))}</cachedir>\n</fontconfig>\n",
        encoding="utf-8")
    return conf


def write_png(svg_path: Path) -> Path | None:
    converter = shutil.which("rsvg-convert")
    if converter is None:
        return None
    png = svg_path.with_suffix(".png")
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "FONTCONFIG_FILE": str(font_config(Path(folder)))}
        subprocess.run([converter, "-o", str(png), str(svg_path)], check=True, env=env)
    return png


async def shoot(name: str, size: tuple[int, int], out: Path) -> list[Path]:
    lang.use(LANGUAGE_OF.get(name, lang.DEFAULT))
    if name in ROOM_PICTURES:
        svg = await room_lobby(size)
    else:
        variant, scene = SCENES[name]
        with tempfile.TemporaryDirectory() as data:
            app = BiscaApp(bot_delay=0, data_directory=data, variant=variant,
                           default_bot_level=LEVEL_OF.get(name))
            async with app.run_test(size=SIZE_OF.get(name, size),
                                    notifications=True) as pilot:
                await scene(app, pilot)
                await pilot.wait_for_scheduled_animations()
                await pilot.pause()
                svg = app.export_screenshot()
                app.workers.cancel_all()
    lang.use(lang.DEFAULT)
    svg_path = out / f"{name}.svg"
    font_url = Path(os.path.relpath(FONT_DIR, out.resolve())).as_posix()
    svg_path.write_text(with_font(svg, font_url), encoding="utf-8")
    written = [svg_path]
    png = write_png(svg_path)
    if png is not None:
        written.append(png)
    return written


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=parse_size, default=SIZE, help="terminal size, e.g. 110x34")
    p.add_argument("--only", nargs="*", choices=[*SCENES, *ROOM_PICTURES],
                   help="pictures to redo")
    p.add_argument("--out", type=Path, default=HERE, help="folder to write into")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or [*SCENES, *ROOM_PICTURES]:
        for path in asyncio.run(shoot(name, args.size, args.out)):
            print(path)
    if shutil.which("rsvg-convert") is None:
        print("rsvg-convert not found: SVG only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
