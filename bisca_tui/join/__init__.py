"""Joining a table that another machine hosts (``bisca-tui join HOST[:PORT] CODE``): the
places and who holds them (``lobby``), then the card table itself, drawn by the table on one
screen's own code from the views the host sends (``table``), the chat (``chat``), and the
connection kept up through drops (``app``, over ``net.link``).

The host holds the match and decides everything; this client only shows what its seats may
see and sends what its player chooses.
"""
