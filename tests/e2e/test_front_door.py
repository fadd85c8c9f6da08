"""The front door in a real browser (Debian's Chromium through Playwright): a favicon, the home's
current-edition marks, a rule page's one breadcrumb line, "Run this example" on a line of its own,
and the way down to "Cited by" on a long rule. The header's links, the section contents, the
glossary's tab stops and the search results are driven in ``test_browsing.py``,
``test_search_page.py`` and ``test_screenshots.py``; the HTML of each in ``tests/site`` and
``tests/rules``. One browser page and one live server of the bundled data serve the whole file.
"""

from tests.browser import ARTIFACTS

# Visible links to an address above the rule's text (breadcrumbs, heading and the lines under it): the
# breadcrumb's, and any line repeating it (the "Magic: The Gathering · Italian · …" line there was).
LINKS_ABOVE_THE_RULE = """([href, rule]) => {
  const top = document.getElementById(rule).getBoundingClientRect().top;
  return [...document.querySelectorAll('a')].filter(a => a.getAttribute('href') === href
    && a.checkVisibility() && a.getBoundingClientRect().bottom <= top).length;
}"""


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_the_favicon_is_an_svg_the_browser_loads_and_favicon_ico_leads_to_it(bundled_url, module_page):
    page = module_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(bundled_url + "/")
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert icon == bundled_url + "/static/rulesref/favicon.svg"
    # Browsers ask for /favicon.ico of every site, whatever the page says.
    response = page.goto(bundled_url + "/favicon.ico")
    assert response.request.redirected_from.url == bundled_url + "/favicon.ico"
    assert (response.url, response.status) == (icon, 200)
    assert response.headers["content-type"].startswith("image/svg+xml")
    drawn = page.evaluate("[document.documentElement.tagName, document.documentElement.getBoundingClientRect().width]")
    assert drawn[0] == "svg" and drawn[1] > 0


def test_the_home_marks_the_current_edition_of_each_language_beside_its_link(bundled_url, module_page):
    page = module_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(bundled_url + "/")
    current = page.locator("li.current")
    assert [item.locator("a").first.get_attribute("href") for item in current.all()] == [
        "/rules/berserk/ru/pre-ed15/",
        "/rules/mtg/en/2024-09-20/",
        "/rules/mtg/it/2024-10-02/",
        "/rules/mtg/ja/ja-viewer/",
    ]
    for item in current.all():
        link, mark = item.locator("a").first.bounding_box(), item.locator(".current-mark").bounding_box()
        assert item.locator(".current-mark").inner_text() == "current edition"
        # On the link's line, just after it.
        assert link["y"] <= mark["y"] + mark["height"] / 2 <= link["y"] + link["height"], (link, mark)
        assert 0 < mark["x"] - (link["x"] + link["width"]) < 12, (link, mark)
    # The older Italian edition has no mark.
    older = page.locator('li:has(> a[href="/rules/mtg/it/2023-06-16/"])')
    assert older.count() == 1
    assert older.locator(".current-mark").count() == 0
    # On a phone a mark never breaks across two lines.
    page.set_viewport_size({"width": 375, "height": 800})
    marks = page.locator(".current-mark")
    assert [mark.evaluate("m => m.getClientRects().length") for mark in marks.all()] == [1, 1, 1, 1]
    shot(page, "home-current-marks-375")


def test_a_rule_page_names_its_game_and_edition_once_on_one_breadcrumb_line(bundled_url, module_page):
    page = module_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(bundled_url + "/rules/mtg/it/2024-10-02/208.2a/")
    crumbs = page.locator("nav.breadcrumbs li")
    assert crumbs.count() == 5
    assert len({round(crumb.bounding_box()["y"]) for crumb in crumbs.all()}) == 1
    assert page.locator("nav.breadcrumbs li").last.inner_text() == "208.2a"
    # Nothing repeats the game or the edition between the breadcrumbs and the rule's text.
    assert page.evaluate(LINKS_ABOVE_THE_RULE, ["/rules/mtg/", "r208.2a"]) == 1
    assert page.evaluate(LINKS_ABOVE_THE_RULE, ["/rules/mtg/it/2024-10-02/", "r208.2a"]) == 1


def test_run_this_example_starts_a_line_of_its_own_under_the_example(bundled_url, module_page):
    page = module_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(bundled_url + "/rules/mtg/en/2024-09-20/208.3a/")
    example = page.locator("#r208\\.3a p.example")
    run = page.locator("#r208\\.3a a.example-run")
    assert example.inner_text().endswith("will apply to the Vehicle once it becomes a creature.")
    assert run.inner_text() == "Run this example"
    text, link = example.bounding_box(), run.bounding_box()
    assert link["y"] >= text["y"] + text["height"] - 1, (text, link)
    assert abs(link["x"] - text["x"]) < 2, (text, link)
    shot(page, "rule-208.3a-run-this-example")


def test_on_a_phone_a_link_in_the_first_screen_of_613_leads_down_to_cited_by(bundled_url, module_page):
    page = module_page
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(bundled_url + "/rules/mtg/en/2024-09-20/613/")
    link = page.get_by_role("link", name="Cited by 11 rules ↓")
    box = link.bounding_box()
    assert box["y"] + box["height"] <= 800, box
    link.click()
    page.wait_for_url("**/613/#cited-by")
    # The section is far down the page (a phone's 20 screens), and now in sight.
    assert page.evaluate("window.scrollY") > 10000
    heading = page.get_by_role("heading", name="Cited by")
    assert 0 <= heading.bounding_box()["y"] < 800
    assert page.locator("section#cited-by li a").count() == 11
    shot(page, "rule-613-cited-by-375")
