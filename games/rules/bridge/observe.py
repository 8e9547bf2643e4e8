"""``observe(state, viewer)``: the only door to hidden cards (bridge.md §13).

A seat sees its own hand and the cards it drew; everybody sees the number of cards in each
hand and in the blind, every card on the stack, the run, the wish, the reshuffles and the
multiplier, and every decision (all in the log). Nobody sees which card another player drew.
``EVERYONE`` (staff) sees every hand, the deal and the blind's order; once the round is over
every viewer sees every hand with its points and the hands as dealt, but a player or the
audience never sees the order of the blind.

Keys, all present in every view (None where not visible or not known yet):

- ``variant``: "bridge"; ``viewer``: the viewer as given; ``seats``: the number of players.
- ``phase``: "play", "bridge", "wish", "eights", "jpoints" or "over".
- ``dealer``, ``starter``: the round's starter (``HandContext.dealer``), who opened the stack.
- ``to_act``: the seats to act (one seat, or none once over); ``waiting``: always None (Bridge
  has no private turns).
- ``options``: the resolved options.
- ``hand``: the viewer's cards in display order ([] for the audience and everyone).
- ``hands``: per seat, its cards when visible to the viewer, else None.
- ``hand_counts``: per seat, the number of cards held.
- ``hand_points``: per seat, the value of its cards (§9) when visible, else None.
- ``drawn``: the cards the viewer drew since its own last action, in drawing order (the card
  its last ``draw`` took, or the cards another player's 7 or 8 made it draw; [] for the
  audience and everyone).
- ``drawn_counts``: per seat, how many cards it drew since its own last action.
- ``blind_count``: cards left in the blind; ``blind``: the blind top first, for ``EVERYONE``
  only (None for every other viewer, even after the round).
- ``stack``: every card on the stack in playing order, top last (a reshuffle leaves only the top
  card); ``top``: the top card or None.
- ``wish``: the wished suit letter while a J lies on top, else None.
- ``run``: how many cards of one rank lie consecutively at the top (§8.6, counted across moves
  and reshuffles); ``run_cards``: those cards in playing order.
- ``reshuffles``: reshuffles in this round; ``multiplier``: M (§5).
- ``move``: the move in progress (the final move once over): ``{"seat", "stage"
  ("first" | "drawn" | "add" | "cover"), "cards" (played in this move, in order), "drawn"
  (cards the mover drew in it), "cover" (a 6 of this move awaits cover), "opening"}``.
- ``pending``: the effects the move in progress will have when it ends, ``{"sevens", "eights",
  "aces"}`` (cards of each rank played in it); None once the round is over.
- ``eights``: "next" or "spread" once chosen for the move being settled, else None.
- ``winner``: the round winner (who went out or declared Bridge) once known, else None;
  ``ended_by``: "went out" or "Bridge", else None; ``jpoints``: "minus" or "plus" once decided.
- ``log``: ``[{"seat", "text"}]``, public lines ("plays H9", "draws a card", "wishes hearts",
  "declares Bridge", ...); it never names a card that was not played.
- ``result``: ``HandResult.view()`` (its messages as messages) once over, else None.
- ``deal``: ``{"hands": the hands as dealt (dealt order), "blind": the blind as dealt (top first,
  ``EVERYONE`` only, else None)}`` for ``EVERYONE`` and for everyone once over, else None.
- ``review``: the finished round for every viewer (``games.rules.review``: the hands as dealt
  and every move), None until it is over.
- Shared with the trick games' pages, constant here: ``auction`` [], ``contract`` None,
  ``declarer`` (= ``winner``), ``trick`` None, ``tricks`` [], ``tricks_won`` None.

Everything is JSON-serialisable.
"""

from __future__ import annotations

from typing import Any

from ..base import AUDIENCE, EVERYONE, Viewer, check_viewer
from ..observing import hands_view, log_view
from ..records import memo
from ..review import hand_review, moves_from_log
from ..views import BridgeView
from .effects import specials
from .pack import hand_points, sort_cards
from .state import BridgeState, Phase, Stage


