"""Django settings for Mahjong Scorekeeper, read from the environment.

Locally nothing needs setting: SQLite in the repo, DEBUG on. In production (DEBUG=0)
SECRET_KEY and ALLOWED_HOSTS must be set, or nothing starts; DATABASE_URL picks the
database. The README lists every variable.
"""
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_required(name: str, why: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} must be set when DEBUG is off: {why}")
    return value


DEBUG = env_bool("DEBUG", True)
if DEBUG:
    # Development defaults only: a server with DEBUG off never falls back to them.
    SECRET_KEY = os.environ.get("SECRET_KEY", "django-insecure-dev-only-change-me-mahjong-scorekeeper")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
else:
    SECRET_KEY = env_required("SECRET_KEY", "a long random value, e.g. "
                              "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "")
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG is off: the server's host names, "
                                   "comma-separated, e.g. mahjong.example.com")
# A proxy on another host (or a browser) posting from another origin than the Host it sends.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# HTTPS in production: cookies only over HTTPS, HSTS, and plain-HTTP requests redirected.
# Behind a proxy that terminates TLS, BEHIND_PROXY=1 trusts its X-Forwarded-Proto header
# (the proxy must set it itself and drop any the client sent).
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = not DEBUG
# The language switcher's cookie (django_language) as the session's: over HTTPS only, not sent by other sites'
# requests, not read by scripts (none needs it: the server picks the language).
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

INSTALLED_APPS = [
    # Django's admin for staff, its log-in the app's own (tables/apps.py: StaffAdminConfig).
    "scorekeeper.tables.apps.StaffAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles: runserver serves static files through WhiteNoise, as production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "scorekeeper.tables",
]

# The proxies whose X-Forwarded-For (and X-Request-Id) the app believes: addresses or networks, comma-separated
# (`*`: any). The same variable gunicorn reads for X-Forwarded-Proto (gunicorn.conf.py).
FORWARDED_ALLOW_IPS = env_list("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

MIDDLEWARE = [
    # /healthz answers before the host check, the HTTPS redirect and the session (scorekeeper/tables/health.py).
    "scorekeeper.tables.health.answer_health_probe",
    # The request's id, on its response and every log line (scorekeeper/request_ids.py); before the rest, so
    # that every later line has it.
    "scorekeeper.request_ids.request_ids",
    # REMOTE_ADDR: the phone's own address behind a trusted proxy (scorekeeper/client_address.py), before
    # anything counts requests by it.
    "scorekeeper.client_address.client_address",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's choice (a cookie), else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    # A body bigger than any form of the app is refused with a 400 before anything reads it; a method no
    # screen uses (PUT, DELETE, PATCH...) with a 405; pages are private, never kept by a shared cache.
    "scorekeeper.tables.middleware.refuse_oversized_body",
    "scorekeeper.tables.middleware.refuse_other_methods",
    "scorekeeper.tables.middleware.private_pages",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A win left half-entered: kept in a signed cookie of its session's, never in the database.
    "scorekeeper.tables.web.drafts.draft_cookies",
    # Content-Security-Policy on every response (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # A request over its limit (django-ratelimit) is answered with RATELIMIT_VIEW, a 429.
    "django_ratelimit.middleware.RatelimitMiddleware",
    # A write refused by a busy database (sqlite_backend's bounded wait) is a 503 "busy, try again".
    "scorekeeper.tables.web.busy.answer_busy_database",
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # Django's own `{% translate %}`, `{% blocktranslate %}` and `{% cache %}` in every template (the cache
            # keeps its fragments in CACHES["template_fragments"]).
            "builtins": ["django.templatetags.i18n", "django.templatetags.cache"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get("DB_POOL_SIZE"):
    # Under `make serve` each request runs in one of a worker's threads, and a connection kept per thread
    # piles up past PostgreSQL's max_connections (two servers of four uvicorn workers did, under load). A pool
    # per process instead (psycopg_pool): at most DB_POOL_SIZE connections each, handed from request to
    # request. `make serve` sets it; without it (tests, one threaded server) a thread keeps its connection.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": int(os.environ["DB_POOL_SIZE"]), "timeout": 30}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several server threads and processes write to one file. A write transaction takes
    # the lock when it begins (IMMEDIATE) and waits for it; a deferred one that read first
    # would fail at once with "database is locked". WAL lets readers go on during a write.
    # Its writers wait their turn in the kernel, not in SQLite's retry loop (sqlite_backend/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.sqlite_backend"
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 10,  # SQLite's own wait, for a writer outside the app: sqlite_backend's WRITERS_WAIT
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    # The tests' database in memory, Django's default for SQLite, said outright: pytest-django knows SQLite only
    # by Django's own engine name, and would give each xdist worker a file named after db.sqlite3 instead.
    DATABASES["default"]["TEST"] = {"NAME": ":memory:"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
# Three languages; Chinese in both scripts. Pattern and ruleset names come from the engine's
# own `name_zh`, converted to the active script (scorekeeper/tables/display/names.py).
LANGUAGES = [("en", "English"), ("zh-hant", "繁體中文"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production serves what `collectstatic` wrote: hashed names (cached for good) and
    # gzip/brotli copies, by WhiteNoise; the scripts' ES module imports name the hashed files
    # (scorekeeper/static_storage.py). Pages then need that manifest, so DEBUG keeps plain files.
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
                    else "scorekeeper.static_storage.StaticFilesStorage"},
}

# Everything to stderr, where gunicorn and any process manager collect it. Django's own
# default logs nothing with DEBUG off but e-mails to ADMINS, and there are none.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper()
# Each line names the request it was written for (`-` outside any): the id on its response and in gunicorn's
# access line (scorekeeper/request_ids.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "scorekeeper.request_ids.RequestIdFilter"}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(process)d [%(request_id)s]: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "level": LOG_LEVEL,
                            "filters": ["request_id"]}},
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    # Without Django's own handlers (console with DEBUG on, mail_admins): each line once, from the root.
    "loggers": {"django": {"handlers": [], "level": LOG_LEVEL, "propagate": True}},
}

# Errors reported to Sentry (or any server that speaks its protocol, e.g. GlitchTip) when SENTRY_DSN is set:
# the `sentry` extra installs the SDK (`pip install -e ".[sentry]"`; the Docker image has it). No personal data
# (cookies, user names, addresses, request bodies) is sent, and no performance tracing unless
# SENTRY_TRACES_SAMPLE_RATE says so.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
if SENTRY_DSN:
    try:
        import sentry_sdk
    except ImportError as missing:
        raise ImproperlyConfigured("SENTRY_DSN is set but the Sentry SDK is not installed: "
                                   "pip install -e '.[sentry]'") from missing
    # No request body either: a photo of the tiles (issue 38) or a backup is the user's, never an error report's.
    sentry_sdk.init(dsn=SENTRY_DSN, send_default_pii=False, max_request_body_size="never",
                    environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
                    traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE") or 0))

# Accounts: the person who starts a session logs in; table-mates come in by share link.
AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend"]
# Log-in guesses are counted per name and address, per name and per known device (the address is
# REMOTE_ADDR: behind the proxy, taken from X-Forwarded-For when the proxy is one it trusts,
# scorekeeper/client_address.py), and paused or slowed, never locking out others (scorekeeper/tables/login_guard.py).

# Every page runs only the app's own scripts and styles: no inline script, style or event handler, no
# other site's resources, never framed (django-csp).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF], "script-src": [SELF], "style-src": [SELF], "img-src": [SELF, "data:"],
        "font-src": [SELF], "connect-src": [SELF], "manifest-src": [SELF], "worker-src": [SELF],
        "form-action": [SELF], "frame-ancestors": [NONE], "base-uri": [NONE], "object-src": [NONE],
    },
}

