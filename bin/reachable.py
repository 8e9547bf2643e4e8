"""Exit 0 when the PostgreSQL and Redis at the given URLs answer, 1 (with the reason) if not."""

from __future__ import annotations

import sys


def main(pg_url: str, redis_url: str) -> int:
    try:
        import psycopg

        with psycopg.connect(pg_url, connect_timeout=3) as conn:
            conn.execute("select 1")
    except Exception as exc:
        print(f"reachable: PostgreSQL: {exc}".strip())
        return 1
    try:
        import redis

        redis.Redis.from_url(redis_url, socket_connect_timeout=3).ping()
    except Exception as exc:
        print(f"reachable: Redis: {exc}".strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
