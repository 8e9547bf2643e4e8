"""A trial of inference for the Czech strong card play (issue 37; docs/robots.md, "Czech: not done
yet"), measured against machtarok.com's robot beside the strong card play as it is, on the same
deals (bench/yardstick_mach.py: only the seat's card play is the player's).

``strong-infer`` is the strong robot whose worlds are weighed by the other seats' cards: each
world it searches is drawn from ``--draws`` deals of the unseen cards, with the probability of
each deal proportional to how likely the cards the other seats played so far were in it (the
hand replayed from the first trick with the deal's hands: at each card of another seat that had
a choice, a factor 1 where the basic card play, our model of that seat, plays it, else
``--eps``). The same count of worlds as the strong robot, each dearer by the replays.

    .venv/bin/python bench/inference_trial.py --deals 400 --seed 11 [--draws 3 --eps 0.5]

It prints the yardstick's report (chips a hand, each player against Mach's) and the paired
difference strong-infer − strong over the deals both completed, ± one standard error.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import yardstick_mach  # noqa: E402
from games.bots import StrongRobot  # noqa: E402
from games.bots.czech.strong import StrongPolicy, World  # noqa: E402
from games.bots.fastplay import private  # noqa: E402
from games.bots.knowledge import seen_in_state  # noqa: E402
from games.bots.tricks import note_play  # noqa: E402
from games.rules.czech.state import CzechState  # noqa: E402
from games.rules.tricks import Trick  # noqa: E402

SEATS = 4


class InferWorld(World):
    draws = 3
    eps = 0.5

    def sample(self, rng: random.Random) -> CzechState | None:
        drawn: list[tuple[CzechState, float]] = []
        for _ in range(self.draws):
            dealt = self.sampler.sample(rng)
            if dealt is None:
                break
            state = self.fill(dealt)
            drawn.append((state, self.likelihood(state)))
        if not drawn:
            return None
        pick = rng.random() * sum(weight for _, weight in drawn)
        for state, weight in drawn:
            pick -= weight
            if pick <= 0:
                return state
        return drawn[-1][0]

    def likelihood(self, state: CzechState) -> float:
        """How likely the other seats' cards so far were in this world: the hand replayed from the
        first trick, a factor ``eps`` for each card basic would not have played."""
        assert state.trick is not None
        plays = [(s, c) for trick in state.tricks for s, c in trick.cards] + list(state.trick.cards)
        if not plays:
            return 1.0
        hands = [list(hand) for hand in state.hands]
        for seat, card in plays:
            hands[seat].append(card)
        order = self.order.__getitem__
        first = state.tricks[0].leader if state.tricks else state.trick.leader
        now = private(state)
        now.__dict__.update(
            hands=tuple(tuple(sorted(hand, key=order)) for hand in hands),
            tricks=(),
            trick=Trick(first),
            to_act=frozenset({first}),
        )
        gone: set[str] = set()
        voids: list[set[str]] = [set() for _ in range(SEATS)]
        sides = self.side_views(now, False)
        weight = 1.0
        for seat, card in plays:
            if seat != self.me:
                legal = self.legal_cards(now, seat)
                if len(legal) > 1:
                    choice = self.choose(now, seen_in_state(now, seat, gone, voids), legal, sides[seat])
                    if choice != card:
                        weight *= self.eps
            trick = now.trick
            assert trick is not None
            if trick.cards:
                note_play(voids, seat, card, trick.cards[0][1][0])
            gone.add(card)
            if card == now.called_card:
                sides = self.side_views(now, True)
            now = self.step(now, seat, card)
        return weight


class InferPolicy(StrongPolicy):
    world = InferWorld


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--eps", type=float, default=0.5)
    args = parser.parse_args()
    InferWorld.draws, InferWorld.eps = args.draws, args.eps
    inferring = StrongRobot()
    inferring.czech = InferPolicy()
    known = yardstick_mach.robot_of
    yardstick_mach.OUR_LEVELS = (*yardstick_mach.OUR_LEVELS, "strong-infer")
    yardstick_mach.robot_of = lambda player, budget: (
        inferring if player == "strong-infer" else known(player, budget)
    )
    ym_args = yardstick_mach.parse(
        ["--deals", str(args.deals), "--seed", str(args.seed), "--players", "mach,strong,strong-infer"]
    )
    report = yardstick_mach.run(ym_args)
    pairs = [
        report.hands["strong-infer"][i].mach - report.hands["strong"][i].mach
        for i in report.hands["strong"]
        if i in report.hands["strong-infer"]
        and not report.hands["strong"][i].skipped
        and not report.hands["strong-infer"][i].skipped
    ]
    n = len(pairs)
    mean = sum(pairs) / n
    se = math.sqrt(sum((p - mean) ** 2 for p in pairs) / (n - 1) / n) if n > 1 else 0.0
    differ = sum(1 for p in pairs if p)
    print(
        f"strong-infer − strong (draws {args.draws}, eps {args.eps}): {mean:+.3f} ± {se:.3f} chips a hand "
        f"over {n} deals ({differ} differ)"
    )


if __name__ == "__main__":
    main()
