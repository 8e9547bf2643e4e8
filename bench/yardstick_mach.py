"""A yardstick from outside for our Czech robots: machtarok.com's own robots, run offline.

machtarok.com (coder0987/Taroky) runs its game and its robots in Node. Its code is not ours and
is not copied here: this script takes its ``server/`` folder at run time from ``--mach`` (a bare
git directory, by default the read-only mirror, extracted with ``git archive`` into a temporary
directory; or a checkout holding ``server/``) and drives it through our own driver,
``bench/mach_driver.js``, over JSON lines.

Duplicate play. Deal *i* is a deck shuffled from ``--seed`` and *i*; Mach's engine deals it
(talon first, then packets of six) and finds povinnost (the holder of the II, else the III, ...).
One seat, ``i mod 4``, is the seat under test: its CARD PLAY is decided by the player under
test; every other decision (prever, the talon, the discards, the partner call, money cards,
valat, I on the end, contra) and every card of the three other seats by Mach's robots of the
reference level (``--reference``, default Normal). Mach's robots decide from the hand and the
table alone (no random numbers), so on one deal everything before the first card is the same
for every player under test. Players (``--players``):

- ``mach``: Mach's own robot of the reference level in that seat (the reference);
- ``mach-<level>``: the card play of Mach's robot of another level (beginner, easy, normal,
  hard, ruthless) in that seat, the room still at the reference level;
- ``basic``, ``strong``, ``random``: our robots (``games.bots.get_robot``; the strong one with
  its counted budget, ``--budget`` playouts a decision, none of wall time; rng seeded per deal).

Our robots choose from OUR engine's view of their seat: the script keeps our Czech state
(``games.rules.czech``) in step with Mach's game, applying every one of Mach's decisions to it,
and checks at every card the seat under test plays that our legal cards are Mach's. A
difference, or a decision of Mach's our rules refuse, is a finding: the deal is dropped for that
player and counted. A hand counts the seat's chips as Mach's engine pays them (money cards
included); ours are computed too, and every seat where the two engines pay differently is a
cross-check finding (the rules' known differences, shared/rules/czech.md §15, show up there).

    .venv/bin/python bench/yardstick_mach.py --deals 40 --seed 1 --players mach,basic,strong

It prints the figures and asserts nothing; tests/rules/test_yardstick_mach.py runs it on 2 deals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.calibration import CALIBRATION_HANDS, CALIBRATION_SEED, calibration  # noqa: E402
from games.bots import StrongRobot, get_robot, seat_view  # noqa: E402
from games.bots.view import Policy, View  # noqa: E402
from games.rules import Deal, HandContext  # noqa: E402
from games.rules.cards import pack_54  # noqa: E402
from games.rules.czech import CZECH, CzechState, Phase  # noqa: E402
from games.rules.czech.state import PREVER  # noqa: E402

MIRROR = Path("/work/.mirror/coder0987+Taroky/repo")
DRIVER = Path(__file__).resolve().parent / "mach_driver.js"
MACH_LEVELS = ("beginner", "easy", "normal", "hard", "ruthless")
OUR_LEVELS = ("random", "basic", "strong")
ROLES = ("povinnost", "partner", "defender", "prever", "prever defender")


class Mismatch(Exception):
    """Our engine cannot follow Mach's game: a finding, the deal is dropped for this player."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


# -- Mach's code, extracted at run time -----------------------------------------------------------


