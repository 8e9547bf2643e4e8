"""The strong robot: determinised Monte Carlo search over the card play.

At a card decision with more than one real choice it:

1. reads from its own view everything it knows (``Sampler``): its hand and discard, every card
   played and by whom, the voids those plays showed (no card of a suit not followed, no
   tarokk after a suit card on a suit lead or a non-tarokk on a tarokk lead), the declarer's
   published discarded tarokks, every seat's number of discarded tarokks and talon cards, the
   called card and the sides made public, the invitation's promised card, tarokk-count
   declarations (exact tarokks in hand), and that every bidder held an honour;
2. deals the unseen cards at random many times, consistently with all of that, into the other
   seats' hands and discards (``Sampler.sample``);
3. for each such world builds a full ``HungarianState`` of the play phase and plays each
   candidate card followed by the basic robot's play for every seat to the end, each card
   from the rules core's legal list and added by the quick step (``fastplay``; the core's
   ``play.apply_play`` is the reference it is tested against), scoring with the core's own
   ``finish`` and ``HandResult``;
4. picks the card with the best mean payment for its seat (its side's card points break
   ties), the same worlds being used for every candidate; it stops early once one card is
   clearly best, and always within its playout budget (live play: its cap of wall time too;
   ``search``).

Tarokks that touch (nothing unplayed between them outside the own hand) are one candidate.
Every other decision (bidding, discards, the call, announcements) is the basic robot's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.rules.base import Deal
from games.rules.cards import HONOURS, KINGS, PACK_42, TRUMP, display_index
from games.rules.hungarian import play as rules_play
from games.rules.hungarian.outcome import finish
from games.rules.hungarian.state import (
    CONTRACT_BY_NAME,
    HAND_SIZE,
    PLAYERS,
    RANK,
    Announcing,
    HungarianState,
    Phase,
    Setup,
    evolve,
)
from games.rules.tricks import Trick, trick_winner

from .. import search
from ..fastplay import TrickStep
from ..knowledge import Seen
from ..playout import payment, play_to_end
from ..sampling import deal_cards
from ..search import Search
from ..tricks import played_tricks, plays_from_log, voids_shown
from ..view import HungarianView, present, seat_of
from .basic import BasicPolicy
from .knowledge import Knowledge, known_sides, players_of
from .play import choose_card

_DISPLAY = display_index("traditional")
PLAYOUT_BUDGET = 640  # playouts per decision, shared among the candidates
MAX_WORLDS = 160  # worlds per decision at most
Sides = Callable[[int], str | None]  # each seat's side, as one seat knows it


def _sorted(cards: list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_DISPLAY.__getitem__))


class Sampler:
    """Deals the cards a seat cannot see, consistently with what it has seen.

    Slots are the places an unseen card can be: another seat's hand (split into tarokks and
    suit cards when that seat declared its tarokk count) and the unknown part of another
    seat's discard (split by its published number of tarokks).
    """

    def __init__(self, view: HungarianView) -> None:
        me = seat_of(view)
        self.me = me
        declarer = view["declarer"]
        plays = plays_from_log(view)
        self.plays = plays
        gone = {card for _, card in plays}
        hand = set(view["hand"])
        seats = view["seats"]
        players = [s for s in players_of(view) if s != me]  # at five, the dealer holds nothing
        discards = view["discards"] or [None] * seats
        own_discard = set(discards[me] or ())
        declarer_tarokks = list(view["declarer_discarded_tarokks"] or ())
        known = gone | hand | own_discard
        if me != declarer:
            known |= set(declarer_tarokks)
        self.pool = sorted(PACK_42 - known, key=_DISPLAY.__getitem__)
        voids = voids_shown(plays, PLAYERS, seats)
        self.voids = voids
        options = view["options"]
        promise = view["promise"]
        promised = (promise["seat"], promise["card"]) if promise else None
        called = view["called_card"]
        counts = {t["seat"]: t["count"] for t in view["tarokk_counts"]}
        played_by = [[c for s, c in plays if s == seat] for seat in range(seats)]

        # Slots: (seat, kind, capacity, accepts).
        self.slots: list[tuple[int, str, int]] = []
        accepts: list[Any] = []
        for seat in players:
            size = view["hand_counts"][seat]
            count = counts.get(seat)
            if count is not None:
                trumps = count - sum(1 for c in played_by[seat] if c[0] == TRUMP)
                if 0 <= trumps <= size:
                    self.slots += [(seat, "hand-tarokks", trumps), (seat, "hand-suits", size - trumps)]
                    accepts += [_hand_accepts(voids[seat], True), _hand_accepts(voids[seat], False)]
                    continue
            self.slots.append((seat, "hand", size))
            accepts.append(_hand_accepts(voids[seat], None))
        for seat in players:
            received = (view["talon_counts"] or [0] * seats)[seat]
            tarokks = (view["discard_tarokk_counts"] or [0] * seats)[seat]
            unknown_tarokks = tarokks - (len(declarer_tarokks) if seat == declarer else 0)
            promised_card = promised[1] if promised and promised[0] == seat else None
            if unknown_tarokks > 0:
                self.slots.append((seat, "discard-tarokks", unknown_tarokks))
                accepts.append(_discard_accepts(True, promised_card, bool(options.get("allow_discard_xx"))))
            if received - tarokks > 0:
                self.slots.append((seat, "discard-suits", received - tarokks))
                accepts.append(_discard_accepts(False, None, True))

        # Cards whose place is known: the promised card (its promiser may not discard it), the
        # called card once its holder's side is public.
        self.fixed: dict[str, int] = {}
        if promised and promised[1] in self.pool and promised[0] != me:
            self.fixed[promised[1]] = promised[0]
        public = view["public_sides"]
        sides = known_sides(view)
        self.called_blocked: set[int] = set()  # slots that cannot hold the called card
        if called is not None and called in self.pool and called not in self.fixed:
            partner = next(
                (s for s in players if s != declarer and sides(s) == "declarer"),
                None,
            )
            if partner is not None:
                self.fixed[called] = partner
            else:
                for index, (seat, kind, _) in enumerate(self.slots):
                    if seat == declarer and (kind.startswith("discard") or called != "T20"):
                        self.called_blocked.add(index)
                    elif seat != declarer and public[seat] == "opponents" and kind.startswith("hand"):
                        self.called_blocked.add(index)
        self.called = called
        self.accepts = accepts
        self.capacity = [cap for _, _, cap in self.slots]
        # Bidders held an honour when they bid; honours are never discarded.
        self.bidders = (
            set()
            if view["trial"]
            else {c["seat"] for c in view["auction"] if c["call"].startswith("bid:")} - {me}
        )
        self.played_honour = {s for s, c in plays if c in HONOURS}
        self.eligible = {card: self._eligible(card, strict=True) for card in self.pool}
        self.loose = {card: self._eligible(card, strict=False) for card in self.pool}
        self.order_key = {card: len(self.eligible[card]) for card in self.pool}

    def _eligible(self, card: str, strict: bool) -> list[int]:
        if card in self.fixed:
            seat = self.fixed[card]
            found = [i for i, (s, kind, _) in enumerate(self.slots) if s == seat and kind.startswith("hand")]
            if len(found) == 2:  # split hand: the tarokk or the suit part
                found = [found[0] if card[0] == TRUMP else found[1]]
            return found
        result = []
        for index, accepts in enumerate(self.accepts):
            if card == self.called and index in self.called_blocked:
                continue
            if accepts(card, strict):
                result.append(index)
        return result

    def sample(self, rng: random.Random) -> list[list[str]] | None:
        """Cards per slot, or None when no consistent deal was found."""
        for attempt in range(40):
            strict = attempt < 30
            dealt = self._deal(rng, self.eligible if strict else self.loose)
            if dealt is not None and (not strict or self._bidders_ok(dealt)):
                return dealt
        return None

    def _deal(self, rng: random.Random, eligible: dict[str, list[int]]) -> list[list[str]] | None:
        room = self.capacity[:]
        dealt: list[list[str]] = [[] for _ in self.slots]
        return dealt if deal_cards(rng, self.pool, eligible, room, dealt) else None

    def _bidders_ok(self, dealt: list[list[str]]) -> bool:
        for seat in self.bidders - self.played_honour:
            if not any(
                c in HONOURS for i, (s, kind, _) in enumerate(self.slots) if s == seat for c in dealt[i]
            ):
                return False
        return True


def _hand_accepts(voids: set[str], tarokks: bool | None) -> Any:
    def accepts(card: str, strict: bool) -> bool:
        if tarokks is not None and (card[0] == TRUMP) != tarokks:
            return False
        return not strict or card[0] not in voids

    return accepts


def _discard_accepts(tarokks: bool, promised: str | None, allow_xx: bool) -> Any:
    def accepts(card: str, strict: bool) -> bool:
        if (card[0] == TRUMP) != tarokks or card in KINGS or card in HONOURS:
            return False
        return card != promised and (allow_xx or card != "T20")

    return accepts


class World(search.World[HungarianView, HungarianState]):
    """The play-phase state with the seat's own cards and the public record; a sample fills in
    the other seats' hands and discards."""

    sampler: Sampler

    def __init__(self, view: HungarianView) -> None:
        super().__init__(view, Sampler(view))
        sampler, me = self.sampler, self.me
        plays = sampler.plays
        tricks, current = played_tricks(plays, RANK)
        leader = current[0][0] if current else present(view["trick"])["leader"]
        items = view["items"]
        announcing = Announcing(
            bonuses=tuple((i["side"], i["item"], i["seat"]) for i in items if i["item"] != "game"),
            levels=tuple((i["side"], i["item"], i["level"]) for i in items if i["level"]),
            tarokk_counts=tuple((t["seat"], t["count"]) for t in view["tarokk_counts"]),
        )
        promise = view["promise"]
        setup = Setup(
            deal=Deal(hands=()),
            dealer=view["dealer"],
            doubled=False,
            options=tuple(view["options"].items()),
            seats=view["seats"],
        )
        self.state = HungarianState(
            setup=setup,
            phase=Phase.PLAY,
            to_act=frozenset({me}),
            hands=(),
            contract=CONTRACT_BY_NAME[present(view["contract"])],
            declarer=view["declarer"],
            promise=(promise["seat"], promise["card"]) if promise else None,
            called_card=view["called_card"],
            announcing=announcing,
            trick=Trick(leader, tuple(current)),
            tricks=tricks,
        )
        self.hand = list(view["hand"])
        self.own_discard = list((view["discards"] or [None] * view["seats"])[me] or ())
        self.declarer_tarokks = list(view["declarer_discarded_tarokks"] or ())
        self.public = view["public_sides"]
        self.partner_known = view["partner"] is not None or view["alone"] is not None
        self.gone = {card for _, card in plays}
        self.voids = sampler.voids
        self.stepper = TrickStep(PLAYERS, setup.next_seat, _winner, _after_trick)

    def fill(self, dealt: list[list[str]]) -> HungarianState:
        seats = range(self.state.setup.seats)
        hands: list[list[str]] = [[] for _ in seats]
        discards: list[list[str]] = [[] for _ in seats]
        hands[self.me] = self.hand
        discards[self.me] = list(self.own_discard)
        declarer = self.state.declarer
        assert declarer is not None
        if declarer != self.me:
            discards[declarer] += self.declarer_tarokks
        for (seat, kind, _), cards in zip(self.sampler.slots, dealt, strict=True):
            (hands if kind.startswith("hand") else discards)[seat] += cards
        called = self.state.called_card
        partner = next((s for s in seats if s != declarer and called in hands[s]), None)
        if partner is None and called in self.gone:
            trick = self.state.trick
            assert trick is not None
            partner = next(
                (s for t in (*self.state.tricks, trick) for s, c in t.cards if c == called),
                None,
            )
            if partner == declarer:
                partner = None
        return evolve(
            self.state,
            hands=tuple(_sorted(h) for h in hands),
            discards=tuple(_sorted(d) for d in discards),
            partner=partner,
        )

    def candidates(self, view: HungarianView, legal: list[str]) -> list[str]:
        return candidates(self.hand, legal, self.gone, view["called_card"])

    def playout(self, state: HungarianState, card: str) -> float:
        """Play ``card`` for the seat, then the basic play for everyone; the seat's payment
        (plus a hundredth of its side's card points)."""
        return play_to_end(state, card, self)

    # The playout's part (``playout.Playout``) ----------------------------------------------

    apply_play = staticmethod(rules_play.apply_play)
    score = staticmethod(payment)

    def step(self, state: HungarianState, seat: int, card: str) -> HungarianState:
        after: HungarianState = self.stepper.step(state, seat, card)
        return after

    def legal_cards(self, state: HungarianState, seat: int) -> list[str]:
        return [a[5:] for a in rules_play.legal_plays(state, seat)]

    def revealed(self, state: HungarianState) -> bool:
        return self.partner_known or state.called_card in self.gone

    def side_views(self, state: HungarianState, everyone: bool) -> list[Sides]:
        return _side_views(state, self.public, everyone)

    def choose(self, state: HungarianState, seen: Seen, legal: list[str], sides: Sides) -> str:
        return choose_card(Knowledge.from_state(state, seen, sides), legal)


