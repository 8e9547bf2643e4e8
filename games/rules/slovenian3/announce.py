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

from ..announcing import Turns, end_turn, finished
from ..kontra import Ladder, across, refuse
from ..words import Msg, _, pgettext
from .play import start_play
from .state import (
    CONTRACTS,
    DECLARER,
    KLOP,
    KONTRA_NAMES,
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
LADDER = Ladder(KONTRA_WORDS, KONTRA_NAMES)
KONTRA_LEVEL = LADDER.levels
KONTRA_ITEMS = (GAME, VALAT, "trula", "kings", "ultimo", "klop")
ITEM_NAMES = {
    GAME: pgettext("item", "game"),
    VALAT: pgettext("item", "valat"),
    "trula": pgettext("item", "trula"),
    "kings": pgettext("item", "kings"),
    "ultimo": pgettext("item", "pagat ultimo"),
    "klop": pgettext("item", "klop"),
}
ANNOUNCED_ALREADY = {
    "trula": _("Trula has been announced already"),
    "kings": _("Kings has been announced already"),
    "ultimo": _("Pagat ultimo has been announced already"),
    VALAT: _("Valat has been announced already"),
}
NOT_ANNOUNCED = {
    "trula": _("Trula has not been announced"),
    "kings": _("Kings has not been announced"),
    "ultimo": _("Pagat ultimo has not been announced"),
}

_CANDIDATES = LADDER.calls(BONUSES, KONTRA_ITEMS)
_KNOWN = frozenset(_CANDIDATES)  # any other action is malformed
kontra_name = LADDER.name


def listed(names: list[Msg]) -> Msg:
    """Names in a list: "trula, kings" (each a message; the list's commas one too)."""
    if len(names) == 1:
        return names[0]
    return _("{first}, {rest}", first=names[0], rest=listed(names[1:]))


def valat_announced(announcing: Announcing) -> bool:
    return announcing.announced(VALAT) is not None


def _needs_lower(level: int, item: Msg) -> Msg:
    """The refusal of a kontra-chain call (rekontra 2 … mortkontra 4) before the level below."""
    if level == 2:
        return _("Rekontra on the {item} needs kontra first", item=item)
    if level == 3:
        return _("Subkontra on the {item} needs rekontra first", item=item)
    return _("Mortkontra on the {item} needs subkontra first", item=item)


def start_announcements(state: SlovenianState) -> SlovenianState:
    assert state.contract is not None
    if state.contract is KLOP and not state.setup.option("kontra_on_klop"):
        return start_play(state)
    first = state.setup.forehand if state.declarer is None else state.declarer
    return evolve(state, phase=Phase.ANNOUNCE, to_act=frozenset({first}))


# The refusals, made once: the legal calls are every candidate without one (``_refusal``), asked
# at every position of the phase, and a message costs more to make than to look up.
NO_BONUSES = {c.key: _("There are no bonuses to announce in {contract}", contract=c.name) for c in CONTRACTS}
VALAT_CLOSES = _("Valat has been announced: nothing more may be announced")
ULTIMO_HOLDER = _("Only the player holding the pagat may announce pagat ultimo")
VALAT_DECLARER = _("Only the declarer may announce valat")
KLOP_ITEM = _("Only a klop can be kontra'd as klop")
KLOP_ONLY = _("In klop only the klop itself can be kontra'd: say kontra:klop")
VALAT_TOOK_OVER = _("The announced valat has taken over the game: say it on the valat")
VALAT_NOT_ANNOUNCED = _("Valat has not been announced")
KLOP_KONTRAD = _("The klop has been kontra'd already")
KLOP_ONCE = _("A klop can only be kontra'd once")
# (side, level, item): only that side may say the level's word on the item.
ONLY_SIDE = {
    (side, level, item): (
        _("Only the opponents may say {kontra} on the {item}", kontra=word, item=name)
        if side == OPPONENTS
        else _("Only the declarer may say {kontra} on the {item}", kontra=word, item=name)
    )
    for side in (DECLARER, OPPONENTS)
    for level, word in enumerate(KONTRA_NAMES, start=1)
    for item, name in ITEM_NAMES.items()
}
# (item, level): the item's chain is at that level already.
CHAIN_AT = {
    (item, level): _(
        "The kontra chain on the {item} is at {kontra} already", item=name, kontra=KONTRA_NAMES[level - 1]
    )
    for level in range(1, len(KONTRA_NAMES) + 1)
    for item, name in ITEM_NAMES.items()
}
# (level, item): the level needs the one below first.
NEEDS_LOWER = {
    (level, item): _needs_lower(level, name)
    for level in range(2, len(KONTRA_NAMES) + 1)
    for item, name in ITEM_NAMES.items()
}


def _announce_refusal(state: SlovenianState, seat: int, bonus: str) -> Msg | None:
    assert state.contract is not None
    if not state.contract.bonuses:
        return NO_BONUSES[state.contract.key]
    announcing = state.announcing
    if valat_announced(announcing):
        return VALAT_CLOSES
    if announcing.announced(bonus) is not None:
        return ANNOUNCED_ALREADY[bonus]
    if bonus == "ultimo" and T1 not in state.hands[seat]:
        return ULTIMO_HOLDER
    if bonus == VALAT and seat != state.declarer:
        return VALAT_DECLARER
    return None


def _chain(state: SlovenianState, item: str) -> tuple[str, str | None] | Msg:
    """The chain an item's kontra calls raise and its owning side, or why there is none."""
    announcing = state.announcing
    if item == "klop":
        if state.contract is not KLOP:
            return KLOP_ITEM
        return "klop", None
    if state.contract is KLOP:
        return KLOP_ONLY
    if item == GAME:
        if valat_announced(announcing):
            return VALAT_TOOK_OVER
        return GAME, DECLARER
    if item == VALAT:
        if not valat_announced(announcing):
            return VALAT_NOT_ANNOUNCED
        return GAME, DECLARER
    announced = announcing.announced(item)
    if announced is None:
        return NOT_ANNOUNCED[item]
    return item, announced[0]


def _kontra_refusal(state: SlovenianState, seat: int, level: int, item: str) -> Msg | None:
    chain = _chain(state, item)
    if isinstance(chain, Msg):
        return chain
    key, owner = chain
    current = state.announcing.level(key)
    if owner is None:  # the klop: kontra once, by anyone
        if current:
            return KLOP_KONTRAD
        if level != 1:
            return KLOP_ONCE
        return None
    caller = across(owner, level)
    if state.side_of(seat) != caller:
        return ONLY_SIDE[caller, level, item]
    if current >= level:
        return CHAIN_AT[item, current]
    if current < level - 1:
        return NEEDS_LOWER[level, item]
    return None


def _refusal(state: SlovenianState, seat: int, action: str) -> Msg | None:
    if action == "pass":
        return None
    word, _colon, key = action.partition(":")
    if word == "announce" and key in BONUSES:
        return _announce_refusal(state, seat, key)
    if word in KONTRA_LEVEL and key in ITEM_NAMES:
        return _kontra_refusal(state, seat, KONTRA_LEVEL[word], key)
    return _("Unknown action {action}", action=repr(action))


# Each candidate call with its level (0 but for a kontra-chain call) and the chain its kontra
# calls raise (``_chain``: valat's is the game's).
_PARSED = tuple(
    (action, KONTRA_LEVEL.get(word, 0), GAME if argument == VALAT else argument)
    for action in _CANDIDATES
    for word, _colon, argument in [action.partition(":")]
)


def legal_announcements(state: SlovenianState, seat: int) -> list[str]:
    """Every candidate ``_refusal`` lets through, in the candidates' order. A kontra-chain call
    not one level above its chain's present level is refused by ``_kontra_refusal`` whatever
    else holds, so it is passed over without building the refusal."""
    levels: dict[str, int] = {}
    for item, level in state.announcing.levels:
        levels.setdefault(item, level)  # ``Announcing.level``: the first entry
    return [
        action
        for action, level, chain in _PARSED
        if (not level or levels.get(chain, 0) == level - 1) and _refusal(state, seat, action) is None
    ]


def apply_announcement(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    refuse(_refusal(state, seat, action), action, _KNOWN)
    if action == "pass":
        return _end_turn(state, seat)
    announcing = state.announcing
    word, _colon, key = action.partition(":")
    if word == "announce":
        side = state.side_of(seat)
        if key == VALAT:
            cancelled = [ITEM_NAMES[b] for b, _side, _seat in announcing.bonuses]
            text = (
                _("announces valat: {items} cancelled", items=listed(cancelled))
                if cancelled
                else _("announces valat")
            )
            announcing = replace(
                announcing,
                bonuses=((VALAT, side, seat),),
                levels=tuple(entry for entry in announcing.levels if entry[0] == GAME),
            )
        else:
            text = _("announces {item}", item=ITEM_NAMES[key])
            announcing = replace(announcing, bonuses=announcing.bonuses + ((key, side, seat),))
    else:
        chain = _chain(state, key)
        assert not isinstance(chain, Msg)
        announcing = replace(announcing, levels=announcing.raised(chain[0], KONTRA_LEVEL[word]))
        text = _(
            "says {kontra} on the {item}", kontra=KONTRA_NAMES[KONTRA_LEVEL[word] - 1], item=ITEM_NAMES[key]
        )
    announcing = replace(
        announcing, turn=announcing.turn + (action,), callers=announcing.callers + ((seat, action),)
    )
    return evolve(state, announcing=announcing, log=logged(state, (seat, text)))


def announcements_finished(turns: Turns) -> bool:
    """§7.1: all three players have had a turn and the last two turns were passes."""
    return finished(turns, SEATS)


def _end_turn(state: SlovenianState, seat: int) -> SlovenianState:
    state = end_turn(state, seat, evolve)
    if announcements_finished(state.announce_turns):
        return start_play(state)
    return evolve(state, to_act=frozenset({next_seat(seat)}))