def extract_mach(source: Path, into: Path) -> tuple[Path, str]:
    """Mach's ``server/`` folder copied under ``into``, and what it is (a commit, or a path)."""
    if (source / "server" / "GamePlay.js").exists():
        shutil.copytree(source / "server", into / "server")
        return into / "server", str(source)
    git = ["git", f"--git-dir={source}"]
    try:
        commit = subprocess.run(
            [*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout
        archive = subprocess.run([*git, "archive", "HEAD", "server"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(
            f"{source} is neither a checkout with server/ nor a git directory: {error}"
        ) from None
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    if not (into / "server" / "GamePlay.js").exists():
        raise SystemExit(f"{source} holds no server/GamePlay.js: not machtarok.com's code")
    return into / "server", f"commit {commit.strip()[:12]}"


class Driver:
    """Our Node driver over Mach's engine: one process, one hand at a time."""

    def __init__(self, node: str, server: Path) -> None:
        self.process = subprocess.Popen(
            [node, str(DRIVER), str(server)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        ready = self.read()
        if ready.get("ev") != "ready":
            raise SystemExit(f"the Mach driver did not start: {ready}")

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the Mach driver stopped (exit {self.process.poll()})")
        event: dict[str, Any] = json.loads(line)
        return event

    def cpu_seconds(self) -> float:
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=10)


# -- our engine, kept in step with Mach's game -----------------------------------------------------


class Mirror:
    """Our Czech state, following Mach's events; the seat under test's cards from ``robot``."""

    def __init__(self, seat: int, robot: Policy[View] | None, rng: random.Random) -> None:
        self.seat = seat
        self.robot = robot
        self.rng = rng
        self.state: CzechState | None = None
        self.prever_calls: list[tuple[int, bool]] = []
        self.contra_calls: list[tuple[int, bool]] = []
        self.money: dict[int, list[str]] = {}
        self.decisions = 0
        self.think = 0.0  # CPU seconds of our robot's choices

    @property
    def current(self) -> CzechState:
        if self.state is None:
            raise Mismatch("protocol", "an event before the deal")
        return self.state

    def apply(self, seat: int, action: str, kind: str) -> None:
        state = self.current
        if seat not in CZECH.to_act(state):
            raise Mismatch(
                kind,
                f"Mach has seat {seat} {action} where ours waits for {sorted(state.to_act)} ({state.phase})",
            )
        legal = CZECH.legal_actions(state, seat)
        if action not in legal:
            raise Mismatch(
                kind, f"seat {seat} {action} is not legal in ours ({state.phase}: {' '.join(legal)})"
            )
        self.state = CZECH.apply(state, seat, action)

    def flush_prever(self) -> None:
        """Mach asks everyone and a later prever replaces an earlier one; ours stops at the first:
        the last caller is the prever, the seats before it pass."""
        if not self.prever_calls:
            return
        callers = [seat for seat, call in self.prever_calls if call]
        final = callers[-1] if callers else None
        for seat, _call in self.prever_calls:
            self.apply(seat, "prever" if seat == final else "pass", "prever")
            if seat == final:
                break
        self.prever_calls = []

    def flush_contra(self) -> None:
        """Mach's contra calls, in its order, fed to our offers; the others pass."""
        calls = [seat for seat, call in self.contra_calls if call]
        state = self.current
        while state.phase is Phase.CONTRA:
            (offered,) = state.to_act
            if calls and calls[0] == offered:
                word = next(a for a in CZECH.legal_actions(state, offered) if a != "pass")
                self.apply(offered, word, "contra")
                calls.pop(0)
            else:
                self.apply(offered, "pass", "contra")
            state = self.current
        if calls:
            raise Mismatch("contra", f"Mach's contra by seat {calls[0]} is never offered in ours")
        self.contra_calls = []

    def settle_money(self) -> None:
        """Mach never pays a partner game's povinnost their Uni or Bida (GamePlay.moneyCards'
        skipUniBida reads a board field that does not exist): ours declines them."""
        state = self.current
        while state.phase is Phase.MONEY:
            (seat,) = state.to_act
            legal = CZECH.legal_actions(state, seat)
            self.apply(seat, "decline" if "decline" in legal else "declare", "money")
            state = self.current

    def before(self, kind: str) -> None:
        if kind != "prever":
            self.flush_prever()
        if kind in ("card", "ask") and (self.contra_calls or self.current.phase is Phase.CONTRA):
            self.flush_contra()
        if kind in ("valat", "iote", "contra", "card", "ask"):
            self.settle_money()

    def handle(self, event: dict[str, Any]) -> str | None:
        """Apply one of Mach's events; for an ``ask``, our robot's card."""
        kind = event["ev"]
        if kind == "dealt":
            povinnost = int(event["povinnost"])
            deal = Deal(hands=tuple(tuple(h) for h in event["hands"]), talon=tuple(event["talon"]))
            context = HandContext(dealer=(povinnost - 1) % 4, options={}, opening=False)
            self.state = CZECH.new_hand(deal, context)
            return None
        self.before(kind)
        seat = int(event.get("seat", -1))
        if kind == "prever":
            self.prever_calls.append((seat, bool(event["call"])))
        elif kind == "prever_talon":
            self.apply(seat, "keep" if event["accept"] else "reject", "prever talon")
        elif kind == "draw":
            if seat != self.current.povinnost:  # ours gives povinnost talon cards 1-4 at once
                self.apply(seat, "take", "talon")
        elif kind == "pass_talon":
            raise Mismatch("talon", f"seat {seat} passes a talon card (Mach's offer differs from ours)")
        elif kind == "discard":
            self.apply(seat, f"discard:{event['card']}", "discard")
        elif kind == "partner":
            self.apply(seat, f"call:{event['card']}", "partner call")
        elif kind == "money":
            self.money[seat] = list(event["cards"])
        elif kind == "valat":
            self.apply(seat, "valat" if event["call"] else "pass", "valat")
        elif kind == "iote":
            self.apply(seat, "iote" if event["call"] else "pass", "I on the end")
        elif kind == "contra":
            self.contra_calls.append((seat, bool(event["call"])))
        elif kind == "card":
            if seat == self.seat:
                self.check_legal(seat, event["legal"])
            self.apply(seat, f"play:{event['card']}", "card")
        elif kind == "ask":
            return self.choose(seat, event["legal"])
        else:
            raise Mismatch("protocol", f"unknown event {kind}")
        return None

    def check_legal(self, seat: int, mach_legal: list[str]) -> None:
        state = self.current
        if state.phase is not Phase.PLAY or seat not in state.to_act:
            raise Mismatch(
                "turn", f"Mach asks seat {seat} for a card; ours is at {state.phase} {sorted(state.to_act)}"
            )
        our_legal = {action.partition(":")[2] for action in CZECH.legal_actions(state, seat)}
        if our_legal != set(mach_legal):
            only_mach, only_ours = sorted(set(mach_legal) - our_legal), sorted(our_legal - set(mach_legal))
            kind = (
                "legal cards: the called I" if only_mach == ["T1"] and state.iote == seat else "legal cards"
            )
            raise Mismatch(
                kind,
                f"seat {seat}, trick {len(state.tricks) + 1}: only Mach {only_mach}, only ours {only_ours}",
            )

    def choose(self, seat: int, mach_legal: list[str]) -> str:
        self.check_legal(seat, mach_legal)
        assert self.robot is not None
        state = self.current
        legal = CZECH.legal_actions(state, seat)
        started = time.process_time()
        action = self.robot.choose(seat_view(CZECH, state, seat), legal, self.rng)
        if len(legal) > 1:
            self.think += time.process_time() - started
            self.decisions += 1
        return action.partition(":")[2]

    def role(self) -> str:
        state = self.current
        if state.contract == PREVER:
            return "prever" if state.prever == self.seat else "prever defender"
        if state.povinnost == self.seat:
            return "povinnost"
        return "partner" if state.partner == self.seat else "defender"


# -- one hand, one deal, every player ---------------------------------------------------------------


@dataclass
class Hand:
    player: str
    deal: int
    seat: int
    role: str = ""
    mach: int = 0  # the seat's chips as Mach pays them
    ours: int = 0  # as our engine pays them
    skipped: str = ""  # the finding's kind, when the deal was dropped
    detail: str = ""
    disagree: tuple[int, ...] = ()  # seats our engine pays differently
    decisions: int = 0
    think: float = 0.0


def deck_of(seed: int, index: int) -> list[str]:
    cards = list(pack_54())
    random.Random(f"yardstick-mach:{seed}:{index}").shuffle(cards)
    return cards


def robot_of(player: str, budget: int | None) -> Policy[View] | None:
    if player == "strong" and budget is not None:
        return StrongRobot(playout_budget=budget)
    if player in OUR_LEVELS:
        return get_robot(player)
    return None


def play(driver: Driver, player: str, index: int, args: argparse.Namespace) -> Hand:
    seat = index % 4
    hand = Hand(player, index, seat)
    robot = robot_of(player, args.budget)
    mirror = Mirror(seat, robot, random.Random(f"yardstick-mach:{args.seed}:{index}:{player}"))
    mode = "external" if robot is not None else ("mach" if player == "mach" else player)
    driver.send(
        {
            "cmd": "hand",
            "deck": deck_of(args.seed, index),
            "reference": args.reference,
            "seat": seat,
            "player": mode,
            "seed": args.seed * 100003 + index,
        }
    )
    failed: Mismatch | None = None
    while True:
        event = driver.read()
        kind = event["ev"]
        if kind == "error":
            failed = Mismatch("Mach's engine failed", str(event["message"]).splitlines()[0])
            break
        if kind == "aborted":
            break
        if kind == "end":
            if failed is None:
                try:
                    finish(hand, mirror, event)
                except Mismatch as mismatch:
                    failed = mismatch
            break
        if failed is not None:
            if kind == "ask":
                driver.send({"abort": True})
            continue
        try:
            answer = mirror.handle(event)
        except Mismatch as mismatch:
            failed = mismatch
            if kind == "ask":
                driver.send({"abort": True})
            continue
        if kind == "ask":
            driver.send({"card": answer})
    if failed is not None:
        hand.skipped, hand.detail = failed.kind, failed.detail
    hand.decisions, hand.think = mirror.decisions, mirror.think
    return hand


def finish(hand: Hand, mirror: Mirror, end: dict[str, Any]) -> None:
    state = mirror.current
    if state.phase is not Phase.OVER or state.result is None:
        raise Mismatch("end", f"Mach's hand is over, ours is at {state.phase}")
    chips = [int(c) for c in end["chips"]]
    payments = state.result.payments
    hand.role = mirror.role()
    hand.mach, hand.ours = chips[hand.seat], payments[hand.seat]
    hand.disagree = tuple(s for s in range(4) if chips[s] != payments[s])
    if hand.disagree:
        points = state.result.card_points
        hand.detail = (
            f"Mach pays {chips}, ours {list(payments)} ({state.contract}, "
            f"card points {points[0]}-{points[1]}, "
            f"contra {len(state.contra_calls)}, money {mirror.money})"
        )


# -- figures ------------------------------------------------------------------------------------------


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.nan
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def fmt(pair: tuple[float, float]) -> str:
    mean, se = pair
    if math.isnan(mean):
        return "-"
    return f"{mean:+.2f} ± {se:.2f}" if not math.isnan(se) else f"{mean:+.2f}"


@dataclass
class Report:
    players: list[str]
    reference: str
    hands: dict[str, dict[int, Hand]] = field(default_factory=lambda: defaultdict(dict))

    def counted(self, player: str) -> dict[int, Hand]:
        return {i: h for i, h in self.hands[player].items() if not h.skipped}

    def lines(self) -> Iterator[str]:
        ref = self.counted("mach") if "mach" in self.players else {}
        yield (
            f"{'player':<14}{'hands':>6}{'dropped':>8}  {'chips/hand (Mach scores)':>25}  "
            f"{'ours scores':>15}  {'paired − mach':>16}{'n':>5}  {'CPU ms/decision':>16}"
        )
        for player in self.players:
            counted = self.counted(player)
            all_hands = self.hands[player]
            dropped = len(all_hands) - len(counted)
            mach = mean_se([h.mach for h in counted.values()])
            ours = mean_se([h.ours for h in counted.values()])
            both = [i for i in counted if i in ref]
            paired = (
                mean_se([counted[i].mach - ref[i].mach for i in both]) if player != "mach" else (math.nan, 0)
            )
            decisions = sum(h.decisions for h in all_hands.values())
            think = sum(h.think for h in all_hands.values())
            cpu = f"{think / decisions * 1000:.1f} ({decisions})" if decisions else "-"
            yield (
                f"{player:<14}{len(all_hands):>6}{dropped:>8}  {fmt(mach):>25}  {fmt(ours):>15}  "
                f"{fmt(paired):>16}{len(both) if player != 'mach' else '':>5}  {cpu:>16}"
            )
        if not ref:
            return
        yield ""
        yield "By the seat's role (chips/hand as Mach scores them; others: paired − mach, ± s.e.):"
        header = f"{'role':<16}{'n':>4}  {'mach':>15}"
        others = [p for p in self.players if p != "mach"]
        for player in others:
            header += f"  {player + ' − mach':>22}"
        yield header
        for role in ROLES:
            deals = [i for i, h in ref.items() if h.role == role]
            if not deals:
                continue
            row = f"{role:<16}{len(deals):>4}  {fmt(mean_se([ref[i].mach for i in deals])):>15}"
            for player in others:
                counted = self.counted(player)
                diffs = [counted[i].mach - ref[i].mach for i in deals if i in counted]
                row += f"  {fmt(mean_se(diffs)) + f' (n={len(diffs)})':>22}"
            yield row

    def findings(self) -> Iterator[str]:
        kinds: Counter[tuple[str, str]] = Counter()
        example: dict[tuple[str, str], str] = {}
        for player in self.players:
            for hand in self.hands[player].values():
                if hand.skipped:
                    key = ("dropped", hand.skipped)
                elif hand.disagree:
                    key = ("scores differ", "seats " + ",".join(map(str, hand.disagree)))
                else:
                    continue
                kinds[key] += 1
                example.setdefault(key, f"deal {hand.deal} ({player}): {hand.detail}")
        if not kinds:
            yield "Findings: none (every hand followed in our engine, every payment equal)."
            return
        yield "Findings (hands, over all players):"
        for (what, kind), count in sorted(kinds.items()):
            yield f"  {what}: {kind}: {count}  e.g. {example[(what, kind)]}"


@contextmanager
def mach_server(source: Path) -> Iterator[tuple[Path, str]]:
    with tempfile.TemporaryDirectory(prefix="yardstick-mach-") as temp:
        yield extract_mach(source, Path(temp))


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--deals", type=int, default=40, help="deals (default 40); each is played once per player"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players",
        default="mach,basic,strong",
        help="comma-separated: mach, mach-<level>, random, basic, strong",
    )
    parser.add_argument(
        "--reference", default="normal", choices=MACH_LEVELS, help="Mach's level (default normal)"
    )
    parser.add_argument("--budget", type=int, default=None, help="the strong robot's playouts a decision")
    parser.add_argument("--mach", type=Path, default=MIRROR, help="Mach's git directory or a checkout")
    parser.add_argument("--node", default=shutil.which("node") or "/usr/bin/node")
    parser.add_argument("--no-calibration", action="store_true", help="skip the calibration (tests)")
    args = parser.parse_args(argv)
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    for player in players:
        level = player.removeprefix("mach-")
        if (
            player != "mach"
            and player not in OUR_LEVELS
            and not (player.startswith("mach-") and level in MACH_LEVELS)
        ):
            parser.error(
                f"unknown player {player!r} (mach, mach-<{'|'.join(MACH_LEVELS)}>, {', '.join(OUR_LEVELS)})"
            )
    if len(set(players)) != len(players) or not players:
        parser.error("name each player once")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.budget is not None and args.budget < 1:
        parser.error("--budget must be a positive count of playouts")
    args.players = players
    return args


def run(args: argparse.Namespace) -> Report:
    report = Report(players=args.players, reference=args.reference)
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    with mach_server(args.mach) as (server, origin):
        driver = Driver(args.node, server)
        try:
            for index in range(args.deals):
                for player in args.players:
                    report.hands[player][index] = play(driver, player, index, args)
        finally:
            node_cpu = driver.cpu_seconds()
            driver.close()
    cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started_wall
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    budget = args.budget if args.budget is not None else "the default"
    print(
        f"machtarok.com yardstick (Czech): Mach's {origin}, room and reference at {args.reference.title()}; "
        f"{args.deals} deals, seed {args.seed}, the seat under test rotating 0-3; strong budget {budget}"
    )
    for line in report.lines():
        print(line)
    for line in report.findings():
        print(line)
    print(
        f"CPU: Python {cpu:.1f} s, Node {node_cpu:.1f} s; wall {wall:.1f} s; "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load {load}"
    )
    if not args.no_calibration:
        print(
            f"Calibration: {calibration():.2f} s CPU to replay {CALIBRATION_HANDS} Czech hands of random "
            f"actions (seed {CALIBRATION_SEED})"
        )
    return report


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if not Path(args.node).exists() and shutil.which(args.node) is None:
        raise SystemExit(f"no node at {args.node}")
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
