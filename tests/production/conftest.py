"""The production-stack tests: real PostgreSQL and Redis, real Daphne processes started by
``tarokk_site.stack`` (what bin/prod runs). They skip on the embedded default."""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tarokk_site.stack import Stack

logging.getLogger("httpx").setLevel(logging.WARNING)


@pytest.fixture(autouse=True)
def _needs_postgres_and_redis(settings: Any) -> None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("production tests need DATABASE_URL=postgres://... (they run on PostgreSQL only)")
    if not settings.REDIS_URL:
        pytest.skip("production tests need REDIS_URL=redis://... (the channel layer between processes)")


def server_database_url() -> str:
    """A URL the server processes can use to reach this run's test database."""
    from django.db import connection

    db = connection.settings_dict
    auth = db["USER"] or ""
    if db["PASSWORD"]:
        auth += f":{db['PASSWORD']}"
    return f"postgresql://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def free_port_base(count: int) -> int:
    """The first of ``count`` consecutive ports that are free now."""
    import socket

    for _ in range(50):
        base = 20000 + secrets.randbelow(30000)
        sockets = []
        try:
            for offset in range(count):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", base + offset))
            return base
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no free ports")


@pytest.fixture
def start_stack(transactional_db: None, settings: Any, tmp_path: Path) -> Iterator[Callable[..., Stack]]:
    """Start the production shape on this run's test database and a channel prefix of its
    own; everything is stopped before the database is flushed."""
    started: list[Stack] = []

    def start(
        web: int = 2,
        workers: int = 1,
        robot_delay: float = 0,
        extra_env: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> Stack:
        env = dict(os.environ)
        env.update(
            DATABASE_URL=server_database_url(),
            REDIS_URL=settings.REDIS_URL,
            REDIS_PREFIX=f"{settings.CHANNEL_LAYERS['default']['CONFIG']['prefix']}-{secrets.token_hex(3)}",
            DJANGO_DEBUG="false",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(32),
            DJANGO_SECURE_COOKIES="false",
            TAROKK_ROBOT_DELAY=str(robot_delay),
            DJANGO_LOG_LEVEL="WARNING",
        )
        env.update(extra_env or {})
        env.pop("DJANGO_TEST_DB_NAME", None)
        stack = Stack(
            web=web, workers=workers, port=free_port_base(web), env=env, log_dir=tmp_path / "logs", **kwargs
        )
        started.append(stack)
        # The test database is migrated already; static files are the run's (DJANGO_STATIC_ROOT).
        return stack.start(prepare=False)

    yield start
    for stack in started:
        stack.stop()
