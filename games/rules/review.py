"""The review of a finished hand (every game): the cards each seat was dealt, the talon, the
talon cards each seat received and its discard, and every trick with its leader and winner
(Bridge, which has no tricks: every move in the order it was made).

Each variant's ``observe`` puts it under ``review`` once the hand is over, for every viewer,
and ``None`` before then, for every viewer (staff included: the inspector has its own views):
it only gathers what the rules show everyone at the end anyway, into one shape the review
panel and ``view.json`` read. Shape, every key present (None where the game has no such thing):

- ``hands``: per seat, the cards as dealt, display order.
- ``talon``: the talon as dealt (dealt order), or None.
- ``talon_received``: per seat, the talon cards it took (``[]`` for none), or None.
- ``discards``: per seat, its discard (``[]`` for none), or None when nobody discarded.
- ``tricks``: ``[{"number", "leader", "cards": [{"seat", "card"}], "winner"}]`` in order.
- ``moves``: Bridge: ``[{"seat", "lines": ["plays H9", "draws a card"]}]``, one entry a turn,
  from the public log; else None.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .tricks import LogEntry, Trick


def _per_seat(values: Sequence[Iterable[str] | None] | None) -> list[list[str]] | None:
    return None if values is None else [list(v or ()) for v in values]


def hand_review(
    *,
    hands: Sequence[Iterable[str]],
    talon: Iterable[str] | None = None,
    talon_received: Sequence[Iterable[str] | None] | None = None,
    discards: Sequence[Iterable[str] | None] | None = None,
    tricks: Sequence[Trick] = (),
    moves: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "hands": [list(h) for h in hands],
        "talon": None if talon is None else list(talon),
        "talon_received": _per_seat(talon_received),
        "discards": _per_seat(discards),
        "tricks": [
            {
                "number": n,
                "leader": t.leader,
                "cards": [{"seat": s, "card": c} for s, c in t.cards],
                "winner": t.winner,
            }
            for n, t in enumerate(tricks, start=1)
        ],
        "moves": moves,
    }


def moves_from_log(log: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The public log as turns: consecutive lines of one seat form one entry (a line of no
    seat, such as a reshuffle of the blind, is an entry of its own)."""
    moves: list[dict[str, Any]] = []
    for seat, text in log:
        if moves and seat is not None and moves[-1]["seat"] == seat:
            moves[-1]["lines"].append(text)
        else:
            moves.append({"seat": seat, "lines": [text]})
    return moves
