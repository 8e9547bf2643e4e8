"""The auction (hungarian.md §4) and the sole bidder's raise.

Calls: ``pass``, ``bid:three|two|one|solo``, ``hold``; raise step: ``keep``, ``raise:two|one|solo``.
There are no separate words for an invitation, a yield or a trial bid: they are what a bid or a
pass means in its position (§4.4, §4.6), recorded in ``Auction.promise`` and ``Auction.trial``.

Invitation jumps are counted from the *next available bid* (the lowest legal raise): a bid one
level above it promises T19, two levels above it T18. §4.4 also calls "three, then solo" a T19
invitation, which contradicts that rule and its two opening examples (opening two → T19, opening
one → T18) and the sources (Parlett: after three, one invites T19); we follow the rule:
three, then one promises T19 and three, then solo promises T18 (``INVITATION_CARDS``).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalAction, Termination, UnknownAction
from ..words import _
from .outcome import end_hand, thrown_in_result
from .state import (
    CONTRACT_BY_NAME,
    CONTRACTS,
    HIGH_HONOURS,
    PLAYERS,
    Auction,
    Contract,
    HungarianState,
    Phase,
    evolve,
    has_honour,
    logged,
)
from .talon import distribute_talon

HONOUR_NEEDED = _("You need an honour (Skíz, XXI or Pagát) to bid")
TRIAL_ONLY_THREE = _("Without an honour you may only bid three (a trial bid)")
YIELD_NEEDS = _("Passing here yields the game and promises T20 and Skíz or XXI: hold or bid higher")

# §4.4: levels skipped above the next available bid → the card the inviting jump promises.
INVITATION_CARDS = {1: "T19", 2: "T18"}
YIELD_CARD = "T20"


def _can_hold(auction: Auction, seat: int) -> bool:
    """§4.2: only after one's own bid or hold, and never a level that was itself held."""
    return auction.level is not None and not auction.held and seat in auction.bidders


def _next_available(auction: Auction) -> int:
    """§4.4: the lowest level that is a legal raise now (three before anyone has bid)."""
    return 0 if auction.level is None else auction.level + 1


def _after_three_passes(auction: Auction) -> bool:
    """The fourth player speaks after three passes (then nobody has bid: §4.3 would have ended it)."""
    return len(auction.passed) == PLAYERS - 1


def invitation_card(state: HungarianState, contract: Contract) -> str | None:
    """§4.4: the card a bid of ``contract`` promises now, or None when it is no invitation.

    Only the first jump of one or two levels invites; never the fourth player's after three
    passes; nothing at all with ``invitations`` off.
    """
    auction = state.auction
    if not state.setup.option("invitations") or auction.promise is not None:
        return None
    if _after_three_passes(auction):
        return None
    return INVITATION_CARDS.get(contract.level - _next_available(auction))


def _is_trial_bid(state: HungarianState, seat: int) -> bool:
    """§4.6: the fourth player, after three passes, bids without an honour (option on)."""
    return (
        bool(state.setup.option("trial_bid"))
        and _after_three_passes(state.auction)
        and not has_honour(state.hands[seat])
    )


def _yield_spot(state: HungarianState, seat: int) -> bool:
    """§4.4: ``seat`` (X) bid three, a later player (Y) bid two, the other two have passed, and
    it is X's turn. X's three was no trial bid and Y's two no jump: neither can be otherwise
    here. Only with ``invitations`` on."""
    auction = state.auction
    if not state.setup.option("invitations") or len(auction.passed) != 2:
        return False
    made = [(s, call) for s, call in auction.calls if call != "pass"]
    return len(made) == 2 and made[0] == (seat, "bid:three") and made[1][1] == "bid:two"


def _may_yield(hand: tuple[str, ...]) -> bool:
    return YIELD_CARD in hand and any(card in HIGH_HONOURS for card in hand)


def legal_calls(state: HungarianState, seat: int) -> list[str]:
    """``pass``, then the bids from lowest to highest, then ``hold``.

    ``pass`` is missing at the yield spot without T20 and a high honour; a jump that would be an
    invitation is missing without the promised card; a trial bidder may only bid three.
    """
    auction = state.auction
    hand = state.hands[seat]
    calls = [] if _yield_spot(state, seat) and not _may_yield(hand) else ["pass"]
    if has_honour(hand):
        for contract in CONTRACTS[_next_available(auction) :]:
            card = invitation_card(state, contract)
            if card is None or card in hand:
                calls.append(f"bid:{contract.name}")
    elif _is_trial_bid(state, seat):
        calls.append("bid:three")
    if _can_hold(auction, seat):
        calls.append("hold")
    return calls


