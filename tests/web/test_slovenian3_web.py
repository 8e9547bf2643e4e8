"""Slovenian Tarok through the web (slovenian3.md §12, §13 and the issue's web part): opening a
table with its options; whole hands by HTTP at tables of people, with the pages and view.json
of every seat and the audience free of hidden cards at every step, every decision offering
exactly its legal actions, and the face-up talon, the discarded taroks, the klop gifts and the
open beggar's hand shown to everyone; the receipt; a match with radelci; the staff inspector."""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction

from games import services
from games.models import Room
from games.rules import EVERYONE, get_variant
from games.services import replay
from tests.deals import (
    EMPEROR_HANDS,
    EMPEROR_TALON,
    SLOVENIAN_DEALER,
    SLOVENIAN_HANDS,
    SLOVENIAN_TALON,
    full_table_with_known_deal,
    give_deal,
    slovenian_table_with_known_deal,
)
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from, json_strings

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

SLOVENIAN = get_variant("slovenian3")
BUTTON = re.compile(r'<button[^>]*data-action="([^"]+)"[^>]*>(.*?)</button>', re.S)

# What a player reads on the buttons of the calls the hands below make.
LABELS = {
    "bid:klop": "Klop",
    "bid:three": "Three",
    "bid:open-beggar": "Open beggar",
    "bid:solo-without": "Solo without",
    "announce:trula": "Announce trula",
    "announce:kings": "Announce kings",
    "announce:ultimo": "Announce pagat ultimo",
    "announce:valat": "Announce valat",
    "kontra:game": "Kontra the game",
    "rekontra:game": "Rekontra the game",
    "subkontra:game": "Subkontra the game",
    "mortkontra:game": "Mortkontra the game",
    "kontra:trula": "Kontra trula",
    "kontra:kings": "Kontra kings",
    "kontra:klop": "Kontra klop",
    "kontra:valat": "Kontra valat",
    "rekontra:valat": "Rekontra valat",
}


def buttons(page: str) -> dict[str, str]:
    """Every enabled control's action and the text it shows."""
    found = {}
    for match in BUTTON.finditer(page):
        if " disabled" not in match.group(0).split(">", 1)[0]:
            text = re.sub(r"<[^>]+>", " ", match.group(2))
            found[match.group(1)] = " ".join(htmllib.unescape(text).split())
    return found


