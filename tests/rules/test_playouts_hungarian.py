"""Random playouts: thousands of Hungarian hands with random legal actions (seeded).

After every action:
- replay: the hand folded from its stored deal and context (JSON round-tripped, as the
  database keeps them) over the logged actions equals the state played incrementally. The
  fold is carried along one action at a time; every 10th hand it is also redone from
  scratch with ``games.rules.replay`` after every action, and every hand at its end;
- every listed legal action of every seat to act applies, and seats not to act have none;
- observe() for every seat and the audience shows no card the viewer may not know, checked
  on the view's structure and by scanning its JSON for card ids.
At the end: card points total 94 in a played hand, payments sum to 0, every receipt line adds
up, a failed trial bid pays exactly the penalty, a thrown-in hand pays nothing.

The options vary by hand (invitations, trial bid, annulment each off in some hands; penalties
1-4), and an offered ``annul`` is taken half the time (uniformly it would almost never be).
The test counts the §4.4-§5.3 situations met and asserts that each one occurred.

In the announcement phase the seat to act is the ``RandomRobot`` (from its own view), which
mostly passes but announces, kontras and declares its tarokk counts; the run asserts that
announcements, kontra chains of several levels and tarokk counts all happened.

The same checks run on tables of five (``five_player``, hungarian.md §2), half as many hands:
the dealer's seat holds no card, never acts, sees what the audience sees and is paid 0.

The hands are split between two worker processes (the machine has two cores); each hand
has its own seed, so a failure names a hand that can be replayed alone with ``play_hand``.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import re
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.bots import RandomRobot, seat_view
from games.rules import AUDIENCE, Deal, HandContext, replay
from games.rules.cards import PACK_42
from games.rules.hungarian import HUNGARIAN, HungarianState, Phase
from tests.rules.english import english, spelled
from tests.rules.playout_checks import file_round_trip

HANDS = 2000  # at four seats; half as many at five
ROBOT = RandomRobot()
WORKERS = 2
SEED = 20240601
# Every token that could be a card id (a superset: matches are intersected with real cards).
CARD_TOKEN = re.compile(r"[HDSCT][KQRJ0-9]+")
ENCODE = json.JSONEncoder(
    check_circular=False, separators=(",", ":"), ensure_ascii=False, default=spelled
).encode


def hand_setup(index: int, seats: int = 4) -> tuple[random.Random, Deal, HandContext]:
    rng = random.Random(SEED * 10_000 + index + (1_000_000 if seats == 5 else 0))
    dealer = index % seats
    options = {
        "five_player": seats == 5,
        "allow_discard_xx": index % 3 != 0,
        "trick_review": "all" if index % 2 else "last",
        "tarokk_count_payers": "opposing_team" if index % 4 == 1 else "each_other_player",
        "max_kontra_level": (4, 5, 2)[index % 3],
        "invitations": index % 7 != 3,
        "trial_bid": index % 11 != 5,
        "annulment": index % 13 != 7,
        "trial_bid_penalty": 1 + index % 4,
    }
    deal = HUNGARIAN.deal(rng, seats, options, dealer=dealer)
    context = HandContext(dealer=dealer, options=options, doubled=index % 5 == 0)
    return rng, deal, context


def played_cards(state: HungarianState) -> set[str]:
    played = {card for trick in state.tricks for _, card in trick.cards}
    if state.trick is not None:
        played |= {card for _, card in state.trick.cards}
    return played


def public_cards(state: HungarianState, played: set[str]) -> set[str]:
    """Card ids every viewer may know: played cards, the called card's name, the card an
    invitation or yield promised (the auction says it), and the declarer's discarded tarokks
    once all have discarded."""
    known = set(played)
    if state.auction.promise is not None:
        known.add(state.auction.promise[1])
    if state.called_card is not None:
        known.add(state.called_card)
    discards = state.discards
    if discards is not None and all(d is not None for d in discards):
        known |= {card for card in discards[state.declarer] or () if card[0] == "T"}
    return known


def own_cards(state: HungarianState, seat: int) -> set[str]:
    own = set(state.hands[seat])
    if state.talon_received is not None:
        own |= set(state.talon_received[seat])
    if state.discards is not None:
        own |= set(state.discards[seat] or ())
    return own


def check_views(state: HungarianState) -> None:
    if state.phase is Phase.OVER:
        return  # everyone sees everything then
    played = played_cards(state)
    public = public_cards(state, played)
    called_played = state.called_card in played
    seats = state.setup.seats
    audience = HUNGARIAN.observe(state, AUDIENCE)
    for viewer in (*range(seats), AUDIENCE):
        view = HUNGARIAN.observe(state, viewer)
        seat = viewer if isinstance(viewer, int) else None
        if seat is not None and seat == state.setup.sitter:
            # §2: the dealer of a table of five holds nothing and sees what the audience sees.
            assert view == {**audience, "viewer": seat} and state.hands[seat] == ()
            continue
        own = own_cards(state, seat) if seat is not None else set()
        # Structure: nothing about another seat's cards, the talon or the deal.
        assert view["talon"] is None and view["deal"] is None
        for s in range(seats):
            if s != seat:
                assert view["hands"][s] is None
                if view["talon_received"] is not None:
                    assert view["talon_received"][s] is None
                if view["discards"] is not None:
                    assert view["discards"][s] in (None, [])
        if view["partner"] is not None or view["alone"] is not None:
            # Only the holder of the called card (in hand or discard) knows, until it is played.
            assert called_played or state.called_card in own
        # Scan: no card id that sits in another seat's hand, the talon or a discard.
        leaked = set(CARD_TOKEN.findall(ENCODE(view))) & (PACK_42 - own - public)
        assert not leaked, (viewer, sorted(leaked))


def check_legal_actions(state: HungarianState) -> None:
    for seat in range(state.setup.seats):
        legal = HUNGARIAN.legal_actions(state, seat)
        if seat not in state.to_act:
            assert legal == []
            continue
        assert legal, (state.phase, seat)
        for action in legal:
            HUNGARIAN.apply(state, seat, action)


def check_result(state: HungarianState) -> None:
    result = HUNGARIAN.result(state)
    seats, sitter = state.setup.seats, state.setup.sitter
    assert result is not None and sum(result.payments) == 0 and len(result.payments) == seats
    if sitter is not None:
        assert result.payments[sitter] == 0 and sitter not in result.declarer_side  # §2
    if result.thrown_in:
        assert result.payments == (0,) * seats
        assert result.reason == "all passed" or english(result.reason).startswith("annulled by seat ")
        return
    if result.reason == "failed trial bid":
        # §10.7: the bidder pays the penalty (×2 doubled) to each other player; nothing played.
        penalty = state.setup.option("trial_bid_penalty") * (2 if state.setup.doubled else 1)
        expected = [0 if s == sitter else penalty for s in range(seats)]
        expected[state.declarer] = -3 * penalty
        assert result.payments == tuple(expected)
        assert state.tricks == () and result.value == sum(item.amount for item in result.items)
        return
    assert result.reason == "played out"
    assert sum(result.card_points) == 94
    assert result.value == sum(item.amount for item in result.items if item.paid_to is None)
    for item in result.items:
        assert abs(item.amount) == item.base * item.multiplier
    assert [item.name for item in result.items].count("game") <= 1


def play_hand(index: int, seats: int = 4) -> HungarianState:
    rng, deal, context = hand_setup(index, seats)
    # What the database would store: the deal and the context as JSON, and the actions.
    stored_deal = Deal.from_json(json.loads(json.dumps(deal.to_json())))
    stored_context = HandContext.from_json(json.loads(json.dumps(context.to_json())))
    state = HUNGARIAN.new_hand(deal, context)
    replayed = HUNGARIAN.new_hand(stored_deal, stored_context)
    log: list[tuple[int, str]] = []
    check_views(state)
    while not HUNGARIAN.is_over(state):
        check_legal_actions(state)
        seat = rng.choice(sorted(HUNGARIAN.to_act(state)))
        legal = HUNGARIAN.legal_actions(state, seat)
        if legal[0] == "annul" and rng.random() < 0.5:
            action = "annul"
        elif state.phase is Phase.ANNOUNCE:
            action = ROBOT.choose(seat_view(HUNGARIAN, state, seat), legal, rng)
        else:
            action = rng.choice(legal)
        state = HUNGARIAN.apply(state, seat, action)
        log.append((seat, action))
        replayed = HUNGARIAN.apply(replayed, seat, action)
        assert replayed == state
        if index % 10 == 0:
            assert replay(HUNGARIAN, stored_deal, stored_context, log) == state
        check_views(state)
    assert replay(HUNGARIAN, stored_deal, stored_context, log) == state
    file_round_trip(HUNGARIAN, deal, context, log, state)
    check_result(state)
    return state


def play_hands(work: tuple[range, int]) -> tuple[set[str], set[str], set[str], Counter[str]]:
    """Play the hands ``indices`` at a table of ``seats``; return the phases, contracts, kinds of
    announcement calls and auction extras seen."""
    indices, seats = work
    phases: set[str] = set()
    contracts: set[str] = set()
    calls: set[str] = set()
    extras: Counter[str] = Counter()
    for index in indices:
        state = play_hand(index, seats)
        phases |= {entry for entry in _phases(state)}
        if state.contract is not None:
            contracts.add(state.contract.name)
        calls |= {call for _, turn in state.announce_turns for call in turn}
        calls |= {item.name for item in state.result.items if item.name.endswith("tarokks")}
        extras.update(_extras(state))
    return phases, contracts, calls, extras


def _extras(state: HungarianState) -> list[str]:
    """The §4.4-§5.3 situations a finished hand went through."""
    seen = []
    made = state.auction.promise
    if made is not None:
        seen.append("yield" if made[1] == "T20" else f"invitation {made[1]}")
    if state.promise is not None:
        seen.append("binding promise")
        if state.called_card is not None:
            assert state.called_card == state.promise[1] and state.partner == state.promise[0]
            seen.append("forced call")
    if state.trial:
        assert state.result is not None
        seen.append("failed trial bid" if state.result.reason == "failed trial bid" else "trial bid played")
    if state.annulled is not None:
        seen.append("annulment")
    return seen


def _phases(state: HungarianState) -> set[str]:
    """The phases a finished hand went through, read from its record."""
    seen = {Phase.AUCTION.value, Phase.OVER.value}
    if any(call.startswith(("keep", "raise:")) for _, call in state.auction.calls):
        seen.add(Phase.RAISE.value)
    if state.discards is not None:
        seen.add(Phase.DISCARD.value)
    if state.called_card is not None:
        seen |= {Phase.CALL.value, Phase.ANNOUNCE.value}
    if state.tricks:
        seen.add(Phase.PLAY.value)
    return seen


@pytest.mark.parametrize(("seats", "hands"), [(4, HANDS), (5, HANDS // 2)])
def test_random_playouts(seats, hands):
    chunks = [(range(worker, hands, WORKERS), seats) for worker in range(WORKERS)]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(WORKERS, mp_context=context) as pool:
        outcomes = list(pool.map(play_hands, chunks))
    phases = set().union(*(p for p, _, _, _ in outcomes))
    contracts = set().union(*(c for _, c, _, _ in outcomes))
    calls = set().union(*(c for _, _, c, _ in outcomes))
    extras = sum((e for _, _, _, e in outcomes), Counter())
    print(f"auction extras in {hands} hands at {seats} seats: {dict(sorted(extras.items()))}")
    assert phases == {phase.value for phase in Phase}
    assert contracts == {"three", "two", "one", "solo"}
    # Every bonus announced, kontra chains up to szubkontra, both tarokk counts declared
    # and scored.
    words = {call.partition(":")[0] for call in calls}
    assert {"announce", "kontra", "rekontra", "szubkontra"} <= words, sorted(words)
    bonuses = {call for call in calls if call.startswith("announce:") and "tarokks" not in call}
    assert len(bonuses) == 6, sorted(bonuses)
    assert {"announce:8-tarokks", "announce:9-tarokks", "8 tarokks", "9 tarokks"} <= calls
    wanted = {
        "invitation T19",
        "invitation T18",
        "yield",
        "binding promise",
        "forced call",
        "trial bid played",
        "failed trial bid",
        "annulment",
    }
    assert wanted <= set(extras), sorted(wanted - set(extras))
