"""Expected amounts as people read them (the analysis and the hint): at most one decimal, none
for a whole number, in the language's own format, with a real minus sign."""

from __future__ import annotations

from django.utils.formats import number_format

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
