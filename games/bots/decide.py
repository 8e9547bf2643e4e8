"""The strong robot's search over every decision before the card play (issue 37, item 2).

Bids, the raise, talon choices, discards, partner calls, announcements and kontras, Czech
prever, valat, contra and I on the end: at such a decision with more than one legal action the
strong robot of Hungarian, Czech and Slovenian deals worlds consistent with exactly what its seat
may know, plays each candidate out to the end in every world (the basic robot for every seat,
the strong card search's playout from the first card on), and takes the candidate with the best
mean over the same worlds (paired). The machinery is the appraisal engine's
(``appraisal.redeal.RedealWorlds``: the walk to worlds that agree, the playout, the score); only
what it starts from differs: the appraisal is given the hand's deal and action log, the robot
only its seat's view (``choose(view, legal, rng)``).

How a world is dealt from the view alone (``ViewWorlds``):

- the seat's own dealt cards: its hand and its own discard, less the talon cards it received
  (``talon_received``; the Slovenian declarer's group taken), pinned to its seat;
- the talon cards it saw, pinned where the view says they lay (the Slovenian talon shown face up;
  the Hungarian talon cards it received, in its share's block; the Czech prever's sets), or where
  it cannot say, kept in the talon;
- every other card dealt at random into the other hands and the talon's other places;
- the public log (``view["log"]``, every line any seat was shown) is replayed through the rules
  core: at each step the seat to act takes an action whose log lines are exactly the next lines
  of the log: its own as the view shows them (a discard: the cards in its own discard), another
  seat's the basic robot's choice when that one writes the same lines, else one that does, at
  random; a private action without a line (a Czech contra's pass) is the basic robot's, and
  must stay without one;
- at the decision the world's view of the seat must equal the true view (its hand, its discard,
  the counts, the money cards, the published discards...), else the world is rejected; where few
  deals agree, the appraisal's walk and climb find them (``RedealWorlds.sample``).

So the robot's choice is a function of its view and ``rng`` only: two deals that differ only in
cards the seat cannot see give the same decision under the same seed
(``tests/rules/test_strong_decisions.py``).

Candidates: every legal action, but for more than ``MAX_CANDIDATES`` card sets (a Hungarian or
Slovenian discard) the basic robot's set and the sets that swap one of its cards for a cheaper
one (``appraisal.redeal``'s rule). The budget is a count of worlds (``WORLDS``, shared stopping
rule ``search.clear``); in live play a cap of wall time too (``TIME_BUDGET``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from games.rules import Deal, HandContext, get_variant
from games.rules.base import ActionError
from games.rules.hungarian.state import CONTRACT_BY_NAME
from games.rules.hungarian.talon import talon_shares

from .appraisal.redeal import (
    TALON_KEYS,
    RedealWorlds,
    action_cards,
    around,
    cards_in,
    differences,
    kind,
)
from .levels import BasicRobot
from .search import clock_started, paired_values
from .view import View, seat_of, seat_view

GAMES = frozenset({"hungarian", "czech", "slovenian3"})
CHANCE = frozenset({"shuffle", "cut", "piles"})  # the Czech dealing: chance, not searched
WORLDS = 16  # worlds per decision (a count: the same seed, the same choice)
TIME_BUDGET = 0.8  # seconds of wall time per decision: live play's cap (games.bots.LIVE)
MAX_CANDIDATES = 6
KEEP_Z = 2.0  # how clearly a candidate must beat the basic robot's choice (``preferred``)
MAX_STEPS = 400  # a safety net for a replay
FRESH_FIRST = 24  # fresh deals tried until a world agreed

BASIC = BasicRobot()


def searched(view: View, legal: list[str]) -> bool:
    """Whether a decision is the decision search's: a tarot game's, before the card play, with
    a choice, not a decision of chance."""
    phase = view.get("phase")
    return (
        len(legal) > 1
        and view.get("variant") in GAMES
        and phase not in CHANCE
        and phase not in ("play", "over")
    )


def choose_decision(
    view: View, legal: list[str], rng: random.Random, worlds: int, time_budget: float | None
) -> str | None:
    """The candidate with the best mean result over up to ``worlds`` worlds dealt from ``view``;
    None when no world agreeing with the view was found (the caller falls back on basic)."""
    started = clock_started(time_budget)
    dealer = ViewWorlds(str(view["variant"]), view, legal, rng)
    if len(dealer.actions) == 1:
        return dealer.actions[0]
    default = BASIC.choose(view, list(legal), random.Random(rng.getrandbits(64)))
    # The same worlds for every candidate (paired); it stops early when one is clearly best,
    # and in live play before a world that would pass ``time_budget``.
    values = paired_values(
        dealer.actions, worlds, lambda: dealer.sample(rng), dealer.evaluate, started, time_budget
    )
    if values is None:
        return None
    return preferred(dealer.actions, values, default)


def preferred(actions: list[str], values: list[list[float]], default: str) -> str:
    """The candidate with the best mean, unless that beats the basic robot's choice
    (``default``) by less than ``KEEP_Z`` standard errors of their paired difference: then
    ``default``. A few worlds of results as spread as a hand's are noisy, and the best of several
    noisy means is biased upwards (most for the riskiest choices: a contra, a valat): the search
    overrides basic's rule of thumb only where its worlds say clearly that it should."""
    n = len(values[0])
    means = [sum(v) / n for v in values]
    best = max(range(len(actions)), key=means.__getitem__)
    if default not in actions or actions[best] == default or n < 2:
        return actions[best]
    base = actions.index(default)
    diffs = [a - b for a, b in zip(values[best], values[base], strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return actions[best] if mean > KEEP_Z * spread + 1e-9 else default


def template(variant: Any, view: View, context: HandContext) -> Deal:
    """A deal of the table's shape (the hands' and the talon's sizes): its cards say nothing."""
    seats = int(view["seats"])
    deal: Deal = variant.deal(random.Random(0), seats, dict(view["options"]), dealer=int(view["dealer"]))
    if deal.hands:
        return deal
    state = variant.new_hand(deal, context)  # a pack dealt at the table (Czech): deal it
    for _ in range(MAX_STEPS):
        if variant.public_phase(state) not in CHANCE:
            break
        actor = min(variant.to_act(state))
        state = variant.apply(state, actor, sorted(variant.legal_actions(state, actor))[0])
    return Deal(hands=tuple(state.dealt), talon=tuple(state.talon))


def own_cards(key: str, view: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """The seat's dealt hand, its own discard and the talon cards it received, from its view."""
    me = int(view["viewer"])
    hand = list(view["hand"])
    discards = view.get("discards") or []
    own_discard = list(discards[me] or []) if me < len(discards) else []
    received: list[str] = []
    if key == "slovenian3":
        taken = view.get("talon_taken")
        groups = view.get("talon_groups") or []
        if taken is not None and view.get("declarer") == me and 0 < taken <= len(groups):
            received = list(groups[taken - 1])  # the group number, 1-based
    else:
        got = view.get("talon_received") or []
        if me < len(got) and got[me]:
            received = list(got[me])
    dealt = [c for c in hand + own_discard if c not in received]
    return dealt, own_discard, received


def talon_pins(
    key: str, view: Mapping[str, Any], size: int, setup: Any, received: list[str]
) -> list[str | None]:
    """The talon's places the view fixes (a card), the others None."""
    me = int(view["viewer"])
    talon: list[str | None] = [None] * size
    if key == "slovenian3":
        shown = view.get("talon")
        if shown and len(shown) == size:
            return [str(card) for card in shown]
    elif key == "hungarian":
        contract, declarer = view.get("contract"), view.get("declarer")
        if received and isinstance(contract, str) and contract in CONTRACT_BY_NAME and declarer is not None:
            take = CONTRACT_BY_NAME[contract].talon_cards
            order = setup.round_from(declarer)
            start, length = 0, take
            if me != declarer:
                position = take
                for seat, share in zip(order[1:], talon_shares(take), strict=True):
                    if seat == me:
                        start, length = position, share
                    position += share
            if length == len(received):
                for offset, card in enumerate(received):
                    talon[start + offset] = card
    elif key == "czech":
        prever = view.get("prever_talon") or {}
        sets: list[tuple[int, list[str]]] = []
        for index, cards in enumerate(prever.get("rejected") or []):
            sets.append((3 * index, list(cards)))
        seeing, stage = prever.get("seeing"), prever.get("stage")
        if seeing and stage in ("top", "bottom"):
            sets.append((0 if stage == "top" else 3, list(seeing)))
        kept = prever.get("kept")
        if kept and view.get("declarer") == me and len(received) == 3:
            sets.append((3 if kept == "bottom" else 0, sorted(received)))
        povinnost = view.get("povinnost")
        events = view.get("talon_events") or []
        taken = [e["card_no"] for e in events if e["seat"] == me and e["event"] == "take"]
        if me == povinnost and not taken and len(received) == 4:
            sets.append((0, list(received)))  # talon cards 1-4, and no other
        elif me != povinnost and len(taken) == 1 and len(received) == 1 and 0 < taken[0] <= size:
            talon[taken[0] - 1] = received[0]  # the talon card of that number
        for start, cards in sets:
            if start + len(cards) <= size:
                for offset, card in enumerate(cards):
                    talon[start + offset] = card
    return talon


class ViewWorlds(RedealWorlds):
    """One decision's worlds dealt from the seat's view alone (see the module docstring); the
    appraisal's ``sample`` (walk, climb), ``dealt`` and ``evaluate`` on them."""

    first_tries = FRESH_FIRST

    def __init__(self, key: str, view: View, legal: list[str], rng: random.Random) -> None:
        variant = get_variant(key)
        self.key, self.variant = key, variant
        seat = seat_of(view)
        self.seat = seat
        data: dict[str, Any] = dict(view)
        radelci = data.get("radelci")
        self.context = HandContext(
            dealer=int(view["dealer"]),
            options=dict(view["options"]),
            radelci=tuple(radelci) if radelci else (),
        )
        shape = template(variant, view, self.context)
        setup = variant.new_hand(shape, self.context).setup
        pack = frozenset(c for hand in shape.hands for c in hand) | frozenset(shape.talon)
        self.pack = pack
        dealt, own_discard, received = own_cards(key, data)
        self.hand = tuple(dealt)
        self.own_discard = frozenset(own_discard)
        self.sizes = [len(h) for h in shape.hands]
        self.talon = talon_pins(key, data, len(shape.talon), setup, received)
        shown: set[str] = set()
        for talon_key in TALON_KEYS:
            cards_in(data.get(talon_key), pack, shown)
        pinned = set(self.hand) | {c for c in self.talon if c is not None}
        # Talon cards the seat saw but cannot place: somewhere in the talon's free places.
        self.talon_bound = sorted(shown - pinned)
        self.pool = sorted(pack - pinned)
        free_talon = sum(1 for c in self.talon if c is None)
        if len(self.talon_bound) > free_talon or len(self.hand) != self.sizes[seat]:
            self.pool = []  # the view could not be read: no world (basic decides)
        self.expected = [(line["seat"], line["text"]) for line in data.get("log") or []]
        self.target = {k: v for k, v in data.items() if k != "log"}
        self.offset: int | None = None
        self.place = [s for s, size in enumerate(self.sizes) if s != seat for _ in range(size)]
        self.place += [-1 - i for i, card in enumerate(self.talon) if card is None]
        self.last = None
        self.climbs = 0
        self.actions = view_candidates(view, legal, rng, pack)
        self.shared = {a: a for a in self.actions}

    # -- dealing -----------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Any:
        """A state at the decision in a world that agrees with the view, or None: the
        appraisal's way (``RedealWorlds.sample``), from fresh orders that keep the talon-bound
        cards in the talon."""
        if not self.pool:
            return None
        return super().sample(rng)

    def fresh(self, rng: random.Random) -> list[str]:
        """A random order of the unseen cards over the free places, the talon-bound cards in the
        talon's places."""
        bound = set(self.talon_bound)
        rest = [c for c in self.pool if c not in bound]
        rng.shuffle(rest)
        talon_places = [i for i, p in enumerate(self.place) if p < 0]
        chosen = set(rng.sample(talon_places, len(self.talon_bound)))
        bound_cards = self.talon_bound[:]
        rng.shuffle(bound_cards)
        order: list[str] = []
        for i in range(len(self.place)):
            order.append(bound_cards.pop() if i in chosen else rest.pop())
        return order

    def swapped(self, order: list[str], rng: random.Random) -> list[str]:
        """``order`` with two cards of different places exchanged (a talon-bound card only
        within the talon)."""
        place, bound = self.place, set(self.talon_bound)
        proposal = order[:]
        for _ in range(20):
            i, j = rng.randrange(len(order)), rng.randrange(len(order))
            if place[i] == place[j]:
                continue
            if (order[i] in bound and place[j] >= 0) or (order[j] in bound and place[i] >= 0):
                continue
            proposal[i], proposal[j] = proposal[j], proposal[i]
            break
        return proposal

    # -- replaying the public log ----------------------------------------------------------------

    def replay(self, order: list[str], rng: random.Random) -> tuple[Any, tuple[int, int]]:
        """The public log replayed in the deal of ``order`` (see the module docstring): the state
        at the decision with a seed for its playouts, or None and how far it came."""
        variant, seat, expected = self.variant, self.seat, self.expected
        robot_rng = random.Random(rng.getrandbits(64))
        try:
            state = variant.new_hand(self.dealt(order), self.context)
        except (ValueError, ActionError):
            return None, (-1, 0)
        start = list(state.log)
        if self.offset is None:
            self.offset = next(
                (k for k in range(len(expected) + 1) if expected[k : k + len(start)] == start), -1
            )
        if self.offset < 0 or expected[self.offset : self.offset + len(start)] != start:
            return None, (-1, 0)
        pos = self.offset + len(start)
        for _ in range(MAX_STEPS):
            to_act = variant.to_act(state)
            if pos == len(expected):
                if seat in to_act:
                    now: dict[str, Any] = dict(variant.observe(state, seat))
                    now.pop("log", None)
                    target = self.target
                    if now.get("phase") != target.get("phase"):
                        after = self.silent(state)  # its own action without a line (a pass)
                        if after is None:
                            return None, (pos, -1000)
                        state = after
                        continue
                    if now != target:
                        return None, (pos, -differences(now, target))
                    allowed = set(variant.legal_actions(state, seat))
                    if not all(a in allowed for a in self.actions):
                        return None, (pos, -1000)
                    return (state, rng.getrandbits(64)), (pos + 1, 0)
                after = self.private(state, to_act, robot_rng)
                if after is None:
                    return None, (pos, -1000)
                state = after
                continue
            after, lines = self.step(state, to_act, pos, robot_rng)
            if after is None:
                return None, (pos, -1000)
            state, pos = after, pos + lines
        return None, (pos, -1000)

    def private(self, state: Any, to_act: frozenset[int], rng: random.Random) -> Any:
        """Another seat's private action (no log line): the basic robot's, or None."""
        variant = self.variant
        others = sorted(s for s in to_act if s != self.seat)
        if not others:
            return None
        actor = others[0]
        legal = variant.legal_actions(state, actor)
        if not legal:
            return None
        choice = BASIC.choose(seat_view(variant, state, actor), legal, rng)
        after = variant.apply(state, actor, choice)
        return None if len(after.log) != len(state.log) else after

    def step(self, state: Any, to_act: frozenset[int], pos: int, rng: random.Random) -> tuple[Any, int]:
        """The next logged action: the state after it and how many log lines it wrote, or
        (None, 0) when no seat to act can write the log's next lines."""
        variant, seat, expected = self.variant, self.seat, self.expected
        next_seat = expected[pos][0]
        actors = [next_seat] if next_seat in to_act else sorted(to_act)
        for actor in actors:
            legal = variant.legal_actions(state, actor)
            if not legal:
                continue
            if actor == seat:
                mine = [a for a in legal if kind(a) != "discard" or self.own(a)]
                for action in mine:
                    after, lines = self.matches(state, actor, action, pos)
                    if after is not None:
                        return after, lines
                continue
            first = BASIC.choose(seat_view(variant, state, actor), legal, rng) if len(legal) > 1 else legal[0]
            after, lines = self.matches(state, actor, first, pos)
            if after is not None:
                return after, lines
            others = [a for a in legal if a != first]
            rng.shuffle(others)
            for action in others:
                after, lines = self.matches(state, actor, action, pos)
                if after is not None:
                    return after, lines
        if next_seat not in to_act or next_seat != seat:
            after = self.private(state, to_act, rng)
            if after is not None:
                return after, 0
        if seat in to_act:
            after = self.silent(state)
            if after is not None:
                return after, 0
        return None, 0

    def silent(self, state: Any) -> Any:
        """The seat's own action that wrote no log line (a private pass: it made no call), or
        None."""
        variant, seat = self.variant, self.seat
        legal = sorted(variant.legal_actions(state, seat), key=lambda a: a != "pass")
        for action in legal:
            try:
                after = variant.apply(state, seat, action)
            except ActionError:
                continue
            if len(after.log) == len(state.log):
                return after
        return None

    def own(self, action: str) -> bool:
        """The seat's own discard, as its view shows it."""
        return action_cards(action, self.pack) <= self.own_discard

    def matches(self, state: Any, actor: int, action: str, pos: int) -> tuple[Any, int]:
        """The state after ``action`` when it writes exactly the log's next lines (and one at
        least), else (None, 0)."""
        try:
            after = self.variant.apply(state, actor, action)
        except ActionError:
            return None, 0
        lines = list(after.log[len(state.log) :])
        if lines and self.expected[pos : pos + len(lines)] == lines:
            return after, len(lines)
        return None, 0


def view_candidates(view: View, legal: list[str], rng: random.Random, pack: frozenset[str]) -> list[str]:
    """Every legal action; for more than ``MAX_CANDIDATES`` card sets the basic robot's and the
    sets swapping one of its cards for a cheaper one (fewest card points, then the legal order)."""
    if len(legal) <= MAX_CANDIDATES or all(len(action_cards(a, pack)) < 2 for a in legal):
        return list(legal)
    basic = BASIC.choose(view, list(legal), random.Random(rng.getrandbits(64)))
    return around(basic, legal, pack, MAX_CANDIDATES)
