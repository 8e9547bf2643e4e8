"""A club tournament in Chromium (issue 40): a member hosts a two-round Hungarian duplicate
tournament of one hand a round (the shortest the form allows) from /tournaments/; seven guests
enter from its page, the host presses "Start now", and each guest follows "Go to your table" and
plays by clicking, robots filling the seats. Seven entrants, not eight, so that robots sit too:
a round seats them at a table of four and a table of three and a robot, and the robot's result
is compared with the people's who held its cards. Eight people in all: the host watches the
tournament's page, pushed, from the first entry to the winners.

In round 1 a guest closes their browser after playing their first card: once their seat has had
no page open for the absent grace, a robot plays it for them (the log's later moves are the
robot's) and the table still finishes; in round 2, seated by the standings, a robot plays for
them from the start. After each round every open page's standings (names, ranks, percents,
totals, hands) equal a small matchpoint computation of the test's own from the hands stored in
the site's SQLite database. Screenshots of the tournament's page (phone and laptop) go to
test-artifacts/screenshots/tournament/ (git-ignored)."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import ROOT, running_site
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "tournament"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
GUESTS = 7  # a table of four and one of three and a robot, each round
HOST, PASSWORD = "gazda", "pagat ultimo 21"
# What a table's page shows, in one look: its move number, whether its person has a decision to
# make, whether the hand is over.
LOOK = """() => [document.querySelector('#status').dataset.seq, !!document.querySelector(
  '#hand [data-action], #controls [data-action], [data-discard-choice], [data-cut-submit]'),
  !!document.querySelector('#result h2')]"""
CHANGED = """([seq, over]) => document.querySelector('#status').dataset.seq !== seq
  || !!document.querySelector('#result h2') !== over"""
# Set once the page's websocket is open (htmx's ws extension says so).
SOCKET_OPEN = "document.addEventListener('htmx:wsOpen', () => { window.__socketOpen = true })"
ROWS = """() => [...document.querySelectorAll('#standings tr[data-player]')].map(tr => [
  tr.cells[0].textContent.trim(), tr.dataset.player,
  tr.querySelector('td[data-percent]').textContent.trim(),
  tr.querySelector('td[data-total]').textContent.trim(), tr.cells[4].textContent.trim()])"""


@pytest.fixture(scope="module")
def tournament_site(tmp_path_factory):
    """A site whose tournament driver looks often, deals the next hand a second after the last,
    and gives a seat with no page open to a robot after twenty seconds: long enough for every
    guest to reach their table on a slow machine (at three, robots played the whole hand for
    guests still on their way, the table was done, and its page offered no table to go to)."""
    with running_site(
        tmp_path_factory,
        TAROKK_TOURNAMENT_PAUSE="1",
        TAROKK_TOURNAMENT_ABSENT="20",
        TAROKK_TOURNAMENT_TICK="0.3",
    ) as site:
        yield site


@pytest.fixture
def new_page(browser):
    """A page in a browser context of its own (a person's browser), every context closed at the
    end, passed or failed, so that later tests share no open sockets with this one."""
    made = []

    def new(**options):
        made.append(browser.new_context(**options))
        return made[-1].new_page()

    yield new
    for context in made:
        context.close()


def shoot(page, name: str, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def stored_standings(db_path, code: str) -> list[list[str]]:
    """The standings as the test computes them from the stored hands alone: for each board (a
    round's hand) and seat, every table's result on it compared with the others', 2 for each
    one beaten and 1 for each tie out of 2 for each other; percent = points over tops; ranked
    by percent, then total, entrants with equal figures sharing a rank (listed by entry id)."""
    with sqlite3.connect(db_path) as db:
        (tournament,) = db.execute("select id from games_tournament where code = ?", (code,)).fetchone()
        names = dict(
            db.execute(
                "select e.id, u.username from games_entry e join accounts_user u on u.id = e.user_id "
                "where e.tournament_id = ?",
                (tournament,),
            )
        )
        boards: dict[tuple[int, int, int], list[tuple[int | None, int]]] = defaultdict(list)
        for round_no, room, seating in db.execute(
            "select round, room_id, seating from games_tournamenttable where tournament_id = ?", (tournament,)
        ).fetchall():
            for number, result in db.execute(
                "select number, result from games_hand where room_id = ? and finished is not null", (room,)
            ):
                payments = json.loads(result)["payments"]
                for seat, entrant in enumerate(json.loads(seating)):
                    boards[(round_no, number, seat)].append((entrant, payments[seat]))
    points: dict[int, int] = defaultdict(int)
    tops: dict[int, int] = defaultdict(int)
    totals: dict[int, int] = defaultdict(int)
    hands: dict[int, int] = defaultdict(int)
    for held in boards.values():
        for entrant, value in held:
            if entrant is None:  # a robot in an empty seat: compared, not ranked
                continue
            beaten = sum(1 for _, other in held if value > other)
            tied = sum(1 for _, other in held if value == other) - 1  # not itself
            points[entrant] += 2 * beaten + tied
            tops[entrant] += 2 * (len(held) - 1)
            totals[entrant] += value
            hands[entrant] += 1
    share = {e: Fraction(points[e], tops[e]) if tops[e] else None for e in names}
    key = {e: (share[e] is None, -(share[e] or 0), -totals[e]) for e in names}
    rows: list[list[str]] = []
    previous = None
    for place, entrant in enumerate(sorted(names, key=lambda e: (key[e], e)), start=1):
        rank = rows[-1][0] if previous == key[entrant] else str(place)
        previous = key[entrant]
        total = str(totals[entrant]).replace("-", "\u2212")  # the page's minus sign, not a hyphen
        figures = [percent(share[entrant]), total, str(hands[entrant])]
        rows.append([rank, names[entrant], *figures])
    return rows


def seat_moves(db_path, room_code: str, seat: int) -> list[str]:
    """Who made each move of a seat at a table, in order: "person" (its player, by a click) or
    "robot" (one playing the seat: no player named)."""
    with sqlite3.connect(db_path) as db:
        moves = db.execute(
            "select a.actor_id, a.robot from games_handaction a join games_hand h on h.id = a.hand_id "
            "join games_room r on r.id = h.room_id where r.code = ? and a.seat = ? order by h.number, a.seq",
            (room_code, seat),
        ).fetchall()
    assert all((actor is None) == bool(robot) for actor, robot in moves), moves
    return ["robot" if robot else "person" for _, robot in moves]


def seat_of(db_path, name: str, round_no: int) -> tuple[str, int]:
    """Where round ``round_no`` seated the entrant ``name``: (the table's code, the seat)."""
    with sqlite3.connect(db_path) as db:
        (entry,) = db.execute(
            "select e.id from games_entry e join accounts_user u on u.id = e.user_id where u.username = ?",
            (name,),
        ).fetchone()
        tables = db.execute(
            "select r.code, t.seating from games_tournamenttable t join games_room r on r.id = t.room_id "
            "where t.round = ?",
            (round_no,),
        ).fetchall()
    seatings = {code: json.loads(seating) for code, seating in tables}
    (found,) = [(code, seating.index(entry)) for code, seating in seatings.items() if entry in seating]
    return found


def percent(share: Fraction | None) -> str:
    """As the page writes a share: a percent to one decimal (half up), or a dash for none."""
    if share is None:
        return "–"
    exact = Decimal(share.numerator) * 100 / Decimal(share.denominator)
    return f"{exact.quantize(Decimal('0.1'), ROUND_HALF_UP)} %"


def play_round(tables: dict[str, list], leave=None) -> tuple | None:
    """The people at every table decide in turn, whoever has a decision once every page at the
    table shows the same move (the last push has reached them all), until every table's hand
    is over. ``leave(page, action)`` is asked after each decision whether that person closes
    their browser now; the one who does is returned (their table, seat, name and page)."""
    left = None
    lost = 0
    for _ in range(2000):
        looks = {code: [page.evaluate(LOOK) for page in pages] for code, pages in tables.items()}
        open_tables = [code for code, seen in looks.items() if not seen[0][2]]
        if not open_tables:
            return left
        moved = False
        for code in open_tables:
            pages, seen = tables[code], looks[code]
            if len({seq for seq, _, _ in seen}) > 1:
                continue
            page = next((page for page, (_, decision, _) in zip(pages, seen, strict=True) if decision), None)
            if page is None:
                continue
            try:
                action = decide(page)
            except PlaywrightTimeout:  # a push took the form away under the click: look again
                lost += 1
                assert lost <= 5, "decisions keep being lost"
                continue
            moved = True
            if left is None and leave is not None and leave(page, action):
                seat = page.locator("#seats .seat.me").get_attribute("data-seat")
                left = (code, int(seat), page.locator(".topbar .who").get_attribute("data-user"), page)
                pages.remove(page)
                page.context.close()
        if not moved:  # a robot, a push or the driver to come: wait for a change at one table
            code = open_tables[0]
            (seq, _, over), page = min(
                zip(looks[code], tables[code], strict=True), key=lambda s: int(s[0][0])
            )
            try:
                page.wait_for_function(CHANGED, arg=[seq, over], timeout=500)
            except PlaywrightTimeout:
                pass
    raise AssertionError("the round did not end")


def to_my_table(guests, round_no: int, tournament_url: str) -> dict[str, list]:
    """Every guest from the tournament's page to their table of round ``round_no`` (the page is
    pushed the round's tables); the pages grouped by table."""
    tables: dict[str, list] = defaultdict(list)
    for page in guests:
        if not page.url.endswith(tournament_url):
            page.goto(tournament_url)
        page.wait_for_selector(f'#board[data-round="{round_no}"] #my-table', timeout=20_000)
    # Everyone sets off at once, as people do (one after another, the last came late).
    for page in guests:
        page.locator("#my-table").click()
    for page in guests:
        page.wait_for_url("**/r/*/")
        page.wait_for_selector("#connection.ok")
        tables[page.url.rstrip("/").split("/")[-1]].append(page)
    return dict(tables)


def test_eight_people_and_robots_play_a_duplicate_tournament_to_its_standings(tournament_site, new_page):
    site = tournament_site
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    make_host = f"from accounts.models import User; User.objects.create_user('{HOST}', password='{PASSWORD}')"
    site.manage("shell", "-c", make_host)
    host = new_page(viewport=LAPTOP)
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.goto(f"{site.url}/accounts/login/")
    host.fill("input[name=login]", HOST)
    host.fill("input[name=password]", PASSWORD)
    host.locator("form button[type=submit]").last.click()
    host.wait_for_url(site.url + "/")

    # The host's form, its start time left at the form's own (half an hour ahead).
    host.goto(f"{site.url}/tournaments/")
    form = host.locator("form.new-tournament")
    form.locator("input[name=name]").fill("Péntek esti")
    form.locator("select[name=variant]").select_option("hungarian")
    form.locator("input[name=rounds]").fill("2")
    form.locator("input[name=hands_per_round]").fill("1")
    form.locator("select[name=scoring]").select_option("duplicate")
    form.locator("select[name=turn_clock]").select_option("30")
    form.locator("select[name=robot_level]").select_option("basic")
    host.locator("#new-tournament").click()
    host.wait_for_url("**/t/*/")
    url = host.url
    code = url.rstrip("/").split("/")[-1]
    assert host.locator("#board").get_attribute("data-state") == "registering"

    guests = []
    for _ in range(GUESTS):
        page = new_page(viewport=PHONE, reduced_motion="reduce")  # less of Chromium's CPU
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(SOCKET_OPEN)
        page.goto(url)
        page.locator("#as-guest").click()
        page.wait_for_selector("#join")
        page.locator("#join").click()
        page.wait_for_selector("#leave")
        guests.append(page)
    # The host's page was pushed every entry; every page's socket is open before the start.
    host.wait_for_function(f"() => document.querySelectorAll('#entries li').length === {GUESTS}")
    for page in guests:
        page.wait_for_function("() => window.__socketOpen === true")
    shoot(host, "registering-laptop", LAPTOP)
    assert violations(host, "a tournament's page, entries open, on a laptop") == []

    host.locator("#start").click()
    host.wait_for_selector('#board[data-state="running"][data-round="1"]')
    assert host.locator("#share").is_visible()  # people may still come to watch
    tables = to_my_table(guests, 1, url)
    assert sorted(len(pages) for pages in tables.values()) == [3, 4]

    # Round 1: a guest at the table of four closes their browser once they have played a card.
    four = next(code for code, pages in tables.items() if len(pages) == 4)

    def leaves(page, action) -> bool:
        return action.startswith("play:") and page in tables[four]

    left = play_round(tables, leaves)
    assert left is not None, "nobody at the table of four played a card"
    table, seat, name, gone = left
    guests.remove(gone)
    assert seat_of(site.db_path, name, 1) == (table, seat)
    moves = seat_moves(site.db_path, table, seat)  # "person" or "robot", in order
    assert moves[0] == "person" and moves[-1] == "robot", moves
    assert moves == sorted(moves), moves  # the person's moves, then the robot's alone
    # The others at the table see the robot keeping the seat.
    other = tables[table][0]
    assert other.locator(f'#seats [data-seat="{seat}"] .badge.robot').count() == 1

    # Between the rounds: every page's standings, round 2 seated by them.
    expected = stored_standings(site.db_path, code)
    assert [row[4] for row in expected].count("1") == GUESTS, expected
    host.wait_for_selector('#board[data-round="2"]')
    for page in [host, *guests]:
        if page is not host:
            page.goto(url)
            page.wait_for_selector('#board[data-round="2"] #my-table')
        assert page.evaluate(ROWS) == expected
    tables = to_my_table(guests, 2, url)
    guests[0].goto(url)  # one guest looks at the tournament in the middle of round 2, on a phone
    shoot(guests[0], "running-phone", PHONE)
    guests[0].locator("#my-table").click()
    guests[0].wait_for_selector("#connection.ok")
    assert play_round(tables) is None
    # A robot played the whole hand for the one who left: round 2 seated them, they never came.
    table, seat = seat_of(site.db_path, name, 2)
    assert set(seat_moves(site.db_path, table, seat)) == {"robot"}

    # The end: every page that is still open shows the same final standings, pushed or loaded.
    host.wait_for_selector('#board[data-state="finished"]', timeout=20_000)
    # The host's page was open from the entries on: its share line went with the pushed end.
    assert host.locator("#share").count() == 1 and not host.locator("#share").is_visible()
    expected = stored_standings(site.db_path, code)
    assert [row[4] for row in expected].count("2") == GUESTS, expected
    for page in guests:
        page.goto(url)
        page.wait_for_selector('#board[data-state="finished"]')
    for page in [host, *guests]:
        assert page.evaluate(ROWS) == expected
        winners = page.evaluate("() => [...document.querySelectorAll('#winners li')].map(li => li.value)")
        assert winners == [int(row[0]) for row in expected if int(row[0]) <= 3]
    assert host.locator("#my-table").count() == 0
    shoot(host, "finished-laptop", LAPTOP)
    shoot(host, "finished-phone", PHONE)
    assert violations(host, "a tournament's page, finished, on a phone") == []
    assert errors == []
