"""What the strong robot thinks of any decision: the expected result of each legal choice, from
exactly what the deciding seat knew at that moment (issue 38; docs/analysis.md).

``appraise(variant_key, deal, context, actions, seat, made, seed=..., worlds=...)`` rebuilds the
hand up to the decision, reduces it to the seat's knowledge and deals the cards it could not see
again ``worlds`` times; in each world it plays every appraised choice followed by the basic robot
for every seat to the end, through the rules core, and scores the seat's result (``scores``).
The same worlds serve every choice (a paired comparison). Everything random comes from ``seed``:
the same inputs give the same ``Appraisal``.

Two ways to deal the worlds:

- a card (and every Bridge decision): the strong robot's own worlds from the seat's view
  (``cards``);
- any other decision (bids, talon, discards, calls, announcements, kontras...): a generic
  determiniser on the rules core (``redeal``), which replays the log in each world and keeps
  only worlds whose view for the seat equals its true view at every step.

``mark(variant_key, loss)`` words a loss as one of ``MARKS`` by the game's thresholds
(``marks``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.rules import Deal, HandContext, get_variant
from games.rules.words import Msg

from ..view import seat_view
from .cards import BridgeWorlds, CardWorlds
from .marks import MARKS, THRESHOLDS, mark
from .redeal import CHANCE, RedealWorlds
from .scores import UNITS

__all__ = [
    "CHANCE",  # untranslated: a name
    "DEFAULT_WORLDS",  # untranslated: a name
    "MARKS",  # untranslated: a name
    "THRESHOLDS",  # untranslated: a name
    "Appraisal",  # untranslated: a name
    "appraise",  # untranslated: a name
    "mark",  # untranslated: a name
]

# Worlds dealt per decision by default: appraising every decision of a hand's every seat costs
# at most 20 s of CPU on the reference machine (bench/analysis.py; docs/analysis.md).
DEFAULT_WORLDS: dict[str, int] = {"hungarian": 40, "czech": 24, "slovenian3": 32, "bridge": 100}


@dataclass(frozen=True)
class Appraisal:
    seat: int
    made: str | None  # as given
    values: dict[str, float]  # expected result of the seat per appraised action
    best: str  # the action with the highest value
    loss: float  # values[best] - values[made] (>= 0; 0.0 when made is None)
    worlds: int  # worlds actually dealt
    unit: Msg  # what the values count (points, chips...), for words


def appraise(
    variant_key: str,
    deal: Deal,
    context: HandContext,
    actions: Sequence[tuple[int, str]],
    seat: int,
    made: str | None = None,
    *,
    seed: str,
    worlds: int | None = None,
) -> Appraisal | None:
    """The appraisal of ``seat``'s decision after ``actions`` (``made``: the action it made; None
    for a hint), or None when there is nothing to appraise: a single legal action, a decision of
    chance (the Czech shuffle, cut and piles), or no world consistent with the seat's view found.
    ValueError when ``seat`` is not to act after ``actions``, ``made`` is not legal there, or
    ``worlds`` is not a positive count."""
    variant = get_variant(variant_key)
    count = DEFAULT_WORLDS[variant_key] if worlds is None else worlds
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"worlds must be a positive count, not {worlds!r}")  # untranslated: programmer error
    state = variant.new_hand(deal, context)
    for actor, action in actions:
        state = variant.apply(state, actor, action)
    if seat not in variant.to_act(state):
        raise ValueError(f"Seat {seat} is not to act after these actions")  # untranslated: programmer error
    legal = list(variant.legal_actions(state, seat))
    if made is not None and made not in legal:
        raise ValueError(f"{made!r} is not legal for seat {seat} here")  # untranslated: programmer error
    if len(legal) < 2:
        return None
    view = seat_view(variant, state, seat)
    rng = random.Random(f"appraisal|{variant_key}|{seed}")  # untranslated: a seed's key
    dealer: CardWorlds | BridgeWorlds | RedealWorlds
    if variant_key == "bridge":
        dealer = BridgeWorlds(view, legal)
    elif view["phase"] == "play":
        dealer = CardWorlds(variant_key, view, legal)
    elif view["phase"] in CHANCE:
        return None
    else:
        dealer = RedealWorlds(variant_key, deal, context, actions, seat, legal, made, rng)
    return judged(variant_key, dealer, seat, made, rng, count)


def judged(
    variant_key: str,
    dealer: CardWorlds | BridgeWorlds | RedealWorlds,
    seat: int,
    made: str | None,
    rng: random.Random,
    count: int,
) -> Appraisal | None:
    """Every candidate of ``dealer`` played in the same ``count`` worlds (fewer when some could
    not be dealt); None when none was."""
    totals = dict.fromkeys(dealer.actions, 0.0)
    dealt = 0
    for _ in range(count):
        world = dealer.sample(rng)
        if world is None:
            continue
        dealt += 1
        for action in dealer.actions:
            totals[action] += dealer.evaluate(world, action)
    if not dealt:
        return None
    means = {action: total / dealt for action, total in totals.items()}
    values = {action: means[shared] for action, shared in dealer.shared.items()}
    top = max(values.values())
    if made is not None and values[made] == top:
        best = made
    else:
        best = next(action for action, value in values.items() if value == top)
    loss = 0.0 if made is None else top - values[made]
    return Appraisal(
        seat=seat, made=made, values=values, best=best, loss=loss, worlds=dealt, unit=UNITS[variant_key]
    )
