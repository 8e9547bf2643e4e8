"""The viewer's language: which one, how the rules core's messages are said in it, the switch.

One rule for pages, pushes and e-mails (``language_for``): a player who chose a language (the
header's switch, kept on their account) gets it; otherwise the switch's cookie; otherwise the
browser's Accept-Language; otherwise English. A table's pushes are rendered per viewer under
``translation.override`` with the language of that viewer's socket (games.live).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import trans_real
from django.views.decorators.http import require_POST

from games.rules.words import Msg, fill
from tarokk_site import inputs

CODES = tuple(code for code, _name in settings.LANGUAGES)


def supported(code: str | None) -> str | None:
    """``code`` if the site speaks it (or its base language: ``hu-HU`` is ``hu``), else None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def from_accept_language(header: str) -> str | None:
    """The first language of an Accept-Language header the site speaks, by the header's order."""
    for code, _quality in trans_real.parse_accept_lang_header(header or ""):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    return None


def language_for(user: Any, cookies: Mapping[str, str], accept_language: str) -> str:
    chosen = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
    return (
        supported(chosen)
        or supported(cookies.get(settings.LANGUAGE_COOKIE_NAME))
        or from_accept_language(accept_language)
        or settings.LANGUAGE_CODE
    )


def language_of_scope(scope: Mapping[str, Any]) -> str:
    """The language of a websocket's viewer, from what its handshake carried."""
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    return language_for(scope.get("user"), scope.get("cookies") or {}, accept)


class LanguageMiddleware(MiddlewareMixin):
    """Django's LocaleMiddleware with the player's own choice first (after authentication)."""

    def process_request(self, request: HttpRequest) -> None:
        language = language_for(
            getattr(request, "user", None), request.COOKIES, request.headers.get("Accept-Language", "")
        )
        translation.activate(language)
        request.LANGUAGE_CODE = language

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Language", translation.get_language())
        patch_vary_headers(response, ("Accept-Language", "Cookie"))  # untranslated: headers
        return response


@require_POST
def switch(request: HttpRequest) -> HttpResponse:
    """The header's language switch: remembered in a cookie, and on the account of a player."""
    response = redirect(inputs.local_path(request.POST.get("next"), request.get_host(), request.is_secure()))
    language = supported(request.POST.get("language"))
    if language is None or language not in CODES:
        return response  # nothing changes; the page comes back as it was
    user = request.user
    if user.is_authenticated and getattr(user, "language", None) != language:
        user.language = language
        user.save(update_fields=["language"])
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",  # untranslated: a cookie attribute
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def translate(msg: Msg) -> str:
    """A rules-core message in the active language (installed by games.apps as its translator)."""
    if msg.count is None:
        if msg.context is None:
            text = translation.gettext(msg.text)
        else:
            text = translation.pgettext(msg.context, msg.text)
    elif msg.context is None:
        text = translation.ngettext(msg.text, msg.plural or msg.text, msg.count)
    else:
        text = translation.npgettext(msg.context, msg.text, msg.plural or msg.text, msg.count)
    return fill(text, msg.params)


def said(value: Any) -> Any:
    """``value`` with every message in it said in the active language (a view for JSON)."""
    if isinstance(value, Msg):
        return str(value)
    if isinstance(value, dict):
        return {key: said(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [said(item) for item in value]
    return value


def switch_languages(request: HttpRequest) -> dict[str, Any]:
    """The header's switch: each language in its own words (settings.LANGUAGES), untranslated."""
    return {"site_languages": settings.LANGUAGES}
