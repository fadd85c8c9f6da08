"""The publisher's change marks in the store: ``Entry.changed_by_publisher``, filled by the import,
updated in place by a re-import, and shown on the rule page."""

import pytest

from rulesref.rules import services
from rulesref.rules.models import Entry
from rulesref.rules.parsers import parse_source
from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2024

pytestmark = pytest.mark.django_db


def marking(*numbers):
    """parse_source, with the entries of ``numbers`` marked as changed by the publisher."""

    def parse(source, *, format=None):
        result = parse_source(source, format=format)
        for entry in result.entries:
            entry.changed_by_publisher = entry.number in numbers
        return result

    return parse


def import_seed(path=SEED_IT_2024):
    return edition_import(path=path, game="mtg", language="it", edition="2024-10-02")


def test_the_mark_is_stored_on_the_entries_the_parser_marks(monkeypatch):
    monkeypatch.setattr(services, "parse_source", marking("208.2a", "208.3"))
    import_seed()
    marked = Entry.objects.filter(edition__slug="2024-10-02", changed_by_publisher=True)
    assert sorted(marked.values_list("number", flat=True)) == ["208.2a", "208.3"]


def test_a_reimport_that_only_moves_the_mark_updates_those_rows_in_place(monkeypatch, tmp_path):
    monkeypatch.setattr(services, "parse_source", marking("208.2a"))
    import_seed()
    ids = dict(Entry.objects.values_list("number", "pk"))
    # Other bytes (one more blank line at the end), the same entries: only the mark moves.
    again = tmp_path / "regole.txt"
    again.write_bytes(SEED_IT_2024.read_bytes() + b"\n")
    monkeypatch.setattr(services, "parse_source", marking("208.3"))
    report = import_seed(again)
    assert (report.rows.created, report.rows.updated, report.rows.deleted) == (0, 2, 0)
    assert dict(Entry.objects.values_list("number", "pk")) == ids
    marked = Entry.objects.filter(changed_by_publisher=True).values_list("number", flat=True)
    assert list(marked) == ["208.3"]


def test_the_rule_page_shows_the_mark_as_a_label_in_the_readers_language(monkeypatch, client):
    monkeypatch.setattr(services, "parse_source", marking("208.2a"))
    import_seed()
    html = client.get("/rules/mtg/it/2024-10-02/208.2/").content.decode()
    label = '<span class="publisher-changed" lang="en">marked as changed by the publisher</span>'
    assert html.count(label) == 1
    rule = html[html.index('id="r208.2a"') :]
    assert rule.index(label) < rule.index('id="r208.2b"')
    italian = client.get("/rules/mtg/it/2024-10-02/208.2/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<span class="publisher-changed" lang="it">segnato come modificato dall’editore</span>' in italian
