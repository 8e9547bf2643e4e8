"""Run a server process under cProfile, every thread of it: ``python bench/profiled.py OUT.prof
-m daphne ...`` or ``python bench/profiled.py OUT.prof manage.py robots ...``.

``python -m cProfile`` profiles the main thread only, but Daphne runs Django's views and the
consumers' renders in worker threads, and the embedded shape's robots in a thread of their
own. Here every thread started after the profiler gets a profiler of its own
(``threading.setprofile``), and at exit (a SIGTERM, as ``Stack.stop`` sends, ends the program
normally) all of them are merged into one pstats file. Times are each thread's CPU time
(``time.thread_time``), not wall-clock time, so waiting costs nothing in them. Used by
``bench/load.py --profile``; profiling slows a process by half or more, so the figures of a
profiled run are not the bench's.
"""

from __future__ import annotations

import atexit
import cProfile
import pstats
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.main_of import run_as_main  # noqa: E402

profilers: list[cProfile.Profile] = []
lock = threading.Lock()


def _in_new_thread(*args: object) -> None:
    # Called once as the profile hook of a new thread: replace it with a profiler of its own.
    profiler = cProfile.Profile(time.thread_time)
    with lock:
        profilers.append(profiler)
    profiler.enable()


def _dump(path: str) -> None:
    with lock:
        found = list(profilers)
    merged: pstats.Stats | None = None
    for profiler in found:
        try:
            profiler.disable()
            profiler.create_stats()
            merged = pstats.Stats(profiler) if merged is None else merged.add(profiler)
        except Exception:  # noqa: BLE001 - a profiler of a thread still running: skip it
            continue
    if merged is not None:
        merged.dump_stats(path)


def main() -> None:
    path, *command = sys.argv[1:]
    atexit.register(_dump, path)
    # A SIGTERM becomes a normal exit (Daphne and the worker install their own handlers, which
    # replace this one and stop their loops; either way atexit runs).
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    threading.setprofile(_in_new_thread)
    main_profiler = cProfile.Profile(time.thread_time)
    profilers.append(main_profiler)
    main_profiler.enable()
    run_as_main(command)


if __name__ == "__main__":
    main()
