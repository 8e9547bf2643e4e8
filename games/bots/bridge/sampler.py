"""Dealing the cards a Bridge seat has not seen, consistently with its view (``knowledge``).

The unseen cards (neither in the own hand nor on the stack) lie in the other hands and the
blind, whose sizes the view gives. A deal puts them into slots, one card at a time, the most
constrained card first, each into a slot that accepts it, weighted by the room left
(``sampling.deal_cards``):

- per other seat, one slot per *group* its forced draws proved (``knowledge.Group``: at least
  ``n`` of its cards lack those suits and ranks), and one free slot for the rest of its hand;
- the blind, which after a reshuffle takes only cards of that reshuffle's set;
- a seat holds no more cards of the last reshuffle's set than it drew since (so it holds at
  least its count less that many older cards: when the older cards left are just enough for
  those needs, each goes to a seat that needs one).

A deal that fails is dealt again, after ``QUICK_TRIES`` failures carefully (each time the card
with the fewest places left now goes first, and into a slot that has no more candidates left
than room, if it fits one); after ``RELAX_GROUPS`` failures the groups are
ignored, after ``RELAX_RESHUFFLE`` the reshuffle limits too (a greedy deal can paint itself into
a corner that a cleverer one would avoid; the true hands always satisfy every constraint). The blind's order
is a random permutation of its cards, as the deal and every reshuffle make it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..sampling import pick_slot
from .knowledge import Knowledge, admits

QUICK_TRIES = 3
RELAX_GROUPS = 20
RELAX_RESHUFFLE = 30
GIVE_UP = 40


@dataclass(frozen=True)
class Slot:
    seat: int | None  # None: the blind
    cap: int
    lacks: frozenset[str] = frozenset()


class Sampler:
    def __init__(self, knowledge: Knowledge, me: int, counts: list[int], blind_count: int) -> None:
        self.me = me
        self.pool = sorted(knowledge.unseen)
        self.players = len(counts)
        self.blind_count = blind_count
        self.reshuffled = knowledge.reshuffled
        self.limits = [record.drawn_since_reshuffle for record in knowledge.seats]
        expected = sum(counts[s] for s in range(self.players) if s != me) + blind_count
        if expected != len(self.pool):
            raise ValueError(
                f"{len(self.pool)} unseen cards for {expected} places"  # untranslated: internal
            )  # untranslated: programmer error
        self.strict = self._slots(knowledge, counts, with_groups=True)
        self.loose = self._slots(knowledge, counts, with_groups=False)

    def _slots(self, knowledge: Knowledge, counts: list[int], with_groups: bool) -> list[Slot]:
        slots = [Slot(None, self.blind_count)]
        for seat in range(self.players):
            if seat == self.me:
                continue
            free = counts[seat]
            if with_groups:
                for group in knowledge.seats[seat].groups:
                    n = min(group.n, free)
                    if n > 0:
                        slots.append(Slot(seat, n, group.lacks))
                        free -= n
            slots.append(Slot(seat, free))
        return [slot for slot in slots if slot.cap > 0]

    def sample(self, rng: random.Random) -> list[list[str]] | None:
        """Per seat its cards (the own seat's list empty) and, last, the blind top first; None
        when no deal was found."""
        for attempt in range(GIVE_UP):
            slots = self.loose if attempt >= RELAX_GROUPS else self.strict
            limited = self.reshuffled is not None and attempt < RELAX_RESHUFFLE
            dealt = self._deal(rng, slots, limited, careful=attempt >= QUICK_TRIES)
            if dealt is not None:
                return dealt
        return None

    def _deal(
        self, rng: random.Random, slots: list[Slot], limited: bool, careful: bool
    ) -> list[list[str]] | None:
        """One deal, or None. Quick: the cards in a fixed order, fewest places first. Careful:
        each time the card with the fewest places left now."""
        reshuffled = self.reshuffled or frozenset()
        places: dict[str, list[int]] = {}
        for card in self.pool:
            fresh = card in reshuffled
            places[card] = [
                i
                for i, slot in enumerate(slots)
                if (slot.seat is not None or not limited or fresh) and admits(slot.lacks, card)
            ]
        room = [slot.cap for slot in slots]
        left = list(self.limits)  # reshuffled cards each seat may still take
        # Older cards each seat must still take: its room beyond what it may take of the reshuffle.
        need = [0] * self.players
        for slot in slots:
            if limited and slot.seat is not None:
                need[slot.seat] += slot.cap
        need = [max(0, n - self.limits[s]) if limited else 0 for s, n in enumerate(need)]
        older = sum(1 for card in self.pool if card not in reshuffled) if limited else 0
        # Reshuffled cards the hands may still take: the older cards must all find a hand.
        spare = sum(slot.cap for slot in slots if slot.seat is not None) - older

        def options(card: str) -> list[int]:
            fresh = limited and card in reshuffled
            found = [
                i
                for i in places[card]
                if room[i] > 0
                and not (fresh and (seat := slots[i].seat) is not None and (left[seat] <= 0 or spare <= 0))
            ]
            if limited and not fresh and sum(need) >= older:  # no older card to spare
                needy = [i for i in found if (seat := slots[i].seat) is not None and need[seat] > 0]
                return needy or found
            return found

        contents: list[list[str]] = [[] for _ in slots]
        order = self.pool[:]
        rng.shuffle(order)
        order.sort(key=lambda c: len(places[c]))
        while order:
            if careful:
                found = [options(c) for c in order]
                k = min(range(len(order)), key=lambda k: len(found[k]))
                card, choice = order.pop(k), found[k]
                # A slot with no more candidates than room must take every one of them.
                critical = [i for i in choice if sum(1 for f in found if i in f) <= room[i]]
                choice = critical or choice
            else:
                card = order.pop(0)
                choice = options(card)
            if not choice:
                return None
            i = pick_slot(rng, choice, room)
            room[i] -= 1
            contents[i].append(card)
            seat = slots[i].seat
            if limited and card in reshuffled:
                if seat is not None:
                    left[seat] -= 1
                    spare -= 1
            elif limited:
                older -= 1
                if seat is not None and need[seat] > 0:
                    need[seat] -= 1
        hands: list[list[str]] = [[] for _ in range(self.players)]
        blind: list[str] = []
        for slot, cards in zip(slots, contents, strict=True):
            (blind if slot.seat is None else hands[slot.seat]).extend(cards)
        rng.shuffle(blind)
        return [*hands, blind]
