"""What goes into the index: a glossary entry is keyed by its concept when the term list has it."""

import pytest

from rulesref.search import search

pytestmark = pytest.mark.usefixtures("search_index")


def test_a_glossary_entry_and_its_translation_are_one_result():
    hits = [hit for hit in search("防御力", languages=["en", "zh-hans"], limit=100).hits if hit.kind == "glossary"]
    toughness = [hit for hit in hits if hit.key == "mtg:glossary:toughness"]
    assert len(toughness) == 1
    texts = toughness[0].texts
    assert (texts["en"].number, texts["zh-hans"].number) == ("Toughness", "防御力")
    assert texts["en"].url == "/rules/mtg/en/2024-09-20/glossary/toughness/"
    assert texts["zh-hans"].url == "/rules/mtg/zh-hans/2024-09-20/glossary/%E9%98%B2%E5%BE%A1%E5%8A%9B/"
