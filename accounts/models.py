from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player. Guests are real users without a password, created with one click."""

    is_guest = models.BooleanField(default=False)

    @property
    def display_name(self) -> str:
        return self.username
