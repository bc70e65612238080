"""Playing together from different machines: a host that holds the match and is its only
authority (``host``, with ``admission``, ``sending``, ``hostfiles`` and ``pool``), the line
protocol it speaks (``protocol``, docs/network-protocol.md), the ``bisca-tui host`` command
(``hosting``, ``hostlog``, ``addresses``), and a client without a screen (``client``) for
tests, benchmarks and the table's ``join``.

Nothing here draws anything: no textual, no rich.
"""
