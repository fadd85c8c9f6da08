"""Text in another language than the page's says so: a definition only another edition's glossary has
carries its real ``lang`` and a label in the interface language ("(in inglese)", "（英語）")."""

import re

import pytest

pytestmark = pytest.mark.usefixtures("site")

POWER = (
    "1. Part of a card that only creature cards have. A creature card’s power is printed before the slash in its "
    "lower right corner. See rule 208, “Power/Toughness.”\n2. A characteristic that only creatures have. See rule "
    "302.4."
)
TOUGHNESS = POWER.replace("power is printed before", "toughness is printed after")


def page(client, url, interface=None):
    if interface:
        client.cookies["django_language"] = interface
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def term_info(html, key):
    return re.search(rf'<div class="term-info" id="term-{key}">(.*?)</div>', html, re.S)[1]


@pytest.mark.parametrize(
    "url, interface, mark",
    [
        ("/rules/mtg/it/2024-10-02/208.1/", "it", '<small class="lang-mark" lang="it">(in inglese)</small>'),
        ("/rules/mtg/it/2024-10-02/208.1/", "en", '<small class="lang-mark" lang="en">(in English)</small>'),
        ("/rules/mtg/ja/ja-viewer/208.1/", "ja", '<small class="lang-mark" lang="ja">（英語）</small>'),
        ("/rules/mtg/ja/ja-viewer/208.1/", "de", '<small class="lang-mark" lang="de">(auf Englisch)</small>'),
    ],
)
def test_a_rule_page_marks_a_definition_only_the_english_glossary_has(client, url, interface, mark):
    info = term_info(page(client, url, interface), "power")
    assert f'<dd class="definition" lang="en">{POWER} {mark}</dd>' in info


def test_a_definition_in_the_pages_own_language_has_no_mark(client):
    html = page(client, "/rules/mtg/en/2024-09-20/208.1/", "it")
    assert f'<dd class="definition" lang="en">{POWER}</dd>' in term_info(html, "power")
    assert "lang-mark" not in html


@pytest.mark.parametrize(
    "url, interface, source, mark",
    [
        (
            "/rules/mtg/it/2024-10-02/glossary/costituzione/",
            "it",
            "Inglese · 20 settembre 2024",
            '<small class="lang-mark" lang="it">(in inglese)</small>',
        ),
        (
            "/rules/mtg/ja/ja-viewer/glossary/タフネス/",
            "ja",
            "英語 · 2024年9月20日",
            '<small class="lang-mark" lang="ja">（英語）</small>',
        ),
    ],
)
def test_a_glossary_term_without_a_definition_here_shows_the_english_one_marked(client, url, interface, source, mark):
    html = page(client, url, interface)
    fallback = re.search(r'<div class="definition fallback">(.*?)</div>', html, re.S)[1]
    assert fallback == (
        '<p class="source"><a lang="en" href="/rules/mtg/en/2024-09-20/glossary/toughness/">Toughness</a> · '
        f'{source}</p>\n<p lang="en">{TOUGHNESS} {mark}</p>'
    )


def test_a_glossary_term_defined_in_its_own_edition_has_no_mark(client):
    html = page(client, "/rules/mtg/en/2024-09-20/glossary/toughness/", "ja")
    assert '<div class="definition" lang="en">1. Part of a card that only <a class="term"' in html
    assert "lang-mark" not in html
    assert 'class="definition fallback"' not in html