def _move(state: BridgeState) -> dict[str, Any] | None:
    move = state.move
    if move is None:
        return None
    return {
        "seat": move.seat,
        "stage": move.stage.value,
        "cards": list(move.cards),
        "drawn": move.drawn,
        "cover": move.stage is Stage.COVER and state.phase is Phase.PLAY,
        "opening": move.opening,
    }


def review_of(state: BridgeState) -> dict[str, Any] | None:
    """The finished round for everyone (``games.rules.review``): the hands as dealt and every
    move from the public log; None while it runs. Never the blind, nor its order."""
    if state.phase is not Phase.OVER:
        return None
    return hand_review(hands=[sort_cards(h) for h in state.setup.deal.hands], moves=moves_from_log(state.log))


def observe(state: BridgeState, viewer: Viewer) -> BridgeView:
    """``viewer``'s view: the audience's (once over, or for staff, with every hand), worked out
    once per state and shared by every viewer (``records.memo``), with what this seat sees
    besides. A view is read-only: its lists and dicts may be those of another view of the
    same state."""
    seat = check_viewer(viewer, state.setup.players)
    staff = viewer == EVERYONE
    everything = state.phase is Phase.OVER or staff
    view = memo(state, _shared, everything, staff).copy()
    view["viewer"] = viewer
    if seat is None:
        return view
    hand = state.hands[seat]
    view["hand"] = list(hand)
    view["drawn"] = list(state.recent[seat])
    if everything:
        return view
    # What the seat sees besides the audience: its own cards and their points.
    hands = list(view["hands"])
    hands[seat] = list(hand)
    view["hands"] = hands
    points = list(view["hand_points"])
    points[seat] = hand_points(hand)
    view["hand_points"] = points
    return view


def _shared(state: BridgeState, everything: bool, staff: bool) -> BridgeView:
    """The view of the audience (``everything``: once over; ``staff``: of everyone), every key in
    its place."""
    return _view(state, EVERYONE if staff else AUDIENCE, None, everything, staff)


def _view(state: BridgeState, viewer: Viewer, seat: int | None, everything: bool, staff: bool) -> BridgeView:
    setup = state.setup
    players = setup.players

    def visible(s: int) -> bool:
        return everything or s == seat

    pending = None
    if state.move is not None and state.phase is not Phase.OVER:
        sevens, eights, aces = specials(state.move.cards)
        pending = {"sevens": sevens, "eights": eights, "aces": aces}
    return {
        "variant": "bridge",
        "viewer": viewer,
        "phase": state.phase.value,
        "seats": players,
        "dealer": setup.starter,
        "starter": setup.starter,
        "to_act": sorted(state.to_act),
        "waiting": None,
        "options": dict(setup.options),
        **hands_view(state.hands, seat, visible),
        "hand_points": [hand_points(h) if visible(s) else None for s, h in enumerate(state.hands)],
        "drawn": list(state.recent[seat]) if seat is not None else [],
        "drawn_counts": [len(r) for r in state.recent],
        "blind_count": len(state.blind),
        "blind": list(state.blind) if staff else None,
        "stack": list(state.stack),
        "top": state.top,
        "wish": state.wish,
        "run": len(state.run),
        "run_cards": list(state.run),
        "reshuffles": state.reshuffles,
        "multiplier": state.multiplier,
        "move": _move(state),
        "pending": pending,
        "eights": state.eights,
        "winner": state.winner,
        "ended_by": state.ended_by,
        "jpoints": state.jpoints,
        "log": log_view(state, True),
        "result": state.result.view() if state.result is not None else None,
        "deal": (
            {
                "hands": [list(h) for h in setup.deal.hands],
                "blind": list(setup.deal.talon) if staff else None,
            }
            if everything
            else None
        ),
        "auction": [],
        "contract": None,
        "declarer": state.winner,
        "trick": None,
        "tricks": [],
        "tricks_won": None,
        "review": review_of(state),
    }
