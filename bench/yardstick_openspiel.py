"""A yardstick from outside for the Slovenian robots: duplicate hands against OpenSpiel's MCTSBot.

    .venv/bin/python bench/yardstick_openspiel.py --deals 60 --seed 1 --players basic,strong

OpenSpiel (``open-spiel==2.0.2``, test-only; game ``tarok``, 3 players) deals each hand (a game
loaded per deal with ``rng_seed`` drawn from ``--seed`` and the deal's number, so a deal does not
depend on the ones before it), and bench/openspiel_tarok.py writes the deal as ours (our dealer
at seat 2: OpenSpiel's player p is our seat p; rounding to 5 off, mond penalty 20, no radelci,
no škisfang, no klop kontra). Every action is applied to both engines, which are checked to
agree at every step (whose turn it is, the legal cards, the end of the hand); a deal where they
do not is skipped for every player and counted (the differential test,
tests/rules/test_slovenian3_openspiel.py, finds none in 2,000 random hands).

Duplicate: on deal i the seat under test is ``i % 3`` (so forehand, middlehand and the dealer
come up in turn, and every role: declarer, defender, klop). Its card play is decided by the
player under test; every other decision — the auction, the talon group, the discard, and every
card of the other two seats — by OpenSpiel's MCTSBot (the C++ ``pyspiel.MCTSBot``: UCT constant
2, one random rollout per leaf, MCTS-Solver on, as OpenSpiel's examples/mcts.py; ``--simulations``
per decision, 300 by default). Each MCTS decision is seeded by the deal and the history so far,
so the same position gets the same decision for every player under test: until the tested seat
plays a different card the hands are the same, card for card. OpenSpiel has no announcements and
no kontra: our announcement phase is passed.

Players under test (``--players``): our robot levels (``random``, ``basic``, ``strong``), each
choosing from our engine's view of the seat (``seat_view``, ``SLOVENIAN3.legal_actions``) with an
rng seeded by the deal (``get_robot(level)``: the strong robot's counted budget, no clock, so a
run is a function of its arguments); and always the reference, ``mcts``: the MCTSBot itself in
that seat. MCTSBot searches the true state (OpenSpiel's ``clone``), so it SEES THE HIDDEN CARDS
of every hand and the talon: it is a cheating yardstick, not a fair opponent, and so are the
other two seats. (OpenSpiel's ISMCTSBot, which would not cheat, cannot play tarok: the game does
not implement ``ResampleFromInfostate``.)

The score is the tested seat's payment in our scoring (§10: the declarer's score, 0 for a
defender, mond penalties, klop's scores), per hand. For each player it prints the mean ± s.e.
over the deals, and the paired difference to the reference on the same deals (mean ± s.e.),
overall, by role and by contract; OpenSpiel's own score of the seat (what MCTSBot maximises: it
differs from ours where OpenSpiel's scoring has its known bugs, see the differential test) as a
second line; the share of hands played card for card as the reference played them; the CPU of
the tested seat's decisions; and how many deals a ±0.7 s.e. of the difference would take. First
it prints the machine and a calibration (bench/calibration.py). It asserts nothing and never runs
as a test (tests/rules/test_yardstick_openspiel.py runs it on a few deals).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.calibration import calibration, machine  # noqa: E402
from bench.openspiel_tarok import (  # noqa: E402
    BIDS,
    CARDS,
    card_of,
    our_deal,
    our_hand,
    play_action,
    take_action,
)
from games.bots import LEVELS, get_robot, seat_view  # noqa: E402
from games.rules import IllegalAction  # noqa: E402
from games.rules.slovenian3 import SLOVENIAN3, Phase  # noqa: E402

REFERENCE = "mcts"  # the reference player's name on the command line
ROLES = ("declarer", "defender", "klop")
UCT_C = 2.0  # OpenSpiel's examples/mcts.py: --uct_c 2, --rollout_count 1, --solve
ROLLOUTS = 1
MAX_MEMORY_MB = 1000  # the C++ example's cap on the search tree (300 simulations use far less)
TARGET_SE = 0.7  # the s.e. of the paired difference a run should reach


class Mismatch(Exception):
    """The two engines disagree at some step of a deal (the deal is skipped for every player)."""


@dataclass
class Hand:
    """One hand of one player under test on one deal, seen from the tested seat."""

    score: int  # the seat's payment, our scoring
    margin: float  # the seat's payment less the mean of the other two seats', our scoring
    their_score: float  # the seat's return, OpenSpiel's scoring
    role: str  # declarer, defender or klop
    contract: str  # our contract key
    history: tuple[int, ...]  # OpenSpiel's actions, to tell whether the play left the reference's
    decisions: int  # the tested seat's card decisions with a choice
    agreed: int  # ... where it chose the card MCTSBot would have chosen there
    cpu: float  # CPU seconds of those decisions


def seeded(*parts: object) -> int:
    """A 31-bit seed from ``parts`` (stable across processes, unlike ``hash``)."""
    return zlib.crc32(":".join(map(str, parts)).encode()) & 0x7FFFFFFF


def mcts_step(pyspiel: Any, game: Any, theirs: Any, seed: int, index: int, simulations: int) -> int:
    """MCTSBot's action at ``theirs``, seeded by the run, the deal and the history so far."""
    decision_seed = seeded("mcts", seed, index, theirs.history_str())
    evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, decision_seed)
    bot = pyspiel.MCTSBot(game, evaluator, UCT_C, simulations, MAX_MEMORY_MB, True, decision_seed, False)
    return int(bot.step(theirs))


