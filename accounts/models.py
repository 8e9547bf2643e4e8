from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.names import skeleton


class User(AbstractUser):
    """A player. Guests are real users without a password, created with one click."""

    is_guest = models.BooleanField(default=False, verbose_name=_("guest"))
    # What the name looks like (accounts.names.skeleton): two players never share one.
    name_key = models.CharField(
        max_length=300, db_index=True, blank=True, default="", editable=False, verbose_name=_("name key")
    )
    # The language the player chose in the header's switch; blank: the browser's (issue 17).
    language = models.CharField(
        max_length=8, blank=True, default="", choices=settings.LANGUAGES, verbose_name=_("language")
    )

    def save(self, *args, **kwargs) -> None:
        self.name_key = skeleton(self.username)
        if kwargs.get("update_fields") is not None and "username" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        return self.username
