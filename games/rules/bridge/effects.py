"""What a finished move does to the following players (bridge.md §8.5).

Count the 7s, 8s and As played in the move (a move holds at most one of these ranks besides
its 6s): each 7 makes ``next(player)`` draw a card, then that player moves normally; 8s make
players draw 2 a piece and lose a turn, all on ``next(player)`` ("next": draws ``2k``, loses
one turn) or handed out one at a time to the following players ("spread", skipping the
8-player and wrapping around); As pass over the following players the same way. Play resumes
with the player after the last one hit. With two players "spread" equals "next", so the
choice is never asked there.

At the end of a round (§10.1, ``finish_effects_before_count``) the same draws happen before the
count; nobody loses a turn any more and the As do nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..words import Msg, _, ngettext, npgettext, pgettext
from .blind import draw_cards
from .pack import ACE, EIGHT, SEVEN
from .state import BridgeState, logged, next_seat

NEXT, SPREAD = "next", "spread"
EIGHTS_CHOICES = (NEXT, SPREAD)


def specials(cards: Iterable[str]) -> tuple[int, int, int]:
    """(7s, 8s, As) among ``cards``."""
    ranks = [card[1:] for card in cards]
    return ranks.count(SEVEN), ranks.count(EIGHT), ranks.count(ACE)


def move_eights(state: BridgeState) -> int:
    assert state.move is not None
    return specials(state.move.cards)[1]


def eights_choice_needed(state: BridgeState) -> bool:
    """Two or more 8s in the move, three or more players, the player chooses, not chosen yet."""
    return (
        state.eights is None
        and state.setup.eights_rule == "player_choice"
        and state.setup.players > 2
        and move_eights(state) >= 2
    )


def eights_mode(state: BridgeState) -> str:
    rule = state.setup.eights_rule
    if rule == "always_spread":
        return SPREAD
    if rule == "always_next":
        return NEXT
    return state.eights or NEXT  # one 8, or two players: both ways are the same


def following(seat: int, players: int, count: int) -> list[int]:
    """``count`` players from ``next(seat)`` on in playing order, skipping ``seat``, wrapping."""
    others = [(seat + i) % players for i in range(1, players)]
    return [others[i % len(others)] for i in range(count)]


def _draw_text(got: int, due: int, cause: Msg, loses_turn: bool) -> Msg:
    """A draw an effect made: ``due`` cards, ``got`` of them drawn, ``cause`` the card(s)."""
    if got == due and loses_turn:
        return ngettext(
            "draws {count} card for {cause} and loses a turn",
            "draws {count} cards for {cause} and loses a turn",
            due,
            count=due,
            cause=cause,
        )
    if got == due:
        return ngettext(
            "draws {count} card for {cause}", "draws {count} cards for {cause}", due, count=due, cause=cause
        )
    if loses_turn:
        return ngettext(
            "draws {got} of {count} card for {cause} (no more cards to draw) and loses a turn",
            "draws {got} of {count} cards for {cause} (no more cards to draw) and loses a turn",
            due,
            got=got,
            count=due,
            cause=cause,
        )
    return ngettext(
        "draws {got} of {count} card for {cause} (no more cards to draw)",
        "draws {got} of {count} cards for {cause} (no more cards to draw)",
        due,
        got=got,
        count=due,
        cause=cause,
    )


def _sevens(count: int) -> Msg:
    """The cause of a draw: "the seven", "2 sevens" (what a player draws for)."""
    if count == 1:
        return pgettext("draws for", "the seven")
    return npgettext("draws for", "{count} seven", "{count} sevens", count, count=count)


def _eights(count: int) -> Msg:
    if count == 1:
        return pgettext("draws for", "the eight")
    return npgettext("draws for", "{count} eight", "{count} eights", count, count=count)


def apply_effects(state: BridgeState, closing: bool) -> tuple[BridgeState, int]:
    """The move's effects, applied; and who moves next (meaningless when ``closing``)."""
    move = state.move
    assert move is not None
    players = state.setup.players
    mover = move.seat
    sevens, eights, aces = specials(move.cards)
    after = next_seat(mover, players)
    if sevens:
        state, got = draw_cards(state, after, sevens)
        state = logged(state, (after, _draw_text(got, sevens, _sevens(sevens), False)))
    if eights:
        if eights_mode(state) == NEXT:
            hits = [(next_seat(mover, players), 2 * eights, _eights(eights))]
        else:
            hits = [
                (seat, 2, pgettext("draws for", "an eight")) for seat in following(mover, players, eights)
            ]
        for seat, due, cause in hits:
            state, got = draw_cards(state, seat, due)
            state = logged(state, (seat, _draw_text(got, due, cause, not closing)))
        after = next_seat(hits[-1][0], players)
    if aces and not closing:
        passed = following(mover, players, aces)
        state = logged(state, *((seat, _("is passed over (ace)")) for seat in passed))
        after = next_seat(passed[-1], players)
    return state, after
