"""Websocket consumers: one per open tab. They receive "something changed" (never cards)
and render the live partials for their own viewer."""

from __future__ import annotations

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
        await database_sync_to_async(self._kick_robots)()

    async def disconnect(self, code: int) -> None:
        if self.room_id is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Pages only listen; a "resync" (or anything) sends a fresh snapshot.
        await self._push()

    async def room_changed(self, event: dict[str, Any]) -> None:
        await self._push()

    async def _push(self) -> None:
        html = await database_sync_to_async(self._render)()
        if html is not None:
            await self.send(text_data=html)

    def _render(self) -> str | None:
        room = Room.objects.filter(pk=self.room_id).first()
        if room is None:
            return None
        return pages.render_live(room, self.scope.get("user"))

    def _kick_robots(self) -> None:
        room = Room.objects.filter(pk=self.room_id).first()
        hand = room.current_hand() if room else None
        if hand is not None and not hand.is_over:
            runner.schedule(hand.pk)


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
