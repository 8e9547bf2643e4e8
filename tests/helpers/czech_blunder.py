"""A Czech hand with a planted blunder, for the analysis's end-to-end test
(tests/analysis/test_planted_blunder.py): a fixed deal and robot seed, a person at seat 1
(index 0) who plays ``policy`` until the planted position, where they throw the pagát (T1) into
a trick an opponent's trump wins, though other trumps were theirs to play."""

from __future__ import annotations

from typing import Any

from django.test import override_settings

from games import services
from games.autoplay import runner
from games.models import Room
from games.rules import Deal

# Found by playing deals of seeds 0, 1, ... with this policy and the basic robots, and appraising
# every position where the person could throw the pagát: at this one, the engine called the
# pagát a blunder in every one of several seeds. Seat 4 (index 3), of the other side, wins the
# trick so far with VIII (T8) over the diamonds; the person holds XIX, XII, VII, VI and the pagát.
DECK = (
    "HK CK D1 T8 T22 SK CR T9 T12 H1 CJ T19 CQ T1 SR T18 T16 SJ DK T5 DR S10 DQ D3 T2 C7 T14 H2 "
    "T21 HR T13 T3 SQ S8 C9 T15 HQ H4 T6 T7 S7 C10 C8 HJ D4 T10 S9 T11 H3 T4 T17 DJ D2 T20"
).split()
SALT = "a9fa24786e9ec6e04faf9e3b40035e8f"
DEALER = 3
SEED = "blunder-903"
# The hand's ``seq`` when the person is to throw the pagát (their move is action PLANTED + 1).
PLANTED = 28
TRICK = ["DK", "DQ", "T8"]  # seats 2, 3 and 4 have played to the trick
HOLDING = ["play:T19", "play:T12", "play:T7", "play:T6", "play:T1"]


def deal() -> Deal:
    return Deal.from_json({"hands": [], "talon": [], "deck": DECK, "salt": SALT})


def policy(legal: list[str]) -> str:
    """The person's choice before the planted position: pass when they may, else the first."""
    return "pass" if "pass" in legal else legal[0]


def open_fixed_table(user: Any, deal: Deal, dealer: int, seed: str, level: str = "basic") -> Room:
    """A Czech table of ``user`` (seat 1) and three robots on ``deal``, its robots seeded by
    ``seed`` (as the daily deal's are), so that the hand goes the same way every time. The robots
    start only once the seed is set."""
    with override_settings(ROBOT_RUNNER="off"):
        room = services.create_room(user, "czech", 3, robot_level=level, first_deal=(deal, dealer))
    Room.objects.filter(pk=room.pk).update(fixed_seed=seed)
    runner.schedule(room.current_hand().pk)
    return room
