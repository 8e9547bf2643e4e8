"""Parts of a view that several games build alike (each game's ``observe`` module has the rest):
the shared view a tarot game's ``observe`` starts from with the seat's own cards on it, a seat's
hand and everyone's as far as the viewer may see them, the trick play with its review and log,
and the announcements' calls (Hungarian and Slovenian)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .base import AUDIENCE, EVERYONE, HandResult, Viewer
from .records import carried, earlier, memo
from .tricks import (
    PLAYED_UNSEEN,
    LogEntry,
    Trick,
    card_played,
    reviewable_log,
    reviewable_tricks,
    trick_json,
)
from .views import HandsPart, TrickPlayPart

V = TypeVar("V")


# A game's ``_view(state, viewer, seat, everything)``: the view of ``viewer`` (``seat`` its seat,
# or None), with every card when ``everything``.
ViewBuilder = Callable[[Any, Viewer, "int | None", bool], V]


def _shared(state: Any, build: ViewBuilder[V], everything: bool) -> V:
    """The view of the audience (``everything``: of everyone), every key in its place."""
    return build(state, EVERYONE if everything else AUDIENCE, None, everything)


def seat_view(state: Any, viewer: Viewer, seat: int | None, everything: bool, build: ViewBuilder[V]) -> V:
    """The start of a tarot game's ``observe``: the audience's view (with ``everything``,
    everyone's), worked out by ``build`` once per state and shared by every viewer
    (``records.memo``), copied with ``viewer`` and, for a seat, its own cards in ``hand`` and
    ``hands``. What else the seat sees its game puts on with ``own_entry``. A view is read-only
    below its top level: its lists and dicts may be those of another view of the same state."""
    view: dict[str, Any] = memo(state, _shared, build, everything).copy()
    view["viewer"] = viewer
    if seat is not None:
        hand = state.hands[seat]
        view["hand"] = list(hand)
        if not everything:
            hands = view["hands"].copy()  # ``own_entry``, written out: this runs for every seat
            hands[seat] = list(hand)
            view["hands"] = hands
    return view  # type: ignore[return-value]


def own_entry(view: Any, key: str, seat: int, value: Any) -> None:
    """Set the seat's own entry of the per-seat list ``view[key]``, in a copy of the list: the
    shared one stays the other viewers'."""
    entries = list(view[key] or ())
    entries[seat] = value
    view[key] = entries


def hands_view(hands: Sequence[Sequence[str]], seat: int | None, visible: Callable[[int], bool]) -> HandsPart:
    """``hand`` (the viewer's own), ``hands`` (each one the viewer may see, else None) and
    ``hand_counts``."""
    return {
        "hand": list(hands[seat]) if seat is not None else [],
        "hands": [list(h) if visible(s) else None for s, h in enumerate(hands)],
        "hand_counts": [len(h) for h in hands],
    }


# A state's log as a view shows it (``log_view``), with what the next state's builds on: the
# state's log; the completed tricks when the lines of all but the last are hidden, else 0; and
# the lines, [{"seat", "text"}], shared by views (read-only). A plain tuple: one is made per
# state, and a named tuple's constructor costs several times as much.
_Lines = tuple[tuple[LogEntry, ...], int, list[dict[str, Any]]]


@carried
def _log_lines(state: Any, review_all: bool) -> _Lines:
    log: tuple[LogEntry, ...] = state.log
    tricks: Sequence[Trick] = () if review_all else state.tricks  # Bridge has none: it reviews all
    hidden = len(tricks) if len(tricks) >= 2 else 0
    # Every game's log only grows (each action appends its lines), and its lines change only
    # when a trick completes: the lines of the state this one was copied from hold for this one
    # while its log starts with that state's log, with the new entries' lines after them.
    before = earlier(state, _log_lines, review_all)
    if before is not None:
        source, hidden_before, lines_before = before
        if source is log and hidden_before == hidden:
            return before  # nothing logged since (the same lines: views are read-only)
        # The log is only ever made by appending to the previous state's (``state.log +
        # entries``), so it starts with that log when it is at least as long and holds that
        # log's last entry, the very object, in its place: no need to compare the whole prefix.
        known = len(source)
        if known <= len(log) and (not known or log[known - 1] is source[-1]):
            lines = lines_before.copy()
            for seat, text in log[known:]:
                lines.append({"seat": seat, "text": text})
            # A card is played once, so a line added since names no card of a trick completed
            # before: while the same tricks are hidden the new lines show as they are, and when
            # more are, only the lines of the newly hidden tricks' cards change.
            if hidden_before == hidden or (
                hidden_before < hidden
                and _hide_plays(lines, log, tricks[max(hidden_before - 1, 0) : hidden - 1])
            ):
                return (log, hidden, lines)
    shown: Sequence[LogEntry] = reviewable_log(log, tricks, review_all) if hidden else log
    return (log, hidden, [{"seat": seat, "text": text} for seat, text in shown])


def _hide_plays(lines: list[dict[str, Any]], log: Sequence[LogEntry], hiding: Sequence[Trick]) -> bool:
    """Replace, in ``lines`` (of ``log``), the line of each card played to the tricks
    ``hiding`` by ``PLAYED_UNSEEN``, as ``tricks.reviewable_log`` does. Those tricks were
    played last but one or two, so the search runs back from the end of the log and stops once
    every card is found; False if one is not (the log was not made by
    playing those tricks: the caller works the lines out afresh)."""
    cards = {(seat, card) for trick in hiding for seat, card in trick.cards}
    left = len(cards)
    for index in range(len(log) - 1, -1, -1):
        seat, text = log[index]
        if (seat, card_played(text)) in cards:
            lines[index] = {"seat": seat, "text": PLAYED_UNSEEN}
            left -= 1
            if not left:
                return True
    return not cards


def log_view(state: Any, review_all: bool) -> list[dict[str, Any]]:
    """The public log of a state with ``log`` (and ``tricks`` unless ``review_all``), as a view
    shows it (``tricks.reviewable_log``). The list is shared by every view of the state and its
    dicts by the views of the later states: read-only."""
    return memo(state, _log_lines, review_all)[2]


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
