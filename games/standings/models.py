"""The derived rows: one per person and finished hand, one rating per person and game, one
per rated match. Rebuilt from the log by ``manage.py rebuild_stats``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class PlayerHand(models.Model):
    """What one person did in one finished hand, read from its replayed ``HandResult``."""

    DECLARER, PARTNER, OPPONENT = "declarer", "partner", "opponent"

    hand = models.ForeignKey(
        "games.Hand", on_delete=models.CASCADE, related_name="player_hands", verbose_name=_("hand")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_hands",
        verbose_name=_("user"),
    )
    variant = models.CharField(max_length=20, verbose_name=_("game"))
    room = models.ForeignKey(
        "games.Room", on_delete=models.CASCADE, related_name="+", verbose_name=_("table")
    )
    match_no = models.PositiveIntegerField(verbose_name=_("match number"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    # True when a robot held another seat of the hand; False: people only.
    with_robots = models.BooleanField(verbose_name=_("with robots"))
    role = models.CharField(
        max_length=10, blank=True, default="", verbose_name=_("role")
    )  # "": thrown in, or no declarer
    contract = models.CharField(max_length=40, blank=True, default="", verbose_name=_("contract"))
    made = models.BooleanField(
        null=True, verbose_name=_("made")
    )  # the declarer was paid; None when there was no declarer
    score = models.IntegerField(verbose_name=_("score"))  # the seat's payment
    bonuses = models.JSONField(
        default=list, verbose_name=_("bonuses")
    )  # the bonuses this seat's side made, by name
    finished = models.DateTimeField(verbose_name=_("finished"))

    class Meta:
        verbose_name = _("player's hand")
        verbose_name_plural = _("players' hands")
        constraints = [models.UniqueConstraint(fields=["hand", "user"], name="unique_player_hand")]
        indexes = [models.Index(fields=["user", "variant"], name="player_hand_user_variant")]

    def __str__(self) -> str:
        return gettext("%(user)s in hand %(hand)s") % {"user": self.user_id, "hand": self.hand_id}


class Rating(models.Model):
    """A person's rating in one game (openskill's Plackett-Luce ``mu`` and ``sigma``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("user")
    )
    variant = models.CharField(max_length=20, verbose_name=_("game"))
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    # mu - 3 sigma: what the leaderboard sorts by (a new player starts near 0 and climbs).
    ordinal = models.FloatField(db_index=True, verbose_name=_("ordinal"))
    matches = models.PositiveIntegerField(default=0, verbose_name=_("matches"))
    updated = models.DateTimeField(verbose_name=_("updated"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "variant"], name="unique_rating")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.mu:.1f}±{self.sigma:.1f}"

    # The range the player's skill most likely lies in (three sigmas either side of mu, so the
    # rating, the ordinal, is its low end): the pages show it in words ("likely between 17.8 and
    # 44.8") instead of "μ ± σ"; it narrows as the player plays.
    @property
    def likely_low(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def likely_high(self) -> float:
        return self.mu + 3 * self.sigma


class RatedMatch(models.Model):
    """A rated match whose standing has changed the ratings: counted once, however often the
    end of the match is announced. ``changes`` lists each person's place and rating before and
    after."""

    room = models.ForeignKey(
        "games.Room", on_delete=models.CASCADE, related_name="+", verbose_name=_("table")
    )
    match_no = models.PositiveIntegerField(verbose_name=_("match number"))
    variant = models.CharField(max_length=20, verbose_name=_("game"))
    finished = models.DateTimeField(verbose_name=_("finished"))
    changes = models.JSONField(default=list, verbose_name=_("changes"))

    class Meta:
        verbose_name = _("rated match")
        verbose_name_plural = _("rated matches")
        constraints = [models.UniqueConstraint(fields=["room", "match_no"], name="unique_rated_match")]

    def __str__(self) -> str:
        return gettext("%(table)s match %(match)s") % {"table": self.room_id, "match": self.match_no}