def play_hand(
    pyspiel: Any, game: Any, start: Any, index: int, tested: int, player: str, seed: int, simulations: int
) -> Hand:
    """Deal ``index`` from OpenSpiel's dealt state ``start`` with ``player`` choosing the cards of
    seat ``tested`` and MCTSBot everything else, on both engines at once."""
    ours = our_hand(our_deal(start))
    theirs = start.clone()
    robot = None if player == REFERENCE else get_robot(player)
    rng = random.Random(f"yardstick:{seed}:{index}:{player}")
    talon_exchange = pyspiel.TarokGamePhase.TALON_EXCHANGE
    discarded: list[str] = []
    decisions, agreed, cpu = 0, 0, 0.0

    def mcts() -> int:
        return mcts_step(pyspiel, game, theirs, seed, index, simulations)

    try:
        while not SLOVENIAN3.is_over(ours):
            (seat,) = ours.to_act
            if ours.phase is Phase.ANNOUNCE:
                ours = SLOVENIAN3.apply(ours, seat, "pass")  # OpenSpiel has no announcements
                continue
            if theirs.is_terminal() or theirs.current_player() != seat:
                raise Mismatch(f"seat {seat} to act in our {ours.phase}, not in OpenSpiel's")
            if ours.phase is Phase.PLAY:
                legal = SLOVENIAN3.legal_actions(ours, seat)
                if sorted(legal) != sorted(play_action(a) for a in theirs.legal_actions()):
                    raise Mismatch(f"seat {seat}'s legal cards differ: {legal}")
                started = time.process_time()
                if seat != tested or robot is None:
                    action = play_action(mcts())
                else:
                    action = robot.choose(seat_view(SLOVENIAN3, ours, seat), legal, rng)
                if seat == tested and len(legal) > 1:
                    decisions += 1
                    cpu += time.process_time() - started
                    agreed += robot is None or action == play_action(mcts())  # its seed: the same position
                theirs.apply_action(card_of(action))
                ours = SLOVENIAN3.apply(ours, seat, action)
                continue
            their_action = mcts()
            theirs.apply_action(their_action)
            if ours.phase is Phase.AUCTION:
                ours = SLOVENIAN3.apply(ours, seat, BIDS[their_action])
            elif ours.phase is Phase.TALON:
                ours = SLOVENIAN3.apply(ours, seat, take_action(their_action))
            else:  # our discard at once, once OpenSpiel's one-card discards are done
                discarded.append(CARDS[their_action])
                if theirs.current_game_phase() != talon_exchange:
                    ours = SLOVENIAN3.apply(ours, seat, "discard:" + ",".join(discarded))
    except (IllegalAction, KeyError) as error:
        raise Mismatch(f"OpenSpiel's action is not ours: {error}") from error
    if not theirs.is_terminal():
        raise Mismatch("our hand is over, OpenSpiel's is not")
    result = SLOVENIAN3.result(ours)
    assert result is not None and ours.contract is not None
    contract = ours.contract.key
    role = "klop" if contract == "klop" else "declarer" if result.declarer == tested else "defender"
    others = [payment for seat, payment in enumerate(result.payments) if seat != tested]
    return Hand(
        score=result.payments[tested],
        margin=result.payments[tested] - statistics.fmean(others),
        their_score=float(theirs.returns()[tested]),
        role=role,
        contract=contract,
        history=tuple(theirs.history()),
        decisions=decisions,
        agreed=agreed,
        cpu=cpu,
    )


