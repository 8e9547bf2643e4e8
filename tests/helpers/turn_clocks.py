"""A Hungarian table with a turn clock driven on (tests/web/test_turn_clocks.py,
test_texts.py): Alice (seat 0) and Bob (seat 1) with two basic robots; the table itself is the
``clocked_table`` fixture of tests/web/conftest.py."""

from __future__ import annotations

from games import services
from games.autoplay import clocks
from games.models import Hand, Room, TurnClock
from games.rules import get_variant
from games.services import replay

ALICE, BOB = 0, 1  # the two people; seats 2 and 3 are basic robots


def live_hand(room: Room) -> Hand:
    return room.current_hand()


def clock_of(hand: Hand, seat: int) -> TurnClock:
    return TurnClock.objects.get(hand=hand, seat=seat)


def bob_moves(hand: Hand, bob) -> None:
    legal = get_variant(hand.variant).legal_actions(replay.current(hand), BOB)
    services.submit_action(hand.pk, BOB, legal[0], hand.seq, actor=bob)


def drive(room: Room, bob, stop, alice_clock: bool = True) -> Hand:
    """Play on until ``stop(hand)``: Bob moves himself, Alice's clock runs out (when
    ``alice_clock``), robots move inline, and a finished hand is followed by the next."""
    for _ in range(400):
        hand = live_hand(room)
        if stop(hand):
            return hand
        if hand.is_over:
            services.next_hand(room, bob, hand.number)
        elif BOB in hand.to_act:
            bob_moves(hand, bob)
        elif ALICE in hand.to_act and alice_clock:
            assert clocks.fire_due(now=clock_of(hand, ALICE).deadline) == 1
        else:
            raise AssertionError(f"nobody moves: {hand.to_act} in {hand.phase}")
    raise AssertionError("the condition never came")


def alice_to_act(hand: Hand) -> bool:
    return not hand.is_over and ALICE in hand.to_act and BOB not in hand.to_act
