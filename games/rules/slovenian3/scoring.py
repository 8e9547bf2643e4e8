"""Scoring (slovenian3.md §10) as a pure function of an outcome summary.

``score(outcome)`` returns the receipt: one ``ScoredItem`` per line, ``base × multiplier =
|amount|``, each amount signed from the declarer's point of view. How the lines add up:

- Lines without ``seat`` make up ``value``, the declarer's hand score (§10.2–10.4, ×2 for a
  radelc): the game and the difference (three/two/one), trula, kings, pagat ultimo, or the one
  valat line that replaces them all; the contract's line (beggar, solo without, …); then
  ``radelc``, a line equal to everything above it, which doubles the sum.
- Lines with ``seat`` are individual and never multiplied: the mond penalty and škisfang (the
  seat that pays; ``side`` is that seat's side), and in klop each player's own score (``side``
  ``"player"``).
- ``payments[s]`` = ``value`` for the declarer, 0 for the others, plus the amounts of the
  lines with ``seat == s``. So the declarer's score is the sum of every line without a seat or
  with the declarer's seat. Payments do not sum to zero (§10.7).

Each line's ``side`` is the side the item belongs to: the side that made it, else the side that
announced it (a failed announcement), else the side that failed it (a silent pagat ultimo lost in
trick 16).

Kontra levels multiply by ``2 ** level`` (kontra ×2, rekontra ×4, subkontra ×8, mortkontra ×16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import ScoredItem
from ..cards import round_to_5
from ..words import Msg, _, ngettext, pgettext
from .state import CONTRACT_BY_KEY, DECLARER, KONTRA_NAMES, OPPONENTS, SEATS, WINNING_POINTS
from .state import HAND_SIZE as TRICKS

PLAYER = "player"  # a klop line: everyone for themselves
SIGN = {DECLARER: 1, OPPONENTS: -1}

BONUS_VALUES = {"trula": (10, 20), "kings": (10, 20), "ultimo": (25, 50)}  # (silent, announced)
# The receipt's line names are keys (ScoredItem.name, in English); the receipt shows LABELS
# (ScoredItem.label). A contract's own line (beggar, solo without, ...) is named by the
# contract's name in English and shown as the contract's name.
BONUS_NAMES = {"trula": "trula", "kings": "kings", "ultimo": "pagat ultimo"}  # untranslated: keys
TRULA, KINGS, ULTIMO = BONUS_NAMES["trula"], BONUS_NAMES["kings"], BONUS_NAMES["ultimo"]
KLOP = "klop"
VALAT = "valat"
GAME = "game"
DIFFERENCE = "difference"
MOND_PENALTY = "mond penalty"  # untranslated: a key, shown as LABELS[MOND_PENALTY]
SKISFANG = "škisfang"
RADELC = "radelc"
LABELS = {
    TRULA: pgettext("score", "trula"),
    KINGS: pgettext("score", "kings"),
    ULTIMO: pgettext("score", "pagat ultimo"),
    KLOP: pgettext("score", "klop"),
    VALAT: pgettext("score", "valat"),
    GAME: pgettext("score", "game"),
    DIFFERENCE: pgettext("score", "difference"),
    MOND_PENALTY: pgettext("score", "mond penalty"),
    SKISFANG: pgettext("score", "škisfang"),
    RADELC: pgettext("score", "radelc"),
}
# A bonus won by a side, by (winner, announcer or None).
WON_BY = {
    (DECLARER, None): _("won by the declarer"),
    (OPPONENTS, None): _("won by the opponents"),
    (DECLARER, DECLARER): _("won by the declarer (announced by the declarer)"),
    (DECLARER, OPPONENTS): _("won by the declarer (announced by the opponents)"),
    (OPPONENTS, DECLARER): _("won by the opponents (announced by the declarer)"),
    (OPPONENTS, OPPONENTS): _("won by the opponents (announced by the opponents)"),
}
RADELCI_CONTRACTS = frozenset({"klop", "beggar", "solo-without", "open-beggar", "colour-valat", "valat"})


@dataclass(frozen=True)
class Outcome:
    """What scoring needs to know about a finished hand."""

    contract: str  # the contract's key: "klop", "three", ..., "valat"
    value: int  # the contract's value (§4.1)
    declarer: int | None  # None in klop
    declarer_points: int = 0  # D: the declarer's pile counted in threes
    declarer_tricks: int = 0
    opponent_tricks: int = 0
    klop_points: tuple[int, ...] = ()  # klop: each player's pile, counted in threes
    klop_tricks: tuple[int, ...] = ()  # klop: tricks won per player
    trula: str | None = None  # the side whose tricks hold T1, T21 and T22
    kings: str | None = None  # the side whose tricks hold the four kings
    pagat_side: str | None = None  # the side of T1's player when T1 was played to trick 16
    pagat_won: bool = False  # T1 won trick 16
    announced: tuple[tuple[str, str], ...] = ()  # (bonus, side): trula, kings, ultimo
    valat_announced: bool = False
    levels: tuple[tuple[str, int], ...] = ()  # kontra levels: "game", a bonus, "klop"
    mond_lost: tuple[int, Msg] | None = None  # (seat, how) of a mond penalty
    skis_lost: int | None = None  # the seat whose T22 fell in an emperor trick (option skisfang)
    radelci: bool = False  # the option
    radelci_held: int = 0  # the declarer's radelci before the hand
    round_to_5: bool = True
    mond_penalty: int = 20

    def level(self, item: str) -> int:
        return next((n for i, n in self.levels if i == item), 0)

    def side_of(self, seat: int) -> str:
        return DECLARER if seat == self.declarer else OPPONENTS


@dataclass(frozen=True)
class Score:
    items: tuple[ScoredItem, ...]
    value: int  # the declarer's hand score: the lines without a seat
    payments: tuple[int, ...]
    game_winner: str | None  # "declarer"/"opponents"; None in klop
    won: bool  # the declarer won (§10.6), for the radelci; False in klop
    radelci: tuple[int, ...]  # per seat gained (+1) or used (−1); () without the option


def _item(name: str, *args: Any, label: Msg | None = None, **kwargs: Any) -> ScoredItem:
    """A receipt line named by its key ``name``, shown as ``label`` (by default its LABELS)."""
    return ScoredItem(name, *args, **{**kwargs, "label": label or LABELS[name]})


def _kontra_note(level: int) -> Msg | str:
    return _("{kontra}: × {factor}", kontra=KONTRA_NAMES[level - 1], factor=2**level) if level else ""


def _join(*notes: Msg | str) -> Msg | str:
    """The notes given (``""``: none), one after another: "kings won; kontra: × 2"."""
    given = [note for note in notes if isinstance(note, Msg)]
    if not given:
        return ""
    if len(given) == 1:
        return given[0]
    return _("{note}; {more}", note=given[0], more=_join(*given[1:]))


def _r(outcome: Outcome, k: int) -> int:
    return round_to_5(k) if outcome.round_to_5 else k


def _klop_lines(outcome: Outcome) -> list[ScoredItem]:
    """§10.1, each player alone; ``kontra_on_klop`` doubles all three."""
    level = outcome.level("klop")
    multiplier = 2**level
    extremes: list[int | None] = []
    for points, tricks in zip(outcome.klop_points, outcome.klop_tricks, strict=True):
        extremes.append(70 if tricks == 0 else -70 if points >= WINNING_POINTS else None)
    decided = any(e is not None for e in extremes)
    lines = []
    for seat, (points, extreme) in enumerate(zip(outcome.klop_points, extremes, strict=True)):
        if extreme is not None:
            base, sign = 70, (1 if extreme > 0 else -1)
            note = _("took no trick") if extreme > 0 else _("{points} card points: 36 or more", points=points)
        elif decided:
            base, sign, note = 0, 1, _("{points} card points; another player scored 70", points=points)
        else:
            base, sign = _r(outcome, points), -1
            if base != points:
                note = _("{points} card points, rounded to {rounded}", points=points, rounded=base)
            else:
                note = _("{points} card points", points=points)
        noted = _join(note, _kontra_note(level))
        lines.append(_item(KLOP, PLAYER, base, multiplier, sign * base * multiplier, note=noted, seat=seat))
    return lines


def _valat_line(outcome: Outcome, multiplier: int, note: Msg | str) -> ScoredItem:
    """§10.3: an announced or a silent valat replaces the game and every bonus."""
    if outcome.valat_announced:
        made = outcome.declarer_tricks == TRICKS
        side = DECLARER if made else OPPONENTS
        text = _("announced: made") if made else _("announced: failed")
        return _item(VALAT, side, 500, multiplier, SIGN[side] * 500 * multiplier, True, _join(text, note))
    side = DECLARER if outcome.declarer_tricks == TRICKS else OPPONENTS
    if side == DECLARER:
        text = _("silent: the declarer took every trick")
    else:
        text = _("silent: the opponents took every trick")
    return _item(VALAT, side, 250, multiplier, SIGN[side] * 250 * multiplier, False, _join(text, note))


def _announcer(outcome: Outcome, bonus: str) -> str | None:
    return next((side for b, side in outcome.announced if b == bonus), None)


def _bonus_line(outcome: Outcome, bonus: str) -> ScoredItem | None:
    """§10.3: trula and kings (who won them) and pagat ultimo (T1 in trick 16)."""
    announcer = _announcer(outcome, bonus)
    level = outcome.level(bonus) if announcer else 0
    base = BONUS_VALUES[bonus][1 if announcer else 0]
    multiplier = 2**level
    kontra = _kontra_note(level)
    name = BONUS_NAMES[bonus]
    if bonus == "ultimo":
        if announcer is not None:
            side, made = announcer, outcome.pagat_won
            note = _("T1 won trick 16") if made else _("failed: T1 did not win trick 16")
        elif outcome.pagat_side is not None:
            side, made = outcome.pagat_side, outcome.pagat_won
            note = _("T1 won trick 16") if made else _("failed: T1 lost trick 16")
        else:
            return None
        sign = SIGN[side] if made else -SIGN[side]
        return _item(
            name, side, base, multiplier, sign * base * multiplier, bool(announcer), _join(note, kontra)
        )
    winner = outcome.trula if bonus == "trula" else outcome.kings
    if winner is not None:
        note = WON_BY[(winner, announcer)]
        return _item(
            name,
            winner,
            base,
            multiplier,
            SIGN[winner] * base * multiplier,
            bool(announcer),
            _join(note, kontra),
        )
    if announcer is None:
        return None
    note = _("announced, not won by either side")
    return _item(
        name, announcer, base, multiplier, -SIGN[announcer] * base * multiplier, True, _join(note, kontra)
    )


def _three_two_one(outcome: Outcome) -> tuple[list[ScoredItem], bool, str]:
    level = outcome.level("game")
    multiplier = 2**level
    kontra = _kontra_note(level)
    if outcome.valat_announced or TRICKS in (outcome.declarer_tricks, outcome.opponent_tricks):
        line = _valat_line(outcome, multiplier, kontra)
        return [line], outcome.declarer_tricks == TRICKS, line.side
    points = outcome.declarer_points
    won = points >= WINNING_POINTS
    side = DECLARER if won else OPPONENTS
    name = CONTRACT_BY_KEY[outcome.contract].name
    lines = [
        _item(
            GAME,
            side,
            outcome.value,
            multiplier,
            SIGN[side] * outcome.value * multiplier,
            note=_join(_("{contract}: {points} card points", contract=name, points=points), kontra),
        ),
    ]
    exact = points - 35
    diff = _r(outcome, exact)
    if diff != exact:
        note = _("{points} − 35 = {exact}, rounded to {rounded}", points=points, exact=exact, rounded=diff)
    else:
        note = _("{points} − 35 = {exact}", points=points, exact=exact)
    lines.append(
        _item(
            DIFFERENCE,
            DECLARER if diff >= 0 else OPPONENTS,
            abs(diff),
            multiplier,
            diff * multiplier,
            note=_join(note, kontra),
        )
    )
    for bonus in ("trula", "kings", "ultimo"):
        bonus_line = _bonus_line(outcome, bonus)
        if bonus_line is not None:
            lines.append(bonus_line)
    return lines, won, side


def _other_contract(outcome: Outcome) -> tuple[list[ScoredItem], bool, str]:
    """§10.4: beggar, solo without, open beggar, colour valat, valat."""
    level = outcome.level("game")
    multiplier = 2**level
    if outcome.contract in ("beggar", "open-beggar"):
        won = outcome.declarer_tricks == 0
        note = _("the declarer took no trick") if won else _("the declarer took a trick")
    elif outcome.contract == "solo-without":
        won = outcome.declarer_points >= WINNING_POINTS
        note = _("{points} card points", points=outcome.declarer_points)
    else:
        won = outcome.declarer_tricks == TRICKS
        note = _("the declarer took every trick") if won else _("the declarer lost a trick")
    side = DECLARER if won else OPPONENTS
    base = outcome.value
    name = CONTRACT_BY_KEY[outcome.contract].name
    line = _item(
        name.english(),
        side,
        base,
        multiplier,
        SIGN[side] * base * multiplier,
        note=_join(note, _kontra_note(level)),
        label=name,
    )
    return [line], won, side


def _individual_lines(outcome: Outcome) -> list[ScoredItem]:
    lines = []
    if outcome.mond_lost is not None:
        seat, how = outcome.mond_lost
        penalty = outcome.mond_penalty
        lines.append(_item(MOND_PENALTY, outcome.side_of(seat), penalty, 1, -penalty, note=how, seat=seat))
    if outcome.skis_lost is not None:
        seat = outcome.skis_lost
        note = _("T22 captured in the emperor trick")
        lines.append(_item(SKISFANG, outcome.side_of(seat), 100, 1, -100, note=note, seat=seat))
    return lines


def radelci_change(outcome: Outcome, won: bool) -> tuple[int, ...]:
    """§10.6: +1 for everyone after the listed contracts and after a three/two/one whose declarer
    won every trick; −1 for a declarer who held one and won."""
    if not outcome.radelci:
        return ()
    everyone = outcome.contract in RADELCI_CONTRACTS or outcome.declarer_tricks == TRICKS
    change = [1 if everyone else 0] * SEATS
    if outcome.declarer is not None and outcome.radelci_held and won:
        change[outcome.declarer] -= 1
    return tuple(change)


def score(outcome: Outcome) -> Score:
    if outcome.contract == "klop":
        lines = _klop_lines(outcome) + _individual_lines(outcome)
        payments = [0] * SEATS
        for line in lines:
            assert line.seat is not None
            payments[line.seat] += line.amount
        return Score(tuple(lines), 0, tuple(payments), None, False, radelci_change(outcome, False))
    assert outcome.declarer is not None
    if outcome.contract in ("three", "two", "one"):
        lines, won, winner = _three_two_one(outcome)
    else:
        lines, won, winner = _other_contract(outcome)
    hand = sum(line.amount for line in lines)
    if outcome.radelci and outcome.radelci_held:
        held = outcome.radelci_held
        note = ngettext(
            "the declarer holds {count} radelc: the hand score is doubled",
            "the declarer holds {count} radelci: the hand score is doubled",
            held,
            count=held,
        )
        side = DECLARER if hand >= 0 else OPPONENTS
        lines.append(_item(RADELC, side, abs(hand), 1, hand, note=note))
    lines += _individual_lines(outcome)
    value = sum(line.amount for line in lines if line.seat is None)
    payments = [0] * SEATS
    payments[outcome.declarer] = value
    for line in lines:
        if line.seat is not None:
            payments[line.seat] += line.amount
    return Score(tuple(lines), value, tuple(payments), winner, won, radelci_change(outcome, won))
