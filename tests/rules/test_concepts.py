"""Alignment in the store: which entry of one edition is the same rule in another.

One database per module holds the bundled sources and the real corpora (English
2023-06-16, 2024-09-20, 2025-04-04, Chinese 2024-09-20, Берсерк. Герои ed. 15),
imported once and rolled back at the end.
"""

import json

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command

from rulesref.rules.models import Concept, Edition, EditionAlignment, Entry, EntryLink
from rulesref.rules.selectors import aligned_edition, aligned_entries, rule_history, same_rule_in
from rulesref.rules.services import edition_import, glossary_sync
from rulesref.site.setup import import_bundled_sources
from tests.conftest import corpus_file, rolled_back

CORPORA = [
    ("mtg_cr_en_20230616_lotr.txt", "mtg", "en", None),
    ("mtg_cr_en_20240917_duskmourn.txt", "mtg", "en", None),
    ("mtg_cr_en_20250404_cr-line-endings.txt", "mtg", "en", None),
    ("mtg_cr_zh-hans_20240917_duskmourn.txt", "mtg", "zh-hans", None),
    ("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md", "berserk", "ru", None),
]


@pytest.fixture(scope="module")
def store(django_db_blocker):
    paths = [corpus_file(name) for name, *_ in CORPORA]
    with rolled_back(django_db_blocker):
        glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
        list(import_bundled_sources())
        reports = {}
        for path, (name, game, language, translates) in zip(paths, CORPORA, strict=True):
            reports[name] = edition_import(path=path, game=game, language=language, translates=translates)
        yield reports


@pytest.fixture
def aligned(store, db):
    return store


def entry(language: str, edition: str, number: str, game: str = "mtg") -> Entry:
    return Entry.objects.get(
        edition__game__slug=game, edition__language=language, edition__slug=edition, number=number, duplicate_of=None
    )


def numbers_in_concept(entry_row: Entry) -> set[tuple[str, str, str]]:
    return set(
        Entry.objects.filter(concept=entry_row.concept).values_list("edition__language", "edition__slug", "number")
    )


def test_the_initiative_is_one_concept_through_three_english_editions_and_chinese(aligned):
    """The Initiative is 722 in 2023, 723 in 2024 and 724 in 2025: one rule, three numbers."""
    for suffix in ("", ".1", ".2", ".5"):
        assert numbers_in_concept(entry("en", "2023-06-16", "722" + suffix)) == {
            ("en", "2023-06-16", "722" + suffix),
            ("en", "2024-09-20", "723" + suffix),
            ("en", "2025-04-04", "724" + suffix),
            ("zh-hans", "2024-09-20", "723" + suffix),
        }
    assert entry("en", "2024-09-20", "723").title == "The Initiative"
    assert entry("en", "2025-04-04", "724").title == "The Initiative"


def test_renumbered_rules_are_links_of_method_text_with_their_score(aligned):
    link = EntryLink.objects.get(source=entry("en", "2023-06-16", "722.1"))
    assert (link.target.number, link.method, link.relation, link.score) == ("723.1", "text", "moved", 1.0)
    # The same number with a rewritten text is still the same rule, with a lower score.
    tribal = EntryLink.objects.get(source=entry("en", "2023-06-16", "308"))
    assert (tribal.target.title, tribal.method, tribal.relation) == ("Kindreds", "number", "same")
    assert tribal.score == pytest.approx(0.2667, abs=1e-4)


def test_the_berserk_fragment_aligns_with_heroes_by_text_not_by_number(aligned):
    """The fragment's 107.2–107.5 are Heroes 108.2–108.5; its 106.4 (Подтип) is Heroes 107.3 (Класс)."""
    pairs = {
        number: same_rule_in(entry("ru", "pre-ed15", number, "berserk"), Edition.objects.get(slug="2024-05-31")).number
        for number in ("106.4", "107.2", "107.3", "107.4", "107.5")
    }
    assert pairs == {"106.4": "107.3", "107.2": "108.2", "107.3": "108.3", "107.4": "108.4", "107.5": "108.5"}
    fragment = EditionAlignment.objects.get(source__slug="pre-ed15")
    assert fragment.target.slug == "2024-05-31"
    assert fragment.counts["moved"] == 5
    assert fragment.counts["same_number"] == 0


