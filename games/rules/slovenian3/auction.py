"""The auction (slovenian3.md §4.2, and §4.3 with ``auction_style = simple``).

Calls: ``pass`` and ``bid:<contract>``, the contract one of ``klop``, ``three``, ``two``,
``one``, ``beggar``, ``solo-without``, ``open-beggar``, ``colour-valat``, ``valat``.

Full auction (default): middlehand starts, then the dealer, then forehand, round and round,
skipping players who have passed (a pass is final). A bid names two or higher: strictly higher
than the highest bid, or equal to it when the bidder has priority over its bidder (forehand
over both, middlehand over the dealer). Forehand's special turn: middlehand and the dealer have
passed and forehand has not bid: forehand names klop, three or any higher contract, no pass;
that choice fixes the contract. Final call: both others have passed and the remaining player
has bid: they repeat their bid or name a higher contract (no pass); that fixes the contract.

Simple auction (§4.3): only klop, three, two and one. Forehand opens with ``bid:three`` (its
only legal call); every later call is ``pass`` or a strictly higher contract, in playing
order. When two players have passed, the remaining player's final call keeps the contract
(``bid:`` the same) or raises it; the opener still standing at three may ``pass`` instead,
and klop is played.

``legal_calls`` lists ``pass`` first (where allowed), then the bids from lowest to highest.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalAction, UnknownAction
from ..tricks import LogEntry
from ..words import Msg, _
from .announce import start_announcements
from .state import (
    CONTRACT_BY_KEY,
    CONTRACTS,
    KLOP,
    SEATS,
    SIMPLE_CONTRACTS,
    THREE,
    Contract,
    Setup,
    SlovenianState,
    evolve,
    logged,
)
from .talon import start_exchange

OPENING, OPEN, SPECIAL, FINAL = "opening", "open", "special", "final"  # the kinds of turn


def simple(setup: Setup) -> bool:
    return bool(setup.option("auction_style") == "simple")


def first_to_bid(setup: Setup) -> int:
    """§4.2: middlehand; §4.3: forehand."""
    return setup.forehand if simple(setup) else setup.middlehand


def _turn(state: SlovenianState, seat: int) -> str:
    auction = state.auction
    if simple(state.setup) and not auction.calls:
        return OPENING
    others_passed = all(s in auction.passed for s in range(SEATS) if s != seat)
    if not others_passed:
        return OPEN
    return FINAL if seat in auction.bidders else SPECIAL


def _highest(state: SlovenianState) -> tuple[int, Contract] | None:
    highest = state.auction.highest
    return None if highest is None else (highest[0], CONTRACTS[highest[1]])


def _biddable(state: SlovenianState, seat: int, turn: str) -> list[Contract]:
    """The contracts ``seat`` may name now, lowest first."""
    if turn == OPENING:
        return [THREE]
    if turn == SPECIAL:
        return list(CONTRACTS)
    table = SIMPLE_CONTRACTS if simple(state.setup) else CONTRACTS
    highest = _highest(state)
    floor = -1 if highest is None else highest[1].level
    if turn == FINAL:
        return [c for c in table if c.level >= max(floor, THREE.level)]
    equal_ok = highest is not None and not simple(state.setup) and _has_priority(state, seat, highest[0])
    return [c for c in table if c.level >= 2 and (c.level > floor or (c.level == floor and equal_ok))]


def _has_priority(state: SlovenianState, seat: int, over: int) -> bool:
    return state.setup.priority(seat) < state.setup.priority(over)


def _may_pass(state: SlovenianState, seat: int, turn: str) -> bool:
    if turn == OPEN:
        return True
    if turn == FINAL and simple(state.setup):
        highest = _highest(state)
        return highest is not None and highest[1] is THREE and seat == state.setup.forehand
    return False


def legal_calls(state: SlovenianState, seat: int) -> list[str]:
    turn = _turn(state, seat)
    calls = ["pass"] if _may_pass(state, seat, turn) else []
    return calls + [f"bid:{c.key}" for c in _biddable(state, seat, turn)]


def _pass_refusal(state: SlovenianState, seat: int, turn: str) -> Msg:
    if turn == OPENING:
        return _("Forehand opens the bidding with three")
    if turn == SPECIAL:
        return _("You may not pass: choose klop, three or a higher contract")
    return _("You may not pass: keep your contract or name a higher one")


def _bid_refusal(state: SlovenianState, seat: int, turn: str, key: str) -> Msg:
    contract = CONTRACT_BY_KEY.get(key)
    if contract is None:
        return _("Unknown contract {contract}", contract=repr(key))
    if turn == OPENING:
        return _("Forehand opens the bidding with three")
    if simple(state.setup):
        if contract is KLOP:
            return _("Klop is not bid: it is played when the opener passes at three")
        if contract not in SIMPLE_CONTRACTS:
            return _("Only three, two and one are bid at this table")
    elif contract.level < 2:
        return _("Klop and three may only be chosen by forehand after both others have passed")
    highest = _highest(state)
    assert highest is not None
    name = highest[1].name
    if turn == FINAL or (not simple(state.setup) and _has_priority(state, seat, highest[0])):
        return _("You must bid {contract} or higher", contract=name)
    return _("You must bid higher than {contract}", contract=name)


def apply_call(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    turn = _turn(state, seat)
    word, _colon, key = action.partition(":")
    if word == "pass":
        if not _may_pass(state, seat, turn):
            raise IllegalAction(_pass_refusal(state, seat, turn))
        return _apply_pass(state, seat, turn)
    contract = CONTRACT_BY_KEY.get(key)
    if contract is None:
        raise UnknownAction(_bid_refusal(state, seat, turn, key))
    if contract not in _biddable(state, seat, turn):
        raise IllegalAction(_bid_refusal(state, seat, turn, key))
    auction = state.auction
    auction = replace(
        auction,
        calls=auction.calls + ((seat, action),),
        bidders=auction.bidders | {seat},
        highest=(seat, contract.level),
    )
    state = evolve(
        state, auction=auction, log=logged(state, (seat, _("bids {contract}", contract=contract.name)))
    )
    if turn in (SPECIAL, FINAL):
        return _settle(state, seat, contract)
    return evolve(state, to_act=frozenset({_next_bidder(state, seat)}))


def _apply_pass(state: SlovenianState, seat: int, turn: str) -> SlovenianState:
    auction = state.auction
    auction = replace(auction, calls=auction.calls + ((seat, "pass"),), passed=auction.passed | {seat})
    state = evolve(state, auction=auction, log=logged(state, (seat, _("passes"))))
    if turn == FINAL:  # §4.3: the opener standing at three passes: klop
        return _settle(state, None, KLOP)
    return evolve(state, to_act=frozenset({_next_bidder(state, seat)}))


def _next_bidder(state: SlovenianState, seat: int) -> int:
    passed = state.auction.passed
    return next(s for s in ((seat + 1) % SEATS, (seat + 2) % SEATS) if s not in passed)


def _settle(state: SlovenianState, declarer: int | None, contract: Contract) -> SlovenianState:
    """The auction is over: the contract and its declarer (None in klop) are fixed."""
    entry: LogEntry
    if contract is KLOP:
        entry = (None, _("Klop: everyone plays for themselves"))
        declarer = None
    else:
        entry = (declarer, _("is declarer: {contract}", contract=contract.name))
    state = evolve(state, contract=contract, declarer=declarer, log=logged(state, entry))
    if contract.talon_group:
        return start_exchange(state)
    return start_announcements(state)
