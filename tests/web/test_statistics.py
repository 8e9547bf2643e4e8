"""Statistics per person and game, from the log: a seat's summary of a written-out result, the
figures of written-out hands, and the rows a played hand leaves (rebuilt by ``rebuild_stats``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string

from games import services
from games.rules import HandResult, get_variant
from games.rules.base import ScoredItem
from games.services import replay
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


def test_it_counts_a_declarer_who_paid_as_failed_though_the_game_was_won():
    lost = HandResult(
        thrown_in=False, payments=(-30, 10, 10, 10), contract="three", declarer=0, game_winner="declarer"
    )
    assert seat_summary(lost, 0).made is False


def _row(
    contract="", role="", made=None, score=0, bonuses=(), robots=True, match=1, room=1, variant="hungarian"
):
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
    while hand.finished is None:  # every seat makes its first legal action other than a pass
        state = replay.current(hand)
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        action = next((a for a in legal if a != "pass"), legal[0])
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
        hand.refresh_from_db()
    rows = {row.seat: row for row in PlayerHand.objects.filter(hand=hand)}
    assert [(r.user.username, r.with_robots, r.match_no) for r in rows.values()] == [
        ("anna", False, 1),
        ("bela", False, 1),
        ("csilla", False, 1),
        ("dora", False, 1),
    ]
    # Bela plays a solo and wins the game, but the opponents make the XXI-catch (672 each)
    # and his announced trull, pagát ultimó, double game and volát fail: he pays 3 × 1216.
    assert [(r.role, r.contract, r.made, r.score) for r in rows.values()] == [
        ("opponent", "solo", False, 1216),
        ("declarer", "solo", False, -3648),
        ("opponent", "solo", False, 1216),
        ("opponent", "solo", False, 1216),
    ]
    assert [r.bonuses for r in rows.values()] == [["XXI-catch"], ["four kings"], ["XXI-catch"], ["XXI-catch"]]
    (stats,) = profile_sections(users[1])["game_stats"]
    (people,) = stats.records
    assert (people.against, people.hands, people.declared, people.average_score) == (PEOPLE, 1, 1, -3648.0)
    assert people.contracts == (ContractLine("solo", 1, 0),)


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
