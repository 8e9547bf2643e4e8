"""Which pages may open the site's websockets (tarokk_site.origins): a page of the site itself,
or of a trusted origin; never another site's page, even when every host is allowed, as a POST
from it is refused by Django's CSRF check."""

from __future__ import annotations

import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.testing import WebsocketCommunicator

from tarokk_site.origins import SameSiteOriginValidator
from tests.web.helpers import run_in_a_site_process


class Accepting(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.accept()


APP = SameSiteOriginValidator(Accepting.as_asgi())


async def opens(origin: str | None, host: str | None) -> bool:
    headers = [(b"host", host.encode())] if host else []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    communicator = WebsocketCommunicator(APP, "/ws/r/abc/", headers=headers)
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return connected


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("https://tarokk.example", "tarokk.example", True),  # the site's own page
        ("http://tarokk.example:8000", "tarokk.example:8000", True),
        ("https://tarokk.example", "TAROKK.example", True),  # hosts are not case-sensitive
        ("https://evil.example", "tarokk.example", False),  # another site's page
        ("https://tarokk.example:8443", "tarokk.example", False),  # another port: another site
        ("null", "tarokk.example", False),  # a sandboxed frame, a file
        (None, "tarokk.example", False),  # no Origin: no browser sent it
        ("https://tarokk.example", None, False),
    ],
)
async def test_with_every_host_allowed_only_the_sites_own_pages_open_a_socket(
    settings, origin, host, allowed
):
    settings.ALLOWED_HOSTS = ["*"]
    settings.CSRF_TRUSTED_ORIGINS = []
    assert await opens(origin, host) is allowed


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("https://tarokk.example", "tarokk.example", True),
        ("https://www.tarokk.example", "tarokk.example", True),  # .tarokk.example names it
        ("http://localhost:8000", "127.0.0.1:8000", True),  # a host the site allows, as before
        ("https://evil.example", "tarokk.example", False),
        ("https://evil.example", "evil.example", False),  # a Host the site does not serve
    ],
)
async def test_with_named_hosts_their_pages_open_a_socket(settings, origin, host, allowed):
    settings.ALLOWED_HOSTS = [".tarokk.example", "localhost", "127.0.0.1"]
    settings.CSRF_TRUSTED_ORIGINS = []
    assert await opens(origin, host) is allowed


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("https://play.tarokk.example", True),
        ("https://tables.example", True),
        ("http://play.tarokk.example", False),  # the scheme is part of a trusted origin
        ("https://tables.example:8443", False),
        ("https://evil.example", False),
    ],
)
async def test_trusted_origins_open_a_socket_to_the_site_behind_a_proxy(settings, origin, allowed):
    settings.ALLOWED_HOSTS = ["*"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.tarokk.example", "https://tables.example"]
    assert await opens(origin, "internal:8001") is allowed


def test_the_sites_sockets_are_behind_the_validator(tmp_path):
    """The ASGI application (what Daphne loads) checks every websocket's origin so."""
    code = "import tarokk_site.asgi as a; t = type(a.application.application_mapping['websocket']); "
    code += "print(t.__module__ + '.' + t.__name__)"
    assert run_in_a_site_process(code, tmp_path) == "tarokk_site.origins.SameSiteOriginValidator"
