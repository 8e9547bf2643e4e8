"""Push diffing: one viewer's live partials for one state of the table (``Live``, rendered
when first asked for and shared by the pages that would show the same), and what one page shows
(``Shown``), so that a push sends only the fragments whose HTML changed."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from games.live.render_digests import moving_inputs, stable_inputs
from games.page.context import RoomContext, audience_key, room_context
from games.page.partials import LIVE_PARTIALS, render_partials
from games.page.render_inputs import digest
from games.page.table import Table


class Live:
    """One viewer's live partials for one state of the table, rendered when first asked for
    (watchers share one), each with a digest of its HTML without its ``data-version``."""

    def __init__(self, context: RoomContext) -> None:
        self.context = context
        self.version: int = context["version"]
        self.inputs = {**stable_inputs(context), **moving_inputs(context)}
        self._parts: dict[str, tuple[str, bytes]] = {}

    def part(self, name: str) -> tuple[str, bytes]:
        if name not in self._parts:
            html = render_partials(self.context, [name])[name]
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
        for name in LIVE_PARTIALS:
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
    live = _shared_renders.get(key)
    if live is None:
        live = Live(room_context(table.room, user, table))
        _remember(_shared_renders, key, live)
    return live
