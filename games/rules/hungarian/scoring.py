"""Scoring (hungarian.md §9–§10) as a pure function of an outcome summary.

``score(outcome)`` follows §10.3 step by step for both sides and every item; it already
takes announcements and kontra levels, so the announcement issue only has to fill them in.
``settle(value, declarer, partner)`` is §10.4 and ``settle_hand(score, ...)`` adds the
tarokk counts paid player by player (§10.5). None of them needs a played hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import ScoredItem
from ..words import Msg, _, ngettext, pgettext

DECLARER = "declarer"
OPPONENTS = "opponents"
SIDES = (DECLARER, OPPONENTS)
SIGN = {DECLARER: 1, OPPONENTS: -1}  # σ

# The receipt's line names are keys (ScoredItem.name); the receipt shows LABELS (ScoredItem.label).
GAME = "game"
TRULL = "trull"
FOUR_KINGS = "four kings"  # untranslated: a key, shown as LABELS[FOUR_KINGS]
ULTIMO = "pagát ultimó"  # untranslated: a key, shown as LABELS[ULTIMO]
XXI_CATCH = "XXI-catch"
DOUBLE_GAME = "double game"  # untranslated: a key, shown as LABELS[DOUBLE_GAME]
VOLAT = "volát"
BONUSES = (TRULL, FOUR_KINGS, ULTIMO, XXI_CATCH, DOUBLE_GAME, VOLAT)
LABELS = {
    GAME: pgettext("bonus", "game"),
    TRULL: pgettext("bonus", "trull"),
    FOUR_KINGS: pgettext("bonus", "four kings"),
    ULTIMO: pgettext("bonus", "pagát ultimó"),
    XXI_CATCH: pgettext("bonus", "XXI-catch"),
    DOUBLE_GAME: pgettext("bonus", "double game"),
    VOLAT: pgettext("bonus", "volát"),
}

PACK_POINTS = 94
GAME_POINTS = 48  # the declarer side wins the game with 48 or more
DOUBLE_GAME_POINTS = 71
TRICKS = 9


@dataclass(frozen=True)
class Outcome:
    """What scoring needs to know about a finished hand. Sides are "declarer"/"opponents"."""

    game_value: int  # g: three 1, two 2, one 3, solo 4
    card_points: tuple[int, int]  # (declarer side, opponents); they total 94
    tricks: tuple[int, int]  # tricks won (declarer side, opponents); they total 9
    trull: str | None = None  # the side that won T1, T21 and T22 in its tricks
    four_kings: str | None = None  # the side that won all four kings in its tricks
    ultimo: str | None = None  # the side whose T1 was played to trick 9 and won it
    ultimo_lost: str | None = None  # the side whose T1 was played to trick 9 and lost it
    xxi_catch: str | None = None  # the side whose T22 fell on the other side's T21
    announced: frozenset[tuple[str, str]] = frozenset()  # (side, bonus) announcements
    kontra: tuple[tuple[str, str, int], ...] = ()  # (announcing side, bonus, level)
    game_kontra: int = 0  # kl(game)
    tarokk_counts: tuple[tuple[int, str, int], ...] = ()  # (seat, its side, 8 or 9) declared
    tarokk_count_payers: str = "each_other_player"  # or "opposing_team" (§10.5)
    doubled: bool = False  # §10.6: every amount ×2
    opponents_need_48_when_kontra: bool = False  # house rule: 47–47 goes to the declarer


@dataclass(frozen=True)
class Score:
    items: tuple[ScoredItem, ...]  # the game line, the bonuses in table order, the tarokk counts
    value: int  # V: the sum of the amounts of the items without ``paid_to``
    game_winner: str


def game_winner(outcome: Outcome) -> str:
    needed = GAME_POINTS
    if outcome.game_kontra and outcome.opponents_need_48_when_kontra:
        needed = PACK_POINTS - GAME_POINTS + 1  # 47: the opponents need 48 too
    return DECLARER if outcome.card_points[0] >= needed else OPPONENTS


def _achiever(outcome: Outcome, bonus: str) -> str | None:
    """W(I): the side that achieved the bonus, or None."""
    if bonus == TRULL:
        return outcome.trull
    if bonus == FOUR_KINGS:
        return outcome.four_kings
    if bonus == ULTIMO:
        return outcome.ultimo
    if bonus == XXI_CATCH:
        return outcome.xxi_catch
    if bonus == DOUBLE_GAME:
        counts, threshold = outcome.card_points, DOUBLE_GAME_POINTS
    else:  # volát
        counts, threshold = outcome.tricks, TRICKS
    for side, count in zip(SIDES, counts, strict=True):
        if count >= threshold:
            return side
    return None


def _base(outcome: Outcome, bonus: str) -> int:
    g = outcome.game_value
    return {TRULL: 1, FOUR_KINGS: 1, ULTIMO: 5, XXI_CATCH: 21, DOUBLE_GAME: 2 * g, VOLAT: 3 * g}[bonus]


def _kontra_level(outcome: Outcome, side: str, bonus: str) -> int:
    for owner, item, level in outcome.kontra:
        if owner == side and item == bonus:
            return level
    return 0


def _eligible(outcome: Outcome, bonus: str, side: str) -> bool:
    """§10.2 silent suppression for an item that ``side`` achieved."""
    announced = (side, bonus) in outcome.announced
    volat = _achiever(outcome, VOLAT) == side or (side, VOLAT) in outcome.announced
    if bonus in (TRULL, FOUR_KINGS):
        return announced or _achiever(outcome, VOLAT) != side
    if bonus == DOUBLE_GAME:
        return announced or not volat
    return True


def _game_eligible(outcome: Outcome, winner: str) -> bool:
    if outcome.game_kontra >= 1:
        return True
    for bonus in (DOUBLE_GAME, VOLAT):
        if _achiever(outcome, bonus) == winner or (winner, bonus) in outcome.announced:
            return False
    return True


def score(outcome: Outcome) -> Score:
    """§10.3: V, the declarer side's total, as a list of receipt lines."""
    factor = 2 if outcome.doubled else 1
    lines: list[ScoredItem] = []

    def line(
        name: str,
        side: str,
        base: int,
        multiplier: int,
        sign: int,
        announced: bool,
        note: Msg | None,
        paid_to: int | None = None,
        label: Msg | None = None,
    ) -> None:
        if outcome.doubled:
            note = _("{note}; doubled hand", note=note) if note else _("doubled hand")
        multiplier *= factor
        amount = sign * base * multiplier
        label = label or LABELS[name]
        lines.append(
            ScoredItem(name, side, base, multiplier, amount, announced, note or "", paid_to, label=label)
        )

    winner = game_winner(outcome)
    if _game_eligible(outcome, winner):
        level = outcome.game_kontra
        note = _("kontra level {level}", level=level) if level else None
        line(GAME, winner, outcome.game_value, 2**level, SIGN[winner], False, note)

    for bonus in BONUSES:
        achiever = _achiever(outcome, bonus)
        for side in SIDES:
            announced = (side, bonus) in outcome.announced
            level = _kontra_level(outcome, side, bonus)
            multiplier = 2 * 2**level if announced else 1
            note = _("kontra level {level}", level=level) if level else None
            if achiever == side and _eligible(outcome, bonus, side):
                line(bonus, side, _base(outcome, bonus), multiplier, SIGN[side], announced, note)
            elif announced and achiever != side:
                failed = _("failed; {note}", note=note) if note else pgettext("bonus", "failed")
                line(bonus, side, _base(outcome, bonus), multiplier, -SIGN[side], True, failed)
        if bonus == ULTIMO and outcome.ultimo_lost is not None:
            side = outcome.ultimo_lost
            if (side, ULTIMO) not in outcome.announced:
                # Step 3: the T1 lost trick 9 for a side that had not announced the ultimó.
                line(ULTIMO, side, 5, 1, -SIGN[side], False, _("failed (silent)"))

    for seat, side, count in outcome.tarokk_counts:
        # §10.5: 8 tarokks are worth 1, 9 tarokks 2.
        value = count - 7
        name = f"{count} tarokks"  # untranslated: a key, shown as ``label``
        label = ngettext("{count} tarokk", "{count} tarokks", count, count=count)
        if outcome.tarokk_count_payers == "opposing_team":
            line(name, side, value, 1, SIGN[side], False, _("settled with V"), label=label)
        else:
            paid = value * factor
            note = _(
                "each other player pays {paid} to its holder, who receives {received}",
                paid=paid,
                received=3 * paid,
            )
            line(name, side, value, 1, 1, False, note, paid_to=seat, label=label)

    value = sum(item.amount for item in lines if item.paid_to is None)
    return Score(tuple(lines), value, winner)


