"""The card table without a screen: a match in play with its bots (``session``), who sits
where and how a seat is read back (``seats``), the record and history entry it makes
(``recording``), its save files (``save``), its settings (``settings``) and the turn loop
that drives it (``loop``). Nothing here imports the user interface: the app and the tests
drive the same table.

This package imports nothing on its own, so that the app can read the settings without
loading the engine.
"""
