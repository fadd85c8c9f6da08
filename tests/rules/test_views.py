"""The reference pages as a reader gets them: URLs, titles, breadcrumbs, languages, links."""

import re

import pytest

from rulesref.rules.models import Edition

pytestmark = pytest.mark.usefixtures("site")


def page(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def title(html):
    return re.search(r"<title>(.*?)</title>", html, re.S)[1]


def crumbs(html):
    nav = re.search(r'<nav class="breadcrumbs".*?</nav>', html, re.S)[0]
    return [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li[^>]*>(.*?)</li>", nav, re.S)]


def test_rule_page_title_breadcrumbs_and_language_of_the_text(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert title(html) == "208.2a · Magic: The Gathering · Italian · October 2, 2024"
    assert crumbs(html) == [
        "Magic: The Gathering",
        "Italian · October 2, 2024",
        "208 forza/Costituzione",
        "208.2",
        "208.2a",
    ]
    assert '<div class="entry subrule" id="r208.2a" lang="it">' in html
    assert '<a rel="prev" href="/rules/mtg/it/2024-10-02/208.2/">← 208.2</a>' in html
    assert '<a rel="next" href="/rules/mtg/it/2024-10-02/208.2b/">208.2b →</a>' in html


def test_rule_page_shows_the_aligned_english_text_of_the_edition_it_translates(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    english = re.search(r'<div class="translation" data-language="en">(.*?)</div>', html, re.S)[1]
    assert '<a href="/rules/mtg/en/2024-09-20/">September 20, 2024</a>' in english
    assert (
        '<p lang="en"><a class="num" href="/rules/mtg/en/2024-09-20/208.2a/">208.2a</a> The card may have a '
        "characteristic-defining ability that sets its power and/or toughness according to some stated condition."
    ) in english
    japanese = re.search(r'<div class="translation" data-language="ja">(.*?)</div>', html, re.S)[1]
    assert '<p lang="ja"><a class="num" href="/rules/mtg/ja/ja-viewer/208.2a/">208.2a</a> カードは、' in japanese


def test_a_language_without_the_rule_says_so(client):
    html = page(client, "/rules/mtg/en/2024-09-20/604.3/")
    italian = re.search(r'<div class="translation" data-language="it">(.*?)</div>', html, re.S)[1]
    assert '<p class="missing">This edition has no rule 604.3.</p>' in italian


def test_side_by_side_is_a_link_that_puts_the_languages_in_columns(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert '<a href="?side=1">Show side by side</a>' in html
    side = page(client, "/rules/mtg/it/2024-10-02/208.2a/?side=1")
    assert '<article class="rule-page side-by-side" data-number="208.2a">' in side
    assert '<a href="?">Show one below the other</a>' in side


@pytest.mark.parametrize(
    "url, expected",
    [
        # Italian "Vedi regola 604.3": the Italian edition lacks 604.3, so the English it translates.
        (
            "/rules/mtg/it/2024-10-02/208.2a/",
            '<a class="xref" href="/rules/mtg/en/2024-09-20/604.3/" hreflang="en" data-preview="Some static '
            "abilities are characteristic-defining abilities.",
        ),
        # Japanese "rule 604.3 参照": no Japanese 604.3 either.
        (
            "/rules/mtg/ja/ja-viewer/208.2a/",
            '(rule <a class="xref" href="/rules/mtg/en/2024-09-20/604.3/" hreflang="en" data-preview="Some static',
        ),
        # English "(See rule 604.3.)": in its own edition, so no language mark.
        (
            "/rules/mtg/en/2024-09-20/208.2a/",
            '(See rule <a class="xref" href="/rules/mtg/en/2024-09-20/604.3/" data-preview="Some static',
        ),
    ],
)
def test_cross_references_link_to_the_cited_rule_in_every_language(client, url, expected):
    assert expected in page(client, url)


def test_a_reference_into_another_language_is_marked_with_its_name_never_its_code(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert '604.3<small class="xref-lang">English</small></a>' in html


def test_cited_by_lists_the_rules_that_cite_this_one(client):
    html = page(client, "/rules/mtg/en/2024-09-20/604.3/")
    cited = re.search(r'<section class="cited-by".*?</section>', html, re.S)[0]
    assert '<li><a href="/rules/mtg/en/2024-09-20/208.2a/">208.2a</a> The card may have' in cited


def test_section_page_shows_all_its_rules_with_anchors(client):
    html = page(client, "/rules/mtg/en/2024-09-20/208/")
    assert title(html) == "208 Power/Toughness · Magic: The Gathering · English · September 20, 2024"
    assert crumbs(html) == ["Magic: The Gathering", "English · September 20, 2024", "2 Parts of a Card", "208"]
    ids = re.findall(r'<div class="entry (?:rule|subrule)" id="(r[^"]+)"', html)
    assert ids == [
        "r208.1",
        "r208.2",
        "r208.2a",
        "r208.2b",
        "r208.3",
        "r208.3a",
        "r208.4",
        "r208.4a",
        "r208.4b",
        "r208.5",
    ]


def test_chapter_page_lists_its_sections_with_counts(client):
    html = page(client, "/rules/mtg/en/2024-09-20/2/")
    assert title(html) == "2 Parts of a Card · Magic: The Gathering · English · September 20, 2024"
    assert '<li><a href="/rules/mtg/en/2024-09-20/208/">208. Power/Toughness</a> <span class="count"' in html
    assert '208. Power/Toughness</a> <span class="count" lang="en">10 rules</span>' in html


def test_a_long_section_is_split_into_pages(client):
    first = page(client, "/rules/mtg/en/2024-09-20/702/")
    assert "Page 1 of 6" in first
    assert 'id="r702.1"' in first and 'id="r702.31"' not in first
    second = page(client, "/rules/mtg/en/2024-09-20/702/?page=2")
    assert 'id="r702.31"' in second and 'id="r702.1"' not in second
    assert len(first.encode()) < 150_000


def test_table_of_contents_has_collapsible_chapters_with_counts(client):
    html = page(client, "/rules/mtg/en/2024-09-20/")
    assert title(html) == "Magic: The Gathering · English · September 20, 2024"
    assert html.count('<details class="chapter"') == 9
    assert '<details class="chapter" id="toc-1"><summary>1. Game Concepts <span class="count" lang="en">' in html
    assert '<a href="/rules/mtg/en/2024-09-20/1/">Chapter 1 on one page</a>' in html
    assert (
        '<li><a href="/rules/mtg/en/2024-09-20/208/">208. Power/Toughness</a> '
        '<span class="count" lang="en">10</span></li>' in html
    )
    assert 'data-rule-base="/rules/mtg/en/2024-09-20/"' in html
    assert len(html.encode()) < 150_000


def test_table_of_contents_of_a_fragment_lists_its_sections_and_front_matter(client):
    html = page(client, "/rules/mtg/it/2024-10-02/")
    assert '<p class="toc-section"><a href="/rules/mtg/it/2024-10-02/208/">208. forza/Costituzione</a>' in html
    assert "Forza e Costituzione (Power and Thoughtness) sono due parametri" in html


def test_a_missing_number_is_a_404_naming_the_nearest_numbers_and_the_editions_that_have_it(client):
    response = client.get("/rules/mtg/it/2024-10-02/604.3/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>No rule 604.3 in this edition</h1>" in html
    assert '<p class="lead">This edition has no rule 604.3: its last number is 208.5.</p>' in html
    assert re.findall(r'<ul class="nearest".*?</ul>', html, re.S)[0].count("<li>") == 3
    assert '<li><a href="/rules/mtg/it/2024-10-02/208.5/">208.5</a>' in html
    assert (
        '<ul class="elsewhere"><li><a href="/rules/mtg/en/2024-09-20/604.3/">English · September 20, 2024</a></li></ul>'
        in html
    )


def test_a_number_past_the_end_names_the_last_number(client):
    response = client.get("/rules/mtg/en/2024-09-20/999.9z/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>No rule 999.9z in this edition</h1>" in html
    assert '<p class="lead">This edition has no rule 999.9z: its last number is 905.6.</p>' in html
    assert '<li><a href="/rules/mtg/en/2024-09-20/905.6/">905.6</a>' in html
    assert "<p>No imported edition has a rule 999.9z.</p>" in html


def test_a_number_between_two_rules_names_both(client):
    html = client.get("/rules/mtg/en/2024-09-20/208.9/").content.decode()
    assert (
        '<p class="lead">This edition has no rule 208.9: the nearest numbers are 208.5 before it and 209 after it.</p>'
        in html
    )
    html = client.get("/rules/mtg/en/2024-09-20/0/").content.decode()
    assert '<p class="lead">This edition has no rule 0: its first number is 1.</p>' in html


def not_found(client, url):
    response = client.get(url)
    assert response.status_code == 404, url
    html = response.content.decode()
    main = re.search(r"<main.*?</main>", html, re.S)[0]
    return re.sub(r'\s*<p class="index-state".*?</p>', "", main, flags=re.S)


@pytest.mark.parametrize("url", ["/rules/chess/", "/rules/chess/en/2024-09-20/", "/rules/chess/cards/x/"])
def test_an_unknown_game_is_a_404_listing_the_games(client, url):
    html = not_found(client, url)
    assert "<h1>There is no game “chess”</h1>" in html
    assert (
        '<ul class="exists"><li><a href="/rules/mtg/">Magic: The Gathering</a></li>'
        '<li><a href="/rules/berserk/">Berserk</a></li></ul>'
    ) in html


def test_a_game_with_nothing_imported_is_a_404_listing_the_games_that_have_rules(client):
    html = not_found(client, "/rules/lorcana/")
    assert "<h1>No rules of Disney Lorcana have been imported</h1>" in html
    assert '<li><a href="/rules/berserk/">Berserk</a></li>' in html


@pytest.mark.parametrize("url", ["/rules/mtg/xx/2024-09-20/", "/rules/mtg/xx/latest/", "/rules/mtg/xx/1/glossary/"])
def test_an_unknown_language_is_a_404_listing_the_languages_by_name(client, url):
    html = not_found(client, url)
    assert "<h1>There is no language “xx”</h1>" in html
    assert "<p>Magic: The Gathering has rules in these languages:</p>" in html
    assert (
        '<ul class="exists"><li><a href="/rules/mtg/en/latest/">English</a></li>'
        '<li><a href="/rules/mtg/it/latest/">Italian</a></li>'
        '<li><a href="/rules/mtg/ja/latest/">Japanese</a></li></ul>'
    ) in html


def test_a_language_without_editions_says_so_in_words(client):
    client.cookies["django_language"] = "it"
    html = not_found(client, "/rules/mtg/ko/latest/")
    assert "<h1>Magic: The Gathering non ha regole in coreano</h1>" in html
    assert '<li><a href="/rules/mtg/ja/latest/">Giapponese</a></li>' in html


def test_an_unknown_edition_is_a_404_listing_the_editions_by_date_and_name(client):
    html = not_found(client, "/rules/mtg/it/1999-01-01/")
    assert "<h1>Magic: The Gathering has no edition “1999-01-01” in Italian</h1>" in html
    assert "<p>Editions in Italian:</p>" in html
    editions = re.search(r'<ul class="exists">.*?</ul>', html, re.S)[0]
    assert re.findall(r'<a href="([^"]+)">([^<]+)</a>', editions) == [
        ("/rules/mtg/it/2024-10-02/", "October 2, 2024"),
        ("/rules/mtg/it/2023-06-16/", "June 16, 2023"),
    ]
    assert '<span lang="it">Duskmourn: La Casa degli Orrori</span>' in editions
    assert '<a href="/rules/mtg/">Every edition of Magic: The Gathering</a>' in html
    assert not_found(client, "/rules/mtg/it/1999-01-01/208.1/").count("October 2, 2024") == 1


def test_an_unknown_card_is_a_404_with_links_to_cards(client):
    html = not_found(client, "/rules/mtg/cards/nope/")
    assert "<h1>Magic: The Gathering has no card “nope”</h1>" in html
    assert "<p>It has 2 cards, for example:</p>" in html
    assert (
        '<ul class="exists"><li><a href="/rules/mtg/cards/lost-order-of-jarkeld/" lang="en">Lost Order of Jarkeld</a>'
        '</li><li><a href="/rules/mtg/cards/veteran-motorist/" lang="en">Veteran Motorist</a></li></ul>'
    ) in html


def test_what_a_404_echoes_is_escaped(client):
    html = not_found(client, "/rules/mtg/%3Cb%3Ex/latest/")
    assert "<h1>There is no language “&lt;b&gt;x”</h1>" in html


@pytest.mark.parametrize("value", ["-1", "0", "x", "9" * 5000])
def test_a_long_section_page_below_one_or_not_a_number_is_its_first_page(client, value):
    html = page(client, f"/rules/mtg/en/2024-09-20/702/?page={value}")
    assert "Page 1 of 6" in html and 'id="r702.1"' in html


def test_latest_redirects_to_the_newest_edition_of_the_language(client):
    response = client.get("/rules/mtg/it/latest/208.2a/")
    assert (response.status_code, response["Location"]) == (302, "/rules/mtg/it/2024-10-02/208.2a/")
    response = client.get("/rules/mtg/it/latest/")
    assert (response.status_code, response["Location"]) == (302, "/rules/mtg/it/2024-10-02/")


def test_an_older_edition_points_to_the_same_rule_in_the_newer_one(client):
    html = page(client, "/rules/mtg/it/2023-06-16/208.2a/")
    assert (
        '<p class="banner" role="status">A newer edition exists: '
        '<a href="/rules/mtg/it/2024-10-02/208.2a/">Italian · October 2, 2024</a></p>'
    ) in html
    newer = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    history = re.search(r'<section class="history".*?</section>', newer, re.S)[0]
    assert '<a href="/rules/mtg/it/2023-06-16/208.2a/">Italian · June 16, 2023</a>' in history


@pytest.mark.parametrize(
    "language, expected",
    [
        ("it", "Italiano · 2 ottobre 2024"),
        ("ja", "イタリア語 · 2024年10月2日"),
        ("ru", "Итальянский · 2 октября 2024\u202fг."),
    ],
)
def test_edition_names_and_dates_are_in_the_interface_language(client, language, expected):
    client.cookies["django_language"] = language
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert f'<html lang="{language}">' in html
    assert f'<a href="/rules/mtg/it/2024-10-02/">{expected}</a>' in html


def test_game_page_lists_editions_per_language(client):
    html = page(client, "/rules/mtg/")
    assert title(html) == "Magic: The Gathering"
    assert re.findall(r"<h2>(.*?)</h2>", html) == ["English", "Italian", "Japanese"]
    assert '<li><a href="/rules/mtg/it/2024-10-02/">October 2, 2024</a>' in html


def test_glossary_terms_are_marked_with_their_definition_and_other_languages(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.1/")
    assert '<a class="term" href="#term-toughness" data-term="toughness">costituzione</a>' in html
    info = re.search(r'<div class="term-info" id="term-toughness">(.*?)</div>', html, re.S)[1]
    assert '<dt lang="it"><a href="/rules/mtg/it/2024-10-02/glossary/costituzione/">costituzione</a></dt>' in info
    assert '<dd class="definition" lang="en">1. Part of a card that only creature cards have.' in info
    assert '<span class="lang-name">Japanese</span>: <span lang="ja">タフネス</span>' in info


def test_card_names_in_examples_link_to_the_card_page(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert '<a class="card" href="/rules/mtg/cards/lost-order-of-jarkeld/">Ordine Perduto di Jarkeld</a>' in html
    card = page(client, "/rules/mtg/cards/lost-order-of-jarkeld/")
    assert '<li>Italian: <span lang="it">Ordine Perduto di Jarkeld</span></li>' in card
    assert '<a href="/rules/mtg/it/2024-10-02/208.2a/">208.2a</a>' in card
    assert '<a href="/rules/mtg/en/2024-09-20/208.2a/">208.2a</a>' in card


def test_glossary_index_is_in_the_languages_own_order(client):
    html = page(client, "/rules/berserk/ru/pre-ed15/glossary/")
    terms = re.findall(r'<li><a href="[^"/]+/">([^<]+)</a></li>', html)
    # Code-point order would put "Рывок" (capital Р) before every lower-case word.
    assert terms.index("отражение удара") < terms.index("Рывок") < terms.index("слабость первого хода")
    assert terms[0] == "активируемая способность"


def test_english_glossary_has_every_entry_and_a_term_page(client):
    html = page(client, "/rules/mtg/en/2024-09-20/glossary/")
    assert '<p class="count">' in html
    assert '<li><a href="toughness/">Toughness</a></li>' in html
    assert len(html.encode()) < 150_000
    term = page(client, "/rules/mtg/en/2024-09-20/glossary/toughness/")
    assert title(term) == "Toughness · Glossary · English · September 20, 2024"
    assert '<li><a href="/rules/mtg/en/2024-09-20/208/">208</a> Power/Toughness</li>' in term
    assert '<li>Italian: <span lang="it">costituzione</span></li>' in term
    assert '<a href="/rules/mtg/en/2024-09-20/208.1/">208.1</a>' in term


def test_conditional_get_answers_304_until_the_edition_is_reimported(client):
    url = "/rules/mtg/it/2024-10-02/208.2a/"
    first = client.get(url)
    etag, modified = first["ETag"], first["Last-Modified"]
    assert first["Cache-Control"] == "no-cache"
    assert first["Vary"] == "Cookie, Accept-Language, Accept-Encoding"
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    # Another interface language is another page.
    client.cookies["django_language"] = "ja"
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
    client.cookies["django_language"] = "en"
    # A re-import gives the edition a new import time: the page is new.
    Edition.objects.filter(game__slug="mtg", language="it", slug="2024-10-02").update(
        imported_at="2030-01-01T00:00:00Z"
    )
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again["ETag"] != etag
