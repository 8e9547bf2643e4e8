"""The table page of one viewer: what it shows and how it is said.

- ``table`` — what every viewer's render of a room shares (``Table``) and who looks (``Viewer``).
- ``context`` — one viewer's context (``room_context``, typed ``RoomContext``), built only from
  ``observe()``; ``seat_rows``, ``table_rules``, ``controls`` and ``bridge_page`` build its parts.
- ``view_json`` — the same view as ``GET /r/<code>/view.json``.
- ``partials`` — the live partials rendered from a context; ``live_templates`` the one door to the
  Jinja2 templates; ``kept_renders`` the render cache keyed by inputs (``render_inputs``,
  ``view_reads`` say what a part reads).
- Words: ``cards`` (a card's name, face and HTML), ``action_labels``, ``labels`` (the game's
  terms), ``log_lines``, ``vocabulary`` (each game's words), ``receipt_words``, ``why_not``;
  ``template_values`` (small value helpers). ``games.templatetags.tarokk`` registers them for
  the templates.

The socket that pushes these partials is ``games.live``.
"""
