"""Statistics per person and game, from the log: a seat's summary of a written-out result, the
figures of written-out hands, and the rows a played hand leaves (rebuilt by ``rebuild_stats``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string

from games import replay, services
from games.rules import HandResult, get_variant
from games.rules.base import ScoredItem
from games.standings.models import PlayerHand
from games.standings.profile import profile_sections
from games.standings.stats import PEOPLE, ROBOTS, ContractLine, game_stats
from games.standings.summary import SeatSummary, seat_summary
from tests.deals import full_table_with_known_deal
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table, play_until_over

# A Hungarian solo of seat 2 with seat 0 as partner: the declarer side announced and made the
# trull (+32), failed its four kings (−32); the opponents' failed trull counts for the declarer
# side (+32, no bonus of theirs); seat 3 was paid a money card (Czech-style ``paid_to``).
SOLO = HandResult(
    thrown_in=False,
    payments=(60, -60, 60, -60),
    contract="solo",
    declarer=2,
    partner=0,
    declarer_side=(0, 2),
    game_winner="declarer",
    items=(
        ScoredItem("game", "declarer", 4, 1, 4),
        ScoredItem("trull", "declarer", 1, 32, 32, announced=True),
        ScoredItem("trull", "opponents", 1, 32, 32, announced=True, note="failed"),
        ScoredItem("four kings", "declarer", 1, 32, -32, announced=True, note="failed"),
        ScoredItem("four kings", "opponents", 1, 32, -32),
        ScoredItem("Bida", "opponents", 2, 1, 2, paid_to=3),
    ),
)


def test_it_summarises_each_seat_of_a_result():
    assert seat_summary(SOLO, 2) == SeatSummary("declarer", "solo", True, 60, ("trull",))
    assert seat_summary(SOLO, 0) == SeatSummary("partner", "solo", True, 60, ("trull",))
    assert seat_summary(SOLO, 1) == SeatSummary("opponent", "solo", True, -60, ("four kings",))
    assert seat_summary(SOLO, 3) == SeatSummary("opponent", "solo", True, -60, ("four kings", "Bida"))


def test_it_gives_a_thrown_in_hand_no_role():
    thrown = HandResult(thrown_in=True, payments=(0, 0, 0, 0), reason="all passed")
    assert seat_summary(thrown, 1) == SeatSummary("", "", None, 0, ())


def test_it_decides_a_hand_without_a_named_winner_by_the_declarers_payment():
    lost = HandResult(thrown_in=False, payments=(-30, 10, 10, 10), contract="three", declarer=0)
    assert seat_summary(lost, 0).made is False


def _row(contract="", role="", made=None, score=0, bonuses=(), robots=True, match=1, room=1, variant="hungarian"):
    return SimpleNamespace(
        variant=variant,
        room_id=room,
        match_no=match,
        with_robots=robots,
        role=role,
        contract=contract,
        made=made,
        score=score,
        bonuses=list(bonuses),
    )


def test_it_counts_written_out_hands_against_robots_and_people_apart():
    rows = [
        # Against robots, two matches at one table: three hands.
        _row("solo", "declarer", True, 60, ["trull"], match=1),
        _row("solo", "declarer", False, -40, match=1),
        _row("three", "declarer", True, 12, ["trull", "four kings"], match=2),
        # With people only, at another table: two hands, one as partner.
        _row("two", "partner", True, 20, ["pagát ultimó"], robots=False, room=2),
        _row("", "", None, 0, robots=False, room=2),
        # Another game: listed apart.
        _row("klop", "opponent", None, -5, variant="slovenian3"),
    ]
    hungarian, slovenian = game_stats(rows)
    people, robots = hungarian.records
    assert (robots.against, robots.hands, robots.matches, robots.declared) == (ROBOTS, 3, 2, 3)
    # solo: 2 declared, 1 won (50 %); three: 1 declared, 1 won (100 %).
    assert robots.contracts == (ContractLine("solo", 2, 1), ContractLine("three", 1, 1))
    assert [c.success for c in robots.contracts] == [50, 100]
    assert robots.bonuses == (("trull", 2), ("four kings", 1))
    assert robots.average_score == 10.67  # (60 − 40 + 12) / 3
    assert (people.against, people.hands, people.matches, people.declared) == (PEOPLE, 2, 1, 0)
    assert people.contracts == () and people.bonuses == (("pagát ultimó", 1),)
    assert people.average_score == 10.0  # (20 + 0) / 2
    assert slovenian.variant == "slovenian3" and slovenian.records[0].average_score == -5.0


@pytest.mark.django_db(transaction=True)
def test_it_records_a_played_hand_of_people_from_its_log():
    users = [UserFactory(username=name) for name in ("anna", "bela", "csilla", "dora")]
    hand = full_table_with_known_deal(users)
    variant = get_variant("hungarian")
    while hand.finished is None:  # every seat plays its first legal action
        state = replay.current(hand)
        seat = min(variant.to_act(state))
        services.submit_action(hand.pk, seat, variant.legal_actions(state, seat)[0], hand.seq, actor=users[seat])
        hand.refresh_from_db()
    result = variant.result(replay.current(hand))
    rows = {row.seat: row for row in PlayerHand.objects.filter(hand=hand)}
    assert sorted(rows) == [0, 1, 2, 3]
    for seat, user in enumerate(users):
        summary = seat_summary(result, seat)
        row = rows[seat]
        assert row.user == user and row.with_robots is False and row.match_no == 1
        assert (row.role, row.contract, row.made, row.score) == (
            summary.role,
            summary.contract,
            summary.made,
            result.payments[seat],
        )
        assert row.bonuses == list(summary.bonuses)
    assert sum(row.score for row in rows.values()) == 0  # Hungarian payments balance


@pytest.mark.django_db(transaction=True)
def test_it_rebuilds_the_rows_from_the_log_not_the_stored_summary():
    user = UserFactory(username="erzsi")
    room = open_table(user)
    view = play_until_over(room, user, client_for(user))
    hand = room.current_hand()
    before = list(PlayerHand.objects.values_list("user__username", "seat", "with_robots", "score"))
    assert before == [("erzsi", 0, True, view["result"]["payments"][0])]  # the robots have no rows
    # The stored summary is derived: tampering with it changes nothing the rebuild computes.
    hand.result = {**hand.result, "payments": [999, -333, -333, -333]}
    hand.save(update_fields=["result"])
    PlayerHand.objects.all().delete()
    call_command("rebuild_stats", stdout=open("/dev/null", "w"))
    after = list(PlayerHand.objects.values_list("user__username", "seat", "with_robots", "score"))
    assert after == before


@pytest.mark.django_db
def test_it_renders_the_profile_section_with_the_figures():
    user = UserFactory(username="ferenc")
    html = render_to_string("games/_stats.html", profile_sections(user))
    assert "No finished hand yet." in html
