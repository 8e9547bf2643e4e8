"""Counts in words, one way for every game and page: "1 card", "2 cards", "3 radelci"."""

from __future__ import annotations

# Nouns whose plural is not the noun and an -s.
IRREGULAR_PLURALS = {"radelc": "radelci", "match": "matches", "penalty": "penalties"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun`` in agreement: "1 card", "0 cards", "2 tricks", "3 radelci"."""
    if count in (1, -1):
        return f"{count} {noun}"
    return f"{count} {many or IRREGULAR_PLURALS.get(noun, noun + 's')}"
