"""Debian's Chromium through Playwright, for the tests that read pages as a user does.

One home for launching it (``TESTING.md``: Debian's browser, ``--no-sandbox`` as root, no
background networking on this closed network) and for where screenshots go. Fixtures are
registered in ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import shutil

import pytest

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


def _launched():
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls of the
    # test itself are still plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def browser():
    """A launched Chromium, closed after the test."""
    yield from _launched()


@pytest.fixture(scope="module")
def module_browser():
    """One launched Chromium for a whole test module (tests parametrised over many pages)."""
    yield from _launched()


@pytest.fixture
def browser_page(browser):
    """A page of 1200 × 1400 in that browser."""
    return browser.new_page(viewport={"width": 1200, "height": 1400})
