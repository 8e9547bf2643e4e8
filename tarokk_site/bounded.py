"""What a process keeps in memory to spare work, bounded: a map of at most ``size`` entries that
lets the least recently used go first, safe across threads. The one mechanism behind every
in-process cache of the site (the replayed states, the matches shown, the hands a move writes in
one statement, the tables a push reads, the parts of the pages rendered, the robot lines of a
timed hand, ...). Warm state only: nothing here is ever needed for correctness."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_MISSING = object()


class Bounded(Generic[K, V]):
    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a bounded map holds at least one entry, not {size}")  # untranslated: a bug
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value of ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._entries.get(key, _MISSING)
            if value is _MISSING:
                return None
            self._entries.move_to_end(key)
            return value  # type: ignore[return-value]  # not _MISSING

    def __contains__(self, key: K) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._put(key, value)

    def update(self, key: K, change: Callable[[V | None], V]) -> V:
        """Set ``key`` to ``change(its value or None)``, in one step for every thread (keep a
        newer value only: ``change`` returns the one held when it is newer); the value set."""
        with self._lock:
            value = change(self._entries.get(key))
            self._put(key, value)
            return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``, made by ``make`` (outside the lock: two threads may both make
        it, the later one kept) when there is none."""
        with self._lock:
            value = self._entries.get(key, _MISSING)
            if value is not _MISSING:
                self._entries.move_to_end(key)
                return value  # type: ignore[return-value]  # not _MISSING
        made = make()
        self.put(key, made)
        return made

    def pop(self, key: K) -> V | None:
        with self._lock:
            return self._entries.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _put(self, key: K, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
