"""The production channel layer: channels_redis's Redis pub/sub layer, its subscriber waiting a
second at a time for a message instead of a tenth.

A process's subscriber connection wakes up at the end of every wait even when nothing comes:
with the library's 0.1 s that was 0.003 of a core per process when every table is idle, a
third of the idle budget (docs/benchmarks.md); a message is handed on the moment it arrives
either way. Everything else is the library's.

Why channels-redis is pinned exactly (pyproject.toml): the library has no public way to set that
wait. Its 0.1 s is written inside ``RedisSingleShardConnection._do_receiving`` (4.3.0), the layer
builds those connections in ``RedisPubSubLoopLayer.__init__`` (``_shards``) and the proxy makes
that layer in ``RedisPubSubChannelLayer._get_layer`` (``_layers``, ``_args``, ``_kwargs``,
``utils._wrap_close``): no constructor option, no class attribute, no hook. So this module copies
the receive loop and overrides those private names, which any release may rename or change.
tests/web/test_channel_layer_override.py fails when one does (the names and signatures used
here, the library loop's text, and that the library's own receiver runs our loop); read the new
``pubsub.py`` before moving the pin.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels_redis import pubsub
from channels_redis.utils import _wrap_close, decode_hosts

log = logging.getLogger(__name__)

# How long the subscriber waits for a message before it looks again (seconds).
WAIT = 1.0


class _Shard(pubsub.RedisSingleShardConnection):
    async def _do_receiving(self) -> None:
        # The library's loop (channels_redis 4.x), with WAIT for its 0.1 s.
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=WAIT)
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)  # nothing subscribed yet: the first subscribe is near
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except BaseException:
                log.exception("Unexpected exception in the channel layer's receive task")
                await asyncio.sleep(1)


class _LoopLayer(pubsub.RedisPubSubLoopLayer):
    def __init__(self, hosts: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(hosts, *args, **kwargs)
        self._shards = [_Shard(host, self) for host in decode_hosts(hosts)]


class PubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    """``channels_redis.pubsub.RedisPubSubChannelLayer`` whose subscribers wait ``WAIT``."""

    def _get_layer(self) -> Any:
        # The library's (one layer for each event loop), making ours.
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return layer
