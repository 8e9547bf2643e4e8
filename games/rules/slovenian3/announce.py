"""Announcements and the kontra chain (slovenian3.md §7), before trick 1.

Turns start with the declarer (klop: forehand) and go round in playing order. In a turn a
player makes any number of calls, then ends the turn with ``pass`` (a turn without a call is a
pass). The phase ends once all three players have had a turn and the last two turns were
passes. Klop without ``kontra_on_klop`` skips the phase.

Calls:

- ``announce:<bonus>`` (three, two, one only), for the caller's side, each bonus once in total:
  ``trula`` and ``kings`` by anyone; ``ultimo`` (pagat ultimo) only by the player holding T1;
  ``valat`` only by the declarer. Valat cancels every other announcement and its kontras,
  and nothing may be announced after it.
- ``<level word>:<item>``, the words ``kontra`` (1), ``rekontra`` (2), ``subkontra`` (3),
  ``mortkontra`` (4): odd levels by the side not owning the item, even levels by its owner,
  each right after the level below. Items: ``game`` (owned by the declarer, every contract but
  klop); after an announced valat the game's chain is the valat's and is called ``valat``
  (the level reached on the game carries over); an announced ``trula``, ``kings`` or ``ultimo``
  (owned by the announcer's side; silent bonuses cannot be kontra'd).
- ``kontra:klop`` (klop with ``kontra_on_klop``): any one player, once; doubles every klop score.

``legal_announcements`` lists ``pass``, then the announcements in the §7.2 table order
(trula, kings, ultimo, valat), then the kontra-chain calls by item (game or valat, trula,
kings, ultimo, klop).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalAction
from .play import start_play
from .state import (
    DECLARER,
    KLOP,
    KONTRA_WORDS,
    OPPONENTS,
    SEATS,
    T1,
    Announcing,
    Phase,
    SlovenianState,
    evolve,
    logged,
    next_seat,
)

GAME = "game"
VALAT = "valat"
BONUSES = ("trula", "kings", "ultimo", VALAT)  # the §7.2 table order
KONTRA_LEVEL = {word: n for n, word in enumerate(KONTRA_WORDS, start=1)}
KONTRA_ITEMS = (GAME, VALAT, "trula", "kings", "ultimo", "klop")
ITEM_NAMES = {
    GAME: "game",
    VALAT: "valat",
    "trula": "trula",
    "kings": "kings",
    "ultimo": "pagat ultimo",
    "klop": "klop",
}
_CANDIDATES = (
    "pass",
    *(f"announce:{bonus}" for bonus in BONUSES),
    *(f"{word}:{item}" for item in KONTRA_ITEMS for word in KONTRA_WORDS),
)


def other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def kontra_name(level: int) -> str | None:
    return KONTRA_WORDS[level - 1] if level else None


def valat_announced(announcing: Announcing) -> bool:
    return announcing.announced(VALAT) is not None


def start_announcements(state: SlovenianState) -> SlovenianState:
    assert state.contract is not None
    if state.contract is KLOP and not state.setup.option("kontra_on_klop"):
        return start_play(state)
    first = state.setup.forehand if state.declarer is None else state.declarer
    return evolve(state, phase=Phase.ANNOUNCE, to_act=frozenset({first}))


def _announce_refusal(state: SlovenianState, seat: int, bonus: str) -> str | None:
    assert state.contract is not None
    if not state.contract.bonuses:
        return f"There are no bonuses to announce in {state.contract.name}"
    announcing = state.announcing
    if valat_announced(announcing):
        return "Valat has been announced: nothing more may be announced"
    if announcing.announced(bonus) is not None:
        return f"{ITEM_NAMES[bonus].capitalize()} has been announced already"
    if bonus == "ultimo" and T1 not in state.hands[seat]:
        return "Only the player holding the pagat (T1) may announce pagat ultimo"
    if bonus == VALAT and seat != state.declarer:
        return "Only the declarer may announce valat"
    return None


def _chain(state: SlovenianState, item: str) -> tuple[str, str | None] | str:
    """The chain an item's kontra calls raise and its owning side, or why there is none."""
    announcing = state.announcing
    name = ITEM_NAMES[item]
    if item == "klop":
        if state.contract is not KLOP:
            return "Only a klop can be kontra'd as klop"
        return "klop", None
    if state.contract is KLOP:
        return "In klop only the klop itself can be kontra'd: say kontra:klop"
    if item == GAME:
        if valat_announced(announcing):
            return "The announced valat has taken over the game: say it on the valat"
        return GAME, DECLARER
    if item == VALAT:
        if not valat_announced(announcing):
            return "Valat has not been announced"
        return GAME, DECLARER
    announced = announcing.announced(item)
    if announced is None:
        return f"{name.capitalize()} has not been announced"
    return item, announced[0]


