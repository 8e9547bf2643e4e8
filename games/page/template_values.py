"""The templates' small helpers on values: numbers (``signed``, ``mul``, ``pow2``), lookups
that never fail (``at``, ``field``) and a move control's ``hx-vals`` (``vals``)."""

from __future__ import annotations

import json
from typing import Any


def vals(action: str, seq: int) -> str:
    return json.dumps({"action": action, "seq": seq})


def at(seq: Any, index: Any) -> Any:
    if seq is None or index is None:
        return None
    try:
        return seq[index]
    except (IndexError, KeyError, TypeError):
        return None


def signed(n: Any) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def mul(a: Any, b: Any) -> Any:
    try:
        return int(a) * int(b)
    except (TypeError, ValueError):
        return ""


def pow2(n: Any) -> int:
    try:
        return 2 ** int(n)
    except (TypeError, ValueError):
        return 1


def field(data: Any, key: str) -> Any:
    """``data[key]``, or None: unlike ``data.key`` in a template, never a dict method
    (``view.items`` on a view without an ``items`` key would be ``dict.items``)."""
    return data.get(key) if isinstance(data, dict) else None
