"""Seats around a table: numbered 0 … seats - 1 in playing order."""

from __future__ import annotations


def in_order(first: int, seats: int) -> list[int]:
    """Every seat in playing order, starting with ``first``."""
    return [(first + i) % seats for i in range(seats)]