FOUR_SEATS = (0, 1, 2, 3)


def settle(
    value: int,
    declarer: int,
    partner: int | None,
    players: Sequence[int] = FOUR_SEATS,
    seats: int | None = None,
) -> tuple[int, ...]:
    """§10.4 among the four active ``players``: with a partner D +V, P +V, opponents −V; alone
    D +3V, each opponent −V. Per seat of a table of ``seats`` (default: the players'); a seat
    that sits the hand out (§2, five players) pays and receives 0."""
    payments = [0] * (len(players) if seats is None else seats)
    for seat in players:
        payments[seat] = -value
    if partner is None:
        payments[declarer] = (len(players) - 1) * value
    else:
        payments[declarer] = value
        payments[partner] = value
    return tuple(payments)


def settle_hand(
    scored: Score,
    declarer: int,
    partner: int | None,
    players: Sequence[int] = FOUR_SEATS,
    seats: int | None = None,
) -> tuple[int, ...]:
    """§10.4 for V, then §10.5: each line ``paid_to`` a seat is paid by every other player."""
    payments = list(settle(scored.value, declarer, partner, players, seats))
    for item in scored.items:
        if item.paid_to is not None:
            for seat in players:
                payments[seat] -= item.amount
            payments[item.paid_to] += len(players) * item.amount
    return tuple(payments)
