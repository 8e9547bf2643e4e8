"""The daily deal: one deal per game and day for everyone, one play per person, its
leaderboard, and yesterday's deal shown to all."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from games.daily import deals
from games.daily.models import DailyDeal, DailyEntry
from games.models import Hand, Room
from tests.factories import StaffFactory, UserFactory
from tests.i18n.catalogues import readable_text
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)

DAY = date(2025, 3, 14)


@pytest.fixture(autouse=True)
def _day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "today", lambda: DAY)
    monkeypatch.setattr("games.daily.play.today", lambda: DAY)
    monkeypatch.setattr("games.daily.views.today", lambda: DAY)


def _play(user: object, game: str = "slovenian3") -> Room:
    response = client_for(user).post(f"/daily/{game}/play")
    assert response.status_code == 302, response.content
    return Room.objects.get(code=response["Location"].strip("/").split("/")[-1])


def test_it_deals_the_same_for_two_players_and_anew_the_next_day():
    laszlo, marta = UserFactory(username="laszlo"), UserFactory(username="marta")
    first, second = _play(laszlo), _play(marta)
    hand_a, hand_b = first.hands.get(), second.hands.get()
    assert hand_a.deal == hand_b.deal and hand_a.context == hand_b.context
    daily = DailyDeal.objects.get(variant="slovenian3", day=DAY)
    assert hand_a.deal == daily.deal and first.fixed_seed == second.fixed_seed == daily.robot_seed
    for room, user in ((first, laszlo), (second, marta)):
        seats = list(room.seats.order_by("index").values_list("user", "robot"))
        assert seats[daily.seat] == (user.pk, "") and [s for i, s in enumerate(seats) if i != daily.seat] == [
            (None, "strong"),
            (None, "strong"),
        ]
    assert deals.daily_deal("slovenian3", DAY + timedelta(days=1)).deal != daily.deal
    assert deals.daily_deal("hungarian", DAY).deal != daily.deal


def test_it_gives_one_play_per_person_and_day():
    nora = UserFactory(username="nora")
    room = _play(nora)
    assert _play(nora) == room  # asking again leads back to the same table: no restart
    assert DailyEntry.objects.filter(user=nora).count() == 1 and Room.objects.count() == 1
    # The table plays one hand: no next one is dealt.
    hand = room.hands.get()
    Hand.objects.filter(pk=hand.pk).update(
        finished="2025-03-14T12:00Z", result={"thrown_in": True, "payments": [0, 0, 0]}
    )
    response = client_for(nora).post(f"/r/{room.code}/next", {"hand_no": 1})
    assert response.status_code == 400
    assert response.json() == {"error": "This table plays one fixed deal: there is no next hand"}
    assert room.hands.count() == 1


def test_it_lets_only_the_player_and_staff_watch_a_daily_table():
    olga = UserFactory(username="olga")
    room = _play(olga)
    assert client_for(olga).get(f"/r/{room.code}/").status_code == 200
    assert client_for(StaffFactory()).get(f"/r/{room.code}/").status_code == 200
    for outsider in (None, UserFactory(username="peter")):
        assert client_for(outsider).get(f"/r/{room.code}/view.json").status_code in (403, 404)


def _finish(user: object, score: int, when: str) -> None:
    room = _play(user)
    daily = DailyDeal.objects.get(variant="slovenian3", day=DAY)
    payments = [0, 0, 0]
    payments[daily.seat] = score
    room.hands.update(finished=when, result={"thrown_in": False, "payments": payments, "contract": "three"})


def test_it_orders_the_leaderboard_by_score_then_by_finish():
    rita, sanyi, tibor, ubul = (UserFactory(username=n) for n in ("rita", "sanyi", "tibor", "ubul"))
    _finish(sanyi, 12, "2025-03-14T10:00Z")
    _finish(rita, -4, "2025-03-14T09:00Z")
    _finish(tibor, 12, "2025-03-14T11:00Z")
    _finish(ubul, 70, "2025-03-15T00:30Z")  # finished after its day: not counted
    page = client_for(None).get("/daily/slovenian3/").content.decode()
    order = [page.index(f'data-player="{n}"') for n in ("sanyi", "tibor", "rita")]
    assert order == sorted(order) and 'data-player="ubul"' not in page
    from games.daily.board import board

    rows = board(DailyDeal.objects.get(variant="slovenian3", day=DAY))
    assert [(r.place, r.name, r.score) for r in rows] == [(1, "sanyi", 12), (1, "tibor", 12), (3, "rita", -4)]
    mine = client_for(rita).get("/daily/slovenian3/").content.decode()
    assert "You scored <strong>-4</strong>: place 3 of 3." in mine


def test_it_shows_yesterdays_deal_to_all_and_never_todays():
    vera = UserFactory(username="vera")
    today = deals.daily_deal("hungarian", DAY)
    yesterday = deals.daily_deal("hungarian", DAY - timedelta(days=1))
    for viewer in (None, vera, StaffFactory()):
        page = client_for(viewer).get("/daily/hungarian/").content.decode()
        shown = page[page.index('id="yesterday"') :]
        for cards in yesterday.deal["hands"]:
            assert all(card in shown for card in cards)  # in data-cards: the text names them
        assert "Skíz" in shown and "T22" not in readable_text(shown)  # issue 35: names, not ids
        for cards in today.deal["hands"]:  # today's hands are nowhere, not even as one line
            assert " ".join(sorted(cards)) not in page and " ".join(cards) not in page
    anonymous = client_for(None).get("/daily/hungarian/").content.decode()
    assert "Play as guest" in anonymous and 'id="daily-play"' not in anonymous
    assert 'id="daily-play"' in client_for(vera).get("/daily/hungarian/").content.decode()
    assert (
        client_for(None).post("/daily/hungarian/play").status_code == 403 and not DailyEntry.objects.exists()
    )
    assert client_for(None).get("/daily/chess/").status_code == 404
    assert 'id="daily-link"' in client_for(vera).get("/").content.decode()


def test_a_daily_hand_is_replayed_by_anyone_once_its_day_is_over(monkeypatch):
    player, stranger = UserFactory(), UserFactory()
    room = _play(player)
    hand = room.current_hand()
    Hand.objects.filter(pk=hand.pk).update(finished="2025-03-14T20:00:00Z")  # as _finish does
    # The day it was dealt, a daily table is its player's alone (and staff's).
    assert client_for(stranger).get(f"/hands/{hand.pk}/").status_code == 404
    assert client_for(player).get(f"/hands/{hand.pk}/").status_code == 200
    # The next day its deal is public: anyone may step through it.
    monkeypatch.setattr(deals, "today", lambda: DAY + timedelta(days=1))
    assert client_for(stranger).get(f"/hands/{hand.pk}/").status_code == 200
    assert client_for(None).get(f"/hands/{hand.pk}/").status_code == 200
