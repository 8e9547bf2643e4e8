"""The scripted players of bench/load.py: a page per seat (and one for the audience) listening
on the room's websocket, and for each scripted seat a player that moves when its page says so.

A seat acts when a push shows it to act with choices it has not acted on: a newer
``data-version``, or the same version with other choices. The second matters in Czech
Taroky, where a declined I-on-the-end or contra is private (``Hand.public_seq`` and so the
version do not move): the seat can be asked again at the version it last acted at. A seat
that has been asked for more than ``STALL_AFTER`` seconds without acting asks its page for a
full snapshot (any text on the socket) and forgets what it acted on: a "stall".
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

STATUS = re.compile(
    r'<div id="status" class="status( my-turn)?"[^>]*data-seq="(\d+)"[^>]*data-phase="([^"]*)"[^>]*'
    r'data-version="(\d+)"'
)
# The seat's own choices, as a browser has them: the pushed hand and controls partials.
PANEL = re.compile(r'<section id="(hand|controls)"[^>]*>.*?</section>', re.S)
ACTION = re.compile(r'data-action="([^"]+)"')
CUT = re.compile(r'<option value="(cut:\d+)"')
DISCARDS = re.compile(r"data-legal='([^']*)'")
STALL_AFTER = 5.0
FLASH = '<div id="flash"'


def legal_actions(panels: dict[str, str]) -> list[str]:
    """The actions a page offers its seat: buttons and playable cards (``data-action``), the
    cut positions, and every legal discard (the discard form's ``data-legal``)."""
    text = panels.get("hand", "") + panels.get("controls", "")
    found = ACTION.findall(text) + CUT.findall(text)
    for listed in DISCARDS.findall(text):
        found += json.loads(html.unescape(listed))
    return found


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)  # a move seen by every page of its table
    again: list[float] = field(default_factory=list)  # a seat's move -> that seat asked again
    actions: int = 0  # moves the scripted seats made (robots' are counted from the log)
    conflicts: int = 0  # 409 (or the socket's refusal): a simultaneous discard overtaken
    refusals: int = 0  # 403: not this seat's turn after all (a push older than its move)
    stalls: int = 0  # a seat asked for more than STALL_AFTER s without acting
    same_version: int = 0  # moves asked at the version the seat last acted at (after a private one)
    reconnects: int = 0  # a page whose socket failed or dropped connects again, as htmx's ws does
    errors: list[str] = field(default_factory=list)
    counting: bool = False
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)  # seconds of CPU over the window, by kind
    log: dict[str, Any] = field(default_factory=dict)  # moves and hands from the database
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # bench/counters.py, the window's


@dataclass
class Seat:
    index: int  # the seat's number, or -1 for the audience
    base_url: str
    cookies: dict[str, str]
    plays: bool = True  # a scripted seat (the audience only listens)
    version: int = -1
    my_turn: bool = False
    phase: str = ""
    seq: int = 0  # the move number the page shows (what its forms post)
    panels: dict[str, str] = field(default_factory=dict)  # its latest hand and controls HTML
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    socket: Any = None  # the open websocket, for the watchdog's "resync"
    acted: tuple[int, tuple[str, ...]] | None = None  # (version, choices) it last acted on
    dealt: int = -1  # the version at which it last asked for the next hand
    asked_since: float | None = None  # since when its page has shown it to act (or to deal)
    busy: bool = False  # thinking, or its request is in flight
    again: tuple[float, int, tuple[str, ...]] | None = None  # (posted at, version, choices)

    def choices(self) -> tuple[str, ...]:
        return tuple(sorted(legal_actions(self.panels)))

    def asked(self) -> tuple[int, tuple[str, ...]] | None:
        """What the page asks of the seat now, if anything: (version, choices) to act on."""
        if not self.my_turn:
            return None
        choices = self.choices()
        return (self.version, choices) if choices else None

    def should_act(self) -> bool:
        asked = self.asked()
        if asked is None:
            return False
        if self.acted is None:
            return True
        return asked[0] > self.acted[0] or (asked[0] == self.acted[0] and asked[1] != self.acted[1])

    def should_deal(self) -> bool:
        return self.phase == "over" and self.index == 0 and self.version > self.dealt


