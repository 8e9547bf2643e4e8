"""The strong robot for Slovenian Tarok: determinised Monte Carlo search over the card play
(the shared ``search.Search``).

At a card decision with more than one real choice it:

1. reads from its own view everything it knows and deals the unseen cards at random many
   times, consistently with all of it (``sampler.Sampler``);
2. for each such world builds a full ``SlovenianState`` of the play phase through the rules
   core's own records: the tricks so far rebuilt from the public log (their winners by the
   core's ``winner_of``: the emperor trick, colour valat), the contract and declarer, the talon
   (face up in three/two/one; in klop the gifts taken and the sampled rest in order; else
   sampled), the declarer's discard, the announcements and kontra levels, the open beggar's
   exposure, klop's gifts, the options and radelci;
3. plays each candidate card followed by the basic robot's play for every seat to the end,
   each card from the rules core's legal list (every obligation) and added by the quick step
   (``fastplay`` and ``_after_trick``: klop's gifts, the early end; the core's
   ``play.apply_play`` is the reference it is tested against), scored by the core's ``finish``;
4. picks the card with the best mean value for its seat, the same worlds being used for every
   candidate; it stops early once one card is clearly best, and always within its playout
   budget (live play: its cap of wall time too; ``search``). The value is the seat's payment
   less the mean of the other two (the scores are not zero-sum: an opponent of the declarer
   scores 0 whatever happens, and plays to keep the declarer's score down), plus a hundredth
   of its side's card points (klop: less its own).

Cards that are equivalent (one-point cards of one suit with nothing unplayed between them
outside the own hand; never a trula card) are one candidate (``search.candidates``). Every
other decision is the basic robot's.
"""

from __future__ import annotations

from dataclasses import replace

from games.rules.base import Deal
from games.rules.cards import points_in_threes
from games.rules.slovenian3 import play as rules_play
from games.rules.slovenian3.announce import GAME, VALAT
from games.rules.slovenian3.outcome import finish, piles
from games.rules.slovenian3.state import (
    CONTRACT_BY_KEY,
    DECLARER,
    HAND_SIZE,
    RANK,
    SEATS,
    Announcing,
    Phase,
    Setup,
    SlovenianState,
)
from games.rules.tricks import Trick

from .. import search
from ..fastplay import TrickStep
from ..knowledge import Seen
from ..playout import play_to_end
from ..search import Search, candidates
from ..tricks import played_tricks
from ..view import SlovenianView, present
from .basic import BasicPolicy
from .knowledge import Knowledge, public_out, ultimo_seat
from .play import choose_card
from .sampler import Sampler

PLAYOUT_BUDGET = 640  # playouts per decision, shared among the candidates
MAX_WORLDS = 160  # worlds per decision at most


def announcing_from(view: SlovenianView) -> Announcing:
    """The announcements and kontra levels standing, from the view's ``items``."""
    bonuses: list[tuple[str, str, int]] = []
    levels: list[tuple[str, int]] = []
    valat = False
    for item in view.get("items") or ():
        name, level = item["item"], item["level"]
        if name == VALAT:
            valat = True
            bonuses.append((VALAT, DECLARER, item["seat"]))
            name = GAME  # the announced valat keeps the game's chain
        elif name not in (GAME, "klop"):
            bonuses.append((name, item["side"], item["seat"]))
        if level:
            levels.append((name, level))
    return Announcing(bonuses=tuple(bonuses), levels=tuple(levels), valat=valat)


