"""Scoring (czech.md §9–§10) as a pure function of an outcome summary; no hand needed.

``score(outcome)`` is §10.1 (valat hands) or §10.2 (normal hands, in the exact order: base,
prever multiplier if the prever lost, contra, then I on the end) and returns V with its
receipt lines; ``settle(value, declarer_side)`` is §10.3. Money cards (§7.1) are paid
separately, never multiplied: ``money_line`` writes one as a receipt line ``paid_to`` its holder.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import ScoredItem
from ..cards import round_half_away
from ..words import Msg, _, ngettext, pgettext
from .money import MONEY_NAMES
from .state import DECLARER, HALF, OPPONENTS, SEATS

SIGN = {DECLARER: 1, OPPONENTS: -1}
OTHER = {DECLARER: OPPONENTS, OPPONENTS: DECLARER}
GAME = "game"
VALAT = "valat"
IOTE = "I on the end"  # untranslated: a key (ScoredItem.name), shown as its label
LABELS = {
    GAME: pgettext("bonus", "game"),
    VALAT: pgettext("bonus", "valat"),
    IOTE: pgettext("bonus", "I on the end"),
}
TRICKS = 12


@dataclass(frozen=True)
class Outcome:
    """What scoring needs to know about a played hand. Sides are "declarer"/"opponents"."""

    prever: bool  # a prever game (else a partner game, povinnost alone or not)
    card_points: tuple[int, int]  # (declaring side, opponents); they total 106
    tricks: tuple[int, int] = (6, 6)  # tricks won (declaring side, opponents); they total 12
    pm: int = 1  # prever multiplier: 1, 2 or 4 (§5.2)
    contra: int = 0  # number of contra calls, 0..3
    valat: str | None = None  # the side that called valat
    iote: str | None = None  # the side that called I on the end
    t1_side: str | None = None  # the side whose player played T1 to trick 12; None: T1 not in it
    t1_alone: bool = False  # T1 was the only trump in trick 12
    iote_called_value: int = 4
    iote_silent_value: int = 2
    iote_with_valat: bool = False


@dataclass(frozen=True)
class Score:
    items: tuple[ScoredItem, ...]  # the game or valat line, then I on the end if any
    value: int  # V, signed for the declaring side
    game_winner: str  # who won the game (or the valat item)
    valat_hand: bool


def game_won(card_points: int) -> bool:
    """§9: the declaring side wins with 54 or more; 53–53 loses."""
    return card_points > HALF


def _contra_note(k: int, multiplier: int) -> Msg:
    return ngettext(
        "{count} contra call: × {multiplier}",
        "{count} contra calls: × {multiplier}",
        k,
        count=k,
        multiplier=multiplier,
    )


def _then(first: Msg | str, second: Msg | None) -> Msg | str:
    """Two notes of one line, the second after a semicolon."""
    return first if second is None else pgettext("notes", "{first}; {second}", first=first, second=second)


def _game_line(outcome: Outcome) -> ScoredItem:
    points = outcome.card_points[0]
    won = game_won(points)
    d = abs(points - HALF)
    factor = 3 if outcome.prever else 2
    a = (d + 10) * factor
    c = round_half_away(a / 10)
    note: Msg | str = f"d = {d}, a = {d + 10} × {factor} = {a} → {c}"
    multiplier = 1
    if outcome.prever and not won:
        multiplier *= outcome.pm
        if outcome.pm != 1:
            note = _then(note, _("prever lost: × {multiplier}", multiplier=outcome.pm))
    if outcome.contra:
        multiplier *= 2**outcome.contra
        note = _then(note, _contra_note(outcome.contra, 2**outcome.contra))
    side = DECLARER if won else OPPONENTS
    return ScoredItem(GAME, side, c, multiplier, SIGN[side] * c * multiplier, note=note, label=LABELS[GAME])


def _valat_line(outcome: Outcome) -> ScoredItem:
    multiplier = 2**outcome.contra
    contra = _contra_note(outcome.contra, multiplier) if outcome.contra else None
    if outcome.valat is not None:
        base = 60 if outcome.prever else 40
        caller = outcome.valat
        made = outcome.tricks[0 if caller == DECLARER else 1] == TRICKS
        if caller == DECLARER:
            said = (
                _("called by the declaring side: made") if made else _("called by the declaring side: failed")
            )
        else:
            said = _("called by the opponents: made") if made else _("called by the opponents: failed")
        note = _then(said, contra)
        sign = SIGN[caller] * (1 if made else -1)
        return ScoredItem(
            VALAT, caller, base, multiplier, sign * base * multiplier, True, note, label=LABELS[VALAT]
        )
    base = 30 if outcome.prever else 20
    winner = DECLARER if outcome.tricks[0] == TRICKS else OPPONENTS
    if winner == DECLARER:
        note = _then(_("not called: the declaring side took all 12 tricks"), contra)
    else:
        note = _then(_("not called: the opponents took all 12 tricks"), contra)
    return ScoredItem(
        VALAT, winner, base, multiplier, SIGN[winner] * base * multiplier, False, note, label=LABELS[VALAT]
    )


def _iote_line(outcome: Outcome) -> ScoredItem | None:
    """Step 7: the I on the end for its side S_I, written from the declaring side's view."""
    if outcome.iote is not None:
        side = outcome.iote
        value = outcome.iote_called_value
        made = outcome.t1_side == side and outcome.t1_alone
        if made:
            note = _("called: T1 was the only trump in trick 12")
        elif outcome.t1_side is None:
            note = _("called, failed: T1 was not played to trick 12")
        else:
            note = _("called, failed: another trump was played to trick 12")
        return ScoredItem(
            IOTE, side, value, 1, SIGN[side] * (value if made else -value), True, note, label=LABELS[IOTE]
        )
    if outcome.t1_side is None:
        return None
    side = outcome.t1_side
    value = outcome.iote_silent_value
    if outcome.t1_alone:
        return ScoredItem(
            IOTE,
            side,
            value,
            1,
            SIGN[side] * value,
            False,
            _("not called: T1 alone in trick 12"),
            label=LABELS[IOTE],
        )
    note = _("not called, failed: another trump in trick 12")
    return ScoredItem(IOTE, side, value, 1, -SIGN[side] * value, False, note, label=LABELS[IOTE])


