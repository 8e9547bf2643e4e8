"""What a seat knows in Slovenian Tarok, read from its own view only (slovenian3.md §13).

``Knowledge`` is the one input of the card-play policy (``games.bots.slovenian3.play``). It is
built from a seat's ``observe`` view (``from_view``) or, inside the strong robot's playouts,
from a simulated world; both give what a player at the table knows: the own hand, the contract
and the declarer (the sides are public: the declarer alone against the other two; in klop
everyone for themselves), every card played and by whom (the public log), the cards out of
play that are public (the talon groups left to the opponents, the discarded taroks, klop's
talon gifts, the own discard), the voids the plays showed, the open beggar's exposed hand, who
announced pagat ultimo and whether valat was announced.

In klop and the beggars everyone must beat the trick when able (§8.2), so a card that follows
without beating tells that the seat holds nothing higher (``ceilings``, ``read_plays``), and
the pagat played outside the emperor trick was the seat's last tarok.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Unpack

from games.rules.cards import PACK_54, TRUMP
from games.rules.slovenian3.state import RANK, SEATS, T1, T21, T22, SlovenianState

from .. import tricks
from ..knowledge import SeatKnowledge, Seen, seen_in_view
from ..tricks import plays_from_log
from ..view import SlovenianView, present, seat_of

HAND_SIZE = 16
LAST_TRICK = HAND_SIZE - 1
DECLARER = "declarer"
OPPONENTS = "opponents"
KLOP = "klop"
NEGATIVE = frozenset({"klop", "beggar", "open-beggar"})
BEGGARS = frozenset({"beggar", "open-beggar"})
VALATS = frozenset({"colour-valat", "valat"})
POSITIVE = frozenset({"three", "two", "one", "solo-without"})
WITH_TALON = frozenset({"three", "two", "one"})
NO_CEILING = 1000


def trick_winner(cards: list[tuple[int, str]], colour_valat: bool = False) -> tuple[int, str]:
    """(seat, card) winning the (possibly unfinished) trick: the highest tarok, else the highest
    card of the suit led; T1 when T22, T21 and T1 are all in it (§8.3); in colour valat taroks
    win only a tarok lead (§8.4)."""
    led = cards[0][1][0]
    present = {card: seat for seat, card in cards if card in (T1, T21, T22)}
    if len(present) == 3 and (not colour_valat or led == TRUMP):
        return present[T1], T1
    best = cards[0]
    for seat, card in cards[1:]:
        if beats(card, best[1], led, colour_valat):
            best = (seat, card)
    return best


def beats(card: str, best: str, led: str, colour_valat: bool = False) -> bool:
    """Whether ``card`` takes the trick from ``best`` (emperor trick aside): as in every tarot
    game, except that in colour valat a tarok wins only a tarok lead (§8.4)."""
    if colour_valat and led != TRUMP and card[0] == TRUMP:
        return False
    return tricks.beats(card, best, led, RANK)


def read_plays(plays: list[tuple[int, str]], negative: bool) -> tuple[list[set[str]], list[dict[str, int]]]:
    """Per seat the suits it has shown it lacks (``T`` for taroks), and in the negative contracts
    the highest rank it can still hold per suit (must beat, §8.2)."""
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    ceilings: list[dict[str, int]] = [{} for _ in range(SEATS)]
    for start in range(0, len(plays), SEATS):
        trick = plays[start : start + SEATS]
        led = trick[0][1][0]
        for i, (seat, card) in enumerate(trick):
            before = [c for _, c in trick[:i]]
            if i and card[0] != led:
                voids[seat].add(led)
                if card[0] != TRUMP:
                    voids[seat].add(TRUMP)
            if not negative:
                continue
            if card == T1 and not (T22 in before and T21 in before):
                voids[seat].add(TRUMP)  # the pagat is played only as the last allowed tarok
            if not i:
                continue
            taroks = [c for c in before if c[0] == TRUMP]
            if card[0] == led and led != TRUMP and not taroks:
                top = max(RANK[c] for c in before if c[0] == led)
                if RANK[card] < top:
                    _lower(ceilings[seat], led, top)
            elif card[0] == TRUMP and taroks:
                top = max(RANK[c] for c in taroks)
                if RANK[card] < top:
                    _lower(ceilings[seat], TRUMP, top)
    return voids, ceilings


def _lower(ceiling: dict[str, int], suit: str, rank: int) -> None:
    ceiling[suit] = min(ceiling.get(suit, NO_CEILING), rank)


def public_out(view: SlovenianView) -> set[str]:
    """Cards out of play that the seat knows of, beyond those played: the talon groups left to
    the opponents, the discarded taroks, the own discard, klop's gifts taken."""
    out: set[str] = set()
    taken = view.get("talon_taken")
    for n, group in enumerate(view.get("talon_groups") or (), start=1):
        if taken is not None and n != taken:
            out |= set(group)
    out |= set(view.get("discarded_taroks") or ())
    discards = view.get("discards")
    mine = None if discards is None else discards[seat_of(view)]
    if mine:
        out |= set(mine)
    out |= {gift["card"] for gift in view.get("klop_gifts") or ()}
    return out


