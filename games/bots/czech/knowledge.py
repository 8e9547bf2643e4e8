"""What a seat knows in Czech Taroky, read from its own view only (czech.md §13).

``Knowledge`` is the one input of the card-play policy (``games.bots.czech.play``). It is built
from a seat's ``observe`` view (``from_view``) or, inside the strong robot's simulations, from
a sampled world; both give what a player at the table knows: the own hand, every card played
and by whom (the public log), the voids those plays showed (and the trumps the money cards
rule out), the declarer, the called card, the sides as far as the seat knows them, and who
called I on the end.

``Facts`` reads the public record the sampler needs as well: money cards as trump-count and
five-point-card ranges, the holdings they prove, the called card's meaning, the talon's
whereabouts.
"""

from __future__ import annotations

from typing import Unpack

from games.rules.cards import HONOURS, KINGS, PACK_54, TRUMP, rank_table
from games.rules.czech.state import PARTNER_GAME, CzechState

from ..knowledge import SeatKnowledge, Seen, seen_in_view
from ..tricks import SEATS, english, plays_from_log, voids_shown
from ..view import CzechView, present, seat_of

HAND_SIZE = 12
LAST_TRICK = 11
DECLARER = "declarer"
OPPONENTS = "opponents"
PREVER = "prever"
T1, MUND, SKYZ = "T1", "T21", "T22"
FIVE_POINT = HONOURS | KINGS
CALL_ALTERNATIVES = ("T18", "T17", "T16", "T15")

# Money cards (czech.md §7.1) → the trumps the 12-card hand held then.
TRUMP_RANGES = {
    "Uni": (0, 0),  # untranslated: names
    "Bida": (1, 2),  # untranslated: names
    "Tarocky": (8, 9),  # untranslated: names
    "Taroky": (10, 12),  # untranslated: names
}  # untranslated: the rules' names, compared
NO_TRUMP_CARD = (3, 7)  # nothing declared
NO_TRUMP_CARD_POVINNOST = (0, 7)  # povinnost may have declined Uni or Bida (partner game)
FIVE_RANGES = {
    "Pane": (4, 7),  # untranslated: names
    "Rosa-Pane": (4, 4),
    "Rosa-Pane+": (5, 7),
}  # untranslated: the rules' names, compared
NO_FIVE_CARD = (0, 3)


class Facts:
    """The public record, as constraints on where the unseen cards are.

    Per seat (money-time ranges, for the 12-card hand after the discards): ``trumps`` and
    ``fives`` (five-point cards) as (low, high); ``holds`` cards it held then; ``lacks`` cards
    it did not hold then; ``not_all``: groups of cards it did not hold all of; ``only_trumps``:
    it discarded a trump, so its hand held nothing but trumps and kings (§5.3).
    """

    def __init__(self, view: CzechView) -> None:
        povinnost = view["povinnost"]
        partner_game = view["contract"] != PREVER
        self.trumps: list[tuple[int, int]] = []
        self.fives: list[tuple[int, int]] = []
        self.holds: list[set[str]] = [set() for _ in range(SEATS)]
        self.lacks: list[set[str]] = [set() for _ in range(SEATS)]
        self.not_all: list[list[frozenset[str]]] = [[] for _ in range(SEATS)]
        self.kings_below_four = [False] * SEATS
        names: list[set[str]] = [set() for _ in range(SEATS)]
        for entry in view.get("money") or ():
            names[entry["seat"]].add(english(entry["name"]))
        for seat in range(SEATS):
            mine = names[seat]
            trumps = next((TRUMP_RANGES[n] for n in mine if n in TRUMP_RANGES), None)
            if trumps is None:
                trumps = NO_TRUMP_CARD_POVINNOST if partner_game and seat == povinnost else NO_TRUMP_CARD
            self.trumps.append(trumps)
            fives = next((FIVE_RANGES[n] for n in mine if n in FIVE_RANGES), NO_FIVE_CARD)
            self.fives.append(fives)
            if "Trul" in mine:  # untranslated: the rules' names, compared
                self.holds[seat] |= HONOURS
            else:
                self.not_all[seat].append(HONOURS)
            if "Rosa-Pane" in mine or "Rosa-Pane+" in mine:
                self.holds[seat] |= KINGS
            if "Rosa-Pane" in mine:
                self.lacks[seat] |= HONOURS
            if "Pane" in mine:  # untranslated: the rules' names, compared
                self.kings_below_four[seat] = True
        # The call (§6): povinnost calling an alternative held T19 and every trump above it.
        called = view.get("called_card")
        if called is not None and called != "T19" and povinnost is not None:
            above = ("T19",) + CALL_ALTERNATIVES[: CALL_ALTERNATIVES.index(called)]
            self.holds[povinnost] |= set(above)
            self.lacks[povinnost].add(called)
        # I on the end is offered to the holder of T1 only.
        iote = view.get("iote")
        if iote is not None:
            self.holds[iote["seat"]].add(T1)
        self.only_trumps = [False] * SEATS
        for entry in view.get("discarded_trumps") or ():
            self.only_trumps[entry["seat"]] = True


