"""A tournament, who entered it, and its tables round by round (games/tournaments)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def new_tournament_code() -> str:
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


def new_tournament_seed() -> str:
    """The secret every round's deals are drawn from (games.tournaments.deals)."""
    return secrets.token_hex(16)


class Tournament(models.Model):
    """A club night: its game and table options, its rounds of set deals, how it is scored,
    who may find and enter it, and where it stands (``state``, ``round``)."""

    REGISTERING, RUNNING, FINISHED, CANCELLED = "registering", "running", "finished", "cancelled"
    STATES = [
        (REGISTERING, _("registering")),
        (RUNNING, _("running")),
        (FINISHED, _("finished")),
        (CANCELLED, _("cancelled")),
    ]
    DUPLICATE, PLAIN = "duplicate", "plain"
    SCORINGS = [(DUPLICATE, _("duplicate")), (PLAIN, _("plain"))]

    code = models.SlugField(max_length=12, unique=True, default=new_tournament_code, verbose_name=_("code"))
    name = models.CharField(max_length=80, verbose_name=_("name"))
    variant = models.CharField(max_length=20, db_index=True, verbose_name=_("game"))
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    rounds = models.PositiveSmallIntegerField(verbose_name=_("rounds"))
    hands_per_round = models.PositiveSmallIntegerField(verbose_name=_("hands per round"))
    starts_at = models.DateTimeField(db_index=True, verbose_name=_("starts at"))
    scoring = models.CharField(max_length=10, choices=SCORINGS, default=DUPLICATE, verbose_name=_("scoring"))
    turn_clock = models.PositiveIntegerField(verbose_name=_("turn clock"))
    robot_level = models.CharField(max_length=20, verbose_name=_("robots"))
    rated = models.BooleanField(default=False, verbose_name=_("rated"))
    # Listed on /tournaments/ (staff may feature it there) or found only by its link.
    public = models.BooleanField(default=True, verbose_name=_("public"))
    featured = models.BooleanField(default=False, verbose_name=_("featured"))
    # Only the people the host invited (by name) may enter.
    invited_only = models.BooleanField(default=False, verbose_name=_("invited only"))
    invited = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="+", verbose_name=_("invited")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="hosted_tournaments",
        verbose_name=_("host"),
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    state = models.CharField(max_length=12, choices=STATES, default=REGISTERING, verbose_name=_("state"))
    round = models.PositiveSmallIntegerField(default=0, verbose_name=_("round"))
    seed = models.CharField(max_length=64, default=new_tournament_seed, verbose_name=_("seed"))
    started = models.DateTimeField(null=True, blank=True, verbose_name=_("started"))
    finished = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def is_over(self) -> bool:
        return self.state in (self.FINISHED, self.CANCELLED)


class Entry(models.Model):
    """A person entered in a tournament. ``absent_since``: while they sit at one of its tables,
    since when no page of theirs has been open (a robot takes their seat after a grace)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_entries",
        verbose_name=_("player"),
    )
    joined = models.DateTimeField(auto_now_add=True, verbose_name=_("joined"))
    absent_since = models.DateTimeField(null=True, blank=True, verbose_name=_("absent since"))

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="unique_tournament_entry")]
        ordering = ["joined", "pk"]

    def __str__(self) -> str:
        return gettext("%(user)s in %(tournament)s") % {
            "user": self.user_id,
            "tournament": self.tournament_id,
        }


class TournamentTable(models.Model):
    """One table of one round: its room (a table of the round's set deals) and who holds each
    seat (``seating``: an entry id per seat, None for a robot). A comparison table (robots
    only) lets a round of one table still be scored in duplicate."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="tables", verbose_name=_("tournament")
    )
    round = models.PositiveSmallIntegerField(verbose_name=_("round"))
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    room = models.OneToOneField(
        "games.Room", on_delete=models.CASCADE, related_name="tournament_table", verbose_name=_("table")
    )
    seating = models.JSONField(default=list, verbose_name=_("seating"))
    done = models.BooleanField(default=False, verbose_name=_("done"))

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "number"], name="unique_tournament_table")
        ]
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.tournament_id} r{self.round} t{self.number}"
