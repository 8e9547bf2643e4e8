"""What accounts tells the rest of the site about a login session that gets a new key while its
player stays who they are (a guest who signs up: setting the password makes Django's login
start a fresh session). ``games`` listens, so the pages open in the old session go on."""

from __future__ import annotations

from django.dispatch import Signal

# Before the old session is dropped: ``user``, ``session_key`` (the old key).
session_renewing = Signal()
# After: ``user``, ``old_key``, ``new_key``.
session_renewed = Signal()
