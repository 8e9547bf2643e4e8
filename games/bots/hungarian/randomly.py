"""The random level for Hungarian Tarokk: a uniformly random legal action, tamed so that a
table of random robots still plays varied hands (hungarian.md §4–§8)."""

from __future__ import annotations

import random

from ..view import HungarianView

HONOURS = frozenset({"T1", "T21", "T22"})
ANNUL_CHANCE = 0.1  # a random robot would otherwise annul almost every hand it may
TRIAL_BID_CHANCE = 0.1  # a bid without an honour (the fourth player's trial bid) is a gamble


class RandomPolicy:
    """A uniformly random legal action, except that it bids rarely and never jumps to solo
    (a table of random bidders would play nothing but solos), trial-bids and annuls rarely, and
    in the announcements it always declares a tarokk count it holds but otherwise mostly
    passes: a call now and then, kontra-chain calls as often as announcements, so that the
    phase ends quickly.

    Where passing is not legal (the yield spot without T20 and a high honour) it picks among
    what is: hold or raise."""

    CALL_CHANCE = 0.15

    def choose(self, view: HungarianView, legal: list[str], rng: random.Random) -> str:
        if view.get("phase") == "auction" and "pass" in legal:
            bids = [a for a in legal if a != "pass" and a != "bid:solo"]
            honour = any(card in HONOURS for card in view.get("hand", ()))
            if bids and rng.random() < (0.35 if honour else TRIAL_BID_CHANCE):
                return rng.choice(bids)
            return "pass"
        if view.get("phase") == "announce" and "pass" in legal:
            counts = [a for a in legal if a.endswith("-tarokks")]
            if counts:
                return counts[0]
            calls = [a for a in legal if a != "pass"]
            if calls and rng.random() < self.CALL_CHANCE:
                kontras = [a for a in calls if not a.startswith("announce:")]
                if kontras and (len(kontras) == len(calls) or rng.random() < 0.5):
                    return rng.choice(kontras)
                return rng.choice([a for a in calls if a.startswith("announce:")])
            return "pass"
        if "annul" in legal:
            if rng.random() < ANNUL_CHANCE:
                return "annul"
            legal = [a for a in legal if a != "annul"]
        return rng.choice(legal)
