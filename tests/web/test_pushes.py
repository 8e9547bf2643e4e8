"""What the room websocket sends: after a change only the partials whose HTML changed (a
snapshot on connect and on "resync"), one render per change shared by the watchers, the
table's rows read once per change, and the same HTML the templates give."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.template import engines
from django.test.utils import CaptureQueriesContext

from games import services
from games.live import consumers, push_diff, render_digests
from games.page import kept_renders
from games.page.context import room_context
from games.page.live_templates import render_live_template
from games.page.partials import LIVE_PARTIALS, render_partials
from games.rules import AUDIENCE
from games.tables import seating
from tests.factories import UserFactory
from tests.helpers.views_alone import alone, strict
from tests.web.helpers import client_for, data_cards, hidden_from, play_until_over
from tests.web.page_model import apply, apply_whole, shell, top_level
from tests.web.sockets import connect, drain

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_shared_renders():
    # Primary keys are reused between tests: no render of another test's room may be found.
    seating.forget_all()
    push_diff._shared_renders.clear()


FRAGMENT = re.compile(r'<(?:div|ol|section) id="([\w-]+)"[^>]*data-version="(\d+)"')


def fragments(html: str) -> dict[str, int]:
    """The live partials in a message, with the version each carries."""
    return {name: int(v) for name, v in FRAGMENT.findall(html) if name in LIVE_PARTIALS}


def version_of(room) -> int:
    hand = room.current_hand()
    return hand.number * 1_000_000 + hand.seq


def first_bid_then_pass(legal: list[str]) -> str:
    """Bid when nobody has yet (so the hand is played, not thrown in), else pass or the first."""
    bids = [a for a in legal if a.startswith("bid:")]
    if bids and "hold" not in legal:
        return bids[-1]
    return "pass" if "pass" in legal else legal[0]


@database_sync_to_async
def hidden(room, seat):
    return hidden_from(room.current_hand(), seat)


@database_sync_to_async
def four_people():
    users = [UserFactory(username=f"player{i}") for i in range(4)]
    room = services.create_room(users[0], "hungarian", robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    return room, users


@database_sync_to_async
def one_move(room, users) -> int:
    """The seat to act moves (one change, no robots); the new version."""
    from games.rules import get_variant
    from games.services import replay

    hand = room.current_hand()
    seat = hand.to_act[0]
    legal = get_variant(hand.variant).legal_actions(replay.current(hand), seat)
    services.submit_action(hand.pk, seat, first_bid_then_pass(legal), hand.seq, actor=users[seat])
    return version_of(room)


async def test_a_push_sends_only_the_partials_that_changed():
    room, users = await four_people()
    seat0 = await connect(f"/ws/r/{room.code}/", users[0])
    stranger = await database_sync_to_async(UserFactory)(username="stranger")
    watcher = await connect(f"/ws/r/{room.code}/", stranger)
    for socket in (seat0, watcher):
        (snapshot,) = await drain(socket)
        assert set(fragments(snapshot)) == set(LIVE_PARTIALS)

    version = await one_move(room, users)
    for socket in (seat0, watcher):
        (push,) = await drain(socket)  # one change, one message
        sent = fragments(push)
        assert "status" in sent
        # Of the seats and the log, only what changed: the seats whose flags changed, the new line.
        assert not {"seats", "log"} & set(sent)
        ids = [element.attrs.get("id") or "" for element, _html in top_level(push)]
        assert 1 <= sum(ident.startswith("seat-") for ident in ids) <= 2
        assert push.count('<ol hx-swap-oob="afterbegin:#log-lines"><li id="log-') == 1
        # Nothing was scored and the watcher's own panels stay as they were.
        assert not {"result", "scoreboard"} & set(sent)
        assert set(sent.values()) == {version}
    for socket in (seat0, watcher):
        await socket.disconnect()


async def test_a_watcher_gets_no_hand_or_controls_after_the_first_snapshot():
    room, users = await four_people()
    watcher = await connect(f"/ws/r/{room.code}/", None)
    await drain(watcher)
    for _ in range(3):
        await one_move(room, users)
        (push,) = await drain(watcher)
        assert not {"hand", "controls", "result", "scoreboard"} & set(fragments(push))
    await watcher.disconnect()


async def test_connecting_and_resync_send_every_partial():
    room, users = await four_people()
    seat0 = await connect(f"/ws/r/{room.code}/", users[0])
    await drain(seat0)
    await one_move(room, users)
    await drain(seat0)
    version = await one_move(room, users)
    await drain(seat0)

    await seat0.send_to(text_data="resync")
    (snapshot,) = await drain(seat0)
    assert fragments(snapshot) == dict.fromkeys(LIVE_PARTIALS, version)
    await seat0.disconnect()

    again = await connect(f"/ws/r/{room.code}/", users[0])  # a reconnect is a new consumer
    (snapshot,) = await drain(again)
    assert fragments(snapshot) == dict.fromkeys(LIVE_PARTIALS, version)
    assert not data_cards(snapshot) & await hidden(room, 0)
    await again.disconnect()


async def test_watchers_share_one_render_and_get_the_same_html(monkeypatch):
    room, users = await four_people()
    renders = []

    class CountingLive(push_diff.Live):
        def __init__(self, context):
            super().__init__(context)
            renders.append(context["me"])

    monkeypatch.setattr(push_diff, "Live", CountingLive)
    w1 = await database_sync_to_async(UserFactory)(username="watcher1")
    w2 = await database_sync_to_async(UserFactory)(username="watcher2")
    sockets = [
        await connect(f"/ws/r/{room.code}/", users[0]),
        await connect(f"/ws/r/{room.code}/", w1),
        await connect(f"/ws/r/{room.code}/", w2),
        await connect(f"/ws/r/{room.code}/", AnonymousUser()),
    ]
    for socket in sockets:
        await drain(socket)
    renders.clear()

    await one_move(room, users)
    pushes = [await drain(socket) for socket in sockets]
    # Seat 0 its own; the logged-in watchers one; the anonymous one (its key differs).
    assert sorted(renders, key=str) == [0, None, None]
    assert pushes[1] == pushes[2] and len(pushes[1]) == 1
    assert fragments(pushes[1][0]) == fragments(pushes[3][0])
    assert pushes[1][0] == pushes[3][0]  # a full table: nothing differs for the guest either
    assert not data_cards(pushes[1][0]) & await hidden(room, None)
    for socket in sockets:
        await socket.disconnect()


async def test_the_actors_page_gets_its_move_by_the_push_after_a_204():
    room, users = await four_people()
    hand = await database_sync_to_async(room.current_hand)()
    actor = users[hand.to_act[0]]
    page = await connect(f"/ws/r/{room.code}/", actor)
    await drain(page)

    client = await database_sync_to_async(client_for)(actor)
    response = await database_sync_to_async(client.post)(
        f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204
    (push,) = await drain(page)
    assert fragments(push)["status"] == hand.number * 1_000_000 + hand.seq + 1

    refused = await database_sync_to_async(client.post)(
        f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code >= 400 and refused["Content-Type"].startswith("text/plain")
    assert await drain(page) == []  # nothing changed, nothing pushed
    await page.disconnect()


# --- the consumer's render, called directly (sync) ----------------------------------------


def consumer_for(room, user) -> consumers.RoomConsumer:
    consumer = consumers.RoomConsumer()
    consumer.scope = {"user": user}
    consumer.room_id = room.pk
    consumer.shown = push_diff.Shown()
    return consumer


def _play_hands(room, user, count: int) -> None:
    client = client_for(user)
    for _ in range(count):
        view = play_until_over(room, user, client, pick=first_bid_then_pass)
        assert client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200


def test_a_change_reads_the_table_once_whatever_the_length_of_the_match():
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", robots=3)
    viewers = [owner, AnonymousUser(), UserFactory(), AnonymousUser()]
    counts = []
    for hands in (0, 3):
        _play_hands(room, owner, hands)
        pages_ = [consumer_for(room, user) for user in viewers]
        for consumer in pages_:
            consumer._render(None, True)
        change = f"change-{hands}"
        per_page = []
        for consumer in pages_:
            with CaptureQueriesContext(connection) as queries:
                consumer._render(change, False)
            per_page.append(len(queries))
        counts.append(per_page)
    # The first page loads the room, its current hand and the seats (the match was read for
    # this hand by the snapshots: matches.shown_match); the others reuse them; three
    # finished hands in the match add no query.
    assert counts[0] == counts[1] == [3, 0, 0, 0]


def test_the_stable_partials_read_nothing_but_their_inputs():
    """``render_digests.stable_inputs`` lets a push skip the result, the review and the scoreboard
    while their inputs are unchanged: each renders the same from those inputs alone."""
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", robots=3)
    client = client_for(owner)
    seen = set()

    def check() -> None:
        for user in (owner, AnonymousUser()):
            context = room_context(room, user)
            full = render_partials(context, ["result", "review", "scoreboard"])
            rows = [{k: row[k] for k in ("index", "label", "is_me")} for row in context["seat_rows"]]
            alone = {
                "match": context["match"],
                "view": {"result": context["view"]["result"], "review": context["view"]["review"]},
                "seat_rows": rows,
                "version": context["version"],
                "hand_paths": context["hand_paths"],
                # Constants of the page and the room, not inputs: the reasons' keys, the game.
                "result_codes": context["result_codes"],
                "variant_key": context["variant_key"],
            }
            assert render_partials(alone, ["result", "review", "scoreboard"]) == full
            marks = {"result": "<h2>Result", "review": 'id="review-hand"', "rows": "data-row="}
            seen.update(k for k, v in marks.items() if v in str(full))

    for _ in range(3):
        check()
        view = play_until_over(room, owner, client, pick=first_bid_then_pass)
        check()
        assert client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200
    assert seen == {"result", "review", "rows"}


def test_a_hand_that_ends_pushes_its_result_and_the_scoreboard():
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", robots=3)
    page = consumer_for(room, owner)
    page._render(None, True)
    play_until_over(room, owner, client_for(owner), pick=first_bid_then_pass)
    sent = fragments(page._render("the-end", False))
    assert {"status", "result", "review", "scoreboard"} <= set(sent)
    assert fragments(page._render("again", False)) == {}  # nothing new since


def test_an_older_render_than_the_page_shows_sends_nothing():
    owner = UserFactory()
    room = services.create_room(owner, "hungarian", robots=3)
    context = room_context(room, owner)
    shown = push_diff.Shown()
    assert fragments(shown.news(push_diff.Live(context), full=True))
    newer = dict(context, version=context["version"] + 1)
    assert set(fragments(shown.news(push_diff.Live(newer)))) == set()  # the same HTML
    assert shown.version == context["version"] + 1
    assert shown.news(push_diff.Live(context)) == ""
    assert shown.version == context["version"] + 1
    assert set(fragments(shown.news(push_diff.Live(context), full=True))) == set(LIVE_PARTIALS)


@pytest.mark.game_pages
@pytest.mark.parametrize("variant", ["hungarian", "czech"])
def test_the_live_partials_escape_what_players_type_and_show_them_as_the_page_does(variant):
    """The live partials are Jinja2 templates (tarokk_site/jinja2.py): names a player chose
    come out escaped in every one of them, for every viewer, at every step of a hand, and
    the room page holds exactly the HTML a push sends."""
    users = [UserFactory(username=f"<i>p{i}</i>&\"'") for i in range(4)]
    room = services.create_room(users[0], variant, robots=0)
    for index in (1, 2, 3):
        services.sit(room, users[index], index)
    clients = [client_for(u) for u in users]
    rng = random.Random(7)
    escaped = 0
    for _ in range(300):
        for user, client in zip([*users, AnonymousUser()], [*clients, client_for(None)], strict=True):
            live = render_partials(room_context(room, user))
            for name, html in live.items():
                assert "<i>" not in html and "</i>" not in html, name
                escaped += html.count("&lt;i&gt;p")
            page = client.get(f"/r/{room.code}/").content.decode()
            for name in LIVE_PARTIALS:
                assert live[name] in page, name
        view = clients[0].get(f"/r/{room.code}/view.json").json()
        if view["phase"] == "over":
            break
        seat = view["to_act"][0] if view["to_act"] else None
        if seat is None:  # a private decision: whoever it is knows from its own view
            views = [c.get(f"/r/{room.code}/view.json").json() for c in clients]
            seat = next(i for i, v in enumerate(views) if v["legal"])
        mine = clients[seat].get(f"/r/{room.code}/view.json").json()
        move = {"action": rng.choice(mine["legal"]), "seq": mine["seq"]}
        response = clients[seat].post(f"/r/{room.code}/act", move)
        assert response.status_code == 200
    assert view["phase"] == "over" and escaped > 100


OLD_LOG_LOOP = (
    '{% load tarokk %}{% for e in view.log reversed %}<li id="log-{{ forloop.revcounter0 }}">'
    "{% if e.seat is not None %}"
    '{% with who=e.seat|seat_name:seat_rows %}<span class="who">{{ who }}</span> {{ e.text|log_text:who }}'
    "{% endwith %}{% else %}{{ e.text|log_text }}{% endif %}</li>{% endfor %}"
)


OLD_TRICK_LOOP = (
    '{% for t in view.tricks %}<li data-review-trick="{{ loop.index }}">{% for p in t.cards %}'
    '<span class="who small">{{ p.seat|seat_name(seat_rows) }}</span>{{ p.card|card_html }}{% endfor %}'
    "<small>{% trans who=t.winner|seat_name(seat_rows) %}won by {{ who }}{% endtrans %}</small></li>"
    "{% endfor %}"
)


@pytest.mark.parametrize("language", ["en", "hu", "cs", "sl"])
def test_the_review_tricks_are_the_html_of_the_template_loop_they_replace(language):
    """``trick_items`` (the board's review of the completed tricks, built in Python) writes what
    the Jinja2 loop it replaced wrote: names escaped, "you" for the viewer, a seat without a row
    by its number, in the viewer's language."""
    from django.utils import translation

    env = engines["jinja2"].env
    rows = [
        {"index": 0, "label": "<b>Ann</b>", "is_me": True},
        {"index": 1, "label": 'Bob & "co"', "is_me": False},
        {"index": 2, "label": "Cy", "is_me": False},
    ]
    tricks = [
        {
            "cards": [{"seat": 0, "card": "T21"}, {"seat": 1, "card": "H1"}, {"seat": 3, "card": "SK"}],
            "winner": 3,
        },
        {"cards": [{"seat": 2, "card": "D2"}, {"seat": 0, "card": "T1"}], "winner": 0},
    ]
    context = {"view": {"tricks": tricks}, "seat_rows": rows}
    with translation.override(language):
        old = env.from_string(OLD_TRICK_LOOP).render(context)
        new = env.from_string("{{ view.tricks|trick_items(seat_rows) }}").render(context)
    assert new == old
    assert "<b>" not in new and "Bob &amp; &#34;co&#34;" in new and 'data-review-trick="2"' in new


def test_the_log_names_the_cards_as_its_game_does():
    """The log's lines name a card by its game's name for it (the Škýz in Czech, the Škis in
    Slovenian), on the page and in every push (both through render_partials)."""
    rows = [{"index": 0, "label": "Anna", "is_me": False}]
    named = {"hungarian": "Skíz", "czech": "Škýz", "slovenian3": "Škis"}
    for variant, name in named.items():
        context = {
            "view": {"log": [{"seat": 0, "text": "T22 wins"}]},
            "seat_rows": rows,
            "variant_key": variant,
        }
        log = render_partials(context, ["log"])["log"]
        assert f"{name} wins" in log and not {*named.values()} - {name} & {
            w for w in named.values() if w in log
        }


def test_the_log_items_are_the_html_of_the_template_loop_they_replace():
    from django.template import Context, Template

    loop = Template(OLD_LOG_LOOP)
    owner = UserFactory(username="<b>owner</b>")
    room = services.create_room(owner, "hungarian", robots=3)
    client = client_for(owner)
    checked = 0
    for _ in range(60):
        view = client.get(f"/r/{room.code}/view.json").json()
        for user in (owner, AnonymousUser()):
            context = room_context(room, user)
            expected = loop.render(Context(context))
            assert render_partials(context, ["log"])["log"].count("<li ") == expected.count("<li ")
            assert f'<ol reversed id="log-lines">{expected}</ol>' in render_partials(context, ["log"])["log"]
            checked += 1
        if view["phase"] == "over":
            if checked > 10:
                break
            # A hand thrown in after a few calls: deal another for a longer log.
            client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]})
            continue
        client.post(f"/r/{room.code}/act", {"action": first_bid_then_pass(view["legal"]), "seq": view["seq"]})
    odd = {
        "view": {"log": [{"seat": None, "text": "dealt <&>"}, {"seat": 0, "text": 'a "b"'}, {"text": "x"}]},
        "seat_rows": [{"index": 0, "label": "<i>", "is_me": False}],
    }
    assert render_partials(odd, ["log"])["log"].count("<li ") == 3
    assert (
        f'<ol reversed id="log-lines">{loop.render(Context(odd))}</ol>'
        in render_partials(odd, ["log"])["log"]
    )
    assert checked > 10


