"""The announcement phase (hungarian.md §7): tarokk counts, bonuses and the kontra chain.

Turns start with the declarer (after the partner call) and go round in playing order. A
turn is any number of calls ended by ``pass``; the phase ends once every player has had a
turn and the last three turns had no call (§7.1). The calls:

- ``announce:8-tarokks``, ``announce:9-tarokks``: holding exactly that many tarokks, once
  per player (§7.2.1). Declared by the engine itself, as part of the same call, when such a
  player announces pagát ultimó or raises an opposing pagát ultimó by an odd level.
- ``announce:<bonus>`` for the caller's real side, ``<bonus>`` one of ``trull``,
  ``four-kings``, ``ultimo`` (pagát ultimó), ``xxi-catch``, ``double-game``, ``volat``;
  each side once per bonus (§7.2.2, restrictions §7.3).
- ``<level word>:<item>``, the level words ``kontra``, ``rekontra``, ``szubkontra``,
  ``hirskontra``, ``mordkontra`` (levels 1–5, at most the ``max_kontra_level`` option), the
  item ``game`` or a bonus. Odd levels raise the other side's item, even levels the caller's
  own side's, each from the level just below (§7.2.3); so the word names the item uniquely.

Side presumption (§7.4) is enforced from the real sides the server knows: a player whose
side is not yet public may announce a bonus only when the presumed side (the side of the
most recent bonus or kontra-chain caller; the declarer's before anything is said) is their
own; otherwise a kontra-chain call must come first, which makes their side public.

``legal_announcements`` lists, in this order: ``pass``; the tarokk count; the bonuses in
the §7.2 table order (trull, four kings, ultimó, XXI-catch, double game, volát); then the
kontra-chain calls by item (the game, then the bonuses in table order), the other side's
item before the own side's. Everything in it depends only on public calls, the seat's own
hand and the seat's own side, which each player knows (§6: holding the called card or not).
"""

from __future__ import annotations

from dataclasses import replace

from ..announcing import Turns, end_turn, finished
from ..cards import HONOURS, is_trump
from ..kontra import DECLARER, OPPONENTS, Ladder, across, refuse
from ..tricks import LogEntry, Trick
from ..words import Msg, _, pgettext
from .state import PLAYERS, Announcing, HungarianState, Phase, evolve, logged

GAME = "game"
ULTIMO = "ultimo"
DOUBLE_GAME = "double-game"
VOLAT = "volat"
BONUSES = ("trull", "four-kings", ULTIMO, "xxi-catch", DOUBLE_GAME, VOLAT)  # the §7.2 table order
ITEMS = (GAME, *BONUSES)
# How a player reads them (the receipt's names, hungarian.md §7.2).
ITEM_NAMES = {
    GAME: pgettext("bonus", "game"),
    "trull": pgettext("bonus", "trull"),
    "four-kings": pgettext("bonus", "four kings"),
    ULTIMO: pgettext("bonus", "pagát ultimó"),
    "xxi-catch": pgettext("bonus", "XXI-catch"),
    DOUBLE_GAME: pgettext("bonus", "double game"),
    VOLAT: pgettext("bonus", "volát"),
}
KONTRA_WORDS = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")  # levels 1..5
# The level words as a player reads them, and at the start of a sentence.
KONTRA_NAMES = (
    pgettext("kontra", "kontra"),
    pgettext("kontra", "rekontra"),
    pgettext("kontra", "szubkontra"),
    pgettext("kontra", "hirskontra"),
    pgettext("kontra", "mordkontra"),
)
KONTRA_TITLES = (
    pgettext("kontra", "Kontra"),
    pgettext("kontra", "Rekontra"),
    pgettext("kontra", "Szubkontra"),
    pgettext("kontra", "Hirskontra"),
    pgettext("kontra", "Mordkontra"),
)
LADDER = Ladder(KONTRA_WORDS, KONTRA_NAMES)
KONTRA_LEVEL = LADDER.levels
TAROKK_COUNTS = {"8-tarokks": 8, "9-tarokks": 9}
SIDE_NAMES = {DECLARER: _("the declarer's side"), OPPONENTS: _("the opponents' side")}

# Every call a player could make, in the order ``legal_announcements`` lists them.
_CANDIDATES = LADDER.calls((*TAROKK_COUNTS, *BONUSES), ITEMS)
_KNOWN = frozenset(_CANDIDATES)  # any other action is malformed
kontra_name = LADDER.name


def announcements_finished(turns: Turns) -> bool:
    """§7.1: every player has had a turn and the last three turns were passes."""
    return finished(turns, PLAYERS)


