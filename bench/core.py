"""The rules core's hot path per move, per game: at every position of random hands of fixed
seeds, ``observe`` for every seat and the legal actions of the seats to act (what the site asks
of the core for each move), and ``apply`` (reported apart). Issue 39, item 4.

Run from the project root:

    .venv/bin/python bench/core.py                                # this checkout, 5 rounds
    .venv/bin/python bench/core.py --base af73574                 # against a base, interleaved
    .venv/bin/python bench/core.py --base af73574 --base 3dcbdaf --rounds 7 --hands 40
    .venv/bin/python bench/core.py --games czech bridge

Each round runs every side in a fresh process (``bench/base.py``: the base commit checked out
into a temporary git worktree, the sides' order alternating round by round); a process deals
``--hands`` hands per game under fixed seeds, plays them with uniformly random legal actions
(its own side's rules, so both sides play the same hands while the rules agree), then, ``--reps``
times, replays them as a server plays a hand (each state observed after the action that made it,
then the next action applied; each state dropped once the next is made; states are new objects
in every pass, so nothing one pass worked out is reused by the next) and times, in CPU seconds
of the process (``time.process_time``, each block on its own, the clock's own cost taken off):

- ``observe+legal``: at every position (the deal and after each action), ``observe`` for every
  seat and ``legal_actions`` for each seat to act (the target's figure);
- ``observe`` and ``legal`` alone, each in a pass of its own;
- ``apply``: each action's ``apply`` (and the deal's ``new_hand``), per action.

``--digest`` times nothing: it hashes every view (every seat, the audience, everyone) and legal
list of every position strictly (a list is not a tuple, key order counts), the states met as a
server meets them and again all made first, and prints the hashes per side: a change that must
not change a view prints the same hash as its base.

A process reports its best repetition (other work on the machine only ever adds time); the
parent prints each side's median over the rounds and the ratio here/base with its spread (the
lowest and highest ratio of the rounds, paired in order). First and last it prints the machine
and its load, and the calibration (``bench/calibration.py``: CPU seconds to fold 300 Czech hands,
this checkout's code, in the parent process), so figures of other days can be scaled. It prints
figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import base  # noqa: E402

GAMES = ("hungarian", "czech", "slovenian3", "bridge")
FIGURES = ("observe+legal", "observe", "legal", "apply")
SEED = 20261128
# The tables ``--digest`` hashes: each game with its default options, and with the options that
# change what a view shows (a table of five, every trick reviewable, radelci, two and four players).
DIGEST_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "hungarian": [{}, {"five_player": True}, {"trick_review": "all", "max_kontra_level": 5}],
    "czech": [{}, {"trick_review": "all"}],
    "slovenian3": [{}, {"trick_review": "all", "radelci": True}],
    "bridge": [{}, {"players": 2}, {"players": 4}],
}


# --- the worker: runs with its side's ``games`` ---------------------------------------------------


def deal_hands(
    variant: Any, game: str, count: int, options: dict[str, Any] | None = None
) -> list[tuple[Any, Any, list[tuple[int, str]]]]:
    """``count`` hands of ``game`` played with uniformly random legal actions, fixed seeds."""
    from games.rules import HandContext
    from games.rules.base import resolve_options

    options = options or {}
    seats = variant.seat_count(resolve_options(variant.options, options))
    hands = []
    for index in range(count):
        rng = random.Random(f"bench-core:{SEED}:{game}:{index}")
        dealer = index % seats
        deal = variant.deal(rng, seats, options, dealer=dealer)
        context = HandContext(dealer=dealer, options=options) if options else HandContext(dealer=dealer)
        state = variant.new_hand(deal, context)
        actions: list[tuple[int, str]] = []
        while not variant.is_over(state):
            seat = rng.choice(sorted(variant.to_act(state)))
            action = rng.choice(variant.legal_actions(state, seat))
            state = variant.apply(state, seat, action)
            actions.append((seat, action))
        hands.append((deal, context, actions))
    return hands


Hands = list[tuple[Any, Any, list[tuple[int, str]]]]


def fold(variant: Any, hands: Hands) -> list[Any]:
    """Every position of every hand (the deal, then after each action), as new state objects."""
    states: list[Any] = []
    for deal, context, actions in hands:
        state = variant.new_hand(deal, context)
        states.append(state)
        for seat, action in actions:
            state = variant.apply(state, seat, action)
            states.append(state)
    return states


def clock_cost() -> float:
    """What one reading of the CPU clock adds to a timed block (the median of 201)."""
    clock = time.process_time
    costs = []
    for _ in range(201):
        first = clock()
        costs.append(clock() - first)
    return sorted(costs)[100]


def play_through(
    variant: Any, hands: Hands, seats: int, observing: bool, legal: bool, overhead: float
) -> tuple[float, float]:
    """CPU seconds (``time.process_time``) of ``observe`` for every seat and the legal actions of
    each seat to act, at every position of every hand, and of ``apply`` (with ``new_hand``): as a
    server plays a hand, each state observed after the action that made it, then the next action
    applied to it; each state dropped once the next is made. Each block is timed on its own, and
    ``overhead`` (``clock_cost``) taken off each."""
    observe, legal_actions, to_act, apply = (
        variant.observe,
        variant.legal_actions,
        variant.to_act,
        variant.apply,
    )
    viewers = range(seats)
    clock = time.process_time
    gc.collect()
    spent = applying = 0.0
    blocks = 0
    for deal, context, actions in hands:
        mark = clock()
        state = variant.new_hand(deal, context)
        now = clock()
        applying += now - mark
        mark = now
        for step in range(len(actions) + 1):
            if observing:
                for viewer in viewers:
                    observe(state, viewer)
            if legal:
                for seat in sorted(to_act(state)):
                    legal_actions(state, seat)
            now = clock()
            spent += now - mark
            mark = now
            blocks += 1
            if step < len(actions):
                seat, action = actions[step]
                state = apply(state, seat, action)
                now = clock()
                applying += now - mark
                mark = now
    return spent - blocks * overhead, applying - blocks * overhead


def strict(value: Any) -> Any:
    """A value as data that keeps what JSON would lose: a list and a tuple apart, a dict's key
    order, a message's every field, the type of each scalar (``bench/fingerprint.py`` sorts
    keys and makes tuples lists; a view must be the same to the byte, so this does not)."""
    kind = type(value)
    if kind is dict or isinstance(value, dict) and not hasattr(value, "_fields"):
        return [kind.__name__, [[strict(k), strict(v)] for k, v in value.items()]]
    if kind in (list, tuple) or isinstance(value, (list, tuple)):
        return [kind.__name__, [strict(v) for v in value]]
    if kind in (set, frozenset):
        return [kind.__name__, sorted(repr(strict(v)) for v in value)]
    if kind.__name__ == "Msg":
        return ["Msg", value.text, value.plural, value.count, value.context, strict(value.params)]
    if value is None or kind in (bool, int, float, str):
        return [kind.__name__, value]
    return [kind.__module__ + "." + kind.__qualname__, repr(value)]


def see(digest: Any, variant: Any, state: Any, seats: int) -> None:
    """Every view (every seat, the audience, everyone) and legal list (every seat) of a state."""
    for viewer in [*range(seats), "audience", "everyone"]:
        digest.update(repr(strict(variant.observe(state, viewer))).encode())
    for seat in range(seats):
        digest.update(repr(strict(variant.legal_actions(state, seat))).encode())


def digests(games: list[str], count: int) -> dict[str, Any]:
    """Per game, a hash of every view (every seat, the audience and everyone) and every legal
    list (every seat) at every position of the workload's hands, kept strictly (``strict``)."""
    from games.rules import get_variant
    from games.rules.base import resolve_options

    out: dict[str, Any] = {}
    for game, options in [(g, o) for g in games for o in DIGEST_OPTIONS[g]]:
        variant = get_variant(game)
        seats = variant.seat_count(resolve_options(variant.options, options))
        hands = deal_hands(variant, game, count, options)
        # As a server meets them (each state observed before the next action: a state's memo
        # builds on the previous state's), then every state made first and observed after.
        found = []
        for flow in ("played", "folded"):
            digest = hashlib.sha256()
            states: list[Any] = []
            for deal, context, actions in hands:
                state = variant.new_hand(deal, context)
                for step in range(len(actions) + 1):
                    if flow == "played":
                        states.append(state)
                        see(digest, variant, state, seats)
                    if step < len(actions):
                        state = variant.apply(state, *actions[step])
            if flow == "folded":
                states = fold(variant, hands)
                for state in states:
                    see(digest, variant, state, seats)
            found.append(digest.hexdigest()[:16])
        table = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
        out[f"{game} {table}"] = {"positions": len(states), "digest": found[0], "folded": found[1]}
    return out


