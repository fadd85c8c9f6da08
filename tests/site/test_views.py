"""The plain pages: home lists what was imported; the language switch keeps the page;
the sitemap; compression and static files."""

import gzip
import re

import pytest

from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2023, SEED_IT_2024, SEED_JA, SOURCES
from tests.synthetic import small_cr

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeds():
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")


def test_home_lists_every_edition_with_its_language_and_date(client, seeds):
    page = client.get("/").content.decode()
    assert '<meta charset="utf-8">' in page
    assert '<h2 id="game-mtg"><a href="/rules/mtg/">Magic: The Gathering</a></h2>' in page
    assert '<a href="/rules/mtg/it/2024-10-02/">Italian · October 2, 2024</a>' in page
    assert '<a href="/rules/mtg/ja/ja-viewer/">Japanese · undated edition</a>' in page
    assert '<span class="count">10 rules</span>' in page
    # A source edition known only by its key is named too (never "en:2024-09-20").
    assert "Translation of English · September 20, 2024 (not imported)" in page


def test_home_shows_three_editions_per_language_and_links_the_older_ones(client, tmp_path):
    for month in range(1, 6):
        path = tmp_path / f"cr-{month}.txt"
        path.write_text(small_cr(f"2020-0{month}-01", [("100.1", f"Rule text of month {month}.")]))
        edition_import(path=path, game="mtg", language="en")
    page = client.get("/").content.decode()
    assert re.findall(r'<a href="/rules/mtg/en/([\d-]+)/">', page) == ["2020-05-01", "2020-04-01", "2020-03-01"]
    assert '<li class="older"><a href="/rules/mtg/#editions-en">2 older editions</a></li>' in page
    game = client.get("/rules/mtg/").content.decode()
    assert '<section class="game-language" id="editions-en">' in game
    assert re.findall(r'<a href="/rules/mtg/en/([\d-]+)/">', game) == [f"2020-0{m}-01" for m in range(5, 0, -1)]


def test_home_names_languages_and_dates_in_the_interface_language(client, seeds):
    client.cookies["django_language"] = "it"
    page = client.get("/").content.decode()
    assert '<a href="/rules/mtg/it/2024-10-02/">Italiano · 2 ottobre 2024</a>' in page
    assert '<a href="/rules/mtg/ja/ja-viewer/">Giapponese · edizione senza data</a>' in page
    assert "Traduzione di Inglese · 20 settembre 2024 (non importata)" in page


@pytest.mark.parametrize(
    "headers, language, texts",
    [
        (
            {"cookie": "de"},
            "de",
            [
                "<h1>Regel-Nachschlagewerk</h1>",
                '<label for="interface-language">Sprache der Oberfläche</label>',
                '<a href="/rules/mtg/it/2024-10-02/">Italienisch · 2. Oktober 2024</a>',
                '<span class="count">10 Regeln</span>',
                '<span class="translates">Übersetzung von Englisch · 20. September 2024 (nicht importiert)</span>',
            ],
        ),
        (
            {"accept": "fr-FR,fr;q=0.9"},
            "fr",
            [
                "<h1>Référence des règles</h1>",
                '<label for="interface-language">Langue de l’interface</label>',
                '<a href="/rules/mtg/it/2024-10-02/">Italien · 2 octobre 2024</a>',
                '<span class="count">10 règles</span>',
                '<span class="translates">Traduit de : Anglais · 20 septembre 2024 (non importée)</span>',
            ],
        ),
        (
            {"cookie": "zh-hans"},
            "zh-hans",
            [
                "<h1>规则参考</h1>",
                '<label for="interface-language">界面语言</label>',
                '<a href="/rules/mtg/it/2024-10-02/">意大利语 · 2024年10月2日</a>',
                '<span class="count">10 条规则</span>',
                '<span class="translates">译自 英语 · 2024年9月20日（未导入）</span>',
            ],
        ),
        (
            {"accept": "ko-KR,ko;q=0.9"},
            "ko",
            [
                "<h1>규칙 레퍼런스</h1>",
                '<label for="interface-language">인터페이스 언어</label>',
                '<a href="/rules/mtg/it/2024-10-02/">이탈리아어 · 2024년 10월 2일</a>',
                '<span class="count">규칙 10개</span>',
                '<span class="translates">영어 · 2024년 9월 20일의 번역(가져오지 않음)</span>',
            ],
        ),
    ],
)
def test_home_speaks_german_french_chinese_and_korean(client, seeds, headers, language, texts):
    """German and Simplified Chinese by the switch's cookie, French and Korean by the browser's Accept-Language."""
    if "cookie" in headers:
        client.cookies["django_language"] = headers["cookie"]
    page = client.get("/", headers={"Accept-Language": headers.get("accept", "")}).content.decode()
    assert f'<html lang="{language}">' in page
    for text in texts:
        assert text in page


