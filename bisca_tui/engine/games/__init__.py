"""The games that live in a file of their own: one module per game.

Adding a game that reuses the engine's phases is one module here plus its rules page
(``bisca_tui/rules/<id>.md``; without one the rules panel builds a page from the game's
data). The module defines a ``Variant`` subclass, its data and phase objects, and registers
it with ``@register``; nothing else lists it. The engine imports every module of this
package, in the order of their names, when it first looks a game up or lists the games
(``variant._load_all``), and ``all_variants`` lists the game after the one its
``listed_after`` names, else after the last game of its family.
"""
