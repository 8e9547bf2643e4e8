"""What is stored: rooms, seats, hands (the explicit deal) and the append-only action log.

Everything else about a hand (its state, its result) is derived by replaying the log;
``Hand.seq``, ``Hand.phase``, ``Hand.to_act`` and ``Hand.result`` are a summary kept for
lists and the lobby and can always be rebuilt.
"""

from __future__ import annotations

import functools
import secrets

from django.conf import settings
from django.db import models
from django.utils import formats, timezone, translation
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules import VARIANTS, Deal, HandContext


def new_room_code() -> str:
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


def new_invite_token() -> str:
    """The secret a locked table's invitation link carries (``/join/<code>?invite=<token>``)."""
    return secrets.token_urlsafe(12)


class Room(models.Model):
    code = models.SlugField(max_length=12, unique=True, default=new_room_code, verbose_name=_("code"))
    variant = models.CharField(max_length=20, db_index=True, verbose_name=_("game"))
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    closed = models.BooleanField(default=False, verbose_name=_("closed"))
    # Seconds a human seat has for each decision before the basic robot moves for it; 0: no clock.
    # A table setting, not a rule option: the rules core knows no clock.
    turn_clock = models.PositiveIntegerField(default=0, verbose_name=_("turn clock"))
    # How long the robots wait before each move (games.services.robot_pace: instant, brisk, relaxed), a
    # table setting chosen on the opening form; the operator's TAROKK_ROBOT_DELAY overrides it.
    robot_pace = models.CharField(max_length=8, default="brisk", verbose_name=_("robots' pace"))
    # The last match the host ended (a match without a set length, czech.md §11); 0: none.
    ended_match = models.PositiveIntegerField(default=0, verbose_name=_("ended match"))
    # The table's chat (games.chat), settings the host changes at any time: the whole chat on or
    # off, and the watchers' channel open or closed. Room settings, not rule options.
    chat_on = models.BooleanField(default=True, verbose_name=_("chat on"))
    audience_chat = models.BooleanField(default=True, verbose_name=_("audience chat"))
    # Who may find, sit at and watch the table (games/services/access.py), set by the host before
    # the first hand: ``private``, not listed in the lobby; ``locked``, only players the host
    # invited by link may sit; ``open_audience`` False, only its players and staff watch.
    private = models.BooleanField(default=False, verbose_name=_("private"))
    locked = models.BooleanField(default=False, verbose_name=_("locked"))
    open_audience = models.BooleanField(default=True, verbose_name=_("open audience"))
    # Changed when the host removes a player, so that the old invitation link seats nobody.
    invite_token = models.CharField(max_length=32, default=new_invite_token, verbose_name=_("invite token"))
    # The users the host removed from a seat: they may not sit here again unless the host's
    # current link invites them anew. On the room row, which every render reads anyway.
    removed = models.JSONField(default=list, blank=True, verbose_name=_("removed"))
    # A guided hand (games.tutorial): the learner in seat 0, the script's robots elsewhere, a
    # fixed deal; private (never in the lobby) and one hand long.
    tutorial = models.BooleanField(default=False, verbose_name=_("tutorial"))
    # Whether the people's ratings change with this table's matches (games/standings), a room
    # setting chosen on the opening form.
    rated = models.BooleanField(default=False, verbose_name=_("rated"))
    # A table of one fixed deal (the daily deal, games/daily): its robots draw from this seed
    # instead of the hand's id, so every player meets the same robots; it deals no next hand.
    fixed_seed = models.CharField(max_length=64, blank=True, default="", verbose_name=_("fixed deal seed"))
    # A table of set deals (a tournament round's, games/tournaments): the hands it plays, in
    # order, each ``{"deal": Deal.to_json(), "context": HandContext.to_json()}``, and no other:
    # every table of the round plays the same ones in the same seats. Empty: shuffled hands.
    set_deals = models.JSONField(default=list, blank=True, verbose_name=_("set deals"))
    # Counts the changes of this row, of the room's seats and of its players' names
    # (games.services.effects.seating_changed): a move's push carries it, and a process whose
    # remembered seating is older reads it again (games.tables.seating).
    seating = models.PositiveIntegerField(default=0, editable=False, verbose_name=_("seating version"))

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.code} ({self.variant})"

    @property
    def variant_name(self) -> str:
        """The game's name for people ("Czech Taroky"), or the stored key if it is unknown."""
        variant = VARIANTS.get(self.variant)
        return str(variant.name) if variant is not None else self.variant

    def current_hand(self) -> Hand | None:
        return self.hands.order_by("-number").first()


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    index = models.PositiveSmallIntegerField(verbose_name=_("index"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
        verbose_name=_("user"),
    )
    # A robot level ("random", "basic", "strong") plays the seat when set; empty means human or free.
    robot = models.CharField(max_length=20, blank=True, default="", verbose_name=_("robot"))
    # The player who left this seat during the match: a robot keeps it warm until they return.
    kept_for = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("kept for"),
    )
    # Automatic moves in a row made for this seat when its turn clock ran out; a move of the
    # player's own resets it. At ``AWAY_AFTER`` the seat is away: the basic robot plays it at
    # once, without a clock, until the player says they are back.
    timeouts = models.PositiveSmallIntegerField(default=0, verbose_name=_("timeouts"))
    away = models.BooleanField(default=False, verbose_name=_("away"))

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["room", "index"]
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="unique_seat_index"),
        ]

    def __str__(self) -> str:
        return gettext("%(table)s seat %(seat)s") % {"table": self.room.code, "seat": self.index}

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.robot

    @property
    def label(self) -> str:
        if self.user is not None:
            return self.user.username
        return _seat_label(self.index, self.robot, translation.get_language())


