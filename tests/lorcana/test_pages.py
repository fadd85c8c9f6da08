"""The reader's pages with the Lorcana rules: the home and game pages, a rule shown in the other
languages through the alignment (the Japanese renumbered), the glossary's equivalents, the sitemap."""

import re

import pytest

from .conftest import EN_210, EN_220, JA_220
from .files import blocks, number_of_line

pytestmark = pytest.mark.django_db

# Rule 8.10.4 of English 2.2.0 as the English and the Japanese files print it.
SHIFT_DRY_EN = "If a shifted character is put on top of a dry character"
SHIFT_DRY_JA = "乾いたキャラクターの上に変身した場合"


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_home_page_lists_lorcana_with_its_five_editions(lorcana, client):
    page = text_of(client.get("/"))
    assert "Disney Lorcana" in page
    for language, date in [
        ("German", "April 30, 2026"),
        ("English", "July 9, 2026"),
        ("English", "April 30, 2026"),
        ("French", "April 30, 2026"),
        ("Japanese", "July 10, 2026"),
    ]:
        assert f"{language} · {date}" in page
    assert page.count("Translation of English · April 30, 2026") == 2
    assert page.count("Translation of English · July 9, 2026") == 1


def test_the_game_page_lists_each_language_with_its_newest_edition(lorcana, client):
    response = client.get("/rules/lorcana/")
    assert response.status_code == 200
    page = response.content.decode()
    for path in ["de/2026-04-30", "en/2026-07-09", "en/2026-04-30", "fr/2026-04-30", "ja/2026-07-10"]:
        assert f'href="/rules/lorcana/{path}/"' in page
    assert text_of(response).count("newest") == 4


def test_a_renumbered_rule_shows_its_japanese_text_under_the_japanese_number(lorcana, client):
    english = number_of_line(EN_220, SHIFT_DRY_EN)
    japanese = number_of_line(JA_220, SHIFT_DRY_JA)
    assert (english, japanese) == ("8.10.4", "8.9.4")  # chapter 8 of the Japanese is renumbered
    page = client.get(f"/rules/lorcana/en/2026-07-09/{english}/").content.decode()
    block = page[page.index('data-language="ja"') :]
    block = block[: block.index("</div>")]
    assert f'<a class="num" href="/rules/lorcana/ja/2026-07-10/{japanese}/">{japanese}</a>' in block
    assert SHIFT_DRY_JA in block
    # And back: the Japanese rule's page shows the English under its own number.
    back = client.get(f"/rules/lorcana/ja/2026-07-10/{japanese}/").content.decode()
    block = back[back.index('data-language="en"') :]
    assert f'href="/rules/lorcana/en/2026-07-09/{english}/">{english}</a>' in block[: block.index("</div>")]


def test_the_glossary_entry_shows_the_same_term_in_the_other_languages(lorcana, client):
    page = text_of(client.get("/rules/lorcana/en/2026-07-09/glossary/inkwell/"))
    assert "German: Tintenvorrat French: Réserve d’encre Japanese: インクウェル" in page


def test_the_sitemap_lists_the_lorcana_rules_with_their_alternates_in_every_language(lorcana, client):
    index = client.get("/sitemap.xml").content.decode()
    assert "/sitemap-entries.xml" in index
    entries = client.get("/sitemap-entries.xml").content.decode()
    url = entries[entries.index("<loc>http://testserver/rules/lorcana/en/2026-07-09/8.10.4/</loc>") :]
    url = url[: url.index("</url>")]
    alternates = dict(re.findall(r'hreflang="([^"]+)" href="http://testserver([^"]+)"', url))
    assert alternates == {
        "en": "/rules/lorcana/en/2026-07-09/8.10.4/",
        "de": "/rules/lorcana/de/2026-04-30/8.10.4/",
        "fr": "/rules/lorcana/fr/2026-04-30/8.10.4/",
        "ja": "/rules/lorcana/ja/2026-07-10/8.9.4/",
    }
    contents = client.get("/sitemap-contents.xml").content.decode()
    assert "<loc>http://testserver/rules/lorcana/ja/2026-07-10/</loc>" in contents
    glossary = client.get("/sitemap-glossary.xml").content.decode()
    assert "<loc>http://testserver/rules/lorcana/de/2026-04-30/glossary/tintenvorrat/</loc>" in glossary


def test_a_german_rule_whose_english_changed_in_2_2_0_says_so_with_the_english_difference(lorcana, client):
    added = " to the character played as a result of that effect"
    assert added in blocks(EN_220)["4.3.6"] and added not in blocks(EN_210)["4.3.6"]
    page = client.get("/rules/lorcana/de/2026-04-30/4.3.6/").content.decode()
    assert "<strong>Stale translation</strong>" in page
    assert "between English · April 30, 2026 (translated) and English · July 9, 2026" in page
    assert f"<ins>{added}</ins>" in page
    fresh = client.get("/rules/lorcana/de/2026-04-30/7.5.1/").content.decode()
    # (The page links its edition's feed of stale translations; no notice says this rule is one.)
    assert "<strong>Stale translation</strong>" not in fresh
