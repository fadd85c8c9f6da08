"""Settings for rulesref, read from the environment.

- ``RULESREF_DATA_DIR``: where the SQLite database and search indexes live (default ``./var``).
- ``DATABASE_URL``: a database URL (e.g. ``postgres://…``); SQLite in the data dir when unset.
- ``DJANGO_SECRET_KEY``, ``DJANGO_DEBUG`` (``1``/``0``), ``ALLOWED_HOSTS`` (comma separated).
- ``RULESREF_HTTPS`` (default: on in a deployment with DEBUG off): redirect to HTTPS, secure cookies, HSTS.
- ``RULESREF_BEHIND_PROXY``: trust ``X-Forwarded-Proto: https`` from the load balancer in front.
- ``RULESREF_SEMANTIC_CACHE``: the file of sentence vectors already encoded, which index builds share
  (default ``<data dir>/index/semantic-cache.sqlite3``).
- ``RULESREF_CORPORA``: a folder of official rules files that ``quickstart`` imports too.
- ``RULESREF_STATIC_ROOT``: where ``collectstatic`` writes (default ``<data dir>/static``).
- ``RULESREF_ADMIN`` (``1``): mount Django's admin at ``/admin/`` (off: no such page), logins throttled.
- ``RULESREF_SEARCH_PER_CLIENT`` (1), ``RULESREF_SEARCH_CONCURRENCY`` (2 × cores),
  ``RULESREF_SEARCH_RETRY_AFTER`` (1 s), ``RULESREF_TRUSTED_PROXIES`` (0), ``RULESREF_SEARCH_SLOTS_DIR``:
  searches at once (``rulesref.search.throttle``).

Local or deployed is one rule (``rulesref.core.secret_key``): ``DJANGO_SECRET_KEY`` set is a
deployment (HTTPS on, static files from ``collectstatic``); unset is a local checkout, which signs
with a key generated once into ``<data dir>/secret_key`` and serves plain HTTP with the apps' static
files as they are, so every command runs with no variable set. A deployment stays safe: the WSGI
entry point (gunicorn) refuses to start without a key of its own, and ``check --deploy`` fails on the
generated key and on placeholders. DEBUG is off unless ``DJANGO_DEBUG=1`` (``manage.py quickstart``,
the local command, turns it on for itself).
"""

import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from rulesref.core.secret_key import LOCAL_KEY_FILE, SecretKeyError, local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("RULESREF_DATA_DIR", BASE_DIR / "var")).resolve()
RULES_DATA_DIR = BASE_DIR / "rules_data"
CORPORA_DIR = os.environ.get("RULESREF_CORPORA") or None
# Read where it is used (``rulesref.search.store``): None means ``<DATA_DIR>/index/semantic-cache.sqlite3``.
SEMANTIC_CACHE = os.environ.get("RULESREF_SEMANTIC_CACHE") or None


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


