"""Issue finding 10 (options): /rooms/new refuses a rule option outside its declared range, a
non-integer and a boolean-looking value, in words, and opens no table."""

from __future__ import annotations

import pytest

from games.models import Room, Seat
from games.rules import VARIANTS
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db


def post_room(client, variant: str, headers: dict | None = None, **fields: str):
    robots = "2" if variant == "slovenian3" else "3"
    return client.post("/rooms/new", {"variant": variant, "robots": robots, **fields}, headers=headers)


REFUSED = [
    ("czech", "match_hands", "99999999999999999999", "Option match_hands must be at most 100"),
    ("czech", "match_hands", "true", "Option match_hands must be a whole number, not 'true'"),
    ("czech", "match_hands", "1.5", "Option match_hands must be a whole number, not '1.5'"),
    ("czech", "match_hands", "", "Option match_hands must be a whole number, not ''"),
    ("czech", "starting_chips", "-1", "Option starting_chips must be at least 0"),
    ("hungarian", "match_hands", "0", "Option match_hands must be at least 1"),
    ("hungarian", "match_hands", "on", "Option match_hands must be a whole number, not 'on'"),
    ("hungarian", "five_player", "1", "Option five_player must be one of False, True, not 1"),
    ("hungarian", "trial_bid_penalty", "1e9", "Option trial_bid_penalty must be a whole number, not '1e9'"),
    ("slovenian3", "mond_penalty", "true", "Option mond_penalty must be one of 20, 21, not 'true'"),
    (
        "slovenian3",
        "radelci_unused_penalty",
        "１０",
        "Option radelci_unused_penalty must be a whole number, not '１０'",
    ),
    ("bridge", "end_threshold", "1000001", "Option end_threshold must be at most 1000"),
]


def test_it_refuses_an_option_out_of_its_range_and_opens_no_table():
    client = client_for(UserFactory())  # one user for every case: hashing a password is slow
    for variant, name, raw, message in REFUSED:
        response = post_room(client, variant, **{name: raw})
        assert response.status_code == 400, (name, raw)
        assert response.json() == {"error": message}
    assert not Room.objects.exists() and not Seat.objects.exists()


def test_it_answers_htmx_in_plain_words():
    client = client_for(UserFactory())
    response = post_room(client, "czech", starting_chips="-1", headers={"HX-Request": "true"})
    assert (
        response.status_code == 400
        and response.content.decode() == "Option starting_chips must be at least 0"
    )
    assert not Room.objects.exists()


def test_it_keeps_a_value_in_range_as_a_number():
    client = client_for(UserFactory())
    response = post_room(client, "czech", match_hands="100", starting_chips="500")
    assert response.status_code == 302
    room = Room.objects.get()
    assert room.options["match_hands"] == 100 and room.options["starting_chips"] == 500
    response = post_room(client, "hungarian", five_player="true")
    assert Room.objects.get(variant="hungarian").options["five_player"] is True


def test_every_number_option_declares_its_range():
    """A number option without both bounds would take 10**20 or -1 again."""
    for variant in VARIANTS.values():
        for option in variant.options:
            if option.choices is None:
                assert option.minimum is not None and option.maximum is not None, (variant.key, option.name)
                assert option.minimum <= option.default <= option.maximum, (variant.key, option.name)


def test_a_script_calling_the_writer_gets_the_same_refusal():
    """``services.create_room`` (scripts, the admin) refuses as the form does: ``True`` is an
    int to Python, and used to be stored as a match of 1 hand."""
    from games import services

    user = UserFactory()
    for value in (True, False, 1.0, "1.5", "１２"):
        with pytest.raises(services.Illegal, match="Option match_hands must be a whole number"):
            services.create_room(user, "czech", 3, {"match_hands": value})
    assert not Room.objects.exists()


@pytest.mark.parametrize("five, hands", [("false", 16), ("true", 20)])
def test_a_blank_match_length_follows_the_five_player_choice(five, hands):
    # hungarian.md §11: 16 hands, 20 with five players. The form leaves the number blank so
    # that its default can follow the choice (blank elsewhere is refused, above).
    response = post_room(client_for(UserFactory()), "hungarian", five_player=five, match_hands="")
    assert response.status_code == 302
    assert Room.objects.get().options["match_hands"] == hands
