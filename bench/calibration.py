"""What a bench script prints first, so that figures from another machine (or a busier hour on
this one) can be scaled: the machine (CPU model, cores, Python) and the CPU seconds of a fixed
reference work, folding 300 Czech hands of random actions (bench/random_hands.py, as
bench/replay.py does; the same work and seed as bench/analysis.py's calibration, so the two
scripts' lines compare).
"""

from __future__ import annotations

import os
import platform
import random
import time
from pathlib import Path

from bench.random_hands import random_hand
from games.rules import get_variant, replay

CALIBRATION_SEED = 20261128
CALIBRATION_HANDS = 300


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> str:
    """One line: the CPU model, the cores, the load average and Python's version."""
    try:
        load = "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "load average unknown"
    return f"{cpu_model()}, {os.cpu_count()} cores, {load}, Python {platform.python_version()}"


def calibration() -> float:
    """CPU seconds (this process, user + system) to fold 300 Czech hands of random actions."""
    variant = get_variant("czech")
    rng = random.Random(CALIBRATION_SEED)
    hands = [random_hand(variant, rng, index) for index in range(CALIBRATION_HANDS)]
    started = time.process_time()
    for deal, context, actions in hands:
        replay(variant, deal, context, actions)
    return time.process_time() - started
