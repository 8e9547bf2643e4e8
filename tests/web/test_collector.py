"""The server processes set Python's garbage collector for a long run (tarokk_site.collector):
what start-up made is frozen out of the collector's sight and the young generation is
collected every 10 000 allocations."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from tarokk_site import collector


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
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tarokk_site.settings",
        "TAROKK_ROBOT_RUNNER": "off",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    code = "import gc, tarokk_site.asgi; print(gc.get_threshold(), gc.get_freeze_count() > 1000)"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(10000, 10, 10) True"
