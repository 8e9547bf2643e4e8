"""A planted blunder, end to end: a Czech hand where the person throws the pagát into a trick
the other side's trump wins though other trumps were theirs to play. Asked for on the replay,
computed by the background thread, the replay marks the move a blunder (??) and names a safe
card as the best choice."""

from __future__ import annotations

import re
import time

import pytest

from games.analysis.models import AnalysedDecision, HandAnalysis
from games.rules import EVERYONE, get_variant
from games.services import replay
from tests.factories import UserFactory
from tests.helpers import czech_blunder as planted
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_pagat_thrown_into_the_other_sides_trick_is_marked_a_blunder(settings):
    settings.ANALYSIS_WORLDS = 32
    person = UserFactory()
    client = client_for(person)
    room = planted.open_fixed_table(person, planted.deal(), planted.DEALER, planted.SEED)
    variant = get_variant("czech")
    for _ in range(200):
        hand = room.current_hand()
        if hand.is_over:
            break
        view = client.get(f"/r/{room.code}/view.json").json()
        assert view["legal"], view["to_act"]
        action = planted.policy(view["legal"])
        if hand.seq == planted.PLANTED:
            whole = variant.observe(replay.current(hand), EVERYONE)
            assert view["legal"] == planted.HOLDING
            assert [p["card"] for p in whole["trick"]["cards"]] == planted.TRICK
            sides = {whole["declarer"], whole.get("partner")}
            assert (0 in sides) != (3 in sides)  # the trick's winner so far is of the other side
            action = "play:T1"
        response = client.post(f"/r/{room.code}/act", {"action": action, "seq": view["seq"]})
        assert response.status_code == 200, response.content
    hand = room.current_hand()
    assert hand.is_over and hand.actions.get(seq=planted.PLANTED + 1).action == "play:T1"

    settings.ROBOT_RUNNER = "thread"  # the analysis runs in the background, as in the embedded site
    response = client.post(
        f"/hands/{hand.pk}/analysis", {"step": planted.PLANTED + 1}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    deadline = time.monotonic() + 120
    while HandAnalysis.objects.get(hand=hand).state != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.2)

    thrown = AnalysedDecision.objects.get(analysis__hand=hand, seq=planted.PLANTED + 1)
    assert thrown.made == "play:T1" and thrown.mark == "blunder"
    assert thrown.best in planted.HOLDING and thrown.best != "play:T1"
    page = client.get(f"/hands/{hand.pk}/?step={planted.PLANTED + 1}").content.decode()
    row = re.search(
        rf'<li class="move[^"]*" data-seq="{planted.PLANTED + 1}"(?:(?!</li>).)*</li>', page, re.S
    )
    assert row is not None and 'data-move-mark="blunder"' in row.group(0) and "??" in row.group(0)
    assert 'data-mark="blunder"' in page and "Blunder ??" in page
    assert 'data-made="play:T1"' in page and f'data-best="{thrown.best}"' in page
    assert "chips expected" in page