def declarer_holds(view: SlovenianView, gone: set[str]) -> set[str]:
    """The cards of the talon group the declarer took that it still holds: not played, and not
    discarded as far as the seat can tell (a king or trula card cannot be discarded; a discarded
    tarok is public). The other suit cards of the group may lie in the hidden discard."""
    taken = view.get("talon_taken")
    if taken is None:
        return set()
    group = present(view["talon_groups"])[taken - 1]
    discarded = set(view.get("discarded_taroks") or ())
    return {c for c in group if c not in gone and c not in discarded and (c[0] == TRUMP or c[1] == "K")}


class Knowledge(SeatKnowledge):
    """The facts the card-play policy works from; see the module docstring."""

    __slots__ = ("contract", "exposed", "ultimo", "valat", "ceilings", "holds", "out")

    seats = SEATS
    pack = PACK_54
    rank = RANK

    def __init__(
        self,
        *,
        contract: str,
        exposed: list[str] | None = None,
        ultimo: int | None = None,
        valat: bool = False,
        ceilings: list[dict[str, int]] | None = None,
        holds: set[str] | None = None,
        out: set[str] | None = None,
        **seen: Unpack[Seen],
    ) -> None:
        super().__init__(**seen)
        self.contract = contract  # the contract's key
        self.exposed = exposed  # the open beggar's hand while face up
        self.ultimo = ultimo  # the seat that announced pagat ultimo
        self.valat = valat  # the declarer announced valat
        self.ceilings = ceilings or [{} for _ in range(SEATS)]
        self.holds = holds or set()  # cards known to be in the declarer's hand (the talon taken)
        self.out = out or set()  # cards out of play the seat knows of (not played)

    @classmethod
    def from_view(cls, view: SlovenianView) -> Knowledge:
        """A real seat's knowledge during play."""
        plays = plays_from_log(view)
        contract = present(view["contract_key"])
        voids, ceilings = read_plays(plays, contract in NEGATIVE)
        seen = seen_in_view(view, plays, voids, SEATS)
        valat = any(item["item"] == "valat" for item in view.get("items") or ())
        exposed = view.get("exposed")
        return cls(
            contract=contract,
            exposed=None if exposed is None else list(exposed),
            ultimo=ultimo_seat(view),
            valat=valat,
            ceilings=ceilings,
            holds=declarer_holds(view, seen["gone"]) if seat_of(view) != view["declarer"] else set(),
            out=public_out(view),
            **seen,
        )

    @classmethod
    def from_state(cls, state: SlovenianState, seen: Seen, ultimo: int | None) -> Knowledge:
        """A seat's knowledge inside a playout (``ultimo``: who announced pagat ultimo)."""
        contract = state.contract
        assert contract is not None
        declarer = state.declarer
        exposed = state.exposed and declarer is not None and seen["seat"] != declarer
        return cls(
            contract=contract.key,
            exposed=list(state.hands[declarer]) if exposed and declarer is not None else None,
            ultimo=ultimo,
            **seen,
        )

    def side_of(self, seat: int) -> str | None:
        if self.declarer is None:
            return None
        return DECLARER if seat == self.declarer else OPPONENTS

    def friend(self, other: int) -> bool | None:
        if other == self.seat:
            return True
        if self.declarer is None:
            return False  # klop: everyone for themselves
        return (other == self.declarer) == (self.seat == self.declarer)

    def unseen(self) -> frozenset[str]:
        """Cards that may be in another seat's hand (or lie out of play unseen)."""
        return self.pack - self.gone - self.out - set(self.hand)

    def may_hold(self, seat: int, card: str) -> bool:
        """Whether ``seat`` may hold ``card``, as far as this seat knows (``card`` unseen)."""
        if self.exposed is not None and seat == self.declarer:
            return card in self.exposed
        suit = card[0]
        if suit in self.voids[seat]:
            return False
        if seat != self.declarer and card in self.holds:
            return False
        return self.rank[card] <= self.ceilings[seat].get(suit, NO_CEILING)

    def holding(self, seat: int, unseen: Set[str]) -> set[str]:
        """The unseen cards ``seat`` may hold."""
        if self.exposed is not None and seat == self.declarer:
            return set(self.exposed)
        return {c for c in unseen if self.may_hold(seat, c)}

    def winner(self) -> tuple[int, str]:
        """(seat, card) winning the trick in progress so far: the emperor trick, colour valat."""
        return trick_winner(self.trick, self.colour_valat)

    @property
    def negative(self) -> bool:
        return self.contract in NEGATIVE

    @property
    def colour_valat(self) -> bool:
        return self.contract == "colour-valat"


def ultimo_seat(view: SlovenianView) -> int | None:
    """The seat that announced pagat ultimo, if one did."""
    return next((item["seat"] for item in view.get("items") or () if item["item"] == "ultimo"), None)
