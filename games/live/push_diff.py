"""Push diffing: one viewer's live partials for one state of the table (``Live``, rendered
when first asked for and shared by the pages that would show the same), and what one page shows
(``Shown``), so that a push sends only the fragments whose HTML changed."""

from __future__ import annotations

from typing import Any

from games.live.render_digests import moving_inputs, stable_inputs
from games.page.context import RoomContext, audience_key, room_context
from games.page.partials import (
    LIVE_PARTIALS,
    LOG_LINES,
    PIECES,
    made_of,
    pieces,
    render_partials,
)
from games.page.render_inputs import digest
from games.page.table import Table
from tarokk_site.bounded import Bounded


class Live:
    """One viewer's live partials for one state of the table, rendered when first asked for
    (watchers share one), each with a digest of its HTML without its ``data-version``; and the
    parts a push may send alone (games.page.partials.PIECES, the log's lines)."""

    def __init__(self, context: RoomContext) -> None:
        self.context = context
        self.version: int = context["version"]
        self.inputs = {**stable_inputs(context), **moving_inputs(context)}
        self._stamp = f' data-version="{self.version}"'
        self._parts: dict[str, tuple[str, bytes]] = {}
        self._made: dict[str, Any] = {}

    def _given(self, name: str) -> dict[str, Any]:
        """What partial ``name`` is built from that a push may also send alone, made once."""
        if name not in self._made:
            self._made[name] = made_of(self.context, name)
        return self._made[name]

    def part(self, name: str) -> tuple[str, bytes]:
        if name not in self._parts:
            html = render_partials({**self.context, **self._given(name)}, [name])[name]  # type: ignore[typeddict-item]
            # Without its version stamp: a move changes it.
            self._parts[name] = (html, digest(html.replace(self._stamp, "", 1)))
        return self._parts[name]

    def pieces(self, name: str) -> list[tuple[str, str]]:
        """The parts of partial ``name`` a push may send alone, by id (none carries a version)."""
        return pieces({**self.context, **self._given(name)}, name)

    def log_lines(self) -> list[str]:
        return self._given("log")["log_lines"]


class Shown:
    """What one page shows: by partial, the digest of its HTML (version aside) and of its inputs
    (where they are digested), the HTML of its parts sent alone (the board's centre and facts of
    the tricks, each seat), the log's lines; and the version of the newest push."""

    def __init__(self) -> None:
        self.html: dict[str, bytes] = {}  # b"": its parts changed alone since it was sent whole
        self.inputs: dict[str, bytes] = {}
        self.pieces: dict[str, dict[str, str]] = {}  # by partial, its parts' HTML by id
        self.lines: list[str] = []  # the log's lines the page shows, oldest first
        self.version = -1

    def news(self, live: Live, full: bool = False) -> str:
        """The fragments of ``live`` the page does not show yet, remembered as shown."""
        if full:
            self.html, self.inputs, self.pieces = {}, {}, {}
        elif live.version < self.version:
            # Older than what the page shows (a render of a change overtaken by a snapshot):
            # the page would refuse each of its fragments, so none is sent or remembered.
            return ""
        self.version = live.version
        parts: list[str] = []
        for name in LIVE_PARTIALS:
            inputs = live.inputs.get(name)
            if inputs is not None and self.inputs.get(name) == inputs and name in self.html:
                # The same inputs render the same HTML, but for the parts sent alone.
                if name in PIECES:
                    self._send_pieces(live, name, parts)
                    continue
                if name != "log" or self._send_lines(live, parts):
                    continue
            if self._send(live, name, parts):
                if name in PIECES:
                    self.pieces[name] = dict(live.pieces(name))
                elif name == "log":
                    self.lines = live.log_lines()
            if inputs is not None:
                self.inputs[name] = inputs
            else:
                self.inputs.pop(name, None)
        return "".join(parts)

    def _send(self, live: Live, name: str, parts: list[str]) -> bool:
        """Add partial ``name`` of ``live`` to ``parts`` if the page does not show it yet."""
        html, shown = live.part(name)
        if self.html.get(name) == shown:
            return False
        self.html[name] = shown
        parts.append(html)
        return True

    def _send_pieces(self, live: Live, name: str, parts: list[str]) -> None:
        """Add to ``parts`` the parts of ``name`` (its shell as the page shows it) that changed:
        each replaces the element of its id (htmx's out-of-band swap)."""
        held = self.pieces.setdefault(name, {})
        for ident, html in live.pieces(name):
            if held.get(ident) != html:
                held[ident] = html
                parts.append(html)
                self.html[name] = b""  # the page's partial is no longer the one last sent whole

    def _send_lines(self, live: Live, parts: list[str]) -> bool:
        """Add to ``parts`` the log's lines the page lacks, to go at the top of its list, and
        those that changed (Czech names the cards of the tricks turned over no more), each by its
        id; False where most of them changed (the seats' names, a new hand): the whole log goes."""
        lines, held = live.log_lines(), self.lines
        if held != lines[: len(held)]:
            if len(lines) < len(held):
                return False
            changed = [index for index, line in enumerate(held) if lines[index] != line]
            if 2 * len(changed) > len(held):
                return False
            parts += (lines[index] for index in changed)
        if len(lines) > len(held):
            new = "".join(reversed(lines[len(held) :]))
            parts.append(f'<ol hx-swap-oob="afterbegin:#{LOG_LINES}">{new}</ol>')
        if lines != held:
            self.lines = lines
            self.html["log"] = b""
        return True


# Every page of a room in this process receives the same change: the first page of a viewer
# (viewer_key) to render it renders it for all of that viewer's pages (a later change sends a
# new id; games.tables.seating shares the table's rows the same way). Renders run one at a
# time in channels' database thread.
_shared_renders: Bounded[tuple[int, str, tuple[Any, ...], str], Live] = Bounded(512)


def viewer_key(table: Table, user: Any) -> tuple[Any, ...]:
    """Everything of ``user`` their live partials depend on: a seated player's seat and user
    (``room_context`` reads nothing else of them), else what ``audience_key`` holds."""
    audience = audience_key(table, user)
    if audience is not None:
        return ("audience", *audience)
    return ("seat", user.pk, next(s.index for s in table.seats if s.user_id == user.pk))


def live_for(table: Table, user: Any, room_id: int, change_id: str | None, language: str) -> Live:
    """``user``'s live partials after the change ``change_id`` (None: a snapshot, never shared).
    Pages that would show the same, in the same language, share one render of each change:
    watchers alike (games.page.context.audience_key), and a player's pages (tabs) of their seat."""
    viewer = viewer_key(table, user) if change_id else None
    if viewer is None:
        return Live(room_context(table.room, user, table))
    key = (room_id, change_id or "", viewer, language)
    return _shared_renders.get_or_make(key, lambda: Live(room_context(table.room, user, table)))