def _winner(cards: Sequence[tuple[int, str]]) -> int:
    return trick_winner(cards, RANK.__getitem__)


def _after_trick(state: HungarianState, _: Trick) -> HungarianState:
    """The ninth trick ends the hand (the core's ``finish``: the scoring)."""
    return finish(state) if len(state.tricks) == HAND_SIZE else state


def _side_views(state: HungarianState, public: list[str | None], everyone: bool) -> list[Sides]:
    """Per seat, a function giving each seat's side as that seat knows it in this world."""
    seats = range(state.setup.seats)
    players = state.setup.players
    truth = [state.side_of(s) if s in players else None for s in seats]  # the sitter: no side
    declarer, partner = state.declarer, state.partner
    views: list[Sides] = []
    for seat in seats:
        knows_all = everyone or seat == partner or (partner is None and seat == declarer)
        if knows_all:
            views.append(truth.__getitem__)
            continue
        sides = [truth[s] if s in (seat, declarer) or public[s] is not None else None for s in seats]
        views.append(sides.__getitem__)
    return views


def candidates(hand: list[str], legal: list[str], gone: set[str], called: str | None) -> list[str]:
    """The legal cards, with touching ordinary tarokks merged into their lowest."""
    result = []
    held = set(hand)
    previous = None
    for card in sorted(legal, key=RANK.__getitem__):
        plain = card[0] == TRUMP and card not in HONOURS and card != called
        if plain and previous is not None:
            between = range(RANK[previous] + 1, RANK[card])
            if all(f"T{r - 100}" in gone or f"T{r - 100}" in held for r in between):
                previous = card
                continue
        result.append(card)
        previous = card if plain else None
    return result


class StrongPolicy(Search[HungarianView, HungarianState]):
    playout_budget = PLAYOUT_BUDGET
    max_worlds = MAX_WORLDS
    basic_policy = BasicPolicy
    world = World
