"""``observe(state, viewer)``: the only door to hidden cards (hungarian.md §13).

A seat sees its own cards, the talon cards it received, its own discard, the declarer's
discarded tarokks once published, and the played cards; the audience sees only what is
public; ``EVERYONE`` (staff) sees everything, and so does every viewer once the hand is over.

Keys, all present in every view (None where not visible or not yet known):
variant, viewer, phase, seats, sitter, dealer, forehand, to_act, options, hand, hands, hand_counts,
auction, contract, declarer, promise, trial, talon, talon_received, talon_counts, discards,
discarded, discard_tarokk_counts, declarer_discarded_tarokks, annulled, called_card, partner,
alone, announcements, announce_turns, announce_turn, items, public_sides, presumed_side,
tarokk_counts, trick, last_trick, tricks, tricks_won, log, result, deal, review.

``seats`` is the table's (4, or 5 with ``five_player``); ``sitter`` the seat sitting the hand out
(the dealer at a table of five, §2), else None. Per-seat lists have an entry for every seat, the
sitter's empty or 0. The sitter sees what the audience sees (§13), only ``viewer`` differs.

``promise`` is ``{"seat", "card"}`` once the auction has ended with another player's standing
invitation or yield (§4.4): public, since the auction that implies it is public. ``trial`` is
True when the contract was won by a trial bid (§4.6); public, as the missing raise step shows
it. ``annulled`` is ``{"seat", "condition", "hand"}`` after an annulment (§5.3): §13 shows the
annuller's hand (with the talon cards received) to everyone.

``discarded[s]`` is True once seat s has nothing left to discard (it submitted its discard,
or received no talon card); ``discards[s]`` is ``[]`` for a seat that received no talon card.
``deal`` (the dealt hands and talon) is shown with everything, for the review after the hand.
``review`` is the finished hand for every viewer (``games.rules.review``), None until over.

The announcements (§7, §13: every call with its maker, for everyone):

- ``announcements``: every call in order, ``[{"seat": 1, "call": "announce:trull"}, ...]``,
  a turn without a call shown as ``"pass"``; the turn in progress included.
- ``announce_turns``: the finished turns, ``[{"seat": 0, "calls": ["announce:trull"]},
  {"seat": 1, "calls": []}, ...]`` (``[]`` is a pass); ``announce_turn``: the turn in
  progress, ``{"seat": 2, "calls": ["kontra:game"]}``, or None outside the phase.
  Compulsory tarokk counts the engine declared appear as calls of their own.
- ``items``: the game (once the declarer is known) and every announced bonus in the order
  announced, each with its owning side and kontra level and the level's word (None at 0):
  ``[{"item": "game", "side": "declarer", "seat": None, "level": 1, "name": "kontra"},
  {"item": "trull", "side": "declarer", "seat": 0, "level": 2, "name": "rekontra"}]``;
  ``seat`` is the announcer.
- ``public_sides``: per seat, its side once public by §7.4 (the declarer, an accepted
  inviter or yielder, anyone who made a bonus or kontra-chain call), else None:
  ``["declarer", None, "opponents", None]``. ``presumed_side``: the side the next
  announcement by a player whose side is not public would be presumed to belong to.
- ``tarokk_counts``: ``[{"seat": 2, "count": 9}]``.

Every side shown is public by the rules: a call is only accepted from a side that may make
it. ``partner`` and ``alone`` stay None until the called card is played, even when a
call has made the partner's side public.
"""

from __future__ import annotations

from typing import Any

from ..base import EVERYONE, Viewer
from ..base import check_viewer as _check_viewer
from ..cards import sort_cards
from ..observing import calls_view, current_turn, hands_view, own_entry, seat_view, trick_play_view
from ..review import hand_review
from ..views import HungarianView
from .announce import BONUSES, GAME, kontra_name, presumed_side, public_seats
from .state import HungarianState, Phase


def _list_or_none(values: tuple[Any, ...] | None) -> list[Any] | None:
    return None if values is None else list(values)


def _called_card_played(state: HungarianState) -> bool:
    card = state.called_card
    if state.trick is not None and any(c == card for _, c in state.trick.cards):
        return True
    return any(c == card for trick in state.tricks for _, c in trick.cards)


def _knows_partner(state: HungarianState, seat: int | None, everything: bool) -> bool:
    """Who knows the teams: the holder of the called card (the partner, or the declarer
    alone), a player who discarded it (the declarer is alone), and everyone once it is played."""
    card = state.called_card
    if card is None:
        return False
    if everything or _called_card_played(state):
        return True
    if seat is None:
        return False
    own_discard = state.discards[seat] if state.discards is not None else None
    return card in state.hands[seat] or card in (own_discard or ())


def _turns_json(state: HungarianState) -> list[dict[str, Any]]:
    return [{"seat": s, "calls": list(calls)} for s, calls in state.announce_turns]


def _current_turn(state: HungarianState) -> dict[str, Any] | None:
    return current_turn(state.phase is Phase.ANNOUNCE, state.to_act, state.announcing.turn)


def _calls_json(state: HungarianState) -> list[dict[str, Any]]:
    return calls_view(state.announce_turns, _current_turn(state))