def play_deal(
    pyspiel: Any, index: int, players: Sequence[str], seed: int, simulations: int
) -> dict[str, Hand]:
    """Deal ``index`` played once per player (the reference first), the same cards each time."""
    game = pyspiel.load_game("tarok", {"players": 3, "rng_seed": seeded("deal", seed, index)})
    start = game.new_initial_state()
    start.apply_action(0)  # OpenSpiel deals (and redeals hands without taroks) itself
    tested = index % 3
    return {
        player: play_hand(pyspiel, game, start, index, tested, player, seed, simulations)
        for player in players
    }


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (nan with fewer than two values)."""
    mean = statistics.fmean(values) if values else math.nan
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return mean, se


def shown(values: Sequence[float]) -> str:
    mean, se = mean_se(values)
    return f"{mean:+8.2f} ± {se:5.2f}" if not math.isnan(se) else f"{mean:+8.2f}        "


def table(
    deals: list[dict[str, Hand]],
    players: Sequence[str],
    value: Callable[[Hand], float],
    out: Callable[[str], None],
) -> None:
    """One figure per player and row (overall, by role, by contract), and the paired differences."""
    others = [p for p in players if p != REFERENCE]
    header = f"{'':<22} {'hands':>5}" + "".join(f" {p:>16}" for p in players)
    out(header + "".join(f" {p + ' - mcts':>16}" for p in others))
    groups: list[tuple[str, Callable[[Hand], bool]]] = [("all", lambda h: True)]
    groups += [(role, lambda h, role=role: h.role == role) for role in ROLES]
    contracts = sorted({d[REFERENCE].contract for d in deals} - {"klop"})
    groups += [(f"contract {c}", lambda h, c=c: h.contract == c) for c in contracts]
    for name, wanted in groups:
        # The role and contract come from MCTSBot's auction, the same for every player on a deal.
        chosen = [d for d in deals if wanted(d[REFERENCE])]
        if not chosen:
            continue
        row = f"{name:<22} {len(chosen):>5}"
        row += "".join(f" {shown([value(d[p]) for d in chosen]):>16}" for p in players)
        row += "".join(f" {shown([value(d[p]) - value(d[REFERENCE]) for d in chosen]):>16}" for p in others)
        out(row)


def report(deals: list[dict[str, Hand]], players: Sequence[str], out: Callable[[str], None] = print) -> None:
    """The figures: per player, overall, by role and by contract; the differences paired by deal."""
    others = [p for p in players if p != REFERENCE]
    out("")
    out("Points a hand for the tested seat (our scoring), mean ± s.e.; 'x - mcts': paired difference")
    table(deals, players, lambda h: h.score, out)
    out("")
    out("Margin: the seat's points less the mean of the other two seats' (a defender's play shows here)")
    table(deals, players, lambda h: h.margin, out)
    out("")
    out("OpenSpiel's own score of the seat (what MCTSBot maximises), mean ± s.e.:")
    out("  " + "   ".join(f"{p} {shown([d[p].their_score for d in deals]).strip()}" for p in players))
    for p in others:
        same = sum(d[p].history == d[REFERENCE].history for d in deals)
        out(f"{p}: {same} of {len(deals)} hands played card for card as the reference")
        for name, value in (("points", lambda h: h.score), ("margin", lambda h: h.margin)):
            diffs = [value(d[p]) - value(d[REFERENCE]) for d in deals]
            sd = statistics.stdev(diffs) if len(diffs) > 1 else math.nan
            need = "?" if math.isnan(sd) else str(math.ceil((sd / TARGET_SE) ** 2))
            out(f"  {name}: s.d. of the paired difference {sd:.1f}; ±{TARGET_SE} s.e. takes {need} deals")
    out("")
    out("The tested seat's card decisions with a choice: CPU, and how often the card was MCTSBot's")
    out("(the card MCTSBot chooses in that very position; an equivalent card counts as another):")
    for p in players:
        decisions = sum(d[p].decisions for d in deals)
        cpu = sum(d[p].cpu for d in deals)
        per = cpu / decisions * 1000 if decisions else 0.0
        agreed = sum(d[p].agreed for d in deals) / decisions * 100 if decisions else 0.0
        out(
            f"  {p:>8}: {decisions} decisions, {cpu:.1f} s CPU, {per:.1f} ms a decision, "
            f"{agreed:.0f} % MCTSBot's card"
        )


def players_of(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name != REFERENCE and name not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown player {', '.join(unknown)}: choose among {', '.join(sorted(LEVELS))} (and {REFERENCE})"
        )
    return [REFERENCE] + [name for name in dict.fromkeys(names) if name != REFERENCE]


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=positive, default=30, help="deals (one hand per player each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players",
        type=players_of,
        default=players_of("basic,strong"),
        help="our levels under test, comma-separated (the reference, mcts, is always played)",
    )
    parser.add_argument("--simulations", type=positive, default=300, help="MCTSBot's simulations a decision")
    parser.add_argument("--no-calibration", action="store_true", help="skip the machine's calibration")
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        parser.error("pyspiel is missing: bin/setup --dev installs open-spiel (a test-only package)")

    print(f"machine: {machine()}")
    if not args.no_calibration:
        print(f"calibration: {calibration():.2f} s CPU to fold 300 random Czech hands")
    print(
        f"OpenSpiel {version('open_spiel')} tarok, 3 players; MCTSBot {args.simulations} simulations, "
        f"uct_c {UCT_C:g}, {ROLLOUTS} random rollout, solver on (it sees every hand)"
    )
    print(f"{args.deals} deals, seed {args.seed}, players {', '.join(args.players)}; tested seat = deal % 3")
    deals: list[dict[str, Hand]] = []
    skipped: list[str] = []
    cpu, wall = time.process_time(), time.perf_counter()
    for index in range(args.deals):
        try:
            deals.append(play_deal(pyspiel, index, args.players, args.seed, args.simulations))
        except Mismatch as error:
            skipped.append(f"deal {index}: {error}")
        if (index + 1) % 10 == 0:
            print(f"  {index + 1} deals, {time.process_time() - cpu:.0f} s CPU", file=sys.stderr)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"played {len(deals)} deals ({len(skipped)} skipped: the engines disagreed)")
    for line in skipped:
        print(f"  skipped {line}")
    if deals:
        report(deals, args.players)
    print(f"\nCPU {cpu:.1f} s, wall {wall:.1f} s ({cpu / max(args.deals, 1):.2f} s CPU a deal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