class Table:
    """Three people and an anonymous watcher at a Slovenian table with a written-out deal,
    playing by HTTP as the pages do."""

    def __init__(
        self,
        options: dict[str, Any] | None = None,
        hands: list[str] = SLOVENIAN_HANDS,
        talon: str = SLOVENIAN_TALON,
    ) -> None:
        self.users = [UserFactory() for _ in range(3)]
        hand = slovenian_table_with_known_deal(self.users, options, hands, talon)
        self.room: Room = hand.room
        self.clients = [client_for(user) for user in self.users]
        self.audience = client_for(None)
        self.seen: set[str] = set()  # every phase met
        self.exposed = False  # an open beggar's hand has been seen face up
        self.url = f"/r/{self.room.code}/"

    def full(self) -> dict[str, Any]:
        return SLOVENIAN.observe(replay.current(self.room.current_hand()), EVERYONE)

    def look(self) -> dict[int | None, tuple[str, dict[str, Any]]]:
        """Every seat's and the audience's page and view.json, each checked against what that
        viewer may know (§13) and for what everyone must be shown; and the markup contract."""
        hand = self.room.current_hand()
        full = self.full()
        public = set(full["talon"] or []) if full["talon_groups"] else set()
        public |= {g["card"] for g in full["klop_gifts"]} | set(full["discarded_taroks"])
        public |= set(full["exposed"] or [])
        looks = {}
        for seat, client in [*enumerate(self.clients), (None, self.audience)]:
            hidden = hidden_from(hand, seat)
            page = client.get(self.url).content.decode()
            data = client.get(self.url + "view.json").json()
            shown = data_cards(page)
            assert not shown & hidden, (seat, full["phase"], shown & hidden)
            assert not json_strings(data) & hidden, (seat, full["phase"], json_strings(data) & hidden)
            assert public <= shown, (seat, full["phase"], public - shown)
            offered = buttons(page)
            if seat is not None and seat in data["to_act"]:
                expected = {a for a in data["legal"] if not a.startswith("discard:")}
                assert set(offered) == expected, (full["phase"], set(offered) ^ expected)
                for action, text in offered.items():
                    if action in LABELS:  # a final call keeps the bid (§4.2)
                        assert text in (LABELS[action], f"Keep {LABELS[action].lower()}"), (action, text)
                discards = [a for a in data["legal"] if a.startswith("discard:")]
                if discards:
                    count = len(discards[0].split(","))
                    assert f'data-discard-count="{count}"' in page and f"{count} more to choose" in page
                    choosable = {c for a in discards for c in a.split(":", 1)[1].split(",")}
                    assert set(re.findall(r'data-discard-choice="([^"]+)"', page)) == choosable
            else:
                assert offered == {} and data["legal"] == [], (seat, full["phase"], offered)
            looks[seat] = (page, data)
        self.seen.add(full["phase"])
        self.exposed |= bool(full["exposed"])
        return looks

    def glance(self) -> dict[int | None, tuple[str, dict[str, Any]]]:
        """Each seat's and the audience's view.json only, unchecked (pages: not loaded)."""
        viewers = [*enumerate(self.clients), (None, self.audience)]
        return {seat: ("", client.get(self.url + "view.json").json()) for seat, client in viewers}

    def play(
        self,
        script: list[str],
        until: Callable[[dict[str, Any]], bool] = lambda data: False,
        choose: Callable[[list[str]], str] = lambda legal: legal[0],
        watch: bool = True,
    ) -> dict[int | None, tuple[str, dict[str, Any]]]:
        """The seat to act posts the next scripted action (it must be legal), then ``choose``s,
        until ``until(audience view.json)`` or the end; every step is looked at first (with
        ``watch``; else only the end)."""
        script = list(script)
        for _ in range(200):
            looks = self.look() if watch or self.full()["phase"] == "over" else self.glance()
            data = looks[None][1]
            if data["phase"] == "over" or until(data):
                return looks
            (seat,) = data["to_act"]
            legal = looks[seat][1]["legal"]
            action = script.pop(0) if script else choose(legal)
            assert action in legal, (action, legal)
            answer = self.clients[seat].post(self.url + "act", {"action": action, "seq": data["seq"]})
            assert answer.status_code == 200, answer.content
            assert answer.json() == {"ok": True, "seq": data["seq"] + 1, "action": action}
        raise AssertionError("the hand did not end")


# Forehand (seat 0) names three after both others pass, takes group 1 (T2 H3 H4) and must
# discard a tarok face up; then announcements and the whole kontra chain on the game.
THREE = [
    "pass",
    "pass",
    "bid:three",
    "take:1",
    "discard:T10,H3,H4",
    *("announce:trula", "announce:kings", "pass"),  # seat 0, the declarer
    *("kontra:game", "announce:ultimo", "kontra:trula", "pass"),  # seat 1 holds T1
    *("kontra:kings", "pass"),  # seat 2
    *("rekontra:game", "pass"),
    *("subkontra:game", "pass"),
    "pass",
    *("mortkontra:game", "pass"),
    "pass",
    "pass",
]
KLOP = ["pass", "pass", "bid:klop", "pass", "kontra:klop", "pass", "pass", "pass"]
OPEN_BEGGAR = ["bid:open-beggar", "pass", "pass", "bid:open-beggar", "pass", "kontra:game", "pass", "pass"]


