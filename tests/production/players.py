"""Scripted people for the production tests: an HTTP session (a guest's cookies, CSRF) and a
websocket that records every push with the table version it shows."""

from __future__ import annotations

import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

VERSION = re.compile(r'data-version="(\d+)"')
LIVE_IDS = ("status", "seats", "board", "hand", "controls", "result", "log")


def version_of(hand_no: int, seq: int) -> int:
    """The version a fragment carries (games.page.context.room_context): hand number and seq."""
    return hand_no * 1_000_000 + seq


def pick(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal move; in the auction a bid rather than a pass, so the hand is played."""
    bids = [a for a in view["legal"] if a.startswith("bid:")]
    return rng.choice(bids if view["phase"] == "auction" and bids else view["legal"])


class Person:
    """One browser's worth of state: a guest session against one web process."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=15, follow_redirects=False)

    def close(self) -> None:
        self.http.close()

    def _post(self, path: str, data: dict[str, Any]) -> httpx.Response:
        token = self.http.cookies.get("csrftoken", "")
        return self.http.post(path, data=data, headers={"X-CSRFToken": token})

    def guest(self) -> Person:
        self.http.get("/")  # the csrftoken cookie
        response = self._post("/accounts/guest/", {"next": "/"})
        assert response.status_code == 302, response.text
        return self

    def open_table(self, robots: int) -> str:
        response = self._post("/rooms/new", {"variant": "hungarian", "robots": robots})
        assert response.status_code == 302, response.text
        return response.headers["location"].strip("/").split("/")[-1]

    def sit(self, code: str, seat: int) -> None:
        response = self._post(f"/r/{code}/sit", {"seat": seat})
        assert response.status_code == 302, response.text

    def view(self, code: str) -> dict[str, Any]:
        response = self.http.get(f"/r/{code}/view.json")
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, code: str, action: str, seq: int) -> httpx.Response:
        return self._post(f"/r/{code}/act", {"action": action, "seq": seq})

    def next_hand(self, code: str, hand_no: int) -> httpx.Response:
        return self._post(f"/r/{code}/next", {"hand_no": hand_no})

    def socket(self, code: str, base_url: str | None = None) -> LiveSocket:
        return LiveSocket(base_url or self.base_url, code, dict(self.http.cookies))


@dataclass
class Push:
    at: float
    version: int
    html: str


@dataclass
class LiveSocket:
    """A room websocket read by a thread; ``pushes`` grows as messages arrive."""

    base_url: str
    code: str
    cookies: dict[str, str]
    pushes: list[Push] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._changed = threading.Condition()
        self.closed = False
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._conn: ClientConnection | None = None
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        self._ready.wait(15)
        if self._conn is None:
            raise AssertionError(f"could not open the websocket on {self.base_url}: {self._error!r}")

    def _read(self) -> None:
        ws_url = self.base_url.replace("http://", "ws://") + f"/ws/r/{self.code}/"
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        try:
            with connect(ws_url, origin=self.base_url, additional_headers=headers) as conn:
                self._conn = conn
                self._ready.set()
                for message in conn:
                    text = message if isinstance(message, str) else message.decode()
                    found = VERSION.search(text)
                    with self._changed:
                        self.pushes.append(Push(time.monotonic(), int(found.group(1)) if found else -1, text))
                        self._changed.notify_all()
        except Exception as exc:  # closed, refused, or the server was killed
            self._error = exc
        finally:
            self._ready.set()
            with self._changed:
                self.closed = True
                self._changed.notify_all()

    @property
    def latest(self) -> int:
        return max((p.version for p in self.pushes), default=-1)

    def wait_for(self, version: int, timeout: float = 10) -> Push:
        """The first push showing ``version`` or later; fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for push in self.pushes:
                    if push.version >= version:
                        return push
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise AssertionError(
                        f"no push of version {version} on {self.base_url} (latest {self.latest}, "
                        f"{'closed' if self.closed else 'open'})"
                    )
                self._changed.wait(left)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._thread.join(5)
