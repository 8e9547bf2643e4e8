"""The derived rows: one per person and finished hand, one rating per person and game, one
per rated match. Rebuilt from the log by ``manage.py rebuild_stats``."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PlayerHand(models.Model):
    """What one person did in one finished hand, read from its replayed ``HandResult``."""

    DECLARER, PARTNER, OPPONENT = "declarer", "partner", "opponent"

    hand = models.ForeignKey("games.Hand", on_delete=models.CASCADE, related_name="player_hands")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_hands")
    variant = models.CharField(max_length=20)
    room = models.ForeignKey("games.Room", on_delete=models.CASCADE, related_name="+")
    match_no = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    # True when a robot held another seat of the hand; False: people only.
    with_robots = models.BooleanField()
    role = models.CharField(max_length=10, blank=True, default="")  # "": thrown in, or no declarer
    contract = models.CharField(max_length=40, blank=True, default="")
    made = models.BooleanField(null=True)  # the declarer was paid; None when there was no declarer
    score = models.IntegerField()  # the seat's payment
    bonuses = models.JSONField(default=list)  # the bonuses this seat's side made, by name
    finished = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "user"], name="unique_player_hand")]
        indexes = [models.Index(fields=["user", "variant"], name="player_hand_user_variant")]

    def __str__(self) -> str:
        return f"{self.user_id} in hand {self.hand_id}"


class Rating(models.Model):
    """A person's rating in one game (openskill's Plackett-Luce ``mu`` and ``sigma``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma: what the leaderboard sorts by (a new player starts near 0 and climbs).
    ordinal = models.FloatField(db_index=True)
    matches = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "variant"], name="unique_rating")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.mu:.1f}±{self.sigma:.1f}"


class RatedMatch(models.Model):
    """A rated match whose standing has changed the ratings: counted once, however often the
    end of the match is announced. ``changes`` lists each person's place and rating before and
    after."""

    room = models.ForeignKey("games.Room", on_delete=models.CASCADE, related_name="+")
    match_no = models.PositiveIntegerField()
    variant = models.CharField(max_length=20)
    finished = models.DateTimeField()
    changes = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "match_no"], name="unique_rated_match")]

    def __str__(self) -> str:
        return f"{self.room_id} match {self.match_no}"
