"""A generic determiniser on the rules core: the worlds of any decision before the card play.

From the hand's deal and log it keeps only what the deciding seat knew (``RedealWorlds``):

- its own dealt cards, and the talon cards its views showed it (taken by it, or shown to it
  under a talon key of its view: ``TALON_KEYS``), each pinned where it lay in the deal;
- the public actions, and its own;
- the other seats' actions it could not see (a private action, or one naming a card it never
  saw: a discard) reduced to their kind.

Each world deals every other card again: the pool sorted first, then shuffled by the seeded rng
into the unpinned places (the other hands, the talon's unseen places), so that a world cannot
depend on where the hidden cards truly were. The log is replayed through the rules core: the
seat's own and the public actions as logged (one the world's rules refuse rejects the world),
the hidden ones chosen by that seat's basic robot among its legal actions of the same kind that
name the same cards the seat saw (a published tarokk of a discard), or where that choice would
show the seat something else (another count of discarded tarokks), another of them that does
not (``RedealWorlds.hidden``). A private action the world skips is skipped; a private one the
world asks for and the log lacks is the basic robot's, and must stay private. After every
action the seat's view in the world
must equal its true view at that moment (``observe``), else the world is rejected: so a world
agrees with everything the seat saw (honours behind bids, povinnost, money cards declared, the
published discards...). A world is found among ``FRESH`` fresh deals; where the views leave
few deals possible (Czech money cards declared, say), by a short walk from the last world that
agreed (swapping two unseen cards, kept while the world still agrees; a walk that cannot move
gives that world again, as a Metropolis chain does), or before any world agreed, by a climb from
the fresh deal that came furthest (``RedealWorlds.sample``).

A candidate is then applied and the hand played on to its end by the basic robot for every
seat (each from its own view, ``seat_view``), through the rules core; from the first card on,
by the strong robot's playout (``cards.played_out``: the basic robot's card rule for every seat
from what that seat knows, the same playout the strong robot searches with, many times faster
than a view per card).

Candidates: every legal action, but for a choice of several cards at once (a Hungarian or
Slovenian discard: more than ``MAX_CANDIDATES`` legal actions) the made one, the basic robot's
and the sets that swap one of the basic robot's cards for a cheaper card (fewest card points,
then the display order), up to ``MAX_CANDIDATES`` in all.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules import Deal, HandContext, get_variant
from games.rules.base import ActionError
from games.rules.cards import card_points

from ..levels import BasicRobot
from ..view import seat_view
from .cards import played_out
from .scores import score

CHANCE = frozenset({"shuffle", "cut", "piles"})  # decisions of chance: not appraised
TALON_KEYS = ("talon", "talon_groups", "prever_talon", "talon_received", "talon_events")
FRESH = 8  # fresh deals tried per world
FIRST = 40  # fresh deals tried per world until one agreed
WALK = 4  # steps of the walk from the last world that agreed
CLIMB = 60  # swaps tried in the climb to a first world that agrees
ALTERNATIVES = 24  # other choices tried for a hidden action whose basic choice shows otherwise
GIVE_UP = 3  # climbs that found no world before the decision is given up
MAX_CANDIDATES = 8
MAX_INSERTED = 8  # private actions a world may ask for that the log lacks
MAX_ACTIONS = 2000  # a safety net for a playout

BASIC = BasicRobot()


def cards_in(value: Any, pack: frozenset[str], found: set[str]) -> None:
    """Every card of ``pack`` named anywhere in ``value`` (a view's part), added to ``found``."""
    if isinstance(value, str):
        for part in value.replace(",", " ").replace(":", " ").split():
            if part in pack:
                found.add(part)
    elif isinstance(value, dict):
        for item in value.values():
            cards_in(item, pack, found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            cards_in(item, pack, found)


def explicit(variant: Any, deal: Deal, context: HandContext, actions: Sequence[tuple[int, str]]) -> Any:
    """The deal as explicit hands and talon, and the log after the dealing: a Czech deal of a
    pack shuffled and cut at the table becomes the hands it dealt (the log's chance part gone)."""
    if deal.hands:
        return deal, list(actions)
    state = variant.new_hand(deal, context)
    for index, (actor, action) in enumerate(actions):
        if variant.public_phase(state) not in CHANCE:
            return Deal(hands=tuple(state.dealt), talon=tuple(state.talon)), list(actions[index:])
        state = variant.apply(state, actor, action)
    if variant.public_phase(state) in CHANCE:
        raise ValueError("The hand is still being dealt")  # untranslated: programmer error
    return Deal(hands=tuple(state.dealt), talon=tuple(state.talon)), []


def kind(action: str) -> str:
    return action.split(":", 1)[0]


def action_cards(action: str, pack: frozenset[str]) -> set[str]:
    found: set[str] = set()
    cards_in(action, pack, found)
    return found


class RedealWorlds:
    """One decision's worlds (``sample``: a state at the decision, or None), its candidates
    (``actions``; ``shared``: every candidate as itself) and ``evaluate``."""

    first_tries = FIRST  # fresh deals tried per world until one agreed

    def __init__(
        self,
        variant_key: str,
        deal: Deal,
        context: HandContext,
        actions: Sequence[tuple[int, str]],
        seat: int,
        legal: list[str],
        made: str | None,
        rng: random.Random,
    ) -> None:
        variant = get_variant(variant_key)
        self.key, self.variant, self.seat, self.context = variant_key, variant, seat, context
        deal, log = explicit(variant, deal, context, actions)
        pack = frozenset(c for hand in deal.hands for c in hand) | frozenset(deal.talon)
        state = variant.new_hand(deal, context)
        views = [variant.observe(state, seat)]
        public: list[bool] = []
        for actor, action in log:
            public.append(variant.is_public(state, actor, action))
            state = variant.apply(state, actor, action)
            views.append(variant.observe(state, seat))
        self.views, self.public = views, public
        seen: set[str] = set()
        for view in views:
            cards_in(view, pack, seen)
        shown: set[str] = set()
        for view in views:
            cards_in(view.get("hand"), pack, shown)
            for key in TALON_KEYS:
                cards_in(view.get(key), pack, shown)
        # What the seat knew of each logged action: as logged, or only its kind.
        self.log = [
            (actor, action, actor == seat or (public[i] and action_cards(action, pack) <= seen))
            for i, (actor, action) in enumerate(log)
        ]
        self.hand = tuple(deal.hands[seat])
        self.pack, self.seen = pack, frozenset(seen)
        self.talon: list[str | None] = [c if c in shown else None for c in deal.talon]
        self.sizes = [len(h) for h in deal.hands]
        pinned = set(self.hand) | {c for c in self.talon if c is not None}
        self.pool = sorted(pack - pinned)
        self.deal_shape = deal
        self.actions = candidates(variant, state, seat, legal, made, rng, pack)
        self.shared = {a: a for a in self.actions}
        # Each unseen card's place in a deal's order (a swap exchanges two places' cards).
        self.place = [s for s, size in enumerate(self.sizes) if s != seat for _ in range(size)]
        self.place += [-1 - i for i, card in enumerate(self.talon) if card is None]
        self.last: tuple[list[str], Any] | None = None  # the last world that agreed, its order
        self.climbs = 0  # climbs that found no world

    # -- dealing -----------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Any:
        """A state at the decision in a world that agrees with every view of the seat, or None.

        First ``FRESH`` fresh deals (``first_tries`` until a world agreed); when none agrees, ``WALK``
        steps from the last world that did (each step swaps two unseen cards between places and
        is kept when the world still agrees; with no step kept, that world again), or, before
        any world agreed, a climb from the fresh deal that came furthest (``CLIMB`` swaps, each
        kept when the replay comes as far, with as few differences); after ``GIVE_UP`` climbs
        that found none, None at once."""
        if self.last is None and self.climbs >= GIVE_UP:
            return None
        best: tuple[tuple[int, int], list[str]] | None = None
        for _ in range(FRESH if self.last is not None else self.first_tries):
            order = self.fresh(rng)
            world, progress = self.replay(order, rng)
            if world is not None:
                self.last = (order, world)
                return world
            if best is None or progress > best[0]:
                best = (progress, order)
        if self.last is not None:
            order, found = self.last
            for _ in range(WALK):
                proposal = self.swapped(order, rng)
                world, _ = self.replay(proposal, rng)
                if world is not None:
                    order, found = proposal, world
            self.last = (order, found)
            return found
        assert best is not None
        progress, order = best
        self.climbs += 1
        for _ in range(CLIMB):
            proposal = self.swapped(order, rng)
            world, reached = self.replay(proposal, rng)
            if world is not None:
                self.last = (proposal, world)
                return world
            if reached >= progress:
                progress, order = reached, proposal
        return None

    def fresh(self, rng: random.Random) -> list[str]:
        """A fresh deal: the unseen cards in a random order over the free places."""
        order = self.pool[:]
        rng.shuffle(order)
        return order

    def swapped(self, order: list[str], rng: random.Random) -> list[str]:
        """``order`` with two cards of different places exchanged."""
        place = self.place
        proposal = order[:]
        for _ in range(20):
            i, j = rng.randrange(len(order)), rng.randrange(len(order))
            if place[i] != place[j]:
                proposal[i], proposal[j] = proposal[j], proposal[i]
                break
        return proposal

    def dealt(self, order: list[str]) -> Deal:
        """The deal with the unseen cards in ``order`` in the unpinned places."""
        hands: list[tuple[str, ...]] = []
        at = 0
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(self.hand)
            else:
                hands.append(tuple(order[at : at + size]))
                at += size
        talon = []
        for card in self.talon:
            if card is None:
                talon.append(order[at])
                at += 1
            else:
                talon.append(card)
        return Deal(hands=tuple(hands), talon=tuple(talon))

    def replay(self, order: list[str], rng: random.Random) -> tuple[Any, tuple[int, int]]:
        """The log replayed in the deal of ``order``: the state at the decision (with a seed for
        the robots of its playouts), or None and how far it came (the views that agreed, less
        the differences in the first that did not)."""
        variant, seat = self.variant, self.seat
        robot_rng = random.Random(rng.getrandbits(64))
        try:
            state = variant.new_hand(self.dealt(order), self.context)
        except (ValueError, ActionError):
            return None, (-1, 0)
        index, inserted = 0, 0

        def agrees(step: int) -> bool:
            return bool(variant.observe(state, seat) == self.views[step])

        def far(step: int) -> tuple[int, int]:
            return step, -differences(variant.observe(state, seat), self.views[step])

        if not agrees(0):
            return None, far(0)
        while index < len(self.log):
            actor, action, known = self.log[index]
            to_act = variant.to_act(state)
            if actor not in to_act:
                if not self.public[index] and actor != seat:
                    index += 1  # a private action this world does not ask for
                    continue
                others = sorted(s for s in to_act if s != seat)
                if not others or inserted >= MAX_INSERTED:
                    return None, (index, -1000)
                extra = others[0]
                legal = variant.legal_actions(state, extra)
                if not legal:
                    return None, (index, -1000)
                choice = BASIC.choose(seat_view(variant, state, extra), legal, robot_rng)
                if variant.is_public(state, extra, choice):
                    return None, (index, -1000)
                state = variant.apply(state, extra, choice)
                inserted += 1
                if not agrees(index):
                    return None, far(index)
                continue
            if not known:
                after = self.hidden(state, actor, action, index, robot_rng)
                if after is None:
                    return None, far(index)
                state = after
                index += 1
                continue
            try:
                state = variant.apply(state, actor, action)
            except ActionError:
                return None, (index, -1000)
            index += 1
            if not agrees(index):
                return None, far(index)
        if seat not in variant.to_act(state):
            return None, (index, -1000)
        allowed = set(variant.legal_actions(state, seat))
        if not all(a in allowed for a in self.actions):
            return None, (index, -1000)
        return (state, rng.getrandbits(64)), (index + 1, 0)

    def hidden(self, state: Any, actor: int, action: str, index: int, rng: random.Random) -> Any:
        """The state after another seat's action the seat saw only in part (``action``, logged at
        ``index``): the basic robot's choice among that seat's legal actions of the same kind
        naming the same cards the seat saw, or when the seat's view after it is not its true
        view, the first of up to ``ALTERNATIVES`` others (in the rng's order) after which it is;
        None when none is."""
        variant, seat = self.variant, self.seat
        shown = action_cards(action, self.pack) & self.seen
        legal = [
            a
            for a in variant.legal_actions(state, actor)
            if kind(a) == kind(action) and action_cards(a, self.pack) & self.seen == shown
        ]
        if not legal:
            return None
        first = BASIC.choose(seat_view(variant, state, actor), legal, rng)
        others = [a for a in legal if a != first]
        rng.shuffle(others)
        for choice in [first, *others[:ALTERNATIVES]]:
            try:
                after = variant.apply(state, actor, choice)
            except ActionError:
                continue
            if variant.observe(after, seat) == self.views[index + 1]:
                return after
        return None

    # -- playing on ----------------------------------------------------------------------------

    def evaluate(self, world: Any, action: str) -> float:
        """``action`` in the world, then the basic robot for every seat to the end: the seat's
        result (the same robots' rng for every candidate of one world). From the first card of
        the play on, the strong robot's playout plays the basic robot's card rule (``cards``)."""
        state, seed = world
        variant = self.variant
        rng = random.Random(seed)
        state = variant.apply(state, self.seat, action)
        for _ in range(MAX_ACTIONS):
            if variant.is_over(state):
                break
            actor = min(variant.to_act(state))
            legal = variant.legal_actions(state, actor)
            if len(legal) == 1:
                state = variant.apply(state, actor, legal[0])
                continue
            view = seat_view(variant, state, actor)
            choice = BASIC.choose(view, legal, rng)
            if view["phase"] == "play":
                return played_out(self.key, state, view, choice, self.seat)
            state = variant.apply(state, actor, choice)
        result = variant.result(state)
        assert result is not None
        return score(self.key, result, self.seat)


def candidates(
    variant: Any,
    state: Any,
    seat: int,
    legal: list[str],
    made: str | None,
    rng: random.Random,
    pack: frozenset[str],
) -> list[str]:
    """Every legal action; for a choice among many card sets the few of the module docstring."""
    if len(legal) <= MAX_CANDIDATES or all(len(action_cards(a, pack)) < 2 for a in legal):
        return list(legal)
    basic = BASIC.choose(seat_view(variant, state, seat), list(legal), random.Random(rng.getrandbits(64)))
    return around(basic, legal, pack, MAX_CANDIDATES, made)


def around(
    basic: str, legal: list[str], pack: frozenset[str], most: int, made: str | None = None
) -> list[str]:
    """``made`` (when given) and the basic robot's card set, then the sets that swap one of the
    basic's cards for a cheaper one (fewest card points, then the legal order): at most ``most``
    in all."""
    chosen = list(dict.fromkeys(a for a in (made, basic) if a is not None))
    base = action_cards(basic, pack)
    swaps: list[tuple[int, int, str]] = []
    for index, action in enumerate(legal):
        cards = action_cards(action, pack)
        if kind(action) == kind(basic) and len(cards - base) == 1 and len(base - cards) == 1:
            (added,) = cards - base
            swaps.append((card_points(added), index, action))
    for _, _, action in sorted(swaps):
        if len(chosen) >= most:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


def differences(a: Any, b: Any) -> int:
    """How many leaves of two views differ (a measure of how far a world is from agreeing)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return sum(differences(a.get(k), b.get(k)) for k in a.keys() | b.keys())
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sum(differences(x, y) for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b))
    return 0 if a == b else 1