@database_sync_to_async
def czech_table_at_contra():
    """Four people at a Czech table, played (everyone passing, the cutter cutting) up to the
    first private contra offer."""
    from games.rules import get_variant
    from games.services import replay

    users = [UserFactory(username=f"czech{i}") for i in range(4)]
    room = services.create_room(users[0], "czech", robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    variant = get_variant("czech")
    for _ in range(200):
        hand = room.current_hand()
        state = replay.current(hand)
        # The true phase: the stored one is public, and shows an I-on-the-end offer as "contra".
        if variant.observe(state, "everyone")["phase"] == "contra":
            return room, users, hand.to_act[0]
        (seat,) = variant.to_act(state)
        legal = variant.legal_actions(state, seat)
        services.submit_action(hand.pk, seat, "pass" if "pass" in legal else legal[0], hand.seq)
    raise AssertionError("no contra offer came")


async def test_a_declined_czech_offer_is_pushed_to_nobody_but_the_decider():
    room, users, decider = await czech_table_at_contra()
    others = [seat for seat in range(4) if seat != decider]
    sockets = {seat: await connect(f"/ws/r/{room.code}/", users[seat]) for seat in range(4)}
    watcher = await connect(f"/ws/r/{room.code}/", None)
    for socket in (*sockets.values(), watcher):
        await socket.receive_from(timeout=10)  # the snapshot on connecting
        await drain(socket)
    hand = await database_sync_to_async(room.current_hand)()
    await database_sync_to_async(services.submit_action)(
        hand.pk, decider, "pass", hand.seq, actor=users[decider]
    )
    hand = await database_sync_to_async(room.current_hand)()
    if hand.phase == "contra":  # the next offer is private too: it changes no other page
        for seat in others:
            if seat not in hand.to_act:
                assert await drain(sockets[seat]) == [], seat
        assert await drain(watcher) == []
    # The decider's own page loses its buttons.
    mine = await sockets[decider].receive_from(timeout=10)
    assert 'data-action="contra"' not in mine
    for socket in (*sockets.values(), watcher):
        await socket.disconnect()


def test_pushed_controls_need_no_csrf_token_and_know_who_they_are_for():
    """A push renders without a request: its controls post by htmx (which sends the page's
    CSRF token) and still know whether the watcher is logged in."""
    owner, stranger = UserFactory(), UserFactory()
    room = services.create_room(owner, "hungarian", robots=2)  # one seat free: no hand yet

    def controls(user, partial: str = "controls") -> str:
        return render_partials(room_context(room, user), [partial])[partial]

    mine = controls(owner, "seats")  # "Leave" is on your own seat at the table
    assert f'hx-post="/r/{room.code}/leave"' in mine and "csrfmiddlewaretoken" not in mine
    assert 'id="guest-to-sit"' not in controls(stranger)  # logged in: no guest button
    anonymous = controls(AnonymousUser())
    assert 'id="guest-to-sit"' in anonymous and "csrfmiddlewaretoken" not in anonymous
    guest = client_for(None).post("/accounts/guest/", {"next": f"/r/{room.code}/"}, HTTP_HX_REQUEST="true")
    assert guest.status_code == 204 and guest["HX-Redirect"] == f"/r/{room.code}/"
    friend = client_for(owner).post(f"/r/{room.code}/leave", HTTP_HX_REQUEST="true")
    assert friend.status_code == 204 and friend["HX-Redirect"] == f"/r/{room.code}/"


# --- the digests of the moving partials: a page that skips shows what one that renders all shows


DATA_VERSION = re.compile(r' data-version="\d+"')


class EveryPartial(push_diff.Live):
    """A Live without digests: every partial rendered at every push."""

    def __init__(self, context):
        super().__init__(context)
        self.inputs = {}


@pytest.mark.game_pages
@pytest.mark.parametrize("variant", ["hungarian", "czech", "slovenian3", "bridge"])
def test_a_page_skipping_partials_by_their_inputs_shows_what_rendering_every_one_shows(variant):
    """After every move of whole random hands, for every seat and the audience (a watcher, and an
    anonymous one in Hungarian), the partials a page holds from pushes that skip by ``Live.inputs`` are those
    that rendering every partial gives, and those a page rendering every partial holds; and
    wherever two renders have the same inputs (any viewer, any move, any
    language), they are the same HTML. The board's facts, kept in the process by their inputs
    (``kept_renders.board_facts``), are at every move those rendered afresh."""
    from django.utils import translation

    from games.rules import get_variant
    from games.services import replay

    rng = random.Random(f"digests-{variant}")
    people = [UserFactory(username=f"{variant[:4]}{i}") for i in range(4)]
    room = services.create_room(people[0], variant, robots=0)
    seats = len(room.seats.all())
    for seat in range(1, seats):
        services.sit(room, people[seat], seat)
    viewers = [(people[i], "en") for i in range(seats)] + [(UserFactory(), "en"), (AnonymousUser(), "hu")]
    shown = [(push_diff.Shown(), push_diff.Shown()) for _ in viewers]
    held: list[tuple[dict[str, str], dict[str, str]]] = [({}, {}) for _ in viewers]
    skipped = 0
    renders: dict[tuple[str, bytes], str] = {}
    facts_seen: set[str] = set()
    statuses_seen: set[str] = set()
    hands_seen: set[str] = set()
    scored: set[int] = set()

    sent_alone: Counter[str] = Counter()  # the parts of partials sent alone, by kind

    def push(full: bool) -> None:
        nonlocal skipped
        room.refresh_from_db()
        for (user, language), pair, (page, reference) in zip(viewers, shown, held, strict=True):
            skipping, rendering = pair
            with translation.override(language):
                context = room_context(room, user)
                live = push_diff.Live(context)
                for element in apply(page, skipping.news(live, full)):
                    ident, oob = element.attrs.get("id") or "", element.attrs.get("hx-swap-oob") or ""
                    line = ident.startswith("log-")
                    kind = "seat" if ident.startswith("seat-") else "log-line" if line else ident or oob
                    sent_alone[kind] += 1
                apply_whole(reference, rendering.news(EveryPartial(context), full))
                rendered = render_partials(context)
                everything = {n: DATA_VERSION.sub("", h).strip() for n, h in rendered.items()}
            assert page == reference == everything, (variant, user, language)
            # The board's facts, kept by what they read, are those rendered afresh.
            with translation.override(language):
                kept = kept_renders.board_facts(context)
                if context["view"] and "stack" not in context["view"]:
                    assert kept == render_live_template("_board_facts.html", context), (variant, user)
                    facts_seen.add(kept)
                # The status line, kept without its two numbers, is the one rendered afresh.
                kept = kept_renders.status(context)
                assert kept == render_live_template("status.html", context), (variant, user)
                statuses_seen.add(DATA_VERSION.sub("", kept))
                fresh = [kept_renders._render_seat(context, row, pos) for row, pos in seat_places(context)]
                assert kept_renders.seat_items(context) == fresh, (variant, user)
                # The hand's cards, kept without the move number, are those rendered afresh, and
                # the hand given them is the one that renders each card itself.
                fresh = [
                    render_live_template("_hand_card.html", {**context, "c": card})
                    for card in context["hand_cards"]
                ]
                assert kept_renders.hand_items(context) == fresh, (variant, user)
                whole = render_live_template("hand.html", context)
                assert render_partials(context, ["hand"])["hand"] == whole, (variant, user)
                hands_seen.add(DATA_VERSION.sub("", whole))
                rows = (context["match"] or {}).get("rows") or []
                fresh = [
                    kept_renders._render_score_row(context, row, index) for index, row in enumerate(rows)
                ]
                assert kept_renders.score_rows(context) == fresh, (variant, user)
                # The scoreboard given its kept rows is the one that renders them itself.
                whole = render_live_template("scoreboard.html", context)
                assert render_partials(context, ["scoreboard"])["scoreboard"] == whole
                scored.add(len(rows))
            # The same inputs render the same, for every viewer at every move of both hands.
            # (An outer partial's inputs say all of it but the partial inside it, pushed alone.)
            for name, inputs in live.inputs.items():
                html = shell(name, everything[name])
                assert renders.setdefault((name, inputs), html) == html, name
            skipped += len(LIVE_PARTIALS) - len(live._parts)
        # Nothing the pages did changed a view they read: a view is read-only below its top
        # level (ARCHITECTURE.md), its nested parts shared by every viewer of the state the
        # pages share (replay's cache), which still gives each the view built for it alone.
        hand = room.current_hand()
        state = replay.current(hand)
        for viewer in [*range(seats), AUDIENCE]:
            shared = get_variant(variant).observe(state, viewer)
            assert strict(shared) == strict(alone(variant, state, viewer)), (variant, viewer)

    push(True)
    hands = 0
    for _ in range(2000):
        hand = room.current_hand()
        if hand.is_over:
            hands += 1
            if hands == 2:
                break
            services.next_hand(room, people[0], hand.number)
        else:
            rules = get_variant(hand.variant)
            state = replay.current(hand)
            seat = hand.to_act[0]
            legal = rules.legal_actions(state, seat)
            services.submit_action(hand.pk, seat, rng.choice(legal), hand.seq, actor=people[seat])
        push(False)
    assert hands == 2
    assert skipped  # the digests do spare renders
    # Most cards played change the board's centre alone, a seat or two, and add a line to the log.
    assert sent_alone["centre"] > 10 and sent_alone["seat"] > 10, sent_alone
    assert sent_alone["afterbegin:#log-lines"] > 10, sent_alone
    # A tarot log names the cards of the last trick only: the older lines change, one by one; and
    # the facts of the tricks go alone (here the Slovenian hands ended in a few tricks).
    if variant in ("czech", "hungarian"):
        assert sent_alone["log-line"] > 10 and sent_alone["trick-last"] > 10, sent_alone
    assert variant == "bridge" or len(facts_seen) > 10  # the facts did change along the hands
    assert len(statuses_seen) > 10
    assert len(hands_seen) > 10
    # The rows did grow: to two hands, unless the first hand ended the match (a Bridge total past
    # its end) and the second began a new one, or Slovenian's radelci row stands in for a hand.
    new_match = room.current_hand().match_no > 1
    assert scored == {0, 1, 2} or ((new_match or variant == "slovenian3") and scored >= {0, 1})


def seat_places(context):
    """Each seat row with its place on the page, as live/seats.html lays them out."""
    rows, me = context["seat_rows"], context["me"]
    return [(row, (row["index"] - (me or 0)) % len(rows)) for row in rows]


def read_by(template: str) -> tuple[set[str], dict[str, set[str]]]:
    """The names of the context ``live/<template>`` and the templates it includes read, and
    by name the attributes they read of it (``view.phase``)."""
    from jinja2 import meta, nodes

    env = engines["jinja2"].env
    read: set[str] = set()
    stored: set[str] = set()  # set by one of these templates (an include sees its includer's)
    attributes: dict[str, set[str]] = {}
    names = [template]
    while names:
        name = names.pop()
        parsed = env.parse(env.loader.get_source(env, f"live/{name}")[0])
        read |= meta.find_undeclared_variables(parsed)
        stored |= {n.name for n in parsed.find_all(nodes.Name) if n.ctx in ("store", "param")}
        for n in parsed.find_all(nodes.Getattr):
            if isinstance(n.node, nodes.Name):
                attributes.setdefault(n.node.name, set()).add(n.attr)
        names += [ref.removeprefix("live/") for ref in meta.find_referenced_templates(parsed)]
    return read - stored - set(env.globals), attributes


def test_the_kept_parts_of_the_partials_read_nothing_of_the_context_but_their_inputs():
    """``kept_renders.board_facts`` keeps each part of the facts by the view's keys it reads, the
    seats' names, the viewer's seat, the game and the language, and ``kept_renders.seat_items``
    each seat by its row, its place, the bidding, the room's code and the viewer's buttons: the
    templates read no other name of the context (and the values of the view's keys are checked by
    the random hands above)."""
    from games.page.view_reads import view_keys

    for part in kept_renders.FACTS_PARTS:
        read, attributes = read_by(part)
        assert read <= {"view", "seat_rows", "me"}, part
        # The part is kept by the keys of the view it reads: all those read as attributes.
        assert view_keys(part) is not None and attributes["view"] <= set(view_keys(part)), part
    # The status line is kept by all it reads but ``seq`` and ``version`` (kept_renders.status), and
    # rendered every time while there is no hand (live/_share.html reads the room).
    read, attributes = read_by("status.html")
    share = read_by("_share.html")[0]
    kept = {"view", "me", "oob", "removed_me", "hand", "seat_rows", "match", "bridge", "phase_label"}
    assert read - share == kept | {"seq", "version"}
    assert (attributes["hand"], attributes["match"], attributes["bridge"]) == (
        {"number"},
        {"over", "next_dealer"},
        {"phase_label"},
    )
    # The parts are what live/_board_facts.html shows, and the trick history (which changes with
    # every trick) is not among the keys of the facts settled before play.
    assert read_by("_board_facts.html")[0] == {"view", "seat_rows", "me"}
    assert {"last_trick", "tricks"} <= set(view_keys("_facts_tricks.html"))
    moving = {"last_trick", "tricks", "trick", "hand", "to_act", "log"}
    assert not moving & set(view_keys("_facts_settled.html"))
    # A scoreboard row is kept by the row, its place, the match's links and columns, the seats'
    # names and whether the game is Bridge (kept_renders.score_rows).
    read, attributes = read_by("_score_row.html")
    assert read == {"row", "index", "match", "seat_rows", "bridge", "result_codes"}  # the last a constant
    assert attributes["match"] == {"first_hand", "table", "dealer_sits_out", "reset_at"}
    read, attributes = read_by("_seat.html")
    # robot_level_names: a constant; replay: a replay's seats have no buttons (games.history.viewer).
    buttons = {"is_host", "can_sit", "removable", "robot_levels", "robot_level_names", "replay"}
    assert read == {
        "s",
        "pos",
        "view",
        "room",
        "counts",
        *buttons,
    }  # counts: given by kept_renders.seat_items
    assert read_by("_seat_counts.html") == ({"s"}, {"s": {"cards", "tricks"}})
    assert attributes["view"] == {"auction", "contract", "phase"}
    assert attributes["room"] == {"code"}
    # A card of the hand is kept by its row, whether the seat is discarding, the game and the
    # language; the move number is put in (kept_renders.hand_items).
    read, attributes = read_by("_hand_card.html")
    assert read == {"c", "controls", "seq"}
    assert attributes["controls"] == {"discard"}


def test_an_input_that_changes_a_moving_partial_changes_its_digest():
    """What random hands seldom reach (a match the players may end, a free seat, an anonymous
    visitor, a guided or daily table, Bridge's prompt, another language): changed alone, each
    input that changes the HTML of ``hand``, ``controls``, ``guide`` or the board (but its centre)
    changes its digest."""
    import copy
    from types import SimpleNamespace

    from django.utils import translation

    owner = UserFactory()
    room = services.create_room(owner, "hungarian", robots=3)
    client = client_for(owner)
    contexts = [room_context(room, owner), room_context(room, AnonymousUser())]
    play_until_over(room, owner, client, pick=first_bid_then_pass)
    contexts += [room_context(room, owner), room_context(room, AnonymousUser())]
    # The owner's cards playable, and a free seat for the visitors.
    first = contexts[0]
    contexts.append(dict(first, hand_cards=[dict(c, play=f"play:{c['card']}") for c in first["hand_cards"]]))
    contexts += [dict(context, has_free_seat=True) for context in contexts]

    def room_with(**fields):
        changed = copy.copy(room)
        for name, value in fields.items():
            setattr(changed, name, value)
        return changed

    def changes(context):
        match = context["match"] or {}
        cards = [dict(c, discardable=not c["discardable"]) for c in context["hand_cards"]]
        yield dict(context, can_end_match=not context["can_end_match"])
        yield dict(context, has_free_seat=True)
        yield dict(context, user=AnonymousUser())
        yield dict(context, user=owner)
        if context["view"] is not None:
            yield dict(context, view=dict(context["view"], phase="discard", to_act=[]))
            yield dict(context, view=dict(context["view"], sitter=context["me"]))
        yield dict(context, variant_key="czech")
        if context["hand"] is not None:
            hand = context["hand"]
            yield dict(context, hand=SimpleNamespace(number=hand.number + 1, is_over=hand.is_over))
            yield dict(context, hand=SimpleNamespace(number=hand.number, is_over=not hand.is_over))
        yield dict(context, me=None if context["me"] is not None else 0)
        yield dict(context, seq=context["seq"] + 1)
        yield dict(context, room=room_with(tutorial=True))
        yield dict(context, room=room_with(fixed_seed="daily"))
        yield dict(context, room=room_with(code="OTHER"))
        yield dict(context, match=dict(match, over=not match.get("over")))
        yield dict(context, bridge={"prompt": "Play onto the top card"})
        discard = {"count": 2, "left": 2, "legal_json": "[]"}
        yield dict(context, hand_cards=cards, controls=dict(context["controls"], discard=discard))
        yield dict(context, oob=True)
        yield dict(context, guide=None)
        rows = context["seat_rows"]
        yield dict(context, seat_rows=[dict(rows[0], label="Someone else"), *rows[1:]])
        yield dict(context, seat_rows=[dict(rows[0], is_me=not rows[0]["is_me"]), *rows[1:]])

    def inputs_and_html(context, language="en"):
        with translation.override(language):
            inputs = render_digests.moving_inputs(context)
            return inputs, render_partials(context, list(inputs))

    differing = set()
    boards = 0
    for context in contexts:
        inputs, html = inputs_and_html(context)
        # The board but its centre, once it has one (a contract; here the hand played out).
        assert set(inputs) - {"board"} == {"hand", "controls", "guide", "seats", "log"}
        boards += "board" in inputs
        variants = [(changed, "en") for changed in changes(context)] + [(context, "hu")]
        for changed, language in variants:
            other_inputs, other_html = inputs_and_html(changed, language)
            for name in inputs:
                if name not in other_inputs:
                    continue  # (a board without a centre: rendered every time)
                if shell(name, other_html[name]) != shell(name, html[name]):
                    differing.add(name)
                    assert other_inputs[name] != inputs[name], name
    assert boards and differing == {"hand", "controls", "guide", "board", "seats", "log"}
