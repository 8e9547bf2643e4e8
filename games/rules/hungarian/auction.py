"""The auction (hungarian.md §4.1–4.3, §4.5) and the sole bidder's raise.

Calls: ``pass``, ``bid:three|two|one|solo``, ``hold``; raise step: ``keep``, ``raise:two|one|solo``.
Not yet here (a later issue): invitations and the yield (§4.4), the trial bid (§4.6).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalAction
from .outcome import thrown_in_result
from .state import (
    CONTRACT_BY_NAME,
    CONTRACTS,
    SEATS,
    Auction,
    Contract,
    HungarianState,
    Phase,
    evolve,
    has_honour,
    logged,
    next_seat,
)
from .talon import distribute_talon

HONOUR_NEEDED = "You need an honour (Skíz, XXI or Pagát) to bid"


def _can_hold(auction: Auction, seat: int) -> bool:
    """§4.2: only after one's own bid or hold, and never a level that was itself held."""
    return auction.level is not None and not auction.held and seat in auction.bidders


def legal_calls(state: HungarianState, seat: int) -> list[str]:
    """``pass``, then the bids from lowest to highest, then ``hold``."""
    auction = state.auction
    calls = ["pass"]
    if has_honour(state.hands[seat]):
        lowest = 0 if auction.level is None else auction.level + 1
        calls += [f"bid:{c.name}" for c in CONTRACTS[lowest:]]
    if _can_hold(auction, seat):
        calls.append("hold")
    return calls


def apply_call(state: HungarianState, seat: int, action: str) -> HungarianState:
    auction = state.auction
    calls = auction.calls + ((seat, action),)
    if action == "pass":
        auction = replace(auction, calls=calls, passed=auction.passed | {seat})
        text = "passes"
    elif action == "hold":
        if auction.level is None:
            raise IllegalAction("There is no bid to hold")
        if seat not in auction.bidders:
            raise IllegalAction("You may only hold after you have bid")
        level = CONTRACTS[auction.level].name
        if auction.held:
            raise IllegalAction(f"{level.capitalize()} has been held already: bid higher or pass")
        auction = replace(auction, calls=calls, held=True)
        text = f"holds {level}"
    elif action.startswith("bid:"):
        contract = CONTRACT_BY_NAME.get(action[4:])
        if contract is None:
            raise IllegalAction(f"Unknown action {action!r}")
        if not has_honour(state.hands[seat]):
            raise IllegalAction(HONOUR_NEEDED)
        if auction.level is not None and contract.level <= auction.level:
            if auction.level == CONTRACTS[-1].level:
                raise IllegalAction("Nobody can bid higher than solo: hold or pass")
            raise IllegalAction(f"You must bid higher than {CONTRACTS[auction.level].name}")
        auction = replace(
            auction,
            calls=calls,
            level=contract.level,
            held=False,
            bidders=auction.bidders | {seat},
            bids=auction.bids + 1,
        )
        text = f"bids {contract.name}"
    else:
        raise IllegalAction(f"Unknown action {action!r}")
    state = evolve(state, auction=auction, log=logged(state, (seat, text)))
    return _after_call(state, seat)


def _after_call(state: HungarianState, seat: int) -> HungarianState:
    """§4.3 and §4.5: end the auction or pass the turn to the next player still in it."""
    auction = state.auction
    if len(auction.passed) == SEATS:
        return evolve(
            state,
            phase=Phase.OVER,
            to_act=frozenset(),
            log=logged(state, (None, "All four passed: the hand is thrown in")),
            result=thrown_in_result(),
        )
    if len(auction.passed) == SEATS - 1 and auction.bidders:
        (declarer,) = set(range(SEATS)) - auction.passed
        assert auction.level is not None and declarer in auction.bidders
        contract = CONTRACTS[auction.level]
        state = evolve(
            state,
            contract=contract,
            declarer=declarer,
            log=logged(state, (declarer, f"wins the auction with {contract.name}")),
        )
        if auction.bids == 1 and contract.level == 0:
            # §4.3: the only bid was three, by the declarer: they may raise it once.
            return evolve(state, phase=Phase.RAISE, to_act=frozenset({declarer}))
        return distribute_talon(state)
    turn = next_seat(seat)
    while turn in auction.passed:
        turn = next_seat(turn)
    return evolve(state, to_act=frozenset({turn}))


RAISES = ("keep",) + tuple(f"raise:{c.name}" for c in CONTRACTS[1:])


def legal_raises(state: HungarianState, seat: int) -> list[str]:
    """``keep``, then the raises from lowest to highest."""
    return list(RAISES)


def apply_raise(state: HungarianState, seat: int, action: str) -> HungarianState:
    contract: Contract | None
    if action == "keep":
        contract = state.contract
        text = "keeps three"
    else:
        contract = CONTRACT_BY_NAME.get(action[6:]) if action.startswith("raise:") else None
        if contract is None:
            raise IllegalAction(f"Unknown action {action!r}")
        if contract.level == 0:
            raise IllegalAction("You may only raise to two, one or solo")
        text = f"raises to {contract.name}"
    auction = replace(state.auction, calls=state.auction.calls + ((seat, action),))
    state = evolve(state, auction=auction, contract=contract, log=logged(state, (seat, text)))
    return distribute_talon(state)
