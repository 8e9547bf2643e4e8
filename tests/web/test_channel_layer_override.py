"""tarokk_site.channel_layer overrides channels_redis's private receive loop to wait WAIT instead
of 0.1 s (its docstring says why channels-redis is pinned exactly). These fail when a release of
the library renames or changes what the override relies on; no Redis is needed."""

from __future__ import annotations

import asyncio
import inspect
import textwrap

import pytest
from channels_redis import pubsub, utils

from tarokk_site import channel_layer

# channels_redis 4.3.0's receive loop, which channel_layer._Shard copies with WAIT for 0.1.
LIBRARY_LOOP = """\
async def _do_receiving(self):
    while True:
        try:
            if self._pubsub and self._pubsub.subscribed:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=0.1
                )
                self._receive_message(message)
            else:
                await asyncio.sleep(0.1)
        except (
            asyncio.CancelledError,
            asyncio.TimeoutError,
            GeneratorExit,
        ):
            raise
        except BaseException:
            logger.exception("Unexpected exception in receive task")
            await asyncio.sleep(1)
"""


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_library_loop_the_override_copies_is_unchanged():
    library = textwrap.dedent(inspect.getsource(pubsub.RedisSingleShardConnection._do_receiving))
    assert library == LIBRARY_LOOP, "channels_redis changed its receive loop: compare channel_layer._Shard"


def test_the_private_names_the_override_uses_are_there_with_the_signatures_it_expects():
    shard = pubsub.RedisSingleShardConnection
    assert inspect.iscoroutinefunction(shard._do_receiving) and parameters(shard._do_receiving) == ["self"]
    assert parameters(shard.__init__) == ["self", "host", "channel_layer"]
    assert parameters(shard._receive_message) == ["self", "message"]
    assert parameters(shard._ensure_receiver) == ["self"]
    assert parameters(pubsub.RedisPubSubLoopLayer.__init__) == [
        "self", "hosts", "prefix", "on_disconnect", "on_reconnect", "channel_layer", "kwargs",
    ]  # fmt: skip
    assert parameters(pubsub.RedisPubSubChannelLayer._get_layer) == ["self"]
    assert parameters(utils._wrap_close) == ["proxy", "loop"]
    proxy = pubsub.RedisPubSubChannelLayer("redis://127.0.0.1:9/0", prefix="p")
    assert (proxy._layers, proxy._args, proxy._kwargs) == ({}, ("redis://127.0.0.1:9/0",), {"prefix": "p"})
    assert vars(shard({"address": "redis://127.0.0.1:9/0"}, None)).keys() >= {"_pubsub", "_receive_task"}


def test_the_library_routes_to_our_connections_and_its_receiver_runs_our_loop():
    """The library's own routing (``_get_shard``, reached through its proxy) gives our
    connection, and its own ``_ensure_receiver`` starts a loop that waits WAIT: the layer's
    subscriber, idle, looks once a second. Nothing connects: the pub/sub object is a stand-in."""
    looks: list[float] = []

    class Subscribed:  # a subscription on which nothing comes
        subscribed = True

        async def get_message(self, ignore_subscribe_messages: bool, timeout: float) -> None:
            looks.append(timeout)
            if len(looks) == 3:
                raise asyncio.CancelledError

    async def scenario() -> None:
        layer = channel_layer.PubSubChannelLayer(hosts=[{"address": "redis://127.0.0.1:9/0"}])
        shard = layer._get_shard("room-1")
        assert type(shard) is channel_layer._Shard
        assert layer._get_layer() is layer._layers[asyncio.get_running_loop()]  # one per loop, kept
        shard._pubsub = Subscribed()
        shard._ensure_receiver()
        with pytest.raises(asyncio.CancelledError):
            await shard._receive_task

    asyncio.run(scenario())
    assert looks == [channel_layer.WAIT] * 3 and channel_layer.WAIT == 1.0
