"""CPU time to appraise every decision of a hand (games.bots.appraisal), per game, and the
appraisal's own noise.

Run from the project root:

    .venv/bin/python bench/analysis.py                       # 3 hands of every game
    .venv/bin/python bench/analysis.py --hands 5 czech       # one game
    .venv/bin/python bench/analysis.py --worlds 40 --noise   # another count; noise measured

For each game, ``--hands`` hands are dealt under fixed seeds and played out by the robots of
``--level``; then every decision of every seat with more than one legal action is appraised at
the default worlds (``DEFAULT_WORLDS``, or ``--worlds``). It prints, per hand, the CPU seconds
(user + system of this process, ``time.process_time``) for one seat (seat 0) and for every seat
(all human seats), the decisions appraised and the worlds dealt; per game the mean, and the
marks given. With ``--noise`` every decision is appraised again under a second seed: the
spread of the loss between the two (a loss within it is the search's own noise, not a mistake:
docs/analysis.md chooses the thresholds from it).

First it prints a calibration: the machine (CPU model, cores) and the CPU seconds of a fixed
reference work (folding 300 Czech hands of random actions, as bench/replay.py does), so that
figures from another machine can be scaled. It prints figures and asserts nothing; it never
runs as a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.calibration import calibration, machine  # noqa: E402
from games.bots import LEVELS, seat_view  # noqa: E402
from games.bots.appraisal import DEFAULT_WORLDS, MARKS, appraise, mark  # noqa: E402
from games.rules import HandContext, get_variant  # noqa: E402

SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3, "bridge": 3}
GAMES = tuple(SEATS)


def played(
    game: str, index: int, level: str
) -> tuple[object, HandContext, list[tuple[int, str]], list[bool]]:
    """A hand of ``game`` dealt by a fixed seed and played out by ``level`` robots: the deal, the
    context, the log and, per action, whether it was a real choice (more than one legal)."""
    variant = get_variant(game)
    rng = random.Random(f"bench-analysis:{game}:{index}")
    dealer = index % SEATS[game]
    deal = variant.deal(rng, SEATS[game], {}, dealer)
    context = HandContext(dealer=dealer)
    state = variant.new_hand(deal, context)
    log: list[tuple[int, str]] = []
    choices: list[bool] = []
    robot = LEVELS[level]
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        action = robot.choose(seat_view(variant, state, seat), list(legal), rng)
        choices.append(len(legal) > 1)
        log.append((seat, action))
        state = variant.apply(state, seat, action)
    return deal, context, log, choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=None, help="worlds per decision (default: the game's)")
    parser.add_argument("--level", default="basic", choices=sorted(LEVELS))
    parser.add_argument("--noise", action="store_true", help="appraise again under a second seed")
    args = parser.parse_args()

    print(f"machine: {machine()}")
    print(f"calibration: {calibration():.2f} s CPU to fold 300 random Czech hands")
    for game in args.games:
        worlds = args.worlds or DEFAULT_WORLDS[game]
        seat_totals, all_totals = [], []
        marks: Counter[str] = Counter()
        dealt: list[int] = []
        diffs: list[float] = []
        card_cpu, other_cpu, card_n, other_n, unappraised = 0.0, 0.0, 0, 0, 0
        for index in range(args.hands):
            deal, context, log, choices = played(game, index, args.level)
            per_seat = [0.0] * SEATS[game]
            appraised = 0
            for i, (seat, action) in enumerate(log):
                if not choices[i]:
                    continue
                started = time.process_time()
                result = appraise(game, deal, context, log[:i], seat, action, seed=f"a{index}", worlds=worlds)
                spent = time.process_time() - started
                per_seat[seat] += spent
                if action.startswith("play:"):
                    card_cpu, card_n = card_cpu + spent, card_n + 1
                else:
                    other_cpu, other_n = other_cpu + spent, other_n + 1
                if result is None:
                    unappraised += 1
                    continue
                appraised += 1
                dealt.append(result.worlds)
                marks[mark(game, result.loss)] += 1
                if args.noise:
                    again = appraise(
                        game, deal, context, log[:i], seat, action, seed=f"b{index}", worlds=worlds
                    )
                    if again is not None:
                        best = result.best
                        first = result.values[best] - result.values[action]
                        second = again.values.get(best, again.values[again.best]) - again.values[action]
                        diffs.append(first - second)
            seat_totals.append(per_seat[0])
            all_totals.append(sum(per_seat))
            print(
                f"{game:<11} hand {index}: seat 0 {per_seat[0]:6.2f} s, "
                f"every seat {sum(per_seat):6.2f} s CPU, "
                f"{appraised} decisions appraised, {len(log)} actions"
            )
        print(
            f"{game:<11} worlds {worlds}: mean per hand seat 0 {statistics.mean(seat_totals):.2f} s, "
            f"every seat {statistics.mean(all_totals):.2f} s (max {max(all_totals):.2f} s); "
            f"cards {card_cpu / max(card_n, 1) * 1e3:.0f} ms each ({card_n}), "
            f"other decisions {other_cpu / max(other_n, 1) * 1e3:.0f} ms each ({other_n}); "
            f"worlds dealt mean {statistics.mean(dealt) if dealt else 0:.1f}, min {min(dealt, default=0)}; "
            f"not appraised {unappraised}"
        )
        print(f"{game:<11} marks: " + ", ".join(f"{m} {marks[m]}" for m in MARKS))
        if diffs:
            spread = statistics.pstdev(diffs) / 2**0.5
            quantiles = statistics.quantiles([abs(d) for d in diffs], n=20)
            print(
                f"{game:<11} noise: one appraisal's loss varies by {spread:.2f} (standard deviation, "
                f"{len(diffs)} decisions); |difference of two seeds| "
                f"median {statistics.median(abs(d) for d in diffs):.2f}, "
                f"90th percentile {quantiles[17]:.2f}, 95th {quantiles[18]:.2f}"
            )


if __name__ == "__main__":
    main()
