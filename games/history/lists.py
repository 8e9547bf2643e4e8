"""The lists of a player's hands: "My games" (every hand they sat in, running ones too) and a
public profile (the finished hands the viewer may replay), grouped by match, newest first.

Each row is read from the hand's stored summary (``Hand.result``, rebuilt from the log at
will), seen from the player's seat: their role and what the hand paid them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.history import access
from games.models import Hand, HandAction, Seat
from games.page.labels import contract_label, reason_label
from games.rules import VARIANTS, words

PAGE = 50  # hands per page; older ones on the next pages


@dataclass
class HandRow:
    hand: Hand
    seat: int | None  # the player's seat, None if it can no longer be told
    contract: str
    role: str  # declarer, partner, opponent, "" (everyone for themselves, or thrown in)
    payment: int | None  # what the hand added to the player's total; None while it runs
    replayable: bool  # the viewer may open the replay (a running hand: staff only)

    @property
    def date(self) -> datetime:
        return self.hand.created


@dataclass
class MatchRows:
    room_code: str
    game: str
    match_no: int
    hands: list[HandRow] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(row.payment or 0 for row in self.hands)


def game_filter(raw: str | None) -> str:
    """The ``game`` query parameter: a variant key, or "" for every game; ValueError otherwise."""
    if raw in (None, ""):
        return ""
    if raw not in VARIANTS:
        raise ValueError(_("Unknown game %(game)r") % {"game": raw})
    return raw


GAMES = [(key, variant.name) for key, variant in VARIANTS.items()]


def hands_of(player: Any, viewer: Any, game: str = "", public: bool = True) -> QuerySet[Hand]:
    """The hands ``player`` sat in that ``viewer`` may see listed: on their own list (not
    ``public``) all of them, running ones too, but a guided hand only once finished (one
    started again is never finished: it would pile up as playing); on a profile only those the
    viewer may replay."""
    hands = Hand.objects.filter(access.played_in(player)).exclude(room__tutorial=True, finished=None)
    hands = hands.distinct()
    if game:
        hands = hands.filter(variant=game)
    if public:
        hands = access.replayable(hands, viewer)
    return hands.select_related("room").order_by("-created", "-pk")


def match_rows(player: Any, viewer: Any, hands: list[Hand]) -> list[MatchRows]:
    """``hands`` (newest first) as rows seen from ``player``'s seat, grouped into matches."""
    seats = _seats_of(player, hands)
    staff = access.is_staff(viewer)
    groups: list[MatchRows] = []
    for hand in hands:
        if not groups or (groups[-1].room_code, groups[-1].match_no) != (hand.room.code, hand.match_no):
            groups.append(MatchRows(hand.room.code, hand.room.variant_name, hand.match_no))
        seat = seats.get(hand.pk)
        groups[-1].hands.append(_row(hand, seat, staff))
    return groups


def _row(hand: Hand, seat: int | None, staff: bool) -> HandRow:
    result = hand.result or {}
    declarer, partner = result.get("declarer"), result.get("partner")
    if result.get("thrown_in") or declarer is None or seat is None:
        role = ""
    elif seat == declarer:
        role = "declarer"
    elif seat == partner or seat in (result.get("declarer_side") or []):
        role = "partner"
    else:
        role = "opponent"
    payments = result.get("payments") or []
    # The stored contract (a key, or a message) or else how the hand ended, worded for the reader.
    stored = words.from_json(result.get("contract"))
    if stored:
        contract = contract_label(stored, hand.variant)
    else:
        contract = reason_label(words.from_json(result.get("reason")))
    if result.get("thrown_in"):
        contract = pgettext("hand", "thrown in")
    return HandRow(
        hand=hand,
        seat=seat,
        contract=contract,
        role=role,
        payment=payments[seat] if hand.is_over and seat is not None and seat < len(payments) else None,
        replayable=hand.is_over or staff,
    )


def seat_of(player: Any, hand: Hand) -> int | None:
    """The seat ``player`` held in ``hand``, None if they did not play it."""
    if not Hand.objects.filter(access.played_in(player), pk=hand.pk).exists():
        return None
    return _seats_of(player, [hand]).get(hand.pk)


def _seats_of(player: Any, hands: list[Hand]) -> dict[int, int]:
    """The player's seat in each hand: from a move of theirs in its log, else from the seat
    they hold (or a robot keeps for them) at its table."""
    ids = [h.pk for h in hands]
    found: dict[int, int] = {}
    moves = HandAction.objects.filter(hand_id__in=ids, actor=player).order_by("seq")
    for hand_id, seat in moves.values_list("hand_id", "seat"):
        found.setdefault(hand_id, seat)
    rooms = {h.room_id for h in hands if h.pk not in found}
    held = dict(Seat.objects.filter(room_id__in=rooms, user=player).values_list("room_id", "index")) | dict(
        Seat.objects.filter(room_id__in=rooms, kept_for=player).values_list("room_id", "index")
    )
    for hand in hands:
        if hand.pk not in found and hand.room_id in held:
            found[hand.pk] = held[hand.room_id]
    return found
