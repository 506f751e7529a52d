"""Omringad, the goblin war game (``../shared/specs/omringad.md``). See ``README.md``.

The game is developed against its modules; ``GAME`` is exposed here (and so registered) only
once the rules play to the end."""
