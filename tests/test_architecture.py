"""ARCHITECTURE.md is the map of the code: it must name what exists and name nothing that is gone.

Fails when a folder or module it names (a path in backticks from the repository's root, e.g.
`games/page/`) no longer exists, or when a package or module of games/, or a folder at the
repository's root, appears that it does not name."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "ARCHITECTURE.md"
TOPS = ("games/", "accounts/", "tarokk_site/", "tests/", "bench/", "bin/", "templates/", "static/", "docs/")


def named_paths(text: str) -> set[str]:
    """The repository paths the map names: in backticks, from the root (folders end in "/")."""
    return {quoted for quoted in re.findall(r"`([^`\s]+)`", text) if quoted.startswith(TOPS)}


def missing_paths(text: str) -> list[str]:
    return sorted(p for p in named_paths(text) if not (ROOT / p).exists())


def unnamed_in_games(text: str) -> list[str]:
    """The packages and modules of games/ the map does not name (as `games/x/` or `games/x.py`,
    or, in a list of folders, as `x/` or x.py)."""
    unnamed = []
    for entry in sorted((ROOT / "games").iterdir()):
        if entry.name.startswith(("_", ".")) or entry.name == "migrations":
            continue
        if entry.is_dir() and (entry / "__init__.py").exists():
            if f"games/{entry.name}/" not in text and f"{entry.name}/`" not in text:
                unnamed.append(f"games/{entry.name}/")
        elif entry.suffix == ".py" and entry.name not in text:
            unnamed.append(f"games/{entry.name}")
    return unnamed


def unnamed_at_root(text: str) -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    folders = {line.split("/")[0] for line in listed.stdout.splitlines() if "/" in line}
    return sorted(f for f in folders if not f.startswith(".") and f"{f}/" not in text)


def test_every_path_the_map_names_exists():
    text = MAP.read_text()
    assert len(named_paths(text)) > 30  # the map names the code, folder by folder
    assert not missing_paths(text), "ARCHITECTURE.md names what is gone"


def test_every_package_and_module_of_games_is_on_the_map():
    assert not unnamed_in_games(MAP.read_text()), "ARCHITECTURE.md does not say what these are for"


def test_every_folder_at_the_root_is_on_the_map():
    assert not unnamed_at_root(MAP.read_text()), "ARCHITECTURE.md does not name these folders"


def test_the_checks_find_a_folder_gone_and_a_package_unnamed():
    text = MAP.read_text()
    assert missing_paths(text + "\n`games/nowhere/`") == ["games/nowhere/"]
    without_page = text.replace("games/page/", "games/elsewhere/")
    assert "games/page/" in unnamed_in_games(without_page)
    assert "bench" in unnamed_at_root(text.replace("bench/", "benches"))