def work(games: list[str], count: int, reps: int) -> dict[str, Any]:
    """The worker's whole job: per game, the best of ``reps`` of each figure, in seconds."""
    from games.rules import get_variant
    from games.rules.base import resolve_options

    out: dict[str, Any] = {}
    for game in games:
        variant = get_variant(game)
        seats = variant.seat_count(resolve_options(variant.options, {}))
        hands = deal_hands(variant, game, count)
        actions = sum(len(h[2]) for h in hands)
        digest = hashlib.sha256(json.dumps([h[2] for h in hands]).encode()).hexdigest()[:12]
        best = dict.fromkeys(FIGURES, float("inf"))
        overhead = clock_cost()
        for _ in range(reps):
            both, applying = play_through(variant, hands, seats, True, True, overhead)
            best["apply"] = min(best["apply"], applying)
            best["observe+legal"] = min(best["observe+legal"], both)
            alone = play_through(variant, hands, seats, True, False, overhead)[0]
            best["observe"] = min(best["observe"], alone)
            best["legal"] = min(best["legal"], play_through(variant, hands, seats, False, True, overhead)[0])
        out[game] = {"positions": actions + len(hands), "actions": actions, "hands": digest, **best}
    return out


# --- the parent -----------------------------------------------------------------------------------


def per_move(result: dict[str, Any], figure: str) -> float:
    """µs per position (observe, legal), or per action (apply)."""
    count = result["actions"] if figure == "apply" else result["positions"]
    return float(result[figure]) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", action="append", default=[], help="a commit to compare against")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=40, help="hands per game")
    parser.add_argument("--reps", type=int, default=3, help="repetitions within a process (best)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument(
        "--digest",
        action="store_true",
        help="instead of timing: a strict hash of every view and legal list of the workload, per side",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        base.use_code_root()
        job = digests(args.games, args.hands) if args.digest else work(args.games, args.hands, args.reps)
        print(json.dumps(job))
        return

    from bench.calibration import calibration, machine

    started = time.perf_counter()
    print(f"bench/core.py: {args.hands} hands per game, {args.rounds} rounds, best of {args.reps} each")
    print(f"machine: {machine()}")
    print(f"calibration (before): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    argv = [
        str(Path(__file__).resolve()),
        "--worker",
        "--hands",
        str(args.hands),
        "--reps",
        str(args.reps),
        "--games",
        *args.games,
        *(["--digest"] if args.digest else []),
    ]
    results = base.against_bases(args.base, argv, 1 if args.digest else args.rounds)

    if args.digest:
        for game in results["here"][0]:
            for name, rounds in results.items():
                found = rounds[0][game]
                same = "" if found["folded"] == found["digest"] else f"  (folded first: {found['folded']}!)"
                print(f"{game:<40} {name:<16} {found['positions']:>6} positions  {found['digest']}{same}")
        return
    here = results["here"]
    for game in args.games:
        print(f"\n{game}: {here[0][game]['positions']} positions, {here[0][game]['actions']} actions")
        for name, rounds in results.items():
            if rounds[0][game]["hands"] != here[0][game]["hands"]:
                print(f"  note: {name} played other hands than here (its rules chose differently)")
        for figure in FIGURES:
            unit = "µs/action" if figure == "apply" else "µs/position"
            values = {name: [per_move(r[game], figure) for r in rounds] for name, rounds in results.items()}
            if len(values) == 1:
                spread = values["here"]
                print(
                    f"  {figure:<14} {base.median(spread):7.1f} {unit} "
                    f"(rounds {min(spread):.1f}–{max(spread):.1f})"
                )
            for name in values:
                if name != "here":
                    line = base.ratio_line(values[name], values["here"], unit)
                    print(f"  {figure:<14} {name}: {line}")
    print(f"\nmachine: {machine()}")
    print(f"calibration (after): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    print(f"took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
