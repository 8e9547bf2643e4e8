"""tarokk_site.bounded: the one bounded map behind the site's in-process caches."""

from __future__ import annotations

import threading

import pytest

from tarokk_site.bounded import Bounded


def test_the_least_recently_used_goes_first():
    kept: Bounded[str, int] = Bounded(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # now the most recently used
    kept.put("c", 3)
    assert ("a" in kept, "b" in kept, "c" in kept) == (True, False, True)
    assert len(kept) == 2 and kept.get("b") is None
    assert kept.pop("a") == 1 and kept.pop("a") is None
    kept.clear()
    assert len(kept) == 0


def test_made_once_even_when_what_is_made_is_none():
    kept: Bounded[str, int | None] = Bounded(4)
    made = []

    def make() -> None:
        made.append(1)

    assert kept.get_or_make("x", make) is None
    assert kept.get_or_make("x", make) is None
    assert made == [1]


def test_an_update_keeps_the_newer_value_in_one_step():
    kept: Bounded[int, tuple[int, str]] = Bounded(4)

    def newer(seq: int, what: str):
        return lambda held: held if held is not None and held[0] > seq else (seq, what)

    assert kept.update(1, newer(5, "five")) == (5, "five")
    assert kept.update(1, newer(3, "three")) == (5, "five")  # older: the held one stays
    assert kept.update(1, newer(7, "seven")) == (7, "seven")


def test_threads_never_see_it_over_its_size():
    kept: Bounded[int, int] = Bounded(50)

    def fill(start: int) -> None:
        for i in range(start, start + 2000):
            kept.put(i, i)
            kept.get_or_make(i - 1, lambda: 0)

    threads = [threading.Thread(target=fill, args=(k * 10_000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kept) == 50


def test_it_holds_at_least_one_entry():
    with pytest.raises(ValueError, match="at least one entry"):
        Bounded(0)
