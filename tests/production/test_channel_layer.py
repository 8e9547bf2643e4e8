"""The production channel layer (settings.CHANNEL_LAYERS: Redis pub/sub, tarokk_site.channel_layer)
carries on when Redis restarts: a page's group, the robot worker's wake-ups and every push go
through it; and its subscriber, idle, wakes up once a second, while a message is received at
once. Run against a Redis server of the test's own (stopped and started again on its port)."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils.module_loading import import_string

REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(port: int, directory: Path) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [REDIS_SERVER or "redis-server", "--port", str(port), "--bind", "127.0.0.1"]
        + ["--save", "", "--appendonly", "no", "--dir", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)


def layer_on(settings: Any, port: int) -> Any:
    """A channel layer as the settings make it, on the Redis at ``port``."""
    config = dict(settings.CHANNEL_LAYERS["default"]["CONFIG"])
    config["hosts"] = [{**host, "address": f"redis://127.0.0.1:{port}/0"} for host in config["hosts"]]
    return import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])(**config)


class PrivateRedis:
    """A Redis server of the test's own, on a free port, that a test may restart."""

    def __init__(self, directory: Path) -> None:
        self.directory, self.port = directory, free_port()
        self.server = start_redis(self.port, directory)

    def restart(self) -> None:
        self.stop()
        self.server = start_redis(self.port, self.directory)

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=10)


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    server = PrivateRedis(tmp_path)
    yield server
    server.stop()


def test_a_group_gets_its_messages_again_after_redis_restarts(settings, redis):
    async def scenario() -> None:
        layer = layer_on(settings, redis.port)
        channel = await layer.new_channel()
        await layer.group_add("room-1", channel)
        await layer.group_send("room-1", {"type": "room.changed", "id": "before"})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["id"] == "before"

        redis.restart()
        # Sent while the layer finds Redis again, a message may be lost (a page resyncs when
        # its socket reconnects; the worker sweeps): within seconds, one gets through. One
        # receive waits all along, as a consumer's does (cancelling it would leave the channel).
        receiving = asyncio.ensure_future(layer.receive(channel))
        deadline = time.monotonic() + 20
        number = 0
        while not receiving.done() and time.monotonic() < deadline:
            number += 1
            try:
                await layer.group_send("room-1", {"type": "room.changed", "id": f"after-{number}"})
            except Exception as exc:  # Redis not back yet: redis-py's connection errors
                assert "onnect" in type(exc).__name__ or "onnect" in str(exc), exc
            await asyncio.wait({receiving}, timeout=0.5)
        assert receiving.done(), "no message got through after Redis came back"
        assert receiving.result()["id"].startswith("after-")
        await layer.flush()

    asyncio.run(scenario())


def test_an_idle_subscriber_looks_once_a_second_and_a_message_comes_at_once(settings, redis):
    from tarokk_site import channel_layer

    async def scenario() -> None:
        layer = layer_on(settings, redis.port)
        channel = await layer.new_channel()
        await layer.group_add("room-1", channel)
        pubsub = layer._get_layer()._shards[0]._pubsub
        looks = []
        get_message = pubsub.get_message

        async def counted(*args: Any, **kwargs: Any) -> Any:
            looks.append(kwargs.get("timeout"))
            return await get_message(*args, **kwargs)

        pubsub.get_message = counted
        await asyncio.sleep(0.3)  # the receive task is waiting now
        looks.clear()
        await asyncio.sleep(2.5)
        assert 1 <= len(looks) <= 4 and set(looks) == {channel_layer.WAIT}  # the library's: 25
        started = time.monotonic()
        receiving = asyncio.ensure_future(layer.receive(channel))
        await layer.group_send("room-1", {"type": "room.changed", "id": "now"})
        assert (await asyncio.wait_for(receiving, 5))["id"] == "now"
        assert time.monotonic() - started < channel_layer.WAIT / 2
        await layer.flush()

    asyncio.run(scenario())
