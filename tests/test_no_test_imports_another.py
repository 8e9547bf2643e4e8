"""No test module imports another test module (issue 36): what tests share lives in a plain
helper module (tests/helpers/, by concept) or, for a fixture, in the nearest conftest.py. A test
module that imports another runs that module's imports and fixtures too, ties the two together
by accident, and hides where the shared thing belongs."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
ROOT = TESTS.parent


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` (its text, or ``source`` as though it lay there) imports, absolute
    (relative imports resolved), with its line: at the top and inside functions alike, and
    ``from package import test_module`` as the module."""
    package = module_name(path).split(".")[:-1]
    found = []
    tree = ast.parse(path.read_text() if source is None else source, filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "tests" and parts[-1].startswith("test_")


def test_no_test_module_imports_another_test_module():
    scanned = sorted(TESTS.rglob("test_*.py")) + sorted(TESTS.rglob("conftest.py"))
    assert len(scanned) > 100, "the scan found too few test modules: is the path right?"
    offences = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for path in scanned
        for line, name in imported(path)
        if is_test_module(name) and name != module_name(path)
    ]
    assert offences == [], "move what is shared to tests/helpers/ or a conftest.py:\n" + "\n".join(offences)


def test_the_scan_sees_every_form_of_import():
    """The check itself: absolute, relative, from-package and in-function imports are all seen,
    and a helper module is not."""
    source = (
        "import tests.web.test_a\n"
        "from tests.web.test_b import x\n"
        "from .test_c import y\n"
        "from tests.browser import test_d\n"
        "def f():\n"
        "    from ..web.test_e import z\n"
        "from tests.helpers.hungarian import HANDS\n"
    )
    names = {name for _, name in imported(TESTS / "rules" / "test_sample.py", source)}
    assert {name for name in names if is_test_module(name)} == {
        "tests.web.test_a",
        "tests.web.test_b",
        "tests.rules.test_c",
        "tests.browser.test_d",
        "tests.web.test_e",
    }