class World(search.World[SlovenianView, SlovenianState]):
    """The play-phase state with the seat's own cards and the public record; a sample fills in
    the other hands, the declarer's hidden discard and the hidden talon."""

    sampler: Sampler

    def __init__(self, view: SlovenianView) -> None:
        super().__init__(view, Sampler(view))
        sampler, me = self.sampler, self.me
        contract = CONTRACT_BY_KEY[present(view["contract_key"])]
        self.contract = contract
        colour_valat = contract.key == "colour-valat"
        plays = sampler.plays
        tricks, current = played_tricks(
            plays, RANK, SEATS, lambda cards: rules_play.winner_of(cards, colour_valat)
        )
        leader = current[0][0] if current else present(view["trick"])["leader"]
        talon = view["talon"]
        self.public_talon = list(talon) if talon else None
        self.gifts = tuple((g["seat"], g["card"]) for g in view.get("klop_gifts") or ())
        self.setup = Setup(
            deal=Deal(hands=()),
            dealer=view["dealer"],
            radelci=tuple(view["radelci"] or (0,) * SEATS),
            options=tuple(view["options"].items()),
        )
        self.state = SlovenianState(
            setup=self.setup,
            phase=Phase.PLAY,
            to_act=frozenset({me}),
            hands=(),
            contract=contract,
            declarer=view["declarer"],
            talon_taken=view.get("talon_taken"),
            announcing=announcing_from(view),
            exposed=view.get("exposed") is not None,
            trick=Trick(leader, tuple(current)),
            tricks=tricks,
            gifts=self.gifts,
        )
        self.gone = {card for _, card in plays} | public_out(view)
        self.voids, self.ceilings = sampler.voids, sampler.ceilings
        self.ultimo = ultimo_seat(view)
        winner = rules_play.TRICK_RULES[contract.key].winner
        assert winner is not None
        self.stepper = TrickStep(SEATS, _next_seat, winner, _after_trick)

    def fill(self, dealt: list[list[str]]) -> SlovenianState:
        hands, discard, hidden_talon = self.sampler.hands_and_rest(dealt)
        if self.public_talon is not None:
            talon = tuple(self.public_talon)
        else:
            talon = tuple(card for _, card in self.gifts) + tuple(hidden_talon)
        setup = replace(self.setup, deal=Deal(hands=(), talon=talon))
        state = self.state
        new = object.__new__(SlovenianState)
        new.__dict__.update(state.__dict__)
        new.__dict__.update(
            setup=setup,
            hands=tuple(Setup.sort(h) for h in hands),
            discard=Setup.sort(discard) if self.contract.talon_group else None,
        )
        return new

    def candidates(self, view: SlovenianView, legal: list[str]) -> list[str]:
        return candidates(list(view["hand"]), legal, self.gone, None, RANK)

    def playout(self, state: SlovenianState, card: str) -> float:
        """Play ``card`` for the seat, then the basic play for everyone; the seat's ``value``."""
        return play_to_end(state, card, self)

    # The playout's part (``playout.Playout``) ----------------------------------------------

    apply_play = staticmethod(rules_play.apply_play)

    def step(self, state: SlovenianState, seat: int, card: str) -> SlovenianState:
        after: SlovenianState = self.stepper.step(state, seat, card)
        return after

    def legal_cards(self, state: SlovenianState, seat: int) -> list[str]:
        return rules_play.allowed(state, seat)[0]

    def revealed(self, state: SlovenianState) -> bool:
        return False

    def side_views(self, state: SlovenianState, revealed: bool) -> list[None]:
        return [None] * SEATS  # the sides are public

    def choose(self, state: SlovenianState, seen: Seen, legal: list[str], _: None) -> str:
        return choose_card(Knowledge.from_state(state, seen, self.ultimo), legal)

    def score(self, state: SlovenianState, seat: int) -> float:
        return value(state, seat)


def _next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def _after_trick(state: SlovenianState, trick: Trick) -> SlovenianState:
    """What follows a trick in a playout's private state (the core's ``play._after_trick``
    without its log lines): klop's talon gift, the open beggar's exposure, the early end
    (§8.5) and the end of the hand, both scored by the core's ``finish``."""
    contract = state.contract
    assert contract is not None and trick.winner is not None
    number = len(state.tricks)
    winner = trick.winner
    fields = state.__dict__
    if contract.key == "klop" and number <= rules_play.KLOP_GIFTS:
        fields["gifts"] = (*state.gifts, (winner, state.talon[number - 1]))
    if number == 1 and contract.key == "open-beggar" and not state.exposed:
        fields["exposed"] = True
    declarer_won = winner == state.declarer
    if (contract.no_tricks and declarer_won) or (contract.all_tricks and not declarer_won):
        return finish(state, early=True)
    if number == HAND_SIZE:
        return finish(state, early=False)
    return state


def value(state: SlovenianState, seat: int) -> float:
    """The finished hand's worth to ``seat``: its payment less the mean of the others'; a
    hundredth of its side's card points breaks ties (klop: less its own pile's)."""
    result = state.result
    assert result is not None
    payments = result.payments
    worth = payments[seat] - (sum(payments) - payments[seat]) / (SEATS - 1)
    if state.declarer is None:
        return worth - points_in_threes(piles(state)[seat]) / 100
    mine = 0 if seat == state.declarer else 1
    return worth + result.card_points[mine] / 100


class StrongPolicy(Search[SlovenianView, SlovenianState]):
    playout_budget = PLAYOUT_BUDGET
    max_worlds = MAX_WORLDS
    basic_policy = BasicPolicy
    world = World
