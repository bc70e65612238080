"""The card table without a screen: a match in play with its seats and bots (``session``),
its save files (``save``), its settings (``settings``) and the turn loop that drives it
(``loop``). Nothing here imports the user interface: the app, the arena and the tests
all drive the same table.

This package imports nothing on its own, so that the app can read the settings without
loading the engine.
"""
