"""Ratings: the same numbers as openskill computes for the same seats and places; a rated
match changes them once; an unrated one never; the leaderboard and the profile show them."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from openskill.models import PlackettLuce

from games.models import Room
from games.services import matches
from games.standings import events
from games.standings.models import RatedMatch, Rating
from games.standings.profile import profile_sections
from games.standings.ratings import ROBOT_STRENGTH, Entrant, rated
from tests.factories import UserFactory
from tests.web.helpers import client_for, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_rates_as_openskill_does_for_the_same_places():
    # Four seats, a tie for second place, a basic robot last (openskill's own computation).
    model = PlackettLuce()
    teams = [
        [model.rating()],
        [model.rating(mu=30.0, sigma=6.0)],
        [model.rating()],
        [model.rating(mu=25.0, sigma=2.0)],
    ]
    expected = [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=[1, 2, 2, 4])]
    entrants = [
        Entrant(25.0, 25 / 3, 1),
        Entrant(30.0, 6.0, 2),
        Entrant(25.0, 25 / 3, 3),
        Entrant(*ROBOT_STRENGTH["basic"]),
    ]
    assert rated(entrants, [1, 2, 2, 4]) == expected
    assert expected[0] == (28.39928023764769, 8.22435493858025)  # the winner, from a fresh start


def _rated_match(user: object, rated_table: bool = True) -> Room:
    form = {"variant": "hungarian", "robots": 3, "match_hands": 1}
    if rated_table:
        form["rated"] = "on"
    response = client_for(user).post("/rooms/new", form)
    assert response.status_code == 302, response.content
    room = Room.objects.get(code=response["Location"].strip("/").split("/")[-1])
    assert room.rated is rated_table
    client = client_for(user)
    for _ in range(30):  # a thrown-in hand is dealt again within the match
        play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        if matches.current_match(room).over:
            return room
        client.post(f"/r/{room.code}/next", {"hand_no": room.current_hand().number})
    pytest.fail("the one-hand match did not end")


def test_it_rates_a_finished_match_against_robots_of_fixed_strength():
    gabor = UserFactory(username="gabor")
    room = _rated_match(gabor)
    match = matches.current_match(room)
    places = {seat: place for place, seat, _ in match.standings()}
    model = PlackettLuce()
    teams = [[model.rating()]] + [[model.rating(*ROBOT_STRENGTH["basic"])] for _ in range(3)]
    (mu, sigma) = [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=[places[s] for s in range(4)])][0]
    rating = Rating.objects.get(user=gabor, variant="hungarian")
    assert (rating.mu, rating.sigma, rating.matches) == (mu, sigma, 1)
    assert rating.ordinal == mu - 3 * sigma
    (record,) = RatedMatch.objects.filter(room=room)
    assert record.changes == [
        {"user": gabor.pk, "seat": 0, "place": places[0], "before": [25.0, 25 / 3], "after": [mu, sigma]}
    ]
    # Announcing the same end again (a retry, the host's end) changes nothing.
    events.hand_finished(room.current_hand().pk)
    events.match_ended(room.pk, 1)
    assert Rating.objects.get(user=gabor).matches == 1 and RatedMatch.objects.count() == 1


def test_it_leaves_ratings_alone_at_an_unrated_table():
    hedvig = UserFactory(username="hedvig")
    _rated_match(hedvig, rated_table=False)
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()


def test_it_refuses_a_rated_value_that_is_no_checkbox_and_opens_nothing():
    ilona = UserFactory(username="ilona")
    response = client_for(ilona).post("/rooms/new", {"variant": "hungarian", "robots": 3, "rated": "maybe"})
    assert response.status_code == 400
    assert response.json() == {"error": "rated must be on or off, not 'maybe'"}
    assert not Room.objects.exists()


def test_it_shows_the_leaderboard_to_everyone_best_first():
    janos, kata = UserFactory(username="janos"), UserFactory(username="kata")
    for user, mu in ((janos, 20.0), (kata, 30.0)):
        Rating.objects.create(
            user=user,
            variant="czech",
            mu=mu,
            sigma=2.0,
            ordinal=mu - 6,
            matches=3,
            updated="2025-01-01T00:00Z",
        )
    for viewer in (None, janos, UserFactory(username="stranger")):
        response = client_for(viewer).get("/leaderboard/czech/")
        assert response.status_code == 200
        page = response.content.decode()
        assert page.index('data-player="kata"') < page.index('data-player="janos"')
        assert 'data-rating="24.0"' in page and 'data-rating="14.0"' in page
    assert (
        "Nobody has finished a rated match" in client_for(None).get("/leaderboard/bridge/").content.decode()
    )
    assert client_for(None).get("/leaderboard/chess/").status_code == 404
    html = render_to_string("games/_ratings.html", profile_sections(janos))
    assert 'data-rating-game="czech"' in html and "<td>2</td>" in html  # janos is second


def test_it_explains_ratings_in_words_not_symbols():
    # mu 30, sigma 2: the rating is mu − 3 sigma = 24.0, the low end of the likely range 24–36.
    kata = UserFactory(username="kata")
    Rating.objects.create(
        user=kata, variant="czech", mu=30.0, sigma=2.0, ordinal=24.0, matches=3, updated="2025-01-01T00:00Z"
    )
    for path in ("/leaderboard/", "/leaderboard/czech/", "/profile/kata/"):
        page = client_for(None).get(path).content.decode()
        assert "cautious estimate" in page and "rises as" in page and "μ" not in page and "σ" not in page
    assert "between 24.0 and 36.0" in client_for(None).get("/leaderboard/czech/").content.decode()
    html = render_to_string("games/_ratings.html", profile_sections(kata))
    assert "between 24.0 and 36.0" in html