def test_a_slovenian_table_opens_with_every_option_of_the_form():
    user = UserFactory()
    client = client_for(user)
    lobby = client.get("/").content.decode()
    form = lobby[lobby.index('data-options-for="slovenian3"') :]
    form = form[: form.index("</details>")]
    for option in SLOVENIAN.options:
        assert f'name="{option.name}"' in form, option.name
        assert str(option.label) in htmllib.unescape(form), option.label
    assert '<option value="slovenian3" data-seats="3">Slovenian Tarok</option>' in lobby
    chosen = {
        "round_to_5": "false",
        "mond_penalty": "21",
        "radelci": "true",
        "radelci_unused_penalty": "50",
        "auction_style": "simple",
        "no_tarok_redeal": "off",
        "kontra_on_klop": "true",
        "open_beggar_exposure": "after_first_trick",
        "skisfang": "true",
        "match_hands": "6",
        "trick_review": "all",
    }
    assert set(chosen) == {o.name for o in SLOVENIAN.options}
    response = client.post("/rooms/new", {"variant": "slovenian3", "robots": 0, **chosen})
    assert response.status_code == 302, response.content
    room = Room.objects.get()
    assert room.options == {
        "round_to_5": False,
        "mond_penalty": 21,
        "radelci": True,
        "radelci_unused_penalty": 50,
        "auction_style": "simple",
        "no_tarok_redeal": "off",
        "kontra_on_klop": True,
        "open_beggar_exposure": "after_first_trick",
        "skisfang": True,
        "match_hands": 6,
        "trick_review": "all",
    }
    assert room.seats.count() == 3 and room.current_hand() is None  # two friends to come
    page = client.get(f"/r/{room.code}/").content.decode()
    assert "Slovenian Tarok" in page and "Waiting for players" in page
    assert "The open beggar&#x27;s hand is shown (before the first lead, or after the first trick)" in page
    assert "<strong>after first trick</strong>" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mond_penalty": "25"}, "Option mond_penalty must be one of 20, 21, not 25"),
        ({"radelci": "maybe"}, "Option radelci must be one of False, True, not 'maybe'"),
        ({"auction_style": "fancy"}, "Option auction_style must be one of full, simple, not 'fancy'"),
        ({"match_hands": "0"}, "Option match_hands must be at least 1"),
        ({"radelci_unused_penalty": "-5"}, "Option radelci_unused_penalty must be at least 0"),
        ({"robots": "3"}, "Robots must be between 0 and 2"),
    ],
)
def test_wrong_slovenian_options_are_refused_and_nothing_is_created(data, message):
    client = client_for(UserFactory())
    response = client.post("/rooms/new", {"variant": "slovenian3", "robots": 0, **data})
    assert response.status_code == 400
    assert response.json()["error"] == message
    assert not Room.objects.exists()


def test_three_with_the_talon_exchange_announcements_and_every_kontra_by_http():
    table = Table()
    looks = table.play(THREE, until=lambda data: data["phase"] == "talon")
    # The talon lies face up in its two groups for everyone; the declarer's buttons show them.
    for page, data in looks.values():
        assert data["view"]["talon_groups"] == [["T2", "H3", "H4"], ["D4", "H2", "S7"]]
        assert 'data-talon-group="1"' in page and 'data-talon-group="2"' in page
    take = buttons(looks[0][0])
    assert take == {
        "take:1": "Group 1 Tarok II 3 of hearts 4 of hearts",
        "take:2": "Group 2 4 of diamonds 2 of hearts 7 of spades",
    }
    looks = table.play(THREE[3:], until=lambda data: data["phase"] == "discard")
    page, data = looks[0]
    assert 'data-talon-group="1" class="taken" data-taken="true"' in page
    # Only H3 and H4 may go besides one tarok (kings and the trula never).
    assert len(data["legal"]) == 12 and "discard:T10,H3,H4" in data["legal"]
    assert "a tarok you discard is shown face up to everyone" in page
    looks = table.play(THREE[4:], until=lambda data: data["phase"] == "announce")
    for seat, (page, _data) in looks.items():
        assert 'data-discarded-taroks="1"' in page  # T10, face up
        assert ("Your discard:" in page) == (seat == 0)
    looks = table.play(THREE[5:], until=lambda data: data["phase"] == "play")
    page = looks[None][0]
    assert 'data-item="game" data-item-side="declarer" data-kontra-level="4"' in page
    assert 'data-item="trula" data-item-side="declarer" data-kontra-level="1"' in page
    assert 'data-item="kings" data-item-side="declarer" data-kontra-level="1"' in page
    assert 'data-item="ultimo" data-item-side="opponents" data-kontra-level="0"' in page
    assert "mortkontra" in page and "Pagat ultimo" in page
    looks = table.play([])
    assert {"auction", "talon", "discard", "announce", "play", "over"} <= table.seen
    page, data = looks[None]
    result = data["view"]["result"]
    assert result["contract"] == "three" and result["declarer"] == 0
    assert data["match"]["totals"] == result["payments"] and result["payments"][1:] == [0, 0]
    assert 'class="receipt"' in page and "only the declarer scores, V; the opponents score 0" in page
    for item in result["items"]:
        assert f'data-item="{item["name"]}"' in page
    # Every hand and the whole talon are public once the hand is over (§13).
    assert data["view"]["deal"]["talon"] == ["T2", "H3", "H4", "D4", "H2", "S7"]


