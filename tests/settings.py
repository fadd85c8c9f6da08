"""The settings the test suite runs with: the project's own, with the environment a test run needs.

Set here rather than by weakening ``rulesref.settings``: a key only tests use (DEBUG is off, as
deployed; with a key of its own a test run writes no ``secret_key`` file into a data dir), and plain
HTTP (the test client and the live server speak HTTP; the HTTPS redirect and secure cookies are tested
against the deployed settings in ``tests/site/test_security.py``).
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-key-5f1c0a7e9b2d4c68a1f3e5d7b9c0a2e4f6b8d0c2e4a6")
os.environ.setdefault("RULESREF_HTTPS", "0")

from rulesref.settings import *  # noqa: E402, F403

# SQLite: a test database in a file, as deployed (WAL, concurrent readers and writers), not in memory
# where shared-cache table locks replace WAL snapshots. One file per test process.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"rulesref-tests-{os.getpid()}.sqlite3")
    }

# Static files straight from the apps' folders, as a local checkout serves them (a deployment runs
# collectstatic and whitenoise serves the compressed copies).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The sentence vectors every test module's index build encodes (the same rules, over and over) are read
# from one cache for the whole run, and the next: a pure function of the text and the pinned model.
if not os.environ.get("RULESREF_SEMANTIC_CACHE"):
    import tempfile

    SEMANTIC_CACHE = os.path.join(tempfile.gettempdir(), "rulesref-tests-semantic-cache.sqlite3")
