"""Dealing the unseen cards into slots (the places a card may be), for the strong robots' samplers:
the dealing itself (``deal_cards``), and the slots and rules the tarot samplers share
(``SlotSampler``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import KINGS, TRUMP

from .tricks import plays_from_log
from .view import View, seat_of


def pick_slot(rng: random.Random, options: list[int], room: Sequence[int]) -> int:
    """One of ``options``, each weighted by its ``room``."""
    pick = rng.random() * sum(room[i] for i in options)
    for i in options:
        pick -= room[i]
        if pick < 0:
            break
    return i


def deal_cards(
    rng: random.Random,
    cards: list[str],
    places: dict[str, list[int]],
    room: list[int],
    dealt: list[list[str]],
) -> bool:
    """Deal ``cards`` in random order, the fewest ``places`` first, each into a place with room
    (weighted by that room); False when a card finds none."""
    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda c: len(places[c]))
    for card in order:
        options = [i for i in places[card] if room[i] > 0]
        if not options:
            return False
        i = pick_slot(rng, options, room)
        room[i] -= 1
        dealt[i].append(card)
    return True


HAND, DISCARD = "hand", "discard"  # the kinds of slot every sampler has (a variant may add more)


@dataclass(slots=True)
class Slot:
    """A place unseen cards may be: a seat's hand, the hidden part of its discard, or (no seat) a
    talon or pile nobody saw; ``cap`` cards. ``low`` and ``high``: the trumps it holds, where
    the sampler deals the trumps first (Czech)."""

    seat: int | None
    kind: str
    cap: int
    low: int = 0
    high: int = 0


class SlotSampler:
    """The tarot samplers' common part: the seat's own cards and the plays of its view, the
    ``slots`` the unseen cards (``pool``) may lie in, the places known for some cards
    (``only``), and which slots each card may go to (``eligible``).

    No hidden discard holds a trump or a card of ``never_discarded``; a hand holds no card of a
    suit its seat showed it lacks (``voids``; relaxed when not ``strict``) and, for a seat that
    discarded a trump (``only_trumps_and_kings``), nothing but trumps and kings. A variant adds
    its own rules of a hand in ``may_hold``."""

    never_discarded: frozenset[str] = KINGS

    def __init__(self, view: View, seats: int) -> None:
        self.me = seat_of(view)
        self.plays = plays_from_log(view)
        self.gone = {card for _, card in self.plays}
        self.hand = list(view["hand"])
        self.played_by: list[list[str]] = [[] for _ in range(seats)]
        for seat, card in self.plays:
            self.played_by[seat].append(card)
        self.voids: list[set[str]] = [set() for _ in range(seats)]
        self.only_trumps_and_kings: set[int] = set()
        self.pool: list[str] = []
        self.slots: list[Slot] = []
        self.hand_slot: dict[int, int] = {}  # seat → its hand's slot
        self.only: dict[str, list[int]] = {}  # card → the only slots it may lie in
        self._places: dict[bool, dict[str, list[int]]] = {}

    def add_slot(self, slot: Slot) -> int:
        """``slot``'s index, once added (a hand's is its seat's ``hand_slot``)."""
        index = len(self.slots)
        self.slots.append(slot)
        if slot.kind == HAND:
            assert slot.seat is not None
            self.hand_slot[slot.seat] = index
        return index

    def check_counts(self) -> None:
        """The slots hold exactly the unseen cards."""
        if sum(slot.cap for slot in self.slots) != len(self.pool):
            raise ValueError(
                "The view's card counts do not add up"  # untranslated: internal
            )  # pragma: no cover  # untranslated: programmer error

    def may_hold(self, seat: int, card: str, strict: bool) -> bool:
        """Whether the hand of ``seat`` may hold ``card``."""
        if seat in self.only_trumps_and_kings and card[0] != TRUMP and card not in KINGS:
            return False
        return not strict or card[0] not in self.voids[seat]

    def eligible(self, card: str, strict: bool) -> list[int]:
        """The slots ``card`` may lie in."""
        fixed = self.only.get(card)
        result = []
        for index, slot in enumerate(self.slots):
            if fixed is not None and index not in fixed:
                continue
            if slot.kind == DISCARD:
                if card[0] == TRUMP or card in self.never_discarded:
                    continue
            elif slot.kind == HAND:
                assert slot.seat is not None
                if not self.may_hold(slot.seat, card, strict):
                    continue
            result.append(index)
        return result

    def places(self, strict: bool) -> dict[str, list[int]]:
        """Every unseen card's ``eligible`` slots (the same for every deal of one decision)."""
        if strict not in self._places:
            self._places[strict] = {card: self.eligible(card, strict) for card in self.pool}
        return self._places[strict]

    def hands(self, dealt: list[list[str]], seats: int) -> list[list[str]]:
        """Every seat's hand in one deal: the own, and the cards ``dealt`` to the hand slots."""
        hands: list[list[str]] = [[] for _ in range(seats)]
        hands[self.me] = list(self.hand)
        for slot, cards in zip(self.slots, dealt, strict=True):
            if slot.kind == HAND:
                assert slot.seat is not None
                hands[slot.seat] += cards
        return hands
