"""The side-by-side page in a real browser (Debian's Chromium through Playwright)."""

import pytest
from django.conf import settings as django_settings

from rulesref.rules.services import glossary_sync
from rulesref.site.setup import import_bundled_sources
from tests.browser import ARTIFACTS


@pytest.fixture
def bundled_site(transactional_db, live_server):
    glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
    list(import_bundled_sources())
    return live_server


def test_three_columns_show_the_aligned_208_3a(bundled_site, browser_page):
    page = browser_page
    page.goto(bundled_site.url + "/compare/?game=mtg")
    # Tick three editions and name the section, as a reader does.
    for value in ("en:2024-09-20", "it:2024-10-02", "ja:ja-viewer"):
        page.check(f'input[name="c"][value="{value}"]')
    page.fill('input[name="scope"]', "208")
    page.click('form.selection button[type="submit"]')
    page.wait_for_selector("table.side-by-side")
    assert "c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer&scope=208" in page.url
    headers = page.locator("table.side-by-side thead th").all_inner_texts()
    assert headers == [
        "Rule",
        "English · September 20, 2024",
        "Italian · October 2, 2024\ntranslates English · September 20, 2024",
        # The viewer page states no source; alignment matched it to the only English edition here.
        "Japanese · 総合ルールビューア (undated)\ntranslates English · September 20, 2024",
    ]
    row = page.locator('tr[data-numbers="208.3a 208.3a 208.3a"]')
    cells = row.locator("td")
    assert [cells.nth(i).get_attribute("lang") for i in range(3)] == ["en", "it", "ja"]
    assert cells.nth(0).inner_text().startswith("208.3a If an effect would be created that sets the base power")
    assert cells.nth(1).inner_text().startswith("208.3a Se dovesse essere creato un effetto che imposta la forza base")
    assert cells.nth(2).inner_text().startswith("208.3a クリーチャーでないパーマネントの、基本のパワーやタフネス")
    # Base power is one colour in all three columns.
    colours = [
        cells.nth(i)
        .locator('mark[data-term="base-power"]')
        .first.evaluate("m => getComputedStyle(m).borderBottomColor")
        for i in range(3)
    ]
    assert len(set(colours)) == 1 and colours[0] != "rgb(0, 0, 0)"
    # The example under 208.3a is aligned too.
    example = page.locator('tr[data-numbers="208.3a 208.3a 208.3a"] + tr.example-row td')
    assert example.nth(1).inner_text().startswith("Il Manovratore Veterano (Veteran Motorist)")
    # Pointing at a term outlines it in every column (progressive JavaScript).
    cells.nth(2).locator('mark[data-term="base-power"]').first.hover()
    assert row.locator("mark.term.active").count() == 3
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare-208.png"), full_page=False)
