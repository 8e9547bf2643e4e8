"""Shared tarot mechanics (shared/rules/cards.md) and trick rules (tricks.py)."""

from __future__ import annotations

import pytest

from games.rules.cards import (
    card_points,
    is_trump,
    pack_42,
    pack_54,
    pile_points,
    points_in_threes,
    rank,
    round_half_away,
    round_to_5,
    sort_cards,
    suit_of,
)
from games.rules.hungarian.state import RANK
from games.rules.tricks import legal_follow, trick_winner


def test_packs():
    # cards.md §2: 54 = 22 trumps + 4 × 8; 42 = 22 trumps + 4 × 5 (red 1, black 10 pips).
    assert len(pack_54()) == len(set(pack_54())) == 54
    assert len(pack_42()) == len(set(pack_42())) == 42
    assert set(pack_42()) <= set(pack_54())
    assert [c for c in pack_42() if not is_trump(c)][:5] == ["HK", "HQ", "HR", "HJ", "H1"]
    assert {c for c in pack_42() if c[0] == "S"} == {"SK", "SQ", "SR", "SJ", "S10"}


def test_card_points_and_pack_totals():
    # cards.md §4: honours and kings 5, queens 4, riders 3, jacks 2, the rest 1.
    assert [card_points(c) for c in ("T22", "T21", "T1", "T20", "HK", "SQ", "DR", "CJ", "H1")] == [
        5,
        5,
        5,
        1,
        5,
        4,
        3,
        2,
        1,
    ]
    assert pile_points(pack_54()) == 106
    assert pile_points(pack_42()) == 94
    with pytest.raises(ValueError, match="Unknown card 'X9'"):
        card_points("X9")


@pytest.mark.parametrize(
    "pile, points",
    [
        ("T2", 0),
        ("T21", 4),
        ("HK SQ CR", 10),
        ("T22 HK SQ CR DJ T8 T13 H3 C9 S7", 17),
    ],
)
def test_points_in_threes_examples(pile, points):
    # cards.md §5: S − 2·⌊n/3⌋ − (1 if n mod 3 else 0).
    assert points_in_threes(pile.split()) == points


def test_points_in_threes_of_the_whole_pack_and_two_piles():
    cards = list(pack_54())
    assert points_in_threes(cards) == 70
    for cut in range(0, 55, 7):  # any two piles add up to 70
        assert points_in_threes(cards[:cut]) + points_in_threes(cards[cut:]) == 70


def test_suits_and_ranks():
    assert (suit_of("T5"), suit_of("HK"), suit_of("S10")) == ("T", "H", "S")
    # Hungarian: K > Q > R > J > pip; trumps by number.
    order = ["HK", "HQ", "HR", "HJ", "H1"]
    assert sorted(order, key=RANK.__getitem__, reverse=True) == order
    assert RANK["T22"] > RANK["T21"] > RANK["T2"] > RANK["T1"]
    # Czech machtarok order: K Q R J 4 3 2 1.
    assert rank("H4", "machtarok") > rank("H1", "machtarok")
    assert rank("H1", "ace_high") > rank("H4", "ace_high") > rank("H2", "ace_high")


def test_display_order_examples():
    # cards.md §7 examples (Slovenian / traditional, Czech machtarok).
    assert sort_cards("C7 H4 T1 SQ HK DR CJ T22 S10 H1 T15".split()) == (
        "T22 T15 T1 HK H1 H4 SQ S10 DR CJ C7".split()
    )
    assert sort_cards("CR D2 H1 SK T3 HQ S8 T21 H4".split(), red_pip_order="machtarok") == (
        "T21 T3 HQ H4 H1 SK S8 D2 CR".split()
    )


def test_rounding():
    # cards.md §9.
    assert [round_half_away(x) for x in (4.5, -4.5, 2.4, -2.6, 0.0)] == [5, -5, 2, -3, 0]
    assert [round_to_5(k) for k in (12, 13, -3, -2, 0, 25)] == [10, 15, -5, 0, 0, 25]


HAND = ["T20", "T3", "HK", "H1", "SQ", "C10"]


@pytest.mark.parametrize(
    "led, legal",
    [
        ([], HAND),  # any card may lead
        (["HQ"], ["HK", "H1"]),  # follow hearts
        (["T7", "HQ"], ["T20", "T3"]),  # a tarokk lead is followed with a tarokk
        (["DK"], ["T20", "T3"]),  # no diamonds: must play a tarokk
    ],
)
def test_legal_follow(led, legal):
    assert legal_follow(HAND, led) == legal


def test_legal_follow_without_the_suit_or_tarokks():
    assert legal_follow(["HK", "SQ"], ["DK"]) == ["HK", "SQ"]
    assert legal_follow(["HK", "SQ"], ["T5"]) == ["HK", "SQ"]


@pytest.mark.parametrize(
    "trick, winner",
    [
        ([(0, "HQ"), (1, "HK"), (2, "H1"), (3, "HJ")], 1),  # highest of the suit led
        ([(0, "HQ"), (1, "SK"), (2, "H1"), (3, "DK")], 0),  # other suits never win
        ([(0, "HK"), (1, "T2"), (2, "T15"), (3, "HQ")], 2),  # the highest tarokk
        ([(2, "T1"), (3, "HK"), (0, "CK"), (1, "SK")], 2),  # the pagát wins as the only tarokk
        ([(3, "T21"), (0, "T1"), (1, "T22"), (2, "T20")], 1),  # Skíz catches XXI
    ],
)
def test_trick_winner(trick, winner):
    assert trick_winner(trick, RANK.__getitem__) == winner


def test_permutation_is_a_deterministic_permutation():
    from games.rules.cards import permutation

    first = permutation(54, "salt", 1)
    assert sorted(first) == list(range(54))
    assert permutation(54, "salt", 1) == first  # pure: the same inputs, the same order
    assert permutation(54, "salt", 2) != first  # each press another permutation
    assert permutation(54, "other", 1) != first
    assert first != tuple(range(54))
    assert permutation(1, "salt", 1) == (0,) and permutation(0, "salt", 1) == ()
    # Pinned: replays of stored hands must not change between Python versions.
    assert permutation(8, "fixed", 3) == (5, 7, 2, 3, 1, 6, 4, 0)


def test_permutation_is_roughly_uniform():
    from collections import Counter

    from games.rules.cards import permutation

    # Where card 0 lands over 600 presses of a 6-card deck: every position, none far off 100.
    landed = Counter(permutation(6, "u", n).index(0) for n in range(600))
    assert set(landed) == set(range(6)) and all(60 <= c <= 140 for c in landed.values())
