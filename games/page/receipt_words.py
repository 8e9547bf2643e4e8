"""A receipt's rows in words, in the viewer's language (the result panel, replays, learn pages).

``games.rules.receipt`` reads each scored line as what happened (pure data); this module says
it: "Your side took 41 of 94 card points: lost", "Pagát ultimó: the opponents' side announced
it and failed". The viewer's own seat reads "you" and the viewer's side "your side"; anyone
else (a watcher, the learn pages) reads the players' names. Every sentence is one whole
message of the catalogue, so each language writes it in its own word order; the sides are
singular nouns ("your side", "the declarer side, Anna and Robot 3,") in every language, so one
sentence fits them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.rules.base import HandResult, ScoredItem
from games.rules.bridge.scoring import HAND_POINTS_ITEM, J_POINTS_ITEM
from games.rules.receipt import DECLARER, Kind, ReceiptRow, receipt_rows
from games.rules.words import from_json


def receipt_sentences(
    r: Mapping[str, Any],
    seat_rows: Sequence[Mapping[str, Any]],
    variant: str | None,
    sitter: int | None = None,
) -> list[str]:
    """For each of the result view ``r``'s lines, in order, what happened in one sentence
    (``sitter``: a seat that sat the hand out, on neither side)."""
    result = _result_of(r)
    people = _People(result, seat_rows, sitter)
    return [people.sentence(row) for row in receipt_rows(result, variant or "")]


@dataclass(frozen=True)
class ReceiptAmounts:
    """The receipt's Amount column as one viewer reads it.

    A stored line is signed from the declarer side's point of view. A seat of a side that
    settles (Hungarian, Czech) reads each line for its own side: an opponent reads its own
    failed trull as −2, not +2. A watcher, a seat that sat the hand out, and anyone where only
    the declarer scores (Slovenian) read the declarer side's point of view, and the heading says
    so. A line paid by each other player reads, for its holder, what the others pay together.
    ``value`` is the sum of the V lines as shown; ``you_get`` says who pays whom and
    ``you_get_amount`` is the viewer's payment, the figure of the payments line: where the sides
    settle it is the column's sum (the declarer alone reads "each": from each opponent).
    """

    heading: str
    cells: tuple[str, ...]
    value_label: str
    value: str  # the V total as shown, signed ("+2", or "+2 each" for the declarer alone)
    you_get: str | None = None
    you_get_amount: int | None = None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def receipt_amounts(
    r: Mapping[str, Any],
    seat_rows: Sequence[Mapping[str, Any]],
    sitter: int | None = None,
    zero_sum: bool = True,
) -> ReceiptAmounts:
    """The Amount column of the result view ``r`` from the viewer's side (see ``ReceiptAmounts``)."""
    result = _result_of(r)
    people = _People(result, seat_rows, sitter)
    me = people.me if people.me != sitter and people.me is not None else None
    if me is not None and me >= len(result.payments):
        me = None
    on_declarer_side = me is not None and me in result.declarer_side
    # Whose point of view: a seat reads its own side where the sides settle between them.
    sign = -1 if (me is not None and zero_sum and result.declarer is not None and not on_declarer_side) else 1
    yours = me is not None and result.declarer is not None and (on_declarer_side or zero_sum)
    # The declarer alone, where the sides settle, gets each line from each opponent.
    each = yours and zero_sum and me == result.declarer and len(result.declarer_side) == 1
    payers = len(people.sides[DECLARER]) + len(people.sides["opponents"]) - 1
    cells = []
    for item in result.items:
        if item.paid_to is not None:
            if me is None:
                cells.append(_("%(amount)s each") % {"amount": item.amount})
            elif me == item.paid_to:  # what the others pay, together
                cells.append(_signed(item.amount * payers))
            else:
                cells.append(_signed(-item.amount))
        elif item.seat is not None:
            cells.append(_signed(item.amount))
        elif each:
            cells.append(_("%(amount)s each") % {"amount": _signed(item.amount)})
        else:
            cells.append(_signed(sign * item.amount))
    if yours:
        heading = pgettext("receipt", "For your side")
        value_label = _("Game value V for your side (the sum of the lines added to V)")
    else:
        heading = pgettext("receipt", "For the declarer side")
        value_label = _("Game value V for the declarer side (the sum of the lines added to V)")
    value = _signed(sign * result.value)
    if each:
        value = _("%(amount)s each") % {"amount": value}
    if me is None or result.declarer is None:
        return ReceiptAmounts(heading, tuple(cells), value_label, value)
    return ReceiptAmounts(
        heading,
        tuple(cells),
        value_label,
        value,
        you_get=_who_pays(result, people, me, sign * result.value, zero_sum),
        you_get_amount=result.payments[me],
    )


