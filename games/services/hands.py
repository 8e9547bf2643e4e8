"""Dealing: the first hand of a table (shuffled, or a given deal checked by the rules core), the
next hand of a match or of a new match, and the host ending a match without a set length."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Hand, Room, Seat
from games.rules import Deal, HandContext, IllegalAction, get_variant
from games.rules import match as match_rules
from games.services import broadcast, homes, matches
from games.services.effects import after_commit
from games.services.refusals import Forbidden, Illegal, Stale
from games.services.turn_clocks import sync_clocks
from games.signals import hand_changed, match_ended


def check_deal(variant: Any, deal: Deal, context: HandContext, seats: int) -> None:
    """A given deal must be dealt by one of the seats and be one the rules can start a hand from
    under ``context``."""
    _check_dealer(context.dealer, seats)
    try:
        variant.new_hand(deal, context)
    except (IllegalAction, ValueError) as exc:
        raise Illegal(_("This deal cannot be played: %(reason)s") % {"reason": exc}) from None


def _check_dealer(dealer: int, seats: int) -> None:
    if not 0 <= dealer < seats:
        raise Illegal(
            _("The dealer must be a seat from 1 to %(seats)s, not %(dealer)s")
            % {"seats": seats, "dealer": dealer + 1}
        )


def start_hand_if_ready(room: Room, given: tuple[Deal, HandContext] | None = None) -> Hand | None:
    """Deal the first hand once every seat is taken: ``given``, a deal and its context (checked
    by ``check_deal``), else a shuffled one under ``opening_context``."""
    if room.seats.filter(user=None, robot="").exists() or room.hands.exists():
        return None
    if given is None:
        return create_hand(room, 1, opening_context(room))
    deal, context = given
    return create_hand(room, 1, context, deal=deal)


def opening_context(room: Room) -> HandContext:
    """The first hand of a match: dealt by the host's seat when the variant's match rules say
    so (Czech ``first_dealer=host``; seat 0 when the host has no seat), else by a random seat."""
    rules = get_variant(room.variant).match_rules(room.options)
    dealer: int | None = None
    if rules.first_dealer == "host" and room.created_by_id is not None:
        dealer = room.seats.filter(user_id=room.created_by_id).values_list("index", flat=True).first()
        dealer = 0 if dealer is None else dealer
    if dealer is None:
        dealer = random.SystemRandom().randrange(room.seats.count())
    return match_rules.start(rules, dealer).next_context(room.options)


def opening_dealt_by(variant: Any, options: dict[str, Any], dealer: int, seats: int) -> HandContext:
    """The first hand of a match dealt by ``dealer``, who must be one of the ``seats`` (a deal
    played again keeps its dealer)."""
    _check_dealer(dealer, seats)
    return match_rules.start(variant.match_rules(options), dealer).next_context(options)


def create_hand(
    room: Room, number: int, context: HandContext, match_no: int = 1, deal: Deal | None = None
) -> Hand:
    """Deal a hand (at random unless ``deal`` is given: a guided hand's fixed deal)."""
    variant = get_variant(room.variant)
    seats = room.seats.count()
    if deal is None:
        deal = variant.deal(random.SystemRandom(), seats, context.options, dealer=context.dealer)
    state = variant.new_hand(deal, context)
    hand = Hand.objects.create(
        room=room,
        number=number,
        match_no=match_no,
        variant=room.variant,
        deal=deal.to_json(),
        context=context.to_json(),
        phase=variant.public_phase(state),
        to_act=sorted(variant.to_act(state)),
        home=homes.here(),
    )
    hand.players.set([s.user for s in room.seats.exclude(user=None) if s.user is not None])
    sync_clocks(hand, timezone.now())
    room_id, hand_id = room.pk, hand.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))
    return hand


