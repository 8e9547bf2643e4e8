"""Expected amounts as people read them (the analysis and the hint): at most one decimal, none
for a whole number, in the language's own format, with a real minus sign; and with their unit,
its words agreeing with the number."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import npgettext, pgettext

MINUS = "−"  # untranslated: the minus sign (U+2212), not a hyphen


def amount(value: float) -> str:
    """12, 6.5, −3.3, 0 (never −0): one decimal at most, in the language's format."""
    rounded = round(value, 1)
    if rounded == 0:
        rounded = 0.0
    said = number_format(int(rounded)) if rounded == int(rounded) else number_format(rounded, decimal_pos=1)
    return MINUS + said[1:] if said.startswith("-") else said


def signed_amount(value: float) -> str:
    """+2.4, −189, 0: an amount with its sign, a plus for a gain."""
    said = amount(value)
    return "+" + said if round(value, 1) > 0 else said


# A quantity's words in a game's unit (``games.bots.appraisal.scores.UNITS``, by its words' id):
# a whole number counted as the language counts (1 point, 2 points; Czech 1 bod, 2 body, 5 bodů)
# and an amount with a fraction as the language says one (English 1.5 points, Czech 1,5 bodu,
# Slovenian 1,5 točke).
_WHOLE: dict[str, Callable[[int], str]] = {
    "points": lambda n: npgettext("an amount", "%(amount)s point", "%(amount)s points", n),
    "chips": lambda n: npgettext("an amount", "%(amount)s chip", "%(amount)s chips", n),
    "penalty points": lambda n: npgettext(  # untranslated: the key, the engine's unit's id
        "an amount", "%(amount)s penalty point", "%(amount)s penalty points", n
    ),
}
_FRACTION: dict[str, Callable[[], str]] = {
    "points": lambda: pgettext("an amount with a fraction", "%(amount)s points"),
    "chips": lambda: pgettext("an amount with a fraction", "%(amount)s chips"),
    "penalty points": lambda: pgettext(  # untranslated: the key, the engine's unit's id
        "an amount with a fraction", "%(amount)s penalty points"
    ),
}


def quantity(value: float, unit: Any, signed: bool = False) -> str:
    """ "−4.2 chips", "1 point", "+2 points": ``value`` as ``amount`` (``signed_amount`` with
    ``signed``) says it, in ``unit`` (the engine's unit message, or its id: "points", "chips",
    "penalty points"; None: points), its words agreeing with the number."""
    key = getattr(unit, "text", unit) or "points"
    if key not in _WHOLE:
        raise ValueError(f"no words for an amount in {key!r}")  # untranslated: programmer error
    said = signed_amount(value) if signed else amount(value)
    rounded = round(value, 1)
    if rounded == int(rounded):
        return _WHOLE[key](abs(int(rounded))) % {"amount": said}
    return _FRACTION[key]() % {"amount": said}