@pytest.mark.parametrize("exposure", ["before_first_lead", "after_first_trick"])
def test_the_open_beggar_lays_the_hand_face_up_for_everyone(exposure):
    table = Table({"open_beggar_exposure": exposure})
    looks = table.play(OPEN_BEGGAR[:3], until=lambda data: len(data["view"]["auction"]) == 3)
    # Both others passed: the final call keeps the contract or names a higher one (§4.2).
    final = {"bid:open-beggar": "Keep open beggar", "bid:colour-valat": "Colour valat", "bid:valat": "Valat"}
    assert buttons(looks[1][0]) == final

    def lead_made(data: dict[str, Any]) -> bool:
        trick = data["view"]["trick"]
        return data["phase"] == "play" and bool(trick and trick["cards"] or data["view"]["tricks"])

    looks = table.play(OPEN_BEGGAR[3:], until=lead_made)
    declarer_cards = table.full()["hands"][1]
    for seat, (page, data) in looks.items():
        if exposure == "before_first_lead":
            assert data["view"]["exposed"] == declarer_cards
            assert 'data-exposed-seat="1"' in page and set(declarer_cards) <= data_cards(page)
        else:
            assert data["view"]["exposed"] is None and 'id="exposed"' not in page
            if seat != 1:
                assert not set(declarer_cards) & data_cards(page)
    looks = table.play([])
    assert table.exposed  # and every page showed it from then on (Table.look)
    result = looks[None][1]["view"]["result"]
    assert result["contract"] == "open beggar" and result["declarer"] == 1
    assert result["items"][0]["multiplier"] == 2  # the opponents' kontra


def test_klop_shows_each_talon_card_as_its_trick_takes_it_and_scores_everyone_alone():
    table = Table({"kontra_on_klop": True})
    looks = table.play(KLOP[:3], until=lambda data: data["phase"] == "announce")
    page = looks[None][0]
    assert "Contract: <strong>klop</strong></span>" in page  # nobody's contract
    assert 'id="klop-gifts"' in page and "6 talon cards face down" in page
    looks = table.play(KLOP[3:], until=lambda data: len(data["view"]["klop_gifts"]) == 1)
    page, data = looks[None]
    (gift,) = data["view"]["klop_gifts"]
    assert gift["card"] == "T2" and 'data-gift-trick="1"' in page
    assert 'data-item="klop" data-item-side="None" data-kontra-level="1"' in page
    looks = table.play([])
    page, data = looks[None]
    result = data["view"]["result"]
    assert result["declarer"] is None and len(data["view"]["klop_gifts"]) == 6
    assert [line["seat"] for line in result["items"]] == [0, 1, 2]
    assert all(line["multiplier"] == 2 for line in result["items"])  # kontra doubles every klop score
    assert "everyone played for themselves" in page and "each player scores their own line" in page
    assert 'data-value="' not in page  # no game value V in klop
    for seat, line in enumerate(result["items"]):
        assert f'data-item-seat="{seat}"' in page
        assert result["payments"][seat] == line["amount"]


