"""How a hand ends: the outcome summary of the played tricks (slovenian3.md §9), its score
(``scoring``, §10) and the ``HandResult``.

Piles (§9): the declarer's tricks and discard; the opponents' tricks and the talon groups the
declarer left (three/two/one) or the whole talon (solo without); in klop each player's tricks
and talon gifts. ``HandResult.card_points`` is (declarer, opponents), counted in threes, and
adds up to 70: in beggar, open beggar, colour valat and valat, where the talon plays no part,
the opponents are shown the rest of the pack (their tricks, the talon and, after an early end,
the cards never played). Klop has no sides: ``card_points`` is ``(0, 0)`` and each player's
pile points are on their ``klop`` line of ``items`` (the note, and the base when rounded).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Termination
from ..cards import KINGS, points_in_threes
from ..ending import end_hand, scored_result
from ..words import Msg, _
from .scoring import Outcome, score
from .state import (
    HAND_SIZE,
    PACK_POINTS,
    SEATS,
    T1,
    T21,
    T22,
    TRULA,
    Phase,
    SlovenianState,
    evolve,
    untaken_talon,
)


def _side_holding_all(state: SlovenianState, wanted: frozenset[str]) -> str | None:
    """The side whose tricks hold every card of ``wanted``; None when split or not all played."""
    sides = set()
    count = 0
    for trick in state.tricks:
        for _seat, card in trick.cards:
            if card in wanted:
                assert trick.winner is not None
                sides.add(state.side_of(trick.winner))
                count += 1
    return sides.pop() if len(sides) == 1 and count == len(wanted) else None


def _mond_lost(state: SlovenianState) -> tuple[int, Msg] | None:
    """§10.5: who loses T21: its player, when T22 or (emperor trick) T1 wins the trick holding
    it; the declarer, when it lies in a talon group left untaken."""
    contract = state.contract
    assert contract is not None
    if not contract.mond_penalty:
        return None
    if contract.talon_group and T21 in untaken_talon(state):
        assert state.declarer is not None
        return state.declarer, _("T21 left in a talon group not taken")
    for trick in state.tricks:
        cards = dict((card, seat) for seat, card in trick.cards)
        if T21 in cards:
            by = next(card for seat, card in trick.cards if seat == trick.winner)
            if by == T22:
                return cards[T21], _("T21 captured by T22")
            if by == T1:
                return cards[T21], _("T21 captured in the emperor trick")
    return None


def _skis_lost(state: SlovenianState) -> int | None:
    """Option ``skisfang``: the player whose T22 fell in an emperor trick (any contract)."""
    if not state.setup.option("skisfang"):
        return None
    for trick in state.tricks:
        cards = {card: seat for seat, card in trick.cards}
        if TRULA <= cards.keys() and trick.winner == cards[T1]:
            return cards[T22]
    return None


def piles(state: SlovenianState) -> list[list[str]]:
    """Each seat's tricks (klop: and gifts); the declarer's discard is added in ``outcome_of``."""
    won: list[list[str]] = [[] for _ in range(SEATS)]
    for trick in state.tricks:
        assert trick.winner is not None
        won[trick.winner] += [card for _seat, card in trick.cards]
    for seat, card in state.gifts:
        won[seat].append(card)
    return won


def outcome_of(state: SlovenianState) -> tuple[Outcome, tuple[int, int]]:
    """The summary ``scoring.score`` needs, and the card points shown (declarer, opponents)."""
    contract = state.contract
    assert contract is not None
    setup = state.setup
    won = piles(state)
    tricks = [0] * SEATS
    for trick in state.tricks:
        assert trick.winner is not None
        tricks[trick.winner] += 1
    summary = Outcome(
        contract=contract.key,
        value=contract.value,
        declarer=state.declarer,
        levels=state.announcing.levels,
        skis_lost=_skis_lost(state),
        radelci=bool(setup.option("radelci")),
        round_to_5=bool(setup.option("round_to_5")),
        mond_penalty=int(setup.option("mond_penalty")),
    )
    if state.declarer is None:
        points = tuple(points_in_threes(pile) for pile in won)
        return replace(summary, klop_points=points, klop_tricks=tuple(tricks)), (0, 0)
    declarer = state.declarer
    pile = won[declarer] + list(state.discard or ())
    declarer_points = points_in_threes(pile)
    last = state.tricks[-1]
    pagat = (
        next((seat for seat, card in last.cards if card == T1), None)
        if len(state.tricks) == HAND_SIZE
        else None
    )
    announcing = state.announcing
    outcome = replace(
        summary,
        declarer_points=declarer_points,
        declarer_tricks=tricks[declarer],
        opponent_tricks=sum(tricks) - tricks[declarer],
        trula=_side_holding_all(state, TRULA) if contract.bonuses else None,
        kings=_side_holding_all(state, KINGS) if contract.bonuses else None,
        pagat_side=None if pagat is None or not contract.bonuses else state.side_of(pagat),
        pagat_won=pagat is not None and last.winner == pagat,
        announced=tuple((bonus, side) for bonus, side, _seat in announcing.bonuses if bonus != "valat"),
        valat_announced=announcing.announced("valat") is not None,
        mond_lost=_mond_lost(state),
        radelci_held=setup.radelci[declarer],
    )
    return outcome, (declarer_points, PACK_POINTS - declarer_points)


def finish(state: SlovenianState, early: bool) -> SlovenianState:
    """Trick 16 is complete, or the result is fixed early (§8.5): score the hand and close it."""
    contract = state.contract
    assert contract is not None
    outcome, card_points = outcome_of(state)
    scored = score(outcome)
    declarer = state.declarer
    result = scored_result(
        scored,
        payments=scored.payments,
        contract=contract.name.english(),  # a key (stored, compared): the name in English
        declarer=declarer,
        declarer_side=() if declarer is None else (declarer,),
        card_points=card_points,
        reason=Termination.ENDED_EARLY if early else Termination.PLAYED_OUT,
        radelci=scored.radelci,
    )
    if declarer is None:
        first, second, third = (f"{p:+d}" for p in scored.payments)
        summary = _(
            "Klop: seat 1 {first}, seat 2 {second}, seat 3 {third}", first=first, second=second, third=third
        )
    else:
        decl, opp = card_points
        summary = _(
            "Declarer {declarer} card points, opponents {opponents}; declarer {score}",
            declarer=decl,
            opponents=opp,
            score=f"{scored.value:+d}",
        )
    return end_hand(state, evolve, Phase.OVER, result, (None, summary), trick=None)
