"""Robot playouts: 2,100 Bridge rounds played by the random and basic robots, mixed at the table.

The rounds take their deals and options from the rules' random playouts (``round_setup``:
2, 3 and 4 players in turn, every §12 option value), and each seat is given the random or the
basic robot (both levels at most tables), which chooses from ``observe(state, seat)`` and the
legal actions only, as the site's runner calls it.

After every action:
- the robot's input named no card its seat cannot know (another hand, a card another seat drew,
  the blind), and its action was legal;
- replay: the state rebuilt one action at a time from the stored deal and context (JSON
  round-tripped) equals the state played (every 50th round also folded from scratch with
  ``games.rules.replay``; every round at its end);
- no card is created or lost: hands, blind and stack hold the 36 cards once each.
At the end the payments are recomputed from the final hands (``check_result``).

The run asserts that every kind of robot decision and situation occurred (reshuffles, several
8s both ways, wishes, Bridges, J points both ways, the final move's effects, ...) and reports the
longest round. The rounds are split between two worker processes; each round has its own seed.
"""

from __future__ import annotations

import re
from collections import Counter

from games.bots import get_robot
from games.rules.bridge import BRIDGE, BridgeState
from games.rules.bridge.pack import PACK
from tests.helpers.bridge_playouts import (
    CARD_TOKEN,
    MAX_ACTIONS,
    check_cards,
    check_result,
    kinds,
    round_setup,
)
from tests.rules.english import dumps, english
from tests.rules.playout_checks import Replayed, in_workers

ROUNDS = 2100
PLAYED = re.compile(r"^plays ([HDSC](?:10|[6-9JQKA]))$")
ROBOTS = {"random": get_robot("random"), "basic": get_robot("basic")}


def levels_for(index: int, players: int) -> list[str]:
    """Basic and random mixed: seat k gets basic when bit k of a per-round pattern is set, and
    one round in five is all basic (the robot the turn clocks use)."""
    if index % 5 == 4:
        return ["basic"] * players
    pattern = (index * 7 + 3) % (2**players - 1) + 1  # never all random, sometimes all basic
    return ["basic" if pattern >> k & 1 else "random" for k in range(players)]


def robot_input(state: BridgeState, seat: int, legal: list[str], played: set[str]) -> dict:
    """The seat's view, checked to name no hidden card."""
    view = BRIDGE.observe(state, seat)
    hidden = PACK - set(state.hands[seat]) - played
    seen = set(CARD_TOKEN.findall(dumps([view, legal])))
    assert not seen & hidden, (state.phase, seat, sorted(seen & hidden))
    assert view["blind"] is None and view["deal"] is None
    return view


def play_round(index: int) -> tuple[Counter[str], int]:
    rng, deal, context = round_setup(index)
    state = BRIDGE.new_hand(deal, context)
    replayed = Replayed(BRIDGE, deal, context)
    players = state.setup.players
    levels = levels_for(index, players)
    seen: Counter[str] = Counter({f"players {players}": 1})
    seen.update(f"{level} robot" for level in set(levels))
    played: set[str] = set()
    check_cards(state)
    while not BRIDGE.is_over(state):
        assert len(replayed.log) < MAX_ACTIONS, f"round {index} does not end"
        (seat,) = state.to_act
        legal = BRIDGE.legal_actions(state, seat)
        view = robot_input(state, seat, legal, played)
        action = ROBOTS[levels[seat]].choose(view, legal, rng)
        assert action in legal, (index, levels[seat], action, legal)
        before = state
        state = BRIDGE.apply(state, seat, action)
        seen.update(kinds(before, seat, action, state))
        if len(legal) > 1:
            choice = action if action.startswith(("eights:", "jpoints:")) else action.partition(":")[0]
            seen[f"{levels[seat]} chose {choice}"] += 1
        replayed.after(state, seat, action, fold=index % 50 == 0)
        for _, text in state.log[len(before.log) :]:
            match = PLAYED.match(english(text))
            if match:
                played.add(match.group(1))
        check_cards(state)
    replayed.finish(state)
    check_result(state)
    return seen, len(replayed.log)


def play_rounds(indices: range) -> tuple[Counter[str], list[int]]:
    seen: Counter[str] = Counter()
    lengths = []
    for index in indices:
        kinds_seen, length = play_round(index)
        seen.update(kinds_seen)
        lengths.append(length)
    return seen, lengths


def test_robot_playouts():
    results = in_workers(play_rounds, ROUNDS)
    seen = sum((kinds_seen for kinds_seen, _ in results), Counter())
    lengths = sorted(length for _, chunk in results for length in chunk)
    print(
        f"{ROUNDS} Bridge rounds by robots: actions per round median {lengths[len(lengths) // 2]}, "
        f"longest {lengths[-1]}; {dict(sorted(seen.items()))}"
    )
    assert len(lengths) == ROUNDS and lengths[-1] < 600
    wanted = {
        "players 2",
        "players 3",
        "players 4",
        "random robot",
        "basic robot",
        "play",
        "draw",
        "stop",
        "wish",
        "bridge",
        "no-bridge",
        "eights:next",
        "eights:spread",
        "jpoints:minus",
        "jpoints:plus",
        "several 8s next",
        "several 8s spread",
        "cover",
        "cover draw",
        "drawn card: play",
        "drawn card: stop",
        "reshuffle",
        "reshuffle by an effect",
        "two reshuffles",
        "ended: went out",
        "ended: Bridge",
        "final move effects",
    }
    choices = ("play", "stop", "wish", "bridge", "no-bridge", "eights:next", "eights:spread")
    wanted |= {f"basic chose {choice}" for choice in (*choices, "jpoints:minus", "jpoints:plus")}
    assert wanted <= set(seen), sorted(wanted - set(seen))
