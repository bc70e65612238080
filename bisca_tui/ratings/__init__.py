"""Ratings: each player's skill per game, rated after every rated match (OpenSkill's
Weng-Lin model, for sides of any size), kept behind one small store, with the bots' levels
at fixed ratings taken from the ladder."""