def public_seats(state: HungarianState) -> frozenset[int]:
    """§7.4: the declarer, the accepted inviter or yielder, and every bonus or kontra caller."""
    seats = set(state.announcing.callers)
    if state.declarer is not None:
        seats.add(state.declarer)
    if state.promise is not None:
        seats.add(state.promise[0])
    return frozenset(seats)


def presumed_side(state: HungarianState) -> str:
    """§7.4: the side of the most recent bonus or kontra-chain caller; the declarer's at first."""
    callers = state.announcing.callers
    return state.side_of(callers[-1]) if callers else DECLARER


def tarokks_held(state: HungarianState, seat: int) -> int:
    return sum(1 for card in state.hands[seat] if is_trump(card))


def _count_due(state: HungarianState, seat: int) -> int | None:
    """The tarokk count the seat may still declare (8 or 9), or None."""
    if any(s == seat for s, _ in state.announcing.tarokk_counts):
        return None
    held = tarokks_held(state, seat)
    return held if held in (8, 9) else None


def _ultimo_owed(state: HungarianState, seat: int) -> str | None:
    """§7.3: the promised card when the seat is an inviter (or yielder) bound to announce
    pagát ultimó now: it bound the declarer, its only honour is T1, this is its first turn
    and its side has not announced the ultimó yet; None otherwise."""
    promise = state.promise
    if promise is None or promise[0] != seat:
        return None
    if {card for card in state.hands[seat] if card in HONOURS} != {"T1"}:
        return None
    if any(s == seat for s, _ in state.announce_turns):
        return None
    if state.announcing.announced(state.side_of(seat), ULTIMO):
        return None
    return promise[1]


def _refusal(state: HungarianState, seat: int, action: str) -> Msg | None:
    """Why ``action`` is not legal for ``seat`` now (a message for the player), or None."""
    owed = _ultimo_owed(state, seat)
    if owed is not None and action != f"announce:{ULTIMO}":
        return _(
            "You promised {card} with the pagát as your only honour: announce pagát ultimó first", card=owed
        )
    if action == "pass":
        return None
    word, _sep, key = action.partition(":")
    if word == "announce":
        if key in TAROKK_COUNTS:
            return _count_refusal(state, seat, TAROKK_COUNTS[key])
        if key in BONUSES:
            return _bonus_refusal(state, seat, key)
        return _("Unknown action {action}", action=repr(action))
    if word in KONTRA_LEVEL and key in ITEMS:
        return _kontra_refusal(state, seat, KONTRA_LEVEL[word], key)
    return _("Unknown action {action}", action=repr(action))


def _count_refusal(state: HungarianState, seat: int, count: int) -> Msg | None:
    if any(s == seat for s, _ in state.announcing.tarokk_counts):
        return _("You have declared your tarokks already")
    if tarokks_held(state, seat) != count:
        return _("You do not hold exactly {count} tarokks", count=count)
    return None


def _bonus_refusal(state: HungarianState, seat: int, bonus: str) -> Msg | None:
    announcing = state.announcing
    side = state.side_of(seat)
    name = ITEM_NAMES[bonus]
    if announcing.announced(side, bonus):
        return _("Your side has announced {item} already", item=name)
    if bonus in (DOUBLE_GAME, VOLAT):
        rival = VOLAT if bonus == DOUBLE_GAME else DOUBLE_GAME
        if f"announce:{rival}" in announcing.turn:
            return _("You may not announce double game and volát in the same turn")
        if bonus == DOUBLE_GAME and announcing.announced(side, VOLAT):
            return _("Your side has announced volát: it may not announce double game any more")
    if seat not in public_seats(state) and presumed_side(state) != side:
        presumed = SIDE_NAMES[presumed_side(state)]
        return _(
            "You would be taken for {side}: first make a kontra call only your side may make", side=presumed
        )
    return None


def _kontra_refusal(state: HungarianState, seat: int, level: int, item: str) -> Msg | None:
    word = KONTRA_NAMES[level - 1]
    highest = int(state.setup.option("max_kontra_level"))
    if level > highest:
        return _("This table plays no higher than {word}", word=KONTRA_NAMES[highest - 1])
    side = state.side_of(seat)
    owner = across(side, level)  # odd levels raise the other side's item, even ones the caller's
    name = ITEM_NAMES[item]
    if item == GAME:
        if owner != DECLARER:
            if level % 2:
                return _("Only the opponents may say {word} on the game", word=word)
            return _("Only the declarer's side may say {word} on the game", word=word)
    elif not state.announcing.announced(owner, item):
        if level % 2:
            return _("The other side has not announced {item}", item=name)
        return _("Your side has not announced {item}", item=name)
    current = state.announcing.level(owner, item)
    if current >= level:
        return _("The {item} is at {word} already", item=name, word=KONTRA_NAMES[current - 1])
    if current < level - 1:
        return _(
            "{word} on the {item} needs {lower} first",
            word=KONTRA_TITLES[level - 1],
            item=name,
            lower=KONTRA_NAMES[level - 2],
        )
    return None