def _who_pays(result: HandResult, people: _People, me: int, gain: int, zero_sum: bool) -> str:
    """What the viewer's seat gets for V, in words that say who pays whom."""
    said: dict[str, object] = {"value": abs(gain)}
    if not zero_sum:
        text = _("only you score: V") if me == result.declarer else _("only the declarer scores; you score 0")
        return _("In all: %(how)s") % {"how": text}
    alone = len(result.declarer_side) == 1
    if not gain:
        text = _("V is 0, nobody pays for it")
    elif alone and me == result.declarer:
        text = (
            _("each opponent pays you %(value)s") if gain > 0 else _("you pay each opponent %(value)s")
        ) % said
    elif alone:
        assert result.declarer is not None  # a side of one: the declarer's
        said["name"] = people.name(result.declarer)
        text = (_("%(name)s pays you %(value)s") if gain > 0 else _("you pay %(name)s %(value)s")) % said
    else:
        text = (
            _("you receive %(value)s from the other side")
            if gain > 0
            else _("you pay %(value)s to the other side")
        ) % said
    if any(item.paid_to is not None for item in result.items):
        return _("In all: %(how)s, and the lines paid by each other player") % {"how": text}
    return _("In all: %(how)s") % {"how": text}


def _result_of(r: Mapping[str, Any]) -> HandResult:
    """The result view (``HandResult.view``, or a stored summary) as a ``HandResult``."""
    items = tuple(
        ScoredItem(
            name=i["name"],
            side=i.get("side", DECLARER),
            base=i.get("base", 0),
            multiplier=i.get("multiplier", 1),
            amount=i.get("amount", 0),
            announced=bool(i.get("announced", False)),
            note=from_json(i.get("note", "")),
            paid_to=i.get("paid_to"),
            seat=i.get("seat"),
            label=from_json(i.get("label") or ""),
        )
        for i in r.get("items", ())
    )
    declarer = r.get("declarer")
    side = tuple(r.get("declarer_side") or ())
    if not side and declarer is not None:
        side = (declarer,) if r.get("partner") is None else (declarer, r["partner"])
    return HandResult(
        thrown_in=bool(r.get("thrown_in", False)),
        payments=tuple(r.get("payments") or ()),
        declarer=declarer,
        partner=r.get("partner"),
        declarer_side=side,
        card_points=tuple(r.get("card_points") or (0, 0)),
        items=items,
        value=int(r.get("value", 0)),
    )