def test_chinese_rules_align_one_to_one_with_the_english_edition_they_translate(aligned):
    english = Edition.objects.get(language="en", slug="2024-09-20")
    chinese = Edition.objects.get(language="zh-hans")
    assert chinese.translates == english
    numbered = Entry.objects.filter(edition=chinese).exclude(number="")
    assert numbered.count() == 3169
    partners = {
        row.pk: list(Entry.objects.filter(concept=row.concept, edition=english).values_list("number", flat=True))
        for row in numbered
    }
    assert all(len(found) == 1 for found in partners.values())
    # Duskmourn's English file prints 702.175 twice; the Chinese has 702.176 for the second.
    second = Entry.objects.get(edition=english, number="702.175", duplicate_of__isnull=False)
    assert same_rule_in(second, chinese).number == "702.176"
    link = EntryLink.objects.get(source=second, target__edition=chinese)
    assert (link.method, link.relation, link.score) == ("position", "moved", 0.5)


def test_the_japanese_viewer_page_is_matched_to_the_english_edition_it_quotes(aligned, store):
    """Its 208.2b quotes "As [this creature] enters the battlefield", the wording before 2024-09-20."""
    japanese = Edition.objects.get(language="ja")
    assert (japanese.translates.language, japanese.translates.slug) == ("en", "2023-06-16")
    assert japanese.translates_inferred is True
    assert japanese.report["source_fit"] == {
        "chosen": "en:2023-06-16",
        "scores": {"en:2025-04-04": 0.9961, "en:2024-09-20": 0.9961, "en:2023-06-16": 1.0},
    }
    summary = [
        pair for pair in store["mtg_cr_en_20250404_cr-line-endings.txt"].alignment if pair["kind"] == "successor"
    ]
    assert summary == [
        {
            "source": "en:2024-09-20",
            "target": "en:2025-04-04",
            "kind": "successor",
            "counts": {"same_number": 3022, "moved": 138, "split": 0, "merged": 0, "added": 41, "removed": 9},
        }
    ]


def test_each_language_is_shown_in_the_edition_aligned_with_the_one_read(aligned):
    italian = entry("it", "2024-10-02", "208.2a")
    shown = {
        language: (ed.slug, found.number if found else None)
        for language, (ed, found) in aligned_entries(italian).items()
    }
    assert shown == {
        "en": ("2024-09-20", "208.2a"),  # the edition the Italian translates, not the newest
        "ja": ("ja-viewer", "208.2a"),
        "zh-hans": ("2024-09-20", "208.2a"),
    }
    older = Edition.objects.get(language="it", slug="2023-06-16")
    assert aligned_edition(older, "en").slug == "2023-06-16"
    newest = Edition.objects.get(language="en", slug="2025-04-04")
    # No Italian translates 2025-04-04: the nearest older source wins.
    assert aligned_edition(newest, "it").slug == "2024-10-02"


def test_rule_history_lists_the_rule_in_every_edition_of_its_language(aligned):
    history = [
        (ed.slug, found.number if found else None) for ed, found in rule_history(entry("en", "2025-04-04", "724.2"))
    ]
    assert history == [("2025-04-04", "724.2"), ("2024-09-20", "723.2"), ("2023-06-16", "722.2")]
    added = entry("en", "2025-04-04", "702.177")
    assert [(ed.slug, found is not None) for ed, found in rule_history(added)] == [
        ("2025-04-04", True),
        ("2024-09-20", False),
        ("2023-06-16", False),
    ]


