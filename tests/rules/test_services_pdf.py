"""The publisher's change marks in the store: ``Entry.changed_by_publisher``, filled by the import,
updated in place by a re-import, and shown on the rule page."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rulesref.rules import services
from rulesref.rules.models import Edition, Entry
from rulesref.rules.parsers import parse_source, read_source
from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2024

from .pdf_files import Image, Text, pdf_bytes

pytestmark = pytest.mark.django_db


def marking(*numbers):
    """parse_source, with the entries of ``numbers`` marked as changed by the publisher."""

    def parse(source, *, format=None, scheme=None):
        result = parse_source(source, format=format, scheme=scheme)
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


def test_a_marked_section_says_so_in_its_heading_and_a_marked_rule_once(monkeypatch, client):
    monkeypatch.setattr(services, "parse_source", marking("208", "208.2a"))
    import_seed()
    label = '<span class="publisher-changed" lang="en">marked as changed by the publisher</span>'
    section = client.get("/rules/mtg/it/2024-10-02/208/").content.decode()
    assert section.count(label) == 2  # the section's heading, and 208.2a among its rules
    assert label + "</h1>" in section
    rule = client.get("/rules/mtg/it/2024-10-02/208.2a/").content.decode()
    assert rule.count(label) == 1 and label + "</h1>" not in rule


# The publisher's PDF imported -------------------------------------------------------------------

PDF_OPTIONS = dict(game="lorcana", language="en")


def test_a_pdf_imports_with_the_counts_of_its_parse_and_its_marked_rules(corpus):
    path = corpus("lorcana_cr_en_20251031.pdf")
    result = parse_source(read_source(path))
    report = edition_import(path=path, **PDF_OPTIONS)
    assert (report.format, report.edition, report.unplaced) == ("pdf", "2025-10-31", [])
    assert report.counts == result.counts
    edition = Edition.objects.get(slug="2025-10-31")
    assert edition.format == "pdf"
    marked = Entry.objects.filter(edition=edition, changed_by_publisher=True)
    assert sorted(marked.values_list("number", flat=True)) == sorted(
        e.number for e in result.entries if e.changed_by_publisher
    )
    assert marked.filter(number="10.4.1").exists() and not marked.filter(number="10.4.5").exists()
    # The skipped lines are stored with their pages.
    assert edition.report["skipped"][0]["reason"].endswith("page 1")
    # The same PDF again: answered from its sha256, nothing written.
    ids = list(Entry.objects.filter(edition=edition).values_list("pk", "changed_by_publisher"))
    assert edition_import(path=path, **PDF_OPTIONS).changed is False
    assert list(Entry.objects.filter(edition=edition).values_list("pk", "changed_by_publisher")) == ids


def test_import_rules_dry_run_json_reads_a_pdf(corpus):
    path = corpus("lorcana_cr_en_20251031.pdf")
    out = io.StringIO()
    call_command("import_rules", str(path), "--game", "lorcana", "--lang", "en", "--dry-run", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert (report["format"], report["effective_date"], report["unplaced"]) == ("pdf", "2025-10-31", [])
    assert report["counts"] == parse_source(read_source(path)).counts
    assert Edition.objects.count() == 0


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"%PDF-1.4\nnothing else\n", "damaged PDF (PDFSyntaxError: No /Root object! - Is this really a PDF?)"),
        (pdf_bytes([[Image(36, 36, 540, 720)]]), "no text layer (a scanned PDF?)"),
        (
            pdf_bytes([[Text(72, 700, "Minutes of the meeting"), Text(72, 684, "Nothing numbered here.")]]),
            "not a rulebook: no rules body: no chapter '1.' followed by section '1.1.' and rule '1.1.1.'",
        ),
    ],
)
def test_import_rules_refuses_a_pdf_in_one_line_naming_the_file(tmp_path, data, reason):
    path = tmp_path / "book.pdf"
    path.write_bytes(data)
    with pytest.raises(CommandError) as caught:
        call_command("import_rules", str(path), "--game", "lorcana", "--lang", "en", "--edition", "2025-10-31")
    assert str(caught.value) == f"{path}: {reason}"
    assert Edition.objects.count() == 0
