"""Reading the rules in a real browser (Debian's Chromium through Playwright), as a player,
judge or translator would: navigation, the language switch, references, the glossary,
search, copying, a phone's width and dark mode (axe-core checks every page type in
test_accessibility.py)."""

import pytest
from django.conf import settings

from rulesref.rules.services import glossary_sync
from rulesref.search.store import build_generation
from rulesref.site.setup import import_bundled_sources
from tests.browser import ARTIFACTS

RULE = "/rules/mtg/it/2024-10-02/208.2a/"


@pytest.fixture
def bundled_site(transactional_db, live_server):
    glossary_sync(directory=settings.RULES_DATA_DIR / "glossary")
    list(import_bundled_sources())
    return live_server


def new_page(browser, server, **options):
    context = browser.new_context(viewport=options.pop("viewport", {"width": 1200, "height": 1000}), **options)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    return context.new_page()


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def test_from_home_to_a_rule_then_switch_to_japanese_and_stay(bundled_site, browser):
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + "/")
    page.get_by_role("link", name="Italian · October 2, 2024").click()
    assert page.url == bundled_site.url + "/rules/mtg/it/2024-10-02/"
    page.get_by_role("link", name="208. forza/Costituzione").click()
    assert page.url == bundled_site.url + "/rules/mtg/it/2024-10-02/208/"
    page.locator("#r208\\.2a a.num").click()
    assert page.url == bundled_site.url + RULE
    assert page.locator("h1").inner_text() == "208.2a"
    assert page.locator("nav.breadcrumbs li").all_inner_texts()[-2:] == ["208.2", "208.2a"]
    shot(page, "rule-208.2a-it")
    # The interface language changes; the page does not.
    with page.expect_navigation():  # the form posts, then comes back to this very address
        page.select_option("#interface-language", "ja")
    assert page.url == bundled_site.url + RULE
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("nav.breadcrumbs li").nth(1).inner_text() == "イタリア語 · 2024年10月2日"
    assert page.locator("#r208\\.2a").get_attribute("lang") == "it"
    shot(page, "rule-208.2a-ui-ja")


def test_following_a_reference_and_reading_its_preview_and_a_term_by_keyboard(bundled_site, browser):
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + RULE)
    reference = page.locator("#r208\\.2a a.xref", has_text="604.3")
    reference.hover()
    tooltip = page.locator("#tooltip[role=tooltip]")
    assert tooltip.inner_text().startswith("604.3\nSome static abilities are characteristic-defining abilities.")
    # The mouse leaves: its tooltip goes.
    page.mouse.move(0, 0)
    tooltip.wait_for(state="detached")
    # A glossary term, reached with the keyboard only.
    page.locator("#r208\\.2a a.num").focus()
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.term") == "toughness":
            break
    assert page.evaluate("document.activeElement.textContent") == "costituzione"
    assert tooltip.is_visible()
    text = tooltip.inner_text()
    assert text.startswith("costituzione\n1. Part of a card that only creature cards have.")
    assert "Japanese: タフネス" in text
    # The definition is the English glossary's (the Italian edition has none): the tooltip says so.
    assert "See rule 302.4. (in English)" in text
    assert tooltip.locator("dd.definition").get_attribute("lang") == "en"
    assert tooltip.locator(".lang-mark").is_visible()
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "tooltip"
    shot(page, "tooltip-term-keyboard")
    page.keyboard.press("Escape")
    assert tooltip.count() == 0
    # "Vedi regola 604.3" leads to the English rule the Italian edition translates.
    reference.click()
    assert page.url == bundled_site.url + "/rules/mtg/en/2024-09-20/604.3/"
    assert page.locator("#r604\\.3").get_attribute("lang") == "en"


def test_an_old_edition_link_with_a_rule_fragment_lands_on_the_rule(bundled_site, browser):
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + "/rules/mtg/it/2024-10-02/#r208.2a")
    page.wait_for_url(bundled_site.url + RULE)
    assert page.locator("h1").inner_text() == "208.2a"


def test_copying_a_rule_puts_number_text_edition_and_address_on_the_clipboard(bundled_site, browser):
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + RULE)
    page.get_by_role("button", name="Copy").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    lines = copied.split("\n")
    assert lines[0].startswith("208.2a La carta può avere un'abilità che definisce le caratteristiche")
    assert lines[1:] == ["Magic: The Gathering · Italian · October 2, 2024", bundled_site.url + RULE]


