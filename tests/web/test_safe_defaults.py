"""Issue finding 5: the site a newcomer starts is safe by default. Debug pages (tracebacks with
local variables) only when asked for; a secret key made once, kept out of git; secure cookies
and HSTS when served over TLS."""

from __future__ import annotations

import importlib.util
import os
import stat
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings

ROOT = Path(django_settings.BASE_DIR)


def settings_under(tmp_path: Path, **env: str) -> SimpleNamespace:
    """The settings a fresh process reads with only ``env`` set (as `bin/serve` would): the
    settings file run again as a module of its own (Django's live settings are not touched)."""
    saved = dict(os.environ)
    try:
        for name in list(os.environ):
            if name.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL")):
                del os.environ[name]
        os.environ.update(DJANGO_SECRET_KEY_FILE=str(tmp_path / "key"), **env)
        spec = importlib.util.spec_from_file_location("settings_probe", ROOT / "tarokk_site" / "settings.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return SimpleNamespace(**{k: v for k, v in vars(module).items() if k.isupper()})


def test_it_serves_without_debug_pages_unless_asked(tmp_path):
    assert settings_under(tmp_path).DEBUG is False
    assert settings_under(tmp_path, DJANGO_DEBUG="1").DEBUG is True
    assert settings_under(tmp_path, DJANGO_DEBUG="false").DEBUG is False


def test_it_makes_a_secret_key_once_and_keeps_it_private(tmp_path):
    first = settings_under(tmp_path).SECRET_KEY
    key_file = tmp_path / "key"
    assert len(first) >= 50 and key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert settings_under(tmp_path).SECRET_KEY == first  # the sessions of yesterday still work
    assert settings_under(tmp_path, DJANGO_SECRET_KEY="from-env").SECRET_KEY == "from-env"
    assert ".secret_key" in (ROOT / ".gitignore").read_text().split()


def test_bin_serve_asks_for_debug_only_with_the_flag():
    script = (ROOT / "bin" / "serve").read_text()
    assert "--debug) export DJANGO_DEBUG=1" in script
    assert "DJANGO_DEBUG=1\n" not in script.split("--debug)")[0]  # nothing turns it on before the flag
    # Its arguments are checked before anything is installed or started.
    usage = subprocess.run(
        ["bash", "bin/serve", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=10
    )
    assert usage.returncode == 0 and "bin/serve --debug" in usage.stdout
    wrong = subprocess.run(
        ["bash", "bin/serve", "--debgu"], cwd=ROOT, capture_output=True, text=True, timeout=10
    )
    assert wrong.returncode == 2 and "unknown argument --debgu" in wrong.stderr


def test_over_tls_cookies_are_secure_and_browsers_keep_to_https(tmp_path):
    production = settings_under(tmp_path)
    assert production.SESSION_COOKIE_SECURE and production.CSRF_COOKIE_SECURE
    assert production.SECURE_HSTS_SECONDS == 31536000
    assert production.SECURE_REFERRER_POLICY == "same-origin" and production.X_FRAME_OPTIONS == "DENY"
    laptop = settings_under(tmp_path, DJANGO_SECURE_COOKIES="false")  # bin/serve: plain HTTP
    assert not laptop.SESSION_COOKIE_SECURE and laptop.SECURE_HSTS_SECONDS == 0
    debug = settings_under(tmp_path, DJANGO_DEBUG="1")
    assert not debug.SESSION_COOKIE_SECURE and debug.SECURE_HSTS_SECONDS == 0


@pytest.mark.django_db
def test_an_error_shows_no_traceback_but_the_console_log_has_it(client, caplog, settings):
    """With debug off a crash answers Django's bare 500 page; the traceback goes to the log."""
    from django.urls import path

    def boom(request):
        secret_local = "do-not-show-me"  # noqa: F841
        raise RuntimeError("kaboom")

    import tarokk_site.urls as site_urls

    class Urls:
        urlpatterns = [path("boom/", boom), *site_urls.urlpatterns]

    settings.ROOT_URLCONF = Urls
    client.raise_request_exception = False
    response = client.get("/boom/")
    assert response.status_code == 500
    assert b"kaboom" not in response.content and b"do-not-show-me" not in response.content
    logged = [r for r in caplog.records if r.name == "django.request" and r.exc_info]
    assert logged and "kaboom" in str(logged[0].exc_info[1])
