"""The scripted player of bench/load.py: it reads its choices from the page as a browser has
them, and a seat asked again at the version it last acted at (a Czech private decline keeps
the move number) acts again instead of waiting for ever."""

from __future__ import annotations

import pytest

from bench.cpu import postgres_kind
from bench.player import PANEL, Seat, legal_actions
from tests.factories import UserFactory
from tests.helpers.czech_web import first_choice, open_czech
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def panels_of(page: str) -> dict[str, str]:
    return {found.group(1): found.group(0) for found in PANEL.finditer(page)}


def test_the_bench_reads_exactly_the_legal_actions_a_czech_page_offers():
    client = client_for(UserFactory())
    room = open_czech(client)
    asked = 0
    for _ in range(300):
        data = client.get(f"/r/{room.code}/view.json").json()
        if data["phase"] == "over":
            break
        page = client.get(f"/r/{room.code}/").content.decode()
        assert sorted(legal_actions(panels_of(page))) == sorted(data["legal"]), data["phase"]
        asked += bool(data["legal"])
        action = first_choice(data["phase"], data["legal"])
        assert client.post(f"/r/{room.code}/act", {"action": action, "seq": data["seq"]}).status_code == 200
    assert data["phase"] == "over" and asked > 10


def asked_seat(version: int, choices: list[str]) -> Seat:
    buttons = "".join(f'<button data-action="{c}">' for c in choices)
    seat = Seat(0, "http://testserver", {})
    seat.version, seat.my_turn = version, True
    seat.panels = {"controls": f'<section id="controls">{buttons}</section>'}
    return seat


def test_a_seat_asked_again_at_the_same_version_acts_only_if_its_choices_changed():
    seat = asked_seat(2_000_017, ["contra", "pass"])
    assert seat.should_act()
    seat.acted = seat.asked()
    # The push of an earlier change, or the same question again: nothing new to do.
    assert not seat.should_act()
    # It declined in private (the version stays) and is asked something else: it acts.
    seat.panels = asked_seat(2_000_017, ["iote", "pass"]).panels
    assert seat.should_act()
    # A newer version with the same buttons is a new question too.
    seat.acted = seat.asked()
    seat.version = 2_000_018
    assert seat.should_act()
    # Not its turn: nothing, whatever the buttons say.
    seat.my_turn = False
    assert not seat.should_act()


def test_only_the_benchs_database_backends_count_as_its_postgresql_work():
    ours = "postgres: 15/main: postgres tarokk_bench 127.0.0.1(40312) idle".split()
    other = "postgres: 15/main: postgres test_tarokk_p123 127.0.0.1(40400) SELECT".split()
    helper = "postgres: 15/main: checkpointer".split()
    assert postgres_kind(ours, "tarokk_bench") == "postgres"
    assert postgres_kind(other, "tarokk_bench") == "postgres-other"
    assert postgres_kind(helper, "tarokk_bench") == "postgres-shared"
