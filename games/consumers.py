"""Websocket consumers: one per open tab. They receive "something changed" (never cards),
render the live partials for their own viewer and send the page those that changed."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from games import broadcast, pages
from games.bots import runner
from games.models import Room


class RoomConsumer(AsyncWebsocketConsumer):
    """A push sends only the live partials whose HTML changed since this page last got them
    (their ``data-version`` aside: it moves with every action, and the page keeps the one it
    has). The page gets its fragments from this socket alone (the POST replies to htmx carry
    none), so what was sent is what it shows. Connecting, and any message from the page
    ("resync"), send all of them."""

    room_id: int | None = None

    async def connect(self) -> None:
        broadcast.note_server_loop()
        self.shown = Shown()
        code = self.scope["url_route"]["kwargs"]["code"]
        room = await database_sync_to_async(Room.objects.filter(code=code).first)()
        if room is None:
            await self.close(code=4404)
            return
        self.room_id = room.pk
        self.group = broadcast.room_group(room.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # Reconnecting sends a full snapshot first (DESIGN.md §7).
        await self._push(full=True)
        if runner.in_process():  # otherwise the worker finds due robots in the database itself
            await database_sync_to_async(self._kick_robots)()

    async def disconnect(self, code: int) -> None:
        if self.room_id is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Pages only listen; a "resync" (or anything) sends a fresh snapshot.
        await self._push(full=True)

    async def room_changed(self, event: dict[str, Any]) -> None:
        await self._push(event.get("id"))

    async def _push(self, change: str | None = None, full: bool = False) -> None:
        message = await database_sync_to_async(self._render)(change, full)
        if message:
            await self.send(text_data=message)

    def _render(self, change: str | None, full: bool) -> str:
        """The fragments this page needs after ``change`` (all of them if ``full``)."""
        table = _table_for(self.room_id, change)
        if table is None:
            return ""
        user = self.scope.get("user")
        # Watchers who would see the same page share one render of each change.
        audience = pages.audience_key(table, user) if change else None
        if audience is None:
            live = Live(pages.room_context(table.room, user, table))
        else:
            key = (self.room_id or 0, change or "", audience)
            live = _shared_renders.get(key)
            if live is None:
                live = Live(pages.room_context(table.room, user, table))
                _remember(_shared_renders, key, live)
        return self.shown.news(live, full)

    def _kick_robots(self) -> None:
        room = Room.objects.filter(pk=self.room_id).first()
        hand = room.current_hand() if room else None
        if hand is not None and not hand.is_over:
            runner.schedule(hand.pk)


def _digest(value: str) -> bytes:
    return hashlib.blake2b(value.encode(), digest_size=16).digest()


def stable_inputs(context: dict[str, Any]) -> dict[str, bytes]:
    """The live partials that change only when a hand ends or a seat changes hands, each with
    a digest of everything it reads besides ``version`` (tests/web/test_pushes.py renders them
    from these alone). While that is unchanged a push need not render them at all; the
    scoreboard grows by a row a hand and was the dearest partial late in a match."""
    seats = [(row["index"], row["label"], row["is_me"]) for row in context["seat_rows"]]
    oob = context.get("oob", False)
    result = (context["view"] or {}).get("result")
    review = (context["view"] or {}).get("review")
    return {
        "result": _digest(repr((result, seats, oob))),
        "review": _digest(repr((review, seats, oob))),
        "scoreboard": _digest(repr((context["match"], seats, oob))),
    }


class Live:
    """One viewer's live partials for one state of the table, rendered when first asked for
    (watchers share one), each with a digest of its HTML without its ``data-version``."""

    def __init__(self, context: dict[str, Any]) -> None:
        self.context = context
        self.version: int = context["version"]
        self.inputs = stable_inputs(context)
        self._parts: dict[str, tuple[str, bytes]] = {}

    def part(self, name: str) -> tuple[str, bytes]:
        if name not in self._parts:
            html = pages.render_partials(self.context, [name])[name]
            self._parts[name] = (html, _digest(html.replace(f' data-version="{self.version}"', "", 1)))
        return self._parts[name]


class Shown:
    """What one page shows: by partial, the digest of its HTML (version aside) and of the
    inputs of a stable partial, and the version of the newest push."""

    def __init__(self) -> None:
        self.html: dict[str, bytes] = {}
        self.inputs: dict[str, bytes] = {}
        self.version = -1

    def news(self, live: Live, full: bool = False) -> str:
        """The fragments of ``live`` the page does not show yet, remembered as shown."""
        if full:
            self.html, self.inputs = {}, {}
        elif live.version < self.version:
            # Older than what the page shows (a render of a change overtaken by a snapshot):
            # the page would refuse each of its fragments, so none is sent or remembered.
            return ""
        self.version = live.version
        parts = []
        for name in pages.LIVE_PARTIALS:
            inputs = live.inputs.get(name)
            if inputs is not None and self.inputs.get(name) == inputs and name in self.html:
                continue  # the same inputs render the same HTML
            html, digest = live.part(name)
            if self.html.get(name) != digest:
                self.html[name] = digest
                parts.append(html)
            if inputs is not None:
                self.inputs[name] = inputs
        return "".join(parts)


# Every page of a room in this process receives the same change: the first to render it
# loads the room's rows, the others reuse them (they were read after that change committed;
# a later change sends a new id). Renders run one at a time in channels' database thread.
_shared_tables: OrderedDict[tuple[int, str], pages.Table] = OrderedDict()
# The same for the watchers' renders, by room, change and pages.audience_key.
_shared_renders: OrderedDict[tuple[int, str, tuple[Any, ...]], Live] = OrderedDict()
_SHARED = 512


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    while len(cache) > _SHARED:
        cache.popitem(last=False)


def _table_for(room_id: int | None, change: str | None) -> pages.Table | None:
    key = (room_id or 0, change or "")
    table = _shared_tables.get(key) if change else None
    if table is None:
        room = Room.objects.filter(pk=room_id).first()
        if room is None:
            return None
        table = pages.load_table(room)
        if change:
            _remember(_shared_tables, key, table)
    return table


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        broadcast.note_server_loop()
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self._push()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._push()

    async def _push(self) -> None:
        html = await database_sync_to_async(self._render)()
        await self.send(text_data=html)

    def _render(self) -> str:
        from games.views import lobby_context

        return render_to_string("games/lobby.html#rooms", lobby_context())


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any websocket path the site does not serve: refused cleanly (the handshake is
    declined), instead of the router's error and a traceback."""

    async def connect(self) -> None:
        await self.close(code=4404)
