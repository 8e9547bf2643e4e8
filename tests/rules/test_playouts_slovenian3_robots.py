"""Robot playouts: 2,000 Slovenian hands played by the random and basic robots, mixed in the
seats, under varied options (every value of every §12 option, both auction styles).

Every robot decides from ``observe(state, seat)`` and the legal list only, and each of those
inputs is scanned for cards its seat cannot know. Every 40th deal stacks one seat's cards so that
the basic robot meets the rare contracts and the bonuses too (a sure valat, a sure colour valat,
an open beggar's and a beggar's hand, a solo, all four kings and the trula, a hand of taroks
taking taroks from the talon, which must discard taroks). After every action
the hand replayed from its stored deal and context (JSON round-tripped) equals the state played
incrementally, and at the end the whole log folds to the same state; card points add up to the
pack (70 counted in threes between declarer and opponents; in klop every card lies in someone's
pile); the payments are the receipt's.

The run asserts that every kind of decision occurred: every contract (klop, beggar, open beggar
and both valats included), every announcement, the kontra chain up to mortkontra and the klop
kontra, every talon group size, tarok discards, both ends of a hand, every option value. The
hands are split between two worker processes; each hand has its own seed, so a failure names a
hand that ``play_hand`` replays alone.
"""

from __future__ import annotations

import random
from typing import Any

from games.bots import get_robot, seat_view
from games.rules import Deal, HandContext
from games.rules.cards import PACK_54, pile_points
from games.rules.slovenian3 import OPTIONS, SLOVENIAN3, SlovenianState
from games.rules.slovenian3.announce import KONTRA_WORDS
from games.rules.slovenian3.outcome import piles
from tests.rules.playout_checks import (
    CARD_TOKEN,
    ENCODE,
    Replayed,
    kinds_in_workers,
    slovenian_visible_cards,
)

HANDS = 2000
SEED = 20251124
CHOICES = {option.name: option.choices or (option.default, option.default + 10) for option in OPTIONS}
# Seatings, by hand: mostly mixed tables, now and then one level alone.
SEATINGS = (
    ("random", "basic", "basic"),
    ("basic", "random", "basic"),
    ("basic", "basic", "random"),
    ("random", "random", "basic"),
    ("basic", "basic", "basic"),
    ("random", "random", "random"),
)
# One seat's cards in the stacked deals (dealer 2: forehand seat 0, middlehand seat 1).
STACKS = (
    (0, "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 HK", "full"),
    (0, "HK HQ HR HJ H1 H2 H3 H4 SK SQ SR SJ S10 S9 S8 S7", "full"),
    (1, "T2 T3 H4 H3 H2 H1 S7 S8 S9 D4 D3 D2 C7 C8 C9 C10", "full"),
    (1, "T2 T5 H4 H3 H2 H1 S7 S8 S10 D4 D3 D1 C7 C8 C9 CR", "full"),
    (1, "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 HK SK DK CK C7", "full"),
    (0, "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 HK SK DK CK", "simple"),
    (0, "T22 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6", "simple"),
)
# The last stack's talon: only taroks to take, so that taroks must be discarded.
TAROK_TALON = "T21 T5 T4 T3 T2 T1"