# Heavy requests (quick entry, imports) and sign-ups are limited per visitor (django-ratelimit). Its counts
# live in the database, shared by every worker and server (the default cache is each process's own).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # `{% cache None ... %}`'s fragments (hand rows, the win form's keys, the figure chips: drawn once per
    # process for what they show), each process's own. 300 (Django's default) missed half its lookups at 50
    # tables, where a process asks for fewer than 2,000 (benchmarks/tables.py); 4,000 holds them with room,
    # a third dropped when full. A hand row is 1-3 kB, a session's win-form keys some 11 kB: some 12 MB for a
    # mix of them, 45 MB at worst if every entry were a session's keys. The app's own store of fragments as
    # strings, in place of this, saved nothing measurable: session page 5.5-6.2 ms against 5.8-5.9, a hand's
    # round 18.9-21.7 against 20.0-20.1 (benchmarks/tables.py, 50 tables, SQLite, alternating, 2026-11-28).
    "template_fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fragments",
                           "OPTIONS": {"MAX_ENTRIES": 4000, "CULL_FREQUENCY": 3}},
    "limits": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "scorekeeper_limits"},
    # A session's CSV and backup, kept per revision (selectors.exports.export_kept; issue 35.22). A 1,000-hand
    # session's are some 150 kB and 300 kB; 64 of them at most, some 20 MB a process at worst, an hour each.
    # Each visitor's expensive reads this minute (web.read_limit): in memory, so a page view writes nothing.
    "read_limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "read_limits",
                    "OPTIONS": {"MAX_ENTRIES": 10000}},
    "exports": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "exports",
                "TIMEOUT": 3600, "OPTIONS": {"MAX_ENTRIES": 64, "CULL_FREQUENCY": 4}},
}
RATELIMIT_USE_CACHE = "limits"
# A count the database could not write (too busy: sqlite_backend) lets the request on rather than answering
# "too many": the limited requests write to the same database, so theirs is refused as busy, a 503 in words.
RATELIMIT_FAIL_OPEN = True
RATELIMIT_VIEW = "scorekeeper.tables.views.accounts.too_many"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The biggest form (a win by tiles with every loser's tiles) is a few kB: 64 kB is ample,
# and anything bigger is refused with a 400 (scorekeeper/tables/middleware.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400
