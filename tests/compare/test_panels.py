"""What the workbench adds to a rule's page: compare and history links, and the stale notice."""

from django.test import RequestFactory

from rulesref.compare.panels import freshness_context, rule_panel
from tests.compare.conftest import entry


def test_a_stale_italian_rule_shows_the_source_difference(store):
    request = RequestFactory().get("/rules/mtg/it/2024-10-02/")
    html = str(rule_panel(request, entry("it", "2024-10-02", "208.3a")))
    assert "Stale translation" in html
    assert (
        "the source rule changed between English · September 20, 2024 (translated) and English · April 4, 2025."
    ) in html
    assert "“Whenever <del>Veteran Motorist</del><ins>this creature</ins> crews a Vehicle" in html
    assert (
        '<a href="/compare/?game=mtg&amp;c=it%3A2024-10-02&amp;c=en&amp;c=ja&amp;c=zh-hans&amp;scope=208.3a">' in html
    )
    assert '<a href="/compare/history/mtg/it/2024-10-02/208.3a/">' in html


def test_a_fresh_rule_has_links_only_and_the_freshness_is_computed_once_per_request(
    store, django_assert_max_num_queries
):
    request = RequestFactory().get("/")
    html = str(rule_panel(request, entry("it", "2024-10-02", "208.1")))
    assert "Stale" not in html and "Compare languages" in html
    fresh = entry("it", "2024-10-02", "208.5")
    with django_assert_max_num_queries(0):
        assert freshness_context(fresh, request) is None


def test_an_original_language_rule_and_a_note_have_no_stale_notice(store):
    assert freshness_context(entry("en", "2024-09-20", "208.3a")) is None
    note = entry("it", "2024-10-02", "208.3a").edition.entries.get(kind="note", order=0)
    assert rule_panel(RequestFactory().get("/"), note) is None


def test_a_later_request_reads_the_stale_rules_from_the_store(store, django_assert_max_num_queries):
    rule_panel(RequestFactory().get("/"), entry("it", "2024-10-02", "208.3a"))
    stale = entry("it", "2024-10-02", "208.2a")
    # Without the stored report the whole edition's freshness takes a dozen queries over three editions;
    # the stored one is found by the game's data version (one query).
    with django_assert_max_num_queries(7):
        html = str(rule_panel(RequestFactory().get("/"), stale))
    assert "“As <del>Lost Order of Jarkeld</del><ins>this creature</ins> enters, choose an opponent”" in html
