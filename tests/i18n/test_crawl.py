"""Issue 35, "Done when": a crawl of every page and push a player meets in a hand of each game,
in each of the four languages, finds no action code, phase key, raw card id or untranslated
catalogue word (tests/i18n/crawl.py says what each is and which pages it meets). One hand per
game, each page rendered in every language as it is met. Sideways scrolling needs a browser:
the phone layout's browser tests (issue 35, item 4) look for it."""

from __future__ import annotations

import pytest

from games.page import controls
from tests.i18n import crawl

# A game played through its pages (the embedded phase only: see pyproject.toml's game_pages).
pytestmark = pytest.mark.game_pages
# Robots move inline when a move commits: the hands need real transactions.
in_a_database = pytest.mark.django_db(transaction=True)
GAMES = ["hungarian", "czech", "slovenian3", "bridge"]
SEED = 35  # the deal and the seat's choices: each game's hand reaches its play and its end


@pytest.fixture
def _robots_inline(settings) -> None:
    settings.ROBOT_RUNNER = "inline"
    settings.ROBOT_DELAY = 0


@in_a_database
@pytest.mark.usefixtures("_robots_inline")
@pytest.mark.parametrize("game", GAMES)
def test_a_hand_of_the_game_reads_in_words_in_every_language(game):
    met = crawl.play_hand(game, SEED)
    assert {"play", "over"} <= set(met.phases), met.phases
    assert {page.language for page in met.pages} == set(crawl.LANGUAGES)
    found = crawl.page_findings(met)
    assert not found, f"{len(found)} findings, e.g.:\n" + "\n".join(found[:60])


@pytest.mark.django_db
def test_the_pages_of_no_one_game_read_in_words_in_every_language():
    from django.test import Client

    from tests.factories import UserFactory

    client = Client()
    client.force_login(UserFactory(username="reader"))
    met = crawl.site_pages(client)
    found = crawl.page_findings(met)
    assert not found, "\n".join(found[:60])


@in_a_database
@pytest.mark.usefixtures("_robots_inline")
def test_the_crawl_fails_on_a_planted_action_code(monkeypatch):
    # Buttons that say their action's code ("bid:three") instead of its words.
    monkeypatch.setattr(controls, "button_label", lambda action, *_args, **_kwargs: action)
    room, _user, client = crawl.open_table("slovenian3", SEED)
    met = crawl.Crawl("slovenian3")
    crawl.meet(met, client, f"/r/{room.code}/", "table", languages=("sl",))
    found = crawl.page_findings(met)
    assert any("action code 'bid:" in line for line in found), found


@pytest.mark.parametrize(
    "text, language, finding",
    [
        ("Your choices: eights:next, eights:spread", "en", "action code 'eights:next'"),
        ("Hand 1 · Iote", "en", "phase key 'Iote'"),
        ("Yesterday: D2 C10 DK", "en", "card id 'D2'"),
        ("Játék · Waiting for players", "hu", "English word 'waiting'"),
    ],
)
def test_each_kind_of_leftover_is_found(text, language, finding):
    assert finding in crawl.findings(text, language)


def test_words_of_the_language_are_not_leftovers():
    assert crawl.findings("Kör · Passz · Szóló · 12:30 · https://example.org/a:b", "hu") == []
    assert crawl.findings("Hand 1 · Auction · Play the XXI", "en") == []
