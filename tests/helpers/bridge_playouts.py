"""The Bridge playouts' shared checks: a round's seeded deal and options (``round_setup``), the
36 cards kept (``check_cards``), the count recomputed without the scoring module
(``check_result``) and the kinds of decision an action went through (``kinds``). Used by the
rules' random playouts (tests/rules/test_playouts_bridge.py) and the robots'
(tests/rules/test_playouts_bridge_robots.py)."""

from __future__ import annotations

import random
import re

from games.rules import Deal, HandContext
from games.rules.bridge import BRIDGE, BridgeState, Phase
from games.rules.bridge.pack import PACK
from games.rules.bridge.state import Stage
from games.rules.match import record, start
from tests.rules.english import english

SEED = 20250301
MAX_ACTIONS = 3000  # a round that has not ended by then is a failure
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[HDSC](?:10|[6-9JQKA])(?![A-Za-z0-9])")
VALUE = {"6": 0, "7": 0, "8": 0, "9": 0, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 15}


def round_setup(index: int) -> tuple[random.Random, Deal, HandContext]:
    rng = random.Random(SEED * 10_000 + index)
    players = 2 + index % 3
    options = {
        "players": players,
        "eights_rule": ("player_choice", "always_next", "always_spread")[index // 3 % 3],
        "j_points_rule": ("winner_choice", "always_minus", "always_plus")[index // 9 % 3],
        "reshuffle_multiplier": index % 4 != 1,
        "reset_at_exact_125": index % 5 != 2,
        "end_threshold": (125, 200, 60)[index % 7 % 3],
        "must_play_drawn_card": index // 2 % 2 == 0,
        "opening_card": "last_dealt" if index % 6 == 5 else "starter_choice",
        "finish_effects_before_count": index % 8 != 3,
    }
    starter = rng.randrange(players)
    deal = BRIDGE.deal(rng, players, options, dealer=starter)
    return rng, deal, HandContext(dealer=starter, options=options)


def check_cards(state: BridgeState) -> None:
    cards = [card for hand in state.hands for card in hand] + list(state.blind) + list(state.stack)
    assert len(cards) == 36 and set(cards) == PACK, sorted(cards)


def check_result(state: BridgeState) -> None:
    """The count from the final hands, computed again without the scoring module."""
    result = BRIDGE.result(state)
    assert result is not None and result.declarer == state.winner
    assert result.reason in ("went out", "Bridge") and result.reason == state.ended_by
    if result.reason == "went out":
        assert state.hands[state.winner] == ()
    players = state.setup.players
    multiplier = 1 + state.reshuffles if state.setup.reshuffle_multiplier else 1
    jacks = 0
    for card in reversed(state.move.cards):
        if not card.endswith("J"):
            break
        jacks += 1
    expected = [sum(VALUE[card[1:]] for card in hand) * multiplier for hand in state.hands]
    if jacks:
        amount = 20 * jacks * multiplier
        if state.jpoints == "minus":
            expected[state.winner] -= amount
        else:
            assert state.jpoints == "plus"
            expected = [e + (amount if s != state.winner else 0) for s, e in enumerate(expected)]
    else:
        assert state.jpoints is None
    assert list(result.payments) == expected
    assert len(result.payments) == players
    for seat in range(players):
        assert sum(i.amount for i in result.items if i.seat == seat) == result.payments[seat]
    for item in result.items:
        assert item.amount == item.base * item.multiplier == item.base * multiplier
    # The match fold takes the round: a total of exactly 125 goes back to 0 (when the option is
    # on), the match ends once a total passes the threshold.
    rules = BRIDGE.match_rules(state.options)
    match = record(start(rules, first_dealer=state.setup.starter), result, doubled=False)
    reset = rules.reset_at
    assert match.totals == tuple(0 if p == reset else p for p in result.payments)
    assert match.over == any(t > rules.end_above for t in match.totals)


def kinds(before: BridgeState, seat: int, action: str, after: BridgeState) -> set[str]:
    """The kinds of decision and situation one action went through."""
    seen = {action.partition(":")[0]}
    if action.startswith(("eights:", "jpoints:")):
        seen.add(action)
    move = before.move
    if before.phase is Phase.PLAY and move is not None and move.stage is Stage.COVER:
        seen.add("cover draw" if action == "draw" else "cover")
    if before.phase is Phase.PLAY and move is not None and move.stage is Stage.DRAWN:
        seen.add(f"drawn card: {action.partition(':')[0]}")
    if after.reshuffles > before.reshuffles:
        seen.add("reshuffle" if before.phase is Phase.PLAY and action == "draw" else "reshuffle by an effect")
    texts = [english(text) for _, text in after.log[len(before.log) :]]
    if any("cannot draw" in text for text in texts):
        seen.add("skipped draw")
    if sum("for an eight" in text for text in texts) >= 2:
        seen.add("several 8s spread")
    if any(re.search(r"for \d+ eights", text) for text in texts):
        seen.add("several 8s next")
    if action == "bridge" and before.top is not None and before.top[1:] == "6":
        seen.add("Bridge of 6s")
    if after.phase is Phase.OVER:
        seen.add(f"ended: {after.ended_by}")
        if after.effects_applied and any(c[1:] in "78" for c in after.move.cards):
            seen.add("final move effects")
        if after.reshuffles >= 2:
            seen.add("two reshuffles")
    return seen
