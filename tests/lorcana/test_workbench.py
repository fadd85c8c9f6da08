"""The translator workbench on the Lorcana rules: side by side with the renumbered Japanese, the
English edition diff, the German and French 2.1.0 freshness against English 2.2.0, the exports."""

import csv
import io
import re
import xml.etree.ElementTree as ET

import pytest

from rulesref.compare.editiondiff import edition_diff
from rulesref.compare.freshness import freshness_report
from rulesref.rules.models import Edition, Entry
from rulesref.rules.selectors import entry_pairs

from .conftest import DE_210, EN_210, EN_220, FR_210, JA_220
from .files import blocks, lines_of

pytestmark = pytest.mark.django_db

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def edition(language: str, slug: str) -> Edition:
    return Edition.objects.get(game__slug="lorcana", language=language, slug=slug)


def under(numbers, scope: str) -> list[str]:
    return [n for n in numbers if n == scope or n.startswith(scope + ".")]


def test_side_by_side_of_4_3_has_a_row_per_english_rule_with_the_german_and_japanese_beside_it(lorcana, client):
    response = client.get(
        "/compare/",
        {"game": "lorcana", "c": ["en:2026-07-09", "de:2026-04-30", "ja:2026-07-10"], "scope": "4.3"},
    )
    assert response.status_code == 200
    table = response.context["table"]
    new, old, german, japanese = (blocks(name) for name in (EN_220, EN_210, DE_210, JA_220))
    english = under(new, "4.3")
    # Nothing of 4.3 was removed from 2.1.0, and chapter 4 keeps its numbers in all three files:
    # each row is an English 2.2.0 rule, with the German where English 2.1.0 had it.
    assert set(under(old, "4.3")) <= set(english)
    expected = [(n, n if n in old and n in german else None, n if n in japanese else None) for n in english]
    rows = [tuple(cell.entry.number if cell.entry else None for cell in row.cells) for row in table.rows]
    assert rows == expected
    assert ("4.3.4.2", None, "4.3.4.2") in rows  # new in 2.2.0: the German 2.1.0 has no such rule
    page = response.content.decode()
    assert page.index(">4.3.1<") < page.index(">4.3.4.2<") < page.index(">4.3.6<")
    # The printed glossaries' "bag" (Beutel, バッグ) is one term, in one colour, in every column.
    marked = set(
        re.findall(r'<mark class="term t\d+" data-term="printed-bag" title="printed-bag">([^<]+)</mark>', page)
    )
    assert marked == {"bag", "Beutel", "バッグ"}


def test_side_by_side_of_a_renumbered_japanese_section(lorcana, client):
    response = client.get("/compare/", {"game": "lorcana", "c": ["en:2026-07-09", "ja:2026-07-10"], "scope": "8.10"})
    rows = [
        tuple(cell.entry.number if cell.entry else None for cell in row.cells) for row in response.context["table"].rows
    ]
    assert rows[0] == ("8.10", "8.9")
    assert ("8.10.4", "8.9.4") in rows
    assert all(ja is None or ja.startswith("8.9") for _en, ja in rows)


def test_the_english_edition_diff_lists_the_rules_whose_text_changed(lorcana, client):
    old, new = blocks(EN_210), blocks(EN_220)
    new_texts, old_texts = set(new.values()), set(old.values())
    # Changed where they stand: the same number in both, and neither text is found elsewhere.
    changed_in_place = {
        n for n in old.keys() & new.keys() if old[n] != new[n] and old[n] not in new_texts and new[n] not in old_texts
    }
    assert {"4.3.6", "8.12.1"} <= changed_in_place
    diff = edition_diff(edition("en", "2026-04-30"), edition("en", "2026-07-09"))
    reported = {change.new.number for change in diff.changes if change.new is not None and change.old is not None}
    assert changed_in_place <= reported
    # Rules printed only in 2.2.0 whose text 2.1.0 does not print at all are additions, but for
    # those the 2.2.0 change log says were moved ("6.1.15. Moved the section on …") and their subrules.
    moved = [m[1] for text in lines_of(EN_220) if (m := re.match(r"^\s*•\s+(\d+(?:\.\d+)+)\.\s+Moved\b", text))]
    assert moved == ["6.1.15", "6.1.16"]
    added = {
        n
        for n in new.keys() - old.keys()
        if new[n] not in old_texts and not under([n], moved[0]) and not under([n], moved[1])
    }
    moves = {(c.old.number, c.new.number) for c in diff.changes if c.kind == "moved"}
    assert {number for _old, number in moves} >= {"6.1.15", "6.1.16"}
    assert added <= {change.new.number for change in diff.changes if change.kind == "added"}
    response = client.get("/compare/diff/", {"game": "lorcana", "from": "en:2026-04-30", "to": "en:2026-07-09"})
    assert response.status_code == 200
    assert ">4.3.6<" in response.content.decode()