def is_valat_hand(outcome: Outcome) -> bool:
    return outcome.valat is not None or TRICKS in outcome.tricks


def score(outcome: Outcome) -> Score:
    items: list[ScoredItem] = []
    valat_hand = is_valat_hand(outcome)
    line = _valat_line(outcome) if valat_hand else _game_line(outcome)
    items.append(line)
    winner = line.side if line.amount * SIGN[line.side] > 0 else OTHER[line.side]
    if not valat_hand or outcome.iote_with_valat:
        iote = _iote_line(outcome)
        if iote is not None:
            items.append(iote)
    value = sum(item.amount for item in items)
    return Score(tuple(items), value, winner, valat_hand)


def settle(value: int, declarer_side: tuple[int, ...], seats: int = SEATS) -> tuple[int, ...]:
    """§10.3: two declaring players +V each and −V for each opponent; one declaring player
    +3V, each of the other three −V."""
    if len(declarer_side) == 1:
        (declarer,) = declarer_side
        return tuple((seats - 1) * value if s == declarer else -value for s in range(seats))
    return tuple(value if s in declarer_side else -value for s in range(seats))


def money_line(seat: int, side: str, name: str, a: int) -> ScoredItem:
    """A money card (§7.1): each other player paid ``a`` to ``seat``; not part of V."""
    note = _("money card: {amount} from each other player", amount=a)
    return ScoredItem(name, side, a, 1, a, note=note, paid_to=seat, label=MONEY_NAMES.get(name, name))
