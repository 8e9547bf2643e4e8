"""The limits on the doors of the production shape: two web processes count in one Redis (and
django-axes in one database), so a client that alternates between them gets no more than a
client of one process. Each refusal is a 429 with ``Retry-After``."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.production.players import Person

pytestmark = pytest.mark.django_db(transaction=True)

# Hourly rates: a slow start of the stack must not let the first counted uses leave the window
# before the last ones are made (the window moves: each use counts for a whole period).
LIMITS = {
    "TAROKK_RATE_LIMITS": "guest.ip=4/h,signup.ip=2/h,act.user=6/h,frame.user=4/h,import.user=2/h",
    "TAROKK_LOGIN_FAILURES": "3",
}


def assert_too_many(response: httpx.Response, words: str) -> None:
    assert response.status_code == 429, response.text
    assert int(response.headers["Retry-After"]) > 0
    assert words in response.text


def same_person_on(person: Person, base_url: str) -> Person:
    other = Person(base_url)
    other.http.cookies.update(person.http.cookies)
    return other


def test_two_web_processes_share_every_count(start_stack: Any):
    stack = start_stack(web=2, workers=1, robot_delay=0.1, extra_env=LIMITS)
    urls = stack.urls

    # Guests: four from this address, whichever process makes them; the fifth is refused.
    alice = Person(urls[0]).guest()
    for n in range(3):
        Person(urls[(n + 1) % 2]).guest()
    fifth = Person(urls[0])
    fifth.http.get("/")
    assert_too_many(fifth._post("/accounts/guest/", {}), "Too many new guest players")

    # Sign-ups: two, one on each process.
    for n, url in enumerate(urls):
        signup = Person(url)
        signup.http.get("/accounts/signup/")
        form = {"username": f"player{n}", "password1": "pagat ultimo 21", "password2": "pagat ultimo 21"}
        assert signup._post("/accounts/signup/", form).status_code == 302
    third = Person(urls[0])
    third.http.get("/accounts/signup/")
    form = {"username": "player9", "password1": "pagat ultimo 21", "password2": "pagat ultimo 21"}
    assert_too_many(third._post("/accounts/signup/", form), "Too many sign-ups")

    # Failed logins (django-axes, in the database): three, alternating, lock the account.
    guesser = [Person(url) for url in urls]
    for person in guesser:
        person.http.get("/accounts/login/")
    codes = [
        guesser[n % 2]._post("/accounts/login/", {"login": "player0", "password": "x"}) for n in range(3)
    ]
    assert [r.status_code for r in codes[:2]] == [200, 200]
    assert_too_many(codes[2], "Too many failed logins")
    right = {"login": "player0", "password": "pagat ultimo 21"}
    assert guesser[1]._post("/accounts/login/", right).status_code == 429

    # Moves: six for alice, on either process.
    code = alice.open_table(robots=3)
    alice_there = same_person_on(alice, urls[1])
    for n in range(6):
        response = (alice, alice_there)[n % 2].act(code, "bid:nonsense", 0)
        assert response.status_code in (400, 403, 409), response.text
    assert_too_many(alice_there.act(code, "bid:nonsense", 0), "Too many moves")

    # Hand files read: two, one on each process (a file that cannot be read counts too).
    for person in (alice, alice_there):
        assert person._post("/hands/import", {"text": "{not json"}).status_code == 400
    assert_too_many(alice._post("/hands/import", {"text": "{not json"}), "Too many hand files read")

    # Socket frames: a connection on each process and two resyncs use the four; the next
    # resync gets the flash instead of a render.
    here, there = alice.socket(code), alice.socket(code, urls[1])
    here.wait_for(0), there.wait_for(0)
    for socket in (here, there):
        socket._conn.send("resync")
    deadline = time.monotonic() + 10
    while len(here.pushes) < 2 or len(there.pushes) < 2:
        assert time.monotonic() < deadline, "the resyncs got no snapshot"
        time.sleep(0.05)
    here._conn.send("resync")
    deadline = time.monotonic() + 10
    while not any('id="flash"' in push.html for push in here.pushes):
        assert time.monotonic() < deadline, "the resync over the limit was not refused"
        time.sleep(0.05)
    refused = next(push.html for push in here.pushes if 'id="flash"' in push.html)
    assert "Too many requests for a fresh view of the table" in refused and "data-card" not in refused
    here.close(), there.close()
