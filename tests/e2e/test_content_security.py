"""The site's own Content-Security-Policy (default-src 'self') blocks nothing the site serves, on any
page type, in a real browser (Debian's Chromium through Playwright); and the example pages' state
tables keep every word whole, at a desktop's and at a phone's width.

An inline ``<style>`` (the example pages had one) is refused by the policy: Chromium logs the refusal
on the console and the page loses its layout, so its state table broke words mid-word even at 1280 px
("Vetera n Motori st"). One browser, one live server and one import of the bundled site for the module.
"""

import pytest

from rulesref.examples import registry

EN = "/rules/mtg/en/2024-09-20"
COMPARE_208 = "/compare/?game=mtg&c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer&scope=208"

pytestmark = pytest.mark.django_db

PAGES = [
    "/",
    "/rules/mtg/",
    f"{EN}/208/",
    f"{EN}/208.3a/",
    "/rules/mtg/it/2024-10-02/208.2a/",
    "/rules/berserk/ru/pre-ed15/",
    "/search/",
    "/search/?q=toughness",
    COMPARE_208,
    "/compare/diff/?game=mtg&from=it%3A2023-06-16&to=it%3A2024-10-02",
    "/compare/history/mtg/it/2024-10-02/208.2a/",
    "/compare/freshness/?game=mtg&edition=it%3A2024-10-02&scope=208",
    "/compare/concordance/?game=mtg&q=toughness&c=en%3A2024-09-20&c=it%3A2024-10-02",
    "/compare/consistency/?game=mtg&edition=it%3A2024-10-02",
    "/compare/terms/mtg/",
    f"{EN}/glossary/",
    f"{EN}/glossary/toughness/",
    "/rules/mtg/cards/veteran-motorist/",
    "/examples/",
    "/examples/coverage/",
    "/nowhere/",
]

# The example pages whose state tables are read word by word: English, Italian (from its rule's Run
# link) and Russian (Берсерк). Japanese and Chinese text may break between any two characters.
WORDED = [
    "/examples/veteran-motorist/",
    "/examples/veteran-motorist/?lang=it",
    "/examples/lost-order-of-jarkeld/?lang=it",
    "/examples/rune-of-flight/",
    "/examples/gray-ogre/",
    "/examples/berserk-elf-rider-first-turn/?lang=ru",
]

# Every run of letters and digits in a state-table cell; a word whose characters lie on more than one
# line was broken mid-word (a break after a hyphen, a slash or a space is not mid-word).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("table.state td, table.state th")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/[\\p{L}\\p{N}’]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def tab(module_page):
    """The module's one page, with every console message that reports a refusal by the policy."""
    refused = []

    def listen(message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            refused.append(message.text)

    module_page.on("console", listen)
    return module_page, refused


def test_no_page_type_logs_a_content_security_policy_violation(bundled_url, tab):
    page, refused = tab
    # One scenario page of each game in the interface's and in a rule's language; the state-table test
    # below visits more (and checks them too).
    examples = ["/examples/veteran-motorist/", "/examples/lost-order-of-jarkeld/?lang=ja"]
    examples.append("/examples/berserk-elf-rider-first-turn/")
    assert set(registry.scenarios()) >= {"veteran-motorist", "lost-order-of-jarkeld", "berserk-elf-rider-first-turn"}
    found = {}
    for url in PAGES + examples:
        response = page.goto(bundled_url + url)
        assert response.status == (404 if url == "/nowhere/" else 200), url
        page.wait_for_load_state("load")
        if refused:
            found[url] = list(refused)
            refused.clear()
    assert found == {}
    # The example page's own stylesheet applied: its verdict is green, not the text's colour.
    page.goto(bundled_url + "/examples/veteran-motorist/")
    colours = page.evaluate(
        "[getComputedStyle(document.querySelector('#verdict')).color, getComputedStyle(document.body).color]"
    )
    assert colours[0] == "rgb(17, 112, 58)" != colours[1]


@pytest.mark.parametrize("width", [1280, 375])
def test_the_state_table_keeps_every_word_whole(bundled_url, tab, width):
    page, refused = tab
    page.set_viewport_size({"width": width, "height": 800})
    try:
        for url in WORDED:
            page.goto(bundled_url + url)
            assert page.locator("table.state td").count() > 20, url
            assert page.evaluate(BROKEN_WORDS) == [], f"{url} at {width} px"
            # The page itself never scrolls sideways: a wide table scrolls in its own box.
            assert page.evaluate("document.documentElement.scrollWidth") <= width, url
        assert refused == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
