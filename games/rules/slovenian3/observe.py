"""``observe(state, viewer)``: the only door to hidden cards (slovenian3.md §13).

A seat sees its own cards and everything public; the audience only what is public;
``EVERYONE`` (staff) everything, and so does every viewer once the hand is over. Public:
every auction call; in three/two/one the six talon cards face up, their groups, the group
taken and each discarded tarok; in klop each talon card as its trick winner takes it; every
announcement and kontra call with its maker; the open beggar's hand once laid face up (as it
shrinks); each card played. Hidden until the hand is over: the other hands, the declarer's
discard (but its taroks), the talon in every other contract (and klop's untaken cards).

Keys, all present in every view (None where not visible or not applicable); the names are
the Czech and Hungarian views' wherever the meaning is the same:

- ``variant`` ``"slovenian3"``; ``viewer``; ``phase``: ``auction``, ``talon``, ``discard``,
  ``announce``, ``play``, ``over``; ``seats`` 3; ``dealer``, ``forehand``, ``middlehand``:
  seats; ``to_act``: the seats to act (sorted; [] once over); ``waiting``: always None (no
  private turns in this game); ``options``: the resolved options.
- ``hand``: the viewer seat's cards ([] for the audience and ``EVERYONE``); ``hands``: per seat
  its cards where visible to this viewer (own, the exposed open beggar, everything), else
  None; ``hand_counts``: cards per seat.
- ``auction``: every call, ``[{"seat": 1, "call": "bid:two"}, {"seat": 2, "call": "pass"}]``;
  ``highest_bid``: ``{"seat", "contract"}`` (display name) during and after the auction, or
  None before the first bid.
- ``contract``: the contract's display name (``"three"``, ``"solo without"``, ``"klop"``, …)
  once fixed, else None; ``contract_key``: its action key (``"solo-without"``); ``declarer``:
  the seat (None in klop and before the auction ends); ``public_sides``: per seat
  ``"declarer"``/``"opponents"`` once the contract is fixed (all None in klop).
- ``talon``: the six talon cards in dealt order, card 1 first: from the talon exchange on in
  three/two/one, and with everything; else None. ``talon_groups``: three/two/one: the groups
  (lists, dealt order), else None. ``talon_taken``: the group number taken (1-based) or None.
- ``discards``: None before the discard; then per seat: the declarer's discard (visible to the
  declarer, and to all at the end; else None), ``[]`` for the other two.
  ``discarded_taroks``: the declarer's discarded taroks, public (``[]`` when none).
- ``klop_gifts``: ``[{"trick": 1, "seat": 0, "card": "HK"}, ...]``: the talon cards taken so far
  in klop, each by the winner of trick n (n = 1..6); ``[]`` otherwise.
- ``exposed``: the open beggar's hand while it lies face up (§8.5), else None.
- ``radelci``: per seat, the radelci held before this hand, with the ``radelci`` option; else
  None. The change this hand makes is ``result["radelci"]``.
- Announcements (§7), in the Hungarian view's shapes: ``announcements``: every call in
  order, ``[{"seat": 0, "call": "announce:trula"}, {"seat": 1, "call": "pass"}, ...]`` (a turn
  without a call shows as ``"pass"``; the turn in progress included); ``announce_turns``: the
  finished turns, ``[{"seat": 0, "calls": ["announce:trula"]}, {"seat": 1, "calls": []}]``;
  ``announce_turn``: ``{"seat", "calls"}`` of the turn in progress, or None outside the phase;
  ``items``: the kontra-able items with their owner, announcer and level:
  ``{"item": "game", "side": "declarer", "seat": None, "level": 1, "name": "kontra"}`` (every
  contract but klop; after an announced valat it is ``{"item": "valat", "seat": <declarer>}``
  and keeps the game's level), then each announced bonus standing, in announcement order,
  ``{"item": "trula", "side": "opponents", "seat": 2, "level": 0, "name": None}``; in klop with
  ``kontra_on_klop``: ``{"item": "klop", "side": None, "seat": <who said kontra or None>,
  "level": 0 or 1, "name": None or "kontra"}``.
- ``trick``: the trick in progress ``{"leader", "cards": [{"seat", "card"}]}`` or None;
  ``last_trick``: the last completed trick (with ``winner``) or None; ``tricks``: the completed
  tricks this viewer may review (option ``trick_review``: ``last`` only the last one, ``all``
  all of them; everything once over); ``tricks_won``: per seat.
- ``log``: the public log, ``[{"seat": 0 or None, "text": "plays T21"}]``.
- ``result``: ``HandResult.view()`` (its messages as messages) once over, else None.
- ``deal``: ``{"hands", "talon"}`` as dealt, with everything only.
- ``review``: the finished hand for every viewer (``games.rules.review``), None until over.

The view is JSON-serialisable (lists, dicts, strings, numbers, None).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..base import EVERYONE, Viewer
from ..base import check_viewer as _check_viewer
from ..observing import calls_view, current_turn, own_entry, seat_view, trick_play_view
from ..records import memo
from ..review import hand_review
from ..views import SlovenianView
from .announce import GAME, VALAT, kontra_name, valat_announced
from .state import CONTRACTS, DECLARER, KLOP, OPPONENTS, SEATS, Phase, Setup, SlovenianState, groups


def _current_turn(state: SlovenianState) -> dict[str, Any] | None:
    return current_turn(state.phase is Phase.ANNOUNCE, state.to_act, state.announcing.turn)


def _calls_json(state: SlovenianState) -> list[dict[str, Any]]:
    return calls_view(state.announce_turns, _current_turn(state))


def _items_json(state: SlovenianState) -> list[dict[str, Any]]:
    announcing = state.announcing
    if state.contract is None:
        return []
    if state.contract is KLOP:
        if not state.setup.option("kontra_on_klop"):
            return []
        level = announcing.level("klop")
        seat = next((s for s, call in announcing.callers if call == "kontra:klop"), None)
        return [{"item": "klop", "side": None, "seat": seat, "level": level, "name": kontra_name(level)}]
    level = announcing.level(GAME)
    if valat_announced(announcing):
        game = {"item": VALAT, "side": "declarer", "seat": state.declarer}
    else:
        game = {"item": GAME, "side": "declarer", "seat": None}
    items = [{**game, "level": level, "name": kontra_name(level)}]
    for bonus, side, seat in announcing.bonuses:
        if bonus != VALAT:
            level = announcing.level(bonus)
            items.append(
                {"item": bonus, "side": side, "seat": seat, "level": level, "name": kontra_name(level)}
            )
    return items


def review_of(state: SlovenianState) -> dict[str, Any] | None:
    """The finished hand for everyone (``games.rules.review``); None while it runs. The talon
    group the declarer took is what the declarer received; in klop each trick winner's gifts."""
    if state.phase is not Phase.OVER:
        return None
    received: list[list[str]] | None = None
    contract, declarer = state.contract, state.declarer
    if contract is not None and declarer is not None and state.talon_taken is not None:
        received = [[] for _ in range(SEATS)]
        received[declarer] = list(groups(state.talon, contract.talon_group)[state.talon_taken - 1])
    elif state.gifts:
        received = [[c for s, c in state.gifts if s == seat] for seat in range(SEATS)]
    discards = None
    if state.discard is not None:
        discards = [list(state.discard) if s == state.declarer else [] for s in range(SEATS)]
    return hand_review(
        hands=[Setup.sort(h) for h in state.setup.deal.hands],
        talon=state.talon,
        talon_received=received,
        discards=discards,
        tricks=state.tricks,
    )


