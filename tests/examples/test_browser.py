"""The Veteran Motorist page in a real browser (Debian's Chromium through Playwright)."""

from tests.browser import ARTIFACTS


def test_running_veteran_motorist_in_italian_shows_4_4_in_the_step_table(transactional_db, live_server, browser):
    # No JavaScript: the page is a plain GET form.
    context = browser.new_context(locale="it-IT", java_script_enabled=False, viewport={"width": 1400, "height": 1600})
    page = context.new_page()
    page.goto(live_server.url + "/examples/veteran-motorist/")
    assert page.locator("h1").inner_text() == "Il Manovratore Veterano manovra un Veicolo"
    assert page.locator("h1").get_attribute("lang") == "it"
    page.fill("#param-vehicle_power", "3")
    page.fill("#param-vehicle_toughness", "3")
    page.click("#run")
    page.wait_for_load_state()
    assert page.url.endswith("/examples/veteran-motorist/?vehicle_power=3&vehicle_toughness=3")
    step = page.locator("#step-4")
    assert "il Veicolo diventa una creatura artefatto" in step.locator("h3").inner_text()
    vehicle = step.locator("tr#s4-vehicle")
    assert vehicle.locator("td.pt strong").inner_text() == "4/4"
    assert "livello 7c" in vehicle.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "examples-veteran-motorist.png"), full_page=False)
    # Another parameter, another run: a 5/2 Vehicle becomes 6/3.
    page.fill("#param-vehicle_power", "5")
    page.fill("#param-vehicle_toughness", "2")
    page.click("#run")
    page.wait_for_load_state()
    assert page.locator("#step-4 tr#s4-vehicle td.pt strong").inner_text() == "6/3"
    assert page.locator("#verdict").get_attribute("class") == "ok"
    # Out of bounds: the form's own min/max stop the browser from sending it …
    page.fill("#param-vehicle_power", "99")
    page.click("#run")
    assert page.url.endswith("?vehicle_power=5&vehicle_toughness=2")
    # … and the server, asked directly, answers with a message, the form kept, no trace.
    response = page.goto(live_server.url + "/examples/veteran-motorist/?vehicle_power=99")
    assert response.status == 400
    # The parameter's label is the scenario's Italian one (the sentence is the catalog's).
    [message] = page.locator(".errors li").all_inner_texts()
    assert message.startswith("Forza stampata del Veicolo: 99 ")
    assert message.endswith(" (0–20).")
    assert page.locator("#param-vehicle_power").input_value() == "99"
    assert page.locator("#verdict").count() == 0
    context.close()


def test_from_the_italian_rule_208_3a_run_the_example_and_read_4_4(transactional_db, live_server, browser):
    """The reader's path: the Italian rule page, its example's Run link, the step table."""
    from rulesref.rules.services import edition_import
    from tests.conftest import SEED_IT_2024, SOURCES

    edition_import(path=SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz", game="mtg", language="en")
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    context = browser.new_context(locale="it-IT", viewport={"width": 1400, "height": 1600})
    page = context.new_page()
    page.goto(live_server.url + "/rules/mtg/it/2024-10-02/208.3a/")
    example = page.locator("#r208\\.3a p.example")
    assert "Manovratore Veterano" in example.inner_text()
    page.locator("#r208\\.3a p.example-annotations a.example-run").click()
    page.wait_for_load_state()
    assert page.url.endswith("/examples/veteran-motorist/?lang=it")
    assert page.locator("#step-4 tr#s4-vehicle td.pt strong").inner_text() == "4/4"
    context.close()
