"""The search page in a real browser (Debian's Chromium through Playwright), as a user drives it."""

import pytest

from rulesref.rules.services import edition_import, glossary_sync
from rulesref.search.store import build_generation
from tests.browser import ARTIFACTS
from tests.conftest import SEED_IT_2024, SEED_JA, corpus_file


@pytest.fixture
def indexed_site(transactional_db, live_server, settings):
    glossary_sync(directory=settings.RULES_DATA_DIR / "glossary")
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=corpus_file("mtg_cr_en_20240917_duskmourn.txt"), game="mtg", language="en")
    build_generation()
    return live_server


def test_typing_a_japanese_term_shows_rule_208_1_in_three_languages_highlighted(indexed_site, browser_page):
    page = browser_page
    page.goto(indexed_site.url + "/")
    page.fill("input[name=q]", "タフネス")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector("ol.hits")
    first = page.locator("li.hit").first
    # The section in the interface's language (English), the number linking the matched (Japanese) edition.
    assert first.locator("h2").inner_text() == "208.1 208 Power/Toughness"
    assert first.locator("h2 a").get_attribute("href") == "/rules/mtg/ja/ja-viewer/208.1/"
    rows = first.locator("tr")
    # The language typed in first, then the others.
    assert rows.locator("th a").all_inner_texts() == ["Japanese", "English", "Italian"]
    marks = {lang: first.locator(f'td[lang="{lang}"] mark').all_inner_texts() for lang in ("ja", "it", "en")}
    assert marks["ja"] == ["タフネス", "タフネス", "タフネス"]
    assert set(marks["it"]) == {"costituzione"}
    assert set(marks["en"]) == {"toughness"}
    # Rule 208.1 is listed once, not once per language.
    assert [text for text in page.locator("li.hit h2 a").all_inner_texts() if text == "208.1"] == ["208.1"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-tafunesu.png"), full_page=False)


def test_following_a_result_opens_the_rule_in_its_edition(indexed_site, browser_page):
    page = browser_page
    page.goto(indexed_site.url + "/search/?q=costituzione&lang=it")
    page.locator("li.hit").first.locator("th a").click()
    page.wait_for_load_state()
    assert page.url.endswith("/rules/mtg/it/2024-10-02/208.1/")
    assert page.locator("#r208\\.1").get_attribute("lang") == "it"
    assert "Una carta creatura ha due numeri" in page.locator("#r208\\.1").inner_text()
    # A rule no Italian edition has is still found, shown in English and said so, under its heading.
    page.goto(indexed_site.url + "/search/?q=deathtouch&lang=it")
    assert page.locator("p.result-count").inner_text() == (
        "12 results, 12 of them shown in English · Magic: The Gathering · page 1 of 2"
    )
    first = page.locator("li.hit").first
    assert first.locator("h2").inner_text() == "702.2 702 Keyword Abilities"
    note = first.locator("p.fallback")
    assert note.inner_text() == "not in Italian yet; shown in English"
    assert note.is_visible()
    assert first.locator("th a").all_inner_texts() == ["English"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-deathtouch-lang-it.png"))


def test_a_malformed_query_shows_a_message_not_an_error_page(indexed_site, browser_page):
    page = browser_page
    response = page.goto(indexed_site.url + "/search/?q=%22toughness%20(")
    assert response.status == 200
    assert page.locator("p.note").all_inner_texts() == [
        "An unmatched quote was ignored.",
        "Unbalanced parentheses were ignored.",
    ]
    assert page.locator("li.hit").count() > 0


def test_messages_of_a_query_read_as_separate_sentences(indexed_site, browser_page):
    page = browser_page
    page.goto(indexed_site.url + "/search/?q=" + "(toughness%20AND%00")
    assert page.locator("p.note").all_inner_texts() == [
        "Control characters in your query (U+0000) were read as spaces.",
        "Unbalanced parentheses were ignored.",
        "Operators with nothing to join were ignored.",
    ]
    # The page's text, as copied or read out, keeps each message apart.
    text = page.locator("main").text_content()
    assert "spaces.\nUnbalanced parentheses were ignored.\nOperators with nothing" in text


def test_page_minus_one_is_the_first_page(indexed_site, browser_page):
    page = browser_page
    response = page.goto(indexed_site.url + "/search/?q=toughness&page=-1")
    assert response.status == 200
    assert page.locator("p.result-count").inner_text().split(" · ")[-1].startswith("page 1 of ")
    assert page.locator("ol.hits").get_attribute("start") == "1"


def test_an_unknown_edition_is_a_page_listing_the_editions(indexed_site, browser_page):
    page = browser_page
    response = page.goto(indexed_site.url + "/rules/mtg/it/1999-01-01/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Magic: The Gathering has no edition “1999-01-01” in Italian"
    assert page.locator("ul.exists a").all_inner_texts() == ["October 2, 2024"]
    page.locator("ul.exists a").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("/rules/mtg/it/2024-10-02/")


def test_on_a_wide_screen_a_hit_links_its_number_and_names_its_section(indexed_site, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(indexed_site.url + "/search/?q=toughness")
    first = page.locator("li.hit").first
    assert first.locator("h2").inner_text() == "208.1 208 Power/Toughness"
    # One search box, holding the query; the game said once, in the count line.
    assert page.locator("input[type=search]").count() == 1
    assert page.locator("input[type=search]").input_value() == "toughness"
    assert page.locator("p.result-count").inner_text() == "87 results · Magic: The Gathering · page 1 of 9"
    assert page.locator("li.hit .game").count() == 0
    assert page.locator("p.legend").inner_text() == "★ the language the query matched in"
    # The star of the matched row says what it means to a screen reader.
    assert first.locator("tr.matched th .visually-hidden").inner_text() == "the language the query matched in"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-toughness-1280.png"))
    first.get_by_role("link", name="208.1").click()
    page.wait_for_load_state()
    assert page.url == indexed_site.url + "/rules/mtg/en/2024-09-20/208.1/"


def test_on_a_phone_the_first_result_starts_high_and_boxes_keep_their_labels(indexed_site, browser):
    page = browser.new_page(viewport={"width": 375, "height": 800})
    page.goto(indexed_site.url + "/search/?q=toughness")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-toughness-375.png"))
    box = page.locator("li.hit").first.bounding_box()
    assert box["y"] < 300, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The language boxes are one click away; each box is on the line of its language's name.
    page.locator("details.search-languages summary").click()
    labels = page.locator("label.choice")
    assert [text.strip() for text in labels.all_inner_texts()] == ["English", "Italian", "Japanese"]
    for index in range(labels.count()):
        label = labels.nth(index).bounding_box()
        tick = labels.nth(index).locator("input").bounding_box()
        assert label["height"] < 2 * tick["height"] + 8, (index, label, tick)
        assert label["y"] <= tick["y"] <= label["y"] + label["height"]
    page.screenshot(path=str(ARTIFACTS / "search-toughness-375-languages.png"))
    labels.nth(1).locator("input").check()
    page.get_by_role("button", name="Search").click()
    page.wait_for_selector("ol.hits")
    assert page.url.endswith("/search/?q=toughness&lang=it")
    assert page.locator("li.hit").first.locator("th a").all_inner_texts() == ["Italian"]
