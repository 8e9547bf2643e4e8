"""A page that falls behind catches up in one render: changes that arrive while it is being
rendered wait, and only the newest of them is rendered next (games.live.consumers.RoomConsumer)."""

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
    await asyncio.wait_for(page._pushing, 1)
    # A change after the page caught up is rendered at once.
    await page.room_changed({"type": "room.changed", "id": "fifth"})
    await asyncio.sleep(0)
    assert page.rendered == ["first", "fourth", "fifth"]
    page.go.set()
    await asyncio.wait_for(page._pushing, 1)


async def test_a_failed_render_does_not_stop_the_next():
    class Failing(SlowPage):
        async def _push(self, change=None, full=False, chat=False) -> None:
            self.rendered.append(change.id)
            if change.id == "bad":
                raise RuntimeError("render failed")

    page = Failing()
    await page.room_changed({"type": "room.changed", "id": "bad"})
    await asyncio.wait_for(page._pushing, 1)
    await page.room_changed({"type": "room.changed", "id": "good"})
    await asyncio.wait_for(page._pushing, 1)
    assert page.rendered == ["bad", "good"]
