"""Which language a page is in (issue 17, item 3): the browser's Accept-Language on the first
visit, the header's switch (a cookie, and the account of a player), the player's choice first."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from accounts.models import User
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db


def lang_of(response) -> str:
    match = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert match, "the page names its language"
    assert response.headers["Content-Language"] == match.group(1)
    return match.group(1)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("hu-HU,hu;q=0.9,en;q=0.5", "hu"),
        ("cs", "cs"),
        ("sl-SI", "sl"),
        ("de-DE,de;q=0.9,cs;q=0.4", "cs"),  # the first the site speaks, in the header's order
        ("en-GB,hu;q=0.8", "en"),
        ("de, fr", "en"),  # none spoken: English
        ("", "en"),
    ],
)
def test_the_first_visit_speaks_the_browsers_language(header, expected):
    response = client_for(None).get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 200
    assert lang_of(response) == expected
    assert "Accept-Language" in response.headers["Vary"]


def test_the_switch_remembers_the_choice_in_a_cookie_and_returns_to_the_page():
    client = client_for(None)
    response = client.post("/language/", {"language": "cs", "next": "/learn/"}, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 302 and response["Location"] == "/learn/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "cs"
    assert lang_of(client.get("/learn/", HTTP_ACCEPT_LANGUAGE="hu")) == "cs"  # the choice wins


def test_a_players_choice_is_kept_on_the_account_and_wins_on_every_device():
    player = UserFactory(username="anna")
    client = client_for(player)
    client.post("/language/", {"language": "sl", "next": "/"})
    assert User.objects.get(pk=player.pk).language == "sl"
    other_device = client_for(player)  # no cookie there, a Hungarian browser
    assert lang_of(other_device.get("/", HTTP_ACCEPT_LANGUAGE="hu")) == "sl"


@pytest.mark.parametrize("language", ["de", "", "xx-evil", "hu'><script>"])
def test_a_language_the_site_does_not_speak_changes_nothing(language):
    player = UserFactory(username="bela", language="hu")
    client = client_for(player)
    response = client.post("/language/", {"language": language, "next": "/daily/"})
    assert response.status_code == 302 and response["Location"] == "/daily/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert User.objects.get(pk=player.pk).language == "hu"


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/x", ""])
def test_the_switch_never_sends_the_player_off_the_site(next_url):
    response = client_for(None).post("/language/", {"language": "hu", "next": next_url})
    assert response.status_code == 302 and response["Location"] == "/"


def test_the_switch_takes_only_a_post():
    assert client_for(None).get("/language/?language=hu").status_code == 405


def test_the_header_offers_the_four_languages_each_in_its_own_words():
    html = client_for(None).get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    switch = html[html.index('id="languages"') :]
    switch = switch[: switch.index("</details>")]
    for code, name in settings.LANGUAGES:
        assert f'value="{code}" lang="{code}"' in switch and name in switch
    assert 'value="cs" lang="cs" aria-current="true"' in switch
