"""Importing a glossary with no rules into an edition that exists: only its glossary changes."""

import pytest

from rulesref.rules.models import CrossReference, Edition, Entry, GlossaryEntry
from rulesref.rules.services import ImportFailed, edition_glossary_import, edition_import

pytestmark = pytest.mark.django_db

RULES = "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"
GLOSSARY = "berserk_heroes_glossary_ru.rst"


@pytest.fixture
def heroes(corpus):
    edition_import(path=corpus(RULES), game="berserk", language="ru")
    return Edition.objects.get(game__slug="berserk", language="ru", slug="2024-05-31")


def test_the_glossary_file_is_added_beside_the_rules_files_own_glossary(heroes, corpus):
    entries = dict(Entry.objects.filter(edition=heroes).values_list("pk", "text"))
    references = CrossReference.objects.filter(entry__edition=heroes).count()
    imported_at = heroes.imported_at
    assert heroes.glossary.count() == 195  # Part 7 «Терминология» of the rules file
    report = edition_glossary_import(path=corpus(GLOSSARY), game="berserk", language="ru", edition="2024-05-31")
    assert (report.changed, report.format, report.edition, report.counts["glossary"]) == (
        True,
        "berserk-glossary-rst",
        "2024-05-31",
        213,
    )
    assert report.unplaced == []
    assert heroes.glossary.count() == 195 + 213
    assert heroes.glossary.filter(source="").count() == 195
    from_file = heroes.glossary.filter(source="berserk-glossary-rst")
    first = from_file.order_by("position").first()
    assert (first.term, first.position) == ("Авангард Х", 8)
    # «Немедленно» is printed twice: both are kept, as printed.
    assert list(from_file.filter(term="Немедленно").values_list("position", "rules")) == [
        (359, []),
        (374, ["310.2", "310.3"]),
    ]
    assert dict(Entry.objects.filter(edition=heroes).values_list("pk", "text")) == entries
    assert CrossReference.objects.filter(entry__edition=heroes).count() == references
    heroes.refresh_from_db()
    assert heroes.imported_at > imported_at  # the search index sees the change
    assert [j["key"] for j in report.joined] == [
        "activated-ability-berserk",
        "rush",
        "first-turn-weakness",
        "element",
        "creature-berserk",
    ]
    assert len(report.unjoined) == 208
    assert report.as_json()["terms"]["joined"][1] == {"term": "Рывок", "key": "rush", "form": "Рывок"}


def test_reimporting_the_rules_file_keeps_the_glossary_files_entries(heroes, corpus, tmp_path):
    edition_glossary_import(path=corpus(GLOSSARY), game="berserk", language="ru", edition="2024-05-31")
    ids = set(heroes.glossary.filter(source="berserk-glossary-rst").values_list("pk", flat=True))
    changed = tmp_path / "rules.md"
    changed.write_text(corpus(RULES).read_text(encoding="utf-8") + "\n", encoding="utf-8")
    edition_import(path=changed, game="berserk", language="ru", edition="2024-05-31")
    assert set(heroes.glossary.filter(source="berserk-glossary-rst").values_list("pk", flat=True)) == ids
    assert heroes.glossary.filter(source="").count() == 195


def test_the_same_glossary_twice_changes_nothing(heroes, corpus):
    edition_glossary_import(path=corpus(GLOSSARY), game="berserk", language="ru", edition="2024-05-31")
    ids = list(heroes.glossary.values_list("pk", flat=True))
    heroes.refresh_from_db()
    imported_at = heroes.imported_at
    report = edition_glossary_import(path=corpus(GLOSSARY), game="berserk", language="ru", edition="2024-05-31")
    assert report.changed is False
    assert list(heroes.glossary.values_list("pk", flat=True)) == ids
    heroes.refresh_from_db()
    assert heroes.imported_at == imported_at


def test_a_missing_edition_is_a_clear_error_and_changes_nothing(corpus):
    path = corpus(GLOSSARY)
    with pytest.raises(ImportFailed) as error:
        edition_glossary_import(path=path, game="berserk", language="ru", edition="2024-05-31")
    assert str(error.value) == (
        f"{path}: there is no berserk ru edition 2024-05-31 to add a glossary to; import its rules first (import_rules)"
    )
    assert GlossaryEntry.objects.count() == 0


def test_a_rules_file_is_not_a_glossary_and_changes_nothing(heroes, corpus):
    before = list(heroes.glossary.values_list("pk", flat=True))
    with pytest.raises(ImportFailed) as error:
        edition_glossary_import(path=corpus(RULES), game="berserk", language="ru", edition="2024-05-31")
    assert "no recognisable glossary" in str(error.value)
    assert list(heroes.glossary.values_list("pk", flat=True)) == before
