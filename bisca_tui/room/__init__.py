"""The public card room (``bisca-tui room``): a lobby of open tables, players known by their
keys, ratings and a leaderboard per game, quick matches, and an operator's console."""
