"""tarokk_site.prepared (statements compiled once) and the move's reads built on it
(games.services.prepared) give what the ORM gives, and
tarokk_site.db_connections keeps the long-lived threads' connections open but closes a broken one.
Both run against PostgreSQL too, in the test command's production phase."""

from __future__ import annotations

import datetime

import pytest
from asgiref.sync import async_to_sync
from django.db import IntegrityError, connection, transaction

from games import services
from games.models import Hand, HandAction, Room, Seat
from games.services import prepared
from games.services.robots import robot_played_seats
from tarokk_site import db_connections
from tarokk_site.prepared import Read, insert, update
from tests.deals import full_table_with_known_deal
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hand():
    users = [UserFactory() for _ in range(4)]
    return full_table_with_known_deal(users)


def test_the_robot_seats_read_gives_the_rows_of_the_orm_query():
    host = UserFactory()
    room = services.create_room(host, "czech", robots=3)
    hand = room.current_hand()
    Seat.objects.filter(room=room, index=2).update(robot="", user=UserFactory(), away=True)
    expected = sorted(
        robot_played_seats(hand.pk).values_list(
            "index", "robot", "room__variant", "room__fixed_seed", "room__hands__seq", "room__hands__home"
        )
    )
    read = prepared.robot_seats()
    assert sorted(read.rows(hand.pk)) == expected
    assert sorted(index for index, *_ in expected) == [1, 2, 3]  # the away seat among the robots
    assert read.rows(hand.pk + 1000) == []  # another value, the same statement
    Room.objects.filter(pk=room.pk).update(closed=True)
    assert read.rows(hand.pk) == []


def test_the_hand_read_for_a_move_gives_the_hand_and_its_room_as_the_orm_does(hand):
    services.submit_action(hand.pk, 0, "bid:two", 0)
    with transaction.atomic():
        [found] = prepared.hand_for_update().objects(hand.pk)
        assert prepared.hand_for_update().objects(hand.pk + 1000) == []
    expected = Hand.objects.select_related("room").get(pk=hand.pk)
    for field in Hand._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    for field in Room._meta.concrete_fields:
        assert getattr(found.room, field.attname) == getattr(expected.room, field.attname), field.name
    assert isinstance(found.created, datetime.datetime) and found.created.tzinfo is not None
    assert found.to_act == [1] and found.phase == expected.phase
    assert found._state.fields_cache["room"] is found.room  # loaded along, no second read


def test_the_reads_before_a_move_give_the_seat_and_the_current_hand_as_the_orm_does(hand):
    room, user = hand.room, hand.room.seats.get(index=2).user
    seat_of_user, current_hand = prepared.seat_of_user(), prepared.current_hand()
    assert seat_of_user.rows(room.pk, user.pk) == [(2,)]
    assert seat_of_user.rows(room.pk, UserFactory().pk) == []  # a user without a seat there
    assert seat_of_user.rows(room.pk + 1000, user.pk) == []  # a table that is gone
    services.submit_action(hand.pk, 0, "bid:two", 0)
    later = Hand.objects.create(
        room=room, number=hand.number + 1, variant=hand.variant, deal=hand.deal, context=hand.context
    )
    [found] = current_hand.objects(room.pk)
    expected = room.current_hand()
    assert found.pk == expected.pk == later.pk
    for field in Hand._meta.concrete_fields:
        if field.name != "deal":  # not read: a move needs the game, its options and its numbers
            assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    assert "deal" in found.get_deferred_fields()
    assert found.context_value() == expected.context_value()
    assert current_hand.objects(room.pk + 1000) == []


def test_each_value_must_appear_in_the_compiled_statement():
    read = Read(lambda hand_id: Hand.objects.filter(pk=1).values_list("seq"))
    with pytest.raises(ValueError, match="each value"):
        read.rows(5)


def test_insert_writes_the_row_the_orm_would(hand):
    user = UserFactory()
    before = datetime.datetime.now(datetime.UTC)
    insert(
        HandAction,
        {"hand_id": hand.pk, "seq": 1, "seat": 0, "action": "bid:two", "actor_id": user.pk, "robot": ""},
    )
    row = HandAction.objects.get(hand=hand, seq=1)
    assert (row.seat, row.action, row.actor_id, row.robot, row.public) == (0, "bid:two", user.pk, "", True)
    assert before <= row.created <= datetime.datetime.now(datetime.UTC)
    with pytest.raises(IntegrityError), transaction.atomic():  # the log's unique (hand, seq)
        insert(HandAction, {"hand_id": hand.pk, "seq": 1, "seat": 1, "action": "pass"})
    with pytest.raises(ValueError, match="no fields"):
        insert(HandAction, {"hand_id": hand.pk, "seq": 2, "seat": 1, "move": "pass"})
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_update_writes_the_columns_the_orm_would(hand):
    hand.seq, hand.public_seq, hand.phase, hand.to_act = 7, 6, "play", [2, 3]
    hand.result = {"scores": [1, -1, 0, 0]}
    hand.finished = datetime.datetime(2026, 11, 24, 21, 0, tzinfo=datetime.UTC)
    assert update(hand, ["seq", "public_seq", "phase", "to_act", "result", "finished"]) == 1
    row = Hand.objects.get(pk=hand.pk)
    assert (row.seq, row.public_seq, row.phase, row.to_act) == (7, 6, "play", [2, 3])
    assert row.result == {"scores": [1, -1, 0, 0]} and row.finished == hand.finished
    assert row.deal == hand.deal  # a column not named is left alone


