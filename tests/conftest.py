"""Shared fixtures: bundled sources, the real corpora, a private data dir per test run."""

import contextlib
import os
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.test import override_settings
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "rules_data" / "sources"
CORPORA = Path(os.environ.get("RULESREF_CORPORA") or ROOT.parent / "shared" / "corpora")

SEED_IT_2024 = SOURCES / "000_c4880db2269a68c0.txt"
SEED_IT_2023 = SOURCES / "001_70891a3b58d6c35e.txt"
SEED_JA = SOURCES / "002_f2ce90a6920b3571.txt"
SEED_BERSERK = SOURCES / "003_0d8770923f8b00d8.txt"


# The real browser's fixtures (browser, browser_page), for every test folder.
pytest_plugins = ["tests.browser"]


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that use the database (CI's PostgreSQL pass: the others cannot tell one "
        "database from another, and pytest-django refuses them any database access)",
    )


# What asks for the database: pytest-django's fixtures (a module fixture that unblocks it asks for
# ``django_db_blocker`` by name). pytest-django's own autouse fixtures ask for the blocker on every
# test, so they are not followed.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_blocker", "django_db_setup", "live_server"})


def uses_database(item) -> bool:
    if item.get_closest_marker("django_db") is not None:
        return True
    definitions = item._fixtureinfo.name2fixturedefs
    pending = [name for name in item._fixtureinfo.initialnames if not name.startswith(("_django", "_dj_", "_live"))]
    seen = set()
    while pending:
        name = pending.pop()
        if name in DATABASE_FIXTURES:
            return True
        if name in seen:
            continue
        seen.add(name)
        for definition in definitions.get(name, ()):
            pending.extend(definition.argnames)
    return False


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-tests-only"):
        return
    kept = [item for item in items if uses_database(item)]
    if len(kept) < len(items):
        kept_ids = {id(item) for item in kept}
        config.hook.pytest_deselected(items=[item for item in items if id(item) not in kept_ids])
        items[:] = kept


def pytest_configure(config):
    """Compile the UI catalogs with Babel before any test asks Django for a translation (as
    ``quickstart`` does before serving): Django keeps a language's catalog once it loaded it, so a
    catalog compiled halfway through the run would not be seen by the tests after it."""
    from rulesref.core.catalogs import compile_catalogs

    compile_catalogs(ROOT / "locale")


def corpus_file(name: str) -> Path:
    """A file from ../shared/corpora: missing corpora fail under CI, skip elsewhere."""
    path = CORPORA / name
    if not path.exists():
        message = f"corpus file {path} is missing (set RULESREF_CORPORA to the corpora folder)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def corpus():
    return corpus_file


@pytest.fixture(autouse=True)
def private_data_dir(settings, tmp_path):
    """Each test writes its database files, search indexes and search slots under its own folder."""
    settings.DATA_DIR = tmp_path / "data"
    settings.SEARCH_SLOTS_DIR = tmp_path / "search-slots"
    return settings.DATA_DIR


@pytest.fixture(autouse=True)
def interface_language_of_its_own():
    """A request in another interface language leaves that language active in the thread (Django's
    locale middleware activates it and nothing deactivates it): every test starts from the default,
    so messages a test reads outside a request are not Russian because the test before it asked for
    a Russian page."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def unhurried_search(monkeypatch):
    """The search's time budget is wall-clock time (``limits.QUERY_BUDGET_SECONDS``): on a machine
    shared with a browser, a database server and a live server, a normal query could run past it and
    answer with part of its results, which would make tests of ranking depend on the machine's load.
    Tests get a budget no normal query reaches; the budget itself is tested in
    ``tests/search/test_limits.py``, which sets it explicitly, and measured by ``benchmarks.hostile``."""
    from rulesref.search import limits

    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 5.0)


@contextlib.contextmanager
def rolled_back(django_db_blocker, data_dir=None):
    """Data a whole module or package reads, written once inside a transaction rolled back afterwards
    (with ``data_dir``, the search index and other files go there meanwhile)."""
    settings = override_settings(DATA_DIR=data_dir) if data_dir is not None else contextlib.nullcontext()
    with django_db_blocker.unblock(), settings, transaction.atomic():
        try:
            yield
        finally:
            transaction.set_rollback(True)


@pytest.fixture(scope="module")
def bundled(django_db_blocker, tmp_path_factory):
    """The bundled site (English CR 2024-09-20, Italian, Japanese and Берсерк seeds, term list),
    imported once per test module and rolled back afterwards."""
    from rulesref.rules.services import glossary_sync
    from rulesref.site.setup import import_bundled_sources

    data_dir = tmp_path_factory.mktemp("bundled-data")
    with rolled_back(django_db_blocker, data_dir):
        glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
        list(import_bundled_sources())
        yield data_dir


@pytest.fixture
def site(bundled, settings, db):
    settings.DATA_DIR = bundled
    return bundled


def mount_urls():
    """Read the URLconf again under the settings in force (it mounts the admin when it is imported)."""
    import importlib

    from django.urls import clear_url_caches

    import rulesref.urls

    importlib.reload(rulesref.urls)
    clear_url_caches()


@pytest.fixture
def admin_on():
    """The admin, off unless an operator turns it on (``RULESREF_ADMIN=1``), mounted for one test."""
    from django.test import override_settings

    with override_settings(ADMIN_ENABLED=True):
        mount_urls()
        yield
    mount_urls()
