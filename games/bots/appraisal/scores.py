"""What a finished hand is worth to a seat, per game, and in what unit (for words)."""

from __future__ import annotations

from games.rules.base import HandResult
from games.rules.words import Msg, pgettext

UNITS: dict[str, Msg] = {
    "hungarian": pgettext("appraisal unit", "points"),
    "czech": pgettext("appraisal unit", "chips"),
    "slovenian3": pgettext("appraisal unit", "points"),
    "bridge": pgettext("appraisal unit", "penalty points"),
}


def score(variant_key: str, result: HandResult, seat: int) -> float:
    """The finished hand's worth to ``seat``: its payment (Hungarian, Czech: zero-sum). Slovenian
    pays the declarer alone (opponents 0 but for their own penalties), so there it is the
    payment less the mean of the others' (what the opponents win is the declarer's loss); Bridge
    counts penalty points, so there it is the others' mean penalty less the seat's own (its
    lead over the table, as the strong robot scores it)."""
    payments = result.payments
    others = [p for s, p in enumerate(payments) if s != seat]
    if variant_key == "slovenian3":
        return payments[seat] - sum(others) / len(others)
    if variant_key == "bridge":
        return sum(others) / len(others) - payments[seat]
    return float(payments[seat])