def test_the_receipt_names_the_individual_mond_penalty_and_skisfang():
    table = Table({"skisfang": True}, hands=EMPEROR_HANDS, talon=EMPEROR_TALON)
    script = ["pass", "pass", "bid:three", "take:1", "discard:HQ,HR,HJ", "pass", "pass", "pass"]
    script += ["play:T21", "play:T22", "play:T1"]  # trick 1: the emperor trick, won by the pagat
    page, data = table.play(script, watch=False)[0]  # the hands above check every step
    result = data["view"]["result"]
    lines = {line["name"]: line for line in result["items"]}
    assert lines["mond penalty"]["seat"] == 0 and lines["mond penalty"]["amount"] == -20
    assert lines["škisfang"]["seat"] == 1 and lines["škisfang"]["amount"] == -100
    assert result["payments"][1] == -100 and result["payments"][2] == 0
    assert result["payments"][0] == result["value"] - 20
    assert 'data-item="mond penalty" data-item-seat="0"' in page and "-20 to You" in page
    assert 'data-item="škisfang" data-item-seat="1"' in page
    assert "Mond captured in the emperor trick" in page  # the note names the card
    assert "A line with a player's name is that player's own score, outside V." in page


def test_the_auction_names_the_final_call_and_the_simple_auctions_pass():
    users = [UserFactory() for _ in range(3)]
    hand = slovenian_table_with_known_deal(users, {"auction_style": "simple"})
    room = hand.room
    for seat, action in [(0, "bid:three"), (1, "pass"), (2, "pass")]:
        hand = room.current_hand()
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    page = client_for(users[0]).get(f"/r/{room.code}/").content.decode()
    assert buttons(page) == {
        "pass": "Pass: klop is played",
        "bid:three": "Keep three",
        "bid:two": "Two",
        "bid:one": "One",
    }
    assert 'data-highest-bid="0"' in page


def test_an_announced_valat_takes_over_the_game_with_its_own_kontra_words():
    users = [UserFactory() for _ in range(3)]
    hand = slovenian_table_with_known_deal(users)
    room = hand.room
    script = [(1, "pass"), (2, "pass"), (0, "bid:two"), (0, "take:2"), (0, "discard:H4,D4")]
    script += [(0, "announce:trula"), (0, "announce:valat"), (0, "pass")]
    script += [(1, "kontra:valat"), (1, "pass"), (2, "pass")]
    for seat, action in script:
        hand = room.current_hand()
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    page = client_for(users[0]).get(f"/r/{room.code}/").content.decode()
    assert buttons(page) == {"pass": "Pass (no announcement)", "rekontra:valat": "Rekontra valat"}
    assert 'data-item="valat" data-item-side="declarer" data-kontra-level="1"' in page
    assert 'data-item="trula"' not in page  # cancelled by the valat (§7.2)


def test_slovenian_cards_have_slovenian_names_and_the_same_ids():
    users = [UserFactory() for _ in range(3)]
    room = slovenian_table_with_known_deal(users).room
    page = client_for(users[0]).get(f"/r/{room.code}/").content.decode()
    # A hand's button is named by the card's title (its visually hidden name), the face drawn.
    # Middlehand bids first, so forehand's cards say why they cannot be played (games.page.why_not).
    assert 'data-card="T22" title="Tarok XXII (Škis)&#10;It is not your turn"' in page
    assert "Tarok XXII (Škis)</span></button>" in page
    assert "Tarok XXI (Mond)</span></button>" in page
    page = client_for(users[1]).get(f"/r/{room.code}/").content.decode()
    assert "Tarok I (Pagat)</span></button>" in page
    assert "Skíz" not in page
    hungarian = full_table_with_known_deal([UserFactory() for _ in range(4)])  # T22 in seat 0's hand
    page = (
        client_for(hungarian.room.seats.get(index=0).user).get(f"/r/{hungarian.room.code}/").content.decode()
    )
    assert "Tarokk XXII (Skíz)</span></button>" in page and "Škis" not in page


