"""One self-contained package per game. Each exposes ``GAME`` and is found by the registry."""