def check_viewer(viewer: Viewer) -> int | None:
    return _check_viewer(viewer, SEATS)


def observe(state: SlovenianState, viewer: Viewer) -> SlovenianView:
    """``viewer``'s view: the shared one (``observing.seat_view``) with what a seat sees besides
    the audience: its own cards, and the declarer its discard. Read-only below its top level."""
    seat = check_viewer(viewer)
    everything = state.phase is Phase.OVER or viewer == EVERYONE
    view = seat_view(state, viewer, seat, everything, _view)
    if seat is None or everything:
        return view
    discard = state.discard
    if discard is not None and seat == state.declarer:
        own_entry(view, "discards", seat, list(discard))
    return view


class _Fixed(NamedTuple):
    """The parts of every view that the hand's ``Setup`` alone decides."""

    dealer: int
    forehand: int
    middlehand: int
    options: dict[str, Any]  # shared by the views of the hand: read-only
    radelci: list[int] | None  # shared likewise
    review_all: bool  # ``trick_review = all``


def _fixed(setup: Setup) -> _Fixed:
    options = dict(setup.options)
    return _Fixed(
        setup.dealer,
        setup.forehand,
        setup.middlehand,
        options,
        list(setup.radelci) if options["radelci"] else None,
        options["trick_review"] == "all",
    )


