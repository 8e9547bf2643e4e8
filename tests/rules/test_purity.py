"""The rules core is pure: importing it loads the standard library and games.* only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
before = set(sys.modules)
import games.rules
import games.rules.hungarian
import games.rules.czech
import games.rules.slovenian3
import games.rules.bridge
loaded = sorted(set(sys.modules) - before)
print(json.dumps(loaded))
"""


def test_importing_the_rules_loads_no_django_nor_any_third_party_module():
    # A fresh interpreter: this test process has Django loaded already (pytest-django).
    output = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    loaded = json.loads(output)
    for package in ("games.rules", "games.rules.czech", "games.rules.slovenian3", "games.rules.bridge"):
        assert package in loaded
    tops = {name.split(".")[0] for name in loaded}
    assert not tops & {"django", "channels", "asgiref", "daphne"}
    assert tops - set(sys.stdlib_module_names) <= {"games"}
