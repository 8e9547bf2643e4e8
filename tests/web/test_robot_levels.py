"""Issue 37, item 3: a robot's level and its measured strength where a player picks it. The
lobby's and the tournament's forms say, under the robot level, what the chosen level does and
how it measured in the chosen game (one note shown, the others for the page's script); the
waiting table's host (who gives the seats robots) and /learn/ link to /learn/robots/, which
gives every game's figures (games.bots.ladder), in the page's language."""

from __future__ import annotations

import re

import pytest

from games.bots.ladder import LADDER
from games.rules import VARIANTS
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

NOTE = re.compile(r'<span data-level-note="([a-z0-9]+) ([a-z]+)"( hidden)?>([^<]*)</span>')


def notes(html: str) -> list[tuple[str, str, bool, str]]:
    return [(game, level, not hidden, text) for game, level, hidden, text in NOTE.findall(html)]


def test_the_lobby_says_under_the_level_what_each_does_and_how_it_measured_in_each_game():
    html = client_for(UserFactory()).get("/").content.decode()
    found = notes(html)
    assert {(g, lv) for g, lv, _shown, _t in found} == {
        (g, lv) for g in VARIANTS for lv in ("strong", "basic", "random")
    }
    # Without the script: the first game's default level (basic), alone.
    assert [(g, lv) for g, lv, shown, _t in found if shown] == [("hungarian", "basic")]
    text = {(g, lv): t for g, lv, _s, t in found}
    assert text["hungarian", "basic"] == (
        "Plays by sound rules of thumb, for every decision, at once. "
        "Against random: +4.3 points a hand (± 0.2; 2,000 deals in duplicate)."
    )
    assert text["czech", "strong"].endswith(
        "Against basic: +0.6 chips a hand (± 0.1; 480 deals in duplicate). "
        "Against machtarok.com’s robot: +1 chip a hand (± 0.1; card play only, 2,274 deals)."
    )
    assert text["slovenian3", "strong"].endswith(
        "Against OpenSpiel’s robot, which sees every card: "
        "−2.6 points a hand (± 0.5; card play only, 1,000 deals)."
    )
    # Bridge counts penalty points: the stronger level takes fewer, at the default three players.
    assert text["bridge", "strong"].endswith(
        "Against basic: −3.8 penalty points a hand (± 0.2; 3 players, 2,000 deals in duplicate)."
    )
    assert text["czech", "random"] == "Plays any legal card or call, at random: for learning the rules."
    assert 'href="/learn/robots/" id="robot-levels-link"' in html


def test_the_tournament_form_shows_its_default_level_strong():
    html = client_for(UserFactory()).get("/tournaments/").content.decode()
    found = notes(html)
    assert {lv for _g, lv, _s, _t in found} == {"strong", "basic"}
    assert [(g, lv) for g, lv, shown, _t in found if shown] == [("hungarian", "strong")]


@pytest.mark.parametrize(
    ("language", "figure"),
    [
        ("en", "Against basic: +0.6 chips a hand (± 0.1; 480 deals in duplicate)."),
        ("hu", "Az alap szint ellen: +0,6 zseton leosztásonként (± 0,1; 480 összevetéses osztás)."),
        ("cs", "Proti základnímu: +0,6 žetonu na hru (± 0,1; 480 srovnávacích rozdání)."),
        ("sl", "Proti osnovnemu: +0,6 žetona na igro (± 0,1; 480 primerjalnih deljenj)."),
    ],
)
def test_the_robots_page_gives_every_games_figures_in_the_pages_language(language, figure):
    response = client_for(None).get("/learn/robots/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    for key in VARIANTS:
        section = html[html.index(f'data-ladder="{key}"') :]
        section = section[: section.index("</section>")]
        assert section.count("<li data-figure>") == len(LADDER[key]), key
        assert section.count("<dt data-level=") == 3
    czech = html[html.index('data-ladder="czech"') :]
    assert figure in czech[: czech.index("</section>")]


def test_the_waiting_tables_host_and_the_learn_index_link_to_the_figures():
    host, friend = UserFactory(), UserFactory()
    room = open_table(host, robots=1, variant="czech")
    link = 'href="/learn/robots/#czech" data-robot-levels'
    page = client_for(host).get(f"/r/{room.code}/").content.decode()
    assert page.count(link) == 1  # once, beside the seats' menus
    assert client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1}).status_code == 302
    assert link not in client_for(friend).get(f"/r/{room.code}/").content.decode()  # no menu, no link
    assert client_for(None).get("/learn/robots/").status_code == 200
    assert 'href="/learn/robots/" id="learn-robots"' in client_for(None).get("/learn/").content.decode()
