"""Guest players: one click, no form."""

from __future__ import annotations

import secrets

from .models import User
from .names import name_key

GUEST_PREFIX = "guest-"


def create_guest() -> User:
    while True:
        name = f"{GUEST_PREFIX}{secrets.token_hex(3)}"
        if not User.objects.filter(name_key=name_key(name)).exists():
            break
    user = User(username=name, is_guest=True)
    user.set_unusable_password()
    user.save()
    return user
