from __future__ import annotations

import pytest

from tarokk_site import limits


@pytest.fixture(autouse=True)
def _analysis_settings(settings) -> None:
    # Robots and analyses at once, in the request that made them due; few worlds.
    settings.ROBOT_RUNNER = "inline"
    settings.ROBOT_DELAY = 0
    settings.ANALYSIS_WORLDS = 2
    limits.reset()
