"""Differential test: our Slovenian core against DeepMind's OpenSpiel ``tarok`` (3 players).

OpenSpiel (``open-spiel==2.0.2``, test-only) deals; its deal goes into our explicit ``Deal``
with our dealer at seat 2, so that OpenSpiel's player p is our seat p (its player 0 is
forehand, 1 middlehand, 2 the dealer). The mapping (cards, bids, contracts, the deal, the
options) is ``bench/openspiel_tarok.py``, shared with the yardstick against OpenSpiel's robots.
Then both engines play the same randomly chosen actions, and at every step we compare:
whose turn it is, the legal actions (mapped), the contract once the auction is over, every
trick's winner (the seat to lead next) and when the hand ends (the early ends of §8.5), and
at the end each seat's score and mond penalty. The game score of three/two/one is
``±value + (D − 35)`` with rounding off, so agreeing on it agrees on the declarer's card
points D (counted in threes); in klop each player's −points does the same for every pile.

Configured around the differences by design:
- ``round_to_5`` off (OpenSpiel never rounds); mond penalty 20, no radelci, no škisfang, no
  klop kontra (OpenSpiel has none of them);
- announcements and kontra: OpenSpiel has none; our announcement phase is passed through
  with three passes (trula, kings and pagat ultimo are then silent bonuses);
- the talon: OpenSpiel chooses a group with actions 0.. and discards one card per action
  (suit cards first, taroks only when no suit card is left); we take ``take:<n+1>`` and
  discard all at once. Compared as the set of discard sets OpenSpiel's one-card steps can
  reach (explored on clones) against our legal discard sets;
- OpenSpiel's silent kings and trula bonus is buggy (``CollectedKingsAndOrTrula`` compares
  a constant, ``kKingOfDiamondsAction == 37``: it counts every collected card as a king and
  never finds a trula): it pays +10 exactly when the declarer's collected pile holds 4 cards
  (the discard of one plus one trick), and never anything else. We compare OpenSpiel's score
  with our game, difference and pagat ultimo lines plus that +10, leaving our trula and kings
  lines out of the comparison;
- OpenSpiel's valat test in three/two/one asks whether the declarer's pile holds exactly 48
  cards, but the discard is in that pile: it scores +250 for a declarer of three with 15 tricks
  (45 + 3 cards) and an ordinary game for a declarer who took all 16 tricks. Both are asserted
  as OpenSpiel computes them (the latter never came up in 30,000 random hands);
- pagat ultimo: OpenSpiel pays 25 to the side that won trick 16 whenever T1 is in it. That
  agrees with §10.3 except when an opponent's T1 loses trick 16 to the other opponent: then
  §10.3 (our source of truth) counts the opponents' failure, +25 for the declarer, and
  OpenSpiel −25. Asserted as exactly that difference.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.openspiel_tarok import (
    ACTIONS,
    BIDS,
    CARDS,
    CONTRACT_KEYS,
    INDEX,
    card_of,
    our_deal,
    our_hand,
    play_action,
    take_action,
)
from games.rules.slovenian3 import SLOVENIAN3, Phase

pyspiel = pytest.importorskip("pyspiel")

HANDS = 2000
SEED = 20250611
OS = pyspiel.TarokGamePhase


def test_card_mapping_follows_openspiel_names():
    state = pyspiel.load_game("tarok", {"players": 3, "rng_seed": 1}).new_initial_state()
    state.apply_action(0)
    names = [state.card_action_to_string(i) for i in range(54)]
    assert names[0] == "Pagat" and names[20] == "Mond" and names[21] == "Skis" and names[3] == "IIII"
    assert [names[INDEX[c]] for c in ("H4", "H1", "HR", "HK", "D3", "S7", "S10", "SQ", "CJ")] == [
        "4 of Hearts",
        "1 of Hearts",
        "Knight of Hearts",
        "King of Hearts",
        "3 of Diamonds",
        "7 of Spades",
        "10 of Spades",
        "Queen of Spades",
        "Jack of Clubs",
    ]


def openspiel_discard_sets(state) -> set[frozenset[str]]:
    """Every set of cards OpenSpiel's one-card discard steps can reach from ``state``."""
    frontier = {frozenset(): state}
    while frontier:
        (any_state,) = list(frontier.values())[:1]
        if any_state.current_game_phase() != OS.TALON_EXCHANGE:
            return set(frontier)
        following = {}
        for chosen, node in frontier.items():
            for action in node.legal_actions():
                key = chosen | {CARDS[action]}
                if key not in following:
                    child = node.clone()
                    child.apply_action(action)
                    following[key] = child
        frontier = following
    raise AssertionError("unreachable")