def test_the_database_thread_keeps_its_connection_between_calls():
    def raw_connection():
        connection.ensure_connection()
        return id(connection.connection)

    call = db_connections.database_sync_to_async(raw_connection)
    first = async_to_sync(call)()
    assert async_to_sync(call)() == first


def test_a_broken_connection_is_closed_and_a_sound_one_kept(monkeypatch):
    # (The call is what counts: the test's own connection stays open.)
    closed = []
    monkeypatch.setattr(connection, "close", lambda: closed.append(True))
    connection.ensure_connection()
    db_connections.tidy_connections()
    assert closed == []  # sound, whatever its age: kept
    connection.errors_occurred = True
    db_connections.tidy_connections()  # usable after an error: kept, the error forgotten
    assert closed == [] and not connection.errors_occurred
    connection.errors_occurred = True
    monkeypatch.setattr(connection, "is_usable", lambda: False)
    db_connections.tidy_connections()
    assert closed == [True]
    connection.errors_occurred = False
    monkeypatch.setattr(connection, "autocommit", False)  # left inside a transaction
    db_connections.tidy_connections()
    assert closed == [True, True]


def test_the_session_store_reads_a_session_as_djangos_database_store_does(settings):
    from django.contrib.sessions.backends import db
    from django.contrib.sessions.models import Session

    from tarokk_site.sessions import SessionStore

    assert settings.SESSION_ENGINE == "tarokk_site.sessions"
    ours = SessionStore()
    ours["player"] = 7
    ours.create()
    key = ours.session_key
    for store in (SessionStore, db.SessionStore):  # a live session: its data
        read = store(key)
        assert read.load() == {"player": 7} and read.session_key == key
    long_ago = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    Session.objects.filter(session_key=key).update(expire_date=long_ago)
    for missing in (key, "x" * 32):  # expired, or never there: nothing, and no key kept
        for store in (SessionStore, db.SessionStore):
            read = store(missing)
            assert read.load() == {} and read.session_key is None, (store, missing)


def test_a_user_found_by_its_id_is_the_user_the_orm_finds_and_a_session_holds_it():
    from django.contrib import auth
    from django.db.models import QuerySet
    from django.test import Client, RequestFactory
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User

    user = UserFactory(language="cs")
    with CaptureQueriesContext(connection) as queries:
        found = User.objects.get(pk=user.pk)
    expected = QuerySet(User).get(pk=user.pk)  # the ORM's own, not the manager's
    assert [len(queries), found.pk, found.__class__] == [1, user.pk, User]
    for field in User._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    with pytest.raises(User.DoesNotExist, match="User matching query does not exist"):
        User.objects.get(pk=user.pk + 1000)
    assert User.objects.get(pk=str(user.pk)) == user  # anything else: Django's own get
    assert User.objects.get(username=user.username) == user
    client = Client()
    client.force_login(user)
    request = RequestFactory().get("/")
    request.session = client.session
    assert auth.get_user(request) == user  # a session's user, as the backends find it
    User.objects.filter(pk=user.pk).update(password="changed")  # the session's hash no longer holds
    assert not auth.get_user(request).is_authenticated


def test_postgresql_prepares_a_statement_run_again_on_a_connection(hand):
    """Django turns psycopg's preparing off unless told; the settings turn it on, so a move's
    statements are parsed and planned once per connection (PostgreSQL only: the production
    phase of the test command)."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's prepared statements: the test command's production phase")
    connection.ensure_connection()
    assert connection.connection.prepare_threshold == 2
    read = prepared.hand_for_update()
    with transaction.atomic():
        for _ in range(3):
            read.objects(hand.pk)
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            statements = [row[0] for row in cursor.fetchall()]
    assert any('FROM "games_hand"' in s and "FOR UPDATE" in s for s in statements), statements


@pytest.mark.parametrize(
    ("value", "threshold"), [("2", 2), ("0", 0), (" 5 ", 5), ("off", None), ("", None), ("None", None)]
)
def test_the_prepare_threshold_setting_reads_a_number_or_off(value, threshold):
    from tarokk_site.settings import prepare_threshold

    assert prepare_threshold(value) == threshold


@pytest.mark.parametrize("value", ["-1", "two"])
def test_a_bad_prepare_threshold_stops_the_start(value):
    from tarokk_site.settings import prepare_threshold

    with pytest.raises(ValueError):
        prepare_threshold(value)
