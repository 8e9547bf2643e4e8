"""The strong robot for Czech Taroky: determinised Monte Carlo search over the card play.

At a card decision with more than one real choice it:

1. reads from its own view everything it knows and deals the unseen cards at random many
   times, consistently with all of it (``sampler.Sampler``);
2. for each such world builds a full ``CzechState`` of the play phase (the tricks so far
   rebuilt from the public log, the contract, the call and the partner it implies in this
   world, valat, I on the end, the contra calls, the prever multiplier, every discard and
   the opponents' pile);
3. plays each candidate card followed by the basic robot's play for every seat to the end,
   each card from the rules core's legal list and added by the quick step (``fastplay``; the
   core's ``play.apply_play`` is the reference it is tested against), scoring with the core's
   own ``finish`` and ``HandResult``;
4. picks the card with the best mean payment for its seat (its side's card points / 100
   break ties), the same worlds being used for every candidate; it stops early once one card
   is clearly best, and always within its playout budget (live play: its cap of wall time too;
   ``search``).

Cards that are equivalent (touching trumps or pips of one suit with nothing unplayed between
them outside the own hand; never an honour or the called card) are one candidate. Every other
decision is the basic robot's.
"""

from __future__ import annotations

from games.rules.base import Deal
from games.rules.cards import display_index, rank_table
from games.rules.czech import play as rules_play
from games.rules.czech.outcome import finish
from games.rules.czech.state import HAND_SIZE, PARTNER_GAME, CzechState, Phase, Setup, next_seat
from games.rules.tricks import Trick, trick_winner

from .. import search
from ..fastplay import TrickStep
from ..knowledge import Seen
from ..playout import payment, play_to_end
from ..search import Search, candidates
from ..tricks import SEATS, played_tricks
from ..view import CzechView, present
from .basic import BasicPolicy
from .knowledge import PREVER, Knowledge, known_sides
from .play import choose_card
from .sampler import Sampler

PLAYOUT_BUDGET = 640  # playouts per decision, shared among the candidates
MAX_WORLDS = 160  # worlds per decision at most
Sides = list[str | None]  # each seat's side, as one seat knows them


class World(search.World[CzechView, CzechState]):
    """The play-phase state with the seat's own cards and the public record; a sample fills in
    the other seats' hands, discards and the opponents' pile."""

    sampler: Sampler

    def __init__(self, view: CzechView) -> None:
        super().__init__(view, Sampler(view))
        sampler, me = self.sampler, self.me
        self.rank = rank_table(view["options"]["red_pip_order"])
        self.order = display_index(view["options"]["red_pip_order"])
        plays = sampler.plays
        tricks, current = played_tricks(plays, self.rank)
        leader = current[0][0] if current else present(view["trick"])["leader"]
        setup = Setup(
            deal=Deal(hands=()),
            dealer=view["dealer"],
            opening=False,
            options=tuple(view["options"].items()),
        )
        prever = view["contract"] == PREVER
        talon = view["prever_talon"]
        valat, iote = view["valat"], view["iote"]
        self.state = CzechState(
            setup=setup,
            phase=Phase.PLAY,
            to_act=frozenset({me}),
            hands=(),
            povinnost=view["povinnost"],
            prever=view["declarer"] if prever else None,
            contract=view["contract"],
            pm=talon["multiplier"] if prever and talon else 1,
            called_card=view["called_card"],
            valat=None if valat is None else valat["seat"],
            iote=None if iote is None else iote["seat"],
            contra_calls=tuple((c["seat"], c["call"]) for c in view["contra"]["calls"]),
            trick=Trick(leader, tuple(current)),
            tricks=tricks,
        )
        self.public = list(view["public_sides"])
        self.sides = known_sides(view)
        self.gone = {card for _, card in plays}
        self.voids = sampler.voids
        self.called_public = None not in self.public  # the called card was played or discarded
        strength = self.state.setup.rank().__getitem__
        self.stepper = TrickStep(SEATS, next_seat, lambda cards: trick_winner(cards, strength), _after_trick)

    def fill(self, dealt: list[list[str]]) -> CzechState:
        hands, discards, pile = self.sampler.hands_and_piles(dealt)
        state = self.state
        partner = None
        if state.contract == PARTNER_GAME:
            called = state.called_card
            povinnost = state.povinnost
            partner = next((s for s in range(SEATS) if s != povinnost and called in hands[s]), None)
            if partner is None:
                played = [s for t in (*state.tricks, state.trick) if t for s, c in t.cards if c == called]
                partner = next((s for s in played if s != povinnost), None)
        order = self.order.__getitem__
        new = object.__new__(CzechState)
        new.__dict__.update(state.__dict__)
        new.__dict__.update(
            hands=tuple(tuple(sorted(h, key=order)) for h in hands),
            discards=tuple(tuple(d) for d in discards),
            opponents_pile=tuple(pile),
            partner=partner,
        )
        return new

    def candidates(self, view: CzechView, legal: list[str]) -> list[str]:
        return candidates(list(view["hand"]), legal, self.gone, view["called_card"], self.rank)

    def playout(self, state: CzechState, card: str) -> float:
        """Play ``card`` for the seat, then the basic play for everyone; the seat's payment
        (plus a hundredth of its side's card points)."""
        return play_to_end(state, card, self)

    # The playout's part (``playout.Playout``) ----------------------------------------------

    apply_play = staticmethod(rules_play.apply_play)
    legal_cards = staticmethod(rules_play.playable)
    score = staticmethod(payment)

    def step(self, state: CzechState, seat: int, card: str) -> CzechState:
        after: CzechState = self.stepper.step(state, seat, card)
        return after

    def revealed(self, state: CzechState) -> bool:
        return self.called_public

    def side_views(self, state: CzechState, revealed: bool) -> list[Sides]:
        return _side_views(self, state, revealed)

    def choose(self, state: CzechState, seen: Seen, legal: list[str], sides: Sides) -> str:
        return choose_card(Knowledge.from_state(state, seen, sides, self.rank), legal)


def _after_trick(state: CzechState, _: Trick) -> CzechState:
    """The twelfth trick ends the hand (the core's ``finish``: the scoring)."""
    return finish(state) if len(state.tricks) == HAND_SIZE else state


def _side_views(world: World, state: CzechState, revealed: bool) -> list[Sides]:
    """Per seat, each seat's side as that seat knows it in this world."""
    truth: list[str | None] = [state.side_of(s) for s in range(SEATS)]
    if revealed or state.contract == PREVER:
        return [truth] * SEATS
    povinnost, partner = state.povinnost, state.partner
    views: list[Sides] = []
    for seat in range(SEATS):
        if seat == world.me:
            views.append(world.sides)
        elif seat == partner or (partner is None and seat == povinnost):
            views.append(truth)
        else:
            views.append(
                [
                    truth[s] if s in (seat, povinnost) or world.public[s] is not None else None
                    for s in range(SEATS)
                ]
            )
    return views


class StrongPolicy(Search[CzechView, CzechState]):
    playout_budget = PLAYOUT_BUDGET
    max_worlds = MAX_WORLDS
    basic_policy = BasicPolicy
    world = World
