"""How a played-out hand ends: the outcome summary (§9), its score (§10) and the HandResult."""

from __future__ import annotations

from ..cards import pile_points
from ..ending import end_hand, scored_result
from ..tricks import won_by_side
from ..words import _
from .scoring import Outcome, money_line, score, settle
from .state import DECLARER, HAND_SIZE, OPPONENTS, PREVER, SEATS, CzechState, Phase, evolve


def outcome_of(state: CzechState) -> Outcome:
    won, taken = won_by_side(state.tricks, state.side_of)
    points = {side: won.get(side, 0) for side in (DECLARER, OPPONENTS)}
    tricks = {side: taken.get(side, 0) for side in (DECLARER, OPPONENTS)}
    assert state.discards is not None
    for seat, pile in enumerate(state.discards):
        points[state.side_of(seat)] += pile_points(pile)
    points[OPPONENTS] += pile_points(state.opponents_pile)  # §5.2.3: the untaken talon

    last = state.tricks[-1]
    t1 = next((seat for seat, card in last.cards if card == "T1"), None)
    trumps = sum(1 for _, card in last.cards if card[0] == "T")
    options = state.setup
    return Outcome(
        prever=state.contract == PREVER,
        card_points=(points[DECLARER], points[OPPONENTS]),
        tricks=(tricks[DECLARER], tricks[OPPONENTS]),
        pm=state.pm,
        contra=len(state.contra_calls),
        valat=None if state.valat is None else state.side_of(state.valat),
        iote=None if state.iote is None else state.side_of(state.iote),
        t1_side=None if t1 is None else state.side_of(t1),
        t1_alone=t1 is not None and trumps == 1,
        iote_called_value=int(options.option("iote_called_value")),
        iote_silent_value=int(options.option("iote_silent_value")),
        iote_with_valat=bool(options.option("iote_with_valat")),
    )


def finish(state: CzechState) -> CzechState:
    """The twelfth trick is complete: score the hand and close it."""
    assert len(state.tricks) == HAND_SIZE and state.declarer is not None
    outcome = outcome_of(state)
    scored = score(outcome)
    declarer_side = state.declarer_side()
    payments = settle(scored.value, declarer_side)
    payments = tuple(p + m for p, m in zip(payments, state.money_payments, strict=True))
    money = tuple(money_line(seat, state.side_of(seat), name, a) for seat, name, a in state.money)
    partner = state.partner if state.contract != PREVER else None
    result = scored_result(
        scored,
        payments=payments,
        contract=state.contract,
        declarer=state.declarer,
        partner=partner,
        declarer_side=declarer_side,
        card_points=outcome.card_points,
        more_items=money,
        next_dealer=state.povinnost,
    )
    decl, opp = outcome.card_points
    summary = _(
        "Declaring side {declarer} card points, opponents {opponents}; V = {value}",
        declarer=decl,
        opponents=opp,
        value=f"{scored.value:+d}",
    )
    assert sum(payments) == 0 and len(payments) == SEATS
    return end_hand(state, evolve, Phase.OVER, result, (None, summary), trick=None)