def test_the_language_switch_offers_every_interface_language_in_its_own_name(client):
    page = client.get("/", headers={"Accept-Language": "fr"}).content.decode()
    options = re.findall(r'<option value="([\w-]+)" lang="[\w-]+"( selected)?>(.*?)</option>', page)
    assert options == [
        ("en", "", "English"),
        ("de", "", "Deutsch"),
        ("fr", " selected", "français"),
        ("it", "", "italiano"),
        ("ja", "", "日本語"),
        ("ko", "", "한국어"),
        ("ru", "", "Русский"),
        ("zh-hans", "", "简体中文"),
    ]


def test_home_without_data_says_how_to_import(client):
    page = client.get("/").content.decode()
    assert "No rules have been imported yet" in page


def test_every_page_has_a_search_box_and_a_language_switch_without_inline_script(client, seeds):
    page = client.get("/rules/mtg/it/2024-10-02/208.2a/").content.decode()
    assert '<form class="header-search" action="/search/" method="get" role="search">' in page
    assert '<input name="next" type="hidden" value="/rules/mtg/it/2024-10-02/208.2a/">' in page
    # Everything a Content-Security-Policy of 'self' allows: no inline script, style or handler.
    assert not re.search(r"<script(?![^>]*\ssrc=)|<style|\son[a-z]+=", page)


def test_switching_the_interface_language_stays_on_the_page(client, seeds):
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/rules/mtg/it/2024-10-02/208.2a/"})
    assert (response.status_code, response["Location"]) == (302, "/rules/mtg/it/2024-10-02/208.2a/")
    page = client.get(response["Location"]).content.decode()
    assert '<html lang="ja">' in page
    assert "イタリア語 · 2024年10月2日" in page


def test_pages_are_compressed_for_browsers_that_accept_it(client, seeds):
    response = client.get("/rules/mtg/it/2024-10-02/208/", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert '<div class="entry subrule" id="r208.2a" lang="it">' in gzip.decompress(response.content).decode()


def test_static_files_are_served_by_whitenoise(client):
    response = client.get("/static/rulesref/site.js")
    assert response.status_code == 200
    assert b"forwardRuleFragment" in b"".join(response.streaming_content)


def test_sitemap_lists_contents_rules_and_glossary_pages_with_hreflang_alternates(client, seeds):
    # The Italian and Japanese texts are aligned through the English edition they translate.
    edition_import(path=SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz", game="mtg", language="en")
    index = client.get("/sitemap.xml").content.decode()
    assert "<loc>http://testserver/sitemap-contents.xml</loc>" in index
    assert "<loc>http://testserver/sitemap-entries.xml</loc>" in index
    contents = client.get("/sitemap-contents.xml").content.decode()
    assert "<loc>http://testserver/rules/mtg/it/2024-10-02/</loc>" in contents
    entries = client.get("/sitemap-entries.xml").content.decode()
    rule = re.search(r"<url><loc>http://testserver/rules/mtg/it/2024-10-02/208.2a/</loc>.*?</url>", entries)[0]
    assert (
        '<xhtml:link rel="alternate" hreflang="it" href="http://testserver/rules/mtg/it/2024-10-02/208.2a/"/>' in rule
    )
    assert '<xhtml:link rel="alternate" hreflang="ja" href="http://testserver/rules/mtg/ja/ja-viewer/208.2a/"/>' in rule
    assert "<loc>http://testserver/rules/mtg/it/2024-10-02/208/</loc>" in entries
    # An older edition keeps its table of contents in the sitemap, not its rule pages.
    assert "<loc>http://testserver/rules/mtg/it/2023-06-16/</loc>" in contents
    assert "/rules/mtg/it/2023-06-16/208" not in entries
