"""The talon exchange and the discards (czech.md §5).

Partner game (§5.1): povinnost P takes talon cards 1–4 automatically; ``next(P)`` may
``take`` card 5 or ``offer`` it unseen to ``previous(P)``, who may ``accept`` or ``refuse``
(refused, the offerer takes it); then ``P+2`` the same with card 6.

Prever game (§5.2): the prever privately sees the top set (cards 1–3) and may ``keep`` or
``reject`` it; a rejected set is shown to everyone and the prever sees the bottom set, which
it may ``keep`` or ``reject`` too (then it takes back the top set). Multiplier 1, 2 or 4.

Discards (§5.3): ``discard:<card>``, one card at a time, povinnost first and then in playing
order, by every player above 12 cards. Five-point cards never; a trump only from a hand of
nothing but trumps and kings (and never T1, T21, T22). Each discarded trump is public.
"""

from __future__ import annotations

from .. import seats
from ..base import IllegalAction, UnknownAction
from ..cards import HONOURS, KINGS, PACK_54
from ..tricks import LogEntry
from ..words import _
from .money import start_money
from .partner import start_call
from .state import (
    HAND_SIZE,
    PARTNER_GAME,
    SEATS,
    CzechState,
    Phase,
    evolve,
    is_trump,
    logged,
    next_seat,
    previous_seat,
    with_card,
)

FIVE_POINT = HONOURS | KINGS
TOP, BOTTOM = slice(0, 3), slice(3, 6)


# -- partner game -------------------------------------------------------------------------


def start_partner_talon(state: CzechState) -> CzechState:
    p = state.povinnost
    assert p is not None
    received: list[tuple[str, ...]] = [()] * 4
    received[p] = state.setup.sort(state.talon[:4])
    state = evolve(
        state,
        phase=Phase.TALON,
        to_act=frozenset({next_seat(p)}),
        hands=with_card(state.hands, p, state.talon[:4], state.setup),
        talon_received=tuple(received),
        talon_step=(5, "choose"),
        log=logged(state, (p, _("takes talon cards 1-4"))),
    )
    return state


def _offerer(state: CzechState, card_no: int) -> int:
    assert state.povinnost is not None
    return (state.povinnost + card_no - 4) % 4  # card 5: P+1, card 6: P+2


def _receive(state: CzechState, seat: int, card_no: int) -> CzechState:
    card = state.talon[card_no - 1]
    assert state.talon_received is not None
    received = list(state.talon_received)
    received[seat] = state.setup.sort(received[seat] + (card,))
    return evolve(
        state,
        hands=with_card(state.hands, seat, (card,), state.setup),
        talon_received=tuple(received),
    )


def _after_card(state: CzechState, card_no: int) -> CzechState:
    if card_no == 5:
        return evolve(state, to_act=frozenset({_offerer(state, 6)}), talon_step=(6, "choose"))
    return start_discards(evolve(state, talon_step=None))


def legal_talon(state: CzechState, seat: int) -> list[str]:
    if state.contract == PARTNER_GAME:
        assert state.talon_step is not None
        return ["take", "offer"] if state.talon_step[1] == "choose" else ["accept", "refuse"]
    return ["keep", "reject"]


def apply_talon(state: CzechState, seat: int, action: str) -> CzechState:
    if state.contract != PARTNER_GAME:
        return _apply_prever_talon(state, seat, action)
    assert state.talon_step is not None and state.povinnost is not None
    povinnost = state.povinnost
    card_no, stage = state.talon_step
    if stage == "choose":
        if action not in ("take", "offer"):
            raise IllegalAction(_("Take talon card {card_no} or offer it", card_no=card_no))
        if action == "take":
            state = evolve(
                state,
                talon_events=state.talon_events + ((seat, "take", card_no),),
                log=logged(state, (seat, _("takes talon card {card_no}", card_no=card_no))),
            )
            return _after_card(_receive(state, seat, card_no), card_no)
        return evolve(
            state,
            to_act=frozenset({previous_seat(povinnost)}),
            talon_step=(card_no, "answer"),
            talon_events=state.talon_events + ((seat, "offer", card_no),),
            log=logged(state, (seat, _("offers talon card {card_no}", card_no=card_no))),
        )
    if action not in ("accept", "refuse"):
        raise IllegalAction(_("Accept talon card {card_no} or refuse it", card_no=card_no))
    offerer = _offerer(state, card_no)
    if action == "accept":
        state = evolve(
            state,
            talon_events=state.talon_events + ((seat, "accept", card_no),),
            log=logged(state, (seat, _("accepts talon card {card_no}", card_no=card_no))),
        )
        return _after_card(_receive(state, seat, card_no), card_no)
    state = evolve(
        state,
        talon_events=state.talon_events + ((seat, "refuse", card_no), (offerer, "take", card_no)),
        log=logged(
            state,
            (seat, _("refuses talon card {card_no}", card_no=card_no)),
            (offerer, _("takes talon card {card_no}", card_no=card_no)),
        ),
    )
    return _after_card(_receive(state, offerer, card_no), card_no)


