"""The strong robot for Bridge: determinised Monte Carlo search over every real decision.

At a decision with more than one legal action (a card, adding or stopping, playing a drawn card,
the cover for a 6, the wish, Bridge or not, the 8s next or spread during play) it:

1. reads from its own view everything it knows (``knowledge``: the counts, the stack, what
   each forced draw showed a seat lacks, the last reshuffle's set and who drew how many since)
   and deals the unseen cards into the other hands and the blind at random, consistently with
   all of it (``sampler.Sampler``);
2. builds each such world as a full ``BridgeState`` (the view's public record with the sampled
   hands and blind order; a future reshuffle gets a random order as well);
3. applies each candidate action in the world and plays on with the basic robot's decisions for
   every seat (each knowing only its own cards and the public record, ``table.from_state``),
   through the rules core (``engine.apply``), for ``HORIZON`` more moves: if the round ends by
   then its real count decides, otherwise ``outlook`` judges the position reached (each seat's
   expected penalty, fitted on basic-robot rounds). Playing every round to its end instead was
   measured worse than basic: a round's end is so much luck that 0.18 s of full playouts could
   not tell the candidates apart;
4. scores a world by ``relative``: the others' mean penalty less its own (the lead it gains
   over the table), and picks the action with the best mean over the same worlds for every
   candidate (paired), stopping early once one action leads every other by ``search.CLEAR_Z``
   standard errors of the paired difference, and after ``MAX_SAMPLES`` worlds (or its playout
   budget's share); in live play only, also before a world that would take it past its cap of
   wall time (``search.TIME_BUDGET``, 0.8 s). Without that cap no clock is read: a seeded
   robot's choice is a function of its view and seed alone.

The J-points choice is not searched (both choices move the winner's standing against every
other player by the same amount; ``basic.jpoints``), nor the 8s choice once the round is over
(the same number of cards counted either way).
"""

from __future__ import annotations

import random

from games.rules.base import Deal, Termination
from games.rules.bridge import engine
from games.rules.bridge.pack import sort_cards
from games.rules.bridge.state import BridgeState, Move, Phase, Setup, Stage
from games.rules.bridge.state import evolve as evolve_state

from ..search import best_on_average, checked_budgets, clock_started
from ..search import worlds as worlds_dealt
from ..view import BridgeView, present, seat_of
from .basic import BasicPolicy, decide
from .knowledge import lacks_for_cover, lacks_for_first, read
from .outlook import expected_penalties
from .sampler import Sampler
from .table import from_state

PLAYOUT_BUDGET = 400  # playouts per decision at most, shared among the candidates
MAX_SAMPLES = 100  # worlds per decision at most
HORIZON = 4  # moves played on after the decision's own move before ``outlook`` judges
MAX_ACTIONS = 1500  # a safety net: no playout is anywhere near this long


class World:
    """The round as the seat sees it; a sample fills in the other hands and the blind."""

    def __init__(self, view: BridgeView) -> None:
        me = seat_of(view)
        players = view["seats"]
        self.me = me
        options = view["options"]
        move = present(view["move"])
        stage = Stage(move["stage"])
        drawn = list(view["drawn"])
        self.setup = Setup.make(Deal(hands=((),) * players), view["starter"], options)
        recent: list[tuple[str, ...]] = [()] * players
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
            ended_by=None if view["ended_by"] is None else Termination(view["ended_by"]),
            jpoints=view["jpoints"],
        )
        self.hand = tuple(view["hand"])

    def fill(self, dealt: list[list[str]], salt: str) -> BridgeState:
        hands = [tuple(sort_cards(cards)) for cards in dealt[:-1]]
        hands[self.me] = self.hand
        setup = Setup(**{**self.setup.__dict__, "deal": Deal(hands=((),) * len(hands), salt=salt)})
        return evolve_state(self.state, setup=setup, hands=tuple(hands), blind=tuple(dealt[-1]))


def starts_move(state: BridgeState) -> bool:
    """A move is about to begin: the moment ``outlook`` was fitted at."""
    move = state.move
    return (
        state.phase is Phase.PLAY
        and move is not None
        and move.stage is Stage.FIRST
        and not move.cards
        and not move.drawn
    )


def playout(state: BridgeState, seat: int, lacks: list[frozenset[str]], horizon: int | None) -> float:
    """The round played on from ``state`` with the basic decision for every seat, until
    ``horizon`` more moves have been made (None: to the end); the seat's value, higher is better:
    from the real count once the round is over, else from the ``outlook`` of the position."""
    lacks = list(lacks)
    moves = 0
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            assert state.result is not None
            return relative(list(state.result.payments), seat)
        if horizon is not None and starts_move(state):
            moves += 1
            if moves > horizon:
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
    mover = state.move.seat if state.move is not None else seat
    return relative(expected_penalties(state.hands, mover, state.multiplier), seat)


def relative(penalties: list[float], seat: int) -> float:
    """The others' mean penalty less the seat's own: higher is better. (Minus its own penalty
    alone chose as well in the measurements; this one is what the duels score.)"""
    others = [p for s, p in enumerate(penalties) if s != seat]
    return sum(others) / len(others) - penalties[seat]


class Worlds:
    """One decision's worlds: ``sample`` deals the unseen cards (with the order of any future
    reshuffle) and makes the deal the full state."""

    def __init__(self, view: BridgeView) -> None:
        knowledge = read(view)
        self.me = seat_of(view)
        self.sampler = Sampler(knowledge, self.me, list(view["hand_counts"]), view["blind_count"])
        self.world = World(view)
        self.lacks = [record.lacks_mostly() for record in knowledge.seats]

    def sample(self, rng: random.Random) -> BridgeState | None:
        dealt = self.sampler.sample(rng)
        if dealt is None:
            return None
        return self.world.fill(dealt, f"{rng.getrandbits(64):016x}")


def searched(view: BridgeView, legal: list[str]) -> bool:
    """Whether the decision is worth a search (see the module docstring)."""
    if len(legal) < 2 or view["phase"] == "jpoints":
        return False
    return not (view["phase"] == "eights" and view["winner"] is not None)


class StrongPolicy:
    """At most ``playout_budget`` playouts per decision, shared among the candidates, and, in
    live play only, ``time_budget`` seconds of wall time (None: no clock is read);
    ``horizon``: moves played on before judging (None: to the end)."""

    horizon: int | None = HORIZON

    def __init__(self, playout_budget: int | None = None, time_budget: float | None = None) -> None:
        checked_budgets(playout_budget, time_budget)
        self.basic = BasicPolicy()
        self.playout_budget = PLAYOUT_BUDGET if playout_budget is None else playout_budget
        self.time_budget = time_budget

    def choose(self, view: BridgeView, legal: list[str], rng: random.Random) -> str:
        if not searched(view, legal):
            return self.basic.choose(view, legal, rng)
        started = clock_started(self.time_budget)
        worlds = Worlds(view)
        cands = list(legal)
        samples = worlds_dealt(self.playout_budget, len(cands), MAX_SAMPLES)

        def value(state: BridgeState, action: str) -> float:
            after = engine.apply(state, worlds.me, action)
            return playout(after, worlds.me, worlds.lacks, self.horizon)

        best = best_on_average(cands, samples, lambda: worlds.sample(rng), value, started, self.time_budget)
        return self.basic.choose(view, legal, rng) if best is None else best
