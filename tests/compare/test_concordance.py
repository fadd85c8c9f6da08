"""Concordance: a term in context, with the aligned texts and the count of each rendering."""

import pytest

from rulesref.compare.concordance import concordance
from rulesref.compare.selection import SelectionError
from rulesref.compare.terms import Glossary
from tests.compare.conftest import edition


def columns():
    return [edition("it", "2024-10-02"), edition("en", "2024-09-20"), edition("ja", "ja-viewer")]


def test_forza_in_italian_is_power_in_english_and_pawa_in_japanese(store):
    found = concordance(columns(), "forza", Glossary.load("mtg", ["it", "en", "ja"]))
    assert found.as_json() == {
        "query": "forza",
        "term": "power",
        "hits": 30,
        "renderings": {"it": {"forza": 29, "Forza": 1}, "en": {"power": 28, "Power": 2}, "ja": {"パワー": 29}},
        "without_glossary_form": {},
        "not_aligned": {},
    }


def test_each_hit_has_its_context_and_the_aligned_texts(store):
    found = concordance(columns(), "costituzione", Glossary.load("mtg", ["it", "en", "ja"]))
    last = found.hits[-1]
    assert (last.entry.number, last.before, last.match, last.after) == (
        "208.5",
        "…per la sua forza, la sua forza è 0. Lo stesso vale per la ",
        "costituzione",
        ".",
    )
    assert [(e.language, text) for e, text in last.aligned] == [
        ("en", "If a creature somehow has no value for its power, its power is 0. The same is true for toughness."),
        ("ja", "クリーチャーのパワーが何らかの理由で値を持たない場合、それは0となる。タフネスも同じである。"),
    ]


def test_a_word_that_is_no_glossary_term_still_gets_its_concordance(store):
    found = concordance(columns(), "Veicolo", Glossary.load("mtg", ["it", "en", "ja"]))
    assert found.term == "vehicle"
    found = concordance(columns(), "permanente non creatura", Glossary.load("mtg", ["it", "en", "ja"]))
    assert (found.term, [hit.entry.number for hit in found.hits]) == (None, ["208.3", "208.3a"])


def test_an_empty_or_huge_term_is_refused(store):
    with pytest.raises(SelectionError, match="^Type a term to look for$"):
        concordance(columns(), "   ", Glossary.load("mtg", ["it"]))
    with pytest.raises(SelectionError, match="at most 100 characters"):
        concordance(columns(), "x" * 101, Glossary.load("mtg", ["it"]))
