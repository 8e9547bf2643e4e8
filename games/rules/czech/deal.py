"""Shuffle, cut or knock, and the deal (czech.md §2–§3); starting a hand.

``deal(rng)`` only fixes the pack's starting order and the hidden salt; the cards are dealt at
the table: the dealer's ``shuffle`` presses (each one ``cards.permutation(54, salt, press)``),
then the cutter's ``cut:<k>`` (7 ≤ k ≤ 47, packets 6, 6) or ``knock:<style>``. The top 6 cards
form the talon, the remaining 48 are dealt from ``next(dealer)``, the dealer last in each round.
With twelves choice the 48 cards lie as four piles of 12 and the players pick (``pile:<n>``).

A ``Deal`` with explicit hands and talon (tests, replays, imports) skips all that.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..base import Deal, HandContext, IllegalAction, Option, UnknownAction, resolve_options
from ..cards import PACK_54, check_pack_deal, pack_54, permutation
from ..words import _, ngettext, pgettext
from .state import (
    HAND_SIZE,
    SEATS,
    TALON_SIZE,
    CzechState,
    Phase,
    Setup,
    evolve,
    logged,
    next_seat,
)

CUT_MIN, CUT_MAX, CUT_DEFAULT = 7, 47, 32

# §3.2: the packets each player receives, in order.
STYLES: dict[str, tuple[int, ...]] = {
    "ones": (1,) * 12,
    "twos": (2,) * 6,
    "threes": (3,) * 4,
    "fours": (4,) * 3,
    "sixes": (6, 6),
    "twelve": (12,),
    "345": (3, 4, 5),
    "twelves": (),  # the piles
}
STYLE_NAMES = {
    "ones": _("by ones"),
    "twos": _("by twos"),
    "threes": _("by threes"),
    "fours": _("by fours"),
    "sixes": _("by sixes"),
    "twelve": _("twelve straight"),
    "345": "3-4-5",
    "twelves": _("twelves choice"),
}
CUT_PACKETS = (6, 6)
CUT_POSITIONS = frozenset(str(k) for k in range(CUT_MIN, CUT_MAX + 1))  # canonical: no "07"
PILES = ("1", "2", "3", "4")

POVINNOST_CARDS = tuple(f"T{n}" for n in range(2, 9))  # §2: T2, else T3, ... T8


def deal(rng: random.Random) -> Deal:
    """The pack in a uniformly random order and the hand's hidden salt; nothing dealt yet."""
    cards = list(pack_54())
    rng.shuffle(cards)
    return Deal(hands=(), talon=(), deck=tuple(cards), salt=f"{rng.getrandbits(128):032x}")


def deal_packets(cards: Sequence[str], dealer: int, packets: Sequence[int]) -> tuple[tuple[str, ...], ...]:
    """The 48 cards after the talon, dealt in ``packets`` from next(dealer), the dealer last."""
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    position = 0
    for packet in packets:
        seat = next_seat(dealer)
        for _turn in range(SEATS):
            hands[seat] += cards[position : position + packet]
            position += packet
            seat = next_seat(seat)
    assert position == len(cards) == SEATS * HAND_SIZE
    return tuple(tuple(h) for h in hands)


def find_povinnost(hands: Sequence[Sequence[str]], dealer: int, opening: bool) -> int:
    """§2: the first hand's povinnost holds T2 (else T3 ... T8); later, next(dealer)."""
    if not opening:
        return next_seat(dealer)
    for card in POVINNOST_CARDS:
        for seat, hand in enumerate(hands):
            if card in hand:
                return seat
    raise AssertionError(  # pragma: no cover
        "T2..T8 cannot all be in the talon"  # untranslated: programmer error
    )


def check_deal(deal: Deal) -> None:
    check_pack_deal(deal, pgettext("game", "Czech Taroky"), "", SEATS, HAND_SIZE, TALON_SIZE)


def new_hand(deal: Deal, context: HandContext, declared: Sequence[Option]) -> CzechState:
    if not 0 <= context.dealer < SEATS:
        raise ValueError(_("No seat {dealer} to deal", dealer=context.dealer))
    options = resolve_options(declared, context.options)
    setup = Setup(deal=deal, dealer=context.dealer, opening=context.opening, options=tuple(options.items()))
    empty: tuple[tuple[str, ...], ...] = ((),) * SEATS
    if deal.hands:
        check_deal(deal)
        state = CzechState(setup=setup, phase=Phase.SHUFFLE, to_act=frozenset(), hands=empty)
        return dealt(state, deal.talon, tuple(tuple(h) for h in deal.hands))
    if len(deal.deck) != len(PACK_54) or set(deal.deck) != PACK_54:
        raise ValueError(_("A Czech deal needs the whole 54-card pack in its deck"))
    if not deal.salt:
        raise ValueError(_("A Czech deal needs its salt"))
    return CzechState(
        setup=setup,
        phase=Phase.SHUFFLE,
        to_act=frozenset({context.dealer}),
        hands=empty,
        deck=tuple(deal.deck),
    )


