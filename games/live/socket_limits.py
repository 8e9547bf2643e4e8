"""The rate limits of a socket: each whole render a page asks for (a frame) and each move sent
over it count against its user and address, as the requests of the pages do (tarokk_site.limits)."""

from __future__ import annotations

from typing import Any

from tarokk_site import limits


def frame_limited(scope: dict[str, Any]) -> limits.Limited | None:
    """Count one frame (a whole render a socket asked for) of this socket's user and address."""
    return door_limited(scope, "frame")


def door_limited(scope: dict[str, Any], door: str) -> limits.Limited | None:
    """Count one use of ``door`` by this socket's user and address (limits.hit_request's count)."""
    user = scope.get("user")
    user_id = user.pk if user is not None and user.is_authenticated else None
    client = scope.get("client") or (None,)
    return limits.hit(door, user_id, client[0])