@functools.lru_cache(maxsize=512)
def _seat_label(index: int, robot: str, language: str | None) -> str:
    """The name of a seat no player holds, in ``language`` (every push names every seat)."""
    if robot == GUIDED_ROBOT:  # it plays its script, not at a level: its number is its name
        return gettext("Robot %(seat)s") % {"seat": index + 1}
    if robot:
        level = ROBOT_LEVEL_NAMES.get(robot, robot)
        return gettext("Robot %(seat)s (%(level)s)") % {"seat": index + 1, "level": level}
    return pgettext("seat", "free")


# The guided hands' robots (games.tutorial.robot.SCRIPT_ROBOT, which is this name): the
# scripts' notes name them "Robot 2", "Robot 3", as their seats are named.
GUIDED_ROBOT = "script"  # untranslated: a robot's key
# The robot levels, as players read them (a seat's name, the host's seat menu).
ROBOT_LEVEL_NAMES = {
    "strong": pgettext_lazy("robot level", "strong"),
    "basic": pgettext_lazy("robot level", "basic"),
    "random": pgettext_lazy("robot level", "random"),
}


class Hand(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="hands", verbose_name=_("table"))
    number = models.PositiveIntegerField(verbose_name=_("number"))
    match_no = models.PositiveIntegerField(
        default=1, verbose_name=_("match number")
    )  # hands of one match share it
    variant = models.CharField(max_length=20, db_index=True, verbose_name=_("game"))
    deal = models.JSONField(verbose_name=_("deal"))  # the explicit cards, never only a seed
    context = models.JSONField(
        verbose_name=_("context")
    )  # dealer, options, match facts: what the hand was played under
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="hands", verbose_name=_("players")
    )
    # Summary of the log, for lists; rebuilt from the log at will.
    seq = models.PositiveIntegerField(default=0, verbose_name=_("move number"))
    # The moves the players may know of: ``seq`` without the private declines (a Czech contra
    # offer turned down). Pages show this number, never ``seq``: counting private moves would
    # tell how many players were asked.
    public_seq = models.PositiveIntegerField(default=0, verbose_name=_("public move number"))
    phase = models.CharField(max_length=20, default="", verbose_name=_("phase"))
    to_act = models.JSONField(default=list, blank=True, verbose_name=_("to act"))
    result = models.JSONField(null=True, blank=True, verbose_name=_("result"))
    created = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created"))
    finished = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))
    # The process whose robot thread drives this hand's robots and clocks: the one that wrote its
    # latest change (games.services.homes); empty where no process that drives robots wrote it.
    home = models.CharField(max_length=64, blank=True, default="", verbose_name=_("home process"))

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="unique_hand_number"),
        ]
        indexes = [
            # The hands a home drives and the orphans (games.services.homes), looked for every
            # few seconds: only the unfinished hands are indexed, however long the history.
            models.Index(
                fields=["home"], condition=models.Q(finished__isnull=True), name="unfinished_hand_home"
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(table)s hand %(number)s") % {"table": self.room.code, "number": self.number}

    def deal_value(self) -> Deal:
        return Deal.from_json(self.deal)

    def context_value(self) -> HandContext:
        return HandContext.from_json(self.context)

    @property
    def is_over(self) -> bool:
        return self.finished is not None


class Home(models.Model):
    """A process that drives the robots and clocks of the hands it is home to, and when it last
    said it was alive (games.services.homes): a hand whose home has been silent for the lease
    is taken over by the fallback (the robot worker)."""

    name = models.CharField(max_length=64, primary_key=True, verbose_name=_("name"))
    beat = models.DateTimeField(db_index=True, verbose_name=_("alive at"))

    class Meta:
        verbose_name = _("home process")
        verbose_name_plural = _("home processes")

    def __str__(self) -> str:
        return self.name


class HandAction(models.Model):
    """One entry of the append-only log. A lost race is a unique-constraint conflict."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions", verbose_name=_("hand"))
    seq = models.PositiveIntegerField(verbose_name=_("move number"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    action = models.CharField(max_length=200, verbose_name=_("action"))
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("actor"),
    )
    robot = models.CharField(max_length=20, blank=True, default="", verbose_name=_("robot"))
    # False for a move the other players may not know happened (``Variant.is_public``).
    public = models.BooleanField(default=True, verbose_name=_("public"))
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="unique_action_seq"),
        ]

    def __str__(self) -> str:
        return gettext("#%(seq)s seat %(seat)s: %(action)s") % {
            "seq": self.seq,
            "seat": self.seat,
            "action": self.action,
        }


class TurnClock(models.Model):
    """The deadline of one human seat to act in a hand of a timed room: one row per seat to
    act, so that the discards (several seats at once) each keep their own. Written only by
    ``games.services`` under the hand's row lock; rebuilt at every action from ``to_act``."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="clocks", verbose_name=_("hand"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    seq = models.PositiveIntegerField(
        verbose_name=_("move number")
    )  # the hand's seq when this decision's clock started
    deadline = models.DateTimeField(db_index=True, verbose_name=_("deadline"))

    class Meta:
        verbose_name = _("turn clock")
        verbose_name_plural = _("turn clocks")
        ordering = ["deadline"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="unique_clock_seat"),
        ]

    def __str__(self) -> str:
        return gettext("%(hand)s seat %(seat)s until %(deadline)s") % {
            "hand": self.hand,
            "seat": self.seat,
            "deadline": formats.time_format(timezone.localtime(self.deadline), "H:i:s"),
        }