def apply_discard_to_openspiel(state, cards: list[str]) -> None:
    left = set(cards)
    while left:
        legal = {CARDS[a] for a in state.legal_actions()}
        card = sorted(left & legal)[0]
        state.apply_action(INDEX[card])
        left.remove(card)


def choose(legal: list[str], rng: random.Random) -> str:
    """Random, but biased so that every contract is played now and then."""
    bids = [action for action in legal if action.startswith("bid:")]
    if not bids:
        return rng.choice(legal)
    if "pass" in legal and rng.random() < 0.7:
        return "pass"
    if "bid:klop" in bids and rng.random() < 0.5:
        return rng.choice(["bid:klop", "bid:three"])
    return rng.choice(bids[:2] if rng.random() < 0.6 else bids)


def amount(result, name: str) -> int:
    return sum(item.amount for item in result.items if item.name == name and item.seat is None)


def compare_three_two_one(ours, result, theirs: int, pile_cards: int, seen: Counter[str]) -> None:
    """OpenSpiel's score of three, two and one against ours, around its documented bugs."""
    declarer = result.declarer
    points = result.card_points[0]
    value = ours.contract.value
    last = ours.tricks[-1]
    t1 = next((seat for seat, card in last.cards if card == "T1"), None)
    # OpenSpiel: T1 in trick 16 pays 25 to the side that won trick 16.
    their_ultimo = 0 if t1 is None else (25 if last.winner == declarer else -25)
    if pile_cards == 48:
        # Its valat test counts the discard: 15 tricks and three discarded cards make "valat".
        seen["OpenSpiel's 15-trick valat"] += 1
        assert theirs == 250
        return
    if all(trick.winner == declarer for trick in ours.tricks):
        # ... and so it misses the real one (16 tricks and the discard), scored as a game.
        seen["declarer valat (OpenSpiel misses it)"] += 1
        assert amount(result, "valat") == 250
        assert theirs == points - 35 + value + their_ultimo
        return
    if amount(result, "valat"):
        seen["opponents' valat"] += 1
        assert theirs == result.value == -250
        return
    our_ultimo = amount(result, "pagat ultimo")
    if t1 is not None and t1 != declarer and last.winner not in (declarer, t1):
        # A real disagreement, settled by slovenian3.md §10.3: an opponent's T1 that loses
        # trick 16 (to the other opponent) fails for the opponents, +25 for the declarer;
        # OpenSpiel gives the 25 to the side that won the trick, −25 for the declarer.
        seen["opponent's T1 lost to the other opponent"] += 1
        assert our_ultimo == 25 and their_ultimo == -25
    else:
        assert our_ultimo == their_ultimo
    if our_ultimo:
        seen["pagat ultimo"] += 1
    bug = 10 if pile_cards == 4 else 0  # its kings bug: a declarer's pile of exactly 4 cards
    if bug:
        seen["OpenSpiel's +10 kings bug"] += 1
    assert theirs == amount(result, "game") + amount(result, "difference") + their_ultimo + bug


