"""The app's screens: start, new game, table, hand-over, rules, deal and match summaries."""
