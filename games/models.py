"""What is stored: rooms, seats, hands (the explicit deal) and the append-only action log.

Everything else about a hand (its state, its result) is derived by replaying the log;
``Hand.seq``, ``Hand.phase``, ``Hand.to_act`` and ``Hand.result`` are a summary kept for
lists and the lobby and can always be rebuilt.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from games.rules import VARIANTS, Deal, HandContext


def new_room_code() -> str:
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


def new_invite_token() -> str:
    """The secret a locked table's invitation link carries (``/join/<code>?invite=<token>``)."""
    return secrets.token_urlsafe(12)


class Room(models.Model):
    code = models.SlugField(max_length=12, unique=True, default=new_room_code)
    variant = models.CharField(max_length=20, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    closed = models.BooleanField(default=False)
    # Seconds a human seat has for each decision before the basic robot moves for it; 0: no clock.
    # A table setting, not a rule option: the rules core knows no clock.
    turn_clock = models.PositiveIntegerField(default=0)
    # The last match the host ended (a match without a set length, czech.md §11); 0: none.
    ended_match = models.PositiveIntegerField(default=0)
    # The table's chat (games.chat), settings the host changes at any time: the whole chat on or
    # off, and the watchers' channel open or closed. Room settings, not rule options.
    chat_on = models.BooleanField(default=True)
    audience_chat = models.BooleanField(default=True)
    # Who may find, sit at and watch the table (games/tables/access.py), set by the host before
    # the first hand: ``private``, not listed in the lobby; ``locked``, only players the host
    # invited by link may sit; ``open_audience`` False, only its players and staff watch.
    private = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    open_audience = models.BooleanField(default=True)
    # Changed when the host removes a player, so that the old invitation link seats nobody.
    invite_token = models.CharField(max_length=32, default=new_invite_token)
    # The users the host removed from a seat: they may not sit here again unless the host's
    # current link invites them anew. On the room row, which every render reads anyway.
    removed = models.JSONField(default=list, blank=True)
    # A guided hand (games.tutorial): the learner in seat 0, the script's robots elsewhere, a
    # fixed deal; private (never in the lobby) and one hand long.
    tutorial = models.BooleanField(default=False)
    # Whether the people's ratings change with this table's matches (games/standings), a room
    # setting chosen on the opening form.
    rated = models.BooleanField(default=False)
    # A table of one fixed deal (the daily deal, games/daily): its robots draw from this seed
    # instead of the hand's id, so every player meets the same robots; it deals no next hand.
    fixed_seed = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.code} ({self.variant})"

    @property
    def variant_name(self) -> str:
        """The game's name for people ("Czech Taroky"), or the stored key if it is unknown."""
        variant = VARIANTS.get(self.variant)
        return variant.name if variant is not None else self.variant

    def current_hand(self) -> Hand | None:
        return self.hands.order_by("-number").first()


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    # A robot level ("random", "basic", "strong") plays the seat when set; empty means human or free.
    robot = models.CharField(max_length=20, blank=True, default="")
    # The player who left this seat during the match: a robot keeps it warm until they return.
    kept_for = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Automatic moves in a row made for this seat when its turn clock ran out; a move of the
    # player's own resets it. At ``AWAY_AFTER`` the seat is away: the basic robot plays it at
    # once, without a clock, until the player says they are back.
    timeouts = models.PositiveSmallIntegerField(default=0)
    away = models.BooleanField(default=False)

    class Meta:
        ordering = ["room", "index"]
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="unique_seat_index"),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} seat {self.index}"

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.robot

    @property
    def label(self) -> str:
        if self.user_id is not None:
            return self.user.username
        if self.robot:
            return f"Robot {self.index + 1} ({self.robot})"
        return "free"


class Hand(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    match_no = models.PositiveIntegerField(default=1)  # hands of one match share it
    variant = models.CharField(max_length=20, db_index=True)
    deal = models.JSONField()  # the explicit cards, never only a seed
    context = models.JSONField()  # dealer, options, match facts: what the hand was played under
    players = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="hands")
    # Summary of the log, for lists; rebuilt from the log at will.
    seq = models.PositiveIntegerField(default=0)
    # The moves the players may know of: ``seq`` without the private declines (a Czech contra
    # offer turned down). Pages show this number, never ``seq``: counting private moves would
    # tell how many players were asked.
    public_seq = models.PositiveIntegerField(default=0)
    phase = models.CharField(max_length=20, default="")
    to_act = models.JSONField(default=list, blank=True)
    result = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="unique_hand_number"),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} hand {self.number}"

    def deal_value(self) -> Deal:
        return Deal.from_json(self.deal)

    def context_value(self) -> HandContext:
        return HandContext.from_json(self.context)

    @property
    def is_over(self) -> bool:
        return self.finished is not None


class HandAction(models.Model):
    """One entry of the append-only log. A lost race is a unique-constraint conflict."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=200)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    robot = models.CharField(max_length=20, blank=True, default="")
    # False for a move the other players may not know happened (``Variant.is_public``).
    public = models.BooleanField(default=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="unique_action_seq"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} seat {self.seat}: {self.action}"


class TurnClock(models.Model):
    """The deadline of one human seat to act in a hand of a timed room: one row per seat to
    act, so that the discards (several seats at once) each keep their own. Written only by
    ``games.services`` under the hand's row lock; rebuilt at every action from ``to_act``."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="clocks")
    seat = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField()  # the hand's seq when this decision's clock started
    deadline = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["deadline"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="unique_clock_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} seat {self.seat} until {self.deadline:%H:%M:%S}"


class ChatMessage(models.Model):
    """One message of a table's chat (games.chat): the seated players' channel or the
    audience's. Never deleted by the site: staff remove it (``removed_at``, ``removed_by``),
    which takes it off every page and keeps it in the admin."""

    PLAYERS = "players"
    AUDIENCE = "audience"
    CHANNELS = [(PLAYERS, "players"), (AUDIENCE, "audience")]
    LONGEST = 300  # characters, after games.chat.text.clean

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    channel = models.CharField(max_length=10, choices=CHANNELS)
    text = models.CharField(max_length=LONGEST)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["room", "id"]
        indexes = [models.Index(fields=["room", "channel", "id"], name="chat_room_channel")]

    def __str__(self) -> str:
        return f"{self.room.code} {self.channel} #{self.pk}"


class ChatPreference(models.Model):
    """A user's own choice about chats, at every table: ``hidden`` shows no chat and pushes
    none of its messages to that user's pages."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="chat_preference"
    )
    hidden = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.user} chat {'hidden' if self.hidden else 'shown'}"


class Invitation(models.Model):
    """A person who came to a table by its host's invitation link: a locked table seats only
    them (and its host). Written only by ``games.services``."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "user"], name="unique_invitation"),
        ]

    def __str__(self) -> str:
        return f"{self.room.code}: {self.user_id}"


class Presence(models.Model):
    """One open websocket of a signed-in user (games/tables/presence.py): the lobby counts the
    users with a row seen lately. A socket refreshes ``seen`` while it is open and deletes its
    row when it closes; the rows of a process that died stop being refreshed and are no longer
    counted once ``ONLINE_SECONDS`` have passed."""

    channel = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.user_id} on {self.channel}"


# Derived tables and the daily deal live in their own packages; imported here so that Django
# finds them as models of this app.
from games.daily.models import DailyDeal, DailyEntry  # noqa: E402, F401
from games.standings.models import PlayerHand, RatedMatch, Rating  # noqa: E402, F401