def apply_call(state: HungarianState, seat: int, action: str) -> HungarianState:
    auction = state.auction
    calls = auction.calls + ((seat, action),)
    if action == "pass":
        promise = auction.promise
        text = _("passes")
        if _yield_spot(state, seat):
            if not _may_yield(state.hands[seat]):
                raise IllegalAction(YIELD_NEEDS)
            promise = (seat, YIELD_CARD)
            text = _("passes: yields the game, promising T20 and a high honour")
        auction = replace(auction, calls=calls, passed=auction.passed | {seat}, promise=promise)
    elif action == "hold":
        if auction.level is None:
            raise IllegalAction(_("There is no bid to hold"))
        if seat not in auction.bidders:
            raise IllegalAction(_("You may only hold after you have bid"))
        level = CONTRACTS[auction.level]
        if auction.held:
            raise IllegalAction(
                _("{contract} has been held already: bid higher or pass", contract=level.title)
            )
        auction = replace(auction, calls=calls, held=True)
        text = _("holds {contract}", contract=level.word)
    elif action.startswith("bid:"):
        contract = CONTRACT_BY_NAME.get(action[4:])
        if contract is None:
            raise UnknownAction(_("Unknown action {action}", action=repr(action)))
        trial = False
        if not has_honour(state.hands[seat]):
            if not _is_trial_bid(state, seat):
                raise IllegalAction(HONOUR_NEEDED)
            if contract.level != 0:
                raise IllegalAction(TRIAL_ONLY_THREE)
            trial = True
        if auction.level is not None and contract.level <= auction.level:
            if auction.level == CONTRACTS[-1].level:
                raise IllegalAction(_("Nobody can bid higher than solo: hold or pass"))
            raise IllegalAction(
                _("You must bid higher than {contract}", contract=CONTRACTS[auction.level].word)
            )
        text = _("bids {contract}", contract=contract.word)
        promise = auction.promise
        card = invitation_card(state, contract)
        if card is not None:
            if card not in state.hands[seat]:
                raise IllegalAction(
                    _(
                        "Bidding {contract} here is an invitation that promises {card}, "
                        "which you do not hold",
                        contract=contract.word,
                        card=card,
                    )
                )
            promise = (seat, card)
            text = _("bids {contract}: an invitation, promising {card}", contract=contract.word, card=card)
        if trial and card is not None:
            text = _(
                "bids {contract}: an invitation, promising {card}: a trial bid, without an honour",
                contract=contract.word,
                card=card,
            )
        elif trial:
            text = _("bids {contract}: a trial bid, without an honour", contract=contract.word)
        auction = replace(
            auction,
            calls=calls,
            level=contract.level,
            held=False,
            bidders=auction.bidders | {seat},
            bids=auction.bids + 1,
            promise=promise,
            trial=trial,
        )
    else:
        raise UnknownAction(_("Unknown action {action}", action=repr(action)))
    state = evolve(state, auction=auction, log=logged(state, (seat, text)))
    return _after_call(state, seat)


def _after_call(state: HungarianState, seat: int) -> HungarianState:
    """§4.3 and §4.5: end the auction or pass the turn to the next player still in it."""
    auction = state.auction
    if len(auction.passed) == PLAYERS:
        return end_hand(
            state,
            thrown_in_result(Termination.ALL_PASSED, state.setup.seats),
            (None, _("All four passed: the hand is thrown in")),
        )
    if len(auction.passed) == PLAYERS - 1 and auction.bidders:
        (declarer,) = set(state.setup.players) - auction.passed
        assert auction.level is not None and declarer in auction.bidders
        contract = CONTRACTS[auction.level]
        # §4.4: a promise binds only a declarer who did not make it.
        promise = auction.promise if auction.promise and auction.promise[0] != declarer else None
        entries = [(declarer, _("wins the auction with {contract}", contract=contract.word))]
        if promise is not None:
            entries.append((promise[0], _("promised {card}: the declarer must call it", card=promise[1])))
        state = evolve(
            state,
            contract=contract,
            declarer=declarer,
            promise=promise,
            trial=auction.trial,
            log=logged(state, *entries),
        )
        if auction.bids == 1 and contract.level == 0 and not auction.trial:
            # §4.3: the only bid was three, by the declarer, and no trial bid: one raise.
            return evolve(state, phase=Phase.RAISE, to_act=frozenset({declarer}))
        return distribute_talon(state)
    turn = state.setup.next_seat(seat)
    while turn in auction.passed:
        turn = state.setup.next_seat(turn)
    return evolve(state, to_act=frozenset({turn}))


RAISES = ("keep",) + tuple(f"raise:{c.name}" for c in CONTRACTS[1:])


def legal_raises(state: HungarianState, seat: int) -> list[str]:
    """``keep``, then the raises from lowest to highest."""
    return list(RAISES)


def apply_raise(state: HungarianState, seat: int, action: str) -> HungarianState:
    contract: Contract | None
    if action == "keep":
        contract = state.contract
        text = _("keeps three")
    else:
        contract = CONTRACT_BY_NAME.get(action[6:]) if action.startswith("raise:") else None
        if contract is None:
            raise UnknownAction(_("Unknown action {action}", action=repr(action)))
        if contract.level == 0:
            raise IllegalAction(_("You may only raise to two, one or solo"))
        text = _("raises to {contract}", contract=contract.word)
    auction = replace(state.auction, calls=state.auction.calls + ((seat, action),))
    state = evolve(state, auction=auction, contract=contract, log=logged(state, (seat, text)))
    return distribute_talon(state)