def _items_json(state: HungarianState) -> list[dict[str, Any]]:
    announcing = state.announcing
    levels: dict[tuple[str, str], int] = {}
    for owner, item, n in announcing.levels:
        levels.setdefault((owner, item), n)  # ``Announcing.level``: the first entry
    items = []
    if state.declarer is not None:
        level = levels.get(("declarer", GAME), 0)
        items.append(
            {"item": GAME, "side": "declarer", "seat": None, "level": level, "name": kontra_name(level)}
        )
    for side, bonus, seat in announcing.bonuses:
        assert bonus in BONUSES
        level = levels.get((side, bonus), 0)
        items.append({"item": bonus, "side": side, "seat": seat, "level": level, "name": kontra_name(level)})
    return items


def _public_sides(state: HungarianState) -> list[str | None]:
    seats = range(state.setup.seats)
    if state.declarer is None:
        return [None for _ in seats]
    public = public_seats(state)
    # The accepted promiser is public from the auction on, before the call names its card.
    promiser = state.promise[0] if state.promise is not None else None
    return ["declarer" if s == promiser else state.side_of(s) if s in public else None for s in seats]


def _annulled_json(state: HungarianState) -> dict[str, Any] | None:
    if state.annulled is None:
        return None
    seat, condition = state.annulled
    return {"seat": seat, "condition": condition, "hand": list(state.hands[seat])}


def review_of(state: HungarianState) -> dict[str, Any] | None:
    """The finished hand for everyone (``games.rules.review``); None while it runs."""
    if state.phase is not Phase.OVER:
        return None
    deal = state.setup.deal
    return hand_review(
        hands=[sort_cards(h) for h in deal.hands],
        talon=deal.talon,
        talon_received=state.talon_received,
        discards=state.discards,
        tricks=state.tricks,
    )


def check_viewer(state: HungarianState, viewer: Viewer) -> int | None:
    """The viewer's seat, or None for the audience, everyone, and the seat sitting out (§2:
    it holds no cards and sees what the audience sees)."""
    seat = _check_viewer(viewer, state.setup.seats)
    return None if seat == state.setup.sitter else seat


def observe(state: HungarianState, viewer: Viewer) -> HungarianView:
    """``viewer``'s view: the shared one (``observing.seat_view``) with what a seat sees besides
    the audience: its own cards, talon cards and discard, and its partner when it holds (or
    discarded) the called card. Read-only below its top level."""
    seat = check_viewer(state, viewer)
    everything = state.phase is Phase.OVER or viewer == EVERYONE
    view = seat_view(state, viewer, seat, everything, _view)
    if seat is None or everything:
        return view
    received = state.talon_received
    if received is not None:
        own_entry(view, "talon_received", seat, list(received[seat]))
    discards = state.discards
    if discards is not None:
        discard = discards[seat]
        own_entry(view, "discards", seat, list(discard) if discard is not None else None)
    if _knows_partner(state, seat, False):
        view["partner"] = state.partner
        view["alone"] = state.alone
    return view


def _view(state: HungarianState, viewer: Viewer, seat: int | None, everything: bool) -> HungarianView:
    setup = state.setup

    def visible(s: int) -> bool:
        return everything or s == seat

    received = state.talon_received
    discards = state.discards

    knows_partner = _knows_partner(state, seat, everything)
    review_all = everything or setup.option("trick_review") == "all"

    return {
        "variant": "hungarian",
        "viewer": viewer,
        "phase": state.phase.value,
        "seats": setup.seats,
        "sitter": setup.sitter,
        "dealer": setup.dealer,
        "forehand": setup.forehand,
        "to_act": sorted(state.to_act),
        "options": dict(setup.options),
        **hands_view(state.hands, seat, visible),
        "auction": [{"seat": s, "call": call} for s, call in state.auction.calls],
        "contract": state.contract.name if state.contract is not None else None,
        "declarer": state.declarer,
        "promise": None if state.promise is None else {"seat": state.promise[0], "card": state.promise[1]},
        "trial": state.trial,
        "talon": list(setup.deal.talon) if everything else None,
        "talon_received": (
            None if received is None else [list(r) if visible(s) else None for s, r in enumerate(received)]
        ),
        "talon_counts": None if received is None else [len(r) for r in received],
        "discards": (
            None
            if discards is None
            else [
                list(d) if d is not None and (visible(s) or not d) else None for s, d in enumerate(discards)
            ]
        ),
        "discarded": None if discards is None else [d is not None for d in discards],
        "discard_tarokk_counts": _list_or_none(state.discard_tarokk_counts),
        "declarer_discarded_tarokks": _list_or_none(state.declarer_discarded_tarokks),
        "annulled": _annulled_json(state),
        "called_card": state.called_card,
        "partner": state.partner if knows_partner else None,
        "alone": state.alone if knows_partner else None,
        "announcements": _calls_json(state),
        "announce_turns": _turns_json(state),
        "announce_turn": _current_turn(state),
        "items": _items_json(state),
        "public_sides": _public_sides(state),
        "presumed_side": presumed_side(state) if state.declarer is not None else None,
        "tarokk_counts": [{"seat": s, "count": n} for s, n in state.announcing.tarokk_counts],
        **trick_play_view(state, setup.seats, review_all),
        "deal": setup.deal.to_json() if everything else None,
        "review": review_of(state),
    }
