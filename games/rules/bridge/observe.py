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

from typing import Any, cast

from ..base import AUDIENCE, EVERYONE, Viewer, check_viewer
from ..observing import log_view
from ..records import memo
from ..review import hand_review, moves_from_log
from ..views import BridgeView
from .effects import specials
from .pack import hand_points, sort_cards
from .state import BridgeState, Phase, Stage


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
    staff = seat is None and viewer == EVERYONE
    everything = staff or state.phase is Phase.OVER
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
    hands = view["hands"].copy()
    hands[seat] = list(hand)
    view["hands"] = hands
    points = view["hand_points"].copy()
    points[seat] = hand_points(hand)
    view["hand_points"] = points
    return view


def _shared(state: BridgeState, everything: bool, staff: bool) -> BridgeView:
    """The view of the audience (``everything``: once over; ``staff``: of everyone), every key in
    its place."""
    return _view(state, EVERYONE if staff else AUDIENCE, None, everything, staff)


# Every key of a view in its place (the order the docstring gives), with the values that are
# the same in every view: ``_view`` starts from a copy and sets the rest, which costs about half
# of building a dict of this many keys from nothing (it grows as it fills).
_KEYS: dict[str, Any] = dict.fromkeys(
    """variant viewer phase seats dealer starter to_act waiting options hand hands hand_counts
    hand_points drawn drawn_counts blind_count blind stack top wish run run_cards reshuffles
    multiplier move pending eights winner ended_by jpoints log result deal auction contract
    declarer trick tricks tricks_won review""".split()  # untranslated: the view's keys
)
_KEYS["variant"] = "bridge"


def _view(state: BridgeState, viewer: Viewer, seat: int | None, everything: bool, staff: bool) -> BridgeView:
    setup = state.setup
    players = setup.players
    phase = state.phase
    hands = state.hands
    view = _KEYS.copy()
    view["viewer"] = viewer
    view["phase"] = phase._value_  # ``value``, without the enum property's cost (a view a state)
    view["seats"] = players
    view["dealer"] = view["starter"] = setup.starter
    view["to_act"] = sorted(state.to_act)
    view["options"] = dict(setup.options)
    if everything:
        view["hands"] = [list(h) for h in hands]
        view["hand_points"] = [hand_points(h) for h in hands]
    else:
        shown: list[list[str] | None] = [None] * players
        points: list[int | None] = [None] * players
        if seat is not None:
            shown[seat] = list(hands[seat])
            points[seat] = hand_points(hands[seat])
        view["hands"], view["hand_points"] = shown, points
    view["hand"] = list(hands[seat]) if seat is not None else []
    view["hand_counts"] = [len(h) for h in hands]
    view["drawn"] = list(state.recent[seat]) if seat is not None else []
    view["drawn_counts"] = [len(r) for r in state.recent]
    view["blind_count"] = len(state.blind)
    view["blind"] = list(state.blind) if staff else None
    stack = state.stack
    view["stack"] = list(stack)
    view["top"] = stack[-1] if stack else None
    view["wish"] = state.wish
    view["run"] = len(state.run)
    view["run_cards"] = list(state.run)
    view["reshuffles"] = state.reshuffles
    view["multiplier"] = state.multiplier
    move = state.move
    if move is not None:
        view["move"] = {
            "seat": move.seat,
            "stage": move.stage._value_,
            "cards": list(move.cards),
            "drawn": move.drawn,
            "cover": move.stage is Stage.COVER and phase is Phase.PLAY,
            "opening": move.opening,
        }
        if phase is not Phase.OVER:
            sevens, eights, aces = specials(move.cards) if move.cards else (0, 0, 0)
            view["pending"] = {"sevens": sevens, "eights": eights, "aces": aces}
    view["eights"] = state.eights
    view["winner"] = view["declarer"] = state.winner
    view["ended_by"] = state.ended_by
    view["jpoints"] = state.jpoints
    view["log"] = log_view(state, True)
    if state.result is not None:
        view["result"] = state.result.view()
    if everything:
        view["deal"] = {
            "hands": [list(h) for h in setup.deal.hands],
            "blind": list(setup.deal.talon) if staff else None,
        }
    # Shared with the trick games' pages, constant here (but a list of its own per view).
    view["auction"], view["tricks"] = [], []
    if phase is Phase.OVER:
        view["review"] = review_of(state)
    return cast(BridgeView, view)
