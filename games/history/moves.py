"""The replay's move list: one row per step of a hand's log, in the table's own words
(games.page.log_lines.move_label: "Play XXI", "Three", "Kontra the game") and the viewer's
language, the seat named as the table names it.

A row may carry a ``mark``: the analysis' verdict on that move (good, inaccuracy, mistake,
blunder), given by the analysis (games.analysis, through games.history.parts) for the moves its
viewer may see judged (``marked``); otherwise None. templates/games/_replay_moves.html shows it.

What a row says is no more than its viewer may know: once a hand is over every card is shown
(the rules show every hand at its end), so every row says its move in full; a player replaying
their own unfinished guided hand sees another seat's discard as a count of cards, and no row for
a move the other players may not know happened (``HandAction.public``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import ngettext

from games.page.labels import seat_name
from games.page.log_lines import move_label
from games.rules import EVERYONE
from games.rules.base import Viewer


@dataclass(frozen=True)
class MoveRow:
    seq: int  # the step this move leads to (step 0 is the deal; the log's seq, but in a seat's
    # view of a hand still being played, where the moves it did not know of are no steps)
    seat: int
    who: str  # the seat as the table names it (its player, or "Seat 3")
    words: str  # the move in the table's words and the viewer's language
    robot: bool  # a robot made it
    mark: str | None = None  # the analysis' verdict (good, inaccuracy, mistake, blunder); None: not judged


def move_rows(
    actions: Iterable[Any],
    variant: str,
    rows: Sequence[dict[str, Any]],
    viewer: Viewer = EVERYONE,
    over: bool = True,
) -> list[MoveRow]:
    """The move list of a hand: ``actions`` its logged moves (HandAction rows, or anything with
    ``seq``, ``seat``, ``action``, ``robot`` and ``public``) in order, ``rows`` its seats as
    games.page.seat_rows names them, ``viewer`` the seat whose view the replay shows (or
    everyone) and ``over`` whether the hand has ended (then nothing is hidden)."""
    secret = not over and viewer != EVERYONE
    names = list(rows)
    result: list[MoveRow] = []
    for action in actions:
        mine = action.seat == viewer
        if secret and not mine and not action.public:
            continue  # the others never knew it happened
        words = move_label(action.action, variant)
        if secret and not mine:
            words = _as_seen_by_others(action.action, words)
        result.append(
            MoveRow(
                seq=len(result) + 1 if secret else action.seq,
                seat=action.seat,
                who=seat_name(action.seat, names),
                words=words,
                robot=bool(action.robot),
            )
        )
    return result


def marked(rows: Sequence[MoveRow], marks: Mapping[int, str]) -> list[MoveRow]:
    """``rows`` with the marks of ``marks`` (``{seq: mark}``) on the moves it names."""
    return [replace(row, mark=marks[row.seq]) if row.seq in marks else row for row in rows]


def _as_seen_by_others(action: str, words: str) -> str:
    """Another seat's move as the table saw it while the hand was played: a discard's cards are
    laid away face down, so the table knew how many, not which."""
    kind, _sep, arg = action.partition(":")
    if kind == "discard":
        count = len([c for c in arg.split(",") if c])
        return ngettext("Discards %(count)s card", "Discards %(count)s cards", count) % {"count": count}
    return words