def next_hand(room: Room, user: Any, expected_number: int) -> Hand:
    """Deal the next hand once the current one is over (any seated player may ask).

    Within a match the match decides the dealer and whether the hand is doubled; once the
    match is over the same request starts a new match (hungarian.md §11), dealt as the first
    match was (``opening_context``).
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not room.seats.filter(user=user).exists():
            raise Forbidden(_("Only a player at this table can deal the next hand"))
        if room.tutorial:
            raise Illegal(_("A guided hand is one hand long: start it again, or open a table to play on"))
        if room.set_deals:
            return _next_set_hand(room, expected_number)
        if room.fixed_seed:
            raise Illegal(_("This table plays one fixed deal: there is no next hand"))
        current, match = _finished_hand(room, expected_number, _("The current hand is not over yet"))
        if match.over:
            return create_hand(room, current.number + 1, opening_context(room), current.match_no + 1)
        return create_hand(room, current.number + 1, match.next_context(room.options), current.match_no)


def deal_next_set_hand(room_id: int, expected_number: int) -> Hand | None:
    """At a table of set deals (``Room.set_deals``), deal the one after hand ``expected_number``
    once that hand is over, as nobody asked (a tournament's pause between hands ran out). None
    when there is nothing to deal: that hand is not over, the next one is dealt already, or the
    table's deals are all played."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room_id)
        current = room.current_hand()
        if (
            room.closed
            or current is None
            or current.number != expected_number
            or not current.is_over
            or current.number >= len(room.set_deals)
        ):
            return None
        return _next_set_hand(room, expected_number)


def set_deal(room: Room, number: int) -> tuple[Deal, HandContext]:
    """The ``number``-th (1-based) of a table's set deals."""
    given = room.set_deals[number - 1]
    return Deal.from_json(given["deal"]), HandContext.from_json(given["context"])


def _next_set_hand(room: Room, expected_number: int) -> Hand:
    """The next of the table's set deals, in the caller's transaction (the room locked); one
    match of all of them, whatever the game's match rules would deal."""
    current, _match = _finished_hand(room, expected_number, _("The current hand is not over yet"))
    if current.number >= len(room.set_deals):
        raise Illegal(_("This table's deals are all played: there is no next hand"))
    deal, context = set_deal(room, current.number + 1)
    return create_hand(room, current.number + 1, context, current.match_no, deal=deal)


def end_set_deals(room_id: int) -> bool:
    """A table of set deals whose last deal is over: its match ends there (a rated one changes
    the ratings: ``match_ended``). True when this call ended it."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room_id)
        current = room.current_hand()
        if (
            not room.set_deals
            or current is None
            or not current.is_over
            or current.number < len(room.set_deals)
            or room.ended_match >= current.match_no
        ):
            return False
        room.ended_match = current.match_no
        room.save(update_fields=["ended_match"])
        after_commit(room)
        match_no = current.match_no
        transaction.on_commit(lambda: match_ended.send(sender=Room, room_id=room_id, match_no=match_no))
    return True


def _finished_hand(room: Room, expected_number: int, unfinished: str) -> tuple[Hand, Any]:
    """The room's current hand, which must be hand ``expected_number`` and over, and its match."""
    current = room.current_hand()
    if current is None:
        raise Illegal(_("The table is waiting for players"))
    if current.number != expected_number:
        raise Stale(_("Hand %(number)s is already under way") % {"number": current.number})
    if not current.is_over:
        raise Illegal(unfinished)
    # Folded on from the finished hands this process folded already (a finished hand's result
    # never changes): a long match is not read and decoded whole at every deal.
    match = matches.shown_match(room, current)
    assert match is not None
    return current, match


def may_end_match(room: Room, seats: list[Seat], user_id: int | None) -> bool:
    """Who may end a match: the host when seated, else any seated player."""
    seated = {s.user_id for s in seats if s.user_id is not None}
    if user_id is None or user_id not in seated:
        return False
    return user_id == room.created_by_id or room.created_by_id not in seated


def end_match(room: Room, user: Any, expected_number: int) -> Room:
    """The host ends a match that has no set length (czech.md §11), between two hands.

    When the host has no seat at the table any seated player may end it. The next hand then
    starts a new match.
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.set_deals:
            raise Illegal(_("This table's match ends with its last deal"))
        if not may_end_match(room, list(room.seats.all()), getattr(user, "pk", None)):
            raise Forbidden(_("Only the player who opened the table can end the match"))
        current, match = _finished_hand(
            room, expected_number, _("Finish the hand first: a match ends between two hands")
        )
        if match.over:
            raise Illegal(_("The match is over already"))
        if match.rules.length:
            raise Illegal(
                ngettext(
                    "This match ends by itself after %(count)s hand",
                    "This match ends by itself after %(count)s hands",
                    match.rules.length,
                )
                % {"count": match.rules.length}
            )
        if match.rules.ends_by_itself:
            raise Illegal(_("This match ends by itself"))
        room.ended_match = current.match_no
        room.save(update_fields=["ended_match"])
        after_commit(room)
        room_id, match_no = room.pk, current.match_no
        transaction.on_commit(lambda: match_ended.send(sender=Room, room_id=room_id, match_no=match_no))
    return room
