from __future__ import annotations

import io
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The shared helpers (tests/helpers/) assert as the tests do: pytest rewrites their asserts too,
# so that a failing one shows its values. Before any test module or conftest imports them.
pytest.register_assert_rewrite("tests.helpers")

HERE = Path(__file__).parent

# Two runs on one PostgreSQL and Redis (two worktrees, CI beside a developer) must not
# meet: unless the environment names them, this run's test database, channel prefix and rate
# limits' prefix carry its process id.
RUN_ID = f"p{os.getpid()}"
STATIC_ROOT = "tarokk_static_root"  # the run's collected static files, for xdist's workers
COLLECTED = pytest.StashKey[str]()


# How long a test's websocket waits for the server's answer when the test names no time:
# Channels' test communicator waits 1 s, and on CI's loaded two cores a socket's first render
# took longer (connect() and receive_from() timed out, 2026-11-29). What is awaited must still
# come; it may come later. A test that names its own timeout keeps it.
SOCKET_WAIT = 10


def _socket_waits_longer() -> None:
    from channels.testing import WebsocketCommunicator

    for name in ("connect", "receive_from", "receive_json_from"):
        function = getattr(WebsocketCommunicator, name)
        defaults = function.__defaults__ or ()
        function.__defaults__ = tuple(SOCKET_WAIT if d == 1 else d for d in defaults)


def pytest_configure(config: pytest.Config) -> None:
    from django.conf import settings

    _socket_waits_longer()

    layer = settings.CHANNEL_LAYERS["default"]
    if "REDIS_PREFIX" not in os.environ and "prefix" in layer.get("CONFIG", {}):
        layer["CONFIG"]["prefix"] = f"test-{RUN_ID}"
    if "REDIS_PREFIX" not in os.environ:
        # The rate limits' counts in a shared Redis: this run's own, which each test forgets.
        settings.RATE_LIMITS_PREFIX = f"limits-test-{RUN_ID}"
    # A robot thread that a test process starts (importing the ASGI application starts one)
    # must not sweep a database that only some tests may touch; tests call sweep() themselves.
    settings.ROBOT_SWEEP = 0
    # Nor may the analysis thread look for work by itself: it computes when a test asks.
    settings.ANALYSIS_POLL = 0
    use_collected_static_files(config)
    empty_tables_by_delete()


def empty_tables_by_delete() -> None:
    """A transactional test's teardown empties every table (Django's ``flush``), then Django
    fills the content types and permissions again for every model (``post_migrate``): ~250
    rows written anew after each test. Their tables (and the site's) are kept instead: they
    hold what the migrations made, which no test changes, so post_migrate finds them whole and
    writes nothing. And on PostgreSQL the tables are emptied by ``DELETE`` rather than
    ``TRUNCATE``, which gives each of the ~40 tables a new file; Django's foreign keys there are
    deferrable, so the deletes may come in any order within the flush's one transaction. A
    flush that resets sequences (the ``flush`` command's own default; no test asks) keeps
    Django's SQL."""
    from django.db.backends.postgresql import base as postgresql
    from django.db.backends.sqlite3 import base as sqlite

    PostgreSQL, SQLite = postgresql.DatabaseOperations, sqlite.DatabaseOperations

    kept = {"django_content_type", "auth_permission", "django_site"}

    def without_kept(original: Any, by_delete: bool) -> Any:
        def sql_flush(
            self: Any, style: Any, tables: Any, *, reset_sequences: bool = False, allow_cascade: bool = False
        ) -> list[str]:
            if reset_sequences:
                return original(self, style, tables, reset_sequences=True, allow_cascade=allow_cascade)
            emptied = [t for t in tables if t not in kept]
            if not by_delete:
                return original(self, style, emptied, reset_sequences=False, allow_cascade=allow_cascade)
            if not emptied:
                return []
            return ["SET CONSTRAINTS ALL DEFERRED;"] + [f"DELETE FROM {self.quote_name(t)};" for t in emptied]

        return sql_flush

    PostgreSQL.sql_flush = without_kept(PostgreSQL.sql_flush, by_delete=True)  # type: ignore[method-assign]
    SQLite.sql_flush = without_kept(SQLite.sql_flush, by_delete=False)  # type: ignore[method-assign]


