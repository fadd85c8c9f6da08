"""Берсерк. Герои on the pages: its Markdown structure kept (lists, emphasis), its glossary with a TBX download."""

import re

import pytest

from rulesref.rules.services import edition_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def heroes(corpus):
    edition_import(path=corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"), game="berserk", language="ru")


def test_the_list_of_additional_properties_is_a_list(client, heroes):
    html = client.get("/rules/berserk/ru/2024-05-31/108.1/").content.decode()
    rule = re.search(r'<div class="entry rule" id="r108\.1".*?</div>\s*</div>', html, re.S)[0]
    assert '<div class="text">' in rule
    items = re.findall(r"<li>(.*?)</li>", rule, re.S)
    assert len(items) == 4
    assert items[0].startswith("Атака ударом")
    assert "*" not in rule and "[image]" not in rule.split("</ul>")[0].split("<ul>")[0]


def test_emphasis_in_an_example_is_emphasis_and_not_asterisks(client, heroes):
    html = client.get("/rules/berserk/ru/2024-05-31/108.5/").content.decode()
    examples = re.findall(r'<div class="example">(.*?)</div>', html, re.S)
    assert "<em>Эльфа-всадника</em>" in examples[0]
    assert "*" not in examples[0]


def test_the_glossary_page_offers_the_term_list_as_tbx(client, heroes):
    html = client.get("/rules/berserk/ru/2024-05-31/glossary/").content.decode()
    assert '<a href="/compare/terms/berserk/glossary.tbx" download>Download the term list as TBX</a>' in html
    response = client.get("/compare/terms/berserk/glossary.tbx")
    assert response.status_code == 200
    assert b"<martif" in response.content
