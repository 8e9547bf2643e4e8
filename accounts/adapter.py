"""allauth's hooks: a new player's name may not pass for another's (accounts.names); a guest who
signs up becomes a member in place (the same row: every seat, hand, chat line and result that
points at the guest stays theirs), and the pages they have open follow the renewed session."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.names import check_new_name
from accounts.signals import session_renewed, session_renewing


def signed_in_guest(request: HttpRequest) -> User | None:
    """The guest this request is signed in as (read afresh: another tab may have signed up)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not getattr(user, "is_guest", False):
        return None
    return User.objects.filter(pk=user.pk, is_guest=True).first()


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            key = check_new_name(username)
            taken = User.objects.filter(name_key=key).values_list("username", flat=True).first()
            if taken is not None:
                raise ValidationError(
                    _("“%(name)s” looks too much like the player “%(taken)s”: choose another name.")
                    % {"name": username, "taken": taken}
                )
        return username

    def new_user(self, request: HttpRequest) -> Any:
        # A guest's sign-up fills in the guest's own row rather than a new one.
        return signed_in_guest(request) or super().new_user(request)

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        user.is_guest = False
        return super().save_user(request, user, form, commit=commit)

    def login(self, request: HttpRequest, user: Any) -> None:
        """Log in; when the session already holds this player (a guest who just signed up: the
        new password makes Django replace the session), say so before and after, with both keys."""
        old_key = request.session.session_key
        signed_in = getattr(request, "user", None)
        same_player = bool(old_key) and signed_in is not None and signed_in.pk == user.pk
        if same_player:
            session_renewing.send(sender=User, user=user, session_key=old_key)
        super().login(request, user)
        if same_player and request.session.session_key is None:
            request.session.save()  # Django flushed the old session: the new one gets its key now
        new_key = request.session.session_key
        if same_player and new_key and new_key != old_key:
            session_renewed.send(sender=User, user=user, old_key=old_key, new_key=new_key)
