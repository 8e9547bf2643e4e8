"""allauth's hooks: a new player's name may not pass for another's (accounts.names)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import ValidationError

from accounts.models import User
from accounts.names import check_new_name


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            key = check_new_name(username)
            taken = User.objects.filter(name_key=key).values_list("username", flat=True).first()
            if taken is not None:
                raise ValidationError(
                    f"“{username}” looks too much like the player “{taken}”: choose another name."
                )
        return username
