"""The secrets the settings need, checked as they are read: a site others can reach (debug off)
refuses to start with a secret key anyone could know, and the daily deal's seed is a secret of
its own or derived from the secret key, never a string printed in the source.

Read by ``tarokk_site.settings`` at import, so that Daphne, the robot worker and every
``manage.py`` command stop at once with the reason on the console.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

# Keys shipped in examples and templates (docker-compose.yml had the first), and Django's own
# development prefix: anybody can read them, so anybody could sign a session with them.
PLACEHOLDERS = (
    "change-me",
    "changeme",
    "change_me",
    "django-insecure",
    "your-secret",
    "secret-key",
    "insecure",
)  # untranslated: keys, not words
SHORTEST_KEY = 32
# The seed the daily deals were derived from before it was a secret (it is in git's history).
PUBLIC_DAILY_DEAL_SEED = "tarokk-daily-deal"
_DAILY_DEAL_LABEL = b"tarokk daily deal seed"

# The start-up errors below are for the operator, on the console: not translated.
HOW = (
    "Make one with `openssl rand -hex 32` and set DJANGO_SECRET_KEY, "  # untranslated: operator's
    "or unset it to have one made in DJANGO_SECRET_KEY_FILE (.secret_key)."  # untranslated: operator's
)


def weak_key_reason(key: str) -> str | None:
    """Why ``key`` is a secret key anyone could know or guess (None: it is not)."""
    lowered = key.strip().lower()
    if any(lowered.startswith(p) for p in PLACEHOLDERS):
        return "DJANGO_SECRET_KEY is a placeholder from an example"  # untranslated: operator's error
    if len(key) < SHORTEST_KEY:
        short = len(key)
        return f"DJANGO_SECRET_KEY has {short} characters, fewer than {SHORTEST_KEY}"  # untranslated: ditto
    if len(set(key)) < 5:
        return "DJANGO_SECRET_KEY repeats fewer than 5 different characters"  # untranslated: ditto
    return None


def checked_secret_key(key: str, debug: bool) -> str:
    """``key``, or ImproperlyConfigured when the site serves others (debug off) and the key is weak."""
    reason = weak_key_reason(key)
    if reason is not None and not debug:
        raise ImproperlyConfigured(f"{reason}: the site will not start with it. {HOW}")  # untranslated: ditto
    return key


def daily_deal_seed(configured: str, secret_key: str, debug: bool) -> str:
    """The seed of the daily deals: TAROKK_DAILY_DEAL_SEED when set (``configured``), else an
    HMAC of the secret key (as secret as the key, the same on every process that shares it).
    The public seed of old is refused when debug is off."""
    configured = configured.strip()
    if configured == PUBLIC_DAILY_DEAL_SEED and not debug:
        raise ImproperlyConfigured(
            f"TAROKK_DAILY_DEAL_SEED is the old default {PUBLIC_DAILY_DEAL_SEED!r}: "  # untranslated: ditto
            "anybody could compute tomorrow's daily deals. Unset it (the seed is then derived from "
            "the secret key) or set a random one (`openssl rand -hex 32`)."
        )
    if configured:
        return configured
    return hmac.new(secret_key.encode(), _DAILY_DEAL_LABEL, hashlib.sha256).hexdigest()


def start_up_refusal(env: Mapping[str, str]) -> str | None:
    """Why a site started with ``env`` would refuse to start (None: it would not), for
    ``bin/prod`` to say before it starts anything. A key left unset is made in a file."""
    debug = env.get("DJANGO_DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}
    key = env.get("DJANGO_SECRET_KEY", "")
    try:
        if key:
            checked_secret_key(key, debug)
        daily_deal_seed(env.get("TAROKK_DAILY_DEAL_SEED", ""), key, debug)
    except ImproperlyConfigured as exc:
        return str(exc)
    return None
