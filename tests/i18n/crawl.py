"""The crawl of issue 35: every page and pushed fragment a player meets in a hand of a game, in
each language, read for what a player must never see (tests/i18n/test_crawl.py).

What a player reads is a page's text and its ``title``, ``aria-label``, ``placeholder`` and
``alt`` attributes (``catalogues.readable_text``). In it the crawl looks for:
- an action code: ``play:SA``, ``eights:next``, ``bid:three`` (a word, a colon, a word);
- a phase key: ``iote``, ``jpoints`` (a rules core phase that is no word of the language);
- a raw card id: ``D2``, ``SA``, ``T21`` as a token of its own (every game names its cards);
- an untranslated catalogue word: an English message's word on a page in hu, cs or sl.

The pages come from one hand of the game played through the test client against seeded robots
(``play_hand``), each phase's table page and pushes rendered in every language as it is met,
then the pages around the hand (result, replay, My games, profile, ratings, daily, learn, the
guided hand). Sideways scrolling needs a browser: tests/browser (issue 35's phone layout).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import translation

from tests.i18n.catalogues import LANGUAGES, _words, english_on_page, messages, readable_text

# ``word:word`` as a token of its own (not a time, 0:30; not an address, https://).
ACTION_CODE = re.compile(r"(?<![\w/.:-])[a-z][a-z0-9-]*:[A-Za-z0-9](?:[\w,-]*\w)?")
CARD_ID = re.compile(r"(?<![\w-])(?:T(?:2[0-2]|1\d|[1-9])|[HDSC](?:10|[1-9]|[KQRJA]))(?![\w-])")
WORD = re.compile(r"[A-Za-zÀ-ž]+")
# Words a page keeps for its scripts to show (the connection's state, the tab's title).
SCRIPT_WORDS = re.compile(r'\sdata-(?:live|reconnecting|turn-word)="([^"]*)"')

# What other work of issue 35 changes, left out of the crawl until then: (game or "", where the
# page was met, the finding's text). The guided hands' words are helper D's (its robots are
# "Robot 2 (script)", the Czech one's first explanation is not translated yet).
KNOWN: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class Page:
    where: str  # what the player was looking at: "table (auction)", "/learn/czech/"
    language: str
    html: str


@dataclass
class Crawl:
    game: str
    pages: list[Page] = field(default_factory=list)
    phases: list[str] = field(default_factory=list)  # the phases met, in order
    names: set[str] = field(default_factory=set)  # the players' names (not words of a language)


@functools.cache
def phase_keys() -> frozenset[str]:
    from games.rules.bridge.state import Phase as BridgePhase
    from games.rules.czech.state import Phase as CzechPhase
    from games.rules.hungarian.state import Phase as HungarianPhase
    from games.rules.slovenian3.state import Phase as SlovenianPhase

    return frozenset(
        p.value for enum in (BridgePhase, CzechPhase, HungarianPhase, SlovenianPhase) for p in enum
    )


@functools.cache
def language_words(code: str) -> frozenset[str]:
    """The words the site says in ``code``: its catalogue's translations (English: its msgids)."""
    found: set[str] = set()
    for entry in messages(code):
        if code == "en":
            found |= _words(entry.msgid) | _words(entry.plural or "")
        else:
            for text in entry.msgstr.values():
                found |= _words(text)
    return frozenset(found)


def findings(text: str, language: str, names: set[str] = frozenset()) -> list[str]:
    """What ``text`` (a page's readable text in ``language``) shows that no player should read."""
    found = [f"action code {m.group(0)!r}" for m in ACTION_CODE.finditer(text)]
    found += [f"card id {m.group(0)!r}" for m in CARD_ID.finditer(text)]
    allowed = {w.lower() for name in names for w in WORD.findall(name)}
    words = language_words(language)
    for token in WORD.findall(text):
        key = token.lower()
        if key in phase_keys() and key not in words and key not in allowed:
            found.append(f"phase key {token!r}")
    if language != "en":
        found += [f"English word {w!r}" for w in sorted(english_on_page(text, language, names))]
    return found


def readable(html: str) -> str:
    """What a player reads of ``html``: its text and labels, and the words its scripts show."""
    return readable_text(html) + "\n" + "\n".join(SCRIPT_WORDS.findall(html))


def known(game: str, where: str, line: str) -> bool:
    return any(g in ("", game) and w in where and text in line for g, w, text in KNOWN)


def page_findings(crawl: Crawl) -> list[str]:
    """Every finding of every page of ``crawl``, with the line it is in and where it was."""
    out = []
    for page in crawl.pages:
        text = readable(page.html)
        if not findings(text, page.language, crawl.names):
            continue  # most pages: one pass over the whole text; lines only to say where
        for line in text.splitlines():
            for finding in findings(line, page.language, crawl.names):
                said = f"{crawl.game} [{page.language}] {page.where}: {finding} in {line.strip()[:90]!r}"
                if not known(crawl.game, page.where, said):
                    out.append(said)
    return sorted(set(out))


