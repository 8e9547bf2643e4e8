"""The packages the suite runs on are exactly uv.lock's (bin/setup installs the lock, nothing
else), and the lock agrees with pyproject.toml's ranges."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]


def locked() -> dict[str, set[str]]:
    """Each package's locked versions (more than one where the lock splits by Python version)."""
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    versions: dict[str, set[str]] = {}
    for package in lock["package"]:
        if "version" in package:
            versions.setdefault(canonicalize_name(package["name"]), set()).add(package["version"])
    return versions


def installed() -> dict[str, str]:
    return {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}


def test_every_installed_package_is_the_locked_version_and_nothing_else_is_installed():
    lock, venv = locked(), installed()
    wrong = {name: (v, lock.get(name)) for name, v in venv.items() if v not in lock.get(name, set())}
    assert not wrong, f"installed (version, locked version) not as locked: {wrong}"


def test_the_lock_satisfies_every_range_of_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    lock = locked()
    for text in requirements:
        requirement = Requirement(text)
        versions = lock.get(canonicalize_name(requirement.name))
        assert versions, f"{requirement.name} is not in uv.lock: run bin/lock"
        for version in versions:
            assert requirement.specifier.contains(Version(version), prereleases=True), (
                f"uv.lock has {requirement.name} {version}, outside {requirement.specifier}: run bin/lock"
            )


def test_every_dev_tool_has_an_upper_bound():
    """A tool CI runs (ruff, mypy...) released tomorrow must not turn CI red with no change of ours."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for text in [*project["dependencies"], *project["optional-dependencies"]["dev"]]:
        requirement = Requirement(text)
        assert any(s.operator in ("<", "<=", "==", "~=") for s in requirement.specifier), (
            f"{requirement.name} has no upper bound in pyproject.toml"
        )
