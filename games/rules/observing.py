"""Parts of a view that several games build alike (each game's ``observe`` module has the rest):
a seat's hand and everyone's as far as the viewer may see them, the trick play with its review
and log, and the announcements' calls (Hungarian and Slovenian)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from .base import HandResult
from .records import carried, earlier, memo
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


class _Lines(NamedTuple):
    """A state's log as a view shows it (``log_view``), with what the next state's builds on."""

    source: tuple[LogEntry, ...]  # the state's log
    hidden: int  # completed tricks when lines of all but the last were hidden, else 0
    lines: list[dict[str, Any]]  # [{"seat", "text"}]: shared by views, read-only


@carried
def _log_lines(state: Any, review_all: bool) -> _Lines:
    log: tuple[LogEntry, ...] = state.log
    tricks: Sequence[Trick] = () if review_all else state.tricks  # Bridge has none: it reviews all
    hiding = not review_all and len(tricks) >= 2
    hidden = len(tricks) if hiding else 0
    # The log only grows, and its lines change only when a trick completes: the previous
    # state's lines hold for this one while its log starts with that state's log and as many
    # tricks' lines are hidden.
    before = earlier(state, _log_lines, review_all)
    start, lines = 0, []
    if before is not None and before.hidden == hidden:
        known = len(before.source)
        if known <= len(log) and log[:known] == before.source:
            start, lines = known, before.lines
    added: Sequence[LogEntry] = log[start:]
    if hiding:
        added = reviewable_log(added, tricks, review_all)
    return _Lines(log, hidden, lines + [{"seat": seat, "text": text} for seat, text in added])


def log_view(state: Any, review_all: bool) -> list[dict[str, Any]]:
    """The public log of a state with ``log`` (and ``tricks`` unless ``review_all``), as a view
    shows it (``tricks.reviewable_log``). The list is shared by every view of the state and its
    dicts by the views of the later states: read-only."""
    return memo(state, _log_lines, review_all).lines


def trick_play_view(state: Any, seats: int, review_all: bool) -> TrickPlayPart:
    """``trick`` (in progress), ``last_trick``, ``tricks`` (those the viewer may review: all of
    them with ``review_all``, else the last), ``tricks_won`` per seat, ``log`` and ``result``,
    of a state with ``trick``, ``tricks``, ``log`` and ``result``."""
    trick: Trick | None = state.trick
    tricks: Sequence[Trick] = state.tricks
    result: HandResult | None = state.result
    tricks_won = [0] * seats
    for done in tricks:
        if done.winner is not None:
            tricks_won[done.winner] += 1
    return {
        "trick": trick_json(trick) if trick is not None else None,
        "last_trick": trick_json(tricks[-1]) if tricks else None,
        "tricks": [trick_json(t) for t in reviewable_tricks(tricks, review_all)],
        "tricks_won": tricks_won,
        "log": log_view(state, review_all),
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
