"""Bridge robots: every level plays only legal actions and sees only its own seat's view, with
2, 3 and 4 players and every option; hidden cards do not change a choice; the basic robot makes
every kind of decision, by rules of thumb shown in written-out spots; the duel harness plays
Bridge."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.bots import get_robot
from games.bots.bridge.basic import BasicPolicy, decide, jpoints
from games.bots.bridge.knowledge import admits, read
from games.bots.bridge.outlook import expected_penalties
from games.bots.bridge.play import choose_add, choose_card, wish
from games.bots.bridge.randomly import RandomPolicy
from games.bots.bridge.sampler import Sampler
from games.bots.bridge.strong import World
from games.bots.bridge.table import Table, from_view
from games.bots.duel import run_duel
from games.rules import Deal, HandContext
from games.rules.bridge import BRIDGE, BridgeState, Phase
from games.rules.bridge.pack import PACK, sort_cards
from games.rules.bridge.state import evolve
from tests.rules.english import dumps, english
from tests.rules.robot_checks import (
    QUICK_STRONG,
    assert_hidden_cards_do_not_matter,
    assert_strong_answers_in_time,
    duel_output,
    observed,
    unlimited_strong,
)

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[HDSC](?:10|[6-9JQKA])(?![A-Za-z0-9])")
MAX_ACTIONS = 3000
# 20 cards in other hands or the blind in the written-out spots (H9 lies low on the stack).
UNSEEN = "HA HK HQ H6 H8 H7 SK SQ S8 S6 DA D10 D8 D7 CA C10 C8 C7 HJ DJ"

Chooser = Callable[[BridgeState, int, list[str], random.Random], str]


def options_for(index: int) -> dict[str, Any]:
    """2, 3 and 4 players in turn, every option value coming up (as the rules' playouts)."""
    return {
        "players": 2 + index % 3,
        "eights_rule": ("player_choice", "player_choice", "always_next", "always_spread")[index // 3 % 4],
        "j_points_rule": ("winner_choice", "winner_choice", "always_minus", "always_plus")[index // 4 % 4],
        "reshuffle_multiplier": index % 5 != 1,
        "reset_at_exact_125": index % 7 != 2,
        "must_play_drawn_card": index // 2 % 2 == 0,
        "opening_card": "last_dealt" if index % 6 == 5 else "starter_choice",
        "finish_effects_before_count": index % 8 != 3,
    }


def play_round(index: int, choose: Chooser) -> BridgeState:
    """One round from seed ``index`` (options ``options_for(index)``), every decision made by
    ``choose(state, seat, legal, rng)``; the final state."""
    rng = random.Random(index)
    options = options_for(index)
    players = options["players"]
    starter = index % players
    state = BRIDGE.new_hand(BRIDGE.deal(rng, players, options, dealer=starter), HandContext(starter, options))
    for _ in range(MAX_ACTIONS):
        if BRIDGE.is_over(state):
            return state
        (seat,) = BRIDGE.to_act(state)
        legal = BRIDGE.legal_actions(state, seat)
        action = choose(state, seat, legal, rng)
        assert action in legal, (action, legal)
        state = BRIDGE.apply(state, seat, action)
    raise AssertionError(f"round {index} does not end")


# -- nothing but the seat's own view ------------------------------------------------------------


class Watched:
    """Wraps a robot: checks each of its inputs for cards its seat may not know (another hand,
    another seat's drawn card, the blind) and counts its decisions by kind."""

    def __init__(self, robot: Any) -> None:
        self.robot = robot
        self.checked = 0
        self.made: Counter[str] = Counter()

    def choose(self, state: BridgeState, seat: int, legal: list[str], rng: random.Random) -> str:
        view = BRIDGE.observe(state, seat)
        texts = [english(text) for _, text in state.log]
        played = {text[6:] for text in texts if text.startswith("plays ")}
        hidden = PACK - set(state.hands[seat]) - played
        seen = set(CARD_TOKEN.findall(dumps([view, legal])))
        assert not seen & hidden, (state.phase, sorted(seen & hidden))
        assert view["blind"] is None and view["deal"] is None
        self.checked += 1
        action = self.robot.choose(view, legal, rng)
        self.made.update(kinds(state, legal, action))
        return action


def kinds(state: BridgeState, legal: list[str], action: str) -> set[str]:
    """The kinds of decision an action was (a forced one counts too: a clock may ask for it)."""
    word = action.partition(":")[0]
    move = state.move
    stage = move.stage.value if move is not None else None
    if state.phase is Phase.PLAY:
        if word == "draw":
            return {"draw (cover)" if stage == "cover" else "draw"}
        if stage == "cover":
            return {"cover" if len(legal) > 1 else "cover (forced)"}
        if stage == "drawn":
            return {f"drawn card: {word}"}
        if stage == "add":
            return {"add" if word == "play" else "stop"}
        return {"play" if len(legal) > 1 else "play (forced)"}
    if word in ("eights", "jpoints"):
        return {action}
    return {word}


def test_every_level_plays_legal_rounds_and_sees_no_hidden_card():
    robots = {
        "random": Watched(get_robot("random")),
        "basic": Watched(get_robot("basic")),
        "strong": Watched(QUICK_STRONG),
    }
    order = ("basic", "random", "strong", "random")
    for index in range(300):
        levels = [order[(seat + index) % 4] for seat in range(4)]

        def choose(state: BridgeState, seat: int, legal: list[str], rng: random.Random, levels=levels) -> str:
            return robots[levels[seat]].choose(state, seat, legal, rng)

        play_round(index, choose)
    assert all(robot.checked > 1500 for robot in robots.values())


BASIC_DECISIONS = (
    "play",
    "add",
    "stop",
    "draw",
    "cover",
    "draw (cover)",
    "drawn card: play",
    "drawn card: stop",
    "wish",
    "eights:next",
    "eights:spread",
    "bridge",
    "no-bridge",
    "jpoints:minus",
    "jpoints:plus",
)


def test_the_basic_robot_makes_every_kind_of_decision():
    # Rounds until every kind has been met (55 from these seeds), at most 500.
    basic = Watched(get_robot("basic"))
    for index in range(500):
        play_round(index, basic.choose)
        if all(basic.made[kind] for kind in BASIC_DECISIONS):
            break
    made = basic.made
    for kind in BASIC_DECISIONS:
        assert made[kind] > 0, (kind, made)


def test_a_table_of_random_robots_plays_legal_rounds():
    robot = get_robot("random")
    for index in range(300):
        play_round(
            10_000 + index,
            lambda state, seat, legal, rng: robot.choose(BRIDGE.observe(state, seat), legal, rng),
        )


# -- hidden cards do not matter -------------------------------------------------------------------


def play_to_choice(index: int, actions: int) -> BridgeState:
    """A basic-robot round stopped after ``actions`` actions, at a decision with several legal
    actions (the first such from seed ``index`` on)."""
    basic = get_robot("basic")
    for seed in range(index, index + 50):
        rng = random.Random(seed)
        options = {"players": 3 + seed % 2}
        players = options["players"]
        state = BRIDGE.new_hand(BRIDGE.deal(rng, players, options, dealer=0), HandContext(0, options))
        done = 0
        while not BRIDGE.is_over(state):
            (seat,) = state.to_act
            legal = BRIDGE.legal_actions(state, seat)
            if done >= actions and len(legal) > 2:
                return state
            state = BRIDGE.apply(state, seat, basic.choose(BRIDGE.observe(state, seat), legal, rng))
            done += 1
    raise AssertionError("no such position")


def swap_hidden(state: BridgeState, seat: int) -> BridgeState:
    """The same position for ``seat`` with a card exchanged between two other hands (neither
    just drawn) and the blind's order reversed."""
    others = [s for s in range(state.setup.players) if s != seat]
    hands = [list(h) for h in state.hands]
    recent = set().union(*state.recent)
    for a in others:
        for b in others:
            for x in hands[a]:
                for y in hands[b]:
                    if a < b and not {x, y} & recent:
                        hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
                        return evolve(
                            state,
                            hands=tuple(sort_cards(h) for h in hands),
                            blind=tuple(reversed(state.blind)),
                        )
    raise AssertionError("nothing to swap")


def test_a_robot_decides_the_same_whatever_the_hidden_cards_are():
    checked = 0
    for index, actions in ((3, 4), (5, 10), (8, 16), (13, 7), (21, 12)):
        state = play_to_choice(index, actions)
        (seat,) = state.to_act
        other = swap_hidden(state, seat)
        assert other.blind != state.blind
        robots = (get_robot("random"), get_robot("basic"), unlimited_strong(60))
        assert_hidden_cards_do_not_matter(BRIDGE, state, other, seat, robots, view_of=observed)
        checked += len(robots)
    assert checked == 15


# -- the basic robot's rules of thumb ------------------------------------------------------------


def table(hand: str, **fields: Any) -> Table:
    base: dict[str, Any] = {
        "seat": 0,
        "players": 3,
        "phase": "play",
        "stage": "first",
        "hand": tuple(hand.split()),
        "counts": (len(hand.split()), 5, 5),
        "top": "S9",
        "wish": None,
        "run": ("S9",),
        "move_cards": (),
        "opening": False,
        "starter": 0,
        "multiplier": 1,
        "unseen": frozenset(UNSEEN.split()),
        "lacks": (frozenset(),) * 3,
        "eights_rule": "player_choice",
        "winner": None,
    }
    base.update(fields)
    return Table(**base)


def test_first_cards_shed_points_and_keep_the_jack():
    # Top S9: SA (15 points, passes the next player over) rather than S7 or the J.
    t = table("SA S7 CJ H10 D6")
    assert choose_card(t, ["SA", "S7", "CJ"]) == "SA"
    # Two 9s go together (two cards shed); the J stays as the escape.
    t = table("D9 C9 HK CJ")
    assert choose_card(t, ["D9", "C9", "CJ"]) in ("D9", "C9")
    # Going out beats everything: the last two cards are the same rank.
    t = table("H9 D9", counts=(2, 5, 5))
    assert choose_card(t, ["H9", "D9"]) in ("H9", "D9")
    # A 6 with a cover sheds two cards; without one it means drawing.
    t = table("S6 SQ HA", top="S10", run=("S10",))
    assert choose_card(t, ["S6", "SQ"]) == "S6"
    # An 8 on a next player with one card left.
    t = table("S8 SK DQ HQ", counts=(4, 1, 6))
    assert choose_card(t, ["S8", "SK"]) == "S8"


def test_adding_ends_on_the_best_suit_and_keeps_jacks():
    # Top H9, holding D9 and C9 to add: clubs are the robot's long suit, so C9 goes last.
    t = table("D9 C9 CK CQ", stage="add", top="H9", run=("H9",), move_cards=("H9",))
    assert choose_add(t, ["D9", "C9"]) == "D9"
    # After a J only Js may follow: keep the second J unless it empties the hand.
    t = table("SJ D7", stage="add", top="HJ", run=("HJ",), move_cards=("HJ",))
    assert choose_add(t, ["SJ"]) is None
    t = table("SJ", stage="add", top="HJ", run=("HJ",), move_cards=("HJ",))
    assert choose_add(t, ["SJ"]) == "SJ"


def test_wish_eights_bridge_and_j_points():
    # Wish the longest suit; the next player's shown lack tips a tie.
    assert wish(table("C7 C9 CK H8", phase="wish")) == "C"
    lacks = (frozenset(), frozenset({"D", "Q", "J"}), frozenset())
    assert wish(table("H7 D8", phase="wish", lacks=lacks)) == "D"
    # Two 8s with three players: spreading hits both others and the robot moves again.
    eights = table("H9", phase="eights", move_cards=("S8", "H8"), top="H8", counts=(1, 5, 5))
    assert decide(eights, ["eights:next", "eights:spread"]) == "eights:spread"
    # With four players the next player on one card takes all four.
    eights = table("H9", phase="eights", players=4, move_cards=("S8", "H8"), top="H8", counts=(1, 1, 9, 9))
    assert decide(eights, ["eights:next", "eights:spread"]) == "eights:next"
    # Bridge: declared holding little, declined holding much (the others hold 5 cards each).
    bridge = {"phase": "bridge", "top": "H9", "run": ("S9", "D9", "C9", "H9"), "move_cards": ("H9",)}
    assert decide(table("D7 C6", **bridge), ["bridge", "no-bridge"]) == "bridge"
    assert decide(table("HA SA DK CQ SJ DJ", **bridge), ["bridge", "no-bridge"]) == "no-bridge"
    # J points: minus, except with two players when the other one started the round.
    assert jpoints(table("", phase="jpoints", winner=0)) == "minus"
    assert jpoints(table("", phase="jpoints", winner=0, players=2, counts=(0, 5), starter=1)) == "plus"
    assert jpoints(table("", phase="jpoints", winner=0, players=2, counts=(0, 5), starter=0)) == "minus"


def test_a_forced_draw_shows_what_a_seat_lacks():
    # Seat 0 opens with S9; seat 1 draws: it holds no spade, no 9 and no J (its card was not
    # playable either, so the move ended); seat 2 plays S10.
    deal_hands = (
        ("S9", "H7", "D8", "C6", "HK"),
        ("H8", "HA", "D10", "DQ", "CA"),
        ("S10", "C7", "C8", "HQ", "DA"),
    )
    blind = tuple(sorted(PACK - {c for h in deal_hands for c in h}))
    blind = ("D7",) + tuple(c for c in blind if c != "D7")
    state = BRIDGE.new_hand(Deal(hands=deal_hands, talon=blind), HandContext(0, {"players": 3}))
    for seat, action in ((0, "play:S9"), (1, "draw"), (2, "play:S10")):
        state = BRIDGE.apply(state, seat, action)
    view = BRIDGE.observe(state, 0)
    knowledge = read(view)
    assert knowledge.seats[1].lacks_mostly() == frozenset({"S", "9", "J"})
    assert knowledge.seats[2].lacks_mostly() == frozenset()
    assert from_view(view, [r.lacks_mostly() for r in knowledge.seats]).lacks[1] == frozenset({"S", "9", "J"})


def test_the_random_robot_adds_and_declares_often_but_not_always():
    robot = RandomPolicy()
    rng = random.Random(1)
    adds = [robot.choose({}, ["play:H9", "stop"], rng) for _ in range(1000)]
    assert 650 < adds.count("play:H9") < 850
    bridges = [robot.choose({}, ["bridge", "no-bridge"], rng) for _ in range(1000)]
    assert 400 < bridges.count("bridge") < 600


# -- the strong robot ----------------------------------------------------------------------------


def check_truth(state: BridgeState, seat: int) -> None:
    """Everything the seat's knowledge claims about the unseen cards holds for the real ones, and
    a world filled with the real cards is the real position."""
    view = BRIDGE.observe(state, seat)
    knowledge = read(view)
    for other, record in enumerate(knowledge.seats):
        if other == seat:
            continue
        hand = state.hands[other]
        assert record.count == len(hand)
        # Groups nest (an older group's features include a newer one's): Hall's condition.
        for group in record.groups:
            needed = sum(g.n for g in record.groups if g.lacks >= group.lacks)
            assert sum(1 for c in hand if admits(group.lacks, c)) >= needed, (other, record.groups, hand)
        if knowledge.reshuffled is not None:
            assert sum(1 for c in hand if c in knowledge.reshuffled) <= record.drawn_since_reshuffle
    if knowledge.reshuffled is not None:
        assert set(state.blind) <= knowledge.reshuffled
    assert knowledge.unseen == PACK - set(state.hands[seat]) - set(state.stack)
    dealt = Sampler(knowledge, seat, list(view["hand_counts"]), view["blind_count"]).sample(random.Random(1))
    assert dealt is not None and sorted(c for cards in dealt for c in cards) == sorted(knowledge.unseen)
    assert [len(cards) for cards in dealt] == [
        0 if s == seat else len(h) for s, h in enumerate(state.hands)
    ] + [len(state.blind)]
    if view["phase"] in ("play", "bridge", "wish", "eights"):
        truth = [list(h) for h in state.hands] + [list(state.blind)]
        world = World(view).fill(truth, state.setup.deal.salt)
        for name in (
            "phase",
            "to_act",
            "hands",
            "blind",
            "stack",
            "move",
            "wish",
            "run",
            "reshuffles",
            "winner",
        ):
            assert getattr(world, name) == getattr(state, name), name


def test_the_strong_robots_knowledge_never_rules_out_the_truth():
    checked = Counter()

    def choose(state: BridgeState, seat: int, legal: list[str], rng: random.Random) -> str:
        check_truth(state, seat)
        checked["positions"] += 1
        checked["reshuffled"] += state.reshuffles > 0
        checked["groups"] += sum(bool(r.groups) for r in read(BRIDGE.observe(state, seat)).seats)
        level = "random" if (seat + state.setup.starter) % 3 == 0 else "basic"
        return get_robot(level).choose(BRIDGE.observe(state, seat), legal, rng)

    for index in range(150):
        play_round(20_000 + index, choose)
    assert checked["positions"] > 4000 and checked["reshuffled"] > 200 and checked["groups"] > 2000, checked


def test_sampled_worlds_keep_what_the_seat_knows():
    """The deals the sampler makes meet the groups and the reshuffle's limits (it relaxes them
    only after many failed tries, which these positions never need)."""
    checked = Counter()

    def choose(state: BridgeState, seat: int, legal: list[str], rng: random.Random) -> str:
        view = BRIDGE.observe(state, seat)
        knowledge = read(view)
        sampler = Sampler(knowledge, seat, list(view["hand_counts"]), view["blind_count"])
        hands = sampler.sample(rng)
        assert hands is not None
        blind = hands.pop()
        for other, record in enumerate(knowledge.seats):
            for group in record.groups if other != seat else ():
                needed = sum(g.n for g in record.groups if g.lacks >= group.lacks)
                assert sum(1 for c in hands[other] if admits(group.lacks, c)) >= needed
                checked["groups"] += 1
            if knowledge.reshuffled is not None and other != seat:
                assert (
                    sum(1 for c in hands[other] if c in knowledge.reshuffled) <= record.drawn_since_reshuffle
                )
        if knowledge.reshuffled is not None:
            assert set(blind) <= knowledge.reshuffled
            checked["reshuffled"] += 1
        return get_robot("basic").choose(view, legal, rng)

    for index in range(60):
        play_round(30_000 + index, choose)
    assert checked["groups"] > 500 and checked["reshuffled"] > 50, checked


def test_the_outlook_prices_cards_points_and_jacks():
    # Three players, seat 0 to move: a card more, or more points, cost; a J kept is worth having.
    hands = [["H7", "S8"], ["D9", "C9", "H9"], ["S7", "D7", "C7"]]
    base = expected_penalties(hands, 0, 1)
    assert expected_penalties([["H7", "S8", "D8"], *hands[1:]], 0, 1)[0] > base[0]
    assert expected_penalties([["HA", "SK"], *hands[1:]], 0, 1)[0] > base[0]
    assert expected_penalties([["HJ", "S8"], *hands[1:]], 0, 1)[0] < base[0]
    assert expected_penalties(hands, 0, 2) == [2 * p for p in base]


def test_the_strong_robot_answers_legally_and_in_time():
    spots = ((11, 2), (12, 8), (13, 14), (14, 20), (15, 5))
    states = (play_to_choice(index, actions) for index, actions in spots)
    assert_strong_answers_in_time(BRIDGE, states, view_of=observed)


def test_a_small_bridge_duel_runs_and_prints():
    result = run_duel("basic", "random", 20, seed=2, workers=1, variant="bridge")
    assert result.deals == 20 and result.times["basic"]
    text = duel_output(
        *"--variant bridge --option players=4 --a basic --b random --hands 3 --workers 1".split()
    )
    assert text.startswith("bridge: basic (A) against random (B), 3 deals × 2 hands")
    assert "s.e." in text and "p95 ms" in text


def test_basic_policy_is_deterministic():
    state = play_to_choice(30, 6)
    (seat,) = state.to_act
    view = BRIDGE.observe(state, seat)
    legal = BRIDGE.legal_actions(state, seat)
    assert len({BasicPolicy().choose(view, legal, random.Random(k)) for k in range(5)}) == 1