class Table:
    def __init__(
        self,
        code: str,
        seats: list[Seat],
        figures: Figures,
        rng: random.Random,
        think: float = 0,
        moves: str = "socket",
    ) -> None:
        self.code = code
        self.think = think  # mean seconds a player thinks before moving (0: as fast as allowed)
        # "socket": a move goes over the page's websocket, as the room page sends it (htmx's
        # ws-send); "http": posted to /r/<code>/act, as a script does.
        self.moves = moves
        self.seats = seats  # the scripted seats' pages and the audience's
        self.figures = figures
        self.rng = rng
        # version -> (submitted at, pages that have not shown it yet)
        self.pending: dict[int, tuple[float, set[int]]] = {}

    @property
    def players(self) -> list[Seat]:
        return [s for s in self.seats if s.plays]

    def seen(self, seat: Seat, version: int) -> None:
        now = time.perf_counter()
        for wanted in [v for v in self.pending if v <= version]:
            started, waiting = self.pending[wanted]
            waiting.discard(seat.index)
            if not waiting:
                del self.pending[wanted]
                if self.figures.counting:
                    self.figures.latencies.append(now - started)

    def _asked_again(self, seat: Seat) -> None:
        """Close the seat's "asked to act again" measurement once a push asks it anew."""
        if seat.again is None:
            return
        posted, version, choices = seat.again
        if seat.phase == "over" or seat.version // 1_000_000 != version // 1_000_000:
            seat.again = None  # the hand ended: what comes next is the next deal
            return
        asked = seat.asked()
        if asked is None or (asked[0] == version and asked[1] == choices):
            return
        seat.again = None
        if self.figures.counting:
            self.figures.again.append(time.perf_counter() - posted)

    async def listen(self, seat: Seat, stop: asyncio.Event) -> None:
        url = seat.base_url.replace("http://", "ws://") + f"/ws/r/{self.code}/"
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in seat.cookies.items())} if seat.cookies else {}
        while not stop.is_set():
            try:
                async with websockets.connect(
                    url,
                    origin=seat.base_url,
                    additional_headers=headers,
                    max_size=2**22,
                    ping_interval=None,
                    open_timeout=60,
                ) as ws:
                    seat.socket = ws
                    async for message in ws:
                        text = message if isinstance(message, str) else message.decode()
                        if FLASH in text and self.figures.counting:
                            # A move sent over the socket and refused (the table moved on).
                            self.figures.conflicts += 1
                        for panel in PANEL.finditer(text):
                            seat.panels[panel.group(1)] = panel.group(0)
                        found = STATUS.search(text)
                        if not found:
                            continue
                        seat.connected.set()
                        version = int(found.group(4))
                        if version < seat.version:
                            continue
                        seat.version, seat.my_turn = version, bool(found.group(1))
                        seat.seq, seat.phase = int(found.group(2)), found.group(3)
                        self.seen(seat, version)
                        if seat.plays:
                            self._asked_again(seat)
                            if not (seat.my_turn or seat.phase == "over" and seat.index == 0):
                                seat.asked_since = None
                            elif seat.asked_since is None:
                                seat.asked_since = time.perf_counter()
                        seat.wake.set()
                        if stop.is_set():
                            return
            except Exception as exc:  # noqa: BLE001 - a failed or dropped page connects again
                if stop.is_set():
                    return
                self.figures.reconnects += 1
                if self.figures.counting:
                    self.figures.errors.append(f"socket {self.code}/{seat.index}: {exc!r}")
                await asyncio.sleep(1 + self.rng.random())
            finally:
                seat.socket = None

    async def watch(self, stop: asyncio.Event) -> None:
        """The watchdog: a seat asked for more than STALL_AFTER s without acting asks its page
        for a snapshot and acts on whatever that shows."""
        while not stop.is_set():
            await asyncio.sleep(1)
            now = time.perf_counter()
            for seat in self.players:
                if seat.busy or seat.asked_since is None or now - seat.asked_since < STALL_AFTER:
                    continue
                self.figures.stalls += 1
                if self.figures.counting:
                    where = f"{self.code}/{seat.index} at {seat.version} {seat.phase}"
                    self.figures.errors.append(f"stall {where}")
                seat.acted, seat.dealt, seat.asked_since = None, -1, now
                if seat.socket is not None:
                    try:
                        await seat.socket.send("resync")
                    except Exception:  # noqa: BLE001 - the page connects again by itself
                        pass
                seat.wake.set()

    async def play(self, seat: Seat, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        headers = {"X-CSRFToken": seat.cookies["csrftoken"]}
        while not stop.is_set():
            await seat.wake.wait()
            seat.wake.clear()
            if stop.is_set():
                return
            seat.busy = True
            try:
                if seat.should_deal():
                    seat.dealt, seat.asked_since = seat.version, None
                    await http.post(
                        f"/r/{self.code}/next", data={"hand_no": seat.version // 1_000_000}, headers=headers
                    )
                    continue
                if not seat.should_act():
                    continue
                asked = seat.asked()
                assert asked is not None
                if seat.acted is not None and asked[0] == seat.acted[0] and self.figures.counting:
                    self.figures.same_version += 1
                seat.acted, seat.asked_since = asked, None
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                action = self.rng.choice(asked[1])
                hand_base = seat.version // 1_000_000 * 1_000_000  # version = hand number, move
                started = time.perf_counter()
                seat.again = (started, *asked)
                if self.moves == "socket":
                    # No answer comes: the push that follows the commit (or, refused, the
                    # flash and a fresh snapshot) is the answer, as on the room page.
                    if seat.socket is None:
                        raise ConnectionError("the page's socket is not open")
                    await seat.socket.send(json.dumps({"action": action, "seq": seat.seq}))
                    if self.figures.counting:
                        self.figures.actions += 1
                    continue
                response = await http.post(
                    f"/r/{self.code}/act", data={"action": action, "seq": seat.seq}, headers=headers
                )
                if response.status_code == 200:
                    public_seq = response.json()["seq"]
                    if self.figures.counting:
                        self.figures.actions += 1
                    # A private move (a Czech decline) shows on no page: nothing to wait for.
                    if public_seq > seat.seq:
                        version = hand_base + public_seq
                        waiting = {s.index for s in self.seats if s.version < version}
                        if waiting:
                            self.pending[version] = (started, waiting)
                        elif self.figures.counting:
                            self.figures.latencies.append(time.perf_counter() - started)
                    continue
                seat.again = None
                if response.status_code == 409:
                    # The table moved on (another seat's discard came first): the push that
                    # says so wakes this seat again, as it refreshes a browser's page.
                    self.figures.conflicts += 1
                elif response.status_code == 403:
                    self.figures.refusals += 1
                else:
                    self.figures.errors.append(
                        f"act {self.code}/{seat.index}: {response.status_code} {response.text[:80]!r}"
                    )
            except Exception as exc:  # noqa: BLE001
                if not stop.is_set():
                    self.figures.errors.append(f"http {self.code}/{seat.index}: {exc!r}")
                    seat.acted, seat.again = None, None
                    await asyncio.sleep(0.5)
                    seat.wake.set()
            finally:
                seat.busy = False
