"""Replay: a hand's state is a fold of its log over its deal.

A small per-process cache keyed by ``(hand id, seq)`` saves the fold on hot paths; it is
only ever filled with states whose actions are committed, so it is never required for
correctness (the log is append-only and ``(hand, seq)`` is unique).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from games.rules import Deal, HandContext, get_variant

_CACHE_SIZE = 2048
_cache: OrderedDict[tuple[int, int], Any] = OrderedDict()
_lock = threading.Lock()


def fold(variant_key: str, deal: Deal, context: HandContext, actions: Iterable[tuple[int, str]]) -> Any:
    """The state after applying ``(seat, action)`` pairs to a fresh hand, validating each."""
    variant = get_variant(variant_key)
    return functools.reduce(
        lambda state, step: variant.apply(state, step[0], step[1]),
        actions,
        variant.new_hand(deal, context),
    )


def state_at(hand: Any, upto: int | None = None) -> Any:
    """The state of ``hand`` after its first ``upto`` actions (all of them by default)."""
    seq = hand.seq if upto is None else min(upto, hand.seq)
    key = (hand.pk, seq)
    with _lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    actions = hand.actions.filter(seq__lte=seq).order_by("seq").values_list("seat", "action")
    state = fold(hand.variant, hand.deal_value(), hand.context_value(), actions)
    remember(hand.pk, seq, state)
    return state


def current(hand: Any) -> Any:
    return state_at(hand)


def remember(hand_id: int, seq: int, state: Any) -> None:
    """Cache a state; call only for committed actions."""
    with _lock:
        _cache[(hand_id, seq)] = state
        _cache.move_to_end((hand_id, seq))
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _cache.clear()
