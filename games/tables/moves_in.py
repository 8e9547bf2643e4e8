"""A seat's move as a page or a script sends it: posted to ``/r/<code>/act`` (games.views.act)
or sent over the room's websocket (games.live.consumers.RoomConsumer, htmx's ``ws-send``). Both
doors read it here, so a move is checked, normalised, refused and accepted alike whichever way
it came; the write itself is games.services.submit_action's."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import services
from games.requests import whole_field
from games.rules import get_variant
from games.services import prepared
from tarokk_site import inputs

# A socket message longer than this is no move a page sends (a whole discard with htmx's
# headers is a few hundred characters): refused unread.
LONGEST_MESSAGE = 4096
# A move is an object of values and htmx's HEADERS object: two levels; a few more are let by.
DEEPEST_MESSAGE = 4
# What the site.js of older pages sends to ask for a fresh snapshot (any non-move does).
RESYNC = "resync"
UNREADABLE = gettext_noop("The table could not read what this page sent; reload the page.")  # shown as _(...)

# A move's reads before it is written, compiled once (games.services.prepared): the mover's seat, the
# room's current hand.
_SEAT_OF_USER = prepared.seat_of_user()
_CURRENT_HAND = prepared.current_hand()


@dataclass(frozen=True)
class Sent:
    """A move as a page sent it: the texts of its ``action`` and ``seq`` (None: not sent)."""

    action: str | None
    seq: str | None


@dataclass(frozen=True)
class Made:
    """A move that went into the log: its action as stored, and what the writer answered."""

    action: str
    submitted: services.Submitted


def make_move(room_id: int | None, user: Any, sent: Sent) -> Made:
    """Make ``user``'s move at the room ``room_id`` (None: a table that is gone): their seat's
    ``action`` at the page's move number ``seq``. Raises a ``services.Refused`` (nothing written)
    when it is no seated player's, is malformed, comes too late or the rules refuse it."""
    seat = None
    if room_id is not None and user is not None and user.is_authenticated:
        found = _SEAT_OF_USER.rows(room_id, user.pk)
        seat = found[0][0] if found else None
    if seat is None:
        raise services.Forbidden(_("You have no seat at this table"))
    action = (sent.action or "").strip()
    if not action:
        raise services.Illegal(_("action is required"))
    seq = whole_field("seq", sent.seq, minimum=0)  # a move number: never negative
    hands = _CURRENT_HAND.objects(room_id)
    hand = hands[0] if hands else None
    if hand is None:
        raise services.Illegal(_("The table is waiting for players"))
    action = normalise(hand.variant, action, hand.context_value().options)
    # Pages number the moves they know of (``Hand.public_seq``); the writer wants the log's.
    done = services.submit_action(hand.pk, seat, action, services.seq_seen(hand, seq), actor=user)
    return Made(action=action, submitted=done)


def normalise(variant_key: str, action: str, options: Any) -> str:
    """Cards of a multi-card action in display order, so the log holds one spelling."""
    kind, sep, rest = action.partition(":")
    if sep and "," in rest:
        cards = [c.strip() for c in rest.split(",") if c.strip()]
        try:
            ordered = get_variant(variant_key).sort_cards(cards, options)
        except (KeyError, ValueError):
            return action  # an unknown card: left for the rules to refuse, in the player's words
        return f"{kind}:{','.join(ordered)}"
    return action


def read_socket_message(text: str | None) -> Sent | None:
    """A message of the room's socket: a move (htmx's ``ws-send``: a JSON object of the
    element's values, ``action`` and ``seq``, besides its ``HEADERS``), or None for anything
    else a page sends (``"resync"``, or an object with neither: a fresh snapshot is wanted).
    Anything unreadable (not JSON, too long, values that are no text or whole number) is an
    ``Illegal`` refusal."""
    if text is None or len(text) > LONGEST_MESSAGE:
        raise services.Illegal(_(UNREADABLE))
    if text.strip() == RESYNC:
        return None
    if inputs.json_depth(text) > DEEPEST_MESSAGE:  # json.loads would recurse (a RecursionError)
        raise services.Illegal(_(UNREADABLE))
    try:
        message = json.loads(text)
    except ValueError:
        raise services.Illegal(_(UNREADABLE)) from None
    if not isinstance(message, dict):
        raise services.Illegal(_(UNREADABLE))
    if "action" not in message and "seq" not in message:
        return None
    return Sent(action=_field_text(message.get("action")), seq=_field_text(message.get("seq")))


def _field_text(value: Any) -> str | None:
    """A value as a form would post it: text as it is, a whole number as its digits (hx-vals
    sends the move number as a JSON number); no other kind of value is sent by a page."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise services.Illegal(_(UNREADABLE))
