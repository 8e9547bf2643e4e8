"""Settings: everything that differs between a laptop and production comes from the environment.

Without DATABASE_URL / REDIS_URL the site runs on the embedded default: SQLite, the
in-memory channel layer, robots in the web process.
"""

from __future__ import annotations

import os
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tarokk_site import rates, secret_settings

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def prepare_threshold(value: str) -> int | None:
    """psycopg's ``prepare_threshold`` from DATABASE_PREPARE_THRESHOLD: the runs of a statement on
    a connection after which it is prepared (0: at once), or ``off`` (never prepared)."""
    value = value.strip().lower()
    if value in {"off", "none", "false", "no", ""}:
        return None
    number = int(value)
    if number < 0:
        # untranslated: a start-up error for the operator
        raise ValueError(f"DATABASE_PREPARE_THRESHOLD must be 0 or more, or off, not {value}")
    return number


# Safe by default: debug pages (tracebacks with local variables) only when asked for with
# DJANGO_DEBUG=1 (or `bin/serve --debug`); the console log shows every traceback anyway.
DEBUG = env_bool("DJANGO_DEBUG", False)


def secret_key_from_file(path: Path) -> str:
    """The key kept in ``path`` (git-ignored), made on first use: one per checkout, never in git.
    O_EXCL makes two processes starting together agree on the first one written."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another process may have made it a moment ago and be writing it
            key = path.read_text().strip()
            if key:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty: delete it to make a new secret key") from None
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


# Debug off (a site others reach) refuses a placeholder or short key (tarokk_site.secret_settings).
SECRET_KEY = secret_settings.checked_secret_key(
    os.environ.get("DJANGO_SECRET_KEY", "")
    or secret_key_from_file(Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / ".secret_key"))),
    DEBUG,
)
ALLOWED_HOSTS = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",") if h
]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
# A stale token (a sign-in in another tab rotates it) gets a clear answer, not Django's debug page.
CSRF_FAILURE_VIEW = "tarokk_site.csrf.csrf_failure"

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "template_partials",
    "django_htmx",
    "allauth",
    "allauth.account",
    "axes",  # failed logins, the admin's included (limits block below)
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_htmx.middleware.HtmxMiddleware",  # request.htmx, before any view or CSRF refusal reads it
    "tarokk_site.htmx.vary_on_htmx",  # Vary: HX-Request (an answer differs for htmx's requests)
    "csp.middleware.CSPMiddleware",  # the Content Security Policy below
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tarokk_site.languages.LanguageMiddleware",  # the player's language (after the user is known)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks (limits block below)
]

ROOT_URLCONF = "tarokk_site.urls"
ASGI_APPLICATION = "tarokk_site.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tarokk_site.languages.switch_languages",
            ],
        },
    },
    {
        # The live partials of the room page (tarokk_site/jinja2.py says why they are Jinja2).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "tarokk_site.jinja2.environment", "autoescape": True},
    },
]

# --- Database: SQLite by default, PostgreSQL (psycopg 3) from DATABASE_URL ---
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # A bounded pool per process (psycopg_pool), not persistent connections: under ASGI
        # every request runs its sync code in a thread of its own, so per-thread persistent
        # connections pile up (one Daphne process under load opened 70 until PostgreSQL
        # refused more). A request waits up to `timeout` for a free connection instead.
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "10")),
            "timeout": 20,
        }
        # The values sent apart from the statement (psycopg's server-side binding), and a
        # statement run again on a connection (a move's, a push's: the same text each time)
        # prepared by PostgreSQL at its second run and then only executed, not parsed and
        # planned again (Django turns psycopg's preparing off unless told, for the sake of
        # connection poolers in transaction mode: DATABASE_PREPARE_THRESHOLD=off behind one
        # that does not keep prepared statements). PostgreSQL's CPU a move: 1.16 -> 0.55 ms.
        DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = prepare_threshold(
            os.environ.get("DATABASE_PREPARE_THRESHOLD", "2")
        )
    if os.environ.get("DJANGO_TEST_DB_NAME"):  # lets two test runs share one server
        DATABASES["default"]["TEST"] = {"NAME": os.environ["DJANGO_TEST_DB_NAME"]}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # IMMEDIATE: a writer takes the lock at BEGIN, so the web thread and the robot
            # thread queue up instead of failing with "database is locked" on upgrade.
            # WAL: a page's render reads while the robots write; synchronous=NORMAL syncs at
            # checkpoints, not at every commit (a power cut may lose the last moves, a crash of
            # the process none), which was a third of the CPU of a move.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# --- Channel layer: in-memory by default, Redis from REDIS_URL ---
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Redis pub/sub (channels_redis's pub/sub layer, tarokk_site.channel_layer): a push to a
    # room's group is one PUBLISH, and each process's pages receive on one subscribed
    # connection. channels_redis's other layer (core) keeps groups and channels in sorted
    # sets: four round trips and a Lua script a push, a script a receive. Pub/sub took a
    # fifth to a third off a move's CPU in production and nine tenths off Redis's
    # (docs/benchmarks.md); channels_redis calls it beta. Nothing is kept for a process that
    # is not listening, as nothing needs to be: the log is the truth, a page reconnecting
    # gets a snapshot, and the robot worker sweeps. A subscriber carries on after Redis
    # restarts (tests/production/test_channel_layer.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "tarokk_site.channel_layer.PubSubChannelLayer",
            "CONFIG": {
                # redis-py 8 sets a 5 s socket timeout that kills idle channel-layer
                # connections (DESIGN.md, known trap): give it a long one, keep idle
                # sockets alive through NAT and proxies, and ping a connection that has
                # idled before reusing it, so one that Redis dropped is replaced quietly.
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": 3600,
                        "socket_connect_timeout": 5,
                        "socket_keepalive": True,
                        "health_check_interval": 30,
                    }
                ],
                "prefix": os.environ.get("REDIS_PREFIX", "asgi"),  # lets two sites share one Redis
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login (limits block below)
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# allauth: username + password; e-mail optional and not verified (no mail server here).
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_LOGOUT_ON_GET = False
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"
# A new player's name may not pass for another's, a guest's or "You" (accounts/names.py).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

LANGUAGE_CODE = "en"
# The players' languages (issue 17); catalogues in locale/, glossaries in docs/glossary-*.md.
LANGUAGES = [("en", "English"), ("hu", "Magyar"), ("cs", "Čeština"), ("sl", "Slovenščina")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# Every file under /static/ by a name with its content's hash (js/site.3f2a9c1b7e4d.js), so
# browsers keep it for ever and a new version is a new URL: `collectstatic` writes the hashed
# copies, their gzip and brotli versions and the manifest `{% static %}` reads
# (tarokk_site/static_files.py). A process reads the manifest once: collect, then (re)start.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tarokk_site.static_files.HashedStaticFilesStorage"},
}

# --- Robots ---
# Seconds a robot waits before acting, so people can follow the table: unset, each table's
# "Robots' pace" decides (games.services.robot_pace); set, it overrides every table's (benchmarks, tests).
ROBOT_DELAY = float(os.environ["TAROKK_ROBOT_DELAY"]) if os.environ.get("TAROKK_ROBOT_DELAY") else None
# Seconds of wall time the strong robot may think a decision in live play (unset: the robots'
# own cap, games.bots.search.TIME_BUDGET); a machine shared by many tables may want less.
ROBOT_THINK = float(os.environ["TAROKK_ROBOT_THINK"]) if os.environ.get("TAROKK_ROBOT_THINK") else None
if ROBOT_THINK is not None and not 0 < ROBOT_THINK <= 60:
    raise ImproperlyConfigured(
        f"TAROKK_ROBOT_THINK is {ROBOT_THINK!r}: give seconds between 0 and 60, or leave it unset"  # untranslated: an operator's error  # noqa: E501
    )
# Seconds every page holds a completed trick, whatever its viewer chose: unset, each viewer's
# trick pause decides (accounts.trick_pause, static/js/pace.js); 0, tricks go at once (the
# browser tests, but for pacing's own, which would otherwise wait ~1 s a trick).
TRICK_PAUSE = float(os.environ["TAROKK_TRICK_PAUSE"]) if os.environ.get("TAROKK_TRICK_PAUSE") else None
# Worlds (deals of the cards a seat has not seen) the robot's hint plays out at an unrated
# table ("What would the robot play?", games.page.hint): its budget, a count, never a time.
HINT_WORLDS = int(os.environ.get("TAROKK_HINT_WORLDS", "24"))
if HINT_WORLDS < 1:
    raise ValueError(f"TAROKK_HINT_WORLDS must be at least 1, not {HINT_WORLDS}")  # untranslated: operator
# "thread": a robot thread in the web process (embedded default);
# "inline": robots move at once in the caller (tests); "off": another process drives them.
ROBOT_RUNNER = os.environ.get("TAROKK_ROBOT_RUNNER", "thread")
# Seconds between the robot thread's safety sweeps for a robot move whose wake-up was lost
# (0: none).
ROBOT_SWEEP = float(os.environ.get("TAROKK_ROBOT_SWEEP", "30"))
# Which hands this process's robot thread drives (games.services.homes): "every" hand (the
# embedded default: the one process), the hands it is "home" to (a production web process: the
# tables whose moves it commits), or the "orphans" whose home has died (the robot worker).
ROBOT_DRIVES = os.environ.get("TAROKK_ROBOT_DRIVES", "every")
if ROBOT_DRIVES not in ("every", "home", "orphans"):
    raise ValueError(
        f"TAROKK_ROBOT_DRIVES must be every, home or orphans, not {ROBOT_DRIVES!r}"
    )  # untranslated: operator
# Seconds a home process's last sign of life holds its hands: after that the worker takes them.
HOME_LEASE = float(os.environ.get("TAROKK_HOME_LEASE", "10"))

# --- The analysis of finished hands (games/analysis, docs/analysis.md) ---
# Worlds (deals of the unseen cards) each decision is appraised in: the budget, a count, so that
# an analysis is a function of the hand alone; 0: the engine's default for each game
# (games.bots.appraisal.DEFAULT_WORLDS, where its marks' thresholds were measured). Stored with
# each analysis.
ANALYSIS_WORLDS = int(os.environ.get("TAROKK_ANALYSIS_WORLDS", "0"))
# Seconds a worker holds an analysis it claimed without saving a decision; past it, the analysis
# is taken up again by any worker (its worker died: kill -9, a restart).
ANALYSIS_LEASE = float(os.environ.get("TAROKK_ANALYSIS_LEASE", "120"))
# Seconds between the worker's looks for queued analyses (a request in another process cannot
# wake it; one in its own process does at once). 0: it waits for such a wake-up only.
ANALYSIS_POLL = float(os.environ.get("TAROKK_ANALYSIS_POLL", "2"))
# Claims of one analysis before it is given up as failed (a hand that kills its worker every time).
ANALYSIS_ATTEMPTS = int(os.environ.get("TAROKK_ANALYSIS_ATTEMPTS", "3"))

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}

# Behind a TLS-terminating proxy that sets X-Forwarded-Proto (deploy/nginx.conf does).
if env_bool("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Served over TLS (production): secure cookies and HSTS ---
# DJANGO_SECURE_COOKIES says the site is reached over HTTPS (true by default when debug is off;
# bin/serve, plain HTTP on a laptop, sets it false). Then cookies go over TLS only and browsers
# are told to keep to HTTPS (HSTS, sent on HTTPS responses only; DJANGO_HSTS_SECONDS=0 turns it off).
HTTPS = not DEBUG and env_bool("DJANGO_SECURE_COOKIES", True)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_SSL_REDIRECT = HTTPS and env_bool("DJANGO_SSL_REDIRECT", False)

# --- Security headers: a Content Security Policy the pages satisfy, frames denied ---
# Every script and style is a file under /static/ (no inline <script>, style="..." or on...=
# handlers anywhere, htmx told not to inject its indicator <style>: see base.html's htmx-config),
# so the policy allows nothing inline and no eval. The room's websocket is same-origin
# (connect-src 'self' covers ws:/wss: to this host). Django's admin (5.2) needs no exemption.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
X_FRAME_OPTIONS = "DENY"  # for browsers that predate frame-ancestors
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# The web process serves /static/ itself unless a reverse proxy does (production): whitenoise,
# from STATIC_ROOT, a hashed name with `Cache-Control: max-age=315360000, public, immutable`
# and its gzip or brotli copy to a browser that takes it, a name without a hash for a minute.
# With debug pages on, `{% static %}` names the files without a hash and whitenoise reads them
# from static/ at every request (an edit shows at the next reload).
SERVE_STATIC = env_bool("DJANGO_SERVE_STATIC", True)
if SERVE_STATIC:
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
        "whitenoise.middleware.WhiteNoiseMiddleware",
    )

# --- Limits on every door (tarokk_site/limits.py) ---
# The rate limits count in a moving window (the limits package): in Redis when there is one,
# shared by every process (under a prefix of the site's own), else in this process's memory
# (the embedded default: a single process).
RATE_LIMITS_STORAGE = REDIS_URL or "memory://"
RATE_LIMITS_PREFIX = f"limits-{os.environ.get('REDIS_PREFIX', 'asgi')}"
# The cache (django-allauth's own counts, the lobby's once-a-minute sweep) is shared the same way.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "tarokk_site.cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
            # Apart from the channel layer's keys, and from another site's on the same Redis.
            "KEY_PREFIX": f"cache-{os.environ.get('REDIS_PREFIX', 'asgi')}",
            # A cache call is short: a dead Redis must not hang a request for long.
            "OPTIONS": {"socket_connect_timeout": 5, "socket_timeout": 5, "health_check_interval": 30},
        }
    }
else:
    # Room for django-allauth's counts: at its default of 300 entries the local memory cache
    # culls a third of them when full, and a culled count starts again from zero.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "tarokk",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }


def _rate_limits(spec: str) -> dict[str, dict[str, str]]:
    """RATE_LIMITS with the overrides of ``TAROKK_RATE_LIMITS="guest.ip=5/m,act.user=0"``
    (``0``: that door does not count that subject); a door, subject or rate that cannot be read
    stops the start."""
    limits = {
        # door: {subject: "count/period"}, at most count in any span of the period
        "guest": {"ip": "50/h"},
        "signup": {"ip": "20/h"},
        "room": {"user": "20/h", "ip": "100/h"},
        "act": {"user": "300/m", "ip": "1500/m"},
        "frame": {"user": "60/m", "ip": "300/m"},
        "chat": {"user": "20/m", "ip": "200/m"},
        # A hand or match file read and replayed (up to 2 MB: seconds of CPU), and a new table
        # on a deal (also counted as a table, "room").
        "import": {"user": "10/h", "ip": "30/h"},
        "play": {"user": "20/h", "ip": "100/h"},
        # A hand's analysis queued (games/analysis: a minute or more of a worker's CPU each).
        "analysis": {"user": "10/h", "ip": "30/h"},
        # "What would the robot play?" at an unrated table (games.page.hint): each answer deals
        # HINT_WORLDS worlds and plays every choice out in each (a few hundred ms to seconds).
        "hint": {"user": "120/h", "ip": "600/h"},
    }
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, _, rate = item.partition("=")
        door, _, subject = name.strip().partition(".")
        if door not in limits or subject not in ("user", "ip"):
            doors = ", ".join(limits)
            raise ValueError(f"TAROKK_RATE_LIMITS: {name.strip()!r} is not <door>.user or .ip ({doors})")
        rate = "" if rate.strip() == "0" else rate.strip()
        if rate:
            try:
                rates.rate(rate)
            except rates.BadRate as exc:
                raise ValueError(f"TAROKK_RATE_LIMITS: {name.strip()}: {exc}") from None
        limits[door][subject] = rate
    return limits


RATE_LIMITS = _rate_limits(os.environ.get("TAROKK_RATE_LIMITS", ""))
# Open tables one user may sit at when opening another (0: no limit).
OPEN_TABLES_PER_USER = int(os.environ.get("TAROKK_OPEN_TABLES_PER_USER", "10"))

# --- The lobby (games/tables) ---
# A table where no person sits is closed once nothing has happened at it for this many hours
# (checked when the lobby is loaded, at most once a minute across processes).
ROBOT_TABLE_HOURS = float(os.environ.get("TAROKK_ROBOT_TABLE_HOURS", "3"))
# The daily deal (games/daily) is derived from this seed, the game and the date: a secret, so
# that nobody can compute a day's deal before it comes. TAROKK_DAILY_DEAL_SEED when set, else
# derived from the secret key (an HMAC of it); the old public default is refused with debug off.
DAILY_DEAL_SEED = secret_settings.daily_deal_seed(
    os.environ.get("TAROKK_DAILY_DEAL_SEED", ""), SECRET_KEY, DEBUG
)
# --- Tournaments (games/tournaments) ---
# Seconds a tournament table shows a finished hand before it deals the next of the round's deals
# (any player at the table may deal it sooner).
TOURNAMENT_PAUSE = float(os.environ.get("TAROKK_TOURNAMENT_PAUSE", "10"))
# Seconds a person seated at a tournament table may have no page of the site open before a robot
# takes their seat for them (they take it back by sitting again).
TOURNAMENT_ABSENT = float(os.environ.get("TAROKK_TOURNAMENT_ABSENT", "60"))
# Seconds between two looks of the tournament driver at the running tournaments.
TOURNAMENT_TICK = float(os.environ.get("TAROKK_TOURNAMENT_TICK", "1"))
# A table whose match is over leaves the lobby when nobody has started another for this long.
FINISHED_TABLE_MINUTES = float(os.environ.get("TAROKK_FINISHED_TABLE_MINUTES", "30"))
# A socket counts its user online for this long after it last said so (it says so every third
# of it while open): the sockets of a process that died stop counting after at most this long.
ONLINE_SECONDS = float(os.environ.get("TAROKK_ONLINE_SECONDS", "90"))
# Django's database sessions, read by a statement compiled once (tarokk_site.sessions).
SESSION_ENGINE = "tarokk_site.sessions"
# Seconds between two checks by an open websocket that its session still holds (a logout
# closes the session's sockets at once; this catches an expired or deleted session).
SESSION_RECHECK = float(os.environ.get("TAROKK_SESSION_RECHECK", "30"))

# django-axes: failed logins counted per address and per username in the database (shared by
# every process, listed in the admin), a lockout answered with a 429 by tarokk_site.limits.
AXES_FAILURE_LIMIT = int(os.environ.get("TAROKK_LOGIN_FAILURES", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("TAROKK_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_LOCKOUT_CALLABLE = "tarokk_site.limits.login_locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
LOGGING["loggers"]["axes"] = {"level": "WARNING"}  # failures and lockouts, not every login
# allauth's own count of failed logins answers with a form error (200): django-axes counts them
# instead, as it does the admin's, and answers 429.
ACCOUNT_RATE_LIMITS = {"login_failed": None}
