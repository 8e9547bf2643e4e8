"""factory-boy factories for the web tests."""

from __future__ import annotations

import factory

from accounts.models import User
from games.models import Room


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("correct horse battery")


class StaffFactory(UserFactory):
    username = factory.Sequence(lambda n: f"staff{n}")
    is_staff = True
    is_superuser = True


class RoomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Room

    variant = "hungarian"
