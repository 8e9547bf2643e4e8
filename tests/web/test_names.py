"""Issue finding 10 (names): sign-up refuses a name that passes for another player's, for a
guest's, or for a word the pages use ("You"), and creates nobody."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.guests import create_guest
from accounts.models import User
from accounts.names import skeleton

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_rate_limit_left_over():
    """allauth allows 20 sign-ups a minute from one address (counted in the cache): these tests
    sign up many names, and other tests of the run may have just done so too."""
    from django.core.cache import cache

    cache.clear()


PASSWORD = "pagat ultimo 21"


def sign_up(name: str):
    return Client().post(
        "/accounts/signup/", {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD}
    )


def refused(name: str, words: str) -> None:
    before = User.objects.count()
    response = sign_up(name)
    assert response.status_code == 200, name  # the form again, with the reason
    assert words in response.content.decode(), (name, response.content.decode()[-3000:])
    assert User.objects.count() == before and not User.objects.filter(username=name).exists()


def test_it_refuses_a_name_that_looks_like_a_guests():
    guest = create_guest()
    lookalike = "\u0261" + guest.username[1:]  # ɡ: LATIN SMALL LETTER SCRIPT G
    refused(lookalike, "Names beginning with “guest-” are kept for guests")
    refused("Guest-abcdef", "Names beginning with “guest-” are kept for guests")


def test_it_refuses_a_name_that_looks_like_another_players():
    User.objects.create_user("paypal", password=PASSWORD)
    refused("pаypal", "mixes letters of different alphabets")  # a Cyrillic а among Latin letters
    User.objects.create_user("Bob0", password=PASSWORD)
    refused("bobO", "looks too much like the player “Bob0”")
    refused("ｂｏｂ0", "looks too much like the player “Bob0”")  # fullwidth letters: NFKC
    User.objects.create_user("ilona", password=PASSWORD)
    refused("lIona", "looks too much like the player “ilona”")  # l and I for i and l


@pytest.mark.parametrize("name", ["You", "you", "YOU", "Yоu", "ｙｏｕ"])
def test_it_refuses_the_word_you_in_any_case_or_disguise(name):
    refused(name, "is a word the site uses for something else")


def test_it_still_signs_up_an_ordinary_name_in_any_alphabet():
    for name in ("anna", "Ildikó", "Даша", "guesthouse"):
        assert sign_up(name).status_code == 302, name
        assert User.objects.get(username=name).name_key == skeleton(name)


def test_guests_get_names_no_player_has():
    guest = create_guest()
    assert guest.name_key == skeleton(guest.username) and guest.username.startswith("guest-")


# --- the full UTS #39 skeleton and invisible letters (issue 33) ----------------------------------


@pytest.mark.parametrize(
    ("taken", "lookalike"),
    [
        ("mary", "rnary"),  # confusables.txt: m -> rn
        ("Rnary", "Mary"),  # either way round, in any case
        ("wendy", "vvendy"),  # vv for w
        ("dora", "clora"),  # cl for d
        ("dora", "cIora"),  # and a capital I for the l
        ("pace", "\u0440\u0430\u0441\u0435"),  # all Cyrillic (р а с е): no mixed script to catch
    ],
)
def test_it_refuses_a_multi_letter_or_other_script_lookalike_of_a_player(taken, lookalike):
    User.objects.create_user(taken, password=PASSWORD)
    refused(lookalike, f"looks too much like the player “{taken}”")


def test_the_skeleton_maps_by_unicodes_confusables_with_their_multi_letter_prototypes():
    assert (
        skeleton("m") == skeleton("rn")
        and skeleton("w") == skeleton("vv")
        and skeleton("d") == skeleton("cl")
    )
    assert skeleton("\u0430") == skeleton("a")  # CYRILLIC SMALL LETTER A
    assert skeleton("\u217f") == skeleton("m")  # SMALL ROMAN NUMERAL ONE THOUSAND: ⅿ -> rn as well
    for one, other in [
        ("anna", "ama"),
        ("mark", "nark"),
        ("wendy", "vendy"),
        ("dora", "cora"),
        ("ilona", "ilana"),
    ]:
        assert skeleton(one) != skeleton(other), (one, other)


def test_ordinary_distinct_names_still_sign_up_beside_each_other():
    for name in ("mark", "nark", "wendy", "vendy", "dora", "cora", "ilona", "ilana"):
        assert sign_up(name).status_code == 302, name


# Hangul fillers are letters to Django's username check (other invisible characters are refused
# by it already).
@pytest.mark.parametrize("name", ["\u3164", "bob\u3164", "\u115f\u1160", "jo\uffa0"])
def test_it_refuses_a_name_with_letters_that_show_nothing(name):
    refused(name, "show as nothing or turn text round")
