"""Links to pages other packages serve (the replay of a hand, a player's profile): given only
when the site has such a page, so that no link leads nowhere."""

from __future__ import annotations

from django.urls import Resolver404, resolve


def served(path: str) -> str | None:
    """``path`` if a view answers it, else None."""
    try:
        resolve(path)
    except Resolver404:
        return None
    return path


def replay_link(hand_id: int) -> str | None:
    return served(f"/hands/{hand_id}/replay")


def profile_link(username: str) -> str | None:
    return served(f"/profile/{username}/")
