"""bin/test's closing report (bin/test_report.py): phases timed, the slowest tests, and under
CI=true no test may pass by being skipped everywhere (a missing service or program)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def junit(path: Path, cases: list[tuple[str, str, float]]) -> None:
    """A JUnit file of ``(name, outcome, seconds)`` cases; outcome: passed, failed, skipped."""
    body = []
    for name, outcome, seconds in cases:
        inner = {
            "failed": '<failure message="boom"/>',
            "skipped": '<skipped message="no redis"/>',
            "xfailed": '<skipped type="pytest.xfail" message="a known gap"/>',
        }
        inner = inner.get(outcome, "")
        body.append(f'<testcase classname="tests.x" name="{name}" time="{seconds}">{inner}</testcase>')
    failures = sum(1 for c in cases if c[1] == "failed")
    skipped = sum(1 for c in cases if c[1] in ("skipped", "xfailed"))
    path.write_text(
        f'<testsuites><testsuite tests="{len(cases)}" failures="{failures}" errors="0" '
        f'skipped="{skipped}">{"".join(body)}</testsuite></testsuites>'
    )


def report(tmp_path: Path, phases: str, ci: bool) -> subprocess.CompletedProcess:
    (tmp_path / "phases.txt").write_text(phases)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    files = sorted(str(p) for p in tmp_path.glob("*.xml"))
    return subprocess.run(
        [sys.executable, str(ROOT / "bin" / "test_report.py"), str(tmp_path / "phases.txt"), *files],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def test_a_test_skipped_in_one_run_and_run_in_another_passes_in_ci(tmp_path):
    junit(tmp_path / "embedded.xml", [("test_a", "passed", 0.5), ("test_cache", "skipped", 0.0)])
    junit(tmp_path / "production.xml", [("test_cache", "passed", 2.0)])
    done = report(tmp_path, "embedded 70 0\nproduction 65 0\n", ci=True)
    assert done.returncode == 0, done.stdout
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "2 passed, 0 failed, 1 skipped"
    assert any(line.startswith("embedded") and "1:10" in line for line in lines)
    slowest = lines.index("=== the 30 slowest tests ===")
    assert "production: tests.x::test_cache" in lines[slowest + 1]  # the slowest first


def test_a_test_that_never_ran_fails_in_ci_and_is_named_locally(tmp_path):
    junit(tmp_path / "embedded.xml", [("test_a", "passed", 0.5), ("test_redis", "skipped", 0.0)])
    local = report(tmp_path, "embedded 3 0\n", ci=False)
    assert local.returncode == 0
    assert "tests.x::test_redis: no redis" in local.stdout
    assert local.stdout.strip().splitlines()[-1] == "1 passed, 0 failed, 1 skipped"
    in_ci = report(tmp_path, "embedded 3 0\n", ci=True)
    assert in_ci.returncode == 1
    assert in_ci.stdout.strip().splitlines()[-1] == "1 passed, 1 failed, 0 skipped"


def test_a_phase_that_failed_without_a_failed_test_counts_as_a_failure(tmp_path):
    junit(tmp_path / "embedded.xml", [("test_a", "passed", 0.5)])
    # ruff's checks (no report), a run that collected nothing (exit 5), a service missing in CI
    done = report(tmp_path, "checks 1 1\nembedded 3 5\nproduction 0 1\n", ci=False)
    assert done.returncode == 1
    assert done.stdout.strip().splitlines()[-1] == "1 passed, 3 failed, 0 skipped"


def test_a_missing_report_is_a_failure(tmp_path):
    junit(tmp_path / "embedded.xml", [("test_a", "passed", 0.5)])
    (tmp_path / "browser.xml").write_text("not xml")
    done = report(tmp_path, "embedded 3 0\nbrowser 9 1\n", ci=False)
    assert done.returncode == 1
    assert "browser.xml is missing or unreadable" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "1 passed, 1 failed, 0 skipped"


def test_an_expected_failure_ran_and_does_not_fail_ci(tmp_path):
    junit(tmp_path / "embedded.xml", [("test_a", "passed", 0.5), ("test_gap", "xfailed", 0.1)])
    done = report(tmp_path, "embedded 3 0\n", ci=True)
    assert done.returncode == 0, done.stdout
    assert "never" not in done.stdout and "every run" not in done.stdout
