"""Debian's Chromium through Playwright, for the tests that read pages as a user does.

One home for launching it (``TESTING.md``: Debian's browser, ``--no-sandbox`` as root, no
background networking on this closed network) and for where screenshots go. Fixtures are
registered in ``tests/conftest.py``.
"""

from __future__ import annotations

import contextlib
import os
import shutil

import pytest
from django.conf import settings as django_settings

from tests.conftest import ROOT

# Screenshots for people to look at; CI keeps this folder (git ignores it).
ARTIFACTS = ROOT / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        message = "Debian's chromium is not installed (apt-get install chromium fonts-noto-cjk)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@contextlib.contextmanager
def launched_chromium():
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls of the
    # test itself are still plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def browser():
    """A launched Chromium, closed after the test."""
    with launched_chromium() as launched:
        yield launched


@pytest.fixture
def browser_page(browser):
    """A page of 1200 × 1400 in that browser."""
    return browser.new_page(viewport={"width": 1200, "height": 1400})


@pytest.fixture(scope="module")
def module_browser():
    """One Chromium for every test of a module (a launch costs about a second)."""
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def module_page(module_browser):
    """One page (1280 × 800) for every test of a module: a test sets the viewport and colour scheme
    it needs (``set_viewport_size``, ``emulate_media``) instead of opening a context of its own."""
    context = module_browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def bundled_server(django_db_setup, django_db_blocker, tmp_path_factory):
    """A live server of the bundled site, for every test of a module (with ``bundled_index``, its
    search index too).

    pytest-django's ``live_server`` makes each test that uses it transactional, which empties the
    database after the test: the data would be imported again for every test (5 s; its index 10 s
    more, on a loaded machine). It is committed once instead, and the test database flushed after
    the module's last test, as a transactional test leaves it. Tests read it through
    ``bundled_url``, which points the data dir back at this module's one.
    """
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import override_settings
    from pytest_django.live_server_helper import LiveServer

    from rulesref.rules.selectors import cache as selectors_cache
    from rulesref.rules.services import glossary_sync
    from rulesref.search import service as search_service
    from rulesref.site.setup import import_bundled_sources

    data_dir = tmp_path_factory.mktemp("bundled-server")
    with django_db_blocker.unblock(), override_settings(DATA_DIR=data_dir):
        try:
            glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
            list(import_bundled_sources())
            server = LiveServer("localhost")
            try:
                yield server, data_dir
            finally:
                server.stop()
        finally:
            call_command("flush", interactive=False, verbosity=0)
            for cache in caches.all():
                cache.clear()
            selectors_cache.clear_all()
            search_service.clear_cache()


@pytest.fixture(scope="module")
def bundled_index(bundled_server, django_db_blocker):
    """The search index of ``bundled_server``'s data, built once for the module."""
    from django.test import override_settings

    from rulesref.search.store import build_generation

    with django_db_blocker.unblock(), override_settings(DATA_DIR=bundled_server[1]):
        build_generation()


@pytest.fixture
def bundled_url(bundled_server, settings, db):
    """The address of the module's live server of the bundled site (``bundled_server``); ``db`` has
    pytest-django create the test database, and keeps what the test itself writes to its own
    connection (the server's thread has its own) in a transaction rolled back afterwards."""
    server, data_dir = bundled_server
    settings.DATA_DIR = data_dir
    return server.url
