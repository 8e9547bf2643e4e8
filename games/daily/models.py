"""The day's deal per game, stored explicitly, and who played it at which table."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class DailyDeal(models.Model):
    """One game's deal of one day: the cards, the hand's context, the seat the player holds and
    the robots' seed, all derived once from the day and the game and then kept as they are."""

    variant = models.CharField(max_length=20, verbose_name=_("game"))
    day = models.DateField(verbose_name=_("day"))
    deal = models.JSONField(verbose_name=_("deal"))
    context = models.JSONField(verbose_name=_("context"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    robot_seed = models.CharField(max_length=64, verbose_name=_("robot seed"))

    class Meta:
        verbose_name = _("daily deal")
        verbose_name_plural = _("daily deals")
        constraints = [models.UniqueConstraint(fields=["variant", "day"], name="unique_daily_deal")]

    def __str__(self) -> str:
        return f"{self.variant} {self.day}"


class DailyEntry(models.Model):
    """A person's one play of a daily deal: the table it is played at."""

    daily = models.ForeignKey(
        DailyDeal, on_delete=models.CASCADE, related_name="entries", verbose_name=_("daily deal")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    room = models.OneToOneField(
        "games.Room", on_delete=models.CASCADE, related_name="daily_entry", verbose_name=_("table")
    )
    created = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("daily deal entry")
        verbose_name_plural = _("daily deal entries")
        constraints = [models.UniqueConstraint(fields=["daily", "user"], name="unique_daily_entry")]

    def __str__(self) -> str:
        return gettext("%(user)s on %(daily)s") % {"user": self.user_id, "daily": self.daily}
