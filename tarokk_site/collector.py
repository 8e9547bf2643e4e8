"""Python's cyclic garbage collector, set for a long-running server process.

A server process holds a few hundred thousand long-lived objects (Django and its apps, the
compiled templates, the kept parts of the pushes, the warm tables) and makes a great many
short-lived ones with every move. With Python's default thresholds (700, 10, 10) the
collector ran about 65 times a second in the embedded server of ``bench/load.py`` and took
8 % of its CPU, most of it in full collections walking every long-lived object (13 in 25
seconds). ``tune`` moves what start-up made out of the collector's sight (``gc.freeze``) and
collects the young generation every 10 000 allocations instead of 700: cyclic garbage still
goes, a little later. Reference counting, which frees nearly everything, is not affected.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 10, 10)


def tune() -> None:
    """Freeze what exists now and set ``THRESHOLDS`` (once start-up is done)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