# -- prever game ----------------------------------------------------------------------------


def start_prever_talon(state: CzechState) -> CzechState:
    assert state.prever is not None
    return evolve(
        state,
        phase=Phase.TALON,
        to_act=frozenset({state.prever}),
        talon_received=((),) * 4,
        prever_stage="top",
        log=logged(state, (state.prever, _("looks at the top set of the talon"))),
    )


def prever_seeing(state: CzechState) -> tuple[str, ...] | None:
    """The talon set the prever privately looks at now, in dealt order."""
    if state.prever_stage == "top":
        return state.talon[TOP]
    if state.prever_stage == "bottom":
        return state.talon[BOTTOM]
    return None


def _apply_prever_talon(state: CzechState, seat: int, action: str) -> CzechState:
    if action not in ("keep", "reject"):
        raise IllegalAction(_("Keep the talon cards or reject them"))
    talon = state.talon
    entries: list[LogEntry]
    if state.prever_stage == "top":
        if action == "reject":
            return evolve(
                state,
                prever_stage="bottom",
                prever_rejected=(talon[TOP],),
                log=logged(
                    state,
                    (seat, _("rejects the top set: {cards}", cards=" ".join(talon[TOP]))),
                    (seat, _("looks at the bottom set")),
                ),
            )
        kept, rest, name, pm = talon[TOP], talon[BOTTOM], "top", 1
        entries = [(seat, _("keeps the top set"))]
    else:
        if action == "keep":
            kept, rest, name, pm = talon[BOTTOM], talon[TOP], "bottom", 2
            entries = [(seat, _("keeps the bottom set: the prever multiplier is 2"))]
        else:
            kept, rest, name, pm = talon[TOP], talon[BOTTOM], "back", 4
            entries = [
                (seat, _("rejects the bottom set: {cards}", cards=" ".join(talon[BOTTOM]))),
                (seat, _("takes back the top set: the prever multiplier is 4")),
            ]
    received: list[tuple[str, ...]] = [()] * 4
    received[seat] = state.setup.sort(kept)
    rejected: tuple[tuple[str, ...], ...] = state.prever_rejected
    if name == "back":
        rejected += (talon[BOTTOM],)
    state = evolve(
        state,
        hands=with_card(state.hands, seat, kept, state.setup),
        talon_received=tuple(received),
        prever_stage="done",
        prever_rejected=rejected,
        prever_kept=name,
        pm=pm,
        opponents_pile=rest,
        log=logged(state, *entries, (None, _("The other three talon cards go to the opponents"))),
    )
    return start_discards(state)


# -- discards -------------------------------------------------------------------------------


def _discarder(state: CzechState) -> int | None:
    assert state.povinnost is not None
    return next((s for s in seats.in_order(state.povinnost, SEATS) if len(state.hands[s]) > HAND_SIZE), None)


def start_discards(state: CzechState) -> CzechState:
    state = evolve(state, phase=Phase.DISCARD, discards=((),) * 4)
    return _next_discarder(state)


def _next_discarder(state: CzechState) -> CzechState:
    seat = _discarder(state)
    if seat is not None:
        return evolve(state, to_act=frozenset({seat}))
    if state.contract == PARTNER_GAME:
        return start_call(state)
    return start_money(state)


def only_trumps_and_kings(hand: tuple[str, ...]) -> bool:
    return all(is_trump(card) or card in KINGS for card in hand)


def discardable(hand: tuple[str, ...]) -> list[str]:
    """§5.3: the cards of ``hand`` that may be discarded, in the hand's order."""
    if only_trumps_and_kings(hand):
        return [card for card in hand if card not in FIVE_POINT]
    return [card for card in hand if card not in FIVE_POINT and not is_trump(card)]


def legal_discards(state: CzechState, seat: int) -> list[str]:
    return ["discard:" + card for card in discardable(state.hands[seat])]


def apply_discard(state: CzechState, seat: int, action: str) -> CzechState:
    card = action.partition(":")[2]
    hand = state.hands[seat]
    if card not in hand:
        if card not in PACK_54:
            raise UnknownAction(_("Unknown card {card}", card=repr(card)))
        raise IllegalAction(_("You do not hold {card}", card=card))
    if card in KINGS:
        raise IllegalAction(_("Kings may not be discarded"))
    if card in HONOURS:
        raise IllegalAction(_("The I, the mund and the škýz may not be discarded"))
    if is_trump(card) and not only_trumps_and_kings(hand):
        raise IllegalAction(_("You may discard a trump only when you hold nothing but trumps and kings"))
    assert state.discards is not None
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c != card)
    discards = list(state.discards)
    discards[seat] = discards[seat] + (card,)
    trump = is_trump(card)
    state = evolve(
        state,
        hands=tuple(hands),
        discards=tuple(discards),
        discarded_trumps=state.discarded_trumps + (((seat, card),) if trump else ()),
        log=logged(state, (seat, _("discards {card}", card=card) if trump else _("discards a card"))),
    )
    return _next_discarder(state)
