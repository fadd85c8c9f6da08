"""Importing editions into the database: all-or-nothing, idempotent, exact."""

import codecs

import pytest

from rulesref.rules.models import CrossReference, Edition, Entry, Example, GlossaryEntry
from rulesref.rules.services import ImportFailed, edition_import
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db

MODELS = (Edition, Entry, Example, CrossReference, GlossaryEntry)


def row_counts():
    return {model.__name__: model.objects.count() for model in MODELS}


def import_it_2024(**overrides):
    options = dict(
        path=SEED_IT_2024,
        game="mtg",
        language="it",
        edition="2024-10-02",
        edition_name="Duskmourn: La Casa degli Orrori",
        translates="en:2024-09-20",
    )
    options.update(overrides)
    return edition_import(**options)


def test_italian_seed_is_stored_with_numbers_examples_and_references():
    report = import_it_2024()
    assert report.changed is True
    edition = Edition.objects.get(game__slug="mtg", language="it", slug="2024-10-02")
    assert edition.name == "Duskmourn: La Casa degli Orrori"
    assert str(edition.effective_date) == "2024-10-02"
    assert edition.translates is None  # the English edition is not imported yet
    assert edition.translates_key == "en:2024-09-20"
    numbers = list(Entry.objects.in_edition(edition).rules().in_source_order().values_list("number", flat=True))
    assert numbers == ["208.1", "208.2", "208.2a", "208.2b", "208.3", "208.3a", "208.4", "208.4a", "208.4b", "208.5"]
    rule = Entry.objects.in_edition(edition).by_number("208.2a").get()
    assert rule.parent.number == "208.2"
    assert rule.parent.parent.number == "208"
    assert [e.text[:33] for e in rule.examples.all()] == ["L'Ordine Perduto di Jarkeld ha fo"]
    motorist = Entry.objects.in_edition(edition).by_number("208.3a").get()
    assert "Manovratore Veterano" in motorist.examples.get().text
    refs = list(CrossReference.objects.filter(entry__edition=edition).values_list("entry__number", "target_number"))
    assert refs == [
        ("208.2a", "604.3"),
        ("208.2b", "614"),
        ("208.2b", "707.2"),
        ("208.4a", "613"),
        ("208.4b", "613"),
    ]
    # None of the cited rules is in the seed: kept, and flagged as unresolved.
    assert CrossReference.objects.filter(entry__edition=edition, target__isnull=False).count() == 0
    assert [ref["target"] for ref in report.unresolved] == ["604.3", "614", "707.2", "613", "613"]


def test_same_file_twice_changes_nothing():
    import_it_2024()
    edition = Edition.objects.get(slug="2024-10-02")
    before = row_counts()
    ids = list(Entry.objects.values_list("pk", flat=True))
    report = import_it_2024()
    assert report.changed is False
    assert row_counts() == before
    assert list(Entry.objects.values_list("pk", flat=True)) == ids
    assert Edition.objects.get(slug="2024-10-02").imported_at == edition.imported_at


def test_a_changed_file_replaces_that_editions_rows(tmp_path):
    import_it_2024()
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    changed = tmp_path / "regole.txt"
    changed.write_text(SEED_IT_2024.read_text(encoding="utf-8").replace(" 208.5. Se una creatura", " Se una creatura"))
    report = import_it_2024(path=changed)
    assert report.changed is True
    edition = Edition.objects.get(slug="2024-10-02")
    assert list(Entry.objects.in_edition(edition).rules().values_list("number", flat=True))[-1] == "208.4b"
    # The other edition is untouched.
    assert Entry.objects.filter(edition__slug="2023-06-16").rules().count() == 8


def test_translation_links_once_its_source_edition_arrives(corpus):
    import_it_2024()
    edition_import(path=corpus("mtg_cr_en_20240917_duskmourn.txt"), game="mtg", language="en")
    italian = Edition.objects.get(language="it", slug="2024-10-02")
    assert italian.translates.slug == "2024-09-20"
    assert italian.translates.language == "en"


def test_edition_with_no_stated_date_is_named_by_its_slug():
    report = edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    assert report.edition == "ja-viewer"
    edition = Edition.objects.get(language="ja")
    assert edition.effective_date is None
    assert Entry.objects.in_edition(edition).rules().count() == 10


def test_source_without_a_date_needs_an_edition():
    with pytest.raises(ImportFailed, match="states no effective date; pass --edition"):
        edition_import(path=SEED_JA, game="mtg", language="ja")
    assert Edition.objects.count() == 0


def test_a_disagreeing_edition_flag_wins_with_a_warning():
    report = import_it_2024(edition="2024-10-03")
    assert report.edition == "2024-10-03"
    assert report.warnings[-1]["message"].startswith("the source says 2024-10-02")


def test_berserk_fragment_keeps_unnumbered_paragraphs_as_notes():
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")
    edition = Edition.objects.get(game__slug="berserk")
    assert list(Entry.objects.in_edition(edition).rules().values_list("number", flat=True)) == [
        "106.4",
        "107.2",
        "107.3",
        "107.4",
        "107.5",
    ]
    assert Entry.objects.in_edition(edition).filter(kind="note").count() > 0
    assert Example.objects.filter(entry__edition=edition, entry__number="107.5").count() == 2


