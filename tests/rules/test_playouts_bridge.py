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
from collections import Counter

from games.rules import AUDIENCE, EVERYONE
from games.rules.bridge import BRIDGE, BridgeState, Phase
from games.rules.bridge.pack import PACK_36
from tests.helpers.bridge_playouts import (
    CARD_TOKEN,
    MAX_ACTIONS,
    check_cards,
    check_result,
    kinds,
    round_setup,
)
from tests.rules.english import english
from tests.rules.playout_checks import ENCODE, Replayed, check_actions, kinds_in_workers

ROUNDS = 2100
WORDS = (
    "draw stop bridge no-bridge wish:H wish:C wish:X eights:next eights:spread eights:all "
    "jpoints:minus jpoints:plus jpoints:x play: play:ZZ fly"
).split()
UNIVERSE = WORDS + [f"play:{card}" for card in PACK_36]
PUBLIC_KEYS = ("log", "stack", "top", "run_cards", "move")  # may name any card ever played


def choose(state: BridgeState, legal: list[str], rng: random.Random) -> str:
    """Uniform, except that adding a card beats stopping four times in five (so runs grow)."""
    if state.phase is Phase.PLAY and "stop" in legal and len(legal) > 1 and rng.random() < 0.8:
        return rng.choice([a for a in legal if a != "stop"])
    return rng.choice(legal)


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