def dealt(state: CzechState, talon: tuple[str, ...], hands: tuple[tuple[str, ...], ...]) -> CzechState:
    """The cards are out: povinnost is fixed (§2) and the contract choice begins (§4)."""
    setup = state.setup
    povinnost = find_povinnost(hands, setup.dealer, setup.opening)
    sorted_hands = tuple(setup.sort(h) for h in hands)
    return evolve(
        state,
        phase=Phase.PREVER,
        to_act=frozenset({povinnost}),
        hands=sorted_hands,
        dealt=sorted_hands,
        talon=talon,
        povinnost=povinnost,
        log=logged(state, (povinnost, _("is povinnost"))),
    )


# -- the dealer's shuffle -------------------------------------------------------------------


def legal_shuffle(state: CzechState, seat: int) -> list[str]:
    return ["pass", "shuffle"]


def apply_shuffle(state: CzechState, seat: int, action: str) -> CzechState:
    if action == "shuffle":
        press = state.shuffles + 1
        order = permutation(len(state.deck), state.setup.deal.salt, press)
        return evolve(
            state,
            deck=tuple(state.deck[j] for j in order),
            shuffles=press,
            log=logged(
                state,
                (
                    seat,
                    ngettext(
                        "shuffles the deck ({count} shuffle)",
                        "shuffles the deck ({count} shuffles)",
                        press,
                        count=press,
                    ),
                ),
            ),
        )
    cutter = state.setup.cutter
    return evolve(
        state,
        phase=Phase.CUT,
        to_act=frozenset({cutter}),
        log=logged(state, (seat, _("passes the deck to be cut"))),
    )


# -- the cutter's cut or knock ---------------------------------------------------------------


def legal_cuts(state: CzechState, seat: int) -> list[str]:
    """The cut positions from 7 to 47, then the knocks in §3.2's table order."""
    return [f"cut:{k}" for k in range(CUT_MIN, CUT_MAX + 1)] + [f"knock:{style}" for style in STYLES]


def apply_cut(state: CzechState, seat: int, action: str) -> CzechState:
    word, _sep, argument = action.partition(":")
    deck = state.deck
    if word == "cut":
        if argument not in CUT_POSITIONS:
            raise IllegalAction(
                _("Cut at a position from {minimum} to {maximum}", minimum=CUT_MIN, maximum=CUT_MAX)
            )
        k = int(argument)
        deck = deck[k:] + deck[:k]
        cut: tuple[str, object] = ("cut", k)
        text = _("cuts at {position}", position=k)
        packets: tuple[int, ...] = CUT_PACKETS
    else:
        if argument not in STYLES:
            raise UnknownAction(_("Unknown deal style {style}", style=repr(argument)))
        cut = ("knock", argument)
        text = _("knocks: deal {style}", style=STYLE_NAMES[argument])
        packets = STYLES[argument]
    state = evolve(state, deck=deck, cut=cut, log=logged(state, (seat, text)))
    talon, rest = deck[:TALON_SIZE], deck[TALON_SIZE:]
    if not packets:  # twelves choice
        piles = tuple(tuple(rest[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS))
        return evolve(
            state,
            phase=Phase.PILES,
            to_act=frozenset({next_seat(state.setup.dealer)}),
            talon=talon,
            piles=piles,
            pile_owners=(None,) * SEATS,
        )
    return dealt(state, talon, deal_packets(rest, state.setup.dealer, packets))


# -- twelves choice ---------------------------------------------------------------------------


def legal_piles(state: CzechState, seat: int) -> list[str]:
    assert state.pile_owners is not None
    return [f"pile:{i + 1}" for i, owner in enumerate(state.pile_owners) if owner is None]


def apply_pile(state: CzechState, seat: int, action: str) -> CzechState:
    assert state.pile_owners is not None and state.piles is not None
    argument = action.partition(":")[2]
    if argument not in PILES:
        raise IllegalAction(_("Pick a pile from 1 to {count}", count=SEATS))
    index = int(argument) - 1
    if state.pile_owners[index] is not None:
        raise IllegalAction(_("Pile {number} has been taken already", number=index + 1))
    owners = list(state.pile_owners)
    owners[index] = seat
    entries = [(seat, _("takes pile {number}", number=index + 1))]
    dealer = state.setup.dealer
    chooser = next_seat(seat)
    if chooser == dealer:
        last = owners.index(None)
        owners[last] = dealer
        entries.append((dealer, _("takes the last pile ({number})", number=last + 1)))
    state = evolve(state, pile_owners=tuple(owners), to_act=frozenset({chooser}), log=logged(state, *entries))
    if chooser != dealer:
        return state
    hands: list[tuple[str, ...]] = [()] * SEATS
    assert state.piles is not None
    for pile, owner in zip(state.piles, owners, strict=True):
        assert owner is not None
        hands[owner] = pile
    return dealt(state, state.talon, tuple(hands))
