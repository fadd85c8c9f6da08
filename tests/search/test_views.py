"""The search page: counts, pages, links to rule pages, helpful messages, nothing echoed raw."""

import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext

from rulesref.rules.services import edition_import
from rulesref.search.results import LanguageText, SearchHit, frozen_texts
from rulesref.search.views import _shown_page
from tests.synthetic import KOREAN_CR
from tests.visible import raw_codes

pytestmark = pytest.mark.usefixtures("search_index")


def get(client, **params):
    response = client.get("/search/", params)
    assert response.status_code == 200
    return response.content.decode()


def test_results_are_counted_paginated_and_link_to_rule_pages(client):
    html = get(client, q="toughness")
    # Every hit is of one game: the count line says which, once.
    count = re.search(
        r'<p class="result-count" role="status">(\d+) results · Magic: The Gathering · page 1 of (\d+)</p>', html
    )
    assert count is not None
    assert int(count[2]) == -(-int(count[1]) // 10)
    assert html.count('<li class="hit">') == 10
    assert '<a href="/rules/mtg/en/2024-09-20/208.1/">English</a>' in html
    second = get(client, q="toughness", page="2")
    assert '<ol class="hits" start="11">' in second
    assert '<a rel="prev" href="?q=toughness&amp;page=1">Previous page</a>' in second


def test_the_matched_language_comes_first_in_each_result(client):
    html = get(client, q="costituzione")
    first = re.search(r'<li class="hit">.*?</li>', html, re.S)[0]
    assert re.findall(r'<td lang="([^"]+)">', first)[0] == "it"
    assert re.findall(r'<tr class="([^"]*)">', first)[0] == "matched"


def test_a_rule_number_with_one_exact_hit_opens_the_rule_page(client):
    response = client.get("/search/", {"q": "208.2a"})
    assert (response.status_code, response["Location"]) == (302, "/rules/mtg/en/2024-09-20/208.2a/")


def test_a_glossary_result_links_to_its_term_page(client):
    html = get(client, q="Vancouver Mulligan", lang="en")
    assert (
        '<h2>Glossary: <a href="/rules/mtg/en/2024-09-20/glossary/vancouver-mulligan/">Vancouver Mulligan</a></h2>'
        in html
    )
    assert '<a href="/rules/mtg/en/2024-09-20/glossary/vancouver-mulligan/">English</a>' in html
    term = client.get("/rules/mtg/en/2024-09-20/glossary/vancouver-mulligan/")
    assert term.status_code == 200


def test_latin_names_are_marked_in_japanese_and_chinese_rows(client):
    html = get(client, q="Jarkeld")
    row = re.search(r'<td lang="zh-hans">(.*?)</td>', html, re.S)[1]
    assert "<mark>Jarkeld</mark>" in row


@pytest.mark.parametrize(
    "ui, message",
    [
        (
            "en",
            "Unknown edition “1999-01-01”; imported editions: October 2, 2024 (edition:2024-10-02), "
            "September 20, 2024 (edition:2024-09-20), May 31, 2024 (edition:2024-05-31), "
            "June 16, 2023 (edition:2023-06-16), 総合ルールビューア (undated) (edition:ja-viewer), "
            "Фрагмент правил (ранее 15-й базовой редакции) (undated) (edition:pre-ed15).",
        ),
        (
            "it",
            "Edizione sconosciuta “1999-01-01”; edizioni importate: 2 ottobre 2024 (edition:2024-10-02), "
            "20 settembre 2024 (edition:2024-09-20), 31 maggio 2024 (edition:2024-05-31), "
            "16 giugno 2023 (edition:2023-06-16), 総合ルールビューア (senza data) (edition:ja-viewer), "
            "Фрагмент правил (ранее 15-й базовой редакции) (senza data) (edition:pre-ed15).",
        ),
    ],
)
def test_an_unknown_edition_gets_a_message_naming_each_edition_with_its_filter(client, ui, message):
    """Each edition by its date (or name) in the interface language; a slug only in the ``edition:`` to type."""
    client.cookies["django_language"] = ui
    html = get(client, q="toughness edition:1999-01-01")
    assert f'<p class="warning" role="alert">{message}</p>' in html
    assert '<li class="hit">' not in html


@pytest.mark.parametrize(
    "ui, italian, viewer",
    [
        ("en", "October 2, 2024", "総合ルールビューア (undated)"),
        ("it", "2 ottobre 2024", "総合ルールビューア (senza data)"),
        ("ja", "2024年10月2日", "総合ルールビューア（日付なし）"),
        ("ru", "2 октября 2024\u202fг.", "総合ルールビューア (без даты)"),
    ],
)
def test_each_row_of_a_hit_names_its_edition_by_date_or_name(client, ui, italian, viewer):
    client.cookies["django_language"] = ui
    html = get(client, q="costituzione", lang=["it", "ja"])
    assert f"<br><small>{italian}</small></th>" in html
    assert f"<br><small>{viewer}</small></th>" in html
    assert raw_codes(html) == []


def test_unknown_language_and_game_parameters_are_reported(client):
    html = get(client, q="toughness", lang=["xx", "en"], game="chess")
    assert (
        '<p class="note">Unknown language “xx” ignored; known languages: English, Italian, Japanese, Russian, '
        "Chinese (Simplified), German, French, Korean.</p>" in html
    )
    assert (
        '<p class="note">Unknown game “chess” ignored; known games: Magic: The Gathering, Berserk, Disney Lorcana.</p>'
        in html
    )
    assert '<li class="hit">' in html


def test_control_characters_are_never_echoed(client):
    html = get(client, q="tough\x00ness\x1b")
    assert "\x00" not in html and "\x1b" not in html
    assert 'value="tough ness "' in html


def test_control_characters_get_a_message_naming_them(client):
    html = get(client, q="tough\x00ness\x1b")
    assert '<p class="note">Control characters in your query (U+0000, U+001B) were read as spaces.</p>' in html
    assert '<p class="result-count" role="status">2 results · Magic: The Gathering</p>' in html
    only = get(client, q="\x00\x01\x02\x03\x04")
    assert (
        '<p class="warning" role="alert">Your query holds only control characters (U+0000, U+0001, U+0002, …): '
        "type a word, a phrase or a rule number.</p>"
    ) in only


def test_a_line_break_in_a_pasted_query_is_a_space_without_a_message(client):
    html = get(client, q="toughness\r\n")
    assert '<p class="note">' not in html


def test_a_query_cut_to_300_characters_says_so(client):
    html = get(client, q="toughness " + "x" * 400)
    assert '<p class="note">A query can be at most 300 characters long: yours was cut to its first 300.</p>' in html
    assert 'value="toughness ' + "x" * 290 + '"' in html


def test_a_query_of_a_megabyte_is_cut_with_the_same_notice(client):
    html = get(client, q="toughness " * 100_000)
    assert '<p class="note">A query can be at most 300 characters long: yours was cut to its first 299.</p>' in html


def test_a_query_of_300_characters_is_not_cut(client):
    html = get(client, q="toughness " + "x" * 290)
    assert "at most 300 characters" not in html


@pytest.mark.parametrize("value", ["-1", "0", "abc", "", "1.5", "9" * 5000])
def test_a_page_number_below_one_or_not_a_number_is_page_one(client, value):
    html = get(client, q="toughness", page=value)
    assert re.search(
        r'<p class="result-count" role="status">\d+ results · Magic: The Gathering · page 1 of \d+</p>', html
    )
    assert '<ol class="hits" start="1">' in html


def test_a_page_number_past_the_end_is_the_last_page(client):
    html = get(client, q="toughness", page="9" * 40)
    count = re.search(r"(\d+) results · Magic: The Gathering · page (\d+) of (\d+)</p>", html)
    assert count[2] == count[3]


def test_an_unknown_lang_filter_names_the_languages(client):
    html = get(client, q="toughness lang:xx")
    assert (
        '<p class="warning" role="alert">There is no language “xx” (in “lang:xx”); you can search English, Italian, '
        "Japanese, Russian, Chinese (Simplified), German, French, Korean.</p>"
    ) in html
    client.cookies["django_language"] = "it"
    italian = get(client, q="toughness lang:xx")
    assert "inglese, italiano, giapponese, russo, cinese (semplificato)" in italian


def test_a_lang_filter_may_name_the_language(client):
    by_name = get(client, q="costituzione lang:Italian")
    by_code = get(client, q="costituzione lang:it")
    assert '<p class="warning"' not in by_name
    assert re.findall(r'<td lang="([^"]+)">', by_name) == re.findall(r'<td lang="([^"]+)">', by_code)
    assert '<p class="warning"' not in get(client, q="costituzione lang:italiano")


def test_each_message_is_its_own_paragraph(client):
    html = get(client, q="(toughness AND")
    assert (
        '<p class="note">Unbalanced parentheses were ignored.</p>\n'
        '<p class="note">Operators with nothing to join were ignored.</p>\n'
    ) in html


def test_a_snippet_ends_at_a_word_boundary(client):
    html = get(client, q="trample", lang="en")
    for snippet in re.findall(r'<td lang="en">(.*?)</td>', html, re.S):
        if snippet.endswith("…"):
            assert re.search(r"[\w.,;:)’”]…$", snippet)
            text = re.sub(r"<[^>]+>", "", snippet)
            assert not re.search(r"\s…$", text)


def headings(html: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", html)


def test_a_hit_links_its_number_and_names_its_section(client):
    found = headings(get(client, q="draw a card", lang=["en", "it"]))
    rule = '<a href="/rules/mtg/en/2024-09-20/{0}/">{0}</a> <span class="section" lang="en">{1}</span>'
    assert rule.format("121.1", "121 Drawing a Card") in found
    assert rule.format("504.1", "504 Draw Step") in found
    # The section itself: its title, not its number twice.
    assert rule.format("121", "Drawing a Card") in found


def test_the_section_is_named_in_the_interface_language_when_that_text_is_shown(client):
    html = client.get("/search/", {"q": "toughness", "lang": ["en", "it"]}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert headings(html)[0] == (
        '<a href="/rules/mtg/en/2024-09-20/208.1/">208.1</a> '
        '<span class="section" lang="it">208 forza/Costituzione</span>'
    )


def test_the_game_is_named_once_when_every_hit_is_of_one_game(client):
    html = get(client, q="урон")
    assert '<p class="result-count" role="status">4 results · Berserk</p>' in html
    assert '<small class="game">' not in html


def hit(game: str, number: str) -> SearchHit:
    text = LanguageText(
        lang="en", edition="e", number=number, kind="rule", make_snippet=lambda: "", url=f"/{game}/{number}/"
    )
    return SearchHit(
        game=game,
        number=number,
        kind="rule",
        key=f"{game}:{number}",
        score=1.0,
        matched_lang="en",
        texts=frozen_texts({"en": text}),
    )


def test_where_games_mix_a_hit_names_its_game_only_where_it_changes():
    hits = [hit("mtg", "1.1"), hit("mtg", "1.2"), hit("berserk", "2.1"), hit("mtg", "1.3")]
    labels = [item["game_label"] for item in _shown_page(hits, label_games=True)]
    assert labels == [True, False, True, True]
    assert [item["game_label"] for item in _shown_page(hits, label_games=False)] == [False] * 4


def test_a_game_label_is_shown_beside_the_number():
    item = _shown_page([hit("berserk", "2.1")], label_games=True)[0]
    html = render_to_string("search/_hit.html", {"item": item})
    assert '<h2><a href="/berserk/2.1/">2.1</a> <small class="game">Berserk</small></h2>' in html


def test_the_matched_language_has_a_star_with_a_legend_and_a_text(client):
    html = get(client, q="costituzione")
    assert (
        '<p class="legend" aria-hidden="true"><span class="star">★</span> the language the query matched in</p>' in html
    )
    first = re.search(r'<li class="hit">.*?</li>', html, re.S)[0]
    assert (
        '<a href="/rules/mtg/it/2024-10-02/208.1/">Italian</a><span class="star" aria-hidden="true"> ★</span>'
        '<span class="visually-hidden"> the language the query matched in</span><br>'
    ) in first
    assert first.count("★") == 1


def test_the_results_page_has_one_search_box_holding_the_query(client):
    html = get(client, q="toughness")
    assert re.findall(r'<input[^>]*type="search"[^>]*>', html) == [
        '<input id="search-q" type="search" name="q" value="toughness" size="40">'
    ]
    assert 'class="header-search"' not in html


def test_languages_without_an_edition_get_no_box(client):
    html = get(client, q="toughness")
    boxes = re.findall(r'<input type="checkbox" name="lang" value="([^"]+)">', html)
    assert boxes == ["en", "it", "ja", "ru", "zh-hans"]
    assert "Korean" not in html


def test_a_korean_edition_gets_a_korean_box(client, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    source = tmp_path / "MagicCompRules_ko_20240920.txt"
    source.write_text(KOREAN_CR, encoding="utf-8")
    edition_import(path=source, game="mtg", language="ko")
    html = get(client, lang="ko")
    assert '<label class="choice"><input type="checkbox" name="lang" value="ko" checked> Korean</label>' in html


def test_a_page_of_results_costs_a_fixed_number_of_queries(client):
    """Sections come from the index: ten hits cost no more queries than one."""
    with CaptureQueriesContext(connection) as many:
        get(client, q="toughness")
    with CaptureQueriesContext(connection) as one:
        get(client, q="Jarkeld")
    # The languages that have an edition (for the boxes), then the index's freshness check (editions,
    # card names, term forms): 3 before sections and the boxes' languages were shown, 4 now (the boxes'
    # query also names every row's edition).
    assert len(many) == len(one) == 4


def count_line(html):
    return re.search(r'<p class="result-count" role="status">(.*?)</p>', html)[1]


def test_a_rule_the_chosen_language_lacks_is_shown_in_english_with_a_line_and_counted(client):
    """deathtouch with the Italian box: 702.2 (no Italian edition has it) in English, said and counted."""
    html = get(client, q="deathtouch", lang="it")
    assert count_line(html) == (
        "13 results, 12 of them shown in English, 1 of them shown in Chinese (Simplified) · Magic: The Gathering"
        " · page 1 of 2"
    )
    first = re.search(r'<li class="hit">.*?</li>', html, re.S)[0]
    assert '<h2><a href="/rules/mtg/en/2024-09-20/702.2/">702.2</a>' in first
    assert '<p class="fallback">not in Italian yet; shown in English</p>' in first
    assert re.findall(r'<td lang="([^"]+)">', first) == ["en"]
    assert html.count('<p class="fallback">') == 10
    # The same in an Italian interface, and with the filter typed in the query.
    italian = client.get("/search/", {"q": "deathtouch lang:it"}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert count_line(italian) == (
        "13 risultati, di cui 12 mostrati in inglese, di cui 1 mostrato in cinese (semplificato)"
        " · Magic: The Gathering · pagina 1 di 2"
    )
    assert '<p class="fallback">non ancora in italiano; mostrata in inglese</p>' in italian


def test_a_query_that_matches_in_italian_shows_italian_with_no_fallback_line(client):
    html = get(client, q="valore", lang="it")
    assert count_line(html) == "4 results · Magic: The Gathering"
    assert re.findall(r'<td lang="([^"]+)">', html) == ["it"] * 4
    assert 'class="fallback"' not in html


def test_a_rule_number_the_chosen_language_lacks_opens_the_rule_page_it_is_shown_in(client):
    response = client.get("/search/", {"q": "702.2", "lang": "it"})
    assert (response.status_code, response["Location"]) == (302, "/rules/mtg/en/2024-09-20/702.2/")
