"""Work that runs beside the robots, once a site: a feature's background job (the analysis of
finished hands, ``games.analysis``) installs its start here in ``GamesConfig.ready``, and
``runner.start`` starts it with the robot thread. So it runs in the embedded web process
(``ROBOT_RUNNER=thread``, driving every table) and in the production robot worker (``manage.py
robots``), never in a web process that drives only the tables it is home to
(``ROBOT_DRIVES=home``) or leaves the robots to the worker (``off``); autoplay stays a layer that
imports no feature.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings

log = logging.getLogger(__name__)

_installed: dict[str, Callable[[], None]] = {}


def install(name: str, start: Callable[[], None]) -> None:
    """``start`` is called when the robots start in this process (once per name; installing a
    name again replaces it)."""
    _installed[name] = start


def runs_here() -> bool:
    """Whether this process runs the background jobs (see above)."""
    return settings.ROBOT_RUNNER == "thread" and settings.ROBOT_DRIVES != "home"


def start_all() -> None:
    """Start every installed job; one that fails to start is logged, the others still start."""
    for name, start in list(_installed.items()):
        try:
            start()
        except Exception:
            log.exception("background job %s did not start", name)
