"""Random playouts: 2,100 Bridge rounds from ``variant.deal`` with a seeded random policy.

The rounds cycle through 2, 3 and 4 players and vary every §12 option (each value appears).
The policy plays, adds, stops and draws at random, names random wishes, picks next or spread,
declares or declines Bridges and picks J points either way, leaning towards adding cards so
that runs (and Bridges) come up often.

After every action:
- replay: the round folded from its stored deal and context (JSON round-tripped) over the
  logged actions equals the state played incrementally (carried along one action at a time;
  every 50th round also redone from scratch with ``games.rules.replay``, and every round at its
  end);
- every listed legal action of the seat to act applies; the other seats have none and are
  refused; actions outside the legal list are refused (a sample of a fixed universe, the whole
  universe every 20th round);
- no card is created or lost: hands, blind and stack hold the 36 cards once each;
- observe() for every seat and the audience shows no card the viewer cannot know: no other
  hand, no card drawn by someone else, never the blind's order; the public parts (log, stack,
  run, the move's cards) name only cards that were played, and the log names a card only in a
  "plays" line.
At the end: the payments are recomputed from the final hands (J points from the final move's
trailing Js, hand values × M), and the receipt lines add up to them.

The run asserts that every kind of decision and situation occurred. The rounds are split
between two worker processes; each round has its own seed, so a failure names a round that can
be replayed alone with ``play_round``.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from games.rules import AUDIENCE, EVERYONE, Deal, HandContext
from games.rules.bridge import BRIDGE, BridgeState, Phase
from games.rules.bridge.pack import PACK, PACK_36
from games.rules.bridge.state import Stage
from games.rules.match import record, start
from tests.rules.english import english
from tests.rules.playout_checks import ENCODE, Replayed, check_actions, kinds_in_workers

ROUNDS = 2100
SEED = 20250301
MAX_ACTIONS = 3000  # a round that has not ended by then is a failure
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[HDSC](?:10|[6-9JQKA])(?![A-Za-z0-9])")
VALUE = {"6": 0, "7": 0, "8": 0, "9": 0, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 15}
WORDS = (
    "draw stop bridge no-bridge wish:H wish:C wish:X eights:next eights:spread eights:all "
    "jpoints:minus jpoints:plus jpoints:x play: play:ZZ fly"
).split()
UNIVERSE = WORDS + [f"play:{card}" for card in PACK_36]
PUBLIC_KEYS = ("log", "stack", "top", "run_cards", "move")  # may name any card ever played


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


def choose(state: BridgeState, legal: list[str], rng: random.Random) -> str:
    """Uniform, except that adding a card beats stopping four times in five (so runs grow)."""
    if state.phase is Phase.PLAY and "stop" in legal and len(legal) > 1 and rng.random() < 0.8:
        return rng.choice([a for a in legal if a != "stop"])
    return rng.choice(legal)


def check_cards(state: BridgeState) -> None:
    cards = [card for hand in state.hands for card in hand] + list(state.blind) + list(state.stack)
    assert len(cards) == 36 and set(cards) == PACK, sorted(cards)


def check_views(state: BridgeState, played: set[str], logged: int) -> None:
    """``played``: every card that was ever on the stack (public, wherever it lies now);
    ``logged``: how many log entries were checked already (the log only grows, so each entry is
    scanned once)."""
    players = state.setup.players
    blind_order = ENCODE(list(state.blind))[1:-1] if len(state.blind) > 1 else None
    staff = BRIDGE.observe(state, EVERYONE)
    assert staff["blind"] == list(state.blind) and staff["hands"] == [list(h) for h in state.hands]
    new_entries = staff["log"][logged:]
    for entry in new_entries:
        text = english(entry["text"])
        cards = CARD_TOKEN.findall(text)
        assert not cards or (text.startswith("plays ") and len(cards) == 1), entry
        assert not cards or cards[0] in played, entry
    for viewer in (*range(players), AUDIENCE):
        view = BRIDGE.observe(state, viewer)
        # The log is public: the same for every viewer (its older entries were compared before).
        log = view.pop("log")
        assert len(log) == len(state.log) and log[logged:] == new_entries
        text = ENCODE(view)
        if blind_order:
            assert blind_order not in text, ("blind order", viewer)
        assert view["blind"] is None
        if state.phase is Phase.OVER:
            continue  # everyone sees every hand then
        seat = viewer if isinstance(viewer, int) else None
        own = set(state.hands[seat]) if seat is not None else set()
        assert view["drawn"] == (list(state.recent[seat]) if seat is not None else [])
        assert view["deal"] is None
        for s in range(players):
            if s != seat:
                assert view["hands"][s] is None and view["hand_points"][s] is None
        public = [view.pop(key) for key in PUBLIC_KEYS if key != "log"]
        leaked = set(CARD_TOKEN.findall(ENCODE(view))) - own
        assert not leaked, (viewer, sorted(leaked))
        named = set(CARD_TOKEN.findall(ENCODE(public))) - played
        assert not named, (viewer, sorted(named))


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


def play_round(index: int) -> Counter[str]:
    rng, deal, context = round_setup(index)
    state = BRIDGE.new_hand(deal, context)
    replayed = Replayed(BRIDGE, deal, context)
    assert replayed.state == state
    seen: Counter[str] = Counter({f"players {state.setup.players}": 1})
    seen.update(f"{name}={value}" for name, value in context.options.items() if name != "players")
    played: set[str] = set()
    thorough = index % 20 == 0
    check_cards(state)
    check_views(state, played, 0)
    while not BRIDGE.is_over(state):
        assert len(replayed.log) < MAX_ACTIONS, f"round {index} does not end"
        legal = check_actions(BRIDGE, state, UNIVERSE, rng, thorough)
        (seat,) = state.to_act
        action = choose(state, legal, rng)
        before = state
        state = BRIDGE.apply(state, seat, action)
        seen.update(kinds(before, seat, action, state))
        replayed.after(state, seat, action, fold=index % 50 == 0)
        played |= set(state.stack) | set(state.move.cards if state.move else ())
        check_cards(state)
        check_views(state, played, len(before.log))
    replayed.finish(state)
    check_result(state)
    seen["actions"] += len(replayed.log)
    return seen


def test_random_playouts():
    seen = kinds_in_workers(play_round, ROUNDS)
    print(f"situations in {ROUNDS} Bridge rounds: {dict(sorted(seen.items()))}")
    wanted = {
        "players 2",
        "players 3",
        "players 4",
        "play",
        "draw",
        "stop",
        "wish",
        "bridge",
        "no-bridge",
        "Bridge of 6s",
        "eights:next",
        "eights:spread",
        "jpoints:minus",
        "jpoints:plus",
        "several 8s next",
        "several 8s spread",
        "cover",
        "cover draw",
        "drawn card: play",
        "drawn card: stop",
        "reshuffle",
        "reshuffle by an effect",
        "two reshuffles",
        "ended: went out",
        "ended: Bridge",
        "final move effects",
    }
    for option in BRIDGE.options:
        if option.name != "players":
            values = option.choices if option.choices is not None else (125, 200, 60)
            wanted |= {f"{option.name}={value}" for value in values}
    assert wanted <= set(seen), sorted(wanted - set(seen))
