"""The words of the live partials: verbs agree with "You" (one filter, games.page.vocabulary),
counts with their nouns (one helper, games.rules.words), and the small defects each fixed
where it arose: chip balances, the empty result strip, the waiting table's link, the clock's
moves in the log, the Czech discards left, the receipt's "Won by"."""

from __future__ import annotations

import re

import pytest
from django.templatetags.static import static

from games import services
from games.autoplay import clocks
from games.models import HandAction
from games.page.controls import controls_for
from games.page.live_templates import render_live_template
from games.page.partials import LIVE_PARTIALS, render_partials
from games.page.vocabulary import agree, conjugate, you_form
from games.rules.words import plural
from tests.factories import UserFactory
from tests.helpers.turn_clocks import ALICE, alice_to_act, clock_of, drive
from tests.web.helpers import client_for


def rows(me: int | None = None, names=("Anna", "Béla", "Csaba", "Dóra")):
    return [{"index": i, "label": n, "is_me": i == me, "number": i + 1} for i, n in enumerate(names)]


def render(name: str, **context) -> str:
    """A live partial (as the pages render it, its kept parts too) or another template."""
    part = name.removesuffix(".html")
    if part in LIVE_PARTIALS:
        html = render_partials(context, [part])[part]
    else:
        html = render_live_template(name, context)
    return " ".join(html.split())


# --- one filter for "You", one helper for counts -------------------------------------------


@pytest.mark.parametrize(
    ("verb", "yours"),
    [
        ("cuts", "cut"),
        ("is", "are"),
        ("has", "have"),
        ("passes", "pass"),
        ("wishes", "wish"),
        ("chooses", "choose"),
        ("misses", "miss"),
        ("goes", "go"),
        ("carries", "carry"),
        ("leads", "lead"),
        ("plays", "play"),
    ],
)
def test_a_verb_agrees_with_you(verb, yours):
    assert you_form(verb) == yours
    assert conjugate("You", verb) == f"You {yours}"
    assert conjugate("Anna", verb) == f"Anna {verb}"


def test_counts_agree_with_their_nouns():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "radelc") == "1 radelc" and plural(3, "radelc") == "3 radelci"
    assert agree("You", "is announcing") == "are announcing"


def test_the_cutter_is_addressed_as_you_and_others_by_name():
    view = {"cutter": 0, "dealer": 1, "phase": "cut", "cut": None, "povinnost": None}
    assert "You cut, or knock and choose how to deal." in render(
        "_table_facts.html", view=view, seat_rows=rows(0)
    )
    assert "Anna cuts, or knocks and chooses how to deal." in render(
        "_table_facts.html", view=view, seat_rows=rows(None)
    )


def test_the_announcer_is_addressed_as_you():
    view = {
        "phase": "announce",
        "items": [{"item": "game", "side": "declarer", "seat": None, "level": 0}],
        "announce_turn": {"seat": 2, "calls": []},
    }
    assert "You are announcing" in render("_announcements.html", view=view, seat_rows=rows(2))
    assert "Csaba is announcing" in render("_announcements.html", view=view, seat_rows=rows(0))


def test_the_slovenian_declarer_is_discarding_in_agreement():
    view = {"talon_groups": [["T1"], ["T2"]], "talon_taken": 1, "discards": None, "declarer": 0}
    assert "You are discarding 1 card." in render(
        "_talon.html", view=view, seat_rows=rows(0, names=("A", "B", "C"))
    )
    assert "A is discarding 1 card." in render(
        "_talon.html", view=view, seat_rows=rows(1, names=("A", "B", "C"))
    )


def test_a_seat_with_one_card_and_one_trick_says_so_in_the_singular():
    seat_rows = [{**row, "cards": n, "tricks": n} for row, n in zip(rows(0), (1, 2, 0, 1), strict=True)]
    html = render("seats.html", seat_rows=seat_rows, room={"code": "abc"})
    assert html.count("1 card<") == 2 and "2 cards<" in html and "0 cards<" in html
    assert "1 cards" not in html and "1 tricks" not in html and "1 trick<" in html


def test_an_auction_without_calls_is_not_a_numbered_list():
    html = render("board.html", view={"auction": [], "phase": "auction"}, seat_rows=rows(0))
    assert '<p class="empty">No calls yet</p>' in html
    assert not re.search(r"<ol>\s*<li[^>]*>No calls yet", html)


# --- scores -------------------------------------------------------------------------------


def chips_match(totals, payments):
    return {
        "match_no": 1,
        "length": 0,
        "ends_by_itself": False,
        "end_above": None,
        "start_total": 100,
        "scored": 1,
        "over": False,
        "totals": totals,
        "rows": [
            {
                "number": 1,
                "contract": "prever",
                "declarer": 0,
                "payments": payments,
                "totals": totals,
                "resets": [],
            }
        ],
        "standings": [],
    }


