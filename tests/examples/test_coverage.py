"""Coverage counted from the database, per chapter, for the English edition 2024-09-20."""

import pytest

from rulesref.examples.coverage import edition_coverage, find_edition
from rulesref.rules.models import Edition


def test_counts_per_chapter_from_the_imported_edition(english_edition):
    report = edition_coverage(find_edition("mtg", "en", "2024-09-20"))
    assert (report.total, report.executable) == (279, 158)
    assert [(c.number, c.title, len(c.examples), c.executable) for c in report.chapters] == [
        ("1", "Game Concepts", 35, 24),
        ("2", "Parts of a Card", 22, 16),
        ("3", "Card Types", 2, 2),
        ("4", "Zones", 1, 0),
        ("5", "Turn Structure", 14, 11),
        ("6", "Spells, Abilities, and Effects", 74, 48),
        ("7", "Additional Rules", 88, 43),
        ("8", "Multiplayer Rules", 35, 14),
        ("9", "Casual Variants", 8, 0),
    ]
    six = {(e.rule, e.position): e for e in report.chapters[5].examples}
    assert six[("613.7a", 0)].scenario == "rune-of-flight"
    assert six[("603.8", 0)].scenario == "no-cards-in-hand"
    assert six[("603.2h", 0)].scenario is None
    assert six[("603.2h", 0)].needs == ("triggers", "prevention")
    assert all(
        e.reason and e.reason != "not analysed yet" for c in report.chapters for e in c.examples if not e.executable
    )


def test_the_report_as_json(english_edition):
    data = edition_coverage(Edition.objects.get(language="en")).as_json()
    assert data["edition"] == {"game": "mtg", "language": "en", "edition": "2024-09-20"}
    assert (data["examples"], data["executable"], data["not_executable"]) == (279, 158, 121)
    chapter = data["chapters"][1]
    assert set(chapter) == {"chapter", "title", "examples", "executable", "not_executable", "items"}
    assert chapter["items"][0] == {
        "rule": "201.2b",
        "position": 0,
        "executable": False,
        "scenario": None,
        "needs": ["triggers"],
        "reason": "triggered abilities the engine does not know yet (reflexive, haunt, combat and copy triggers)",
    }


@pytest.mark.django_db
def test_a_missing_edition_is_none():
    assert find_edition("mtg", "en", "2024-09-20") is None
