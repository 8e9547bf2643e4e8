"""A robot thread's runner that a test drives by hand: it is not started, and what it would queue
is written down instead of waited for."""

from __future__ import annotations

from games.autoplay import runner


class QueuedRunner(runner._ThreadRunner):
    """``queued``: each ``(hand id, delay)`` the runner asked to be woken for, in order."""

    def __init__(self) -> None:
        self.queued: list[tuple[int, float]] = []
        super().__init__(start=False)

    def add(self, hand_id: int, delay: float) -> None:
        self.queued.append((hand_id, delay))


def installed_runner(monkeypatch) -> QueuedRunner:
    """A ``QueuedRunner`` as this process's robot thread (``runner.schedule`` reaches it)."""
    robots = QueuedRunner()
    monkeypatch.setattr(runner, "_thread_runner", lambda: robots)
    return robots
