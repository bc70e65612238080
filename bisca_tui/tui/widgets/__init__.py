"""Widgets of the card table, grouped by the area of the screen they draw."""
