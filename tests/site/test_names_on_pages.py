"""Words, not codes: every page names editions, languages and games in the interface language.

A reader sees "Japanese · 総合ルールビューア (undated)" and "2 ottobre 2024", never ``ja-viewer``,
``pre-ed15``, ``2024-10-02``, ``en:2024-09-20`` or ``zh-hans`` (they stay in addresses and form
values). The bundled site: English 2024-09-20, Italian 2024-10-02 and 2023-06-16, the Japanese
viewer page (undated) and the Берсерк fragment (undated).
"""

import re

import pytest

from tests.visible import raw_codes, visible_text

pytestmark = pytest.mark.usefixtures("site")

UI = ["en", "it", "ja", "ru"]


def page(client, url, ui, status=200):
    client.cookies["django_language"] = ui
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    html = response.content.decode()
    assert f'<html lang="{ui}">' in html
    return html


def title(html):
    return re.search(r"<title>(.*?)</title>", html, re.S)[1]


@pytest.mark.parametrize(
    "ui, viewer, fragment, berserk",
    [
        (
            "en",
            "Japanese · 総合ルールビューア (undated)",
            "Russian · Фрагмент правил (ранее 15-й базовой редакции) (undated)",
            "Berserk",
        ),
        (
            "it",
            "Giapponese · 総合ルールビューア (senza data)",
            "Russo · Фрагмент правил (ранее 15-й базовой редакции) (senza data)",
            "Berserk",
        ),
        (
            "ja",
            "日本語 · 総合ルールビューア（日付なし）",
            "ロシア語 · Фрагмент правил (ранее 15-й базовой редакции)（日付なし）",
            "ベルセルク",
        ),
        (
            "ru",
            "Японский · 総合ルールビューア (без даты)",
            "Русский · Фрагмент правил (ранее 15-й базовой редакции) (без даты)",
            "Берсерк",
        ),
    ],
)
def test_home_names_undated_editions_and_games_in_the_interface_language(client, ui, viewer, fragment, berserk):
    html = page(client, "/", ui)
    assert f'<a href="/rules/mtg/ja/ja-viewer/">{viewer}</a>' in html
    assert f'<a href="/rules/berserk/ru/pre-ed15/">{fragment}</a>' in html
    assert f'<h2 id="game-berserk"><a href="/rules/berserk/">{berserk}</a></h2>' in html
    # An undated edition's name is in its label: not printed a second time beside it.
    assert html.count("総合ルールビューア") == 1
    assert raw_codes(html) == []


@pytest.mark.parametrize(
    "ui, heading, translates",
    [
        ("en", "Japanese · 総合ルールビューア (undated)", "Translation of English · September 20, 2024"),
        ("it", "Giapponese · 総合ルールビューア (senza data)", "Traduzione di Inglese · 20 settembre 2024"),
        ("ja", "日本語 · 総合ルールビューア（日付なし）", "翻訳元： 英語 · 2024年9月20日"),
        ("ru", "Японский · 総合ルールビューア (без даты)", "Перевод редакции Английский · 20 сентября 2024\u202fг."),
    ],
)
def test_an_undated_edition_s_contents_are_titled_by_its_name(client, ui, heading, translates):
    html = page(client, "/rules/mtg/ja/ja-viewer/", ui)
    assert title(html).endswith(f" · {heading}")
    assert f"<small>{heading}</small></h1>" in html
    assert translates in visible_text(html).replace("\n", " ")
    assert raw_codes(html) == []


@pytest.mark.parametrize(
    "ui, expected",
    [
        ("en", "208.1 · Magic: The Gathering · Japanese · 総合ルールビューア (undated)"),
        ("it", "208.1 · Magic: The Gathering · Giapponese · 総合ルールビューア (senza data)"),
        ("ja", "208.1 · マジック：ザ・ギャザリング · 日本語 · 総合ルールビューア（日付なし）"),
        ("ru", "208.1 · Magic: The Gathering · Японский · 総合ルールビューア (без даты)"),
    ],
)
def test_rule_page_titles_name_the_edition(client, ui, expected):
    html = page(client, "/rules/mtg/ja/ja-viewer/208.1/", ui)
    assert title(html) == expected
    assert raw_codes(html) == []


@pytest.mark.parametrize("ui", UI)
def test_italian_rule_pages_show_no_code(client, ui):
    """Dates, the history list, the newer-edition banner, the other languages and the reference into the
    English edition (marked "English", not "en")."""
    for url in ("/rules/mtg/it/2024-10-02/208.2a/", "/rules/mtg/it/2023-06-16/208.2a/", "/rules/mtg/it/2024-10-02/"):
        assert raw_codes(page(client, url, ui)) == [], url


@pytest.mark.parametrize(
    "ui, listed",
    [
        ("en", "総合ルールビューア (undated)"),
        ("it", "総合ルールビューア (senza data)"),
        ("ja", "総合ルールビューア（日付なし）"),
        ("ru", "総合ルールビューア (без даты)"),
    ],
)
def test_a_missing_edition_s_404_lists_what_exists_by_name(client, ui, listed):
    html = page(client, "/rules/mtg/ja/1999-01-01/", ui, status=404)
    assert f'<ul class="exists"><li><a href="/rules/mtg/ja/ja-viewer/">{listed}</a></li></ul>' in html
    # Only the reader's own value is echoed, in the heading.
    assert raw_codes(html) == ["1999-01-01"]


@pytest.mark.parametrize(
    "ui, game",
    [("en", "Berserk"), ("it", "Berserk"), ("ja", "ベルセルク"), ("ru", "Берсерк")],
)
def test_the_game_page_is_titled_by_the_game_s_name(client, ui, game):
    html = page(client, "/rules/berserk/", ui)
    assert title(html) == game
    assert raw_codes(html) == []
