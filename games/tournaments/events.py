"""What a tournament hears from the writer (``games.signals``, connected in
``GamesConfig.ready``): a hand finished at one of its tables, so its standings changed."""

from __future__ import annotations

from games.services import broadcast
from games.tournaments.models import TournamentTable


def on_hand_finished(sender: object, hand_id: int, **kwargs: object) -> None:
    """``games.signals.hand_finished``: a tournament's page shows the new standings at once (the
    next deal waits for the pause, ``driver``)."""
    found = (
        TournamentTable.objects.filter(room__hands__id=hand_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if found is not None:
        broadcast.tournament_changed(found)
