"""The basic robot's choices in written-out positions (card play from ``Knowledge``, discards
and announcements from a view)."""

from __future__ import annotations

import random

from games.bots.hungarian.basic import BasicPolicy, wanted_level
from games.bots.hungarian.knowledge import DECLARER, OPPONENTS, Knowledge, known_sides, voids_shown
from games.bots.hungarian.play import choose_card

ROBOT = BasicPolicy()


def knowledge(
    hand: str,
    trick: list[tuple[int, str]],
    sides: list[str | None],
    seat: int = 3,
    played: str = "",
    voids: list[set[str]] | None = None,
    trick_no: int = 2,
) -> Knowledge:
    gone = set(played.split()) | {card for _, card in trick}
    return Knowledge(
        seat=seat,
        hand=hand.split(),
        trick=trick,
        trick_no=trick_no,
        declarer=0,
        gone=gone,
        voids=voids or [set() for _ in range(4)],
        side_of=sides.__getitem__,
        keep_pagat=False,
        called_card="T20",
    )


# Seat 3 is an opponent of seats 0 (declarer) and 1 (partner); seat 2 is its teammate.
SIDES = [DECLARER, DECLARER, OPPONENTS, OPPONENTS]


def test_it_wins_with_the_lowest_winning_tarokk_when_last_to_play():
    # Spades led by the declarer, the partner trumps with T5, the teammate discards: seat 3
    # (void in spades) beats T5 with T8, not with T12 or T20.
    k = knowledge("T8 T12 T20 HK", [(0, "S10"), (1, "T5"), (2, "D1")], SIDES)
    assert choose_card(k, ["T8", "T12", "T20"]) == "T8"


def test_it_throws_its_cheapest_card_on_a_lost_trick():
    # The partner's Skíz cannot be beaten: seat 3 follows with its lowest tarokk.
    k = knowledge("T3 T14 T17", [(0, "T10"), (1, "T22"), (2, "T2")], SIDES)
    assert choose_card(k, ["T3", "T14", "T17"]) == "T3"


def test_it_adds_points_to_a_trick_its_side_holds_safely():
    # The teammate's KH wins and seat 3 is last: it plays the queen of hearts, not the pip.
    k = knowledge("HQ H1 T9", [(0, "HJ"), (1, "HR"), (2, "HK")], SIDES)
    assert choose_card(k, ["HQ", "H1"]) == "HQ"


def test_it_keeps_the_pagat_for_the_last_trick_with_a_long_tarokk_hand():
    # Last to a diamond trick without tarokks, void in diamonds: T1 would win it, but with six
    # of the 14 tarokks still out the pagát is kept for trick 9 and T2 takes the trick.
    played = "T3 T4 T5 T6 T7 T8 T10 T11"
    k = knowledge("T1 T2 T9 T13 T16 T18", [(0, "D1"), (1, "DJ"), (2, "DR")], SIDES, played=played)
    assert choose_card(k, ["T1", "T2", "T9", "T13", "T16", "T18"]) == "T2"


def test_it_saves_a_lonely_pagat_by_winning_with_it():
    # Only T1 and T15 left among many unseen tarokks: the pagát would be caught later, so it
    # takes this tarokk-free trick now.
    k = knowledge("T1 T15 SK", [(0, "D1"), (1, "DJ"), (2, "DR")], SIDES)
    assert choose_card(k, ["T1", "T15"]) == "T1"


def test_the_skiz_catches_an_opposing_xxi():
    k = knowledge("T22 T4 T6", [(0, "T21"), (1, "T3"), (2, "T7")], SIDES)
    assert choose_card(k, ["T22", "T4", "T6"]) == "T22"


def test_it_does_not_play_the_xxi_while_the_skiz_may_still_fall_on_it():
    # Seat 1 leads; seat 2 (the declarer's partner here) and seat 3 follow; the Skíz is unseen.
    sides = [DECLARER, OPPONENTS, DECLARER, OPPONENTS]
    k = knowledge("T21 T6", [(0, "T11")], sides, seat=1)
    assert choose_card(k, ["T21", "T6"]) == "T6"


