"""Guided first hands (issue 21, item 2): one script per game, played at a real table.

A tutorial is a ``Room`` with ``tutorial=True``: the learner in seat 0, the script's robots
(``games.tutorial.robot``) in the others, the script's deal, and every move through
``games.services.submit_action`` like any other. ``games.tutorial.guide`` says what the
learner's page explains at each move and refuses a move the script does not advise;
``games.tutorial.tables`` starts (and restarts) one.

This module is the registry only, pure like the scripts: ``SCRIPTS`` by variant key.
"""

from __future__ import annotations

from .bridge import SCRIPT as BRIDGE
from .czech import SCRIPT as CZECH
from .hungarian import SCRIPT as HUNGARIAN
from .script import LEARNER, Script
from .slovenian3 import SCRIPT as SLOVENIAN3

SCRIPTS: dict[str, Script] = {s.variant: s for s in (HUNGARIAN, CZECH, SLOVENIAN3, BRIDGE)}


def get_script(variant_key: str) -> Script:
    try:
        return SCRIPTS[variant_key]
    except KeyError:
        message = f"There is no guided hand for {variant_key!r}"  # untranslated: for programmers
        raise KeyError(message) from None


__all__ = ["LEARNER", "SCRIPTS", "Script", "get_script"]  # untranslated: names
