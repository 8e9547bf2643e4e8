"""Valat, I on the end and contra (czech.md §7.2–§7.4).

- ``valat`` / ``pass`` from povinnost in playing order; the first call ends the step.
- ``iote`` / ``pass``: privately offered to the holder of T1 when valat was not called (or
  with ``iote_with_valat``). A call is public; a pass is not announced.
- Contra on the item (the game, or the valat if called), owned by side X (the valat caller's
  side, else the declaring side): ``contra`` by a player not on X, then ``rhea-contra`` by a
  player on X, then ``supra-contra`` by a player not on X. Each level is offered privately to
  the eligible players one at a time in playing order, from the first after povinnost (after
  the prever in a prever game; the starting seat itself last) for contra, and from the first
  after the previous caller for the higher levels. When every eligible player has declined
  (``pass``, not announced) the current level, or after the third call, play begins.
"""

from __future__ import annotations

from .. import seats
from ..base import IllegalAction
from ..tricks import Trick
from ..words import _, pgettext
from .state import (
    DECLARER,
    PREVER,
    SEATS,
    CzechState,
    Phase,
    evolve,
    logged,
    next_seat,
)

CONTRA_WORDS = ("contra", "rhea-contra", "supra-contra")
CONTRA_NAMES = (
    pgettext("contra", "contra"),
    pgettext("contra", "rhea-contra"),
    pgettext("contra", "supra-contra"),
)
ITEM_NAMES = {"game": pgettext("bonus", "game"), "valat": pgettext("bonus", "valat")}
VALAT = "valat"
IOTE = "iote"
T1 = "T1"


# -- valat ------------------------------------------------------------------------------------


def start_valat(state: CzechState) -> CzechState:
    assert state.povinnost is not None
    return evolve(state, phase=Phase.VALAT, to_act=frozenset({state.povinnost}))


def legal_valat(state: CzechState, seat: int) -> list[str]:
    return ["pass", VALAT]


def apply_valat(state: CzechState, seat: int, action: str) -> CzechState:
    calls = state.valat_calls + ((seat, action),)
    if action == VALAT:
        state = evolve(
            state,
            valat_calls=calls,
            valat=seat,
            log=logged(state, (seat, _("calls valat: their side will take all 12 tricks"))),
        )
        return _after_valat(state)
    state = evolve(state, valat_calls=calls, log=logged(state, (seat, _("passes"))))
    if len(calls) == SEATS:
        return _after_valat(state)
    return evolve(state, to_act=frozenset({next_seat(seat)}))


def t1_holder(state: CzechState) -> int | None:
    return next((s for s in range(SEATS) if T1 in state.hands[s]), None)


def _after_valat(state: CzechState) -> CzechState:
    holder = t1_holder(state)
    if holder is not None and (state.valat is None or state.setup.option("iote_with_valat")):
        return evolve(state, phase=Phase.IOTE, to_act=frozenset({holder}))
    return start_contra(state)


# -- I on the end -----------------------------------------------------------------------------


def legal_iote(state: CzechState, seat: int) -> list[str]:
    return ["pass", IOTE]


def apply_iote(state: CzechState, seat: int, action: str) -> CzechState:
    if action == IOTE:
        state = evolve(
            state,
            iote=seat,
            log=logged(
                state, (seat, _("calls I on the end: the I will be the only trump in the last trick"))
            ),
        )
    return start_contra(state)


# -- contra -----------------------------------------------------------------------------------


def owner_side(state: CzechState) -> str:
    """X: the valat caller's side if valat was called, else the declaring side."""
    return DECLARER if state.valat is None else state.side_of(state.valat)


def contra_item(state: CzechState) -> str:
    return "game" if state.valat is None else VALAT


def eligible(state: CzechState, seat: int, level: int) -> bool:
    """Level 1 and 3 (contra, supra-contra): not on X; level 2 (rhea-contra): on X."""
    on_x = state.side_of(seat) == owner_side(state)
    return on_x if level == 2 else not on_x


def _queue(state: CzechState, after: int, level: int) -> tuple[int, ...]:
    """The eligible seats for ``level``, in playing order from the one after ``after``
    (``after`` itself last, if eligible)."""
    return tuple(s for s in seats.in_order(next_seat(after), SEATS) if eligible(state, s, level))


def start_contra(state: CzechState) -> CzechState:
    start = state.prever if state.contract == PREVER else state.povinnost
    assert start is not None
    queue = _queue(state, start, 1)
    state = evolve(state, phase=Phase.CONTRA, contra_calls=(), contra_queue=queue)
    return _offer(state)


def _offer(state: CzechState) -> CzechState:
    if not state.contra_queue or len(state.contra_calls) == len(CONTRA_WORDS):
        return start_play(state)
    return evolve(state, to_act=frozenset({state.contra_queue[0]}))


def legal_contra(state: CzechState, seat: int) -> list[str]:
    return ["pass", CONTRA_WORDS[len(state.contra_calls)]]


def apply_contra(state: CzechState, seat: int, action: str) -> CzechState:
    level = len(state.contra_calls) + 1
    word = CONTRA_WORDS[level - 1]
    if action == "pass":
        return _offer(evolve(state, contra_queue=state.contra_queue[1:]))
    if action != word:
        raise IllegalAction(_("You may only say {word} now", word=CONTRA_NAMES[level - 1]))
    calls = state.contra_calls + ((seat, word),)
    queue = _queue(state, seat, level + 1) if level < len(CONTRA_WORDS) else ()
    state = evolve(
        state,
        contra_calls=calls,
        contra_queue=queue,
        log=logged(
            state,
            (
                seat,
                _(
                    "says {word} on the {item}",
                    word=CONTRA_NAMES[level - 1],
                    item=ITEM_NAMES[contra_item(state)],
                ),
            ),
        ),
    )
    return _offer(state)


# -- play begins ------------------------------------------------------------------------------


def start_play(state: CzechState) -> CzechState:
    assert state.povinnost is not None
    return evolve(
        state,
        phase=Phase.PLAY,
        to_act=frozenset({state.povinnost}),
        contra_queue=(),
        trick=Trick(state.povinnost),
        log=logged(state, (state.povinnost, _("leads the first trick"))),
    )
