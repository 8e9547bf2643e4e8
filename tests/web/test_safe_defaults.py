"""Issue finding 5: the site a newcomer starts is safe by default. Debug pages (tracebacks with
local variables) only when asked for; a secret key made once, kept out of git; secure cookies
and HSTS when served over TLS."""

from __future__ import annotations

import importlib.util
import os
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured

from tarokk_site.stack import Stack, StackError

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
    from_env = "from-env-" + "k3y" * 12
    assert settings_under(tmp_path, DJANGO_SECRET_KEY=from_env).SECRET_KEY == from_env
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


# --- secrets that must be set (issue 33) -------------------------------------------------------------

PLACEHOLDER = "change-me-to-a-long-random-string"  # what docker-compose.yml shipped


@pytest.mark.parametrize("key", [PLACEHOLDER, "django-insecure-" + "x1y2z3" * 8, "short-key", "a" * 60])
def test_with_debug_off_the_site_refuses_a_secret_key_anyone_could_know(tmp_path, key):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        settings_under(tmp_path, DJANGO_SECRET_KEY=key)
    assert settings_under(tmp_path, DJANGO_SECRET_KEY=key, DJANGO_DEBUG="1").SECRET_KEY == key  # a laptop


def test_manage_py_stops_with_the_reason_on_the_console(tmp_path):
    """What runs Daphne's application, the worker (manage.py robots) and every command: the
    settings refuse the placeholder before anything starts."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "TAROKK_"))}
    env.update(DJANGO_SECRET_KEY=PLACEHOLDER, DJANGO_DEBUG="false", DATABASE_URL=f"sqlite:///{tmp_path}/db")
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY is a placeholder from an example: the site will not start" in done.stderr
    assert "openssl rand -hex 32" in done.stderr


def test_the_daily_deal_seed_is_derived_from_the_secret_key_unless_set(tmp_path):
    key, other = "k" + "abcdefgh" * 6, "o" + "hgfedcba" * 6
    seed = settings_under(tmp_path, DJANGO_SECRET_KEY=key).DAILY_DEAL_SEED
    assert seed == settings_under(tmp_path, DJANGO_SECRET_KEY=key).DAILY_DEAL_SEED  # every process agrees
    assert seed != settings_under(tmp_path, DJANGO_SECRET_KEY=other).DAILY_DEAL_SEED
    assert seed != "tarokk-daily-deal" and key not in seed and len(seed) == 64
    chosen = settings_under(tmp_path, DJANGO_SECRET_KEY=key, TAROKK_DAILY_DEAL_SEED="our own seed")
    assert chosen.DAILY_DEAL_SEED == "our own seed"
    with pytest.raises(ImproperlyConfigured, match="TAROKK_DAILY_DEAL_SEED is the old default"):
        settings_under(tmp_path, DJANGO_SECRET_KEY=key, TAROKK_DAILY_DEAL_SEED="tarokk-daily-deal")


def test_bin_prod_says_why_before_it_starts_anything():
    production = {"DATABASE_URL": "postgres://x/y", "REDIS_URL": "redis://x"}
    with pytest.raises(StackError, match="DJANGO_SECRET_KEY is a placeholder"):
        Stack(web=1, env={**production, "DJANGO_SECRET_KEY": PLACEHOLDER})
    with pytest.raises(StackError, match="TAROKK_DAILY_DEAL_SEED"):
        Stack(web=1, env={**production, "TAROKK_DAILY_DEAL_SEED": "tarokk-daily-deal"})
    Stack(web=1, env=production)  # no key: one is made in .secret_key, the seed derived from it


def test_docker_compose_requires_a_secret_key_of_the_operators():
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "change-me" not in compose
    environment = yaml.safe_load(compose)["x-app"]["environment"]
    assert environment["DJANGO_SECRET_KEY"].startswith("${DJANGO_SECRET_KEY:?")
    assert ".env" in (ROOT / ".gitignore").read_text().split()


@pytest.mark.parametrize("value", ["0", "-1", "61", "nan"])
def test_a_robot_think_time_that_is_no_number_of_seconds_is_refused_at_start_up(tmp_path, value):
    with pytest.raises((ImproperlyConfigured, ValueError), match="TAROKK_ROBOT_THINK|could not convert"):
        settings_under(tmp_path, TAROKK_ROBOT_THINK=value)
    assert settings_under(tmp_path, TAROKK_ROBOT_THINK="0.25").ROBOT_THINK == 0.25
