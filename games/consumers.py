"""Websocket consumers: one per open tab. They receive "something changed" (never cards),
render the live partials for their own viewer and send the page those that changed."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from games import pages, services, session_moves
from games.autoplay import runner
from games.chat.live import ChatShown, chat_table
from games.models import Room
from games.render_inputs import digest, inputs_digest
from games.services import access, broadcast
from games.tables import moves_in, presence, seating
from tarokk_site import languages, limits, sessions
from tarokk_site.db_connections import KeptConnectionConsumer, database_sync_to_async

log = logging.getLogger(__name__)

# Close codes: the session this socket was opened in ended (a logout); and too many
# connections. The page's socket does not reconnect after a 4xxx close.
SESSION_ENDED = 4401
AUDIENCE_CLOSED = 4403  # the table's audience is closed and this viewer is none of its players


class RoomConsumer(presence.Present, KeptConnectionConsumer):
    """A push sends only the live partials whose HTML changed since this page last got them
    (their ``data-version`` aside: it moves with every action, and the page keeps the one it
    has). The page gets its fragments from this socket alone (the POST replies to htmx carry
    none), so what was sent is what it shows. Connecting, and any message from the page
    ("resync"), send all of them."""

    room_id: int | None = None
    session_group: str | None = None
    signed_out = False  # the session ended: nothing more is rendered or sent
    shut_out = False  # the audience is closed to this viewer: nothing more either
    closed_for_session = False
    session_checked = 0.0  # time.monotonic() of the last check of the session
    session_hold: sessions.SessionHold | None = None  # the checks of the session (tarokk_site.sessions)
    chat: ChatShown | None = None  # what the page shows of the chat (games.chat.live)
    _newest: broadcast.Change | None = None  # the newest change not rendered yet
    _pushing: asyncio.Task[None] | None = None  # rendering and sending the changes
    language = settings.LANGUAGE_CODE  # the viewer's, from the handshake (connect)

    async def connect(self) -> None:
        broadcast.note_server_loop()
        self.shown = Shown()
        self.session_checked = time.monotonic()
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
        # Reconnecting sends a full snapshot first (DESIGN.md §7).
        await self._push(full=True)
        if runner.in_process():  # otherwise the worker finds due robots in the database itself
            await database_sync_to_async(self._kick_robots)()

    async def disconnect(self, code: int) -> None:
        if self._pushing is not None:
            self._pushing.cancel()
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
        """Make the move ``text`` holds for this socket's player, as ``games.views.act`` makes a
        posted one (the same rate, checks and refusals, in this page's language); None if
        ``text`` is no move. The user is the socket's, and only while its session still holds
        them (checked now: a move is a write)."""
        with translation.override(self.language):
            unreadable = None
            try:
                sent = moves_in.read_socket_message(text)
            except services.Refused as refusal:
                sent, unreadable = None, refusal
            if sent is None and unreadable is None:
                return None  # a resync: a frame, not a move
            limited = _door_limited(self.scope, "act")  # as the view's, before anything is read
            if limited is not None:
                return Answer(limited.text)
            if unreadable is not None:
                return Answer(unreadable.message)
            signed_in = self._session_holds_user()
            user = self.scope.get("user") if signed_in else None
            assert sent is not None  # neither a resync nor unreadable
            try:
                moves_in.make_move(self.room_id, user, sent)
            except services.Refused as refusal:
                stale = isinstance(refusal, services.Stale)
                return Answer(refusal.message, stale=stale, signed_out=not signed_in)
            return Answer("")

    def _session_holds_user(self) -> bool:
        """Whether the session this socket was opened in holds its user now (a socket without
        a signed-in user has nothing to lose)."""
        user = self.scope.get("user")
        key = self._session_key()
        if key is None or user is None or not user.is_authenticated:
            return True
        self.session_checked = time.monotonic()
        if self.session_hold is None:
            self.session_hold = sessions.SessionHold()
        return self.session_hold.holds(key, user.pk) or session_moves.is_renewing(key, user.pk)

    async def room_changed(self, event: dict[str, Any]) -> None:
        """Changes that arrive while this page is being rendered wait, and only the newest of
        them is rendered next: a page that falls behind (robots without a delay move faster
        than it renders) catches up in one render, showing the table as it is now."""
        self._newest = broadcast.Change.of(event)
        if self._pushing is None or self._pushing.done():
            self._pushing = asyncio.get_running_loop().create_task(self._push_newest())

    async def _push_newest(self) -> None:
        while self._newest is not None:
            change, self._newest = self._newest, None
            try:
                await self._push(change)
            except Exception:  # the next change (or the page's resync) renders it again
                log.exception("push to a page of room %s failed", self.room_id)

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
        self.session_checked = time.monotonic()
        self.session_hold = None  # another session now
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
        session = self.scope.get("session")
        return getattr(session, "session_key", None) if session is not None else None

    def _frame_limited(self) -> limits.Limited | None:
        return _frame_limited(self.scope)

    def _still_signed_in(self) -> bool:
        """Whether the session this socket was opened in still holds its user (checked at most
        every ``SESSION_RECHECK`` seconds: a logout elsewhere closes the socket at once, this
        catches a session that expired or was deleted)."""
        user = self.scope.get("user")
        key = self._session_key()
        if key is None or user is None or not user.is_authenticated:
            return True
        if time.monotonic() - self.session_checked < settings.SESSION_RECHECK:
            return True
        return self._session_holds_user()

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
        # Pages that would show the same, in the same language, share one render of each change:
        # watchers alike (pages.audience_key), and a player's pages (tabs) of their seat.
        viewer = viewer_key(table, user) if change_id else None
        live: Live | None
        if viewer is None:
            live = Live(pages.room_context(table.room, user, table))
        else:
            key = (self.room_id or 0, change_id or "", viewer, self.language)
            live = _shared_renders.get(key)
            if live is None:
                live = Live(pages.room_context(table.room, user, table))
                _remember(_shared_renders, key, live)
        return self.shown.news(live, full) + self.chat.news(table, user, change_id, full)

    def _may_watch(self, room: Room) -> bool:
        return access.may_watch(room, self.scope.get("user"), list(room.seats.all()))

    def _kick_robots(self) -> None:
        room = Room.objects.filter(pk=self.room_id).first()  # type: ignore[misc]  # None: no room
        hand = room.current_hand() if room else None
        if hand is not None and not hand.is_over:
            runner.schedule(hand.pk)


def _frame_limited(scope: dict[str, Any]) -> limits.Limited | None:
    """Count one frame (a whole render a socket asked for) of this socket's user and address."""
    return _door_limited(scope, "frame")


def _door_limited(scope: dict[str, Any], door: str) -> limits.Limited | None:
    """Count one use of ``door`` by this socket's user and address (limits.hit_request's count)."""
    user = scope.get("user")
    user_id = user.pk if user is not None and user.is_authenticated else None
    client = scope.get("client") or (None,)
    return limits.hit(door, user_id, client[0])


@dataclass(frozen=True)
class Answer:
    """What a move sent over the socket gets: the refusal's words for #flash ("" if it was
    made), and whether the page then needs a fresh snapshot or its session has ended."""

    refusal: str
    stale: bool = False
    signed_out: bool = False


def flash_fragment(text: str, language: str | None = None) -> str:
    """The page's #flash with ``text`` (an out-of-band swap, as every pushed fragment), keeping
    what base.html gives it: the words of its reload button (site.js), in ``language``."""
    with translation.override(language or settings.LANGUAGE_CODE):
        reload = _("Reload the page")
    return (
        f'<div id="flash" role="alert" aria-live="assertive" data-reload="{escape(reload)}"'
        f' hx-swap-oob="true">{escape(text)}</div>'
    )


def stable_inputs(context: dict[str, Any]) -> dict[str, bytes]:
    """The live partials that change only when a hand ends or a seat changes hands, each with
    a digest of everything it reads besides ``version`` (tests/web/test_pushes.py renders them
    from these alone). While that is unchanged a push need not render them at all; the
    scoreboard grows by a row a hand and was the dearest partial late in a match."""
    seats = [(row["index"], row["label"], row["is_me"]) for row in context["seat_rows"]]
    oob = context.get("oob", False)
    result = (context["view"] or {}).get("result")
    review = (context["view"] or {}).get("review")
    language = translation.get_language()
    return {
        "result": digest(repr((result, seats, oob, context.get("hand_paths"), language))),
        "review": digest(repr((review, seats, oob, language))),
        "scoreboard": digest(repr((match_digest(context["match"]), seats, oob, language))),
    }


# The digests of the matches the pages show lately, by the match itself: games.tables.seating
# keeps one match for all the moves of a hand, and a long match's rows are the dearest input of
# a push to digest. A match is never changed once built (pages.match_of).
_match_digests: OrderedDict[int, tuple[Any, bytes]] = OrderedDict()


def match_digest(match: dict[str, Any] | None) -> bytes | None:
    if match is None:
        return None
    known = _match_digests.get(id(match))
    if known is not None and known[0] is match:
        return known[1]
    made = digest(repr(match))
    _remember(_match_digests, id(match), (match, made))
    return made


def moving_inputs(context: dict[str, Any]) -> dict[str, bytes]:
    """The live partials that change with some moves only, each with a digest of everything its
    template reads besides ``version`` (tests/web/test_pushes.py checks after every move of whole
    hands that a page skipping them shows what a page rendering all shows). ``hand``: the
    viewer's cards, and ``seq`` only while one of them may be played; ``controls``: the viewer's
    decisions, and ``seq`` only while there is one; ``guide``: at the tables without a guide."""
    view, controls, hand, match = context["view"], context["controls"], context["hand"], context["match"]
    me, oob, variant = context["me"], context.get("oob", False), context["variant_key"]
    cards = context["hand_cards"]
    inputs: dict[str, bytes | None] = {}
    # live/hand.html
    playing = any(c["play"] for c in cards)
    sitter = view.get("sitter") if view else None
    seq = context["seq"] if playing else None
    inputs["hand"] = inputs_digest(
        variant, oob, me, bool(view), sitter, bool(controls["discard"]), cards, seq
    )
    # live/controls.html (and live/_bridge_prompt.html)
    deciding = any(controls[k] for k in ("announce", "kontra", "talon", "buttons", "cut", "discard"))
    user = context["user"]
    inputs["controls"] = inputs_digest(
        variant,
        oob,
        me,
        controls,
        context.get("bridge"),
        context["seq"] if deciding else None,
        _controls_view(view, me, context.get("bridge")),
        (hand.number, hand.is_over) if hand is not None else None,
        (context["room"].code, context["room"].variant, context["room"].fixed_seed, context["room"].tutorial),
        match.get("over") if match else None,
        context.get("can_end_match"),
        bool(getattr(user, "is_authenticated", False)),
        context.get("has_free_seat"),
    )
    # live/guide.html: an empty, hidden section at every table but a guided hand's
    if not context.get("guide"):
        inputs["guide"] = inputs_digest(oob, "no-guide")
    return {name: value for name, value in inputs.items() if value is not None}


def _controls_view(view: dict[str, Any] | None, me: int | None, bridge: Any) -> Any:
    """What live/controls.html reads of the view besides being there: whether this seat waits
    for the others' discards, and Bridge's top card (its prompt). Whose turn it is changes
    with every move and is not shown there: the controls of the seats not asked are not
    rendered again at every card."""
    if not view:
        return None
    waiting = view["phase"] == "discard" and me is not None and me not in view["to_act"]
    return (waiting, view.get("top") if bridge else None)


class Live:
    """One viewer's live partials for one state of the table, rendered when first asked for
    (watchers share one), each with a digest of its HTML without its ``data-version``."""

    def __init__(self, context: dict[str, Any]) -> None:
        self.context = context
        self.version: int = context["version"]
        self.inputs = {**stable_inputs(context), **moving_inputs(context)}
        self._parts: dict[str, tuple[str, bytes]] = {}

    def part(self, name: str) -> tuple[str, bytes]:
        if name not in self._parts:
            html = pages.render_partials(self.context, [name])[name]
            self._parts[name] = (html, digest(html.replace(f' data-version="{self.version}"', "", 1)))
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
            html, shown = live.part(name)
            if self.html.get(name) != shown:
                self.html[name] = shown
                parts.append(html)
            if inputs is not None:
                self.inputs[name] = inputs
        return "".join(parts)


# Every page of a room in this process receives the same change: the first page of a viewer
# (viewer_key) to render it renders it for all of that viewer's pages (a later change sends a
# new id; games.tables.seating shares the table's rows the same way). Renders run one at a
# time in channels' database thread.
_shared_renders: OrderedDict[tuple[int, str, tuple[Any, ...], str], Live] = OrderedDict()
_SHARED = 512


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    while len(cache) > _SHARED:
        cache.popitem(last=False)


def viewer_key(table: pages.Table, user: Any) -> tuple[Any, ...]:
    """Everything of ``user`` their live partials depend on: a seated player's seat and user
    (``room_context`` reads nothing else of them), else what ``pages.audience_key`` holds."""
    audience = pages.audience_key(table, user)
    if audience is not None:
        return ("audience", *audience)
    return ("seat", user.pk, next(s.index for s in table.seats if s.user_id == user.pk))


class LobbyConsumer(presence.Present, KeptConnectionConsumer):
    language = settings.LANGUAGE_CODE

    async def connect(self) -> None:
        broadcast.note_server_loop()
        # Connecting renders the room list: a frame, as a table page's snapshot is.
        if await database_sync_to_async(_frame_limited)(self.scope) is not None:
            await self.close()
            return
        self.language = await database_sync_to_async(languages.language_of_scope)(self.scope)
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.arrive()
        await self._push()

    async def disconnect(self, code: int) -> None:
        await self.depart()
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._push()

    async def _push(self) -> None:
        html = await database_sync_to_async(self._render)()
        await self.send(text_data=html)

    def _render(self) -> str:
        from games.tables import lobby

        # The page's filter (``/ws/lobby/?game=czech``) holds for every push, as for the page.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        game = lobby.game_filter((query.get("game") or [""])[0])[0]
        with translation.override(self.language):
            return render_to_string("games/lobby.html#rooms", lobby.lobby_tables(game))


class NoSuchSocket(KeptConnectionConsumer):
    """Any websocket path the site does not serve: refused cleanly (the handshake is
    declined), instead of the router's error and a traceback."""

    async def connect(self) -> None:
        await self.close(code=4404)
