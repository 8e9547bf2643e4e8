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
