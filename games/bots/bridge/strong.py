"""The strong robot for Bridge: determinised Monte Carlo search over every real decision.

At a decision with more than one legal action (a card, adding or stopping, playing a drawn card,
the cover for a 6, the wish, Bridge or not, the 8s next or spread during play) it:

1. reads from its own view everything it knows (``knowledge``: the counts, the stack, what
   each forced draw showed a seat lacks, the last reshuffle's set and who drew how many since)
   and deals the unseen cards into the other hands and the blind at random, many times,
   consistently with all of it (``sampler.Sampler``);
2. for each such world builds the full ``BridgeState`` (the view's public record with the
   sampled hands and blind order; future reshuffles get a random order as well);
3. applies each candidate action and plays the round out with the basic robot's decisions for
   every seat (each knowing only its own cards and the public record, ``table.from_state``),
   through the rules core (``engine.apply``), to the real count;
4. picks the action with the best mean ``OBJECTIVE`` over the same worlds for every candidate
   (the shared ``search.Search`` loop: it stops early once one action is clearly best and
   always within its time budget).

The J-points choice is not searched (both choices move the winner's standing against every
other player by the same amount; ``basic.jpoints``), nor the 8s choice once the round is over
(the same number of cards counted either way).
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Deal
from games.rules.bridge import engine
from games.rules.bridge.pack import hand_points, sort_cards
from games.rules.bridge.state import BridgeState, Move, Phase, Setup, Stage
from games.rules.bridge.state import evolve as evolve_state

from ..search import Search
from .basic import BasicPolicy, decide
from .knowledge import lacks_for_cover, lacks_for_first, read
from .sampler import Sampler
from .table import from_state

PLAYOUT_BUDGET = 240  # playouts per decision, shared among the candidates
MAX_ACTIONS = 1500  # a playout that has not ended by then counts as it stands
# The value a playout returns for the seat (higher is better): "relative" = minus its own
# penalty plus the others' mean penalty; "own" = minus its own penalty.
OBJECTIVE = "relative"


class World:
    """The round as the seat sees it; a sample fills in the other hands and the blind."""

    def __init__(self, view: dict[str, Any]) -> None:
        me = view["viewer"]
        players = view["seats"]
        self.me = me
        options = view["options"]
        move = view["move"]
        stage = Stage(move["stage"])
        drawn = list(view["drawn"])
        self.setup = Setup.make(Deal(hands=((),) * players), view["starter"], options)
        recent = [()] * players
        recent[me] = tuple(drawn)
        self.state = BridgeState(
            setup=self.setup,
            phase=Phase(view["phase"]),
            to_act=frozenset({me}),
            hands=(),
            blind=(),
            stack=tuple(view["stack"]),
            move=Move(
                seat=move["seat"],
                stage=stage,
                cards=tuple(move["cards"]),
                drawn=move["drawn"],
                drawn_card=drawn[-1] if stage is Stage.DRAWN and drawn else None,
                opening=move["opening"],
            ),
            wish=view["wish"],
            run=tuple(view["run_cards"]),
            reshuffles=view["reshuffles"],
            recent=tuple(recent),
            eights=view["eights"],
            winner=view["winner"],
            ended_by=view["ended_by"],
            jpoints=view["jpoints"],
        )
        self.hand = tuple(view["hand"])

    def fill(self, dealt: list[list[str]], salt: str) -> BridgeState:
        hands = [tuple(sort_cards(cards)) for cards in dealt[:-1]]
        hands[self.me] = self.hand
        setup = Setup(**{**self.setup.__dict__, "deal": Deal(hands=((),) * len(hands), salt=salt)})
        return evolve_state(self.state, setup=setup, hands=tuple(hands), blind=tuple(dealt[-1]))


def playout(state: BridgeState, seat: int, lacks: list[frozenset[str]]) -> BridgeState:
    """The round played out from ``state`` with the basic decision for every seat."""
    lacks = list(lacks)
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            break
        (actor,) = state.to_act
        legal = engine.legal_actions(state, actor)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = decide(from_state(state, actor, lacks), legal)
        if action == "draw":
            move = state.move
            assert move is not None
            if move.stage is Stage.COVER:
                lacks[actor] = lacks_for_cover(move.cards[-1])
            else:
                lacks[actor] = lacks_for_first(state.top, state.wish)
        before = [len(h) for h in state.hands]
        state = engine.apply(state, actor, action)
        for other, count in enumerate(before):
            if other != actor and len(state.hands[other]) > count + 1:
                lacks[other] = frozenset()  # drew two or more cards: anything may have come
    return state


def value(state: BridgeState, seat: int) -> float:
    """The seat's result (higher is better); a playout cut short counts the hands as they are."""
    if state.result is not None:
        payments = list(state.result.payments)
    else:
        payments = [hand_points(h) * state.multiplier for h in state.hands]
    own = payments[seat]
    if OBJECTIVE == "own":
        return -own
    others = [p for s, p in enumerate(payments) if s != seat]
    return sum(others) / len(others) - own


class Worlds:
    """One decision's worlds: ``sample`` deals the unseen cards (with the order of any future
    reshuffle), ``fill`` makes a deal the full state. (``Search`` calls the first the sampler
    and the second the world.)"""

    def __init__(self, view: dict[str, Any]) -> None:
        knowledge = read(view)
        self.me = view["viewer"]
        self.sampler = Sampler(knowledge, self.me, list(view["hand_counts"]), view["blind_count"])
        self.world = World(view)
        self.lacks = [record.lacks_mostly() for record in knowledge.seats]

    def sample(self, rng: random.Random) -> tuple[list[list[str]], str] | None:
        dealt = self.sampler.sample(rng)
        if dealt is None:
            return None
        return dealt, f"{rng.getrandbits(64):016x}"

    def fill(self, sampler: Worlds, dealt: tuple[list[list[str]], str]) -> BridgeState:
        cards, salt = dealt
        return self.world.fill(cards, salt)


def searched(view: dict[str, Any], legal: list[str]) -> bool:
    """Whether the decision is worth a search (see the module docstring)."""
    if len(legal) < 2 or view["phase"] == "jpoints":
        return False
    return not (view["phase"] == "eights" and view["winner"] is not None)


class StrongPolicy(Search):
    playout_budget = PLAYOUT_BUDGET
    basic_policy = BasicPolicy

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if searched(view, legal):
            action = self.choose_card(view, legal, rng)
            if action is not None:
                return action
        return self.basic.choose(view, legal, rng)

    def prepare(self, view: dict[str, Any], legal: list[str]) -> tuple[Worlds, Worlds, list[str]]:
        worlds = Worlds(view)
        return worlds, worlds, list(legal)

    def playout(self, worlds: Worlds, state: BridgeState, action: str) -> float:
        me = worlds.me
        state = engine.apply(state, me, action)
        return value(playout(state, me, worlds.lacks), me)
