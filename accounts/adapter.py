"""allauth's hooks: a new player's name may not pass for another's (accounts.names)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter

from accounts.names import check_new_name


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            check_new_name(username)
        return username
