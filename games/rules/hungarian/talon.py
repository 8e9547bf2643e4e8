"""Talon distribution (hungarian.md §5.1), the failed trial bid it may reveal (§4.6), and
the discard step (§5.2): the simultaneous discards, or an annulment (§5.3) instead.

Discard action: ``discard:<cards>``, comma-separated; ``apply`` accepts any order, the
legal actions list the cards in display order. ``annul`` comes first when it is allowed.
"""

from __future__ import annotations

from itertools import combinations

from ..base import IllegalAction
from ..cards import HONOURS, KINGS, PACK_42, TRUMP, display_index
from ..discard import check_discard_cards
from ..words import _, ngettext
from .annulment import ANNUL, apply_annul, can_annul
from .outcome import fail_trial_bid
from .state import (
    PLAYERS,
    TALON_SIZE,
    HungarianState,
    Phase,
    evolve,
    has_honour,
    logged,
)

_DISPLAY = display_index("traditional")


def talon_shares(contract_talon_cards: int) -> tuple[int, int, int]:
    """How many talon cards the three others receive, starting with next(declarer).

    §5.1 and the decisions file: the players nearest after the declarer get the extra cards
    (three 1-1-1, two 2-1-1, one 2-2-1, solo 2-2-2).
    """
    rest = TALON_SIZE - contract_talon_cards
    base, extra = divmod(rest, PLAYERS - 1)
    return (base + (extra > 0), base + (extra > 1), base)


def _sorted(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_DISPLAY.__getitem__))


def distribute_talon(state: HungarianState) -> HungarianState:
    """Deal the talon out from the top: the declarer first, then the others in playing order."""
    assert state.contract is not None and state.declarer is not None
    declarer = state.declarer
    talon = state.setup.deal.talon
    seats = range(state.setup.seats)
    received: list[tuple[str, ...]] = [()] * state.setup.seats
    take = state.contract.talon_cards
    received[declarer] = talon[:take]
    position = take
    order = state.setup.round_from(declarer)
    for seat, share in zip(order[1:], talon_shares(take), strict=True):
        received[seat] = talon[position : position + share]
        position += share
    hands = tuple(_sorted(state.hands[s] + received[s]) for s in seats)
    entries = tuple(
        (
            s,
            ngettext(
                "received {count} talon card",
                "received {count} talon cards",
                len(received[s]),
                count=len(received[s]),
            ),
        )
        for s in order
        if received[s]
    )
    state = evolve(
        state,
        phase=Phase.DISCARD,
        to_act=frozenset(s for s in seats if received[s]),
        hands=hands,
        talon_received=tuple(_sorted(r) for r in received),
        discards=tuple(None if received[s] else () for s in seats),
        log=logged(state, *entries),
    )
    if state.trial and not has_honour(hands[declarer]):
        return fail_trial_bid(state)  # §4.6: before any discard or annulment
    return state


def _promised(state: HungarianState, seat: int, card: str) -> bool:
    """§5.2: the card ``seat`` promised by an invitation or yield that binds the declarer."""
    return state.promise == (seat, card)


def _discardable(state: HungarianState, seat: int, card: str) -> bool:
    if card in KINGS or card in HONOURS or _promised(state, seat, card):
        return False
    return card != "T20" or bool(state.setup.option("allow_discard_xx"))


def legal_discards(state: HungarianState, seat: int) -> list[str]:
    """Every allowed set of cards, each in display order, listed in display order."""
    assert state.talon_received is not None
    count = len(state.talon_received[seat])
    allowed = [card for card in state.hands[seat] if _discardable(state, seat, card)]
    return ["discard:" + ",".join(combo) for combo in combinations(allowed, count)]


def legal_discard_step(state: HungarianState, seat: int) -> list[str]:
    """``annul`` first when the seat may annul (§5.3), then the discards."""
    return ([ANNUL] if can_annul(state, seat) else []) + legal_discards(state, seat)


def apply_discard_step(state: HungarianState, seat: int, action: str) -> HungarianState:
    if action == ANNUL:
        return apply_annul(state, seat)
    return apply_discard(state, seat, action)


def _check_discard(state: HungarianState, seat: int, cards: list[str]) -> None:
    assert state.talon_received is not None
    count = len(state.talon_received[seat])
    check_discard_cards(cards, state.hands[seat], count, PACK_42)
    for card in cards:
        if card in KINGS:
            raise IllegalAction(_("Kings may not be discarded"))
        if card in HONOURS:
            raise IllegalAction(_("Honours (Skíz, XXI and Pagát) may not be discarded"))
        if _promised(state, seat, card):
            raise IllegalAction(_("You promised {card} in the auction: it may not be discarded", card=card))
        if card == "T20" and not _discardable(state, seat, card):
            raise IllegalAction(_("The XX may not be discarded in this room"))


def apply_discard(state: HungarianState, seat: int, action: str) -> HungarianState:
    cards = action[len("discard:") :].split(",") if action != "discard:" else []
    _check_discard(state, seat, cards)
    assert state.discards is not None
    discarded = set(cards)
    hands = list(state.hands)
    hands[seat] = tuple(card for card in hands[seat] if card not in discarded)
    discards = list(state.discards)
    discards[seat] = _sorted(cards)
    to_act = state.to_act - {seat}
    state = evolve(
        state,
        to_act=to_act,
        hands=tuple(hands),
        discards=tuple(discards),
        log=logged(
            state,
            (
                seat,
                ngettext("discarded {count} card", "discarded {count} cards", len(cards), count=len(cards)),
            ),
        ),
    )
    return state if to_act else _publish_discards(state)


def discarded_tarokks(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(card for card in cards if card[0] == TRUMP)


def _publish_discards(state: HungarianState) -> HungarianState:
    """§5.2: once all have discarded, everyone learns each player's number of discarded
    tarokks and which tarokks the declarer discarded. Then the declarer calls a partner."""
    assert state.declarer is not None and state.discards is not None
    declarer = state.declarer
    entries = []
    for seat in state.setup.round_from(declarer):
        discard = state.discards[seat]
        assert discard is not None
        if not discard:
            continue
        tarokks = discarded_tarokks(discard)
        count = len(tarokks)
        if seat == declarer and tarokks:
            text = ngettext(
                "discarded {count} tarokk: {cards}",
                "discarded {count} tarokks: {cards}",
                count,
                count=count,
                cards=tarokks,
            )
        else:
            text = ngettext("discarded {count} tarokk", "discarded {count} tarokks", count, count=count)
        entries.append((seat, text))
    return evolve(
        state,
        phase=Phase.CALL,
        to_act=frozenset({declarer}),
        discard_tarokk_counts=tuple(len(discarded_tarokks(d or ())) for d in state.discards),
        declarer_discarded_tarokks=discarded_tarokks(state.discards[declarer] or ()),
        log=logged(state, *entries),
    )
