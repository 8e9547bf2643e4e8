"""Websocket consumers: one per open tab. They receive "something changed" (never cards)
and render the live partials for their own viewer."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from games import broadcast, pages
from games.bots import runner
from games.models import Room


class RoomConsumer(AsyncWebsocketConsumer):
    room_id: int | None = None

    async def connect(self) -> None:
        broadcast.note_server_loop()
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
        await self._push()
        if runner.in_process():  # otherwise the worker finds due robots in the database itself
            await database_sync_to_async(self._kick_robots)()

    async def disconnect(self, code: int) -> None:
        if self.room_id is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Pages only listen; a "resync" (or anything) sends a fresh snapshot.
        await self._push()

    async def room_changed(self, event: dict[str, Any]) -> None:
        await self._push(event.get("id"))

    async def _push(self, change: str | None = None) -> None:
        html = await database_sync_to_async(self._render)(change)
        if html is not None:
            await self.send(text_data=html)

    def _render(self, change: str | None = None) -> str | None:
        table = _table_for(self.room_id, change)
        if table is None:
            return None
        return pages.render_live(table.room, self.scope.get("user"), table=table)

    def _kick_robots(self) -> None:
        room = Room.objects.filter(pk=self.room_id).first()
        hand = room.current_hand() if room else None
        if hand is not None and not hand.is_over:
            runner.schedule(hand.pk)


# Every page of a room in this process receives the same change: the first to render it
# loads the room's rows, the others reuse them (they were read after that change committed;
# a later change sends a new id). Renders run one at a time in channels' database thread.
_shared_tables: OrderedDict[tuple[int, str], pages.Table] = OrderedDict()
_SHARED_TABLES = 512


def _table_for(room_id: int | None, change: str | None) -> pages.Table | None:
    key = (room_id or 0, change or "")
    table = _shared_tables.get(key) if change else None
    if table is None:
        room = Room.objects.filter(pk=room_id).first()
        if room is None:
            return None
        table = pages.load_table(room)
        if change:
            _shared_tables[key] = table
            while len(_shared_tables) > _SHARED_TABLES:
                _shared_tables.popitem(last=False)
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
