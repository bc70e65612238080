"""Playing together from different machines: a host that holds the match and is its only
authority (``host``, holding its ``places``, ``entrance`` and ``outbox``, with ``hostfiles``
and ``pool``), the line protocol it speaks (``protocol``, docs/network-protocol.md), the
``bisca-tui host`` command (``hosting``, ``hostlog``, ``addresses``) and its SSH door
(``door``), a client without a screen (``client``) for tests and benchmarks, and what the
joining table (``bisca_tui.join``) reads the host's messages into: the engine's own views
and events (``mirror``), the match as the client knows it (``remote``), over a connection
that comes back by itself after a drop (``link``).

Nothing here draws anything: no textual, no rich.
"""
