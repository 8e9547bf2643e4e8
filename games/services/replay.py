"""Replay: a hand's state is a fold of its log over its deal, kept warm in each process.

Each process keeps, per hand, the newest state it knows (``remember``: the writer calls it after
its own commit, with the state it has just computed) and a small cache of states by ``(hand
id, seq)`` for the older positions a check looks back at. Asked for a hand's state at a ``seq``
newer than the one it holds (another process moved since), it reads only the missing actions
and applies them to the state it holds: a full fold from the deal only when it holds nothing
for the hand. A state is only ever remembered once its actions are committed, and the log is
append-only with ``(hand, seq)`` unique, so what is held is never wrong, only possibly behind:
``tests/services/test_warm_table.py`` plays random hands and compares the warm state with a
cold fold after every move.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from games.rules import Deal, HandContext, get_variant
from tarokk_site.bounded import Bounded

_cache: Bounded[tuple[int, int], Any] = Bounded(2048)
# hand id -> (seq, state): hands whose newest state is kept, far more than one process serves at once
_latest: Bounded[int, tuple[int, Any]] = Bounded(4096)
# How states were found, for tests and benchmarks: "hit", "advanced" (caught up by the
# missing actions), "folded" (from the deal).
stats: dict[str, int] = {"hit": 0, "advanced": 0, "folded": 0}


def fold(variant_key: str, deal: Deal, context: HandContext, actions: Iterable[tuple[int, str]]) -> Any:
    """The state after applying ``(seat, action)`` pairs to a fresh hand, validating each."""
    variant = get_variant(variant_key)
    return advance(variant_key, variant.new_hand(deal, context), actions)


def advance(variant_key: str, state: Any, actions: Iterable[tuple[int, str]]) -> Any:
    """``state`` with ``(seat, action)`` pairs applied after it, validating each."""
    variant = get_variant(variant_key)
    return functools.reduce(lambda now, step: variant.apply(now, step[0], step[1]), actions, state)


def state_at(hand: Any, upto: int | None = None) -> Any:
    """The state of ``hand`` after its first ``upto`` actions (all of them by default)."""
    seq = hand.seq if upto is None else min(upto, hand.seq)
    key = (hand.pk, seq)
    cached = _cache.get(key)
    if cached is not None:
        stats["hit"] += 1
        return cached
    latest = _latest.get(hand.pk)
    if latest is not None and latest[0] == seq:
        stats["hit"] += 1
        _cache.put(key, latest[1])
        return latest[1]
    if latest is not None and latest[0] < seq:
        state = _catch_up(hand, latest[0], latest[1], seq)
        if state is not None:
            remember(hand.pk, seq, state)
            return state
    actions = hand.actions.filter(seq__lte=seq).order_by("seq").values_list("seat", "action")
    state = fold(hand.variant, hand.deal_value(), hand.context_value(), actions)
    stats["folded"] += 1
    remember(hand.pk, seq, state)
    return state


def _catch_up(hand: Any, held: int, state: Any, seq: int) -> Any:
    """The state at ``seq`` from the one held at ``held``: the actions between, applied. None if
    the log does not hold exactly those (then the caller folds from the deal)."""
    rows = list(
        hand.actions.filter(seq__gt=held, seq__lte=seq).order_by("seq").values_list("seq", "seat", "action")
    )
    if [row[0] for row in rows] != list(range(held + 1, seq + 1)):
        return None
    stats["advanced"] += 1
    return advance(hand.variant, state, ((seat, action) for _, seat, action in rows))


def current(hand: Any) -> Any:
    return state_at(hand)


def held(hand_id: int) -> tuple[int, Any] | None:
    """The newest ``(seq, state)`` this process holds for a hand, if any: the state a writer
    committed a moment ago, which a robot can choose from without reading the hand again."""
    return _latest.get(hand_id)


def follow(hand_id: int, variant_key: str, seq: int, seat: int, action: str) -> bool:
    """Another process committed ``action`` of ``seat`` as move ``seq`` of a hand (a message
    said so after its commit): if this process holds the state just before it, apply it there,
    so that nothing need be read. True if the state was advanced."""
    held = _latest.get(hand_id)
    if held is None or held[0] != seq - 1:
        return False
    try:
        state = get_variant(variant_key).apply(held[1], seat, action)
    except Exception:  # a message that does not fit what is held: the log is read when needed
        return False
    remember(hand_id, seq, state)
    return True


def remember(hand_id: int, seq: int, state: Any) -> None:
    """Keep a state; call only for committed actions."""
    _cache.put((hand_id, seq), state)
    _latest.update(hand_id, lambda held: held if held is not None and held[0] > seq else (seq, state))


def forget_all() -> None:
    _cache.clear()
    _latest.clear()
