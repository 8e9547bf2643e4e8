"""The server processes set Python's garbage collector for a long run (tarokk_site.collector):
what start-up made is frozen out of the collector's sight and the young generation is
collected every 10 000 allocations."""

from __future__ import annotations

import gc

from tarokk_site import collector
from tests.web.helpers import run_in_a_site_process


def test_tune_freezes_what_exists_and_sets_the_thresholds():
    before = gc.get_threshold()
    try:
        collector.tune()
        assert gc.get_threshold() == collector.THRESHOLDS == (10_000, 10, 10)
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_web_process_tunes_it_once_started(tmp_path):
    """The ASGI application (what Daphne loads, embedded and in production)."""
    code = "import gc, tarokk_site.asgi; print(gc.get_threshold(), gc.get_freeze_count() > 1000)"
    assert run_in_a_site_process(code, tmp_path) == "(10000, 10, 10) True"
