"""Accounts through django-allauth: sign up, log in, log out, change the password."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_it_signs_a_new_player_up_and_logs_them_in():
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {"username": "anna", "email": "", "password1": "pagat ultimo 21", "password2": "pagat ultimo 21"},
    )
    assert response.status_code == 302
    user = User.objects.get(username="anna")
    assert not user.is_guest and user.check_password("pagat ultimo 21")
    assert "anna" in client.get("/").content.decode()


def test_it_refuses_a_signup_with_mismatched_passwords():
    response = Client().post(
        "/accounts/signup/",
        {"username": "anna", "password1": "pagat ultimo 21", "password2": "something else"},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="anna").exists()


def test_it_logs_in_and_out():
    UserFactory(username="bela")
    client = Client()
    response = client.post("/accounts/login/", {"login": "bela", "password": "correct horse battery"})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_refuses_a_wrong_password():
    UserFactory(username="bela")
    client = Client()
    response = client.post("/accounts/login/", {"login": "bela", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_it_changes_the_password():
    user = UserFactory(username="bela")
    client = Client()
    client.force_login(user)
    response = client.post(
        "/accounts/password/change/",
        {
            "oldpassword": "correct horse battery",
            "password1": "skiz xxi pagat",
            "password2": "skiz xxi pagat",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("skiz xxi pagat")
