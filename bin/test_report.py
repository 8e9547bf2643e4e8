"""The closing report of bin/test, from the pytest runs' JUnit files (test-artifacts/junit/):
the time of each phase, the 30 slowest tests, the tests skipped in every run that collected
them (never run at all), and one closing line 'N passed, N failed, N skipped'.

Usage: test_report.py PHASES_FILE JUNIT...   (PHASES_FILE: lines 'name seconds exit-status')
With CI=true a test that no run executed (skipped wherever it was collected: a missing service,
a missing program) fails the report: CI cannot pass by skipping.
Exit status: 0, or 1 when a report is missing or unreadable, or (CI) a test never ran.
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

SLOWEST = 30


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def main(phases_file: str, paths: list[str]) -> int:
    status = 0
    tests = failed = skipped = 0  # failed: failed tests, and phases that failed without one
    durations: list[tuple[float, str]] = []
    outcomes: dict[str, set[str]] = defaultdict(set)  # test id -> {"ran", "skipped"}
    skips: dict[str, int] = defaultdict(int)  # test id -> times skipped
    failed_in: dict[str, int] = defaultdict(int)  # phase -> failures and errors its report counts
    unreadable: set[str] = set()
    skip_reasons: dict[str, str] = {}
    for path in paths:
        phase = Path(path).stem
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError):
            print(f"report: {path} is missing or unreadable: that run did not pass")
            failed += 1
            unreadable.add(phase)
            status = 1
            continue
        for suite in root.iter("testsuite"):
            tests += int(suite.get("tests", 0))
            failures = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            failed_in[phase] += failures
            skipped += int(suite.get("skipped", 0))
        for case in root.iter("testcase"):
            test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
            durations.append((float(case.get("time", 0) or 0), f"{phase}: {test_id}"))
            skip = case.find("skipped")
            # An expected failure (xfail) ran: JUnit files it under "skipped" with this type.
            if skip is not None and skip.get("type") != "pytest.xfail":
                outcomes[test_id].add("skipped")
                skips[test_id] += 1
                skip_reasons[test_id] = skip.get("message", "")
            else:
                outcomes[test_id].add("ran")

    print()
    print("=== phases ===")
    total = 0.0
    for line in Path(phases_file).read_text().splitlines():
        name, seconds, code = line.split()
        total += float(seconds)
        # a check, a run that could not start or ran nothing: a failure no report counts
        if code != "0" and not failed_in[name] and name not in unreadable:
            failed += 1
            status = 1
        print(f"{name:24} {minutes(float(seconds)):>7}  {'ok' if code == '0' else 'FAILED'}")
    print(f"{'all':24} {minutes(total):>7}")

    print()
    print(f"=== the {SLOWEST} slowest tests ===")
    for seconds, name in sorted(durations, reverse=True)[:SLOWEST]:
        print(f"{seconds:8.2f} s  {name}")

    never_ran = sorted(t for t, seen in outcomes.items() if seen == {"skipped"})
    if never_ran:
        print()
        print(f"=== {len(never_ran)} tests skipped in every run that collected them ===")
        for test_id in never_ran:
            print(f"  {test_id}: {skip_reasons.get(test_id, '')}")
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            print("report: CI=true: a test that never ran fails the run (a missing service or program)")
            moved = sum(skips[t] for t in never_ran)
            failed, skipped, tests = failed + moved, skipped - moved, tests - moved
            status = 1

    failed_tests = sum(failed_in.values())
    passed = tests - failed_tests - skipped
    print()
    print(f"{passed} passed, {failed + failed_tests} failed, {skipped} skipped")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
