from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _robots_inline(settings) -> None:
    # Robots move at once, in the request that made them due.
    settings.ROBOT_RUNNER = "inline"
    settings.ROBOT_DELAY = 0
