"""bisca-tui: the card table, in a terminal, for the Ace-Ten games of Portugal, Italy and Spain."""

__version__ = "0.1.0"
