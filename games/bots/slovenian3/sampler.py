"""Deals the cards a Slovenian seat cannot see, consistently with everything its view shows.

Slots are the places an unseen card can be: the other seats' hands (the open beggar's exposed
hand is no slot: it is known), the hidden part of the declarer's discard (three/two/one, seen by
an opponent: the discard less its public taroks), and the talon where it is hidden and out of
play (klop: the cards not yet given away; solo without, the beggars and the valats: all six).
What the seat knows (``knowledge.read_plays``, the view):

- hand sizes; the discard's size (the talon group's) less its public taroks; a hidden discard
  holds no tarok (every discarded tarok is public) and no king (§5.1); a declarer that
  discarded a tarok kept nothing but taroks and kings;
- the talon of three/two/one is face up: the groups left lie in the opponents' pile, the
  group taken is the declarer's (its taroks and kings in its hand, its other cards in its hand
  or its discard); klop's gifts are public as they are taken;
- the voids the plays showed (a seat that did not follow has none of the suit; one that did
  not play a tarok when void has none either); in klop and the beggars a card that followed
  without beating shows the seat held nothing higher of that suit (must beat, §8.2), and the
  pagat played outside the emperor trick was the seat's last tarok;
- the announcer of pagat ultimo holds the pagat until it is played;
- the auction, read as the basic robot bids (``auction_bounds``): a bid of three, two, one or
  solo without promises the strength the basic robot wants for it, a pass or klop denies the
  strength of the lowest contract the seat could have named, a beggar promises a low
  ``trick_risk``. Players bid as they please, so these bounds are soft: widened by ``MARGIN``,
  and a world that breaks them is dealt again at most ``AUCTION_TRIES`` times.

Sampling deals the unseen cards, most constrained first, each into a slot with room weighted by
that room (``sampling.deal_cards``); after ``STRICT_TRIES`` failures the voids and ceilings
shown by play are relaxed (the places known for certain never are); after ``TRIES`` it gives
up and the basic play decides.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.cards import KINGS, PACK_54, TRUMP
from games.rules.slovenian3.state import RANK, SEATS, T1, TALON_SIZE

from ..sampling import deal_cards
from ..tricks import plays_from_log
from .basic import BEGGAR_RISK, KLOP_BELOW, THRESHOLDS
from .hand import strength, trick_risk
from .knowledge import BEGGARS, NEGATIVE, NO_CEILING, WITH_TALON, public_out, read_plays

STRICT_TRIES = 20
TRIES = 30
AUCTION_TRIES = 10
MARGIN = 1.0  # strength
BEGGAR_MARGIN = 0.5  # trick_risk
NO_LIMIT = 1000.0
POSITIVE_ORDER = ("three", "two", "one", "solo-without")

HAND, DISCARD, TALON = "hand", "discard", "talon"


def auction_bounds(view: dict[str, Any]) -> dict[int, tuple[float, float, bool]]:
    """Per seat that called in the auction: (the least, the most strength its dealt hand had, a
    beggar's low risk promised), as the basic robot bids (``basic.auction``)."""
    bounds: dict[int, list[Any]] = {}
    highest = -1
    simple = view["options"].get("auction_style") == "simple"
    for index, entry in enumerate(view.get("auction") or ()):
        seat, call = entry["seat"], entry["call"]
        low, high, beggar = bounds.setdefault(seat, [0.0, NO_LIMIT, False])
        contract = call[4:] if call.startswith("bid:") else None
        if simple and index == 0:
            pass  # the opener must bid three
        elif contract is None:
            if simple and seat == view["forehand"] and view.get("contract_key") == "klop":
                high = min(high, KLOP_BELOW)  # the opener passing at three: klop
            elif highest + 1 < len(POSITIVE_ORDER):
                high = min(high, THRESHOLDS[POSITIVE_ORDER[max(highest + 1, 1)]])
        elif contract == "klop":
            high = min(high, KLOP_BELOW)
        elif contract == "three":
            low = max(low, min(THRESHOLDS["three"], KLOP_BELOW))
        elif contract in THRESHOLDS:
            low = max(low, THRESHOLDS[contract])
        elif contract in BEGGARS:
            beggar = True
        if contract in POSITIVE_ORDER:
            highest = max(highest, POSITIVE_ORDER.index(contract))
        elif contract is not None and contract != "klop":
            highest = len(POSITIVE_ORDER)
        bounds[seat] = [low, high, beggar]
    return {seat: (low, high, beggar) for seat, (low, high, beggar) in bounds.items()}


class Slot:
    __slots__ = ("seat", "kind", "cap")

    def __init__(self, seat: int | None, kind: str, cap: int) -> None:
        self.seat = seat
        self.kind = kind
        self.cap = cap


class Sampler:
    def __init__(self, view: dict[str, Any]) -> None:
        me = view["viewer"]
        self.me = me
        contract = view["contract_key"]
        declarer = view["declarer"]
        self.declarer = declarer
        plays = plays_from_log(view)
        self.plays = plays
        self.gone = {card for _, card in plays}
        self.voids, self.ceilings = read_plays(plays, contract in NEGATIVE)
        self.hand = list(view["hand"])
        exposed = view.get("exposed")
        self.exposed = list(exposed) if exposed is not None and declarer != me else None
        self.public_taroks = list(view.get("discarded_taroks") or ())
        discards = view.get("discards")
        self.own_discard = list(discards[me] or ()) if discards is not None and me == declarer else []
        known = set(self.hand) | self.gone | public_out(view) | set(self.exposed or ())
        self.pool = sorted(PACK_54 - known, key=lambda c: (c[0], RANK[c]))

        # Slots.
        counts = view["hand_counts"]
        self.slots: list[Slot] = []
        self.hand_slot: dict[int, int] = {}
        for seat in range(SEATS):
            if seat == me or (self.exposed is not None and seat == declarer):
                continue
            self.hand_slot[seat] = len(self.slots)
            self.slots.append(Slot(seat, HAND, counts[seat]))
        self.discard_slot: int | None = None
        if contract in WITH_TALON and declarer != me and view.get("discards") is not None:
            size = len(view["talon_groups"][0])
            hidden = size - len(self.public_taroks)
            if hidden > 0:
                self.discard_slot = len(self.slots)
                self.slots.append(Slot(declarer, DISCARD, hidden))
        self.talon_slot: int | None = None
        if contract not in WITH_TALON:
            hidden = TALON_SIZE - len(view.get("klop_gifts") or ())
            if hidden > 0:
                self.talon_slot = len(self.slots)
                self.slots.append(Slot(None, TALON, hidden))
        if sum(slot.cap for slot in self.slots) != len(self.pool):
            raise ValueError(
                "The view's card counts do not add up"  # untranslated: internal
            )  # pragma: no cover  # untranslated: programmer error

        # Cards whose place is known.
        self.only: dict[str, list[int]] = {}
        taken = view.get("talon_taken")
        if taken is not None and declarer != me and declarer in self.hand_slot:
            hand_slot = self.hand_slot[declarer]
            for card in view["talon_groups"][taken - 1]:
                if card in self.pool:
                    places = [hand_slot]
                    if card[0] != TRUMP and card not in KINGS and self.discard_slot is not None:
                        places.append(self.discard_slot)
                    self.only[card] = places
        ultimo = next((item["seat"] for item in view.get("items") or () if item["item"] == "ultimo"), None)
        if ultimo is not None and ultimo != me and T1 in self.pool and ultimo in self.hand_slot:
            self.only[T1] = [self.hand_slot[ultimo]]
        # A declarer that discarded a tarok had no other card to discard (§5.1).
        self.only_taroks_and_kings = declarer if self.public_taroks and declarer != me else None

        # What the auction says of the hands as dealt, for the seats with hidden cards.
        self.bounds = {seat: bound for seat, bound in auction_bounds(view).items() if seat in self.hand_slot}
        self.played_by: list[list[str]] = [[] for _ in range(SEATS)]
        for seat, card in plays:
            self.played_by[seat].append(card)
        self.taken = list(view["talon_groups"][taken - 1]) if taken is not None else []

    # -- eligibility ---------------------------------------------------------------------------

    def eligible(self, card: str, strict: bool) -> list[int]:
        fixed = self.only.get(card)
        result = []
        for index, slot in enumerate(self.slots):
            if fixed is not None and index not in fixed:
                continue
            if slot.kind == DISCARD:
                if card[0] == TRUMP or card in KINGS:
                    continue
            elif slot.kind == HAND:
                seat = slot.seat
                assert seat is not None
                if seat == self.only_taroks_and_kings and card[0] != TRUMP and card not in KINGS:
                    continue
                if strict:
                    if card[0] in self.voids[seat]:
                        continue
                    if RANK[card] > self.ceilings[seat].get(card[0], NO_CEILING):
                        continue
            result.append(index)
        return result

    # -- dealing -----------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[list[str]] | None:
        """Cards per slot, or None when no consistent deal was found."""
        places = {True: self._places(True), False: self._places(False)}
        fallback = None
        for attempt in range(TRIES):
            strict = attempt < STRICT_TRIES
            room = [slot.cap for slot in self.slots]
            dealt: list[list[str]] = [[] for _ in self.slots]
            if deal_cards(rng, self.pool, places[strict], room, dealt):
                if self.fits_auction(dealt):
                    return dealt
                fallback = fallback or dealt
                if attempt + 1 >= AUCTION_TRIES:
                    return fallback
        return fallback

    def dealt_hand(self, seat: int, dealt: list[list[str]]) -> list[str]:
        """The 16 cards ``seat`` was dealt, in this sample."""
        cards = dealt[self.hand_slot[seat]] + self.played_by[seat]
        if seat == self.declarer and self.taken:
            hidden = dealt[self.discard_slot] if self.discard_slot is not None else []
            cards = [c for c in cards + hidden + self.public_taroks if c not in self.taken]
        return cards

    def fits_auction(self, dealt: list[list[str]]) -> bool:
        for seat, (low, high, beggar) in self.bounds.items():
            hand = self.dealt_hand(seat, dealt)
            value = strength(hand)
            if not low - MARGIN <= value < high + MARGIN:
                return False
            if beggar and trick_risk(hand) > BEGGAR_RISK + BEGGAR_MARGIN:
                return False
        return True

    def _places(self, strict: bool) -> dict[str, list[int]]:
        return {card: self.eligible(card, strict) for card in self.pool}

    def hands_and_rest(self, dealt: list[list[str]]) -> tuple[list[list[str]], list[str], list[str]]:
        """Every seat's hand, the declarer's whole discard and the hidden talon cards, for one
        sample."""
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        hands[self.me] = list(self.hand)
        if self.exposed is not None:
            assert self.declarer is not None
            hands[self.declarer] = list(self.exposed)
        discard = list(self.own_discard) or list(self.public_taroks)
        talon: list[str] = []
        for slot, cards in zip(self.slots, dealt, strict=True):
            if slot.kind == HAND:
                assert slot.seat is not None
                hands[slot.seat] += cards
            elif slot.kind == DISCARD:
                discard += cards
            else:
                talon += cards
        return hands, discard, talon
