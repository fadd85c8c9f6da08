"""Consistency: a source term whose aligned translation uses none of the term's accepted forms."""

from rulesref.compare.consistency import consistency_report
from rulesref.compare.terms import Glossary
from tests.compare.conftest import edition


def test_italian_208_4a_and_208_4b_render_base_power_with_no_accepted_form(store):
    source, target = edition("en", "2024-09-20"), edition("it", "2024-10-02")
    report = consistency_report(source, target, Glossary.load("mtg", ["en", "it"]))
    assert report.as_json() == {
        "source": "en:2024-09-20",
        "target": "it:2024-10-02",
        "checked": 11,
        "issues": [
            {
                "number": "208.4a",
                "source_number": "208.4a",
                "term": "base-power",
                "source_forms": ["base power"],
                "accepted": ["forza base", "forza di base"],
            },
            {
                "number": "208.4a",
                "source_number": "208.4a",
                "term": "power-toughness",
                "source_forms": ["power and toughness"],
                "accepted": ["forza/costituzione", "forza e costituzione"],
            },
            {
                "number": "208.4b",
                "source_number": "208.4b",
                "term": "base-power",
                "source_forms": ["base power"],
                "accepted": ["forza base", "forza di base"],
            },
        ],
    }


def test_a_scope_limits_the_check(store):
    report = consistency_report(
        edition("en", "2024-09-20"), edition("it", "2024-10-02"), Glossary.load("mtg", ["en", "it"]), "208.3"
    )
    assert (report.checked, report.findings) == (2, [])
