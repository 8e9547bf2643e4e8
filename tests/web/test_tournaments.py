"""Tournaments through their doors and their driver: made by a member, entered by people and
guests, started at the start time (robots filling the seats), every table of a round on the same
deals in the same seats, the next deal after the pause, the next round paired by the standings,
the end; refusals that change nothing; a driver that restarts from the database alone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Presence, RatedMatch, Rating, Room
from games.tournaments import driver, entries, results
from games.tournaments.models import Entry, Tournament
from tests.factories import UserFactory
from tests.helpers import tournaments as helper
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def _people(n: int) -> list:
    return [UserFactory(username=f"klubtag{i}") for i in range(n)]


def _started(entrants: int, **plan: object) -> tuple[Tournament, object, list]:
    """A tournament of ``hostka``'s (``plan`` as ``helper.make`` takes it) that ``entrants``
    people entered, started by its host: ``(tournament, host, people)``."""
    host = UserFactory(username="hostka")
    people = _people(entrants)
    tournament = helper.make(host, **plan)
    _entered(tournament, people)
    entries.start_now(tournament, host)
    return tournament, host, people


def _entered(tournament: Tournament, people: list) -> None:
    for person in people:
        entries.join(tournament, person)


def test_a_member_hosts_one_from_the_form_and_people_enter_and_withdraw_by_its_page():
    host, guest = UserFactory(username="hostka"), UserFactory(username="vendeg", is_guest=True)
    start = (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "name": "Péntek esti",
        "variant": "hungarian",
        "rounds": "3",
        "hands_per_round": "2",
        "starts_at": start,
        "turn_clock": "60",
        "robot_level": "strong",
        "scoring": "duplicate",
        "listing": "public",
    }
    response = client_for(host).post("/tournaments/new", form)
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert response["Location"] == f"/t/{tournament.code}/"
    assert (tournament.name, tournament.rounds, tournament.hands_per_round, tournament.state) == (
        "Péntek esti",
        3,
        2,
        Tournament.REGISTERING,
    )
    listed = client_for(guest).get("/tournaments/").content.decode()
    assert "Péntek esti" in listed and f"/t/{tournament.code}/" in listed
    page = client_for(guest).get(f"/t/{tournament.code}/").content.decode()
    assert 'id="join"' in page and 'id="start"' not in page
    assert f"Share this page's link to bring people in: http://testserver/t/{tournament.code}/" in page
    assert client_for(guest).post(f"/t/{tournament.code}/join").status_code == 302
    assert list(tournament.entries.values_list("user__username", flat=True)) == ["vendeg"]
    page = client_for(guest).get(f"/t/{tournament.code}/").content.decode()
    assert 'id="leave"' in page and 'id="join"' not in page and "vendeg" in page
    assert client_for(guest).post(f"/t/{tournament.code}/leave").status_code == 302
    assert not tournament.entries.exists()
    assert 'id="start"' in client_for(host).get(f"/t/{tournament.code}/").content.decode()


@pytest.mark.parametrize(
    "change, words",
    [
        ({"name": " "}, "Give the tournament a name"),
        ({"variant": "skat"}, "skat"),
        ({"rounds": "0"}, "1 to 9 rounds"),
        ({"hands_per_round": "13"}, "1 to 12 hands"),
        ({"turn_clock": "0"}, "needs a turn clock"),
        ({"turn_clock": "5"}, "turn clock must be"),
        ({"robot_level": "genius"}, "Unknown robot level"),
        ({"scoring": "rubber"}, "duplicate or plain"),
        ({"starts_at": "2001-01-01T10:00"}, "start time has passed"),
        ({"starts_at": "tomorrow"}, "not a date and time"),
        ({"rated": "maybe"}, "must be on or off"),
        ({"invited": "nobodyhere"}, "Nobody here is called nobodyhere"),
        ({"max_kontra_level": "9"}, "max_kontra_level"),
    ],
)
def test_a_bad_form_is_refused_with_its_reason_and_makes_nothing(change, words):
    host = UserFactory(username="hostka")
    form = {
        "name": "Est",
        "variant": "hungarian",
        "rounds": "2",
        "hands_per_round": "2",
        "starts_at": (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
        "turn_clock": "60",
        "robot_level": "basic",
        **change,
    }
    response = client_for(host).post("/tournaments/new", form, HTTP_HX_REQUEST="true")
    assert response.status_code in (400, 422), response.content
    assert words in response.content.decode()
    assert not Tournament.objects.exists()


def test_guests_may_enter_but_not_host_and_nobody_enters_twice_or_two_at_once():
    host, guest = UserFactory(username="hostka"), UserFactory(username="vendeg", is_guest=True)
    with pytest.raises(entries.Forbidden, match="guests may enter one"):
        helper.make(guest)
    first, second = helper.make(host, name="Egy"), helper.make(host, name="Kettő")
    entries.join(first, guest)
    with pytest.raises(entries.Illegal, match="entered this tournament already"):
        entries.join(first, guest)
    with pytest.raises(entries.Illegal, match="“Egy”, which has not ended"):
        entries.join(second, guest)
    assert Entry.objects.filter(user=guest).count() == 1


def test_a_tournament_locked_to_invited_people_lets_in_only_them():
    host, asked, other = UserFactory(username="hostka"), UserFactory(username="meghivott"), UserFactory()
    tournament = helper.make(host, invited_only=True, invited=("meghivott",), public=False)
    entries.join(tournament, asked)
    entries.join(tournament, host)
    with pytest.raises(entries.Forbidden, match="Only the people the host invited"):
        entries.join(tournament, other)
    assert not Tournament.objects.filter(public=True).exists()
    assert tournament.code not in client_for(other).get("/tournaments/").content.decode()


def test_at_the_start_time_it_seats_everyone_with_robots_on_the_same_deals_and_refuses_late_entries():
    host = UserFactory(username="hostka")
    people = _people(6)
    tournament = helper.make(host, hands_per_round=2)
    _entered(tournament, people)
    assert not driver.advance(tournament.pk)  # not yet
    assert driver.advance(tournament.pk, tournament.starts_at)
    tournament.refresh_from_db()
    assert (tournament.state, tournament.round) == (Tournament.RUNNING, 1)
    tables = list(tournament.tables.order_by("number"))
    # Six people, four seats: two tables of three, a robot in each.
    assert [sorted(e is not None for e in t.seating) for t in tables] == [[False, True, True, True]] * 2
    seated = sorted(e for t in tables for e in t.seating if e is not None)
    assert seated == sorted(tournament.entries.values_list("pk", flat=True))
    rooms = [Room.objects.get(pk=t.room_id) for t in tables]
    assert rooms[0].set_deals == rooms[1].set_deals and len(rooms[0].set_deals) == 2
    first_hands = [r.current_hand() for r in rooms]
    assert first_hands[0].deal == first_hands[1].deal and first_hands[0].context == first_hands[1].context
    assert all(r.turn_clock == 60 and r.fixed_seed and r.locked for r in rooms)
    assert all(r.private and r.open_audience for r in rooms)  # not in the lobby, watchable
    assert all(r.created_by_id is None for r in rooms)  # nobody is the host of a tournament's table
    lobby = client_for(host).get("/").content.decode()
    assert not any(r.code in lobby for r in rooms)  # its tournament lists them, not the lobby
    with pytest.raises(entries.Illegal, match="entries are closed"):
        entries.join(tournament, UserFactory())


def test_nobody_entered_and_it_is_cancelled_at_its_start_time_and_the_host_may_cancel_sooner():
    host = UserFactory(username="hostka")
    empty = helper.make(host, name="Üres")
    driver.advance(empty.pk, empty.starts_at)
    empty.refresh_from_db()
    assert empty.state == Tournament.CANCELLED and not empty.tables.exists()
    other = helper.make(host, name="Más")
    with pytest.raises(entries.Forbidden, match="host"):
        entries.cancel(other, UserFactory())
    with pytest.raises(entries.Illegal, match="Nobody has entered yet"):
        entries.start_now(other, host)
    entries.cancel(other, host)
    other.refresh_from_db()
    assert other.state == Tournament.CANCELLED


def test_two_rounds_play_to_the_end_the_second_paired_by_standings_and_the_standings_are_the_hands():
    tournament, host, people = _started(8)
    first = helper.play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.round == 2
    assert all(t.done for t in tournament.tables.filter(pk__in=[t.pk for t in first]))
    # Both tables played the same board in the same seats: matchpoints compare seat with seat.
    rows = results.standings(tournament)
    assert len(rows) == 8 and {r.boards for r in rows} == {1}
    assert all(r.percent in (0.0, 50.0, 100.0) for r in rows)
    helper.play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.FINISHED and tournament.finished is not None
    rows = results.standings(tournament)
    assert {r.boards for r in rows} == {2}
    # Written out from the stored hands: each seat's payment compared with the other table's.
    boards: dict = {}
    for table in tournament.tables.select_related("room"):
        for hand in table.room.hands.all():
            for seat, entry in enumerate(table.seating):
                paid = hand.result["payments"][seat]
                boards.setdefault((table.round, hand.number, seat), []).append((entry, paid))
    points: dict = {}
    for held in boards.values():
        for entry, value in held:
            mine = sum(2 if value > other else 1 if value == other else 0 for e, other in held if e != entry)
            points[entry] = points.get(entry, 0) + mine
    for row in rows:
        assert row.percent == pytest.approx(100 * points[row.entry.pk] / (2 * 2))
    page = client_for(people[0]).get(f"/t/{tournament.code}/").content.decode()
    assert 'id="winners"' in page and rows[0].entry.user.username in page
    assert "Share this page" not in page  # nobody comes in to an ended tournament
    document = client_for(people[0]).get(f"/t/{tournament.code}/tournament.json").json()
    assert document["format"] == "tarokk-tournament" and len(document["tables"]) == 4
    assert [len(t["match"]["hands"]) for t in document["tables"]] == [1, 1, 1, 1]


def test_a_round_of_one_table_gets_a_table_of_robots_to_compare_with():
    tournament, host, people = _started(3, rounds=1)
    tables = list(tournament.tables.order_by("number"))
    assert len(tables) == 2 and tables[1].seating == [None] * 4
    helper.play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.FINISHED
    assert all(r.percent is not None for r in results.standings(tournament))


def test_the_next_deal_waits_for_the_pause_and_a_restarted_driver_carries_on(settings):
    settings.TOURNAMENT_PAUSE = 30
    tournament, host, people = _started(4, rounds=1, hands_per_round=2)
    table = tournament.tables.get(number=1)
    hand = helper.play_hand(table.room.current_hand())
    assert not driver.advance(tournament.pk, hand.finished + timedelta(seconds=29))
    assert table.room.current_hand().number == 1
    # The driver keeps nothing in memory: any call, in any process, after the pause deals on.
    assert driver.advance(tournament.pk, hand.finished + timedelta(seconds=31))
    assert table.room.current_hand().number == 2
    driver.advance(tournament.pk, hand.finished + timedelta(seconds=32))  # once only
    assert table.room.hands.count() == 2


def test_a_player_who_has_gone_is_played_by_a_robot_and_may_come_back(settings):
    settings.TOURNAMENT_ABSENT = 20
    tournament, host, people = _started(4, rounds=1)
    table = tournament.tables.get(number=1)
    now = timezone.now()
    driver.advance(tournament.pk, now)  # nobody has a page open: noted
    driver.advance(tournament.pk, now + timedelta(seconds=21))
    seats = list(table.room.seats.order_by("index"))
    assert all(s.user_id is None and s.kept_for_id is not None and s.robot for s in seats)
    gone = seats[0].kept_for
    client_for(gone).post(f"/r/{table.room.code}/sit", {"seat": 0})
    assert table.room.seats.get(index=0).user_id == gone.pk


def test_nobody_watches_a_table_of_the_round_while_playing_its_deals_at_their_own():
    host, outsider = UserFactory(username="hostka"), UserFactory(username="kibic")
    people = _people(8)
    tournament = helper.make(host, rounds=1)
    _entered(tournament, people)
    entries.start_now(tournament, host)
    first, second = tournament.tables.order_by("number").select_related("room")
    player = next(p for p in people if Entry.objects.get(tournament=tournament, user=p).pk in first.seating)
    words = "These deals are being played at your own table too"
    for path in (f"/r/{second.room.code}/", f"/r/{second.room.code}/view.json"):
        response = client_for(player).get(path)
        assert response.status_code == 403 and words in response.content.decode()
    # Their own table they see; someone not playing watches any table (a public tournament).
    assert client_for(player).get(f"/r/{first.room.code}/").status_code == 200
    view = client_for(outsider).get(f"/r/{second.room.code}/view.json").json()
    assert view["seat"] is None and view["cards"] == [] and not view["legal"]  # a watcher holds no cards
    helper.play_hand(first.room.current_hand())
    assert client_for(player).get(f"/r/{second.room.code}/").status_code == 200  # their deals are played


def test_a_rated_tournament_rates_each_table_of_a_round_as_a_match():
    tournament, host, people = _started(4, rounds=1, rated=True)
    helper.play_round(tournament)
    table = tournament.tables.get(number=1)
    rated = RatedMatch.objects.filter(room=table.room)
    assert rated.count() == 1
    assert Rating.objects.filter(user__in=people, variant="hungarian").count() == 4


def test_a_players_tournaments_are_listed_from_their_profile_with_their_place():
    host = UserFactory(username="hostka")
    people = _people(4)
    tournament = helper.make(host, rounds=1, name="Nyilvános")
    hidden = helper.make(host, rounds=1, name="Titkos", public=False)
    _entered(tournament, people)
    entries.start_now(tournament, host)
    helper.play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.FINISHED
    entries.join(hidden, people[0])
    player = people[0].username
    profile = client_for(host).get(f"/profile/{player}/").content.decode()
    assert f"/tournaments/?player={player}" in profile
    listed = client_for(host).get(f"/tournaments/?player={player}").content.decode()
    row = next(r for r in results.standings(tournament) if r.entry.user_id == people[0].pk)
    assert "Nyilvános" in listed and "Titkos" not in listed  # a private one stays hidden from others
    assert f"<td>{row.rank}" in listed
    assert "Titkos" in client_for(people[0]).get(f"/tournaments/?player={player}").content.decode()
    assert client_for(host).get("/tournaments/?player=nobodyatall").status_code == 404


def test_a_deal_is_shown_as_every_table_played_it_once_all_have_and_not_before():
    host, outsider = UserFactory(username="hostka"), UserFactory(username="kibic")
    people = _people(8)
    tournament = helper.make(host, rounds=1)
    _entered(tournament, people)
    entries.start_now(tournament, host)
    first, second = tournament.tables.order_by("number").select_related("room")
    path = f"/t/{tournament.code}/round/1/deal/1/"
    assert f'href="{path}"' in client_for(outsider).get(f"/t/{tournament.code}/").content.decode()
    done = helper.play_hand(first.room.current_hand())
    page = client_for(outsider).get(path).content.decode()
    assert 'id="board-pending"' in page and "1 table" in page and 'id="board-results"' not in page
    # Its replay too stays hidden while the same cards are in play at the other table.
    assert client_for(outsider).get(f"/hands/{done.pk}/").status_code == 404
    other = helper.play_hand(second.room.current_hand())
    page = client_for(outsider).get(path).content.decode()
    assert 'id="board-results"' in page
    for hand in (done, other):
        assert f'href="/hands/{hand.pk}/"' in page
        assert client_for(outsider).get(f"/hands/{hand.pk}/").status_code == 200
    assert page.count("/2)") == 8  # every seat of both tables compared with the other table's: a top of 2
    for seat in range(4):
        mine, theirs = done.result["payments"][seat], other.result["payments"][seat]
        points = 2 if mine > theirs else 1 if mine == theirs else 0
        shown = str(mine).replace("-", "\u2212")  # a minus sign, not a hyphen
        assert f'<span data-value>{shown}</span> <span class="small" data-points>({points}/2)</span>' in page
    assert client_for(outsider).get(f"/t/{tournament.code}/round/1/deal/2/").status_code == 404


def test_a_five_player_hungarian_tournament_seats_five_a_table_from_the_forms_rule_options():
    host = UserFactory(username="hostka")
    form = {
        "name": "Ötös",
        "variant": "hungarian",
        "five_player": "true",
        "max_kontra_level": "3",
        "rounds": "1",
        "hands_per_round": "1",
        "starts_at": (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
        "turn_clock": "60",
        "robot_level": "basic",
    }
    assert 'data-options-for="hungarian"' in client_for(host).get("/tournaments/").content.decode()
    assert client_for(host).post("/tournaments/new", form).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options["five_player"] is True and tournament.options["max_kontra_level"] == 3
    _entered(tournament, _people(7))
    entries.start_now(tournament, host)
    tables = list(tournament.tables.order_by("number"))
    assert [len(t.seating) for t in tables] == [5, 5]
    assert sorted(sum(e is not None for e in t.seating) for t in tables) == [3, 4]
    assert all(t.room.options["five_player"] is True for t in tables)


def test_only_a_page_of_their_own_table_keeps_a_player_in_their_seat(settings):
    settings.TOURNAMENT_ABSENT = 20
    tournament, host, people = _started(4, rounds=1)
    table = tournament.tables.get(number=1)
    at_table, elsewhere = (table.room.seats.get(index=i).user for i in (0, 1))
    now = timezone.now()
    Presence.objects.create(channel="at-table", user=at_table, seen=now, room=table.room)
    Presence.objects.create(channel="on-the-tournament-page", user=elsewhere, seen=now)
    driver.advance(tournament.pk, now)
    driver.advance(tournament.pk, now + timedelta(seconds=21))
    seats = {s.index: s for s in table.room.seats.all()}
    assert seats[0].user_id == at_table.pk and not seats[0].robot
    assert seats[1].user_id is None and seats[1].kept_for_id == elsewhere.pk and seats[1].robot


def test_a_table_page_names_its_tournament_and_sends_its_player_on_to_the_next_round():
    tournament, host, people = _started(8, rounds=2)
    first = tournament.tables.get(round=1, number=1)
    player = next(p for p in people if Entry.objects.get(tournament=tournament, user=p).pk in first.seating)
    page = client_for(player).get(f"/r/{first.room.code}/").content.decode()
    assert 'id="tournament-note"' in page and f'href="/t/{tournament.code}/"' in page
    assert f'ws-connect="/ws/t/{tournament.code}/?note={first.room.code}"' in page
    assert 'id="next-table"' not in page
    helper.play_round(tournament)
    mine = next(
        t
        for t in tournament.tables.filter(round=2)
        if Entry.objects.get(tournament=tournament, user=player).pk in t.seating
    )
    page = client_for(player).get(f"/r/{first.room.code}/").content.decode()
    assert f'<a class="button" id="next-table" href="/r/{mine.room.code}/">' in page
    lobby_table = client_for(player).get("/").content.decode()
    assert 'id="tournament-note"' not in lobby_table


@pytest.mark.parametrize("game", ["czech", "slovenian3", "bridge"])
def test_every_game_plays_a_duplicate_round_to_its_standings(game):
    tournament, host, people = _started(5, variant=game, rounds=1, hands_per_round=2)
    tables = list(tournament.tables.select_related("room").order_by("number"))
    seats = len(tables[0].seating)
    assert sum(e is not None for t in tables for e in t.seating) == 5 and len(tables) >= 2
    assert all(len(t.seating) == seats and t.room.set_deals == tables[0].room.set_deals for t in tables)
    helper.play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.FINISHED
    rows = results.standings(tournament)
    assert len(rows) == 5 and all(r.boards == 2 and r.percent is not None for r in rows)
    page = client_for(people[0]).get(f"/t/{tournament.code}/round/1/deal/2/").content.decode()
    assert page.count("data-table=") == len(tables)


def test_the_host_invites_more_people_before_the_start_and_only_the_host_may():
    host, friend, other = UserFactory(username="hostka"), UserFactory(username="baratno"), UserFactory()
    tournament = helper.make(host, invited_only=True)
    with pytest.raises(entries.Forbidden, match="Only the people the host invited"):
        entries.join(tournament, friend)
    page = client_for(host).get(f"/t/{tournament.code}/").content.decode()
    assert (
        'id="invite"' in page
        and 'id="invite"' not in client_for(other).get(f"/t/{tournament.code}/").content.decode()
    )
    refused = client_for(host).post(
        f"/t/{tournament.code}/invite", {"invited": "senkisem"}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 400 and "Nobody here is called senkisem" in refused.content.decode()
    assert client_for(other).post(f"/t/{tournament.code}/invite", {"invited": "baratno"}).status_code == 403
    assert not tournament.invited.exists()
    assert client_for(host).post(f"/t/{tournament.code}/invite", {"invited": "baratno"}).status_code == 302
    entries.join(tournament, friend)
    assert "Invited: baratno" in client_for(host).get(f"/t/{tournament.code}/").content.decode()
