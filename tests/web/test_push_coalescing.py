"""A page that falls behind catches up in one render: changes that arrive while it is being
rendered wait, and only the newest of them is rendered next (games.live.coalescing: the table's,
the lobby's and a tournament's pages)."""

from __future__ import annotations

import asyncio

from games.live import consumers


class SlowPage(consumers.RoomConsumer):
    """A page whose every render takes until the test lets it finish."""

    def __init__(self) -> None:
        self.rendered: list[str] = []
        self.go = asyncio.Event()

    async def _push(self, change=None, full=False, chat=False) -> None:
        self.rendered.append(change.id)
        await self.go.wait()
        self.go.clear()


async def test_changes_that_arrive_during_a_render_are_rendered_once_as_the_newest():
    page = SlowPage()
    await page.room_changed({"type": "room.changed", "id": "first"})
    await asyncio.sleep(0)
    for later in ("second", "third", "fourth"):  # robots without a delay, faster than a render
        await page.room_changed({"type": "room.changed", "id": later})
    assert page.rendered == ["first"]
    page.go.set()
    for _ in range(20):
        await asyncio.sleep(0)
    assert page.rendered == ["first", "fourth"]
    page.go.set()
    await asyncio.wait_for(page._delivering, 1)
    # A change after the page caught up is rendered at once.
    await page.room_changed({"type": "room.changed", "id": "fifth"})
    await asyncio.sleep(0)
    assert page.rendered == ["first", "fourth", "fifth"]
    page.go.set()
    await asyncio.wait_for(page._delivering, 1)


async def test_a_failed_render_does_not_stop_the_next():
    class Failing(SlowPage):
        async def _push(self, change=None, full=False, chat=False) -> None:
            self.rendered.append(change.id)
            if change.id == "bad":
                raise RuntimeError("render failed")

    page = Failing()
    await page.room_changed({"type": "room.changed", "id": "bad"})
    await asyncio.wait_for(page._delivering, 1)
    await page.room_changed({"type": "room.changed", "id": "good"})
    await asyncio.wait_for(page._delivering, 1)
    assert page.rendered == ["bad", "good"]


async def test_the_lobby_renders_a_burst_of_changes_once_more_not_once_a_change():
    """Tables opening and filling come in bursts; the lobby's pages use the same mechanism."""

    class SlowLobby(consumers.LobbyConsumer):
        def __init__(self) -> None:
            self.renders = 0
            self.go = asyncio.Event()

        async def _push(self) -> None:
            self.renders += 1
            await self.go.wait()
            self.go.clear()

    page = SlowLobby()
    for _ in range(6):
        # A change is taken at once, whether or not a render is under way.
        await asyncio.wait_for(page.lobby_changed({"type": "lobby.changed"}), 1)
        await asyncio.sleep(0)
    assert page.renders == 1
    page.go.set()
    for _ in range(20):
        await asyncio.sleep(0)
    assert page.renders == 2  # the five changes that came during the first render, in one
    page.go.set()
    await asyncio.wait_for(page._delivering, 1)
    assert page.renders == 2
