"""What a writer raises when it turns a request down: nothing was changed, and ``status`` is the
HTTP code the views answer with."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A request the site turns down; nothing was changed. ``status`` is the HTTP code."""

    status = 400

    def __init__(self, message: Any) -> None:
        # The message in the language of the request that was refused: a translated str, a
        # lazy string or a rules core ``Msg`` (turned into text here, while the language is
        # the refused player's).
        message = str(message)
        super().__init__(message)
        self.message = message


class Illegal(Refused):
    """A request the table cannot take (a field missing or out of range, a hand that is over)."""

    status = 400


class RuleRefused(Illegal):
    """A move the rules say no to (an ``IllegalAction``: "You must follow hearts"): well formed,
    but not allowed now (422, Unprocessable Content)."""

    status = 422


class Malformed(Refused):
    """No action at all (the rules' ``UnknownAction``: an unknown word or card)."""

    status = 400


class Forbidden(Refused):
    status = 403


class Stale(Refused):
    status = 409