def use_collected_static_files(config: pytest.Config) -> None:
    """A page names its scripts, styles and pictures by the hashed names of the manifest that
    collectstatic writes (tarokk_site/static_files.py). A run collects them once, into a folder
    of its own: the one process, or the controller of xdist's workers, which are given the
    folder. They are hashed, not compressed (0.6 s of CPU, where brotli takes seconds over the
    admin's files; tests/web/test_static_files.py compresses a copy of the site's own). The
    site processes tests start (Daphne, the production stack) find them in DJANGO_STATIC_ROOT."""
    from django.conf import settings

    worker = getattr(config, "workerinput", None)
    if worker is not None:
        root = worker[STATIC_ROOT]
    else:
        root = config.stash[COLLECTED] = tempfile.mkdtemp(prefix=f"tarokk-static-{RUN_ID}-")
        collect_static_files(Path(root))
    os.environ["DJANGO_STATIC_ROOT"] = root
    settings.STATIC_ROOT = Path(root)
    # Each test's client builds its own middleware: whitenoise looks a file up when it is asked
    # for, instead of listing every collected file for every client (47 ms each).
    settings.WHITENOISE_AUTOREFRESH = True


def collect_static_files(root: Path) -> None:
    """``collectstatic`` into ``root`` with Django's hashing storage (whitenoise's without the
    compression): the same names and manifest."""
    from django.contrib.staticfiles.management.commands.collectstatic import Command
    from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
    from django.core.management import call_command

    command = Command(stdout=io.StringIO())
    command.storage = ManifestStaticFilesStorage(location=root)
    call_command(command, interactive=False, verbosity=0)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: each worker uses the files its controller collected."""
    node.workerinput[STATIC_ROOT] = os.environ["DJANGO_STATIC_ROOT"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3" and not os.environ.get("DJANGO_TEST_DB_NAME"):
        db.setdefault("TEST", {})["NAME"] = f"test_{db['NAME']}_{RUN_ID}"
    elif db["ENGINE"] == "django.db.backends.sqlite3":
        # A file, as the embedded site's: its threads (a socket's, the robots') wait for one
        # another's writes (WAL, the busy timeout). In SQLite's shared in-memory database a
        # write meeting another thread's transaction fails at once ("database table is locked").
        name = f"tarokk-test-{RUN_ID}-{uuid.uuid4().hex[:8]}.sqlite3"
        db.setdefault("TEST", {})["NAME"] = str(Path(tempfile.gettempdir()) / name)


def pytest_unconfigure(config: pytest.Config) -> None:
    # Django removes the file test database, not its write-ahead log beside it.
    from django.conf import settings

    name = str(settings.DATABASES["default"].get("TEST", {}).get("NAME") or "")
    if "tarokk-test-" in name:
        for leftover in (name, f"{name}-wal", f"{name}-shm"):
            Path(leftover).unlink(missing_ok=True)
    if COLLECTED in config.stash:  # the static files this process collected
        shutil.rmtree(config.stash[COLLECTED], ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Markers by folder: tests/rules are pure rules tests, tests/browser drive Chromium.
    for item in items:
        path = Path(str(item.fspath))
        if HERE / "rules" in path.parents:
            item.add_marker(pytest.mark.rules)
        if HERE / "browser" in path.parents:
            item.add_marker(pytest.mark.browser)
        if HERE / "production" in path.parents:
            item.add_marker(pytest.mark.production)


@pytest.fixture(autouse=True)
def _fresh_replay_cache() -> None:
    # Test databases roll back and reuse primary keys: never let a cached state outlive a test.
    from games.services import matches, replay
    from games.tables import seating

    replay.forget_all()
    matches.forget_all()
    seating.forget_all()


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Every test starts in the site's language: a request made through Django's test client
    leaves its language active in the test's thread (LanguageMiddleware activates it, as
    Django's LocaleMiddleware does, for the rest of the request's thread)."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_rate_limits(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test counts the site's rate limits from zero (tarokk_site/limits.py: this run's
    counts forgotten, before and after it) and has a cache of its own (django-allauth's counts,
    the lobby's sweep): its keys get a prefix of their own, on the local memory cache as on a
    shared Redis (never flushed: other runs may use it). Tests that prove a door set a small
    rate themselves."""
    if "rules" in request.keywords:
        yield
        return
    from tarokk_site import limits

    limits.reset()
    settings = request.getfixturevalue("settings")
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    prefix = caches["default"].get("KEY_PREFIX", "")
    caches["default"]["KEY_PREFIX"] = f"{prefix}-{RUN_ID}-{uuid.uuid4().hex[:8]}"
    settings.CACHES = caches
    yield
    limits.reset()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """Let the test database be dropped at the end on PostgreSQL: the worker threads of
    async tests (and server processes the production tests killed) can leave sessions open
    on it, and DROP DATABASE refuses while they are there."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
