"""One move: the first card, drawing, adding cards, covering a 6 (bridge.md §8.1–§8.3).

Phase ``play``, by the move's stage:

- ``first``: ``play:<card>`` a legal first card (§8.1: the opening move takes any card, or with
  ``opening_card`` = ``last_dealt`` only the starter's last dealt card); ``draw`` only when the
  mover holds no legal first card.
- ``drawn`` (after that draw): with ``must_play_drawn_card`` the drawn card, if it is a legal
  first card, must be played (``play:<card>``; an unplayable one ends the move at once); without
  it the mover answers every draw with ``play:<card>`` (if it can be played) or ``stop``, so
  that nobody learns whether the drawn card was playable.
- ``add``: ``play:<card>`` of the top card's rank (after a J only Js), or ``stop``. A move with
  nothing left to add ends by itself.
- ``cover``: a 6 of this move lies on top: ``play:<card>`` of its suit, another 6 or a J; ``draw``
  only when the mover holds none (one card at a time until a cover turns up). When nothing can
  be drawn at all (§5) the 6 stays uncovered and the move ends.
"""

from __future__ import annotations

from ..base import IllegalAction, UnknownAction
from ..words import Msg, _, pgettext
from .blind import draw_one
from .bridge import extend_run, offers_bridge
from .pack import JACK, PACK, SIX, SUIT_ONE, first_cards_of, is_first_card
from .state import BridgeState, Move, Phase, Stage, evolve, logged, replace_hand
from .turn import after_play, end_move

# One card of a rank, as in "Play a heart, an 8 or a jack".
RANK_ONE = {
    "6": pgettext("one card of the rank", "a 6"),
    "7": pgettext("one card of the rank", "a 7"),
    "8": pgettext("one card of the rank", "an 8"),
    "9": pgettext("one card of the rank", "a 9"),
    "10": pgettext("one card of the rank", "a 10"),
    "J": pgettext("one card of the rank", "a jack"),
    "Q": pgettext("one card of the rank", "a queen"),
    "K": pgettext("one card of the rank", "a king"),
    "A": pgettext("one card of the rank", "an ace"),
}
# Another card of a rank, as in "You may only add another queen".
ADD_ANOTHER = {
    "6": _("You may only add another 6"),
    "7": _("You may only add another 7"),
    "8": _("You may only add another 8"),
    "9": _("You may only add another 9"),
    "10": _("You may only add another 10"),
    "J": _("You may only add another jack"),
    "Q": _("You may only add another queen"),
    "K": _("You may only add another king"),
    "A": _("You may only add another ace"),
}


def rank_name(rank: str) -> Msg:
    return RANK_ONE[rank]


def suit_name(suit: str) -> Msg:
    return SUIT_ONE[suit]  # "heart"


def what_may_open(state: BridgeState) -> Msg:
    """The refusal for a card that may not open a move onto the top card (§8.1)."""
    top = state.top
    assert top is not None
    if top[1:] == JACK and state.wish is not None:
        return _("Play a {suit} (the wished suit) or a jack", suit=suit_name(state.wish))
    if top[1:] == JACK:
        return _("Play a {suit} or a jack", suit=suit_name(top[0]))
    return _("Play a {suit}, {rank} or a jack", suit=suit_name(top[0]), rank=rank_name(top[1:]))


def opening_card(state: BridgeState) -> str | None:
    """The card the starter must open with (``last_dealt``), or None (any card)."""
    setup = state.setup
    if setup.opening_card != "last_dealt":
        return None
    return setup.deal.hands[setup.starter][-1]


def first_cards(state: BridgeState, move: Move) -> list[str]:
    hand = state.hands[move.seat]
    if move.opening:
        forced = opening_card(state)
        return list(hand) if forced is None else [forced]
    stack = state.stack
    return first_cards_of(hand, stack[-1] if stack else None, state.wish)


def covers(state: BridgeState, move: Move) -> list[str]:
    stack = state.stack
    return first_cards_of(state.hands[move.seat], stack[-1] if stack else None, None)


def legal_moves(state: BridgeState, seat: int) -> list[str]:
    """Cards in display order, then ``draw`` or ``stop``."""
    move = state.move
    assert move is not None
    stage = move.stage
    if stage is Stage.FIRST:
        return [f"play:{card}" for card in first_cards(state, move)] or ["draw"]
    if stage is Stage.COVER:
        return [f"play:{card}" for card in covers(state, move)] or ["draw"]
    if stage is Stage.ADD:
        top = state.top
        assert top is not None
        return [f"play:{card}" for card in state.hands[seat] if card[1:] == top[1:]] + ["stop"]
    card = move.drawn_card
    assert card is not None
    playable = [f"play:{card}"] if is_first_card(card, state.top, state.wish) else []
    return playable if state.setup.must_play_drawn_card else playable + ["stop"]


