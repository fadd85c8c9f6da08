"""A translated rule is stale when its source rule changed after the edition it translates."""

import pytest

from rulesref.compare.freshness import freshness_report
from rulesref.compare.selection import SelectionError
from tests.compare.conftest import edition


def test_italian_208_is_stale_where_english_2025_changed_it(store):
    """208.2a's and 208.3a's examples say "this creature" since 2025-04-04."""
    report = freshness_report(edition("it", "2024-10-02"), "208")
    assert report.as_json() == {
        "source": "en:2024-09-20",
        "newest_source": "en:2025-04-04",
        "fresh": 9,
        "stale": ["208.2a", "208.3a"],
        "missing": [],
    }
    stale = report.stale[0]
    assert (stale.reason, stale.source.edition.slug, stale.newest.edition.slug) == (
        "changed",
        "2024-09-20",
        "2025-04-04",
    )
    assert [(p.op, p.text) for p in stale.pieces if p.op != "equal"] == [
        ("delete", "Lost Order of Jarkeld"),
        ("insert", "this creature"),
    ]


def test_the_whole_italian_edition_misses_every_other_english_rule(store):
    data = freshness_report(edition("it", "2024-10-02")).as_json()
    assert (data["fresh"], data["stale"], len(data["missing"])) == (9, ["208.2a", "208.3a"], 3190)
    assert data["missing"][:3] == ["1", "100", "100.1"]
    assert "702.177" in data["missing"]  # new in 2025-04-04


def test_the_japanese_page_follows_2023_so_208_2b_is_stale_too(store):
    data = freshness_report(edition("ja", "ja-viewer"), "208").as_json()
    assert data == {
        "source": "en:2023-06-16",
        "newest_source": "en:2025-04-04",
        "fresh": 8,
        "stale": ["208.2a", "208.2b", "208.3a"],
        "missing": [],
    }


def test_an_edition_that_translates_nothing_cannot_be_judged(store):
    with pytest.raises(SelectionError, match="^English · April 4, 2025 states no source edition it translates"):
        freshness_report(edition("en", "2025-04-04"))