def trump_limits(view: CzechView, plays: list[tuple[int, str]]) -> list[int]:
    """Per seat, the most trumps it can still hold (the money cards' bound less those played)."""
    facts_high = Facts(view).trumps
    played = [0] * SEATS
    for seat, card in plays:
        if card[0] == TRUMP:
            played[seat] += 1
    return [max(0, facts_high[s][1] - played[s]) for s in range(SEATS)]


def known_sides(view: CzechView) -> list[str | None]:
    """Each seat's side as the viewer knows it: everyone's in a prever game; in a partner game
    povinnost's, its own, the partner's once known to it, the sides made public (§13), and
    what follows by elimination."""
    me = seat_of(view)
    declarer = view["declarer"]
    if view["contract"] == PREVER:
        return [DECLARER if s == declarer else OPPONENTS for s in range(SEATS)]
    partner, alone = view.get("partner"), view.get("alone")
    if alone is not None:  # the viewer knows the partner
        return [DECLARER if s == declarer or s == partner else OPPONENTS for s in range(SEATS)]
    sides: list[str | None] = list(view.get("public_sides") or [None] * SEATS)
    sides[present(declarer)] = DECLARER
    if me != declarer:
        sides[me] = OPPONENTS  # not the partner (the partner knows), so an opponent
    unknown = [s for s in range(SEATS) if sides[s] is None]
    opponents = sum(1 for s in sides if s == OPPONENTS)
    partners = sum(1 for s in range(SEATS) if s != declarer and sides[s] == DECLARER)
    if len(unknown) == 1:
        (last,) = unknown
        if partners == 1:
            sides[last] = OPPONENTS
        elif opponents == 2 and (me == declarer or view.get("called_card") != "T19"):
            # Povinnost knows it is not alone (it does not hold the card); an opponent knows it
            # when povinnost called an alternative (povinnost cannot hold that one).
            sides[last] = DECLARER
    return sides


class Knowledge(SeatKnowledge):
    """The facts the card-play policy works from; see the module docstring."""

    __slots__ = ("sides", "iote", "called_card", "rank", "partner_game", "valat")

    pack = PACK_54

    def __init__(
        self,
        *,
        sides: list[str | None],
        iote: int | None,
        called_card: str | None,
        rank: dict[str, int],
        partner_game: bool = True,
        valat: int | None = None,
        **seen: Unpack[Seen],
    ) -> None:
        super().__init__(**seen)
        self.sides = sides  # per seat as this seat knows it, None when unknown
        self.iote = iote  # the seat that called I on the end
        self.called_card = called_card
        self.rank = rank
        self.partner_game = partner_game
        self.valat = valat  # the seat that called valat

    @classmethod
    def from_view(cls, view: CzechView) -> Knowledge:
        """A real seat's knowledge during play."""
        plays = plays_from_log(view)
        voids = voids_shown(plays)
        for seat, limit in enumerate(trump_limits(view, plays)):
            if limit == 0:
                voids[seat].add(TRUMP)
        iote = view.get("iote")
        valat = view.get("valat")
        return cls(
            sides=known_sides(view),
            iote=None if iote is None else iote["seat"],
            called_card=view.get("called_card"),
            rank=rank_table(view["options"]["red_pip_order"]),
            partner_game=view["contract"] != PREVER,
            valat=None if valat is None else valat["seat"],
            **seen_in_view(view, plays, voids, SEATS),
        )

    @classmethod
    def from_state(
        cls,
        state: CzechState,
        seen: Seen,
        sides: list[str | None],
        rank: dict[str, int],
    ) -> Knowledge:
        """A seat's knowledge inside a playout: ``sides`` as that seat knows them, the game's
        ``rank`` table."""
        return cls(
            sides=sides,
            iote=state.iote,
            called_card=state.called_card,
            rank=rank,
            partner_game=state.contract == PARTNER_GAME,
            valat=state.valat,
            **seen,
        )

    def side_of(self, seat: int) -> str | None:
        return self.sides[seat]
