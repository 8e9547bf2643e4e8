"""Deals the cards a Czech seat cannot see, consistently with everything its view shows.

Slots are the places an unseen card can be: another seat's hand, the hidden part of another
seat's discard (its non-trump cards: every discarded trump is public, §5.3), and in a prever
game where the prever kept the top set, the three talon cards nobody saw (the opponents'
pile, §5.2). What the seat knows (``Facts`` and the plays):

- hand sizes; discard sizes (a partner-game discard is as long as the talon cards received;
  the prever discards three) less the public trumps; discards hold no king, no trump;
- the voids the plays showed (a seat that did not follow has none of the suit; one that did
  not trump a suit lead, or did not follow a trump lead, has no trump);
- money cards: the trumps each 12-card hand held (Uni 0, Bida 1–2, Tarocky 8–9, Taroky 10+,
  none 3–7, povinnost 0–7 in a partner game, where it may have declined), its five-point
  cards (Pane and Rosa-Pane, else at most 3), the Trul and the four kings where declared,
  never all three trul cards where not; a seat that discarded a trump held only trumps and
  kings;
- the call: the partner holds the called card (known to the partner, to everyone once its
  side is public); povinnost holds it only after calling T19; povinnost calling an
  alternative holds T19 and the trumps above it; the I-on-the-end caller holds T1;
- the prever's talon: rejected sets are public (the one not taken back lies in the pile;
  after going back to the top set, its cards are the prever's).

Sampling: first how many of the unseen trumps each slot holds, drawn from the number of deals
each split allows (the money ranges less the trumps already played), then the trumps, then the
other cards, most constrained card first, each into a slot with room weighted by that room; a
deal that breaks a five-point, trul or void rule is dealt again. After ``STRICT_TRIES``
failures the five-point rules and the voids are relaxed; after ``TRIES`` the trump ranges too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import accumulate

from games.rules.cards import KINGS, PACK_54, TRUMP, display_index

from ..sampling import DISCARD, HAND, Slot, SlotSampler, deal_cards, pick_slot
from ..tricks import SEATS, voids_shown
from ..view import CzechView, present
from .knowledge import DECLARER, FIVE_POINT, OPPONENTS, PREVER, Facts, known_sides

STRICT_TRIES = 30
TRIES = 45
MAX_SPLITS = 20000

PILE = "pile"  # the opponents' pile (prever, top set kept: three cards nobody saw)


class Sampler(SlotSampler):
    never_discarded = FIVE_POINT  # a discard holds no king, and no trul card (§5.3)

    def __init__(self, view: CzechView) -> None:
        super().__init__(view, SEATS)
        me = self.me
        self.view = view
        plays = self.plays
        self.voids = voids_shown(plays)
        facts = Facts(view)
        self.facts = facts
        self.prever_game = view["contract"] == PREVER
        declarer = view["declarer"]
        povinnost = view["povinnost"]
        order = display_index(view["options"]["red_pip_order"])

        played_by = self.played_by
        for seat in range(SEATS):
            played_trumps = sum(1 for c in played_by[seat] if c[0] == TRUMP)
            if seat != me and facts.trumps[seat][1] - played_trumps <= 0:
                self.voids[seat].add(TRUMP)

        # Cards whose place is public or the seat's own.
        hand = self.hand
        own_discard = list((view["discards"] or [None] * SEATS)[me] or ())
        self.public_discards: list[list[str]] = [[] for _ in range(SEATS)]
        for entry in view["discarded_trumps"]:
            if entry["seat"] != me:
                self.public_discards[entry["seat"]].append(entry["card"])
        self.known_pile: list[str] = []
        talon = view["prever_talon"]
        back_to_top: list[str] = []
        unseen_pile = 0
        if self.prever_game and talon is not None:
            rejected = [list(cards) for cards in talon["rejected"]]
            kept = talon["kept"]
            if kept == "top":
                unseen_pile = 3
            elif kept == "bottom":
                self.known_pile = rejected[0]
            elif kept == "back":
                self.known_pile = rejected[1]
                back_to_top = rejected[0]
        known = set(hand) | set(own_discard) | self.gone | set(self.known_pile)
        known |= {c for pile in self.public_discards for c in pile}
        self.pool = sorted(PACK_54 - known, key=order.__getitem__)
        self.own_discard = own_discard

        # Slots.
        counts = view["hand_counts"]
        received = view["talon_counts"] or [0] * SEATS
        self.discard_slot: dict[int, int] = {}
        for seat in range(SEATS):
            if seat == me:
                continue
            played_trumps = sum(1 for c in played_by[seat] if c[0] == TRUMP)
            low, high = facts.trumps[seat]
            cap = counts[seat]
            self.add_slot(Slot(seat, HAND, cap, max(0, low - played_trumps), min(cap, high - played_trumps)))
        for seat in range(SEATS):
            if seat == me:
                continue
            size = (3 if seat == declarer else 0) if self.prever_game else received[seat]
            hidden = size - len(self.public_discards[seat])
            if hidden > 0:
                self.discard_slot[seat] = self.add_slot(Slot(seat, DISCARD, hidden))
        self.pile_slot: int | None = None
        if unseen_pile:
            self.pile_slot = self.add_slot(Slot(None, PILE, unseen_pile, 0, unseen_pile))
        self.check_counts()

        # Where particular cards must be.
        for seat, index in self.hand_slot.items():
            for card in facts.holds[seat]:
                if card in self.pool:
                    self.only[card] = [index]
        if back_to_top and declarer != me:
            places = [self.hand_slot[present(declarer)]] + (
                [self.discard_slot[declarer]] if declarer in self.discard_slot else []
            )
            for card in back_to_top:
                if card in self.pool and card not in self.only:
                    self.only[card] = places
        called = view["called_card"]
        self.called = called
        if called is not None and called in self.pool and called not in self.only and not self.prever_game:
            sides = known_sides(view)
            partner = next((s for s in range(SEATS) if s != declarer and sides[s] == DECLARER), None)
            if partner is not None and partner != me:
                self.only[called] = [self.hand_slot[partner]]
            else:
                self.only[called] = [
                    index
                    for seat, index in self.hand_slot.items()
                    if sides[seat] != OPPONENTS and (seat != povinnost or called == "T19")
                ]
        self.lacks = facts.lacks
        self.only_trumps_and_kings = {seat for seat in range(SEATS) if facts.only_trumps[seat]}
        trumps_in_pool = [c for c in self.pool if c[0] == TRUMP]
        self.trump_pool = trumps_in_pool
        self.suit_pool = [c for c in self.pool if c[0] != TRUMP]
        self.splits, self.split_weights = self._splits(strict=True)
        if not self.splits:
            self.splits, self.split_weights = self._splits(strict=False)

    # -- eligibility ---------------------------------------------------------------------------

    def may_hold(self, seat: int, card: str, strict: bool) -> bool:
        """Not a card its money cards or the call rule out (``Facts.lacks``), and the shared rules."""
        return card not in self.lacks[seat] and super().may_hold(seat, card, strict)

    # -- how many trumps in each slot -------------------------------------------------------------

    def _splits(self, strict: bool) -> tuple[list[tuple[int, ...]], list[float]]:
        total = len(self.trump_pool)
        kings = sum(1 for c in self.pool if c in KINGS)
        bounds = []
        for slot in self.slots:
            if slot.kind == DISCARD:
                bounds.append((0, 0))
                continue
            low, high = (slot.low, slot.high) if strict else (0, slot.cap)
            if slot.kind == HAND:
                seat = slot.seat
                assert seat is not None
                if TRUMP in self.voids[seat]:
                    high = 0
                if seat in self.only_trumps_and_kings:
                    low = max(low, slot.cap - kings)
            low, high = max(0, low), min(slot.cap, high)
            bounds.append((low, high))
        splits: list[tuple[int, ...]] = []
        weights: list[float] = []

        def walk(index: int, left: int, chosen: list[int], weight: float) -> None:
            if len(splits) >= MAX_SPLITS:
                return
            if index == len(self.slots):
                if left == 0:
                    splits.append(tuple(chosen))
                    weights.append(weight)
                return
            low, high = bounds[index]
            rest_high = sum(b[1] for b in bounds[index + 1 :])
            cap = self.slots[index].cap
            for x in range(low, min(high, left) + 1):
                if left - x > rest_high:
                    continue
                walk(index + 1, left - x, chosen + [x], weight * math.comb(cap, x))

        walk(0, total, [], 1.0)
        return splits, list(accumulate(weights))

    # -- dealing -----------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[list[str]] | None:
        """Cards per slot, or None when no consistent deal was found."""
        for attempt in range(TRIES):
            strict = attempt < STRICT_TRIES
            dealt = self._deal(rng, strict)
            if dealt is not None and (not strict or self._money_ok(dealt)):
                return dealt
        return None

    def _deal(self, rng: random.Random, strict: bool) -> list[list[str]] | None:
        split: Sequence[int] | None
        if self.splits and strict:
            split = rng.choices(self.splits, cum_weights=self.split_weights)[0]
        else:
            split = self._loose_split(rng)
            if split is None:
                return None
        quota = list(split)
        room = [slot.cap - x for slot, x in zip(self.slots, split, strict=True)]
        dealt: list[list[str]] = [[] for _ in self.slots]
        places = self.places(strict)
        for cards, space in ((self.trump_pool, quota), (self.suit_pool, room)):
            if not deal_cards(rng, cards, places, space, dealt):
                return None
        return dealt

    def _loose_split(self, rng: random.Random) -> list[int] | None:
        """Trumps spread at random over the slots that may hold them (ranges ignored)."""
        caps = [0 if s.kind == DISCARD else s.cap for s in self.slots]
        split = [0] * len(self.slots)
        for _ in self.trump_pool:
            options = [i for i, c in enumerate(caps) if c > split[i]]
            if not options:
                return None
            split[pick_slot(rng, options, [c - x for c, x in zip(caps, split, strict=True)])] += 1
        return split

    def _money_ok(self, dealt: list[list[str]]) -> bool:
        """The five-point-card rules of the money cards hold for every hand."""
        facts = self.facts
        for seat, index in self.hand_slot.items():
            held = dealt[index] + self.played_by[seat]
            fives = sum(1 for c in held if c in FIVE_POINT)
            low, high = facts.fives[seat]
            if not low <= fives <= high:
                return False
            if any(group <= set(held) for group in facts.not_all[seat]):
                return False
            if facts.kings_below_four[seat] and KINGS <= set(held):
                return False
        return True

    # -- the world ---------------------------------------------------------------------------------

    def hands_and_piles(self, dealt: list[list[str]]) -> tuple[list[list[str]], list[list[str]], list[str]]:
        """Every seat's hand and discard, and the opponents' pile, for one sample."""
        discards: list[list[str]] = [list(d) for d in self.public_discards]
        pile = list(self.known_pile)
        discards[self.me] = list(self.own_discard)
        for slot, cards in zip(self.slots, dealt, strict=True):
            if slot.kind == DISCARD:
                assert slot.seat is not None
                discards[slot.seat] += cards
            elif slot.kind == PILE:
                pile += cards
        return self.hands(dealt, SEATS), discards, pile
