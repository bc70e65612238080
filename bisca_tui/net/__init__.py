"""Playing together from different machines: a host that holds the match and is its only
authority (``host``), the line protocol it speaks (``protocol``, docs/network-protocol.md),
and a client without a screen (``client``) for tests, benchmarks and the table's ``join``.

Nothing here draws anything: no textual, no rich.
"""