def test_duplicate_numbers_are_kept_apart_and_flagged(corpus):
    edition_import(path=corpus("mtg_cr_en_20240917_duskmourn.txt"), game="mtg", language="en")
    first, second = Entry.objects.filter(edition__language="en", number="702.175").order_by("order")
    assert first.duplicate_of is None
    assert second.duplicate_of == first
    assert first.text != second.text


BAD_INPUTS = [
    ("missing", None, "no such file"),
    ("directory", None, "is a directory"),
    ("empty.txt", b"", "the file is empty"),
    ("binary.txt", b"208.1 abc\x00\x01\x02", "binary file (NUL byte at offset 9)"),
    # Latin-1 is read as Windows-1252 (with a warning); 0x81 is neither UTF-8 nor Windows-1252.
    ("neither.txt", b"208.1. Una carta pu\x81\n", "not UTF-8: byte 0x81 at offset 19"),
    ("prose.txt", b"Just a shopping list.\nMilk\nEggs\n", "no recognisable rules"),
]


@pytest.mark.parametrize("name, content, message", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_gets_a_clear_error_and_changes_nothing(tmp_path, name, content, message):
    import_it_2024()
    before = row_counts()
    path = tmp_path / name
    if name == "directory":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    with pytest.raises(ImportFailed) as error:
        edition_import(path=path, game="mtg", language="it", edition="2024-10-02")
    assert message in str(error.value)
    assert str(path) in str(error.value)
    assert row_counts() == before


@pytest.mark.parametrize(
    "options, message",
    [
        (
            {"game": "poker"},
            "unknown game 'poker'; known games: mtg, berserk, lorcana; to register a new game pass --game-name",
        ),
        ({"language": "xx"}, "unknown language 'xx'; known languages: en, it, ja, ru, zh-hans"),
        ({"edition": "2024-13-45"}, "edition '2024-13-45' is not a real date (expected YYYY-MM-DD)"),
        ({"format": "ja-viewer"}, "does not look like the 'ja-viewer' format"),
        ({"format": "docx"}, "unknown format 'docx'"),
    ],
)
def test_bad_options_get_a_clear_error_and_change_nothing(options, message):
    import_it_2024()
    before = row_counts()
    with pytest.raises(ImportFailed) as error:
        import_it_2024(**options)
    assert message in str(error.value)
    assert row_counts() == before


def test_a_failure_midway_rolls_back_everything(monkeypatch, tmp_path):
    import_it_2024()
    before = row_counts()
    texts = dict(Entry.objects.values_list("pk", "text"))

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    # The failure comes after the edition's rows were updated, while the alignment is rebuilt.
    monkeypatch.setattr("rulesref.rules.concepts.concepts_rebuild", explode)
    changed = SEED_IT_2024.read_text(encoding="utf-8").replace("Forza/Costituzione", "Forza / Costituzione", 1)
    path = tmp_path / "changed-seed.txt"
    path.write_text(changed, encoding="utf-8")
    with pytest.raises(RuntimeError, match="disk full"):
        import_it_2024(path=path)
    assert row_counts() == before
    assert dict(Entry.objects.values_list("pk", "text")) == texts


def test_a_translation_is_aligned_with_its_source_edition_and_differences_reported(corpus):
    edition_import(path=corpus("mtg_cr_en_20240917_duskmourn.txt"), game="mtg", language="en")
    report = edition_import(
        path=corpus("mtg_cr_zh-hans_20240917_duskmourn.txt"), game="mtg", language="zh-hans", translates="en:2024-09-20"
    )
    assert report.alignment == [
        {
            "source": "en:2024-09-20",
            "target": "zh-hans:2024-09-20",
            "kind": "translation",
            "basis": "stated",
            # Rule by rule; Duskmourn's second 702.175 is the Chinese 702.176 (by position): numbered
            # alike but for these two, so it is paired by number, not by structure.
            "counts": {"same_number": 3167, "renumbered": 2, "added": 0, "removed": 0, "by_structure": 0},
            "only_in_translation": ["702.176", "702.176a"],
            "only_in_source": [],
            "repeated_in_translation": [],
            "repeated_in_source": ["702.175", "702.175a"],
        }
    ]


def test_an_official_file_in_utf_16_big_endian_with_crlf_imports(corpus, tmp_path):
    """Like the archived 2022-11-18 file: UTF-16 BE with a byte-order mark and CRLF endings."""
    original = corpus("mtg_cr_en_20240917_duskmourn.txt")
    text = original.read_bytes().decode("utf-8-sig").replace("\n", "\r\n")
    utf16 = tmp_path / "MagicCompRules 20240917.txt"
    utf16.write_bytes(codecs.BOM_UTF16_BE + text.encode("utf-16-be"))
    report = edition_import(path=utf16, game="mtg", language="en")
    assert (report.edition, report.unplaced) == ("2024-09-20", [])
    assert {key: report.counts[key] for key in ("rules", "subrules", "examples", "glossary")} == {
        "rules": 1128,
        "subrules": 1888,
        "examples": 279,
        "glossary": 698,
    }
