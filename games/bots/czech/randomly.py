"""The random level for Czech Taroky: a uniformly random legal action, tamed so that a table
of random robots plays varied hands that end (czech.md §3–§8).

The dealer shuffles at most a couple of times; the cutter cuts at a random position, or now
and then knocks with a random deal style; prever and valat are rare, contra and I on the end
come now and then; everything else (talon choices, discards, the call, the money choice,
cards) is uniform among the legal actions.
"""

from __future__ import annotations

import random

from ..view import CzechView

SHUFFLE_CHANCE = 0.4  # per press, at most MAX_SHUFFLES presses
MAX_SHUFFLES = 2
KNOCK_CHANCE = 0.15
PREVER_CHANCE = 0.05
VALAT_CHANCE = 0.01
IOTE_CHANCE = 0.25
CONTRA_CHANCE = 0.15


class RandomPolicy:
    def choose(self, view: CzechView, legal: list[str], rng: random.Random) -> str:
        phase = view.get("phase")
        if phase == "shuffle":
            press = (view.get("shuffles") or 0) < MAX_SHUFFLES and rng.random() < SHUFFLE_CHANCE
            return "shuffle" if press else "pass"
        if phase == "cut":
            knocks = [a for a in legal if a.startswith("knock:")]
            cuts = [a for a in legal if a.startswith("cut:")]
            return rng.choice(knocks if knocks and (not cuts or rng.random() < KNOCK_CHANCE) else cuts)
        chance = {
            "prever": PREVER_CHANCE,
            "valat": VALAT_CHANCE,
            "iote": IOTE_CHANCE,
            "contra": CONTRA_CHANCE,
        }.get(phase or "")
        if chance is not None and "pass" in legal:
            calls = [a for a in legal if a != "pass"]
            return rng.choice(calls) if calls and rng.random() < chance else "pass"
        return rng.choice(legal)
