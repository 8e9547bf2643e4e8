"""The room's rule options as people read them (the rules panel), and whether its match is
zero-sum: the same for every push of a room, so worked out once for each game, options and
language."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from django.utils import translation

from games.page.vocabulary import option_value_label
from games.rules import get_variant


def rules_shown(variant_key: str, options: dict[str, Any]) -> tuple[list[tuple[str, str, str]], bool]:
    """``table_rules`` of the room's game and options, and whether its match is zero-sum: the
    same for every push of a room, so worked out once for each game, options and language."""
    return _rules_shown(variant_key, json.dumps(options, sort_keys=True), translation.get_language())


@functools.lru_cache(maxsize=256)
def _rules_shown(
    variant_key: str, options: str, language: str | None
) -> tuple[list[tuple[str, str, str]], bool]:
    variant, given = get_variant(variant_key), json.loads(options)
    return table_rules(variant, given), variant.match_rules(given).zero_sum


def table_rules(variant: Any, options: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The room's rule options as (label, value, option name) for people to read; the name is
    the option's anchor on the game's rules page (games.learn)."""
    rows = []
    for option in variant.options:
        value = options.get(option.name, option.default)
        rows.append((option.label or option.name, option_value_label(value, variant.key), option.name))
    return rows