# --- Playing a hand and meeting its pages ----------------------------------------------------


def get(client: Client, url: str, language: str, **kwargs: Any) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **kwargs)
    assert response.status_code == 200, f"{url} ({language}): {response.status_code}"
    return response.content.decode()


def pushes(room: Any, language: str) -> str:
    """What a watcher's socket is pushed now, as the consumer renders it (the seat's own pushes
    are the partials its table page holds, read there)."""
    from games.page.partials import render_live

    with translation.override(language):
        return render_live(room, AnonymousUser(), oob=True)


def meet(crawl: Crawl, client: Client, url: str, where: str, languages: tuple[str, ...] = LANGUAGES) -> None:
    for language in languages:
        crawl.pages.append(Page(where, language, get(client, url, language)))


def open_table(game: str, seed: int) -> tuple[Any, Any, Client]:
    """A table of ``game`` with its deal seeded: a new user at seat 0, robots in the others."""
    from games import services
    from games.services import hands
    from tests.factories import UserFactory

    user = UserFactory(username=f"crawler{seed}")
    client = Client()
    client.force_login(user)
    original = hands.random.SystemRandom
    hands.random.SystemRandom = lambda: random.Random(seed)  # type: ignore[assignment,misc]
    try:
        room = services.create_room(user, game, robots=services_seats(game) - 1)
    finally:
        hands.random.SystemRandom = original  # type: ignore[misc]
    return room, user, client


def play_hand(game: str, seed: int, pick: Callable[[random.Random, list[str]], str] | None = None) -> Crawl:
    """One hand of ``game`` (a seat of a guest-like user, robots at the others, the deal and the
    choices seeded): at the first decision of each phase, the table page and its pushes in every
    language; once it is over, the pages around it. Robots must move inline (the caller sets it)."""
    chooser = random.Random(seed)
    pick = pick or (lambda rng, legal: rng.choice(legal))
    room, user, client = open_table(game, seed)
    crawl = Crawl(game)
    crawl.names = {s.user.username for s in room.seats.select_related("user") if s.user} | robot_names(room)
    crawl.names.add(room.code)  # a random code: "es5way" holds no English "way"
    meet(crawl, client, "/", "lobby")
    url = f"/r/{room.code}/"
    for _ in range(400):
        view = client.get(f"{url}view.json").json()
        phase = view["phase"]
        if phase not in crawl.phases:
            crawl.phases.append(phase)
            meet(crawl, client, url, f"table ({phase})")
            for language in LANGUAGES:
                crawl.pages.append(Page(f"push ({phase})", language, pushes(room, language)))
        if phase == "over":
            break
        if not view["legal"]:
            raise AssertionError(f"nobody can act: {view['to_act']} in {phase}")
        action = pick(chooser, view["legal"])
        response = client.post(f"{url}act", {"action": action, "seq": view["seq"]})
        assert response.status_code == 200, response.content
    else:
        raise AssertionError("the hand did not end")
    hand = room.current_hand()
    for path, where in (
        (f"/hands/{hand.pk}/", "replay"),
        ("/history/", "My games"),
        (f"/profile/{user.username}/", "profile"),
        (f"/leaderboard/{game}/", "ratings"),
        (f"/daily/{game}/", "daily"),
        (f"/learn/{game}/", "learn"),
        (f"/tutorial/{game}/", "guided hand's door"),
    ):
        meet(crawl, client, path, where)
    guided = client.post(f"/tutorial/{game}/")
    assert guided.status_code == 302, guided.status_code
    meet(crawl, client, guided["Location"], "guided hand")
    return crawl


def services_seats(game: str) -> int:
    from games.rules import get_variant
    from games.rules.base import resolve_options

    variant = get_variant(game)
    return variant.seat_count(resolve_options(variant.options, None))


def robot_names(room: Any) -> set[str]:
    names = set()
    for language in LANGUAGES:
        with translation.override(language):
            names |= {str(seat.label) for seat in room.seats.select_related("user")}
    return names


# The pages of no one game, as (url, where).
SITE_PAGES = (
    ("/leaderboard/", "ratings"),
    ("/daily/", "daily"),
    ("/learn/", "learn"),
    ("/cards/", "cards"),
)


def site_pages(client: Client) -> Crawl:
    """The pages of no one game, in every language, as ``client`` sees them."""
    crawl = Crawl("site")
    for url, where in SITE_PAGES:
        meet(crawl, client, url, where)
    return crawl
