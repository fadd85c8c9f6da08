"""Every page type in a real browser (Debian's Chromium through Playwright), checked by axe-core in a
light and in a dark colour scheme: no violation at all, whatever its impact. The translator
workbench's pages also fit a phone's width (375 px) without scrolling sideways.

One browser, one live server and one import of the bundled site for the whole module: the pages are
parameters, not fresh fixtures.
"""

import pytest

EN = "/rules/mtg/en/2024-09-20"
COMPARE_208 = "/compare/?game=mtg&c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer&scope=208"
DIFF_IT = "/compare/diff/?game=mtg&from=it%3A2023-06-16&to=it%3A2024-10-02"
# Under 208: the whole edition's list of 3,172 missing numbers takes axe minutes to check on a shared
# machine, and its markup is the same links.
FRESHNESS_IT = "/compare/freshness/?game=mtg&edition=it%3A2024-10-02&scope=208"
CONCORDANCE = "/compare/concordance/?game=mtg&q=toughness&c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer"
CONSISTENCY_IT = "/compare/consistency/?game=mtg&edition=it%3A2024-10-02"

# The database is set up for marked tests only; the data itself is the module's (``served``).
pytestmark = pytest.mark.django_db

# (name, address, HTTP status, a selector that shows the page holds what its type shows)
PAGES = [
    ("home", "/", 200, "ul.languages"),
    ("game", "/rules/mtg/", 200, "ul.editions"),
    ("edition contents", f"{EN}/", 200, ".toc details"),
    ("section 208", f"{EN}/208/", 200, "#r208\\.3a"),
    ("long section 613", f"{EN}/613/", 200, "nav.section-toc"),
    ("rule 208.2a in Italian", "/rules/mtg/it/2024-10-02/208.2a/", 200, "#r208\\.2a"),
    ("Берсерк edition", "/rules/berserk/ru/pre-ed15/", 200, ".toc"),
    ("glossary index", f"{EN}/glossary/", 200, "ul.terms"),
    ("glossary term", f"{EN}/glossary/toughness/", 200, "h1"),
    ("card", "/rules/mtg/cards/veteran-motorist/", 200, "h1"),
    ("no such rule", f"{EN}/999.9z/", 404, "h1"),
    ("no such language", "/rules/mtg/xx/2024-09-20/", 404, "main ul"),
    ("no such page", "/nowhere/", 404, "h1"),
    ("search form", "/search/", 200, "#search-q"),
    ("search results", "/search/?q=toughness", 200, "li.hit"),
    ("search with a bad query", "/search/?q=lang%3Axx+toughness", 200, ".warning[role=alert]"),
    ("side by side", COMPARE_208, 200, "table.side-by-side mark.term"),
    ("edition differences", DIFF_IT, 200, "article.change"),
    ("rule history", "/compare/history/mtg/it/2024-10-02/208.2a/", 200, "li.version"),
    ("release", "/compare/releases/mtg/it/2024-10-02/", 200, "article.change"),
    ("releases", "/compare/releases/mtg/it/", 200, "table.releases"),
    ("freshness", FRESHNESS_IT, 200, "dl.freshness-counts"),
    ("concordance", CONCORDANCE, 200, "ol.kwic li"),
    ("terminology consistency", CONSISTENCY_IT, 200, "form.selection"),
    ("terms", "/compare/terms/mtg/", 200, "table.terms"),
    ("examples index", "/examples/", 200, "main a[href^='/examples/veteran-motorist/']"),
    ("examples coverage", "/examples/coverage/", 200, "main table"),
    ("example", "/examples/veteran-motorist/", 200, "h1"),
    ("admin login", "/admin/login/", 200, "h1"),
]

# The workbench's pages with forms, at a phone's width (they were 436 to 660 px wide at 375).
PHONE_PAGES = [
    ("side by side", COMPARE_208),
    ("edition differences", DIFF_IT),
    ("freshness", FRESHNESS_IT),
    ("concordance", CONCORDANCE),
    ("terminology consistency", CONSISTENCY_IT),
]


@pytest.fixture
def served(bundled_url, bundled_index, bundled_server):
    """The module's live server of the bundled site, with its search index (``tests.browser``)."""
    return bundled_url, bundled_server[1]


@pytest.fixture(scope="module")
def tabs(module_browser):
    """One tab per colour scheme at a desktop's width, and a phone's."""

    def tab(**options):
        return module_browser.new_context(**options).new_page()

    return {
        "light": tab(color_scheme="light", viewport={"width": 1280, "height": 900}),
        "dark": tab(color_scheme="dark", viewport={"width": 1280, "height": 900}),
        "phone": tab(color_scheme="light", viewport={"width": 375, "height": 800}),
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("name", "url", "status", "shows"), PAGES, ids=[page[0] for page in PAGES])
def test_no_axe_violation(request, served, tabs, scheme, name, url, status, shows):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    if url.startswith("/admin/"):
        request.getfixturevalue("admin_on")
    page = tabs[scheme]
    response = page.goto(served[0] + url)
    assert response.status == status
    assert page.locator(shows).count() > 0, f"{name}: nothing matches {shows}"
    violations = axe.Axe().run(page).response["violations"]
    found = [(v["id"], node["target"]) for v in violations for node in v["nodes"]]
    assert found == [], f"{name} {url} ({scheme}): {len(found)} violations: {found[:40]}"


@pytest.mark.parametrize(("name", "url"), PHONE_PAGES, ids=[page[0] for page in PHONE_PAGES])
def test_a_workbench_page_fits_a_phone(served, tabs, name, url):
    page = tabs["phone"]
    page.goto(served[0] + url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The form's fields stay inside the page, each one whole.
    boxes = page.locator("form.selection select, form.selection input:not([type=hidden])").evaluate_all(
        "fields => fields.map(f => f.getBoundingClientRect()).map(b => [b.left >= 0, b.right <= 375, b.width > 0])"
    )
    assert boxes and all(box == [True, True, True] for box in boxes)


def test_on_a_phone_the_side_by_side_table_scrolls_in_its_own_box(served, tabs):
    page = tabs["phone"]
    page.goto(served[0] + COMPARE_208)
    # Three editions keep readable columns (11rem less the cells' spacing; they were 70 px) beside a
    # 4.5rem rule column.
    widths = page.locator('tr[data-numbers="208.2 208.2 208.2"] > *').evaluate_all(
        "cells => cells.map(c => Math.round(c.getBoundingClientRect().width))"
    )
    assert widths == [72, 173, 173, 173]
    box = page.locator(".table-wrap").evaluate("w => [w.clientWidth, w.scrollWidth > w.clientWidth]")
    assert box == [343, True]
    assert page.evaluate("document.documentElement.scrollWidth") == 375
