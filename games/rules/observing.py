"""Parts of a view that several games build alike (each game's ``observe`` module has the rest):
a seat's hand and everyone's as far as the viewer may see them, the trick play with its review
and log, and the announcements' calls (Hungarian and Slovenian)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .base import HandResult
from .tricks import LogEntry, Trick, reviewable_log, reviewable_tricks, trick_json
from .views import HandsPart, TrickPlayPart


def hands_view(hands: Sequence[Sequence[str]], seat: int | None, visible: Callable[[int], bool]) -> HandsPart:
    """``hand`` (the viewer's own), ``hands`` (each one the viewer may see, else None) and
    ``hand_counts``."""
    return {
        "hand": list(hands[seat]) if seat is not None else [],
        "hands": [list(h) if visible(s) else None for s, h in enumerate(hands)],
        "hand_counts": [len(h) for h in hands],
    }


def trick_play_view(
    trick: Trick | None,
    tricks: Sequence[Trick],
    log: Sequence[LogEntry],
    result: HandResult | None,
    seats: int,
    review_all: bool,
) -> TrickPlayPart:
    """``trick`` (in progress), ``last_trick``, ``tricks`` (those the viewer may review: all of
    them with ``review_all``, else the last), ``tricks_won`` per seat, ``log`` and ``result``."""
    tricks_won = [0] * seats
    for done in tricks:
        if done.winner is not None:
            tricks_won[done.winner] += 1
    return {
        "trick": trick_json(trick) if trick is not None else None,
        "last_trick": trick_json(tricks[-1]) if tricks else None,
        "tricks": [trick_json(t) for t in reviewable_tricks(tricks, review_all)],
        "tricks_won": tricks_won,
        "log": reviewable_log(log, tricks, review_all),
        "result": result.view() if result is not None else None,
    }


def current_turn(announcing: bool, to_act: Iterable[int], calls: Sequence[str]) -> dict[str, Any] | None:
    """The announcement turn in progress, ``{"seat", "calls"}`` (its calls so far); None outside
    the announcements."""
    if not announcing:
        return None
    (seat,) = to_act
    return {"seat": seat, "calls": list(calls)}


def calls_view(
    turns: Sequence[tuple[int, tuple[str, ...]]], current: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """Every call made, ``[{"seat", "call"}]`` in order: a turn without one as its ``pass``,
    then the calls of the turn in progress."""
    calls = [{"seat": s, "call": call} for s, turn in turns for call in (turn or ("pass",))]
    if current is not None:
        calls += [{"seat": current["seat"], "call": call} for call in current["calls"]]
    return calls
