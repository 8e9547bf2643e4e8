"""The layers hold: import-linter's contracts (pyproject.toml, ``[tool.importlinter]``) are kept
by the sources, and a forbidden import planted in a copy of them breaks the contract that
forbids it, so the contracts are checked, not merely written down."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("games", "accounts", "tarokk_site", "tests/layers")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "400", "NO_COLOR": "1"}  # one contract a line, no colour codes
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=cwd, env=env, capture_output=True, text=True
    )


def test_the_sources_keep_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """The Python sources and the contracts, copied once."""
    copy = tmp_path_factory.mktemp("pristine")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for module in ("pyproject.toml", "tests/__init__.py"):
        shutil.copy(ROOT / module, copy / module)
    return copy


@pytest.fixture
def sources(pristine, tmp_path) -> Path:
    copy = tmp_path / "sources"
    shutil.copytree(pristine, copy)
    return copy


@pytest.mark.parametrize(
    ("module", "planted", "broken"),
    [
        ("games/rules/base.py", "import django", "The rules core"),
        ("games/rules/cards.py", "from games import models", "The rules core"),
        ("games/bots/knowledge.py", "from django.utils.translation import gettext", "The robots"),
        ("games/bots/knowledge.py", "from games.services import replay", "The robots"),
        # The dodge the issue names: an import inside a function counts like any other.
        ("games/services/moves.py", "def guided():\n    from games.tutorial import guide", "The writer"),
        ("games/services/hands.py", "from games.standings import events", "The writer"),
        ("games/services/seats.py", "from games.autoplay import runner", "The writer"),
        ("games/autoplay/clocks.py", "from games.tables import seating", "The layers of games"),
        ("games/models.py", "from games.services import broadcast", "The layers of games"),
        ("games/tables/lobby.py", "from games import views", "No cycles"),
    ],
)
def test_a_planted_forbidden_import_breaks_its_contract(sources, module, planted, broken):
    path = sources / module
    path.write_text(path.read_text() + "\n\n" + planted + "\n")
    result = lint_imports(sources)
    assert result.returncode == 1, result.stdout
    assert [line for line in result.stdout.splitlines() if line.startswith(broken) and "BROKEN" in line], (
        result.stdout
    )


def test_a_new_folder_of_games_must_be_placed_in_a_layer(sources):
    (sources / "games" / "gadgets").mkdir()
    (sources / "games" / "gadgets" / "__init__.py").write_text("")
    result = lint_imports(sources)
    assert result.returncode == 1 and "games.gadgets" in result.stdout, result.stdout
