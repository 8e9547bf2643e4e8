"""The registry and the variant's declared shape (DESIGN.md "The rules core API")."""

from __future__ import annotations

import pytest

import games.rules as rules
from games.rules import AUDIENCE, EVERYONE, UnknownVariant, get_variant
from games.rules.base import Option, resolve_options
from games.rules.bridge import BRIDGE
from games.rules.czech import CZECH
from games.rules.hungarian import HUNGARIAN
from games.rules.slovenian3 import SLOVENIAN3
from tests.rules.english import english


def test_get_variant():
    assert get_variant("hungarian") is HUNGARIAN
    assert get_variant("czech") is CZECH
    assert get_variant("slovenian3") is SLOVENIAN3
    assert get_variant("bridge") is BRIDGE
    assert rules.VARIANTS == {
        "hungarian": HUNGARIAN,
        "czech": CZECH,
        "slovenian3": SLOVENIAN3,
        "bridge": BRIDGE,
    }
    with pytest.raises(UnknownVariant) as error:
        get_variant("x")
    assert str(error.value) == "Unknown variant 'x'"


def test_reexports():
    for name in ("IllegalAction", "Deal", "HandContext", "HandResult"):
        assert getattr(rules, name) is getattr(rules.base, name)
    assert (rules.AUDIENCE, rules.EVERYONE) == (AUDIENCE, EVERYONE)


def test_hungarian_shape():
    assert (HUNGARIAN.key, HUNGARIAN.seats) == ("hungarian", (4, 5))
    with pytest.raises(ValueError, match="^This Hungarian table has 4 seats, not 3$"):
        HUNGARIAN.deal(__import__("random").Random(1), 3, {})
    with pytest.raises(ValueError, match="^This Hungarian table has 5 seats, not 4$"):
        HUNGARIAN.deal(__import__("random").Random(1), 4, {"five_player": True})


def test_every_section_12_option_is_declared_with_its_default():
    declared = {o.name: o.default for o in HUNGARIAN.options}
    assert declared == {
        "five_player": False,
        "tarokk_count_payers": "each_other_player",
        "allow_discard_xx": True,
        "pass_out_doubling": True,
        "annulment": True,
        "invitations": True,
        "trial_bid": True,
        "trial_bid_penalty": 3,
        "max_kontra_level": 4,
        "opponents_need_48_when_kontra": False,
        "illustrated_bonuses": False,
        "match_hands": 16,
        "trick_review": "last",
    }
    assert all(isinstance(o, Option) for o in HUNGARIAN.options)


def test_options_are_validated():
    resolved = resolve_options(HUNGARIAN.options, {"trick_review": "all", "max_kontra_level": 5})
    assert resolved["trick_review"] == "all" and resolved["max_kontra_level"] == 5
    with pytest.raises(ValueError, match="Unknown option colour"):
        resolve_options(HUNGARIAN.options, {"colour": "red"})
    with pytest.raises(ValueError, match="max_kontra_level must be at most 5"):
        resolve_options(HUNGARIAN.options, {"max_kontra_level": 6})
    with pytest.raises(ValueError, match="trick_review must be one of last, all"):
        resolve_options(HUNGARIAN.options, {"trick_review": "none"})


def test_czech_shape_and_options():
    assert (CZECH.key, english(CZECH.name), CZECH.seats) == ("czech", "Czech Taroky", (4,))
    declared = {o.name: o.default for o in CZECH.options}
    assert declared == {
        "red_pip_order": "machtarok",
        "first_dealer": "host",
        "iote_called_value": 4,
        "iote_silent_value": 2,
        "iote_with_valat": False,
        "starting_chips": 100,
        "match_hands": 0,
        "trick_review": "last",
    }
    assert all(o.label for o in CZECH.options)
    with pytest.raises(ValueError, match="played by 4, not 3"):
        CZECH.deal(__import__("random").Random(1), 3, {})
    with pytest.raises(ValueError, match="red_pip_order must be one of machtarok, ace_high, traditional"):
        resolve_options(CZECH.options, {"red_pip_order": "ace_low"})
    with pytest.raises(ValueError, match="iote_called_value must be at least 1"):
        resolve_options(CZECH.options, {"iote_called_value": 0})
    with pytest.raises(ValueError, match="match_hands must be at least 0"):
        resolve_options(CZECH.options, {"match_hands": -1})


def test_bridge_shape_and_options():
    assert (BRIDGE.key, english(BRIDGE.name), BRIDGE.seats) == ("bridge", "Bridge", (2, 3, 4))
    declared = {o.name: o.default for o in BRIDGE.options}
    assert declared == {
        "players": 3,
        "eights_rule": "player_choice",
        "j_points_rule": "winner_choice",
        "reshuffle_multiplier": True,
        "reset_at_exact_125": True,
        "end_threshold": 125,
        "must_play_drawn_card": True,
        "opening_card": "starter_choice",
        "finish_effects_before_count": True,
    }
    assert all(isinstance(o, Option) and o.label for o in BRIDGE.options)
    # The table's seat count is the players option.
    assert [BRIDGE.seat_count({"players": n}) for n in (2, 3, 4)] == [2, 3, 4]
    assert BRIDGE.seat_count({}) == 3
    with pytest.raises(ValueError, match="played by 4, not 3"):
        BRIDGE.deal(__import__("random").Random(1), 3, {"players": 4})
    with pytest.raises(ValueError, match="players must be one of 2, 3, 4"):
        resolve_options(BRIDGE.options, {"players": 5})
    with pytest.raises(ValueError, match="eights_rule must be one of player_choice, always_next, always_"):
        resolve_options(BRIDGE.options, {"eights_rule": "never"})
    with pytest.raises(ValueError, match="end_threshold must be at least 1"):
        resolve_options(BRIDGE.options, {"end_threshold": 0})