class _People:
    """Who the sides and seats of one result are, as this viewer says them."""

    def __init__(
        self, result: HandResult, seat_rows: Sequence[Mapping[str, Any]], sitter: int | None = None
    ) -> None:
        self.names = {row["index"]: row["label"] for row in seat_rows}
        self.me = next((row["index"] for row in seat_rows if row.get("is_me")), None)
        seats = sorted((set(self.names) | set(range(len(result.payments)))) - {sitter})
        self.sides = {
            DECLARER: [s for s in seats if s in result.declarer_side],
            "opponents": [s for s in seats if s not in result.declarer_side],
        }

    def name(self, seat: int) -> str:
        return str(self.names.get(seat) or _("Seat %(number)s") % {"number": seat + 1})

    def side(self, side: str | None) -> str:
        """The side as the subject of a sentence: "your side", "the declarer side (Anna)"."""
        members = self.sides.get(side or "", [])
        if self.me is not None and self.me in members:
            return pgettext("receipt", "your side")
        names = self.listed(members)
        # The names in apposition, between commas: "the declarer side, Anna and Csaba, took ...".
        if side == DECLARER:
            return _("the declarer side, %(names)s,") % {"names": names} if names else _("the declarer side")
        return _("the opponents' side, %(names)s,") % {"names": names} if names else _("the opponents' side")

    def listed(self, seats: Sequence[int]) -> str:
        """ "Anna", "Anna and Csaba", "Béla, Csaba and Dóra"."""
        names = [self.name(s) for s in seats]
        if len(names) < 2:
            return "".join(names)
        return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}

    def sentence(self, row: ReceiptRow) -> str:
        item = str(row.item.title)
        kind = row.kind
        if kind is Kind.GAME:
            said = {"side": self.side(DECLARER), "points": row.points, "total": row.total}
            if row.won:
                return capfirst(_("%(side)s took %(points)s of %(total)s card points: won") % said)
            return capfirst(_("%(side)s took %(points)s of %(total)s card points: lost") % said)
        if kind is Kind.DIFFERENCE:
            margin = row.margin or 0
            said = {"side": self.side(DECLARER), "points": row.points, "count": abs(margin)}
            if margin > 0:
                return capfirst(_("%(side)s took %(points)s card points, %(count)s more than 35") % said)
            if margin < 0:
                return capfirst(_("%(side)s took %(points)s card points, %(count)s fewer than 35") % said)
            return capfirst(_("%(side)s took exactly 35 card points") % said)
        if kind is Kind.DOUBLING:
            return capfirst(str(row.item.note))
        said = {"item": capfirst(item), "side": self.side(row.side)}
        if kind is Kind.CONTRACT:
            if row.made:
                return _("%(item)s: %(side)s played it and won") % said
            return _("%(item)s: %(side)s played it and lost") % said
        if kind is Kind.COUNT:
            return _("%(item)s: %(side)s showed them") % said
        if kind is Kind.ITEM:
            if row.item.announced:
                if row.made:
                    return _("%(item)s: %(side)s announced it and made it") % said
                return _("%(item)s: %(side)s announced it and failed") % said
            if row.made:
                return _("%(item)s: %(side)s made it without announcing it") % said
            return _("%(item)s: %(side)s failed it without announcing it") % said
        assert row.seat is not None
        amount = row.item.amount
        if kind is Kind.HOLDING:
            if row.seat == self.me:
                return _("%(item)s in your hand: each other player pays you %(amount)s") % {
                    "item": capfirst(item),
                    "amount": amount,
                }
            return _("%(item)s in the hand of %(name)s: each other player pays them %(amount)s") % {
                "item": capfirst(item),
                "name": self.name(row.seat),
                "amount": amount,
            }
        said = {"item": capfirst(item), "amount": abs(amount), "name": self.name(row.seat)}
        if row.seat == self.me:
            if amount > 0:
                return _("%(item)s: you score %(amount)s") % said
            if amount < 0:
                return _("%(item)s: you lose %(amount)s") % said
            return _("%(item)s: nothing for you") % said
        if amount > 0:
            return _("%(item)s: %(name)s scores %(amount)s") % said
        if amount < 0:
            return _("%(item)s: %(name)s loses %(amount)s") % said
        return _("%(item)s: nothing for %(name)s") % said


def bridge_round_sentences(
    r: Mapping[str, Any], hands: Sequence[Sequence[str] | None], seat_rows: Sequence[Mapping[str, Any]]
) -> list[str]:
    """Bridge (bridge.md §10.2–§10.3): per seat, what the round's count charges it, in words:
    "You keep 2 cards worth 25 penalty points; J points: 40 off your total"."""
    result = _result_of(r)
    people = _People(result, seat_rows)
    said = []
    for seat in range(len(result.payments)):
        lines = [item for item in result.items if item.seat == seat]
        points = sum(item.base for item in lines if item.name == HAND_POINTS_ITEM)
        count = len((hands[seat] if seat < len(hands) else None) or ())
        mine = seat == people.me
        if not count:
            text = (
                _("You have no cards left")
                if mine
                else _("%(name)s has no cards left") % {"name": people.name(seat)}
            )
        elif mine:
            text = ngettext(
                "You keep %(count)s card worth %(points)s penalty points",
                "You keep %(count)s cards worth %(points)s penalty points",
                count,
            ) % {"count": count, "points": points}
        else:
            text = ngettext(
                "%(name)s keeps %(count)s card worth %(points)s penalty points",
                "%(name)s keeps %(count)s cards worth %(points)s penalty points",
                count,
            ) % {"name": people.name(seat), "count": count, "points": points}
        for item in lines:
            if item.name != J_POINTS_ITEM:
                continue
            if item.amount < 0:
                jpoints = _("J points: %(amount)s off the total") % {"amount": -item.amount}
            else:
                jpoints = _("J points: %(amount)s on the total") % {"amount": item.amount}
            text = pgettext("notes", "%(first)s; %(second)s") % {"first": text, "second": jpoints}
        said.append(text)
    return said
