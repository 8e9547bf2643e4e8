"""The table page's socket: pushes of the live partials (games.page) and moves sent over it.

- ``consumers`` — the websocket consumers (a table page, the lobby) and ``routing`` their paths.
- ``push_diff`` — one viewer's partials for one state of the table, shared by alike pages, and
  what a page shows, so that a push sends only the fragments that changed.
- ``render_digests`` — the digests of what a skippable partial reads.
- ``socket_moves`` — a move sent over the socket, made through games.tables.moves_in.
- ``socket_session`` and ``socket_limits`` — the session checks and rate limits of a socket;
  ``session_moves`` — a socket following its player to a new session (a guest who signs up).
"""