def _view(state: SlovenianState, viewer: Viewer, seat: int | None, everything: bool) -> SlovenianView:
    setup = state.setup
    fixed = memo(setup, _fixed)  # once a hand, not once a state
    contract = state.contract
    declarer = state.declarer
    hands = state.hands
    exposed = state.exposed and declarer is not None

    def visible(s: int) -> bool:
        return everything or s == seat or (exposed and s == declarer)

    talon_public = contract is not None and contract.talon_group > 0
    highest = state.auction.highest
    discard = state.discard
    current = _current_turn(state)

    return {
        "variant": "slovenian3",
        "viewer": viewer,
        "phase": state.phase._value_,  # ``value``, without the enum property's cost
        "seats": SEATS,
        "dealer": fixed.dealer,
        "forehand": fixed.forehand,
        "middlehand": fixed.middlehand,
        "to_act": sorted(state.to_act),
        "waiting": None,
        "options": fixed.options,
        "hand": list(hands[seat]) if seat is not None else [],
        "hands": [list(h) if visible(s) else None for s, h in enumerate(hands)],
        "hand_counts": [len(h) for h in hands],
        "auction": [{"seat": s, "call": call} for s, call in state.auction.calls],
        "highest_bid": None
        if highest is None
        else {"seat": highest[0], "contract": CONTRACTS[highest[1]].name},
        "contract": None if contract is None else contract.name,
        "contract_key": None if contract is None else contract.key,
        "declarer": declarer,
        "public_sides": [None] * SEATS
        if contract is None or contract is KLOP
        else [DECLARER if s == declarer else OPPONENTS for s in range(SEATS)],
        "talon": list(state.talon) if everything or talon_public else None,
        "talon_groups": (
            [list(g) for g in groups(state.talon, contract.talon_group)]
            if contract is not None and talon_public
            else None
        ),
        "talon_taken": state.talon_taken,
        "discards": (
            None
            if discard is None
            else [(list(discard) if visible(s) else None) if s == declarer else [] for s in range(SEATS)]
        ),
        "discarded_taroks": [card for card in discard if card[0] == "T"] if discard else [],
        "klop_gifts": [{"trick": n, "seat": s, "card": c} for n, (s, c) in enumerate(state.gifts, 1)],
        "exposed": list(hands[declarer]) if exposed and declarer is not None else None,
        "radelci": fixed.radelci,
        "announcements": calls_view(state.announce_turns, current),
        "announce_turns": [{"seat": s, "calls": list(calls)} for s, calls in state.announce_turns],
        "announce_turn": current,
        "items": _items_json(state),
        **trick_play_view(state, SEATS, everything or fixed.review_all),
        "deal": setup.deal.to_json() if everything else None,
        "review": review_of(state) if state.phase is Phase.OVER else None,
    }
