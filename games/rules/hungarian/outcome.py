"""How a hand ends, as a ``HandResult``: thrown in (§4.5, §5.3), a failed trial bid (§4.6,
§10.7), or played out (the outcome summary, the score, the settlement)."""

from __future__ import annotations

from typing import Any

from .. import ending
from ..base import HandResult, ScoredItem, Termination
from ..cards import HONOURS, KINGS, card_points
from ..tricks import LogEntry, Trick, won_by_side
from ..words import Msg, _
from .announce import GAME
from .scoring import (
    DECLARER,
    DOUBLE_GAME,
    FOUR_KINGS,
    OPPONENTS,
    TRULL,
    ULTIMO,
    VOLAT,
    XXI_CATCH,
    Outcome,
    score,
    settle,
    settle_hand,
)
from .state import HungarianState, Phase, evolve

FAILED_TRIAL = Termination.FAILED_TRIAL_BID  # also the name of its receipt line


def end_hand(state: HungarianState, result: HandResult, entry: LogEntry, **changes: Any) -> HungarianState:
    """Every way a hand ends goes through here: the result set, nobody to act, one log line."""
    return ending.end_hand(state, evolve, Phase.OVER, result, entry, **changes)


def thrown_in_result(reason: Termination | Msg, seats: int) -> HandResult:
    """No score for any of the ``seats``; ``reason`` says why: ALL_PASSED, or an annulment's
    words ("annulled by seat 2: four kings")."""
    return HandResult(thrown_in=True, payments=(0,) * seats, reason=reason)


def fail_trial_bid(state: HungarianState) -> HungarianState:
    """§4.6, §10.7: the trial bidder still holds no honour after the talon: the hand ends now,
    without discards. Written as a lone declarer's V = −penalty (×2 in a doubled hand, §10.6),
    settled by §10.4: the bidder pays 3 × penalty, each other player receives the penalty."""
    assert state.declarer is not None and state.contract is not None
    penalty = int(state.setup.option("trial_bid_penalty"))
    multiplier = 2 if state.setup.doubled else 1
    value = -penalty * multiplier
    item = ScoredItem(
        FAILED_TRIAL,
        DECLARER,
        penalty,
        multiplier,
        value,
        note=_("paid to each other player; doubled hand")
        if state.setup.doubled
        else _("paid to each other player"),
        label=_("failed trial bid"),
    )
    result = HandResult(
        thrown_in=False,
        payments=settle(value, state.declarer, None, state.setup.players, state.setup.seats),
        contract=state.contract.name,
        declarer=state.declarer,
        declarer_side=(state.declarer,),
        items=(item,),
        value=value,
        reason=FAILED_TRIAL,
    )
    text = _("still holds no honour: the trial bid fails and costs {amount}", amount=-3 * value)
    return end_hand(state, result, (state.declarer, text))


def _side_winning_all(state: HungarianState, wanted: frozenset[str]) -> str | None:
    """The side whose tricks hold every card of ``wanted``, or None when they are split."""
    sides = {
        state.side_of(trick.winner)
        for trick in state.tricks
        for _, card in trick.cards
        if card in wanted and trick.winner is not None
    }
    return sides.pop() if len(sides) == 1 else None


# The announcement phase's item keys (``announce.BONUSES``) → the scoring names.
SCORED_BONUS = {
    "trull": TRULL,
    "four-kings": FOUR_KINGS,
    "ultimo": ULTIMO,
    "xxi-catch": XXI_CATCH,
    "double-game": DOUBLE_GAME,
    "volat": VOLAT,
}


def _seat_of(trick: Trick, wanted: str) -> int | None:
    return next((seat for seat, card in trick.cards if card == wanted), None)


def outcome_of(state: HungarianState) -> Outcome:
    """The summary of a played-out hand that ``scoring.score`` needs (§9, §10.1)."""
    assert state.contract is not None and state.declarer is not None
    assert state.discards is not None
    won, taken = won_by_side(state.tricks, state.side_of)
    points = {side: won.get(side, 0) for side in (DECLARER, OPPONENTS)}
    tricks = {side: taken.get(side, 0) for side in (DECLARER, OPPONENTS)}
    # §9: the declarer's discard counts for the declarer's side, the three others (even
    # the partner's) for the opponents.
    for seat, discard in enumerate(state.discards):
        side = DECLARER if seat == state.declarer else OPPONENTS
        points[side] += sum(card_points(card) for card in discard or ())

    ultimo = ultimo_lost = None
    last = state.tricks[-1]
    pagat = _seat_of(last, "T1")
    if pagat is not None:
        if last.winner == pagat:
            ultimo = state.side_of(pagat)
        else:
            ultimo_lost = state.side_of(pagat)

    xxi_catch = None
    for trick in state.tricks:
        skiz, xxi = _seat_of(trick, "T22"), _seat_of(trick, "T21")
        if skiz is not None and xxi is not None and state.side_of(skiz) != state.side_of(xxi):
            xxi_catch = state.side_of(skiz)

    announcing = state.announcing
    return Outcome(
        game_value=state.contract.game_value,
        card_points=(points[DECLARER], points[OPPONENTS]),
        tricks=(tricks[DECLARER], tricks[OPPONENTS]),
        trull=_side_winning_all(state, HONOURS),
        four_kings=_side_winning_all(state, KINGS),
        ultimo=ultimo,
        ultimo_lost=ultimo_lost,
        xxi_catch=xxi_catch,
        # §7.4: every announcement counts for the announcer's real side, as recorded.
        announced=frozenset((side, SCORED_BONUS[bonus]) for side, bonus, _ in announcing.bonuses),
        kontra=tuple(
            (side, SCORED_BONUS[item], level) for side, item, level in announcing.levels if item != GAME
        ),
        game_kontra=announcing.level(DECLARER, GAME),
        tarokk_counts=tuple((seat, state.side_of(seat), count) for seat, count in announcing.tarokk_counts),
        tarokk_count_payers=str(state.setup.option("tarokk_count_payers")),
        doubled=state.setup.doubled,
        opponents_need_48_when_kontra=bool(state.setup.option("opponents_need_48_when_kontra")),
    )


def finish(state: HungarianState) -> HungarianState:
    """The ninth trick is complete: score the hand and close it."""
    assert state.contract is not None and state.declarer is not None
    outcome = outcome_of(state)
    scored = score(outcome)
    declarer_side = tuple(sorted(s for s in state.setup.players if state.side_of(s) == DECLARER))
    result = ending.scored_result(
        scored,
        payments=settle_hand(scored, state.declarer, state.partner, state.setup.players, state.setup.seats),
        contract=state.contract.name,
        declarer=state.declarer,
        partner=state.partner,
        declarer_side=declarer_side,
        card_points=outcome.card_points,
    )
    decl, opp = outcome.card_points
    summary = _(
        "Declarer side {declarer} card points, opponents {opponents}; V = {value}",
        declarer=decl,
        opponents=opp,
        value=f"{scored.value:+d}",
    )
    return end_hand(state, result, (None, summary), trick=None)