# Each candidate call with its level (0 but for a kontra-chain call) and what follows its word.
_PARSED = tuple(
    (action, KONTRA_LEVEL.get(word, 0), argument)
    for action in _CANDIDATES
    for word, _sep, argument in [action.partition(":")]
)


def legal_announcements(state: HungarianState, seat: int) -> list[str]:
    """Every candidate ``_refusal`` lets through, in the candidates' order. The kontra-chain
    calls are most of the candidates and few are ever legal: one whose level is above the
    table's highest, or not the one above its item's present level, is refused by
    ``_kontra_refusal`` whatever else holds, so it is passed over without building the refusal."""
    if _ultimo_owed(state, seat) is not None:
        candidates: tuple[str, ...] = (f"announce:{ULTIMO}",)  # ``_refusal`` refuses every other call
    else:
        highest = int(state.setup.option("max_kontra_level"))
        side = state.side_of(seat)
        levels: dict[tuple[str, str], int] = {}
        for owner, item, level in state.announcing.levels:
            levels.setdefault((owner, item), level)  # ``Announcing.level``: the first entry
        candidates = tuple(
            action
            for action, level, item in _PARSED
            if not level or (level <= highest and levels.get((across(side, level), item), 0) == level - 1)
        )
    return [action for action in candidates if _refusal(state, seat, action) is None]


def _with_count(
    state: HungarianState, seat: int, announcing: Announcing, reason: Msg
) -> tuple[Announcing, Msg | None]:
    """§7.2.1: the compulsory tarokk count, declared for the seat if it holds 8 or 9."""
    count = _count_due(state, seat)
    if count is None:
        return announcing, None
    announcing = replace(
        announcing,
        turn=announcing.turn + (f"announce:{count}-tarokks",),
        tarokk_counts=announcing.tarokk_counts + ((seat, count),),
    )
    return announcing, _("declares {count} tarokks ({reason})", count=count, reason=reason)


def apply_announcement(state: HungarianState, seat: int, action: str) -> HungarianState:
    refuse(_refusal(state, seat, action), action, _KNOWN)
    if action == "pass":
        return _end_turn(state, seat)
    announcing = state.announcing
    word, _sep, key = action.partition(":")
    side = state.side_of(seat)
    entries: list[LogEntry] = []
    if key in TAROKK_COUNTS:
        count = TAROKK_COUNTS[key]
        announcing = replace(
            announcing,
            turn=announcing.turn + (action,),
            tarokk_counts=announcing.tarokk_counts + ((seat, count),),
        )
        entries.append((seat, _("declares {count} tarokks", count=count)))
    elif word == "announce":
        announcing = replace(
            announcing,
            turn=announcing.turn + (action,),
            bonuses=announcing.bonuses + ((side, key, seat),),
            callers=announcing.callers + (seat,),
        )
        entries.append((seat, _("announces {item}", item=ITEM_NAMES[key])))
        if key == ULTIMO:
            announcing, text = _with_count(state, seat, announcing, _("compulsory with pagát ultimó"))
            if text is not None:
                entries.append((seat, text))
    else:
        level = KONTRA_LEVEL[word]
        owner = across(side, level)
        announcing = replace(
            announcing,
            turn=announcing.turn + (action,),
            levels=announcing.raised(owner, key, level),
            callers=announcing.callers + (seat,),
        )
        entries.append(
            (seat, _("says {word} on the {item}", word=KONTRA_NAMES[level - 1], item=ITEM_NAMES[key]))
        )
        if key == ULTIMO and level % 2:
            announcing, text = _with_count(
                state, seat, announcing, _("compulsory when kontra-ing pagát ultimó")
            )
            if text is not None:
                entries.append((seat, text))
    return evolve(state, announcing=announcing, log=logged(state, *entries))


def _end_turn(state: HungarianState, seat: int) -> HungarianState:
    state = end_turn(state, seat, evolve)
    if not announcements_finished(state.announce_turns):
        return evolve(state, to_act=frozenset({state.setup.next_seat(seat)}))
    forehand = state.setup.forehand
    return evolve(
        state,
        phase=Phase.PLAY,
        to_act=frozenset({forehand}),
        trick=Trick(leader=forehand),
    )
