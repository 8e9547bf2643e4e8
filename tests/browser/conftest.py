"""Browser tests: a real Daphne process on a temporary SQLite database, driven by
Playwright in Debian's Chromium (never `playwright install`: it downloads and fails here)."""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    def __init__(self, url: str, db_path: Path, env: dict[str, str]) -> None:
        self.url = url
        self.db_path = db_path
        self.env = env

    def manage(self, *args: str, stdin: str | None = None, **env: str) -> str:
        """``manage.py`` on the site's database (``env``: more environment variables)."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            input=stdin,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def make_staff(self) -> None:
        """The staff user ``boss`` (password ``staff pass 123``), once per site."""
        self.manage(
            "shell",
            "-c",
            (
                "from accounts.models import User; "
                "User.objects.filter(username='boss').exists() or "
                "User.objects.create_superuser('boss', 'boss@example.com', 'staff pass 123')"
            ),
        )

    def first_hand(self, code: str) -> tuple[int, int]:
        """(id, last seq) of the first hand at table ``code``."""
        with sqlite3.connect(self.db_path) as db:
            return db.execute(
                "select h.id, h.seq from games_hand h join games_room r on r.id = h.room_id "
                "where r.code = ? and h.number = 1",
                (code,),
            ).fetchone()

    def staff_page(self, browser, viewport: dict[str, int]):
        """A new page logged in as the staff user ``boss``."""
        self.make_staff()
        staff = browser.new_context(viewport=viewport).new_page()
        staff.goto(f"{self.url}/accounts/login/")
        staff.fill("input[name=login]", "boss")
        staff.fill("input[name=password]", "staff pass 123")
        staff.locator("form button[type=submit]").last.click()
        staff.wait_for_url(self.url + "/")
        return staff


@contextlib.contextmanager
def running_site(tmp_path_factory: pytest.TempPathFactory, **env: str | None) -> Iterator[Site]:
    """A Daphne process on a database of its own (``env``: environment variables changed, None
    to leave one unset)."""
    db_path = tmp_path_factory.mktemp("site") / "browser.sqlite3"
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
        "SQLITE_PATH": str(db_path),
        "TAROKK_ROBOT_DELAY": "0.05",
        # No trick held on the felt: the tests but pacing's own never wait for it (issue 35).
        "TAROKK_TRICK_PAUSE": "0",
        # The strong robots (the lobby's default) think 0.1 s a decision, not live play's 0.8 s:
        # a browser test plays whole hands against them; their strength is proven in bench/.
        "TAROKK_ROBOT_THINK": "0.1",
        # One server for the whole run, every page from 127.0.0.1: tests/web prove the limits.
        "TAROKK_RATE_LIMITS": "guest.ip=0,room.ip=0,act.ip=0,frame.ip=0,import.ip=0,play.ip=0",
        "DJANGO_SETTINGS_MODULE": "tarokk_site.settings",
        "DJANGO_SECURE_COOKIES": "false",  # plain HTTP, as bin/serve
        **env,
    }
    env = {k: v for k, v in env.items() if v is not None}
    site = Site(f"http://127.0.0.1:{port}", db_path, env)
    site.manage("migrate", "--noinput")
    log = open(db_path.with_suffix(".log"), "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "tarokk_site.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(site.url + "/", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError(f"the site did not start; see {log.name}") from None
                time.sleep(0.2)
        yield site
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site the browser tests share, its robots quick (TAROKK_ROBOT_DELAY 0.05 s) and no
    trick held on the felt (TAROKK_TRICK_PAUSE 0)."""
    with running_site(tmp_path_factory) as site:
        yield site


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: bin/test installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def unfold_opening_form(page) -> None:
    """Open the lobby's "More options": the whole table-opening form, folded away under the
    Play now buttons (issue 35)."""
    details = page.locator("#more-options")
    if details.get_attribute("open") is None:
        page.locator("#more-options > summary").click()


def open_table_as_guest(page, site: Site, variant: str = "hungarian") -> str:
    """A guest, with one click, opens a table of ``variant`` with three robots; returns the
    room code once the page's websocket is live."""
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(page)
    page.locator('.new-room select[name="variant"]').select_option(variant)
    page.locator("#robots").select_option("3")
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")
    return page.url.rstrip("/").split("/")[-1]
