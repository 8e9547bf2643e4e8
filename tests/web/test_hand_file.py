"""The hand file round trip (games/history/transfer.py, docs/hand-format.md): every hand of a
random playout per game is written out, read back through JSON, and replays to the same state
and result; a file with one action changed is refused naming that action's position."""

from __future__ import annotations

import json
import random

import pytest

from games.history.transfer import BadFile, read_document, read_hand, write_hand
from games.rules import VARIANTS, Deal, HandContext, get_variant

CARDS_AS_TEXT = 'lists of cards written as text ("T22", "HK")'
HANDS = 30  # per game: fast, and enough to meet thrown-in, played and bonus hands


def random_hand(game: str, seed: int) -> tuple[dict, object]:
    """A hand of ``game`` played to its end with random legal actions: its file and its state."""
    variant = get_variant(game)
    rng = random.Random(seed)
    options = {o.name: o.default for o in variant.options}
    seats = variant.seat_count(options)
    dealer = rng.randrange(seats)
    deal = variant.deal(rng, seats, options, dealer=dealer)
    context = HandContext(dealer=dealer, options=options)
    state = variant.new_hand(deal, context)
    log = []
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        action = rng.choice(variant.legal_actions(state, seat))
        state = variant.apply(state, seat, action)
        log.append((seat, action))
    result = variant.result(state)
    return write_hand(game, context, deal, log, result.to_json() if result else None), state


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
