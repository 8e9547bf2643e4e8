"""The hand file round trip (games/history/transfer.py, docs/hand-format.md): every hand of a
random playout per game is written out, read back through JSON, and replays to the same state
and result; a file with one action changed is refused naming that action's position."""

from __future__ import annotations

import json

import pytest

from games.history.transfer import BadFile, read_document, read_hand
from games.rules import VARIANTS, Deal
from tests.helpers.hand_files import random_hand

CARDS_AS_TEXT = 'lists of cards written as text ("T22", "HK")'
HANDS = 30  # per game: fast, and enough to meet thrown-in, played and bonus hands


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_it_round_trips_every_hand_of_a_random_playout(game):
    for seed in range(HANDS):
        document, state = random_hand(game, seed)
        checked = read_hand(json.loads(json.dumps(document)))
        assert checked.state == state, seed
        assert checked.result == document["result"], seed
        assert checked.actions == tuple((a["seat"], a["action"]) for a in document["actions"])
        assert checked.deal == Deal.from_json(document["deal"])


def test_it_refuses_a_file_with_one_action_changed_naming_its_position():
    document, _ = random_hand("hungarian", 1)
    played = [i for i, a in enumerate(document["actions"]) if a["action"].startswith("play:")]
    changed = played[3]  # the fourth card played: swapped for the card played after it
    document["actions"][changed]["action"] = document["actions"][changed + 1]["action"]
    seat = document["actions"][changed]["seat"]
    with pytest.raises(BadFile) as refused:
        read_hand(document)
    assert str(refused.value).startswith(f"Action {changed + 1} (seat {seat + 1}, ")
    assert "is refused: " in str(refused.value)


def test_it_names_the_rules_message_of_a_bad_seat():
    document, _ = random_hand("bridge", 2)
    document["actions"][0]["seat"] = 9
    with pytest.raises(BadFile, match=r"^Action 1 \(seat 10, .*\) is refused: There is no seat 9$"):
        read_hand(document)


def test_it_refuses_a_changed_result():
    document, _ = random_hand("slovenian3", 3)
    document["result"]["payments"][0] += 1
    with pytest.raises(BadFile, match="^The result in the file is not the one its actions give$"):
        read_hand(document)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess"}, 'This is not a hand file: "format" must be "tarokk-hand" or "tarokk-match"'),
        ({"version": 2}, "Version 2 of the hand file is unknown; this site reads version 1"),
        ({"game": "skat"}, "Unknown variant 'skat'"),
        ({"options": {"colour": "red"}}, "The hand cannot start: Unknown option colour"),
        ({"deal": {"hands": [["T1"]]}}, "The hand cannot start: This Hungarian table has 4 seats, not 1"),
        ({"deal": {"hands": [[1, 2]]}}, f'"deal" "hands" must hold {CARDS_AS_TEXT}'),
        ({"actions": "pass"}, '"actions" must be a list'),
        ({"actions": [{"seq": 2, "seat": 0, "action": "pass"}]}, "Action 1 must have seq 1, not 2"),
    ],
)
def test_it_refuses_a_malformed_file_with_a_clear_message(change, message):
    document, _ = random_hand("hungarian", 4)
    document.update(change)
    with pytest.raises(BadFile) as refused:
        read_hand(document)
    assert str(refused.value) == message


def test_a_match_file_names_the_hand_that_is_wrong():
    first, _ = random_hand("czech", 5)
    second, _ = random_hand("czech", 6)
    second["actions"][0]["action"] = "nonsense"
    match = {"format": "tarokk-match", "version": 1, "hands": [first, second]}
    with pytest.raises(BadFile, match=r"^Hand 2 of the match: Action 1 \(seat \d, nonsense\) is refused: "):
        read_document(match)
    match["hands"] = [first]
    assert [h.result for h in read_document(match)] == [first["result"]]
