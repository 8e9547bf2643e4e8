"""A bench's ``--base <commit>``: the same workload run on another commit's code and on this
checkout's, back to back, interleaved, in one invocation, so that a ratio compares like with
like whatever else the machine is doing that day (issue 39, item 5).

How a bench uses it:

- The bench script is always this checkout's (the workload and its measuring do not change
  between the sides); only the code it measures, the ``games`` package, comes from the side's
  tree. A worker process is the script itself, started with the environment variable
  ``BENCH_CODE_ROOT`` naming that tree; the script calls ``use_code_root()`` before it imports
  ``games`` (and imports nothing else of ``bench`` after it, since ``bench`` is a namespace
  package that the base tree's ``bench/`` would then join).
- ``base_tree(commit)`` checks the commit out into a temporary detached git worktree (``git
  worktree add --detach``) and removes it afterwards.
- ``interleaved(sides, rounds)`` runs each side's worker command once per round, the sides'
  order alternating from round to round (A B, B A, A B, ...), each in a fresh process, and
  gathers what each printed as its last line of JSON.
- ``ratio_line`` and ``median`` summarise: each side's median, and the ratio here/base of the
  medians with its spread (the lowest and highest ratio of the rounds, paired round by round).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # this checkout
CODE_ROOT = "BENCH_CODE_ROOT"  # the environment variable naming a worker's tree


def use_code_root() -> Path:
    """Put the worker's tree (``BENCH_CODE_ROOT``, else this checkout) first on ``sys.path``, so
    that ``import games`` finds that tree's code. Call it before anything imports ``games``."""
    root = Path(os.environ.get(CODE_ROOT) or ROOT).resolve()
    if "games" in sys.modules:
        raise RuntimeError("games was imported before the code root was chosen")  # untranslated: bench
    sys.path.insert(0, str(root))
    return root


def resolve(commit: str) -> str:
    """The commit's full hash (``git rev-parse``), or CalledProcessError for an unknown name."""
    return subprocess.run(
        ["git", "rev-parse", "--verify", f"{commit}^{{commit}}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def describe(commit: str) -> str:
    """``abc1234 subject`` of a commit, for a report's first lines."""
    return subprocess.run(
        ["git", "log", "-1", "--format=%h %s", commit], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()[:100]


def here_commit() -> str:
    """This checkout's HEAD, with ``+changes`` when its tracked files differ from it."""
    head = describe("HEAD").split(" ", 1)[0]
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=ROOT).returncode != 0
    return head + ("+changes" if dirty else "")


@contextlib.contextmanager
def base_tree(commit: str) -> Iterator[Path]:
    """The commit checked out (detached) in a temporary git worktree, removed on leaving."""
    full = resolve(commit)
    parent = Path(tempfile.mkdtemp(prefix="bench-base-"))
    tree = parent / full[:10]
    subprocess.run(
        ["git", "worktree", "add", "--detach", "--quiet", str(tree), full],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
        with contextlib.suppress(OSError):
            parent.rmdir()


def run_worker(argv: Sequence[str], code_root: Path | None) -> Any:
    """Run one worker (``argv``, a Python script's arguments after the interpreter) with its
    code from ``code_root`` (None: this checkout), and return its last line parsed as JSON."""
    env = dict(os.environ)
    env.pop(CODE_ROOT, None)
    if code_root is not None:
        env[CODE_ROOT] = str(code_root)
    # The same hash seed on both sides: sets of strings iterate alike from run to run.
    env["PYTHONHASHSEED"] = "0"
    done = subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"worker {argv} on {code_root or ROOT} failed:\n{done.stderr}"  # untranslated: bench
        )
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return json.loads(lines[-1])


def interleaved(
    sides: Mapping[str, Path | None],
    argv: Sequence[str],
    rounds: int,
    progress: bool = True,
) -> dict[str, list[Any]]:
    """Each side's worker results, one per round; the sides alternate which runs first."""
    names = list(sides)
    results: dict[str, list[Any]] = {name: [] for name in names}
    for number in range(rounds):
        order = names if number % 2 == 0 else names[::-1]
        for name in order:
            results[name].append(run_worker(argv, sides[name]))
        if progress:
            print(f"  round {number + 1}/{rounds} done", file=sys.stderr, flush=True)
    return results


def against_bases(commits: Sequence[str], argv: Sequence[str], rounds: int) -> dict[str, list[Any]]:
    """The worker ``argv`` run on each of ``commits`` (each checked out in a temporary worktree)
    and on this checkout ("here", last), ``rounds`` times each, interleaved; the sides named
    ``base <commit>`` and ``here``, each with its results in order. Prints which commit each is."""
    with contextlib.ExitStack() as stack:
        sides: dict[str, Path | None] = {}
        for commit in commits:
            sides[f"base {commit}"] = stack.enter_context(base_tree(commit))
            print(f"base {commit}: {describe(commit)}")
        sides["here"] = None
        print(f"here: {here_commit()}")
        return interleaved(sides, argv, rounds)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def ratio_line(base: Sequence[float], here: Sequence[float], unit: str, digits: int = 1) -> str:
    """``base m1 → here m2 unit, ratio r (lo–hi)``: the medians, the ratio of the medians and
    the lowest and highest ratio of the rounds paired in order."""
    ratios = [h / b for b, h in zip(base, here, strict=True) if b > 0]
    m_base, m_here = median(base), median(here)
    ratio = m_here / m_base if m_base > 0 else float("nan")
    spread = f"{min(ratios):.2f}–{max(ratios):.2f}" if ratios else "n/a"
    return f"base {m_base:.{digits}f} → here {m_here:.{digits}f} {unit}, here/base {ratio:.2f} ({spread})"