def test_a_match_with_radelci_doubles_the_declarers_score_and_charges_the_unused_ones():
    users = [UserFactory() for _ in range(3)]
    hand = slovenian_table_with_known_deal(users, {"radelci": True, "match_hands": 2})
    room = hand.room

    def play_out(script: list[str]) -> None:
        for _ in range(120):
            hand = room.current_hand()
            if hand.is_over:
                return
            state = replay.current(hand)
            (seat,) = SLOVENIAN.to_act(state)
            action = script.pop(0) if script else SLOVENIAN.legal_actions(state, seat)[0]
            services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])

    play_out(["pass", "pass", "bid:klop"])  # klop: everyone gets a radelc
    client = client_for(users[0])
    page = client.get(f"/r/{room.code}/").content.decode()
    assert page.count('data-radelci="1"') == 3  # each seat's badge, after the hand
    assert "Radelci: You +1 · " in page
    hand = services.next_hand(room, users[0], 1)
    give_deal(hand, SLOVENIAN_HANDS, SLOVENIAN_TALON, hand.context_value().dealer)
    play_out(["pass", "pass", "bid:three"])  # forehand declares, holding a radelc
    data = client.get(f"/r/{room.code}/view.json").json()
    result = data["view"]["result"]
    names = [line["name"] for line in result["items"]]
    radelc = result["items"][names.index("radelc")]  # equal to the hand score above it (§10.6)
    above = result["items"][: names.index("radelc")]
    assert radelc["amount"] == sum(line["amount"] for line in above)
    assert result["value"] == 2 * radelc["amount"]
    match = data["match"]
    assert match["over"] and match["rows"][-1]["kind"] == "unused radelci"
    held = [n + change for n, change in zip(data["view"]["radelci"], result["radelci"], strict=True)]
    assert result["declarer"] == 1 and held[1] == (0 if result["game_winner"] == "declarer" else 1)
    assert match["rows"][-1]["payments"] == [-40 * n for n in held]  # each unused radelc costs 40
    assert match["radelci"] == [0, 0, 0]  # charged
    page = client.get(f"/r/{room.code}/").content.decode()
    assert 'data-item="radelc"' in page and "unused radelci" in page and 'data-match-over="true"' in page
    for seat in range(3):
        assert f'<td data-radelci-seat="{seat}">0</td>' in page


def test_staff_step_through_a_slovenian_hand():
    staff = StaffFactory()
    table = Table({"radelci": True})
    for seat, action in [(1, "pass"), (2, "pass"), (0, "bid:three"), (0, "take:2")]:
        hand = table.room.current_hand()
        services.submit_action(hand.pk, seat, action, hand.seq, actor=table.users[seat])
    hand = table.room.current_hand()
    for _ in range(120):
        state = replay.current(hand)
        if SLOVENIAN.is_over(state):
            break
        (seat,) = SLOVENIAN.to_act(state)
        legal = SLOVENIAN.legal_actions(state, seat)
        services.submit_action(hand.pk, seat, "pass" if "pass" in legal else legal[0], hand.seq)
        hand.refresh_from_db()
    client = client_for(staff)
    dealt = {c for h in hand.deal["hands"] for c in h} | set(hand.deal["talon"])
    for step in range(hand.seq + 1):
        page = client.get(f"/staff/hands/{hand.pk}/?step={step}").content.decode()
        assert f"Step {step} / {hand.seq}" in page
        if step == 0:
            assert dealt <= data_cards(page) and "Škis" in page
        if step == 4:  # the take: the groups face up, the second one taken
            assert 'data-talon-group="2" class="taken"' in page
    page = client.get(f"/staff/hands/{hand.pk}/").content.decode()
    assert 'class="receipt"' in page and "only the declarer scores" in page
    assert re.search(r"Three by [^<,]+, alone", page)  # the live table's result, the seat by name


