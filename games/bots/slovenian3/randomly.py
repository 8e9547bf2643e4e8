"""The random level for Slovenian Tarok: a uniformly random legal action, tamed so that a table
of random robots plays varied hands (slovenian3.md §4–§8).

In the auction it passes more often than not and, when it bids, mostly names one of the two
lowest contracts it may (the valats and the open beggar rarely); in forehand's special turn it
picks klop or three most of the time. Announcements and kontra calls come now and then
(valat rarely; a kontra chain is carried up more readily), one call per turn at most. Talon
groups, discards and cards are uniform.
"""

from __future__ import annotations

import random

from ..view import SlovenianView

PASS_CHANCE = 0.6  # in an open turn
LOW_BID_CHANCE = 0.8  # a bid is one of the two lowest
RARE = ("bid:colour-valat", "bid:valat", "bid:open-beggar")
RARE_CHANCE = 0.02
ANNOUNCE_CHANCE = 0.12
KONTRA_CHANCE = 0.15
RAISE_CHANCE = 0.35  # rekontra, subkontra, mortkontra: carry a chain up now and then
VALAT_CHANCE = 0.02


class RandomPolicy:
    def choose(self, view: SlovenianView, legal: list[str], rng: random.Random) -> str:
        phase = view.get("phase")
        if phase == "auction":
            return _auction(legal, rng)
        if phase == "announce":
            return _announce(view, legal, rng)
        return rng.choice(legal)


def _auction(legal: list[str], rng: random.Random) -> str:
    bids = [a for a in legal if a.startswith("bid:")]
    if "pass" in legal and (not bids or rng.random() < PASS_CHANCE):
        return "pass"
    if not bids:
        return legal[0]
    common = [a for a in bids if a not in RARE] or bids
    if rng.random() < RARE_CHANCE:
        return rng.choice(bids)
    return rng.choice(common[:2] if rng.random() < LOW_BID_CHANCE else common)


def _announce(view: SlovenianView, legal: list[str], rng: random.Random) -> str:
    turn = view.get("announce_turn") or {}
    if turn.get("calls"):
        return "pass"  # one call per turn keeps the phase short
    calls = [a for a in legal if a != "pass"]
    valat = [a for a in calls if a == "announce:valat"]
    calls = [a for a in calls if a != "announce:valat"]
    if valat and rng.random() < VALAT_CHANCE:
        return valat[0]
    announcements = [a for a in calls if a.startswith("announce:")]
    kontras = [a for a in calls if not a.startswith("announce:")]
    if announcements and rng.random() < ANNOUNCE_CHANCE:
        return rng.choice(announcements)
    raises = [a for a in kontras if not a.startswith("kontra:")]
    if raises and rng.random() < RAISE_CHANCE:
        return rng.choice(raises)
    if kontras and rng.random() < KONTRA_CHANCE:
        return rng.choice(kontras)
    return "pass" if "pass" in legal else legal[0]
