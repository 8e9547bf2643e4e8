"""A finished hand's analysis through its doors and the replay: asked for, computed (inline
here: tests/analysis/test_jobs.py runs the background thread), stored and shown; who sees what;
the rate; a hand one may not see is a 404."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.test import Client

from games import services
from games.analysis import jobs
from games.analysis.models import AnalysedDecision, HandAnalysis
from games.daily import deals
from games.models import Hand, Room
from games.services.access import Privacy
from games.tutorial import SCRIPTS
from tests.factories import StaffFactory, UserFactory
from tests.helpers.analysis import finished_hand, play_out
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = re.compile(r'data-analysis-seat="(\d+)"')
STEP = re.compile(r'data-analysis-step="(\d+)"')
HTMX = {"HTTP_HX_REQUEST": "true"}
# A row of the replay's move list with a mark (games/_replay_moves.html).
MARKED = re.compile(r'<li class="move[^"]*" data-seq="(\d+)"(?:(?!</li>).)*data-move-mark=', re.S)


def ask(user, hand: Hand, **extra):
    return client_for(user).post(f"/hands/{hand.pk}/analysis", {"step": 0}, **HTMX, **extra)


def summary_seats(user, hand: Hand, step: int | None = None) -> set[int]:
    url = f"/hands/{hand.pk}/" + ("" if step is None else f"?step={step}")
    page = client_for(user).get(url).content.decode()
    return {int(s) for s in SEATS.findall(page)}


def analysed_seats(hand: Hand, user=None) -> set[int]:
    """The seats with an appraised decision (of ``user``, if given) in the stored analysis."""
    decisions = AnalysedDecision.objects.filter(analysis__hand=hand)
    if user is not None:
        decisions = decisions.filter(actor=user)
    return set(decisions.values_list("seat", flat=True))


def rows(hand: Hand) -> list[tuple]:
    return list(
        AnalysedDecision.objects.filter(analysis__hand=hand)
        .order_by("seq")
        .values_list("seq", "seat", "actor", "made", "best", "values", "loss", "mark", "worlds")
    )


def test_a_finished_hand_is_analysed_on_request_and_shown_in_the_replay():
    hand, owner, friend = finished_hand()
    page = client_for(owner).get(f"/hands/{hand.pk}/").content.decode()
    assert 'id="analyse"' in page and "Analyse this hand" in page

    response = ask(owner, hand)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"  # done at once: the page again
    analysis = HandAnalysis.objects.get(hand=hand)
    assert analysis.state == "done" and analysis.done == analysis.total > 0
    assert analysis.seed == jobs.seed_of(hand) and analysis.worlds == 2 and analysis.requested_by == owner
    other_deal = Hand(variant=hand.variant, deal={**hand.deal, "talon": []}, context=hand.context)
    assert jobs.seed_of(Hand.objects.get(pk=hand.pk)) == analysis.seed != jobs.seed_of(other_deal)
    people = hand.actions.filter(robot="").count()
    assert analysis.total == people  # every decision a person made, none of the robots'
    stored = AnalysedDecision.objects.filter(analysis=analysis)
    assert 0 < stored.count() <= people  # forced moves have nothing to appraise
    assert set(stored.values_list("actor", flat=True)) <= {owner.pk, friend.pk}
    for decision in stored:
        action = hand.actions.get(seq=decision.seq)
        assert (decision.seat, decision.made, action.robot) == (action.seat, action.action, "")
        assert decision.loss == pytest.approx(decision.values[decision.best] - decision.values[decision.made])
        assert decision.mark in ("good", "inaccuracy", "mistake", "blunder")

    # The page: each player's summary; at a decision's step, its appraisal.
    decision = stored.order_by("-loss").first()
    page = client_for(owner).get(f"/hands/{hand.pk}/?step={decision.seq}").content.decode()
    assert {int(s) for s in SEATS.findall(page)} == analysed_seats(hand)
    assert STEP.findall(page) == [str(decision.seq)]
    assert f'data-made="{decision.made}"' in page and f'data-best="{decision.best}"' in page
    assert "points expected" in page and 'id="analyse"' not in page
    assert "hx-trigger" not in page[page.index('id="analysis"') :].split(">")[0]  # no polling when done


def test_the_same_hand_analysed_twice_gives_the_same_rows():
    hand, owner, _friend = finished_hand(variant="czech")
    assert ask(owner, hand).status_code == 200
    first = rows(hand)
    assert first
    HandAnalysis.objects.filter(hand=hand).delete()
    assert ask(owner, hand).status_code == 200
    assert rows(hand) == first


def test_a_repeated_request_queues_nothing_and_counts_once(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "analysis": {"user": "1/h"}}
    hand, owner, friend = finished_hand()
    assert ask(owner, hand).status_code == 200
    done = HandAnalysis.objects.get(hand=hand)
    for user in (owner, friend):  # asked again: the same analysis, no new count
        assert ask(user, hand).status_code == 200
    assert HandAnalysis.objects.filter(hand=hand).count() == 1
    assert HandAnalysis.objects.get(hand=hand).finished == done.finished


def test_past_the_rate_a_request_is_refused_with_words_and_nothing_queued(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "analysis": {"user": "1/h"}}
    first, owner, _ = finished_hand()
    second, _, _ = finished_hand()  # an open table's: anyone may ask for it
    assert ask(owner, first).status_code == 200
    refused = ask(owner, second)
    assert refused.status_code == 429 and "Too many hands analysed" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert not HandAnalysis.objects.filter(hand=second).exists()


def test_a_hand_one_may_not_see_is_a_404_and_a_running_one_is_not_analysed():
    hand, owner, friend = finished_hand(Privacy(private=True))
    watcher = UserFactory()
    for user in (watcher, None):
        assert ask(user, hand).status_code == 404
        assert client_for(user).get(f"/hands/{hand.pk}/analysis").status_code == 404
    assert not HandAnalysis.objects.exists()
    assert client_for(owner).post("/hands/999999/analysis", **HTMX).status_code == 404

    running = services.create_room(owner, "hungarian", 3).current_hand()
    assert not running.is_over
    assert ask(owner, running).status_code == 404  # a running hand: staff only may replay it
    refused = ask(StaffFactory(), running)
    assert refused.status_code == 409 and "still being played" in refused.content.decode()
    assert not HandAnalysis.objects.exists()


def test_a_visitor_who_is_not_signed_in_sees_a_public_analysis_but_may_not_ask():
    hand, owner, _ = finished_hand()
    refused = ask(None, hand)
    assert refused.status_code == 403 and "Sign in" in refused.content.decode()
    assert not HandAnalysis.objects.exists()
    assert ask(owner, hand).status_code == 200
    assert summary_seats(None, hand) == analysed_seats(hand)


def test_everyone_who_may_replay_a_public_tables_hand_sees_all_of_its_analysis():
    hand, owner, friend = finished_hand()
    ask(friend, hand)
    assert analysed_seats(hand)
    for user in (owner, friend, UserFactory(), None, StaffFactory()):
        assert summary_seats(user, hand) == analysed_seats(hand)


def test_a_player_of_a_private_table_sees_their_own_decisions_only():
    hand, owner, friend = finished_hand(Privacy(private=True))
    ask(owner, hand)
    assert summary_seats(owner, hand) == analysed_seats(hand, owner) <= {0}
    assert summary_seats(friend, hand) == analysed_seats(hand, friend) <= {1}
    assert summary_seats(StaffFactory(), hand) == analysed_seats(hand) == {0, 1}
    # Not even at the step of the other's decision, nor in the fragment.
    theirs = AnalysedDecision.objects.filter(analysis__hand=hand, seat=1).first()
    for url in (f"/hands/{hand.pk}/?step={theirs.seq}", f"/hands/{hand.pk}/analysis?step={theirs.seq}"):
        page = client_for(owner).get(url).content.decode()
        assert STEP.findall(page) == [] and 'data-analysis-seat="1"' not in page
        assert f'data-made="{theirs.made}"' not in page
    # The move list marks only one's own moves.
    page = client_for(owner).get(f"/hands/{hand.pk}/").content.decode()
    marked = {int(seq) for seq in MARKED.findall(page)}
    own = AnalysedDecision.objects.filter(analysis__hand=hand, seat=0).exclude(mark="good")
    assert marked == set(own.values_list("seq", flat=True))


def test_a_closed_audiences_hand_is_private_too():
    hand, owner, friend = finished_hand(Privacy(open_audience=False))
    ask(friend, hand)
    assert summary_seats(owner, hand) == analysed_seats(hand, owner) <= {0}
    assert summary_seats(friend, hand) == analysed_seats(hand, friend) <= {1}
    assert summary_seats(StaffFactory(), hand) == analysed_seats(hand)


DAY = date(2025, 3, 14)


def test_a_daily_deal_is_its_players_own_until_its_day_is_over(monkeypatch, settings):
    # The day's deal comes from the site's secret seed: a fixed one here, whose deal is played
    # (with another, every seat may pass and nothing is left to analyse).
    settings.DAILY_DEAL_SEED = "analysis-daily-b"
    monkeypatch.setattr(deals, "today", lambda: DAY)
    monkeypatch.setattr("games.daily.play.today", lambda: DAY)
    monkeypatch.setattr("games.daily.views.today", lambda: DAY)
    player, other = UserFactory(), UserFactory()
    response = client_for(player).post("/daily/hungarian/play")
    room = Room.objects.get(code=response["Location"].strip("/").split("/")[-1])
    hand = play_out(room, player)
    assert ask(player, hand).status_code == 200
    seat = room.seats.get(user=player).index
    assert summary_seats(player, hand) == analysed_seats(hand) == {seat}
    assert ask(other, hand).status_code == 404
    assert client_for(other).get(f"/hands/{hand.pk}/analysis").status_code == 404
    monkeypatch.setattr(deals, "today", lambda: DAY + timedelta(days=1))
    assert summary_seats(other, hand) == summary_seats(None, hand) == {seat}


def test_a_guided_hands_learner_asks_for_and_sees_its_analysis():
    visitor = Client()
    response = visitor.post("/tutorial/czech/")
    room = Room.objects.get(code=response["Location"].split("/")[2])
    advised = re.compile(r'data-advised="([^"]+)"')
    for _ in range(len(SCRIPTS["czech"].moves)):
        found = advised.search(visitor.get(f"/r/{room.code}/").content.decode())
        if found is None:
            break
        hand = room.current_hand()
        visitor.post(f"/r/{room.code}/act", {"action": found.group(1), "seq": hand.public_seq})
    hand = room.current_hand()
    assert hand.is_over
    assert visitor.post(f"/hands/{hand.pk}/analysis", {"step": 0}, **HTMX).status_code == 200
    analysis = HandAnalysis.objects.get(hand=hand)
    assert analysis.state == "done"
    learner = room.seats.get(user__isnull=False)
    page = visitor.get(f"/hands/{hand.pk}/").content.decode()
    assert {int(s) for s in SEATS.findall(page)} <= {learner.index}
    assert set(analysis.decisions.values_list("seat", flat=True)) <= {learner.index}
    assert ask(UserFactory(), hand).status_code == 404  # a guided table is its learner's alone


def test_staff_look_at_analyses_in_the_admin_and_nobody_else_does():
    hand, owner, _ = finished_hand()
    ask(owner, hand)
    analysis = HandAnalysis.objects.get(hand=hand)
    staff = client_for(StaffFactory())
    listing = staff.get("/admin/games/handanalysis/")
    assert listing.status_code == 200 and f"Analysis of hand {hand.pk}" in listing.content.decode()
    page = staff.get(f"/admin/games/handanalysis/{analysis.pk}/change/").content.decode()
    decision = analysis.decisions.first()
    assert decision.made in page and f'href="/hands/{hand.pk}/"' in page
    assert client_for(owner).get("/admin/games/handanalysis/").status_code == 302  # to the login
