"""A duplicate duel of this checkout's robots against the same level of an earlier commit (issue
37: is a change to the strong robot's search stronger than the search it replaces?).

The earlier commit's ``games/bots`` is taken out of git (``git archive``) into a temporary
folder and imported as a package of its own beside this checkout's (the rules core is this
checkout's: a change to the robots only). Its level is registered for ``games.bots.duel`` as
``<level>@<commit>``; the deals, seatings and figures are the duel's (``duel.play_deal``).

    .venv/bin/python bench/duel_commit.py --variant czech --commit 3dcbdaf --minutes 8

Deals are played in order until ``--deals`` or until ``--minutes`` of wall time have passed
(the deals finished by then are the sample: a count of deals, each played by counted budgets,
so the same deals give the same figures on any machine); ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from functools import partial
from io import BytesIO

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games.bots import LEVELS  # noqa: E402
from games.bots.duel import DealRecord, _summarise, play_deal  # noqa: E402


def load_old(commit: str, level: str) -> str:
    """Register ``level`` as the robots of ``commit`` play it; its name in ``LEVELS``."""
    archive = subprocess.run(
        ["git", "-C", ROOT, "archive", commit, "games/bots"], check=True, capture_output=True
    ).stdout
    folder = tempfile.mkdtemp(prefix="duel-commit-")
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = f"bots_{commit}"
    os.rename(os.path.join(folder, "games", "bots"), os.path.join(folder, package))
    sys.path.insert(0, folder)
    old = importlib.import_module(package)
    name = f"{level}@{commit}"
    LEVELS[name] = old.LEVELS[level]
    return name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    old = load_old(args.commit, args.level)
    job = partial(play_deal, args.variant, args.level, old, args.seed, {})
    started = time.perf_counter()
    deadline = started + 60 * args.minutes
    records: list[DealRecord] = []
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
        pending: set[Future[DealRecord]] = set()
        index = 0
        while True:
            while len(pending) < args.workers and index < args.deals and time.perf_counter() < deadline:
                pending.add(pool.submit(job, index))
                index += 1
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            records += [future.result() for future in done]
    records.sort(key=lambda r: r.index)
    result = _summarise(args.variant, args.level, old, args.seed, args.workers, started, records, {})
    print(result.report())
    cpu = sum(sum(v) for r in records for v in r.times.values())
    print(f"deals {len(records)}, robots' decision time {cpu:.0f} s")  # untranslated: command output


if __name__ == "__main__":
    main()
