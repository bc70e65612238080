"""The Textual card table. The engine and the bots never import this package."""