def test_an_opponent_leads_a_suit_its_teammate_ruffs():
    # Seat 2 showed it has no hearts but has tarokks; the declarer and partner did not.
    voids = [set(), set(), {"H"}, set()]
    k = knowledge("HQ SJ S10 CQ", [], SIDES, voids=voids, played="HK H1 T3 T4")
    assert choose_card(k, ["HQ", "SJ", "S10", "CQ"]) == "HQ"


def test_voids_are_read_from_the_plays():
    # Seat 2 discarded on a heart lead: no hearts and no tarokks; seat 0 trumped a spade.
    plays = [(0, "HK"), (1, "HJ"), (2, "C10"), (3, "H1"), (3, "SJ"), (0, "T4"), (1, "SK"), (2, "S10")]
    voids = voids_shown(plays)
    assert voids == [{"S"}, set(), {"H", "T"}, set()]


def test_it_discards_to_make_a_void_and_keeps_its_tarokks():
    view = {"phase": "discard", "viewer": 1, "declarer": 0}
    hand = ["T20", "T15", "T9", "T4", "HK", "HQ", "S10", "DQ", "DJ", "C10"]
    legal = [f"discard:{c}" for c in ("T20", "T15", "T9", "T4", "HQ", "S10", "DQ", "DJ", "C10")]
    # S10 and C10 are both singletons; either empties a suit. Never a tarokk.
    assert ROBOT.choose({**view, "hand": hand}, legal, random.Random(1)) in {"discard:S10", "discard:C10"}


def test_it_annuls_only_a_hand_without_tarokks_to_speak_of():
    view = {"phase": "discard", "viewer": 1, "declarer": 0}
    weak = ["T21", "HK", "HQ", "SK", "SQ", "DK", "DQ", "DJ", "CK", "C10"]
    assert ROBOT.choose({**view, "hand": weak}, ["annul", "discard:HQ"], random.Random(1)) == "annul"
    kings = ["T19", "T12", "T5", "HK", "SK", "DK", "CK", "DQ", "DJ", "C10"]
    assert ROBOT.choose({**view, "hand": kings}, ["annul", "discard:DJ"], random.Random(1)) == "discard:DJ"


def test_bidding_follows_the_hand_strength():
    weak = "T1 T5 T8 HQ HJ S10 DJ D1 CR".split()
    strong = "T22 T21 T20 T19 T17 T12 T8 T3 HK".split()
    assert wanted_level(weak) == -1
    assert wanted_level(strong) >= 1
    view = {"phase": "auction", "auction": [], "hand": weak}
    assert ROBOT.choose(view, ["pass", "bid:three", "bid:solo"], random.Random(1)) == "pass"
    view = {"phase": "auction", "auction": [], "hand": strong}
    assert ROBOT.choose(view, ["pass", "bid:three", "bid:two", "bid:solo"], random.Random(1)) == "bid:three"


def test_it_always_declares_its_tarokk_count_and_then_passes():
    view = {
        "phase": "announce",
        "viewer": 2,
        "seats": 4,
        "dealer": 3,
        "declarer": 0,
        "called_card": "T20",
        "hand": "T18 T16 T14 T12 T10 T8 T6 T4 HJ".split(),
        "discards": [None, None, [], None],
        "log": [],
        "partner": None,
        "alone": None,
        "public_sides": ["declarer", None, None, None],
        "announce_turns": [{"seat": 0, "calls": []}, {"seat": 1, "calls": []}],
        "announce_turn": {"seat": 2, "calls": []},
        "items": [],
    }
    legal = ["pass", "announce:8-tarokks", "kontra:game"]
    assert ROBOT.choose(view, legal, random.Random(1)) == "announce:8-tarokks"
    view["announce_turn"] = {"seat": 2, "calls": ["announce:8-tarokks"]}
    assert ROBOT.choose(view, ["pass", "kontra:game"], random.Random(1)) == "pass"
    assert known_sides(view)(2) == OPPONENTS
