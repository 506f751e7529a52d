"""The server's routes, a module per concern, each built over one server's :class:`Context`
by ``create_app``: ``games`` (what the server offers), ``matches`` (a match over REST),
``replays``, ``socket`` (the match WebSocket), ``web`` (the client's files) and
``refusals`` (every error in the documented shape); ``messages`` is the path a player's
message takes, over REST and the socket alike. The highscore list and profiles are
``server.standings``."""
