"""The one reader of numbers and tokens that come from outside: form fields, query strings,
socket frames and hand files. Every app's doors (games, accounts, the language switch) read
through it, so it lives with the site's other request hardening (limits, origins, csrf).

Each reader checks the text's length before converting it (Python's ``int()`` refuses past
4,300 digits with a ValueError the views did not expect), takes ASCII digits only (``"٣".isdigit()``
and ``int("١٢")`` accept other scripts' digits, which no form writes), and refuses with
``BadInput``: a ValueError whose message names the field, in the request's language, which the
views answer as a 400 (games.requests.whole_field turns it into the site's refusal). Tokens are
ASCII only and compared as bytes: ``secrets.compare_digest`` raises TypeError on a str that is
not ASCII."""

from __future__ import annotations

import re
import secrets
from itertools import accumulate
from typing import Any

from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

# No number the site reads comes near this; past it a database column would overflow.
LARGEST = 2**31 - 1
# The longest text read as a whole number: "-2147483648" and some spaces around it. Longer text
# is refused before any conversion.
LONGEST_NUMBER = 20
# How much of a refused value its message quotes (a 100 KB value is not echoed back).
QUOTED = 40

_WHOLE = re.compile(r"-?[0-9]+")  # [0-9], not \d: ASCII digits only
_TOKEN = re.compile(r"[!-~]*")  # printable ASCII, no spaces or control characters
# A JSON string (its escapes included), and the brackets left once strings are taken out.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_JSON_BRACKETS = re.compile(r"[][{}]")


class BadInput(ValueError):
    """A value sent from outside that the site cannot read; ``field`` names it, the message
    (translated) says why. Nothing was changed."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def shown(raw: Any) -> Any:
    """``raw`` as a refusal quotes it (``%r``): a long text cut short."""
    if isinstance(raw, str) and len(raw) > QUOTED:
        return raw[:QUOTED] + "…"
    return raw


def whole_number(raw: Any, field: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """The whole number ``raw`` is: its plain decimal writing ("12", " -3 "), or an int (a JSON
    number); ``BadInput`` naming ``field`` for anything else (missing, blank, too long, a bool,
    "1.5", "1e9", "１", "٣") and for a number outside ``lo``..``hi`` (unbounded: ±``LARGEST``)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise BadInput(field, _("%(field)s is required") % {"field": field})
    if isinstance(raw, int) and not isinstance(raw, bool):
        number = raw
    elif isinstance(raw, str) and len(raw) <= LONGEST_NUMBER and _WHOLE.fullmatch(raw.strip()):
        number = int(raw.strip())
    else:
        raise BadInput(
            field,
            _("%(field)s must be a whole number, not %(value)r") % {"field": field, "value": shown(raw)},
        )
    if lo is not None and number < lo:
        raise BadInput(
            field,
            _("%(field)s must be at least %(least)s, not %(value)s")
            % {"field": field, "least": lo, "value": number},
        )
    if hi is not None and number > hi:
        raise BadInput(
            field,
            _("%(field)s must be at most %(most)s, not %(value)s")
            % {"field": field, "most": hi, "value": number},
        )
    if abs(number) > LARGEST:
        # str() of a huge int would meet the same 4,300-digit limit as int(): not quoted then.
        value = number if number.bit_length() <= 256 else "…"
        raise BadInput(field, _("%(field)s is too large: %(value)s") % {"field": field, "value": value})
    return number


def token(raw: str | None, field: str, max_len: int) -> bytes:
    """A secret token as sent (a link's ``?invite=``): its bytes, b"" when missing or blank;
    ``BadInput`` naming ``field`` when it is longer than ``max_len`` or is not printable ASCII
    (no token the site makes is)."""
    if raw is None:
        return b""
    text = raw.strip()
    if len(text) > max_len or not text.isascii() or not _TOKEN.fullmatch(text):
        raise BadInput(field, _("%(field)s is not a valid link: ask for a new one") % {"field": field})
    return text.encode("ascii")


def same_token(given: bytes, expected: str) -> bool:
    """Whether the token sent (``token()``'s bytes) is ``expected``, compared in constant time;
    an empty one never is."""
    return bool(given) and secrets.compare_digest(given, expected.encode("utf-8"))


def local_path(raw: str | None, host: str, secure: bool = False) -> str:
    """A ``next=`` page to go on to: ``raw`` when it is a path of this site, else "/". A bare
    word ("inf") would be taken for a view name by ``redirect()``, and a control character (a
    newline) cannot go into the Location header: both failed (500)."""
    target = raw or "/"
    unsafe = not target.startswith("/") or any(ord(c) < 32 or ord(c) == 127 for c in target)
    if unsafe or not url_has_allowed_host_and_scheme(target, allowed_hosts={host}, require_https=secure):
        return "/"
    return target


def json_depth(text: str) -> int:
    """How deep the JSON ``text``'s lists and objects go inside one another (its brackets,
    outside its strings), counted without parsing it: ``json.loads`` recurses once per level
    and raises RecursionError (no ValueError) past about a thousand, so a text from outside is
    measured first (a socket frame, a hand file)."""
    brackets = _JSON_BRACKETS.findall(_JSON_STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)