def test_searching_from_the_header_reaches_the_rule_page(bundled_site, browser):
    build_generation()
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + RULE)
    page.fill("#header-q", "タフネス")
    page.press("#header-q", "Enter")
    page.wait_for_selector("ol.hits")
    first = page.locator("li.hit").first
    assert first.locator("h2").inner_text() == "208.1 208 Power/Toughness"
    first.get_by_role("link", name="Japanese").click()
    assert page.url == bundled_site.url + "/rules/mtg/ja/ja-viewer/208.1/"
    assert "タフネス" in page.locator("#r208\\.1").inner_text()


def test_a_phone_never_scrolls_sideways_and_dark_mode_is_dark(bundled_site, browser):
    build_generation()
    phone = new_page(browser, bundled_site, viewport={"width": 375, "height": 800})
    for url, name in [
        ("/", "home"),
        (RULE, "rule"),
        ("/rules/mtg/en/2024-09-20/", "contents"),
        ("/rules/mtg/en/2024-09-20/702/", "section-702"),
        ("/search/?q=toughness", "search"),
    ]:
        phone.goto(bundled_site.url + url)
        if name == "search":
            assert phone.locator("li.hit").count() == 10
        widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], (url, widths)
        shot(phone, f"375px-{name}")
    dark = new_page(browser, bundled_site, color_scheme="dark")
    dark.goto(bundled_site.url + RULE)
    background = dark.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(21, 23, 28)"
    shot(dark, "dark-rule-208.2a")


def test_the_header_links_lead_to_every_part_of_the_site(bundled_site, browser):
    page = new_page(browser, bundled_site)
    page.goto(bundled_site.url + RULE)
    nav = page.get_by_role("navigation", name="Main")
    assert nav.get_by_role("link", name="Rules").get_attribute("aria-current") == "true"
    for name, path, heading in [
        ("Executable examples", "/examples/", "Executable examples"),
        ("Translator workbench", "/compare/", "Side by side"),
        ("Search", "/search/", None),
        ("Rules", "/", "Rules reference"),
    ]:
        page.get_by_role("navigation", name="Main").get_by_role("link", name=name).click()
        page.wait_for_load_state()
        assert page.url == bundled_site.url + path
        current = page.locator(".site-nav a[aria-current]")
        assert current.all_inner_texts() == [name]
        assert current.get_attribute("aria-current") == "page"
        if heading:
            assert page.locator("h1").first.inner_text() == heading
    shot(page, "home-with-header")


# Tab stops a reader meets (checkVisibility: the links of a folded <details> are no tab stop).
FOCUSABLE = """[...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.checkVisibility()).length"""


def test_a_long_section_page_has_a_contents_column_and_far_fewer_tab_stops(bundled_site, browser):
    page = new_page(browser, bundled_site, viewport={"width": 1280, "height": 1000})
    page.goto(bundled_site.url + "/rules/mtg/en/2024-09-20/702/")
    # Measured the same way before (every glossary term a link, no contents): 770 tab stops, 521 of them terms.
    assert page.locator("a.term").count() == 242
    # 242 term links since the term list has emblems and tokens; 541 tab stops with them, the footer's JSON API
    # link, the edition's data download and the Run links of the 702 examples that became scenarios.
    assert page.evaluate(FOCUSABLE) == 541
    toc = page.locator("nav.section-toc")
    text = page.locator("section.own-text")
    assert toc.bounding_box()["x"] > text.bounding_box()["x"] + text.bounding_box()["width"] - 1
    toc.get_by_role("link", name="702.9 Flying").click()
    assert page.url.endswith("/702/#r702.9")
    shot(page, "section-702-contents")
    # On a phone the contents come first, above the rules.
    phone = new_page(browser, bundled_site, viewport={"width": 375, "height": 800})
    phone.goto(bundled_site.url + "/rules/mtg/en/2024-09-20/702/")
    assert phone.locator("nav.section-toc").bounding_box()["y"] < phone.locator("#r702\\.1").bounding_box()["y"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shot(phone, "section-702-contents-phone")
