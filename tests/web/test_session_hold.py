"""tarokk_site.sessions.SessionHold: a socket's check, at every move, that its login session still
holds its player, answers as Django does (``user_of``) and asks Django only when what that
answer rests on changed."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from accounts.models import User
from tarokk_site import sessions
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def asked(monkeypatch):
    """The times Django was asked (``user_of``)."""
    calls = []
    real = sessions.user_of
    monkeypatch.setattr(sessions, "user_of", lambda key: calls.append(key) or real(key))
    return calls


def _logged_in(user) -> str:
    client = Client()
    client.force_login(user)
    return client.session.session_key


def test_a_session_that_holds_its_user_is_asked_of_django_once(asked):
    user = UserFactory()
    key = _logged_in(user)
    hold = sessions.SessionHold()
    assert [hold.holds(key, user.pk) for _ in range(5)] == [True] * 5
    assert asked == [key]
    assert not sessions.SessionHold().holds(key, UserFactory().pk)  # another user's session


@pytest.mark.parametrize(
    "change",
    [
        "logged out",
        "expired",
        "password changed",
        "deactivated",
        "user deleted",
        "another user's data",
    ],
)
def test_what_a_session_rests_on_changing_is_asked_of_django_again(asked, change):
    user = UserFactory()
    key = _logged_in(user)
    hold = sessions.SessionHold()
    assert hold.holds(key, user.pk) and asked == [key]
    sessions_rows = Session.objects.filter(session_key=key)
    if change == "logged out":
        sessions_rows.delete()
    elif change == "expired":
        sessions_rows.update(expire_date=datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC))
    elif change == "password changed":
        User.objects.filter(pk=user.pk).update(password="changed")
    elif change == "deactivated":
        User.objects.filter(pk=user.pk).update(is_active=False)
    elif change == "user deleted":
        User.objects.filter(pk=user.pk).delete()
    else:
        other = Session.objects.get(session_key=_logged_in(UserFactory()))
        sessions_rows.update(session_data=other.session_data)
    assert not hold.holds(key, user.pk)
    assert not hold.holds(key, user.pk)  # and stays so
    assert sessions.user_of(key) is None or sessions.user_of(key).pk != user.pk  # as Django says


def test_a_session_changed_and_back_to_one_that_holds_its_user_is_held_again(asked):
    user = UserFactory()
    key = _logged_in(user)
    hold = sessions.SessionHold()
    assert hold.holds(key, user.pk)
    User.objects.filter(pk=user.pk).update(is_active=False)  # (a changed password ends the session)
    assert not hold.holds(key, user.pk)
    User.objects.filter(pk=user.pk).update(is_active=True)
    assert hold.holds(key, user.pk) and hold.holds(key, user.pk)
    assert len(asked) == 3  # the first time, the change, the change back; not the last


def test_a_row_that_changes_while_django_is_asked_is_not_kept(asked, monkeypatch):
    """Django's yes and the row kept must be of the same moment: a row read before that differs
    from the one read after is asked of Django again next time."""
    user = UserFactory()
    key = _logged_in(user)
    counted = sessions.user_of  # (the fixture's: counts in ``asked``)
    later = datetime.datetime(2100, 1, 1, tzinfo=datetime.UTC)

    def and_meanwhile(session_key):
        holder = counted(session_key)
        Session.objects.filter(session_key=key).update(expire_date=later)
        return holder

    monkeypatch.setattr(sessions, "user_of", and_meanwhile)
    hold = sessions.SessionHold()
    assert hold.holds(key, user.pk)
    assert hold.holds(key, user.pk)
    assert len(asked) == 2