def apply_move(state: BridgeState, seat: int, action: str) -> BridgeState:
    word = action.partition(":")[0]
    if word == "draw":
        return apply_draw(state, seat, action)
    if word == "stop":
        return apply_stop(state, seat, action)
    return apply_play(state, seat, action)


def apply_play(state: BridgeState, seat: int, action: str) -> BridgeState:
    card = action.partition(":")[2]
    move = state.move
    assert move is not None
    if card not in state.hands[seat]:
        if card not in PACK:
            raise UnknownAction(_("Unknown card {card}", card=repr(card)))
        raise IllegalAction(_("You do not hold {card}", card=card))
    stage = move.stage
    if stage is Stage.FIRST and move.opening:
        forced = opening_card(state)
        if forced is not None and card != forced:
            raise IllegalAction(_("Open with {card}, the last card dealt to you", card=forced))
    elif stage is Stage.FIRST and not is_first_card(card, state.top, state.wish):
        raise IllegalAction(what_may_open(state))
    elif stage is Stage.DRAWN:
        if card != move.drawn_card:
            raise IllegalAction(_("After drawing you may play only the card you drew"))
        if not is_first_card(card, state.top, state.wish):
            raise IllegalAction(what_may_open(state))
    elif stage is Stage.ADD:
        top = state.top
        assert top is not None
        if card[1:] != top[1:]:
            raise IllegalAction(ADD_ANOTHER[top[1:]])
    elif stage is Stage.COVER and not is_first_card(card, state.top, None):
        top = state.top
        assert top is not None
        raise IllegalAction(
            _("You must cover the 6: play a {suit}, another 6 or a jack", suit=suit_name(top[0]))
        )
    return played(state, seat, card)


def played(state: BridgeState, seat: int, card: str) -> BridgeState:
    """``card`` goes from ``seat``'s hand onto the stack; any wish ends (§8.1)."""
    move = state.move
    assert move is not None
    state = logged(
        state,
        (seat, _("plays {card}", card=card)),
        hands=replace_hand(state.hands, seat, (c for c in state.hands[seat] if c != card)),
        stack=state.stack + (card,),
        run=extend_run(state.run, card),
        wish=None,
        move=move._replace(
            stage=Stage.COVER if card[1:] == SIX else Stage.ADD,
            cards=move.cards + (card,),
            drawn_card=None,
        ),
    )
    if offers_bridge(state, seat):
        return evolve(state, phase=Phase.BRIDGE)
    return after_play(state)


def apply_draw(state: BridgeState, seat: int, action: str) -> BridgeState:
    move = state.move
    assert move is not None
    stage = move.stage
    if stage is Stage.FIRST and first_cards(state, move):
        raise IllegalAction(_("You hold a card you can play: you may not draw"))
    if stage is Stage.COVER and covers(state, move):
        raise IllegalAction(_("You hold a card that covers the 6: you may not draw"))
    if stage is Stage.DRAWN:
        raise IllegalAction(_("You may draw only one card"))
    if stage is Stage.ADD:
        raise IllegalAction(_("You have played a card: you may not draw"))
    state, card = draw_one(state, seat)
    if card is None:  # §5: nothing to draw; a 6 awaiting cover stays uncovered (§8.3)
        if stage is Stage.COVER:
            text = _(
                "cannot draw: the blind is empty and the stack holds only its top card, the 6 stays uncovered"
            )
        else:
            text = _("cannot draw: the blind is empty and the stack holds only its top card")
        return end_move(logged(state, (seat, text)))
    if stage is Stage.COVER:
        return logged(state, (seat, _("draws a card")), move=move._replace(drawn=move.drawn + 1))
    drawn = move._replace(stage=Stage.DRAWN, drawn=move.drawn + 1, drawn_card=card)
    state = logged(state, (seat, _("draws a card")), move=drawn)
    if state.setup.must_play_drawn_card and not is_first_card(card, state.top, state.wish):
        return end_move(state)
    return state


def apply_stop(state: BridgeState, seat: int, action: str) -> BridgeState:
    move = state.move
    assert move is not None
    stage = move.stage
    if stage is Stage.COVER:
        raise IllegalAction(_("You must cover the 6"))
    if stage is Stage.FIRST:
        raise IllegalAction(_("Play a card first, or draw if you cannot"))
    if stage is Stage.DRAWN and state.setup.must_play_drawn_card:
        raise IllegalAction(_("You must play the card you drew"))
    return end_move(logged(state, (seat, _("ends the move"))))
