from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Markers by folder: tests/rules are pure rules tests, tests/browser drive Chromium.
    for item in items:
        path = Path(str(item.fspath))
        if HERE / "rules" in path.parents:
            item.add_marker(pytest.mark.rules)
        if HERE / "browser" in path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _fresh_replay_cache() -> None:
    # Test databases roll back and reuse primary keys: never let a cached state outlive a test.
    from games import replay

    replay.forget_all()
