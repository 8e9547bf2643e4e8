"""Websocket consumers: one per open tab. They receive "something changed" (never cards),
render the live partials for their own viewer and send the page those that changed
(games.live.push_diff); a move sent over the socket goes to games.live.socket_moves."""

from __future__ import annotations

import time
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games.autoplay import runner
from games.chat.live import ChatShown, chat_table
from games.live import socket_moves
from games.live.coalescing import Coalescing
from games.live.push_diff import Shown, live_for
from games.live.socket_limits import frame_limited
from games.live.socket_moves import Answer, flash_fragment
from games.live.socket_session import SessionCheck, session_key
from games.models import Room
from games.services import access, broadcast
from games.tables import lobby, presence, seating
from games.tournaments import page as tournament_page
from games.tournaments.models import Tournament
from tarokk_site import languages, limits, sessions
from tarokk_site.db_connections import KeptConnectionConsumer, database_sync_to_async

# Close codes: the session this socket was opened in ended (a logout); and too many
# connections. The page's socket does not reconnect after a 4xxx close.
SESSION_ENDED = 4401
AUDIENCE_CLOSED = 4403  # the table's audience is closed and this viewer is none of its players


class RoomConsumer(Coalescing, presence.Present, KeptConnectionConsumer):
    """A push sends only the live partials whose HTML changed since this page last got them
    (their ``data-version`` aside: it moves with every action, and the page keeps the one it
    has). The page gets its fragments from this socket alone (the POST replies to htmx carry
    none), so what was sent is what it shows. Connecting, and any message from the page
    ("resync"), send all of them. A page that falls behind the changes catches up in one render
    of the newest (games.live.coalescing)."""

    room_id: int | None = None
    session_group: str | None = None
    signed_out = False  # the session ended: nothing more is rendered or sent
    shut_out = False  # the audience is closed to this viewer: nothing more either
    closed_for_session = False
    session: SessionCheck  # the checks of the session this socket was opened in
    chat: ChatShown | None = None  # what the page shows of the chat (games.chat.live)
    language = settings.LANGUAGE_CODE  # the viewer's, from the handshake (connect)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = SessionCheck()  # due for a check until connect() notes the time

    async def connect(self) -> None:
        broadcast.note_server_loop()
        self.shown = Shown()
        self.session = SessionCheck(time.monotonic())
        # Connecting renders a whole snapshot: it counts as a frame (declined over the rate; the
        # page's socket tries again after a pause).
        if await database_sync_to_async(self._frame_limited)() is not None:
            await self.close()
            return
        code = self.scope["url_route"]["kwargs"]["code"]
        room = await database_sync_to_async(Room.objects.filter(code=code).first)()
        if room is None:
            await self.close(code=4404)
            return
        if not await database_sync_to_async(self._may_watch)(room):
            await self.close(code=AUDIENCE_CLOSED)
            return
        self.room_id = room.pk
        self.present_at = room.pk
        # Every push to this page is rendered in its viewer's language (tarokk_site.languages).
        self.language = await database_sync_to_async(languages.language_of_scope)(self.scope)
        self.group = broadcast.room_group(room.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        # A logout closes the sockets of its session (games.apps connects the signal).
        session_key = self._session_key()
        if session_key:
            self.session_group = broadcast.session_group(session_key)
            await self.channel_layer.group_add(self.session_group, self.channel_name)
        await self.accept()
        await self.arrive()
        # Reconnecting sends a full snapshot first (the same partials everywhere: a reload shows the truth).
        await self._push(full=True)
        if runner.in_process():  # otherwise the worker finds due robots in the database itself
            await database_sync_to_async(self._kick_robots)()

    async def disconnect(self, code: int) -> None:
        self.stop_delivering()
        await self.depart()
        if self.room_id is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.session_group is not None:
            await self.channel_layer.group_discard(self.session_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A move (htmx's ``ws-send`` of a move control: its ``action`` and ``seq``), made as
        ``POST /r/<code>/act`` makes it; anything else asks for a fresh snapshot."""
        if self.signed_out:
            return
        answer = await database_sync_to_async(self._move)(text_data)
        if answer is None:
            return await self._resync()
        if answer.refusal:
            await self.send(text_data=flash_fragment(answer.refusal, self.language))
        if answer.signed_out:
            await self._sign_out()
        elif answer.stale:
            # As a page does after a refused POST of a stale move (site.js): a fresh snapshot.
            await self._resync()
        # A move made sends nothing here: the push that follows its commit updates the page.

    async def _resync(self) -> None:
        # A fresh snapshot, as often as the frame limit allows (each is a whole render on the
        # thread that also serves pages).
        refused = await database_sync_to_async(self._frame_limited)()
        if refused is not None:
            await self.send(text_data=flash_fragment(refused.text, self.language))
            return
        await self._push(full=True)

    def _move(self, text: str | None) -> Answer | None:
        """Make the move ``text`` holds for this socket's player (games.live.socket_moves)."""
        return socket_moves.move(self.scope, self.room_id, text, self.language, self._session_holds_user)

    def _session_holds_user(self) -> bool:
        return self.session.holds_user(self.scope)

    async def room_changed(self, event: dict[str, Any]) -> None:
        self.changed(broadcast.Change.of(event))

    async def deliver(self, value: Any) -> None:
        await self._push(value)

    async def chat_changed(self, event: dict[str, Any]) -> None:
        await self._push(event.get("id"), chat=True)

    async def session_ended(self, event: dict[str, Any]) -> None:
        """The session this page was opened in ended: not one more push for its viewer."""
        await self._sign_out()

    async def session_moved(self, event: dict[str, Any]) -> None:
        """The player carries on in a new session (a guest signed up): this page follows it, as
        the player is now, if the new session holds the same player."""
        user = self.scope.get("user")
        now = await database_sync_to_async(sessions.user_of)(event["key"])
        if user is None or now is None or now.pk != user.pk:
            return await self._sign_out()
        self.scope["session"] = import_module(settings.SESSION_ENGINE).SessionStore(event["key"])
        self.scope["user"] = now
        self.session.renewed()  # another session now
        if self.session_group is not None:
            await self.channel_layer.group_discard(self.session_group, self.channel_name)
        self.session_group = broadcast.session_group(event["key"])
        await self.channel_layer.group_add(self.session_group, self.channel_name)

    async def _sign_out(self) -> None:
        if not self.closed_for_session:
            self.closed_for_session = self.signed_out = True
            await self.close(code=SESSION_ENDED)

    async def _push(
        self, change: broadcast.Change | str | None = None, full: bool = False, chat: bool = False
    ) -> None:
        if self.signed_out:
            return await self._sign_out()
        message = await database_sync_to_async(self._render)(change, full, chat)
        if self.signed_out:
            return await self._sign_out()
        if self.shut_out:
            return await self.close(code=AUDIENCE_CLOSED)
        if message:
            await self.send(text_data=message)

    def _session_key(self) -> str | None:
        return session_key(self.scope)

    def _frame_limited(self) -> limits.Limited | None:
        return frame_limited(self.scope)

    def _still_signed_in(self) -> bool:
        return self.session.still_signed_in(self.scope)

    def _render(self, change: broadcast.Change | str | None, full: bool, chat: bool = False) -> str:
        """The fragments this page needs after ``change`` (a ``room.changed`` message's, or a
        bare change id: read everything; all the fragments if ``full``); after a change of the
        chat (``chat``), its partials only; in the viewer's language."""
        if not isinstance(change, broadcast.Change):
            change = broadcast.Change.of(change) if change else None
        with translation.override(self.language):
            return self._render_in_language(change, full, chat)

    def _render_in_language(self, change: broadcast.Change | None, full: bool, chat: bool) -> str:
        if self.signed_out or not self._still_signed_in():
            self.signed_out = True
            return ""
        user = self.scope.get("user")
        if self.shut_out:
            return ""
        if self.chat is None:
            self.chat = ChatShown()
        change_id = change.id if change is not None else None
        if chat:
            table = chat_table(self.room_id, change_id)
            return "" if table is None else self.chat.news(table, user, change_id, chat=True)
        table = seating.table_for(self.room_id, change)
        if table is None or self.shut_out:
            return ""
        # The host may close the audience, or remove this viewer's player, while the page is open.
        if not access.may_watch(table.room, user, table.seats):
            self.shut_out = True
            return ""
        # Pages that would show the same, in the same language, share one render of each change.
        live = live_for(table, user, self.room_id or 0, change_id, self.language)
        return self.shown.news(live, full) + self.chat.news(table, user, change_id, full)

    def _may_watch(self, room: Room) -> bool:
        return access.may_watch(room, self.scope.get("user"), list(room.seats.all()))

    def _kick_robots(self) -> None:
        room = Room.objects.filter(pk=self.room_id).first()  # type: ignore[misc]  # None: no room
        hand = room.current_hand() if room else None
        if hand is not None and not hand.is_over:
            runner.schedule(hand.pk)


class LobbyConsumer(Coalescing, presence.Present, KeptConnectionConsumer):
    """The lobby's room list, pushed again after every change of the lobby (a burst of them,
    tables opening and filling, costs a page one or two renders: games.live.coalescing)."""

    language = settings.LANGUAGE_CODE

    async def connect(self) -> None:
        broadcast.note_server_loop()
        # Connecting renders the room list: a frame, as a table page's snapshot is.
        if await database_sync_to_async(frame_limited)(self.scope) is not None:
            await self.close()
            return
        self.language = await database_sync_to_async(languages.language_of_scope)(self.scope)
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.arrive()
        await self._push()

    async def disconnect(self, code: int) -> None:
        self.stop_delivering()
        await self.depart()
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        self.changed()

    async def deliver(self, value: Any) -> None:
        await self._push()

    async def _push(self) -> None:
        html = await database_sync_to_async(self._render)()
        await self.send(text_data=html)

    def _render(self) -> str:
        # The page's filter (``/ws/lobby/?game=czech``) holds for every push, as for the page.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        game = lobby.game_filter((query.get("game") or [""])[0])[0]
        with translation.override(self.language):
            return render_to_string("games/lobby.html#rooms", lobby.lobby_tables(game))


class TournamentConsumer(Coalescing, presence.Present, KeptConnectionConsumer):
    """A tournament's page: its board (entries, rounds, tables, standings) pushed again, as this
    viewer sees it, whenever the tournament changes (``broadcast.tournament_changed``). A burst
    of changes (every entry before the start, a round seated while its tables' hands finish)
    costs each page one or two renders, not one a change (games.live.coalescing)."""

    language = settings.LANGUAGE_CODE
    group: str | None = None

    async def connect(self) -> None:
        broadcast.note_server_loop()
        if await database_sync_to_async(frame_limited)(self.scope) is not None:
            await self.close()
            return
        code = self.scope["url_route"]["kwargs"]["code"]
        tournament = await database_sync_to_async(Tournament.objects.filter(code=code).first)()
        if tournament is None:
            await self.close(code=4404)
            return
        self.tournament_id = tournament.pk
        self.language = await database_sync_to_async(languages.language_of_scope)(self.scope)
        self.group = broadcast.tournament_group(tournament.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.arrive()  # a page of the tournament open: its player is here (games.tournaments.driver)

    async def disconnect(self, code: int) -> None:
        self.stop_delivering()
        await self.depart()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        self.changed()

    async def deliver(self, value: Any) -> None:
        html = await database_sync_to_async(self._render)()
        if html:
            await self.send(text_data=html)

    def _render(self) -> str:
        tournament = Tournament.objects.select_related("created_by").filter(pk=self.tournament_id).first()
        if tournament is None:
            return ""
        user = self.scope.get("user")
        # A tournament table's page (``?note=<table code>``) follows the tournament by its note.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        table_code = (query.get("note") or [""])[0]
        if table_code:
            room = Room.objects.filter(code=table_code).only("pk").first()
            note = tournament_page.table_note(room.pk, user) if room is not None else None
            if note is None or note.tournament.pk != tournament.pk:
                return ""
            with translation.override(self.language):
                return render_to_string("tournaments/_table_note.html", {"note": note})
        with translation.override(self.language):
            context = tournament_page.context(tournament, user)
            context["user"] = user
            return render_to_string("tournaments/tournament.html#board", context)


class NoSuchSocket(KeptConnectionConsumer):
    """Any websocket path the site does not serve: refused cleanly (the handshake is
    declined), instead of the router's error and a traceback."""

    async def connect(self) -> None:
        await self.close(code=4404)
