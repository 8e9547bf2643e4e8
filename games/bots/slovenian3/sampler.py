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

from ..sampling import DISCARD, HAND, Slot, SlotSampler, deal_cards
from ..view import SlovenianView, present
from .basic import BEGGAR_RISK, KLOP_BELOW, THRESHOLDS
from .hand import strength, trick_risk
from .knowledge import BEGGARS, NEGATIVE, NO_CEILING, WITH_TALON, public_out, read_plays, ultimo_seat

STRICT_TRIES = 20
TRIES = 30
AUCTION_TRIES = 10
MARGIN = 1.0  # strength
BEGGAR_MARGIN = 0.5  # trick_risk
NO_LIMIT = 1000.0
POSITIVE_ORDER = ("three", "two", "one", "solo-without")

TALON = "talon"  # the talon's cards nobody saw (klop: those not yet given away)


def auction_bounds(view: SlovenianView) -> dict[int, tuple[float, float, bool]]:
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


class Sampler(SlotSampler):
    def __init__(self, view: SlovenianView) -> None:
        super().__init__(view, SEATS)
        me = self.me
        contract = view["contract_key"]
        declarer = view["declarer"]
        self.declarer = declarer
        plays = self.plays
        self.voids, self.ceilings = read_plays(plays, contract in NEGATIVE)
        exposed = view.get("exposed")
        self.exposed = list(exposed) if exposed is not None and declarer != me else None
        self.public_taroks = list(view.get("discarded_taroks") or ())
        discards = view.get("discards")
        self.own_discard = list(discards[me] or ()) if discards is not None and me == declarer else []
        known = set(self.hand) | self.gone | public_out(view) | set(self.exposed or ())
        self.pool = sorted(PACK_54 - known, key=lambda c: (c[0], RANK[c]))

        # Slots.
        counts = view["hand_counts"]
        for seat in range(SEATS):
            if seat == me or (self.exposed is not None and seat == declarer):
                continue
            self.add_slot(Slot(seat, HAND, counts[seat]))
        self.discard_slot: int | None = None
        if contract in WITH_TALON and declarer != me and view.get("discards") is not None:
            size = len(present(view["talon_groups"])[0])
            hidden = size - len(self.public_taroks)
            if hidden > 0:
                self.discard_slot = self.add_slot(Slot(declarer, DISCARD, hidden))
        self.talon_slot: int | None = None
        if contract not in WITH_TALON:
            hidden = TALON_SIZE - len(view.get("klop_gifts") or ())
            if hidden > 0:
                self.talon_slot = self.add_slot(Slot(None, TALON, hidden))
        self.check_counts()

        # Cards whose place is known.
        taken = view.get("talon_taken")
        if taken is not None and declarer != me and declarer in self.hand_slot:
            hand_slot = self.hand_slot[declarer]
            for card in present(view["talon_groups"])[taken - 1]:
                if card in self.pool:
                    places = [hand_slot]
                    if card[0] != TRUMP and card not in KINGS and self.discard_slot is not None:
                        places.append(self.discard_slot)
                    self.only[card] = places
        ultimo = ultimo_seat(view)
        if ultimo is not None and ultimo != me and T1 in self.pool and ultimo in self.hand_slot:
            self.only[T1] = [self.hand_slot[ultimo]]
        # A declarer that discarded a tarok had no other card to discard (§5.1).
        if self.public_taroks and declarer != me:
            self.only_trumps_and_kings = {present(declarer)}

        # What the auction says of the hands as dealt, for the seats with hidden cards.
        self.bounds = {seat: bound for seat, bound in auction_bounds(view).items() if seat in self.hand_slot}
        self.taken = list(present(view["talon_groups"])[taken - 1]) if taken is not None else []

    # -- eligibility ---------------------------------------------------------------------------

    def may_hold(self, seat: int, card: str, strict: bool) -> bool:
        """The shared rules, and (``strict``) no card above a ceiling its play showed (must beat)."""
        if not super().may_hold(seat, card, strict):
            return False
        return not strict or RANK[card] <= self.ceilings[seat].get(card[0], NO_CEILING)

    # -- dealing -----------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[list[str]] | None:
        """Cards per slot, or None when no consistent deal was found."""
        places = {True: self.places(True), False: self.places(False)}
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

    def hands_and_rest(self, dealt: list[list[str]]) -> tuple[list[list[str]], list[str], list[str]]:
        """Every seat's hand, the declarer's whole discard and the hidden talon cards, for one
        sample."""
        hands = self.hands(dealt, SEATS)
        if self.exposed is not None:
            assert self.declarer is not None
            hands[self.declarer] = list(self.exposed)
        discard = list(self.own_discard) or list(self.public_taroks)
        talon: list[str] = []
        for slot, cards in zip(self.slots, dealt, strict=True):
            if slot.kind == DISCARD:
                discard += cards
            elif slot.kind == TALON:
                talon += cards
        return hands, discard, talon
