"""``python -m bisca_tui`` runs the same entry point as ``bisca-tui``."""

from .cli import main

raise SystemExit(main())
