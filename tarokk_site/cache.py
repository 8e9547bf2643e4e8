"""The production cache (django-allauth's counts, the lobby's sweep mark; the site's own rate
limits count apart, tarokk_site.limits): Django's Redis cache with one client, and so one
connection pool, per process.

Django keeps a cache object per thread and async context, and its Redis client keeps its pool on
that object: under Daphne every request and every socket event runs in a new context, so each
one opened a new TCP connection to Redis (a connect and a handshake per rate-limited request,
seen in bench/load.py's profile). redis-py's pools are thread-safe; one per process and server
list is shared here instead."""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

_clients: dict[tuple[str, ...], Any] = {}
_lock = threading.Lock()


class SharedRedisCache(RedisCache):
    @cached_property
    def _cache(self) -> Any:
        key = (*self._servers, repr(sorted(self._options.items())))  # type: ignore[attr-defined]
        with _lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)  # type: ignore[attr-defined]
        return client
