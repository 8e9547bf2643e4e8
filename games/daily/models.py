"""The day's deal per game, stored explicitly, and who played it at which table."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class DailyDeal(models.Model):
    """One game's deal of one day: the cards, the hand's context, the seat the player holds and
    the robots' seed, all derived once from the day and the game and then kept as they are."""

    variant = models.CharField(max_length=20)
    day = models.DateField()
    deal = models.JSONField()
    context = models.JSONField()
    seat = models.PositiveSmallIntegerField()
    robot_seed = models.CharField(max_length=64)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["variant", "day"], name="unique_daily_deal")]

    def __str__(self) -> str:
        return f"{self.variant} {self.day}"


class DailyEntry(models.Model):
    """A person's one play of a daily deal: the table it is played at."""

    daily = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    room = models.OneToOneField("games.Room", on_delete=models.CASCADE, related_name="daily_entry")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["daily", "user"], name="unique_daily_entry")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.daily}"
