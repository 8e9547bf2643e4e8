"""A loss worded: ``good``, ``inaccuracy``, ``mistake``, ``blunder`` by per-game thresholds in the
game's own unit (docs/analysis.md gives the method and the figures they come from)."""

from __future__ import annotations

MARKS = ("good", "inaccuracy", "mistake", "blunder")  # untranslated: keys; the page words them

# Per game, the least loss of an inaccuracy, a mistake and a blunder (the game's unit).
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "hungarian": (2.5, 5.0, 8.0),  # points
    "czech": (1.0, 2.0, 3.5),  # chips
    "slovenian3": (5.0, 10.0, 20.0),  # points (the seat's payment less the others' mean)
    "bridge": (5.0, 10.0, 20.0),  # penalty points (the others' mean less the seat's own)
}


def mark(variant_key: str, loss: float) -> str:
    """The mark of ``loss`` (a value lost against the best choice, >= 0) in ``variant_key``."""
    try:
        thresholds = THRESHOLDS[variant_key]
    except KeyError:
        raise ValueError(f"Unknown variant {variant_key!r}") from None  # untranslated: programmer error
    if loss < 0:
        raise ValueError(f"A loss is never negative, not {loss!r}")  # untranslated: programmer error
    result = MARKS[0]
    for name, least in zip(MARKS[1:], thresholds, strict=True):
        if loss >= least:
            result = name
    return result