DEBUG = env_flag("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
# A deployment names its key; a local checkout names none and uses the one generated into its data dir.
DEPLOYED = bool(SECRET_KEY)
LOCAL_SECRET_KEY_FILE = None
if not DEPLOYED:
    LOCAL_SECRET_KEY_FILE = DATA_DIR / LOCAL_KEY_FILE
    try:
        SECRET_KEY = local_secret_key(DATA_DIR)
    except SecretKeyError as error:
        # SystemExit, not ImproperlyConfigured: one line on stderr, no traceback, from every entry point.
        sys.exit(f"rulesref: {error}")
# Unset, the site answers to the local names only, and ``check --deploy`` says so (rulesref.W020).
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
ALLOWED_HOSTS_SET = bool(ALLOWED_HOSTS)
ALLOWED_HOSTS = ALLOWED_HOSTS or LOCAL_HOSTS

# The admin is mounted only where an operator turns it on (``rulesref.urls``). Its app (and django-axes,
# which throttles its logins) is installed either way, so the database tables are the same with it on or
# off: turning it on needs no migration.
ADMIN_ENABLED = env_flag("RULESREF_ADMIN", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "axes",
    "rulesref.core.apps.CoreConfig",
    "rulesref.rules",
    "rulesref.search",
    "rulesref.compare",
    "rulesref.site",
    "rulesref.examples",
    "rulesref.opendata",
    # The JSON API (django-ninja: "ninja" for its Swagger UI files and template).
    "ninja",
    "rulesref.api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files (compressed, with far-future caching of hashed names) before anything else.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    # Pages carry no secret (no CSRF token: the language switch is exempt), so compressing
    # them does not expose one to BREACH-style guessing.
    "django.middleware.gzip.GZipMiddleware",
    # Under /api/: CORS, ETags, and JSON problems instead of any HTML error page (rulesref/api/problems.py);
    # inside gzip, so that it reads and hashes the answers before they are compressed.
    "rulesref.api.problems.ApiMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Turns an admin login locked out by django-axes into its page (429).
    "axes.middleware.AxesMiddleware",
    # Innermost: a GET's queries (views, templates, context processors) read one snapshot.
    "rulesref.core.middleware.ReadSnapshotMiddleware",
]

ROOT_URLCONF = "rulesref.urls"
# runserver (a local server) builds its own application: ``rulesref.wsgi``, the entry point of a
# deployment's server, refuses to load without a key of the deployment's own.
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rulesref.site.context_processors.index_status",
                "rulesref.core.context_processors.interface",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{DATA_DIR / 'rulesref.sqlite3'}",
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite creates the file but not its folder: `manage.py migrate` on a fresh data dir works.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        # WAL: readers never wait for a writer's commit (the web keeps answering during an
        # import); a writer waits up to ``timeout`` seconds for another writer instead of failing;
        # IMMEDIATE takes the write lock when a transaction starts, so a transaction that read
        # first never fails at its first write because another writer committed in between.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The admin's logins (the site's only ones), throttled by django-axes: after 5 failures for one user name
# from one address, that pair is refused for 15 minutes (``manage.py axes_reset`` lifts it sooner).
# The pair rather than the user name alone: no one can lock an operator out by failing from elsewhere
# (behind a proxy every client has the proxy's address, so there the user name alone counts).
# Attempts are counted in the database, so every worker and node counts the same ones.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "rulesref.site.views.login_locked"

# UI languages (independent of the languages rule texts are shown in).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("de", _("German")),
    ("fr", _("French")),
    ("it", _("Italian")),
    ("ja", _("Japanese")),
    ("ko", _("Korean")),
    ("ru", _("Russian")),
    ("zh-hans", _("Chinese (Simplified)")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# Deployment security (``manage.py check --deploy`` is clean with the README's settings and a real key).
# Plain HTTP on a local checkout: its server is runserver on loopback, where nothing terminates TLS.
HTTPS = env_flag("RULESREF_HTTPS", DEPLOYED and not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("RULESREF_HSTS_SECONDS", 31_536_000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env_flag("RULESREF_BEHIND_PROXY", False):
    # Only behind a proxy that sets this header itself (and drops a client's).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Pages load scripts, styles, images and fonts from this site only: no inline code, no third party.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
    },
}

# Searches at once (rulesref/search/throttle.py): per client address, and on the whole node (every
# worker process and thread); a search beyond either is answered 429 with Retry-After. 0: no limit.
# A person runs one search at a time, and one answers in 2–20 ms. On the node, 2 × cores: with
# gunicorn's 2 × cores + 1 workers, one worker at least is always free for rule pages and static
# files (the cores alone refused one normal search in ten on a busy 2-core machine).
SEARCH_MAX_PER_CLIENT = int(os.environ.get("RULESREF_SEARCH_PER_CLIENT", "1"))
SEARCH_MAX_CONCURRENT = int(os.environ.get("RULESREF_SEARCH_CONCURRENCY", str(2 * (os.cpu_count() or 1))))
SEARCH_RETRY_AFTER = int(os.environ.get("RULESREF_SEARCH_RETRY_AFTER", "1"))
# How many proxies in front append to X-Forwarded-For (0: the client is REMOTE_ADDR, the header is
# ignored, as a client can write anything in it).
SEARCH_TRUSTED_PROXIES = int(os.environ.get("RULESREF_TRUSTED_PROXIES", "0"))
# Where the slots' lock files live (default: a folder of the system's temp dir named after the data dir).
SEARCH_SLOTS_DIR = os.environ.get("RULESREF_SEARCH_SLOTS_DIR") or None

# fetch_rules (rulesref/site/fetch.py): where a game's official rules are, per game and language
# (RULESREF_OFFICIAL_URL_MTG_EN=…, key "mtg_en"; it overrides `official_rules` of rules_data/games.toml),
# the largest file it downloads (the English CR is about 1 MB) and how long it waits for a server.
OFFICIAL_RULES_URLS = {
    name.removeprefix("RULESREF_OFFICIAL_URL_").lower(): value
    for name, value in os.environ.items()
    if name.startswith("RULESREF_OFFICIAL_URL_") and value.strip()
}
FETCH_MAX_BYTES = int(os.environ.get("RULESREF_FETCH_MAX_BYTES", str(20 * 1024 * 1024)))
FETCH_TIMEOUT = float(os.environ.get("RULESREF_FETCH_TIMEOUT", "30"))

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Rendered reference pages, per process, keyed by their ETag (a re-import changes it).
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "rulesref-pages",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("RULESREF_STATIC_ROOT") or DATA_DIR / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # collectstatic writes a .gz (and .br where brotli is installed) beside each file;
    # whitenoise serves the smallest one the browser accepts.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# A local checkout (or DEBUG) serves the apps' static folders as they are, edits included, with no
# collectstatic; a deployment runs collectstatic, which writes the compressed copies whitenoise serves.
WHITENOISE_USE_FINDERS = DEBUG or not DEPLOYED
WHITENOISE_AUTOREFRESH = DEBUG or not DEPLOYED

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
