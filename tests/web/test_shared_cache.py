"""tarokk_site.cache: the Redis cache keeps one client and pool per process, so
requests that run in new threads and contexts (every one, under Daphne) reuse connections
instead of opening one each. Runs where Redis is (the suite's PostgreSQL + Redis run)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tarokk_site.cache import SharedRedisCache


@pytest.fixture
def redis_url(settings: Any) -> str:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL=redis://... (the production cache)")
    return settings.REDIS_URL


def test_the_production_settings_use_the_shared_cache(settings: Any, redis_url: str) -> None:
    assert settings.CACHES["default"]["BACKEND"] == "tarokk_site.cache.SharedRedisCache"


def test_cache_objects_of_many_threads_share_one_client_and_few_connections(redis_url: str) -> None:
    params = {"KEY_PREFIX": "test-shared-cache", "OPTIONS": {"socket_timeout": 5}}
    clients = []

    def request(n: int) -> None:
        # A new cache object, as Django makes one per thread and async context.
        cache = SharedRedisCache(redis_url, params)
        cache.add(f"counter-{n % 3}", 0, 60)
        cache.incr(f"counter-{n % 3}")
        clients.append(cache._cache)

    for n in range(40):
        thread = threading.Thread(target=request, args=(n,))
        thread.start()
        thread.join()
    assert len({id(client) for client in clients}) == 1
    pool = clients[0]._get_connection_pool(write=True)
    # One request at a time: one connection serves them all (Django's own class opened 40).
    assert len(pool._available_connections) + len(pool._in_use_connections) == 1
    assert SharedRedisCache(redis_url, params).get("counter-0") == 14
    SharedRedisCache(redis_url, params).delete_many([f"counter-{n}" for n in range(3)])
