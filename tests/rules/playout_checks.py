"""What every random or robot playout checks, shared by the Czech, Slovenian and Bridge
playouts (tests/rules/test_playouts_*.py) and the robot tests.

- ``Replayed``: the hand folded again from its stored deal and context (JSON round-tripped)
  equals the state played, after every action and at the end; a finished hand also goes
  through its hand file (``file_round_trip``);
- ``file_round_trip``: the hand file (games/history/transfer.py) of a finished hand, written
  out as JSON text and read back, replays to the same state and result;
- ``check_actions``: the seat to act may take every listed action and no other; the other
  seats have none and are refused;
- ``in_workers``, ``kinds_in_workers``: the hands split between worker processes, each hand
  with its own seed;
- ``slovenian_public_cards``, ``slovenian_own_cards``, ``slovenian_visible_cards``: what a
  Slovenian seat may know.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

from games.history.transfer import read_hand, write_hand
from games.rules import ActionError, Deal, HandContext, IllegalAction, replay
from tests.rules.english import spelled

WORKERS = 2
# A tarot card id in a view's JSON (Bridge's cards have their own pattern).
CARD_TOKEN = re.compile(r"[HDSCT][KQRJ0-9]+")
# A view or log as JSON text, its messages as their ids and parameters (what the card checks read).
ENCODE = json.JSONEncoder(
    check_circular=False, separators=(",", ":"), ensure_ascii=False, default=spelled
).encode

Tally = TypeVar("Tally")


class Replayed:
    """The hand rebuilt beside the one played: from the stored deal and context (JSON
    round-tripped), one action at a time (``after``), folded from scratch with
    ``games.rules.replay`` when asked and always at the end (``finish``)."""

    def __init__(self, variant: Any, deal: Deal, context: HandContext) -> None:
        self.variant = variant
        self.deal = Deal.from_json(json.loads(json.dumps(deal.to_json())))
        self.context = HandContext.from_json(json.loads(json.dumps(context.to_json())))
        self.state = variant.new_hand(self.deal, self.context)
        self.log: list[tuple[int, str]] = []

    def after(self, state: Any, seat: int, action: str, fold: bool = False, note: Any = None) -> None:
        """``seat`` took ``action`` and the hand is now ``state``; ``fold``: replay the whole log
        too; ``note``: named when the states differ (the hand's index)."""
        self.log.append((seat, action))
        self.state = self.variant.apply(self.state, seat, action)
        assert self.state == state, note
        if fold:
            self.finish(state)

    def finish(self, state: Any) -> None:
        assert replay(self.variant, self.deal, self.context, self.log) == state
        if self.variant.is_over(state):
            file_round_trip(self.variant, self.deal, self.context, self.log, state)


def file_round_trip(
    variant: Any, deal: Deal, context: HandContext, log: list[tuple[int, str]], state: Any
) -> None:
    """Export, import, replay: the finished hand's file, through JSON text, gives ``state`` and
    its result again."""
    result = variant.result(state)
    written = write_hand(variant.key, context, deal, log, result.to_json() if result is not None else None)
    checked = read_hand(json.loads(json.dumps(written)))
    assert checked.state == state
    assert checked.result == written["result"]


def check_actions(
    variant: Any, state: Any, universe: Sequence[str], rng: random.Random, thorough: bool, tried: int = 0
) -> list[str]:
    """Every legal action of the seat to act applies (``tried``: a sample of that many when the
    list is longer, unless ``thorough``); actions of ``universe`` outside the list are refused
    (a sample of 6 unless ``thorough``); every other seat has none and is refused. The legal
    list, checked to be non-empty and free of repeats."""
    (actor,) = state.to_act
    legal = variant.legal_actions(state, actor)
    assert legal and len(set(legal)) == len(legal), (state.phase, legal)
    for action in legal if thorough or not tried or len(legal) <= tried else rng.sample(legal, tried):
        variant.apply(state, actor, action)
    for action in universe if thorough else rng.sample(list(universe), 6):
        if action in legal:
            continue
        try:
            variant.apply(state, actor, action)
        except ActionError:  # illegal here, or no action at all (an UnknownAction)
            continue
        raise AssertionError(f"{action!r} applied in {state.phase} though not legal: {legal}")
    for seat in range(len(state.hands)):
        if seat != actor:
            assert variant.legal_actions(state, seat) == []
            try:
                variant.apply(state, seat, legal[0])
            except IllegalAction as error:
                assert str(error) == "It is not your turn"
            else:
                raise AssertionError("another seat acted")
    return legal


def in_workers(play: Callable[[range], Tally], count: int) -> list[Tally]:
    """``play`` over hands 0 … ``count`` - 1, split between ``WORKERS`` forked processes: what
    each worker's share returned."""
    chunks = [range(worker, count, WORKERS) for worker in range(WORKERS)]
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(play, chunks))


def kinds_in_workers(
    play: Callable[[int], Any], count: int, kinds: Callable[..., Any] | None = None
) -> Counter[str]:
    """The kinds of decision and situation hands 0 … ``count`` - 1 went through, played in
    ``WORKERS`` processes: ``kinds(*play(index))`` per hand, or ``play(index)`` itself."""
    return sum(in_workers(partial(_kinds, play, kinds), count), Counter())


def _kinds(play: Callable[[int], Any], kinds: Callable[..., Any] | None, indices: range) -> Counter[str]:
    seen: Counter[str] = Counter()
    for index in indices:
        seen.update(kinds(*play(index)) if kinds is not None else play(index))
    return seen


def tarot_played_cards(state: Any) -> set[str]:
    """Every card played to a trick so far, the trick in progress included."""
    played = {card for trick in state.tricks for _, card in trick.cards}
    if state.trick is not None:
        played |= {card for _, card in state.trick.cards}
    return played


def slovenian_public_cards(state: Any) -> set[str]:
    """Played cards; the face-up talon of three/two/one; discarded taroks; klop gifts; the
    exposed open beggar's hand."""
    known = tarot_played_cards(state) | {card for _, card in state.gifts}
    if state.contract is not None and state.contract.talon_group:
        known |= set(state.talon)
    known |= {card for card in state.discard or () if card[0] == "T"}
    if state.exposed and state.declarer is not None:
        known |= set(state.hands[state.declarer])
    return known


def slovenian_own_cards(state: Any, seat: int) -> set[str]:
    """The seat's cards as dealt and now (the talon group taken), and the declarer's discard."""
    own = set(state.hands[seat]) | set(state.setup.deal.hands[seat])
    if seat == state.declarer and state.discard is not None:
        own |= set(state.discard)
    return own


def slovenian_visible_cards(state: Any, seat: int) -> set[str]:
    """What a Slovenian seat may know: its own cards and every public card."""
    return slovenian_own_cards(state, seat) | slovenian_public_cards(state)