def test_chip_balances_are_plain_numbers_and_only_a_hands_change_is_signed():
    match = chips_match([95, 105, 100, 100], [-5, 5, 0, 0])
    html = render("scoreboard.html", match=match, seat_rows=rows(0))
    assert "+95" not in html and "+105" not in html
    assert '<th data-total-seat="0">95</th>' in html and '<th data-total-seat="1">105</th>' in html
    assert '<th colspan="2">Chips</th>' in html
    assert '<span class="total">95</span> <small class="delta">(-5)</small>' in html
    assert '<span class="total">105</span> <small class="delta">(+5)</small>' in html


def test_there_is_no_result_strip_until_a_hand_has_a_result():
    empty = render("result.html", view={"result": None}, seat_rows=rows(0))
    assert empty.startswith('<section id="result"') and " hidden>" in empty
    assert " hidden" not in render(
        "result.html", view={"result": {"thrown_in": True, "payments": [0, 0, 0, 0]}}, seat_rows=rows(0)
    )


def test_the_receipt_names_the_side_that_wins_each_line():
    items = [
        {"name": "game", "side": "declarer", "base": 2, "multiplier": 1, "amount": 2},
        # The declarer side announced the trull and failed it: the opponents win the line.
        {"name": "trull", "side": "declarer", "base": 2, "multiplier": 2, "amount": -4, "announced": True},
        # The opponents made their pagát ultimó: theirs too.
        {"name": "pagát ultimó", "side": "opponents", "base": 10, "multiplier": 1, "amount": -10},
    ]
    r = {"items": items, "value": -12, "declarer": 0, "partner": 1}
    html = render("_receipt.html", r=r, seat_rows=rows(0), zero_sum=True)
    won_by = re.findall(r'<tr data-item="([^"]+)".*?data-won-by="(\w+)"', html)
    assert won_by == [("game", "declarer"), ("trull", "opponents"), ("pagát ultimó", "opponents")]


# --- the Czech discards left -----------------------------------------------------------------


def test_a_czech_discarder_sees_how_many_cards_are_left_to_discard():
    hand = ["HK", "H7", "H8", "S7", "S8", "C7", "C8", "D7", "D8", "T2", "T3", "T4", "T5", "T6", "T7", "T8"]
    view = {
        "variant": "czech",
        "phase": "discard",
        "hand": hand,
        "talon_received": [["T5", "T6", "T7", "T8"], None, None, None],
        "discards": [["S9"], None, None, None],
    }
    legal = [f"discard:{c}" for c in hand if c != "HK"]
    controls = controls_for(view, legal, 0)
    assert controls["discard"]["left"] == 3
    html = render("controls.html", controls=controls, view=view, me=0, room={"code": "abc"}, seq=7)
    assert "Choose 1 card to discard, one at a time:" in html
    assert '<strong class="discard-total" data-discard-total="3">choose 3 more</strong>' in html


def test_a_discard_of_several_cards_at_once_needs_no_running_count():
    received = [["H3", "H2"], None, None, None]
    view = {"variant": "hungarian", "phase": "discard", "hand": ["H1", "H2", "H3"]}
    view.update(talon_received=received, discards=[None, None, None, None])
    controls = controls_for(view, ["discard:H1,H2", "discard:H1,H3", "discard:H2,H3"], 0)
    assert controls["discard"]["left"] == 2
    html = render("controls.html", controls=controls, view=view, me=0, room={"code": "abc"}, seq=7)
    assert "Choose 2 cards to discard (" in html and "discard-total" not in html


# --- the waiting table ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_waiting_table_shows_its_link_to_share_with_a_copy_button():
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", 1)  # two seats wait for friends
    for client in (client_for(owner), client_for(None)):
        page = client.get(f"/r/{room.code}/").content.decode()
        status = re.search(r'<div id="status".*?</div>', page, re.S).group(0)
        assert "Send this link to the friends you play with" in status
        assert f'data-share-link="/join/{room.code}/"' in status and "data-copy-link" in status
        assert "onclick" not in status and "<script" not in page.split("</head>")[1]
    assert f'src="{static("js/share.js")}"' in page


@pytest.mark.django_db
def test_a_full_table_shows_no_link_to_share():
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", 3)
    assert "data-share-link" not in client_for(owner).get(f"/r/{room.code}/").content.decode()


# --- the clock's moves in the log -----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_log_says_the_clock_moved_for_a_player_whose_time_ran_out(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    assert clocks.fire_due(now=clock_of(hand, ALICE).deadline) == 1
    move = HandAction.objects.get(hand=hand, robot="clock")
    assert move.seat == ALICE and move.actor is None
    mine = client_for(alice).get(f"/r/{room.code}/").content.decode()
    theirs = client_for(bob).get(f"/r/{room.code}/").content.decode()
    line = re.compile(
        r'<li id="log-\d+" class="automatic" data-automatic="clock"><span class="who">The clock</span> '
        r"(.+?) for (\S+) <small>\(time ran out\)</small></li>"
    )
    (made_for_me,) = line.findall(mine)
    (made_for_her,) = line.findall(theirs)
    assert made_for_me[1] == "you" and made_for_her[1] == alice.username
    assert made_for_me[0] == made_for_her[0]  # "passes", "plays XXI": the clock's words, not "You pass"
    assert f'<span class="who">You</span> {made_for_me[0]}' not in mine
