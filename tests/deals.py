"""A written-out Hungarian deal shared by the tests of the only writer (web and production)."""

from __future__ import annotations

from typing import Any

# Dealer 3, so seat 0 is forehand. Talon top first: T18 CR T2 H1 S10 DR.
HANDS = [
    "T22 T20 T19 T16 T3 HK SJ DQ C10",
    "T21 T17 T15 T9 T5 HQ SK DJ CK",
    "T1 T14 T12 T8 T6 HR SQ DK CQ",
    "T13 T11 T10 T7 T4 HJ SR D1 CJ",
]
TALON = "T18 CR T2 H1 S10 DR"


def full_table_with_known_deal(users: list[Any]) -> Any:
    """Four people at a new table (no robots), its first hand given the deal above.

    The hand has no action yet, so replacing its deal is safe (the log is deal + actions).
    """
    from games import services
    from games.services import replay

    room = services.create_room(users[0], "hungarian", robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    hand = room.current_hand()
    hand.deal = {"hands": [h.split() for h in HANDS], "talon": TALON.split()}
    hand.context = {**hand.context, "dealer": 3}
    hand.save()
    replay.forget_all()  # the robot check after sitting down cached the random deal's state
    return hand


# Slovenian Tarok (slovenian3.md): dealer 2, so seat 0 is forehand and seat 1 middlehand (who
# bids first). Forehand holds thirteen taroks and three kings: after taking talon group 1 of
# three (T2 H3 H4) only two suit cards may go, so a tarok is discarded face up (§5.1).
SLOVENIAN_DEALER = 2
SLOVENIAN_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 HK SK CK",
    "T1 T9 T8 T7 T6 DK DQ DR DJ D1 D2 D3 HQ HR HJ H1",
    "T5 T4 T3 SQ SR SJ S10 S9 S8 CQ CR CJ C10 C9 C8 C7",
]
SLOVENIAN_TALON = "T2 H3 H4 D4 H2 S7"

# The trula split over the three hands: forehand leads T21, middlehand's T22 and the dealer's
# T1 make trick 1 an emperor trick (§8.3: the mond penalty, and škisfang with the option).
EMPEROR_HANDS = [
    "T21 T20 T19 T18 T17 T16 T15 HK HQ HR HJ H1 H2 SK SQ SR",
    "T22 T14 T13 T12 T11 T10 DK DQ DR DJ D1 D2 SJ S10 S9 S8",
    "T1 T9 T8 T7 T6 T5 CK CQ CR CJ C10 C9 C8 C7 D3 D4",
]
EMPEROR_TALON = "T4 T3 T2 H3 H4 S7"


def slovenian_table_with_known_deal(
    users: list[Any],
    options: dict[str, Any] | None = None,
    hands: list[str] = SLOVENIAN_HANDS,
    talon: str = SLOVENIAN_TALON,
    turn_clock: int = 0,
) -> Any:
    """Three people at a new Slovenian table, its first hand given a written-out deal dealt by
    seat 2 (no action has been made, so replacing the deal is safe)."""
    from games import services

    room = services.create_room(users[0], "slovenian3", robots=0, options=options, turn_clock=turn_clock)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    return give_deal(room.current_hand(), hands, talon, SLOVENIAN_DEALER)


def give_deal(hand: Any, hands: list[str], talon: str, dealer: int) -> Any:
    """Replace the deal (and dealer) of a hand nobody has acted in yet; its stored summary
    (who is to act) is rebuilt to match."""
    from games.rules import HandContext, get_variant
    from games.rules.base import Deal
    from games.services import replay

    assert hand.seq == 0, "a hand's deal may be replaced only before its first action"
    hand.deal = {"hands": [h.split() for h in hands], "talon": talon.split()}
    hand.context = {**hand.context, "dealer": dealer}
    variant = get_variant(hand.variant)
    state = variant.new_hand(Deal.from_json(hand.deal), HandContext.from_json(hand.context))
    hand.to_act = sorted(variant.to_act(state))
    hand.save()
    replay.forget_all()  # the robot check after sitting down cached the random deal's state
    if hand.room.turn_clock:  # the clocks follow the seats now to act
        from django.utils import timezone

        from games.services.turn_clocks import sync_clocks

        hand.clocks.all().delete()
        sync_clocks(hand, timezone.now())
    return hand
