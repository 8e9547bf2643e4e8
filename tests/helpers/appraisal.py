"""Hands for the appraisal tests: a deal of a game played out by robots, the log kept."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.bots import LEVELS, seat_view
from games.rules import Deal, HandContext, get_variant

SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3, "bridge": 3}


@dataclass
class PlayedHand:
    variant_key: str
    deal: Deal
    context: HandContext
    log: list[tuple[int, str]]
    phases: list[str]  # the public phase before each action of the log

    def decisions(self, seat: int | None = None, phase: str | None = None) -> list[int]:
        """The indexes of the log's actions made by ``seat`` (any) in ``phase`` (any)."""
        return [
            i
            for i, (s, _) in enumerate(self.log)
            if (seat is None or s == seat) and (phase is None or self.phases[i] == phase)
        ]


def played_hand(
    variant_key: str,
    seed: str,
    level: str = "basic",
    levels: dict[int, str] | None = None,
    deal: Deal | None = None,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
) -> PlayedHand:
    """A hand of ``variant_key`` dealt by ``seed`` (or ``deal``), every seat's action chosen by
    the robot of ``level`` (``levels``: per seat), played to its end."""
    variant = get_variant(variant_key)
    rng = random.Random(seed)
    options = dict(options or {})
    if deal is None:
        deal = variant.deal(rng, SEATS[variant_key], options, dealer)
    context = HandContext(dealer=dealer, options=options)
    state = variant.new_hand(deal, context)
    log: list[tuple[int, str]] = []
    phases: list[str] = []
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        robot = LEVELS[(levels or {}).get(seat, level)]
        action = robot.choose(seat_view(variant, state, seat), list(legal), rng)
        phases.append(variant.public_phase(state))
        log.append((seat, action))
        state = variant.apply(state, seat, action)
    return PlayedHand(variant_key, deal, context, log, phases)


def explicit_deal(variant_key: str, hand: PlayedHand) -> PlayedHand:
    """A Czech hand dealt from a pack shuffled at the table, as the hands it dealt (the log's
    shuffle and cut gone); any other hand as it is."""
    if hand.deal.hands:
        return hand
    variant = get_variant(variant_key)
    state = variant.new_hand(hand.deal, hand.context)
    for index, (seat, action) in enumerate(hand.log):
        if hand.phases[index] not in ("shuffle", "cut", "piles"):
            deal = Deal(hands=tuple(state.dealt), talon=tuple(state.talon))
            return PlayedHand(variant_key, deal, hand.context, hand.log[index:], hand.phases[index:])
        state = variant.apply(state, seat, action)
    raise AssertionError("the hand was never dealt")


def views_of(
    variant_key: str, deal: Deal, context: HandContext, log: list[tuple[int, str]], seat: int
) -> Any:
    """The seat's view before the first action and after each of ``log`` (None: the log is not
    legal in this deal)."""
    from games.rules.base import ActionError

    variant = get_variant(variant_key)
    try:
        state = variant.new_hand(deal, context)
        views = [variant.observe(state, seat)]
        for actor, action in log:
            state = variant.apply(state, actor, action)
            views.append(variant.observe(state, seat))
    except (ActionError, ValueError):
        return None
    return views


def cards_named(value: Any, pack: frozenset[str], found: set[str]) -> None:
    if isinstance(value, str):
        found.update(p for p in value.replace(",", " ").replace(":", " ").split() if p in pack)
    elif isinstance(value, dict):
        for item in value.values():
            cards_named(item, pack, found)
    elif isinstance(value, list | tuple):
        for item in value:
            cards_named(item, pack, found)


def renamed(action: str, rename: dict[str, str]) -> str:
    """``action`` with the cards it names renamed by ``rename``."""
    if ":" not in action:
        return action
    verb, rest = action.split(":", 1)
    return verb + ":" + ",".join(rename.get(p, p) for p in rest.split(","))


def hidden_exchanged(hand: PlayedHand, index: int, seat: int, seed: str, swaps: int = 6) -> PlayedHand:
    """The hand with cards the seat never saw before its decision at ``index`` exchanged among
    the places it could not see (the other hands, the talon), the other seats' actions naming
    them renamed alike (their hidden discards), so that the seat's view at every step up to the
    decision is the same as in ``hand``; ``swaps`` exchanges made (AssertionError if not found)."""
    rng = random.Random(seed)
    deal = hand.deal
    assert deal.hands, "exchange cards in an explicit deal (explicit_deal)"
    log = hand.log[:index]
    views = views_of(hand.variant_key, deal, hand.context, log, seat)
    assert views is not None
    pack = frozenset(c for h in deal.hands for c in h) | frozenset(deal.talon)
    seen: set[str] = set(deal.hands[seat])
    for view in views:
        cards_named(view, pack, seen)
    places = [(s, i) for s, h in enumerate(deal.hands) if s != seat for i in range(len(h))]
    places += [(-1, i) for i in range(len(deal.talon))]
    done = 0
    for _ in range(3000):
        if done >= swaps:
            break
        (s1, i1), (s2, i2) = rng.sample(places, 2)
        if s1 == s2:
            continue
        hands = [list(h) for h in deal.hands]
        talon = list(deal.talon)
        a = talon[i1] if s1 < 0 else hands[s1][i1]
        b = talon[i2] if s2 < 0 else hands[s2][i2]
        if a in seen or b in seen:
            continue
        for s, i, card in ((s1, i1, b), (s2, i2, a)):
            if s < 0:
                talon[i] = card
            else:
                hands[s][i] = card
        new_deal = Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(talon))
        new_log = [(s, action if s == seat else renamed(action, {a: b, b: a})) for s, action in log]
        if views_of(hand.variant_key, new_deal, hand.context, new_log, seat) == views:
            deal, log = new_deal, new_log
            done += 1
    assert done >= swaps, f"only {done} exchanges keep the seat's view"
    return PlayedHand(hand.variant_key, deal, hand.context, log + hand.log[index:], hand.phases)
