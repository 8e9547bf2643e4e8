"""Links to pages other packages serve: the replay of a hand (games.history), a player's
profile."""

from __future__ import annotations

from django.urls import reverse


def replay_link(hand_id: int) -> str:
    return reverse("replay", args=[hand_id])


def profile_link(username: str) -> str:
    return reverse("profile", args=[username])
