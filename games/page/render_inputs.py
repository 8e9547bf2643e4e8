"""Digests of what a template reads: two renders whose inputs have equal digests are the same
HTML, so the second need not be made (the pushes skip partials by them, games.live; the
board keeps its facts by them, games.page)."""

from __future__ import annotations

import hashlib
import marshal
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.safestring import SafeData

from games.rules.words import Msg


def digest(value: str) -> bytes:
    return hashlib.blake2b(value.encode(), digest_size=16).digest()


class _Opaque(Exception):
    """A value whose text may not say all that a template reads of it (an object)."""


def _canon(value: Any) -> Any:
    """``value`` as plain data whose ``repr`` tells apart every two values a template shows
    differently: safe and lazy text marked as such (a lazy one said in the current language),
    a rules message by what it says, containers in their order (one of nothing but plain data
    as marshal's bytes). Anything else raises ``_Opaque``: its ``repr`` may be an address."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return ("safe", str(value)) if isinstance(value, SafeData) else str(value)
    if isinstance(value, Promise):
        return ("lazy", str(value))
    if isinstance(value, Msg):  # shown as its text says in the current language
        return ("msg", _canon(value._key()))
    if isinstance(value, dict | list | tuple):
        # A part of plain data (most of a view but for a message in it) as marshal writes it, in
        # C; only what holds something else is taken apart here.
        try:
            return ("marshal", marshal.dumps(value, 2))
        except ValueError:
            pass
        if isinstance(value, dict):
            return ("dict", tuple((_canon(k), _canon(v)) for k, v in value.items()))
        return (type(value).__name__, tuple(_canon(v) for v in value))
    raise _Opaque(type(value).__name__)


def inputs_digest(*inputs: Any, language: str | None = None) -> bytes | None:
    """A digest of ``inputs`` with the page's language (``language``, read once for a render by
    the caller; else the active one), or None (render every time) if one of them is opaque.

    Plain data (the rules' views, the seats' rows: dicts, lists, tuples, text, numbers, None,
    of exactly those types) is digested as ``marshal`` writes it, in C: it refuses any other
    type, a subclass too (safe text, a lazy translation), and those go through ``_canon``.
    Version 2 writes no back-references, so equal values are the same bytes."""
    if language is None:
        language = translation.get_language()
    try:
        plain = marshal.dumps((language, inputs), 2)
    except ValueError:
        try:
            return digest(repr((language, _canon(inputs))))
        except _Opaque:
            return None
    return b"m" + hashlib.blake2b(plain, digest_size=16).digest()
