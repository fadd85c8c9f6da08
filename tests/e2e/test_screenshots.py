"""Full-page screenshots of the five kinds of page a reader meets first (the home, a rule, search
results, the side-by-side comparison, an executable example) at a desktop's and a phone's width,
light and dark, in Debian's Chromium; each one also checks what that reader would notice at once.

The 20 pictures land in ``test-artifacts/screenshots/<page>-<width>-<scheme>.png`` at the
checkout's root (git ignores ``test-artifacts/``; CI keeps it in its clone); they are taken before
the checks, so a failing page leaves its picture to look at. One browser page serves every test of
the file (a context per picture cost 0.2–1 s each on a loaded machine).
"""

import re

import pytest

from tests.browser import ARTIFACTS

SCREENSHOTS = ARTIFACTS / "screenshots"
HEIGHT = 800

# name: (address, the heading a reader sees first, its text). On a phone the search page's own
# "Search" heading is for screen readers only (the header's current Search link says where one is):
# the first hit's heading is the one in sight there, and at 1280 px just below the visible "Search".
PAGES = {
    "home": ("/", "h1", "Rules reference"),
    "rule-208": ("/rules/mtg/en/2024-09-20/208/", "h1", "208 Power/Toughness"),
    "search-toughness": ("/search/?q=toughness", "li.hit h2", "208.1 208 Power/Toughness"),
    "compare-it-ja-208": ("/compare/?game=mtg&c=it%3A2024-10-02&c=ja%3Aja-viewer&scope=208", "h1", "Side by side"),
    "example-veteran-motorist": ("/examples/veteran-motorist/", "h1", "Veteran Motorist crews a Vehicle"),
}
HEADER_LINKS = ["Rules", "Search", "Executable examples", "Translator workbench"]


def luminance(css_colour: str) -> float:
    """WCAG relative luminance of a computed ``rgb(r, g, b)`` colour: 0 is black, 1 is white."""
    channels = [int(value) / 255 for value in re.findall(r"\d+", css_colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_luminance_of_the_site_colours():
    assert luminance("rgb(255, 255, 255)") == pytest.approx(1.0)
    assert luminance("rgb(21, 23, 28)") == pytest.approx(0.0085, abs=0.0005)
    assert luminance("rgb(0, 0, 0)") == 0.0


@pytest.fixture(scope="module")
def browser_errors(module_page):
    """What the browser reports on the shared page: a blocked inline style or script, a missing
    file, a script error. Each test empties the list before it loads its page."""
    errors = []
    module_page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    module_page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("name", list(PAGES))
def test_screenshot(bundled_index, bundled_url, module_page, browser_errors, name, width, scheme):
    url, heading_selector, heading_text = PAGES[name]
    page = module_page
    page.set_viewport_size({"width": width, "height": HEIGHT})
    page.emulate_media(color_scheme=scheme)
    browser_errors.clear()
    response = page.goto(bundled_url + url)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)

    assert response.status == 200
    assert browser_errors == []
    # Nothing to scroll sideways to.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The header's four links on every page, all within the screen's width.
    links = page.get_by_role("navigation", name="Main").get_by_role("link")
    assert links.all_inner_texts() == HEADER_LINKS
    for link in links.all():
        box = link.bounding_box()
        assert link.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    # The page's main heading is there in the first screen, at full size (not clipped away).
    heading = page.locator(heading_selector).first
    assert heading.inner_text() == heading_text
    box = heading.bounding_box()
    assert heading.is_visible() and box["width"] > 100 and box["y"] + box["height"] <= HEIGHT, box
    # Light is light and dark is dark, text included.
    background, text = page.evaluate(
        "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]"
    )
    if scheme == "dark":
        assert luminance(background) < 0.05 and luminance(text) > 0.6, (background, text)
    else:
        assert luminance(background) > 0.9 and luminance(text) < 0.05, (background, text)
