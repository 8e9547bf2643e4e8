"""The review of a finished hand (games.rules.review, live/review.html): nobody sees it while
the hand runs, not on the page, in a push or in view.json; once the hand is over every seat
and the audience can open all hands as dealt, the talon, the discards and every trick (Bridge:
every move); the next deal takes it away."""

from __future__ import annotations

import re

import pytest

from games import services
from games.live import consumers, push_diff
from games.models import Room
from games.rules import EVERYONE, get_variant
from games.services import replay
from games.tables import seating
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

REVIEW = re.compile(r'<section id="review"[^>]*>.*?</section>', re.S)


@pytest.fixture(autouse=True)
def _fresh_shared_renders():
    seating.forget_all()
    push_diff._shared_renders.clear()


def review_html(page: str) -> str:
    (section,) = REVIEW.findall(page)
    return section


def pick(legal: list[str]) -> str:
    """Bid when one may (so that a hand is played, not thrown in), else pass, else the first."""
    bids = [a for a in legal if a.startswith("bid:") and a != "bid:klop"]
    if bids and "hold" not in legal:
        return bids[0]
    return "pass" if "pass" in legal else legal[0]


def push_for(room: Room, user) -> consumers.RoomConsumer:
    consumer = consumers.RoomConsumer()
    consumer.scope = {"user": user}
    consumer.room_id = room.pk
    consumer.shown = push_diff.Shown()
    return consumer


@pytest.mark.parametrize("variant", ["hungarian", "czech", "slovenian3", "bridge"])
def test_the_review_shows_every_hand_after_the_end_only_and_until_the_next_deal(variant):
    owner = UserFactory()
    seats = 3 if variant in ("slovenian3", "bridge") else 4
    room = services.create_room(owner, variant, seats - 1)
    player, audience = client_for(owner), client_for(None)
    watcher, seated = push_for(room, None), push_for(room, owner)
    watcher._render(None, True)
    seated._render(None, True)
    played = False
    for number in range(1, 5):  # until a hand is played (a Hungarian hand may be thrown in)
        for step in range(300):
            view = player.get(f"/r/{room.code}/view.json").json()
            if view["phase"] == "over":
                break
            hand = room.current_hand()
            for seat, client in ((0, player), (None, audience)) if step % 5 == 0 else ():
                page = client.get(f"/r/{room.code}/").content.decode()
                assert re.fullmatch(r'<section id="review"[^>]* hidden>\s*</section>', review_html(page))
                assert not data_cards(page) & hidden_from(hand, seat)
                assert "review" not in client.get(f"/r/{room.code}/view.json").json()
            assert view["view"]["review"] is None
            assert 'id="review-hand"' not in watcher._render(f"move-{number}-{step}", False)
            assert 'id="review-hand"' not in seated._render(f"move-{number}-{step}", False)
            answer = player.post(f"/r/{room.code}/act", {"action": pick(view["legal"]), "seq": view["seq"]})
            assert answer.status_code == 200, answer.content
        else:
            raise AssertionError("the hand did not end")

        hand = room.current_hand()
        # The hands as dealt, as the staff's view has them (a Czech deal is a pack until the cut).
        dealt = get_variant(variant).observe(replay.current(hand), EVERYONE)["deal"]
        every_card = {c for cards in dealt["hands"] for c in cards}
        assert len(every_card) == sum(len(h) for h in dealt["hands"]) > 0
        # Bridge: when the robots went out before the player's first turn (skipped by an 8 or an
        # ace), the pages' last renders showed the review already; they are asked for it whole.
        whole = step == 0
        pushed = review_html(watcher._render(f"end-{number}", whole))
        mine = review_html(seated._render(f"end-{number}", whole))
        assert 'id="review-hand"' in mine and data_cards(mine) == data_cards(pushed)  # the seat's push too
        reviews = []
        for client in (player, audience):
            section = review_html(client.get(f"/r/{room.code}/").content.decode())
            assert 'id="review-hand"' in section and "Review this" in section
            assert data_cards(section) >= every_card  # every seat's hand as dealt
            for seat in range(seats):
                assert f'data-review-seat="{seat}"' in section
            reviews.append(client.get(f"/r/{room.code}/view.json").json()["review"])
        assert data_cards(pushed) >= every_card
        assert reviews[0] == reviews[1]
        review = reviews[0]
        assert [sorted(h) for h in review["hands"]] == [sorted(h) for h in dealt["hands"]]
        if variant == "bridge":
            assert review["moves"] and 'data-review-move="1"' in pushed
            played = True
            assert review["talon"] is None  # the blind is never shown
        else:
            assert review["talon"] == dealt["talon"]
            assert data_cards(pushed) >= set(review["talon"])
            if review["tricks"]:  # else thrown in or annulled: a hand without play
                assert f'data-review-trick="{len(review["tricks"])}"' in pushed
                played = True

        assert player.post(f"/r/{room.code}/next", {"hand_no": hand.number}).status_code == 200
        if room.current_hand().is_over:
            # Bridge: the robots went out before the player's first turn (skipped by an 8 or an
            # ace); this review is the new round's. The next hand checks the rest.
            continue
        for client in (player, audience):
            page = client.get(f"/r/{room.code}/").content.decode()
            assert 'id="review-hand"' not in page
            assert "review" not in client.get(f"/r/{room.code}/view.json").json()
        for page in (watcher, seated):
            gone = review_html(page._render(f"next-{number}", False))
            assert re.fullmatch(r'<section id="review"[^>]* hidden>\s*</section>', gone)
        if played:
            break
    assert played, "no hand of four was played out"
