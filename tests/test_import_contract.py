"""The engine, the bots and the coach never import the user interface (textual, rich)."""

import subprocess
import sys


def test_engine_bots_and_coach_do_not_import_textual() -> None:
    code = (
        "import sys\n"
        "import bisca_tui.engine, bisca_tui.engine.records, bisca_tui.bots\n"
        "import bisca_tui.coach, bisca_tui.coach.report, bisca_tui.coach.reasons\n"
        "from bisca_tui.engine import all_variants\n"
        "all_variants()\n"
        "import bisca_tui.bots.base\n"
        "bisca_tui.bots.base.bot_levels()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('bisca_tui.tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "", f"engine/bots/coach pulled in: {out.stdout.strip()}"


def test_import_contract_catches_a_textual_import() -> None:
    """The same probe reports textual when something does import it."""
    code = (
        "import sys, textual\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "print(len(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert int(out.stdout.strip()) > 0