def test_alignment_command_prints_pairs_and_counts_as_json(aligned, capsys):
    call_command("alignment", "--game", "berserk", "--from", "ru:pre-ed15", "--to", "ru:2024-05-31", "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["counts"] == {"same_number": 0, "moved": 5, "split": 0, "merged": 0, "added": 429, "removed": 0}
    assert data["pairs"][1] == {"from": "107.2", "to": "108.2", "method": "text", "relation": "moved", "score": 0.9972}
    assert [(p["from"], p["to"]) for p in data["pairs"]] == [
        ("106.4", "107.3"),
        ("107.2", "108.2"),
        ("107.3", "108.3"),
        ("107.4", "108.4"),
        ("107.5", "108.5"),
    ]


def test_alignment_command_counts_a_translation_as_same_number_renumbered_added_removed(aligned, capsys):
    call_command("alignment", "--game", "mtg", "--from", "en:2024-09-20", "--to", "zh-hans:2024-09-20", "--json")
    data = json.loads(capsys.readouterr().out)
    # Numbered alike but for Duskmourn's second 702.175: paired by number, not by structure.
    assert data["counts"] == {"same_number": 3167, "renumbered": 2, "added": 0, "removed": 0, "by_structure": 0}
    assert [pair for pair in data["pairs"] if pair["to"].startswith("702.176")] == [
        {"from": "702.175", "to": "702.176", "method": "position", "relation": "moved", "score": 0.5},
        {"from": "702.175a", "to": "702.176a", "method": "position", "relation": "moved", "score": 0.5},
    ]


def test_alignment_command_joins_editions_that_are_not_neighbours_through_concepts(aligned, capsys):
    call_command("alignment", "--game", "mtg", "--from", "en:2023-06-16", "--to", "en:2025-04-04", "--json")
    data = json.loads(capsys.readouterr().out)
    initiative = [pair for pair in data["pairs"] if pair["from"] == "722"]
    assert initiative == [{"from": "722", "to": "724", "method": "text", "relation": "moved", "score": 1.0}]
    assert data["counts"]["removed"] == 9  # 509.2 … 805.10f, removed in 2025-04-04


def test_alignment_command_names_a_missing_edition(aligned):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--to 'en:2022-01-01': no such edition of mtg; imported: en:2023-06-16"):
        call_command("alignment", "--game", "mtg", "--from", "en:2024-09-20", "--to", "en:2022-01-01")


def test_reimporting_one_changed_rule_changes_one_row_and_keeps_every_id_and_concept(aligned, tmp_path, corpus):
    path = corpus("mtg_cr_en_20250404_cr-line-endings.txt")
    text = path.read_bytes().decode("utf-8-sig")
    changed = tmp_path / "MagicCompRules 20250404.txt"
    changed.write_text(
        text.replace("Its power and toughness will each be equal to 1 plus 0, so it’s 1/1.", "It is 1/1.")
    )
    edition = Edition.objects.get(language="en", slug="2025-04-04")
    fields = (
        "pk",
        "kind",
        "number",
        "title",
        "text",
        "position",
        "order",
        "parent_id",
        "duplicate_of_id",
        "concept_id",
    )
    before = {row[0]: row for row in Entry.objects.filter(edition=edition).values_list(*fields)}
    concepts_before = Concept.objects.count()
    report = edition_import(path=changed, game="mtg", language="en", edition="2025-04-04")
    after = {row[0]: row for row in Entry.objects.filter(edition=edition).values_list(*fields)}
    assert report.changed is True
    assert set(after) == set(before)
    assert [pk for pk in after if after[pk] != before[pk]] == []  # the example is what changed
    assert report.rows.as_json() == {"created": 0, "updated": 0, "deleted": 0, "examples": 1, "references": 0}
    assert Concept.objects.count() == concepts_before
    rule = entry("en", "2025-04-04", "208.2a")
    assert rule.examples.get().text.endswith("there won’t be a chosen player. It is 1/1.")
    # Now one word of a rule's own text.
    changed.write_text(text.replace("208.5. If a creature somehow has no value", "208.5. If a creature has no value"))
    report = edition_import(path=changed, game="mtg", language="en", edition="2025-04-04")
    after = {row[0]: row for row in Entry.objects.filter(edition=edition).values_list(*fields)}
    assert [after[pk][2] for pk in after if after[pk] != before[pk]] == ["208.5"]
    assert report.rows.as_json() == {"created": 0, "updated": 1, "deleted": 0, "examples": 1, "references": 0}
    assert set(after) == set(before)