@pytest.mark.parametrize("script", [THREE, KLOP], ids=["three", "klop"])
async def test_every_pushed_fragment_shows_each_viewer_only_what_it_may_see(script):
    from channels.db import database_sync_to_async

    from tests.web.sockets import connect, drain

    @database_sync_to_async
    def setup():
        users = [UserFactory() for _ in range(3)]
        return slovenian_table_with_known_deal(users, {"kontra_on_klop": True}).room, users

    @database_sync_to_async
    def move(actions: list[str]) -> tuple[bool, dict[int | None, set[str]], dict[str, Any]]:
        """The next move (scripted, else the first legal one); then what each viewer may not see."""
        hand = room.current_hand()
        state = replay.current(hand)
        (seat,) = SLOVENIAN.to_act(state)
        action = actions.pop(0) if actions else SLOVENIAN.legal_actions(state, seat)[0]
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
        hand = room.current_hand()
        full = SLOVENIAN.observe(replay.current(hand), EVERYONE)
        return hand.is_over, {s: hidden_from(hand, s) for s in (0, 1, 2, None)}, full

    room, users = await setup()
    viewers = {0: users[0], 1: users[1], 2: users[2], None: None}
    sockets = {seat: await connect(f"/ws/r/{room.code}/", user) for seat, user in viewers.items()}
    for socket in sockets.values():
        await drain(socket, quiet=0.1)
    actions, over, shown = list(script), False, dict.fromkeys(sockets, set())
    gifts = talon = 0
    while not over:
        over, hidden, full = await move(actions)
        for seat, socket in sockets.items():
            pushed = await socket.receive_from(timeout=5)  # every move changes every page
            cards = data_cards(pushed)
            assert not cards & hidden[seat], (seat, full["phase"], cards & hidden[seat])
            assert seat is not None or "data-action" not in pushed
            shown[seat] = shown[seat] | cards
        if full["talon_groups"] and not talon:  # the talon turned face up reaches everyone
            talon = sum(set(full["talon"]) <= shown[seat] for seat in sockets)
        gifts = max(gifts, len(full["klop_gifts"]))
    for socket in sockets.values():
        assert await drain(socket, quiet=0.1) == []
        await socket.disconnect()
    if script is THREE:
        assert talon == 4
    else:
        assert gifts == 6 and all({g["card"] for g in full["klop_gifts"]} <= shown[s] for s in sockets)


@pytest.mark.parametrize("level", ["random", "basic"])
def test_a_person_plays_slovenian_hands_with_robots_by_http(level):
    """Robots move inline (tests/web/conftest.py): each page the person loads is after the
    robots' moves, and it and the audience's show nothing they may not know."""
    user = UserFactory()
    client, audience = client_for(user), client_for(None)
    response = client.post("/rooms/new", {"variant": "slovenian3", "robots": 2, "robot_level": level})
    assert response.status_code == 302, response.content
    room = Room.objects.get()
    url = f"/r/{room.code}/"
    contracts, phases = [], set()
    for number in range(1, 4):
        for _ in range(150):
            hand = room.current_hand()
            for viewer, who in ((client, 0), (audience, None)):
                hidden = hidden_from(hand, who)
                assert not data_cards(viewer.get(url).content.decode()) & hidden
                assert not json_strings(viewer.get(url + "view.json").json()) & hidden
            data = client.get(url + "view.json").json()
            phases.add(data["phase"])
            if data["phase"] == "over":
                break
            assert data["legal"], (data["phase"], data["to_act"])
            legal = data["legal"]
            # Take part: name three when free to, announce trula, else pass or the first.
            action = next((a for a in ("bid:three", "announce:trula") if a in legal), None)
            action = action or ("pass" if "pass" in legal else legal[0])
            answer = client.post(url + "act", {"action": action, "seq": data["seq"]})
            assert answer.status_code == 200, answer.content
        contracts.append(data["view"]["result"]["contract"])
        assert client.post(url + "next", {"hand_no": number}).status_code == 200
    assert {"auction", "play", "over"} <= phases, phases