class ChatMessage(models.Model):
    """One message of a table's chat (games.chat): the seated players' channel or the
    audience's. Never deleted by the site: staff remove it (``removed_at``, ``removed_by``),
    which takes it off every page and keeps it in the admin."""

    PLAYERS = "players"
    AUDIENCE = "audience"
    CHANNELS = [
        (PLAYERS, pgettext_lazy("chat channel", "players")),
        (AUDIENCE, pgettext_lazy("chat channel", "audience")),
    ]
    LONGEST = 300  # characters, after games.chat.text.clean

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("table")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("author"),
    )
    channel = models.CharField(max_length=10, choices=CHANNELS, verbose_name=_("channel"))
    text = models.CharField(max_length=LONGEST, verbose_name=_("text"))
    created = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created"))
    removed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("removed at"))
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("removed by"),
    )

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["room", "id"]
        indexes = [models.Index(fields=["room", "channel", "id"], name="chat_room_channel")]

    def __str__(self) -> str:
        return f"{self.room.code} {self.channel} #{self.pk}"


class ChatPreference(models.Model):
    """A user's own choice about chats, at every table: ``hidden`` shows no chat and pushes
    none of its messages to that user's pages."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="chat_preference",
        verbose_name=_("user"),
    )
    hidden = models.BooleanField(default=False, verbose_name=_("hidden"))

    class Meta:
        verbose_name = _("chat preference")
        verbose_name_plural = _("chat preferences")

    def __str__(self) -> str:
        if self.hidden:
            return gettext("%(user)s: chat hidden") % {"user": self.user}
        return gettext("%(user)s: chat shown") % {"user": self.user}


class Invitation(models.Model):
    """A person who came to a table by its host's invitation link: a locked table seats only
    them (and its host). Written only by ``games.services``."""

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("table")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
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

    channel = models.CharField(max_length=200, unique=True, verbose_name=_("channel"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    seen = models.DateTimeField(db_index=True, verbose_name=_("seen"))
    # The table whose page the socket is (None: another page): a tournament's player is at
    # their table while a row names it (games/tournaments/driver.py).
    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("table")
    )

    class Meta:
        verbose_name = _("open connection")
        verbose_name_plural = _("open connections")

    def __str__(self) -> str:
        return gettext("%(user)s on %(channel)s") % {"user": self.user_id, "channel": self.channel}


# Derived tables and the daily deal live in their own packages; imported here so that Django
# finds them as models of this app.
from games.analysis.models import AnalysedDecision, HandAnalysis  # noqa: E402, F401
from games.daily.models import DailyDeal, DailyEntry  # noqa: E402, F401
from games.standings.models import PlayerHand, RatedMatch, Rating  # noqa: E402, F401
from games.tournaments.models import Entry, Tournament, TournamentTable  # noqa: E402, F401
