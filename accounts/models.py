from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts import names
from tarokk_site import prepared


class UserManager(DjangoUserManager):
    """Django's, with ``get(pk=<int>)`` read by a statement compiled once (tarokk_site.prepared).

    That is how Django's authentication backends find a session's user
    (``ModelBackend.get_user``): for every request that reads ``request.user`` and for every
    move sent over a room's socket (games.live checks its session then). Django builds and
    compiles that ``SELECT`` afresh each time. Every other call is Django's own."""

    _by_pk: prepared.Read | None = None

    def get(self, *args: Any, **kwargs: Any) -> Any:
        if args or len(kwargs) != 1 or type(kwargs.get("pk")) is not int:
            return super().get(*args, **kwargs)
        if UserManager._by_pk is None:
            UserManager._by_pk = prepared.Read(lambda pk: User.objects.all().filter(pk=pk))
        found = UserManager._by_pk.objects(kwargs["pk"], using=self.db)
        if not found:
            raise self.model.DoesNotExist(MISSING % self.model._meta.object_name)
        return found[0]


# The choices of User.trick_pause; the seconds each holds are the page's (static/js/pace.js).
TRICK_PAUSES = (
    ("quick", pgettext_lazy("trick pause", "quick")),
    ("normal", pgettext_lazy("trick pause", "normal")),
    ("long", pgettext_lazy("trick pause", "long")),
    ("tap", pgettext_lazy("trick pause", "until I tap")),
)

MISSING = "%s matching query does not exist."  # untranslated: Django's own words for it


class User(AbstractUser):
    """A player. Guests are real users without a password, created with one click."""

    objects: ClassVar[UserManager] = UserManager()

    is_guest = models.BooleanField(default=False, verbose_name=_("guest"))
    # What the name looks like (accounts.names.name_key): two players never share one.
    name_key = models.CharField(
        max_length=300, db_index=True, blank=True, default="", editable=False, verbose_name=_("name key")
    )
    # The language the player chose in the header's switch; blank: the browser's (issue 17).
    language = models.CharField(
        max_length=8, blank=True, default="", choices=settings.LANGUAGES, verbose_name=_("language")
    )

    # How long a completed trick stays on the felt before it goes to its winner (issue 35):
    # a setting of the player's own pages only (accounts.trick_pause), chosen at the table.
    trick_pause = models.CharField(
        max_length=8, default="normal", choices=TRICK_PAUSES, verbose_name=_("trick pause")
    )

    def save(self, *args, **kwargs) -> None:
        self.name_key = names.name_key(self.username)
        if kwargs.get("update_fields") is not None and "username" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        return self.username
