"""Tricks as a seat sees them: the plays in the public log, who wins a trick, the voids shown.

Shared by every tarot variant; the rank table is the variant's (``T`` is the trump suit), and
so is the number of seats (four unless given: Slovenian tarok is played by three).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.rules.cards import TRUMP
from games.rules.tricks import PLAYED_UNSEEN, Trick
from games.rules.words import Msg

from .view import View

SEATS = 4


def plays_from_log(view: View) -> list[tuple[int, str]]:
    """Every card played so far, as (seat, card) in order, from the public log. A line that
    names no card (``PLAYED_UNSEEN``: a trick the seat may not review) is no play it knows of;
    the robots are given the log as they saw it, move by move (``games.bots.seat_view``)."""
    plays = []
    for entry in view.get("log") or ():
        text = entry["text"]
        if entry["seat"] is None or text == PLAYED_UNSEEN:
            continue
        if isinstance(text, Msg):  # "plays {card}": the card is a parameter
            card = text.params.get("card")
            if text.text == "plays {card}" and isinstance(card, str):
                plays.append((entry["seat"], card))
        elif text.startswith("plays "):
            plays.append((entry["seat"], text[6:]))
    return plays


def english(text: Any) -> str:
    """A name or log text from the rules in their English (what the robots compare)."""
    return text.english() if isinstance(text, Msg) else str(text)


def beats(card: str, best: str, led: str, rank: dict[str, int]) -> bool:
    """Whether ``card`` would take the trick from ``best`` when ``led`` was the suit led."""
    if card[0] == TRUMP:
        return best[0] != TRUMP or rank[card] > rank[best]
    return card[0] == led and best[0] == led and rank[card] > rank[best]


def trick_winner(cards: list[tuple[int, str]], rank: dict[str, int]) -> tuple[int, str]:
    """(seat, card) winning the (possibly unfinished) trick ``cards``."""
    led = cards[0][1][0]
    best = cards[0]
    for seat, card in cards[1:]:
        if beats(card, best[1], led, rank):
            best = (seat, card)
    return best


def note_play(voids: list[set[str]], seat: int, card: str, led: str) -> None:
    """A card that does not follow shows a void in the suit led, and a non-trump on a suit
    lead (or on a trump lead) shows no trumps either."""
    if card[0] != led:
        voids[seat].add(led)
        if card[0] != TRUMP:
            voids[seat].add(TRUMP)


def voids_shown(
    plays: Iterable[tuple[int, str]], seats: int = SEATS, table: int | None = None
) -> list[set[str]]:
    """Per seat of a ``table`` (default: ``seats``, those playing each trick; a Hungarian table
    of five has one more), the suits (``T`` for trumps) it has shown it lacks by not following."""
    voids: list[set[str]] = [set() for _ in range(seats if table is None else table)]
    led = ""
    for index, (seat, card) in enumerate(plays):
        if index % seats == 0:
            led = card[0]
            continue
        note_play(voids, seat, card, led)
    return voids


def played_tricks(
    plays: list[tuple[int, str]],
    rank: dict[str, int],
    seats: int = SEATS,
    winner: Callable[[list[tuple[int, str]]], int] | None = None,
) -> tuple[tuple[Trick, ...], list[tuple[int, str]]]:
    """The finished tricks and the trick in progress. ``winner``: the variant's own trick
    winner where it is not simply the highest trump, else the highest card of the suit led
    (Slovenian: the emperor trick, colour valat)."""
    done = len(plays) - len(plays) % seats
    win = winner or (lambda cards: trick_winner(cards, rank)[0])
    finished = tuple(
        Trick(plays[i][0], tuple(plays[i : i + seats]), win(plays[i : i + seats]))
        for i in range(0, done, seats)
    )
    return finished, plays[done:]
