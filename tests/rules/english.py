"""What the rules said, in English: for tests that compare the core's messages with text.

The rules core speaks in ``Msg`` (games.rules.words); a test written against English text
compares ``english(value)``: every message in ``value`` (a log, a view, a receipt line's note)
as its English text, the rest as it is.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from games.rules.base import ScoredItem
from games.rules.words import Msg


def english(value: Any) -> Any:
    """``value`` with every message in it as its English text (tuples stay tuples)."""
    if isinstance(value, Msg):
        return value.english()
    if isinstance(value, ScoredItem):
        return dataclasses.replace(value, note=english(value.note), label=english(value.label))
    if isinstance(value, dict):
        return {key: english(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(english(item) for item in value)
    if isinstance(value, list):
        return [english(item) for item in value]
    return value


def said(value: Any) -> str:
    """``json.dumps``'s ``default`` for a view or log: a message as its English text."""
    if isinstance(value, Msg):
        return value.english()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def spelled(value: Any) -> list[Any]:
    """``json.dumps``'s ``default`` for the card checks: a message as its id and parameters, as
    the rules made it (cheaper than its English text, and stricter: a card id passed to a
    message is scanned as the id, whatever name the message would give it)."""
    if isinstance(value, Msg):
        return [value.text, value.plural, value.context, value.params]
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value: Any) -> str:
    """``value`` (a view, a log) as JSON text, its messages in English: what a card check reads."""
    return json.dumps(value, default=said)