def hand_setup(index: int) -> tuple[random.Random, Deal, HandContext, tuple[str, ...]]:
    """Each option's value from its own digit of ``index``, so that every value is played."""
    rng = random.Random(SEED * 10_000 + index)
    options: dict[str, Any] = {}
    for k, (name, choices) in enumerate(sorted(CHOICES.items())):
        options[name] = choices[(index // (k % 4 + 1) + k) % len(choices)]
    options["auction_style"] = "simple" if index % 7 == 3 else "full"
    seating = SEATINGS[index % len(SEATINGS)]
    dealer = index % 3
    if index % 40 == 17:
        seat, cards, style = STACKS[(index // 40) % len(STACKS)]
        options["auction_style"] = style
        seating = ("basic", "basic", "basic")
        dealer = 2
        deal = stacked(rng, seat, cards, TAROK_TALON if cards == STACKS[-1][1] else "")
    else:
        deal = SLOVENIAN3.deal(rng, 3, options, dealer=dealer)
    radelci = tuple(rng.choice((0, 0, 1, 2)) for _ in range(3)) if options["radelci"] else ()
    return rng, deal, HandContext(dealer=dealer, options=options, radelci=radelci), seating


def stacked(rng: random.Random, seat: int, cards: str, talon: str = "") -> Deal:
    """A random deal in which ``seat`` holds ``cards`` (and the talon is ``talon``, if given)."""
    mine, fixed = cards.split(), talon.split()
    rest = sorted(PACK_54 - set(mine) - set(fixed))
    rng.shuffle(rest)
    rest = fixed + rest if fixed else rest[32:] + rest[:32]
    others = iter([rest[6:22], rest[22:38]])
    return Deal(
        hands=tuple(tuple(mine) if s == seat else tuple(next(others)) for s in range(3)),
        talon=tuple(rest[:6]),
    )


def check_result(state: SlovenianState) -> None:
    result = SLOVENIAN3.result(state)
    assert result is not None and len(result.payments) == 3
    for seat in range(3):
        own = sum(item.amount for item in result.items if item.seat == seat)
        assert result.payments[seat] == own + (result.value if seat == result.declarer else 0)
    if state.declarer is None:
        won = piles(state)
        assert sorted(card for pile in won for card in pile) == sorted(PACK_54)
        assert sum(pile_points(pile) for pile in won) == pile_points(PACK_54)
    else:
        assert sum(result.card_points) == 70


def kinds(state: SlovenianState, log: list[tuple[int, str]]) -> set[str]:
    """The kinds of decision and situation a finished hand went through."""
    seen = {action.partition(":")[0] for _, action in log}
    seen |= {action for _, action in log if action.startswith(("announce:", "bid:", "take:"))}
    seen |= {action for _, action in log if action.endswith(":klop")}
    seen |= {f"{name}={value}" for name, value in state.setup.options}
    assert state.result is not None and state.contract is not None
    seen.add(f"contract {state.contract.name}")
    seen.add(state.result.reason)
    if any(card[0] == "T" for card in state.discard or ()):
        seen.add("tarok discarded")
    return seen


def play_hand(index: int) -> tuple[SlovenianState, list[tuple[int, str]]]:
    rng, deal, context, seating = hand_setup(index)
    robots = [get_robot(level) for level in seating]
    state = SLOVENIAN3.new_hand(deal, context)
    replayed = Replayed(SLOVENIAN3, deal, context)
    while not SLOVENIAN3.is_over(state):
        (seat,) = state.to_act
        legal = SLOVENIAN3.legal_actions(state, seat)
        view = seat_view(SLOVENIAN3, state, seat)
        leaked = set(CARD_TOKEN.findall(ENCODE([view, legal]))) - slovenian_visible_cards(state, seat)
        assert not leaked, (index, seat, sorted(leaked))
        action = robots[seat].choose(view, legal, rng)
        assert action in legal, (index, action, legal)
        state = SLOVENIAN3.apply(state, seat, action)
        replayed.after(state, seat, action, note=index)
    replayed.finish(state)
    check_result(state)
    return state, replayed.log


def test_robot_playouts():
    seen = kinds_in_workers(play_hand, HANDS, kinds)
    print(f"situations in {HANDS} Slovenian robot hands: {dict(sorted(seen.items()))}")
    contracts = (
        *("klop", "three", "two", "one", "beggar"),
        *("solo without", "open beggar", "colour valat", "valat"),
    )
    keys = ("klop", "three", "two", "one", "beggar", "solo-without", "open-beggar", "colour-valat", "valat")
    wanted = {
        *("pass", "bid", "take", "discard", "play", "tarok discarded"),
        *(f"bid:{key}" for key in keys),
        *(f"take:{n}" for n in range(1, 7)),
        *(f"announce:{bonus}" for bonus in ("trula", "kings", "ultimo", "valat")),
        *KONTRA_WORDS,
        "kontra:klop",
        *(f"contract {name}" for name in contracts),
        "played out",
        "ended early",
        *(f"{option.name}={value}" for option in OPTIONS for value in CHOICES[option.name]),
    }
    assert wanted <= set(seen), sorted(wanted - set(seen))
