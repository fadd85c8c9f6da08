"""The rule-page panel registry: what other apps register shows on the rule page."""

import pytest
from django.utils.html import format_html

from rulesref.core import panels


@pytest.fixture
def registered(monkeypatch):
    """Register contributions for one test, with the apps' own ones set aside meanwhile."""
    monkeypatch.setattr(panels, "_entry_panels", {})
    monkeypatch.setattr(panels, "_example_annotations", {})
    names = []

    def register(kind, name, func, **kwargs):
        getattr(panels, f"register_{kind}")(name, func, **kwargs)
        names.append(name)

    yield register
    for name in names:
        panels.unregister(name)


def test_panels_show_in_order_and_skip_empty_answers(registered):
    registered("entry_panel", "test.second", lambda request, entry: format_html("<b>{}</b>", entry), order=20)
    registered("entry_panel", "test.first", lambda request, entry: "plain <i>text</i>", order=10)
    registered("entry_panel", "test.nothing", lambda request, entry: None)
    shown = panels.entry_panels(None, "208.2a")
    # A plain string is escaped; HTML marked safe stays HTML.
    assert shown == [("test.first", "plain &lt;i&gt;text&lt;/i&gt;"), ("test.second", "<b>208.2a</b>")]


def test_a_name_cannot_be_taken_twice_by_accident(registered):
    registered("example_annotation", "test.run", lambda request, entry, example: "a")
    with pytest.raises(panels.DuplicateContribution, match="'test.run' is already registered"):
        panels.register_example_annotation("test.run", lambda request, entry, example: "b")
    panels.register_example_annotation("test.run", lambda request, entry, example: "b", replace=True)
    assert panels.example_annotations(None, "208.2a", 0) == [("test.run", "b")]


@pytest.mark.usefixtures("site")
def test_the_rule_page_renders_registered_panels_and_example_annotations(client, registered):
    registered(
        "entry_panel",
        "test.compare",
        lambda request, entry: format_html('<a href="/compare/?rule={}">Compare</a>', entry.number),
    )
    registered(
        "example_annotation",
        "test.run",
        lambda request, entry, example: format_html('<a href="/examples/{}/{}/">Run</a>', entry.number, example.order),
    )
    html = client.get("/rules/mtg/it/2024-10-02/208.2a/").content.decode()
    assert '<div class="panel" data-panel="test.compare"><a href="/compare/?rule=208.2a">Compare</a></div>' in html
    assert '<span class="annotation" data-panel="test.run"><a href="/examples/208.2a/0/">Run</a></span>' in html
