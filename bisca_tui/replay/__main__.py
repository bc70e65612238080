"""``python -m bisca_tui.replay FILE``: the replay command on its own."""

import sys

from . import main

raise SystemExit(main(sys.argv[1:]))