def stale_expected() -> list[str]:
    """The English 2.1.0 rules whose text (with its examples) English 2.2.0 no longer prints
    anywhere, in the file's order."""
    old, new = blocks(EN_210), blocks(EN_220)
    printed = set(new.values())
    return [n for n, text in old.items() if text not in printed]


@pytest.mark.parametrize("language, name", [("de", DE_210), ("fr", FR_210)])
def test_german_and_french_are_stale_exactly_where_the_english_changed(lorcana, client, language, name):
    expected = [n for n in stale_expected() if n in blocks(name)]
    assert len(expected) == 30
    report = freshness_report(edition(language, "2026-04-30"))
    assert report.newest_source == edition("en", "2026-07-09")
    assert [item.entry.number for item in report.stale] == expected
    assert {item.reason for item in report.stale} == {"changed"}
    page = client.get("/compare/freshness/", {"game": "lorcana", "edition": f"{language}:2026-04-30"})
    assert page.status_code == 200
    assert page.context["report_json"]["stale"] == expected


def aligned_pairs_de_ja() -> set[tuple[int, int]]:
    """(German entry, Japanese entry) pairs through the stored alignments: German 2.1.0 → English
    2.1.0 → English 2.2.0 → Japanese 2.2.0, numbered rules only, one to one."""
    de, en1, en2, ja = (
        edition("de", "2026-04-30"),
        edition("en", "2026-04-30"),
        edition("en", "2026-07-09"),
        edition("ja", "2026-07-10"),
    )

    def links(a, b):
        return {x: y for x, y, _method, relation, _score in entry_pairs(a, b) if relation in ("same", "moved")}

    to_en1, to_en2, to_ja = links(de, en1), links(en1, en2), links(en2, ja)
    numbered = set(
        Entry.objects.filter(edition__in=[de, ja], duplicate_of=None).exclude(number="").values_list("pk", flat=True)
    )
    pairs = set()
    for german, english in to_en1.items():
        japanese = to_ja.get(to_en2.get(english))
        if japanese is not None and german in numbered and japanese in numbered:
            pairs.add((german, japanese))
    return pairs


def test_the_tmx_of_german_and_japanese_has_a_unit_per_aligned_pair(lorcana, client):
    response = client.get("/compare/export.tmx", {"game": "lorcana", "c": ["de", "ja"]})
    assert response.status_code == 200
    root = ET.fromstring(response.content)
    units = root.findall("body/tu")
    expected = aligned_pairs_de_ja()
    assert len(units) == len(expected)
    assert all([tuv.get(XML_LANG) for tuv in tu.findall("tuv")] == ["de", "ja"] for tu in units)
    numbers = {tuple(tuv.findtext("prop[@type='x-rule']") for tuv in tu.findall("tuv")) for tu in units}
    assert ("8.10.4", "8.9.4") in numbers
    assert {tuv.findtext("prop[@type='x-edition']") for tu in units for tuv in tu.findall("tuv")} == {
        "de:2026-04-30",
        "ja:2026-07-10",
    }


def test_the_csv_has_a_row_per_rule_of_the_scope(lorcana, client):
    response = client.get("/compare/export.csv", {"game": "lorcana", "c": ["en:2026-04-30", "fr"], "scope": "7.5"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    numbers = under(blocks(EN_210), "7.5")
    assert rows[0][2:] == ["en:2026-04-30 number", "en:2026-04-30 text", "fr:2026-04-30 number", "fr:2026-04-30 text"]
    assert [row[2] for row in rows[1:]] == numbers
    assert [row[4] for row in rows[1:]] == [n for n in numbers if n in blocks(FR_210)]
    assert rows[1][3:6:2] == ["Inkwell", "Réserve d'encre"]