def test_a_turn_clock_plays_a_slovenian_hand_for_a_person_who_never_moves():
    from games.autoplay import clocks
    from games.models import HandAction

    user = UserFactory()
    room = services.create_room(user, "slovenian3", robots=0, turn_clock=60)
    with transaction.atomic():  # the robots (inline) move after it, on the written-out deal
        services.set_robot(room, user, 1, "basic")
        services.set_robot(room, user, 2, "basic")
        give_deal(room.current_hand(), EMPEROR_HANDS, EMPEROR_TALON, SLOVENIAN_DEALER)
    for _ in range(100):
        hand = room.current_hand()
        if hand.is_over:
            break
        assert hand.to_act == [0], hand.to_act  # the robots have moved up to the person's turn
        (clock,) = hand.clocks.all()
        assert clocks.fire_due(now=clock.deadline) == 1
    moves = list(HandAction.objects.filter(hand=hand, seat=0).values_list("robot", "action"))
    # The clock made the person's first three moves (a call in the auction first, whatever the
    # robots bid); three in a row made the seat away, and the basic robot played it on to the
    # last card without a clock.
    assert [robot for robot, _ in moves[:3]] == ["clock"] * 3
    assert moves[0][1].startswith(("bid:", "pass"))
    assert {robot for robot, _ in moves[3:]} == {"away"}
    assert any(action.startswith("play:") for _, action in moves[3:])
    assert room.seats.get(index=0).away and hand.is_over


@pytest.mark.parametrize(("review", "shown"), [("last", 0), ("all", 3)])
def test_the_completed_tricks_a_player_may_review(review, shown):
    users = [UserFactory() for _ in range(3)]
    room = slovenian_table_with_known_deal(users, {"trick_review": review}).room
    script = ["pass", "pass", "bid:klop"]
    while len(SLOVENIAN.observe(replay.current(room.current_hand()), EVERYONE)["tricks"]) < 3:
        hand = room.current_hand()
        state = replay.current(hand)
        (seat,) = SLOVENIAN.to_act(state)
        action = script.pop(0) if script else SLOVENIAN.legal_actions(state, seat)[0]
        services.submit_action(hand.pk, seat, action, hand.seq)
    page = client_for(None).get(f"/r/{room.code}/").content.decode()
    assert page.count("data-review-trick=") == shown
    assert 'id="trick-last"' in page


def test_a_wrong_take_or_discard_is_refused_with_its_reason_and_changes_nothing():
    users = [UserFactory() for _ in range(3)]
    room = slovenian_table_with_known_deal(users).room
    for seat, action in [(1, "pass"), (2, "pass"), (0, "bid:three")]:
        hand = room.current_hand()
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    declarer, other = client_for(users[0]), client_for(users[1])
    url = f"/r/{room.code}/"

    def refused(client, action: str, status: int = 422) -> str:  # 422: the rules say no
        before = room.current_hand().seq
        response = client.post(url + "act", {"action": action, "seq": before})
        assert response.status_code == status, response.content
        assert room.current_hand().seq == before
        return response.json()["error"]

    assert refused(declarer, "take:3") == "Choose a talon group from 1 to 2"
    assert refused(other, "take:1", 403) == "It is not your turn"
    assert refused(declarer, "discard:H3,H4,T10") == "You cannot discard now"
    declarer.post(url + "act", {"action": "take:1", "seq": room.current_hand().seq})
    assert refused(declarer, "discard:H3,H4") == "You must discard exactly 3 cards"
    assert refused(declarer, "discard:HK,H3,H4") == "Kings may not be discarded"
    assert refused(declarer, "discard:T22,H3,H4") == "The trula (škis, mond and pagat) may not be discarded"
    assert refused(declarer, "discard:T10,T11,H3") == (
        "You may discard a tarok only when you have no other card to discard"
    )
    assert refused(declarer, "discard:D4,H3,H4") == "You do not hold D4"
    # The htmx form gets the message as text, to show in the page's flash line.
    response = declarer.post(
        url + "act", {"action": "discard:HK,H3,H4", "seq": room.current_hand().seq}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422 and response.content.decode() == "Kings may not be discarded"


def test_a_bidder_who_may_not_pass_is_told_why():
    users = [UserFactory() for _ in range(3)]
    room = slovenian_table_with_known_deal(users).room
    for seat, action in [(1, "pass"), (2, "pass")]:
        hand = room.current_hand()
        services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    page = client_for(users[0]).get(f"/r/{room.code}/").content.decode()
    note = "Both others passed: name klop (everyone plays for themselves), three or a higher contract."
    assert note in page
    watcher = client_for(users[1]).get(f"/r/{room.code}/").content.decode()
    assert "Both others passed" not in watcher