def play_hand(game, rng: random.Random, seen: Counter[str]) -> None:
    theirs = game.new_initial_state()
    theirs.apply_action(0)  # OpenSpiel deals (and redeals hands without taroks) itself
    ours = our_hand(our_deal(theirs))
    declarer_pile_cards = 0
    while not SLOVENIAN3.is_over(ours):
        (seat,) = ours.to_act
        legal = SLOVENIAN3.legal_actions(ours, seat)
        if ours.phase is Phase.ANNOUNCE:
            ours = SLOVENIAN3.apply(ours, seat, "pass")  # OpenSpiel has no announcements
            continue
        assert not theirs.is_terminal() and theirs.current_player() == seat, (ours.phase, seat)
        phase = theirs.current_game_phase()
        if ours.phase is Phase.AUCTION:
            assert phase == OS.BIDDING
            assert sorted(legal) == sorted(BIDS[a] for a in theirs.legal_actions())
            action = choose(legal, rng)
            theirs.apply_action(ACTIONS[action])
        elif ours.phase is Phase.TALON:
            assert phase == OS.TALON_EXCHANGE and len(theirs.talon()) == 6
            assert legal == [take_action(a) for a in theirs.legal_actions()]
            action = rng.choice(legal)
            theirs.apply_action(int(action.partition(":")[2]) - 1)
        elif ours.phase is Phase.DISCARD:
            ours_sets = {frozenset(a.partition(":")[2].split(",")) for a in legal}
            assert ours_sets == openspiel_discard_sets(theirs)
            action = rng.choice(legal)
            cards = action.partition(":")[2].split(",")
            apply_discard_to_openspiel(theirs, cards)
            declarer_pile_cards += len(cards)
        else:
            assert ours.phase is Phase.PLAY and phase == OS.TRICKS_PLAYING
            assert sorted(legal) == sorted(play_action(a) for a in theirs.legal_actions())
            action = rng.choice(legal)
            theirs.apply_action(card_of(action))
        tricks_before = len(ours.tricks)
        ours = SLOVENIAN3.apply(ours, seat, action)
        if ours.phase is not Phase.AUCTION and ours.contract is not None and tricks_before == 0:
            assert CONTRACT_KEYS[theirs.selected_contract().name] == ours.contract.key
        if len(ours.tricks) > tricks_before:
            winner = ours.tricks[-1].winner
            seen["tricks"] += 1
            if winner == ours.declarer:
                declarer_pile_cards += 3
            if SLOVENIAN3.is_over(ours):
                assert theirs.is_terminal()
            else:
                assert not theirs.is_terminal() and theirs.current_player() == winner
    assert theirs.is_terminal()
    result = SLOVENIAN3.result(ours)
    assert result is not None
    seen[result.contract] += 1
    seen[result.reason] += 1
    penalties = list(theirs.captured_mond_penalties())
    our_penalties = [0, 0, 0]
    for item in result.items:
        if item.name == "mond penalty":
            our_penalties[item.seat] += item.amount
    assert penalties == our_penalties
    if any(penalties):
        seen["mond penalty"] += 1
    scores = list(theirs.scores_without_captured_mond_penalties())
    if result.contract == "klop":
        assert scores == list(result.payments)
        seen["klop ±70" if 70 in map(abs, scores) else "klop by points"] += 1
        return
    declarer = result.declarer
    assert [s for s, v in enumerate(scores) if v and s != declarer] == []
    if result.contract in ("three", "two", "one"):
        compare_three_two_one(ours, result, scores[declarer], declarer_pile_cards, seen)
    else:
        assert scores[declarer] == result.value


def test_against_openspiel():
    game = pyspiel.load_game("tarok", {"players": 3, "rng_seed": SEED})
    rng = random.Random(SEED)
    seen: Counter[str] = Counter()
    for _ in range(HANDS):
        play_hand(game, rng, seen)
    print(f"OpenSpiel comparison, {HANDS} hands: {dict(sorted(seen.items()))}")
    contracts = {
        "klop",
        "three",
        "two",
        "one",
        "beggar",
        "solo without",
        "open beggar",
        "colour valat",
        "valat",
    }
    assert contracts <= set(seen), sorted(contracts - set(seen))
    assert {"ended early", "played out", "mond penalty", "pagat ultimo", "klop ±70", "klop by points"} <= set(
        seen
    )
