"""The hand file over HTTP: import (a bad file is refused with the rules' message and nothing
changes) and "play this deal again" (a new private table whose first hand is the deal)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from games.models import Hand, Room
from games.rules import VARIANTS
from tests.factories import UserFactory
from tests.helpers.hand_files import random_hand
from tests.web.helpers import client_for, data_cards

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_refuses_a_tampered_file_naming_the_action_and_opens_nothing():
    owner = UserFactory(username="owner")
    document, _ = random_hand("hungarian", 7)
    document["actions"][0]["action"] = "bid:seven"
    response = client_for(owner).post("/hands/import", {"text": json.dumps(document)})
    assert response.status_code == 400
    seat = document["actions"][0]["seat"] + 1
    assert f"Action 1 (seat {seat}, bid:seven) is refused: " in response.content.decode()
    response = client_for(owner).post("/hands/import", {"text": "{not json"})
    assert response.status_code == 400
    assert "The file is not JSON: " in response.content.decode()
    assert client_for(owner).post("/hands/play", {"document": json.dumps(document)}).status_code == 400
    assert Room.objects.count() == 0


def test_it_takes_an_uploaded_match_file_and_lists_its_hands():
    owner = UserFactory(username="owner")
    hands = [random_hand("slovenian3", seed)[0] for seed in (1, 2)]
    upload = SimpleUploadedFile(
        "match.json", json.dumps({"format": "tarokk-match", "version": 1, "hands": hands}).encode()
    )
    html = client_for(owner).post("/hands/import", {"file": upload}).content.decode()
    assert html.count('class="play-deal"') == 2
    assert client_for(None).get("/hands/import").status_code == 302  # people who log in only


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_it_plays_a_written_deal_again_on_a_private_table(game):
    owner = UserFactory(username="owner")
    document, _ = random_hand(game, 11)
    response = client_for(owner).post("/hands/play", {"document": json.dumps(document)})
    assert response.status_code == 302
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    assert (room.private, room.variant, room.created_by) == (True, game, owner)
    hand = room.hands.get()
    assert hand.deal == document["deal"]
    assert hand.context["dealer"] == document["context"]["dealer"]
    assert room.seats.get(index=0).user == owner


def test_the_new_table_on_a_deal_shows_seat_1_its_own_cards_only():
    owner = UserFactory(username="owner")
    client = client_for(owner)
    document, _ = random_hand("hungarian", 12)
    document["context"]["dealer"] = 3  # seat 1 bids first, so no robot has moved yet
    client.post("/hands/play", {"document": json.dumps(document)})
    first = Room.objects.get()
    hand = first.hands.get()
    page = client.get(f"/r/{first.code}/").content.decode()
    assert set(document["deal"]["hands"][0]) <= data_cards(page)
    assert not set(document["deal"]["hands"][1]) & data_cards(page)
    assert hand.is_over is False


def test_the_commands_export_and_import_hands(tmp_path, capsys):
    owner = UserFactory(username="owner")
    document, _ = random_hand("czech", 13)
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document))
    call_command("import_hands", str(source), "--play", "owner")
    room = Room.objects.get()
    assert room.hands.get().deal == document["deal"]
    assert f"table /r/{room.code}/" in capsys.readouterr().out
    call_command("export_hands", str(room.hands.get().pk), "--out", str(tmp_path / "out"))
    written = json.loads((tmp_path / "out" / f"hand-{room.code}-1.json").read_text())
    hand = room.hands.get()
    moves = [{"seq": a.seq, "seat": a.seat, "action": a.action} for a in hand.actions.order_by("seq")]
    assert (written["deal"], written["actions"], written["result"]) == (document["deal"], moves, None)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**document, "version": 3}))
    with pytest.raises(Exception, match="1 file refused"):
        call_command("import_hands", str(bad))
    assert Room.objects.count() == 1 and Hand.objects.count() == 1
    assert room.seats.get(index=0).user == owner