def _kontra_refusal(state: SlovenianState, seat: int, level: int, item: str) -> str | None:
    word = KONTRA_WORDS[level - 1]
    chain = _chain(state, item)
    if isinstance(chain, str):
        return chain
    key, owner = chain
    name = ITEM_NAMES[item]
    current = state.announcing.level(key)
    if owner is None:  # the klop: kontra once, by anyone
        if current:
            return "The klop has been kontra'd already"
        if level != 1:
            return "A klop can only be kontra'd once"
        return None
    caller = other(owner) if level % 2 else owner
    if state.side_of(seat) != caller:
        who = "the opponents" if caller == OPPONENTS else "the declarer"
        return f"Only {who} may say {word} on the {name}"
    if current >= level:
        return f"The kontra chain on the {name} is at {KONTRA_WORDS[current - 1]} already"
    if current < level - 1:
        return f"{word.capitalize()} on the {name} needs {KONTRA_WORDS[level - 2]} first"
    return None


def _refusal(state: SlovenianState, seat: int, action: str) -> str | None:
    if action == "pass":
        return None
    word, _, key = action.partition(":")
    if word == "announce" and key in BONUSES:
        return _announce_refusal(state, seat, key)
    if word in KONTRA_LEVEL and key in ITEM_NAMES:
        return _kontra_refusal(state, seat, KONTRA_LEVEL[word], key)
    return f"Unknown action {action!r}"


def legal_announcements(state: SlovenianState, seat: int) -> list[str]:
    return [action for action in _CANDIDATES if _refusal(state, seat, action) is None]


def apply_announcement(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    refusal = _refusal(state, seat, action)
    if refusal is not None:
        raise IllegalAction(refusal)
    if action == "pass":
        return _end_turn(state, seat)
    announcing = state.announcing
    word, _, key = action.partition(":")
    if word == "announce":
        side = state.side_of(seat)
        if key == VALAT:
            cancelled = [ITEM_NAMES[b] for b, _, _ in announcing.bonuses]
            text = "announces valat" + (f": {', '.join(cancelled)} cancelled" if cancelled else "")
            announcing = replace(
                announcing,
                bonuses=((VALAT, side, seat),),
                levels=tuple(entry for entry in announcing.levels if entry[0] == GAME),
            )
        else:
            text = f"announces {ITEM_NAMES[key]}"
            announcing = replace(announcing, bonuses=announcing.bonuses + ((key, side, seat),))
    else:
        chain = _chain(state, key)
        assert not isinstance(chain, str)
        announcing = replace(announcing, levels=announcing.raised(chain[0], KONTRA_LEVEL[word]))
        text = f"says {word} on the {ITEM_NAMES[key]}"
    announcing = replace(
        announcing, turn=announcing.turn + (action,), callers=announcing.callers + ((seat, action),)
    )
    return evolve(state, announcing=announcing, log=logged(state, (seat, text)))


def announcements_finished(turns: tuple[tuple[int, tuple[str, ...]], ...]) -> bool:
    """§7.1: all three players have had a turn and the last two turns were passes."""
    return len(turns) >= SEATS and not any(calls for _, calls in turns[-2:])


def _end_turn(state: SlovenianState, seat: int) -> SlovenianState:
    calls = state.announcing.turn
    turns = state.announce_turns + ((seat, calls),)
    state = evolve(
        state,
        announce_turns=turns,
        announcing=replace(state.announcing, turn=()),
        log=logged(state, (seat, "ends the turn" if calls else "passes")),
    )
    if announcements_finished(turns):
        return start_play(state)
    return evolve(state, to_act=frozenset({next_seat(seat)}))
