"""Issue 21, item 1: the rules pages /learn/ and /learn/<game>/. Every page renders its sections,
every option of ``variant.options`` and a glossary; every worked example's figures are the rules
core's; the lobby, the table-opening form, the room's Rules drawer and each option label link to
them."""

from __future__ import annotations

import re

import pytest

from games.learn.examples import examples_for, hungarian
from games.learn.options import OPTION_TEXTS
from games.learn.views import SECTIONS
from games.rules import VARIANTS
from games.rules.hungarian.scoring import score, settle_hand
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

GAMES = ("hungarian", "czech", "slovenian3", "bridge")
HREF = re.compile(r'href="(/learn/[^"#]+)#([^"]+)"')


def page(path: str) -> str:
    response = client_for(None).get(path)
    assert response.status_code == 200
    return response.content.decode()


def example_html(html: str, contract: str) -> str:
    start = html.index(f'id="example-{contract}"')
    return html[start : html.index("</section>", start)]


def anchors(html: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', html))


def test_it_lists_the_four_games():
    html = page("/learn/")
    for game in GAMES:
        assert f'href="/learn/{game}/"' in html
    assert "Slovenian Tarok" in html and "Czech Taroky" in html


@pytest.mark.parametrize("game", GAMES)
def test_it_renders_every_section_of_the_contents(game):
    html = page(f"/learn/{game}/")
    ids = anchors(html)
    for anchor, _title in SECTIONS[game]:
        assert f'href="#{anchor}"' in html  # the table of contents
        assert anchor in ids
    # The pack the table uses, with the table's card faces.
    assert html.count('class="card ') == {"hungarian": 42, "czech": 54, "slovenian3": 54, "bridge": 36}[game]


@pytest.mark.parametrize("game", GAMES)
def test_it_explains_every_option_of_the_variant(game):
    html = page(f"/learn/{game}/")
    names = [o.name for o in VARIANTS[game].options]
    assert list(OPTION_TEXTS[game]) == names  # no option without its prose, no prose for a gone option
    for option in VARIANTS[game].options:
        start = html.index(f'id="option-{option.name}"')
        entry = html[start : html.index("</div>", start)]
        assert f"<dt>{option.label}</dt>" in entry.replace("&#x27;", "'")
        assert len(re.sub(r"<[^>]+>", "", entry).strip()) > len(str(option.label)) + 40


GLOSSARY = {
    "hungarian": ("XX-hívás", "pagát ultimó", "tuletroá", "skíz", "volát"),
    "czech": ("povinnost", "prever", "I on the end", "valat", "contra"),
    "slovenian3": ("klop", "radelci", "valat", "mond", "emperor trick"),
    "bridge": ("blind", "stack", "Bridge", "wish", "J points"),
}


@pytest.mark.parametrize("game", GAMES)
def test_it_has_a_glossary_of_the_games_own_words(game):
    html = page(f"/learn/{game}/")
    glossary = html[html.index('id="glossary"') :]
    for term in GLOSSARY[game]:
        assert f"<dt>{term}" in glossary


def test_it_answers_404_for_a_game_it_does_not_know():
    response = client_for(None).get("/learn/chess/")
    assert response.status_code == 404


# Per contract: (V, payments per seat). The scenarios are in games/learn/examples/; change one and
# its row here fails. Each line's arithmetic is in the comment.
EXPECTED = {
    "hungarian": {
        "three": (6, (18, -6, -6, -6)),  # trull 1 × 2 × 2² = +8, lost kontra'd game −1 × 2; alone: 3 × 6
        "two": (6, (6, 6, -6, -6)),  # game +2, their kings −1, silent ultimó +5
        "one": (-18, (-18, -18, 18, 18)),  # announced volát failed: −(3 × 3) × 2
        "solo": (8, (7, 7, -5, -9)),  # silent double game 2 × 4; 8 tarokks: 1 from each other player
    },
    "czech": {
        "partner-game": (6, (6, 6, -6, -6)),  # (8 + 10) × 2 = 36 → 4; silent I on the end +2
        "prever": (-20, (-60, 20, 20, 20)),  # (5 + 10) × 3 = 45 → 5 (half away); × 2 bottom set × 2 contra
        "valat": (40, (40, 40, -40, -40)),  # called valat made
    },
    "slovenian3": {
        "klop": (0, (-20, -30, -20)),  # 18, 31, 21 rounded to 5
        "three": (25, (25, -20, 0)),  # 10 + R(41 − 35) = 5, kings +10; mond penalty −20 to opponent 1
        "two": (-30, (-30, 0, 0)),  # −20 + R(33 − 35) = 0, their trula −10
        "one": (95, (95, 0, 0)),  # 30 + R(52 − 35) = 15, announced ultimó +50
        "beggar": (140, (140, 0, 0)),  # 70, doubled by the radelc
        "solo-without": (80, (80, 0, 0)),
        "open-beggar": (-180, (-180, 0, 0)),  # −90 × 2 kontra
        "colour-valat": (125, (125, 0, 0)),
        "valat": (-500, (-500, 0, 0)),
    },
    "bridge": {
        "plus": (0, (0, 80, 120)),  # J points 2 × 20 × 2 to each other; C10 HQ = 20 × 2
        "minus": (0, (-80, 0, 40)),
    },
}


@pytest.mark.parametrize("game", GAMES)
def test_it_shows_the_rules_cores_figures_for_every_worked_example(game):
    html = page(f"/learn/{game}/")
    examples = examples_for(game)
    assert {e.contract: (e.result.value, e.result.payments) for e in examples} == EXPECTED[game]
    for example in examples:
        shown = example_html(html, example.contract)
        payments = tuple(int(p) for p in re.findall(r'data-payment="(-?\d+)"', shown))
        assert payments == example.result.payments
        if game != "bridge" and example.result.declarer is not None:
            assert f'data-value="{example.result.value}"' in shown
        for item in example.result.items:
            assert f'data-item="{item.name}"' in shown


def test_it_scores_a_hungarian_example_exactly_as_a_played_hand_is():
    # The page's receipt lines are score()'s for the scenario, and the payments settle_hand()'s.
    result = next(e.result for e in examples_for("hungarian") if e.contract == "solo")
    scored = score(hungarian.SOLO)
    assert result.items == scored.items
    assert result.payments == settle_hand(scored, 0, 1) == (7, 7, -5, -9)


def resolves(link: tuple[str, str]) -> bool:
    path, anchor = link
    return anchor in anchors(page(path))


def test_it_links_the_lobby_and_every_option_of_the_opening_form_to_the_rules():
    assert 'href="/learn/"' in page("/")
    html = client_for(UserFactory()).get("/").content.decode()
    links = set(HREF.findall(html))
    for game, variant in VARIANTS.items():
        assert (f"/learn/{game}/", "options") in links
        for option in variant.options:
            if option.choices is None or len(option.choices) > 1:  # the form shows it
                assert (f"/learn/{game}/", f"option-{option.name}") in links
    assert all(resolves(link) for link in links)


@pytest.mark.parametrize("game", ["czech", "slovenian3"])
def test_it_links_the_rooms_rules_drawer_and_each_rule_to_the_rules_page(game):
    anna = UserFactory()
    room = open_table(anna, robots=2 if game == "slovenian3" else 3, variant=game)
    html = client_for(anna).get(f"/r/{room.code}/").content.decode()
    drawer = html[html.index('id="drawer-rules"') :]
    drawer = drawer[: drawer.index("</details>")]
    assert f'href="/learn/{game}/"' in drawer
    links = set(HREF.findall(drawer))
    assert links == {(f"/learn/{game}/", f"option-{o.name}") for o in VARIANTS[game].options}
    assert all(resolves(link) for link in links)
