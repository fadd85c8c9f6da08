"""The workbench pages as a reader gets them: selection in the URL, lang on every cell, escaped text."""

import re

import pytest
from translate.storage.tbx import tbxfile
from translate.storage.tmx import tmxfile

from tests.visible import raw_codes

FOUR = "game=mtg&c=en:2024-09-20&c=it:2024-10-02&c=it:2023-06-16&c=ja&scope=208"


def page(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, response.content[:500]
    return response.content.decode()


def row(html, concept_number):
    match = re.search(rf'<tr id="c\d+" class="[^"]*" data-numbers="{re.escape(concept_number)}">.*?</tr>', html, re.S)
    assert match, concept_number
    return match.group(0)


def test_side_by_side_shows_every_column_with_its_language(client, store):
    html = page(client, f"/compare/?{FOUR}")
    cells = re.findall(r'<td lang="([a-z-]+)"', row(html, "208.3a 208.3a 208.3a 208.3a"))
    assert cells == ["en", "it", "it", "ja"]
    assert "Se dovesse essere creato un effetto che imposta la" in html
    # 208.4a is new in 2024: the 2023 column's cell is empty and says so.
    new_rule = row(html, "208.4a 208.4a  208.4a")
    assert (
        '<td lang="it" class="missing"><span class="missing-label" lang="en">not in this edition</span></td>'
        in new_rule
    )
    # The selection is in the form, ready to share.
    assert html.count('name="c" value="it:2023-06-16" checked') == 1
    assert 'name="scope" value="208"' in html


def test_the_same_term_has_the_same_colour_in_every_column(client, store):
    html = row(page(client, f"/compare/?{FOUR}"), "208.5 208.5 208.5 208.5")
    marks = re.findall(r'<mark class="term (t\d+)" data-term="toughness" title="toughness">([^<]+)</mark>', html)
    assert {text for _, text in marks} == {"toughness", "costituzione", "タフネス"}
    assert len({colour for colour, _ in marks}) == 1


def test_a_numbering_mismatch_is_flagged(client, store):
    html = page(client, "/compare/?game=mtg&c=en:2024-09-20&c=zh-hans&scope=702.175")
    mismatch = row(html, "702.175 702.176")
    assert "numbered differently" in mismatch
    assert "number printed twice in a source" in mismatch


def test_downloads_are_linked_and_open_in_translation_tools(client, store):
    html = page(client, "/compare/?game=mtg&c=en&c=it&c=ja&scope=208")
    whole_url, tmx_url = [
        url.replace("&amp;", "&") for url in re.findall(r'<a href="(/compare/export\.tmx\?[^"]+)" download>', html)
    ]
    assert tmx_url == "/compare/export.tmx?game=mtg&c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer&scope=208"
    assert whole_url == "/compare/export.tmx?game=mtg&c=en%3A2024-09-20&c=it%3A2024-10-02&c=ja%3Aja-viewer"
    response = client.get(tmx_url)
    assert response["Content-Disposition"] == 'attachment; filename="mtg-en-it-ja-208.tmx"'
    assert len(tmxfile.parsestring(response.content).units) == 11
    csv_url = re.search(r'<a href="(/compare/export\.csv\?[^"]+)" download>', html).group(1).replace("&amp;", "&")
    assert client.get(csv_url).content.decode("utf-8").startswith("\ufeffkind,concept,en:2024-09-20 number")
    terms = page(client, "/compare/terms/mtg/")
    assert '<a href="/compare/terms/mtg/glossary.tbx" download>' in terms
    tbx = client.get("/compare/terms/mtg/glossary.tbx")
    assert len(tbxfile.parsestring(tbx.content).units) == 33


def test_the_whole_aligned_italian_and_japanese_editions_export_as_tmx_before_any_scope_is_chosen(client, store):
    form = page(client, "/compare/?game=mtg")
    # Editions alone are enough to send the form: the scope is optional.
    assert re.search(r'<input name="scope" value="" placeholder="208" size="10">', form)
    html = page(client, "/compare/?game=mtg&c=it:2024-10-02&c=ja&scope=")
    assert "Whole editions, every aligned rule:" in html
    assert '<table class="side-by-side">' not in html
    url = re.search(r'<a href="(/compare/export\.tmx\?[^"]+)" download>', html).group(1).replace("&amp;", "&")
    assert url == "/compare/export.tmx?game=mtg&c=it%3A2024-10-02&c=ja%3Aja-viewer"
    response = client.get(url)
    assert response["Content-Disposition"] == 'attachment; filename="mtg-it-ja-all.tmx"'
    units = tmxfile.parsestring(response.content).units
    # Every rule of both editions (the seeds hold section 208: the section and its ten rules).
    assert len(units) == 11
    assert (units[0].source, units[0].target) == ("forza/Costituzione", "パワー／タフネス")
    assert units[1].source.startswith("Una carta creatura ha due numeri separati")
    assert units[1].target.startswith("クリーチャー・カードの右下には、スラッシュで区切られた2つの")


def test_a_tmx_of_two_editions_of_one_language_is_refused_on_the_side_by_side_page(client, store):
    html = page(client, "/compare/export.tmx?game=mtg&c=it:2023-06-16&c=it:2024-10-02&scope=208", status=400)
    assert (
        '<p class="error" role="alert">A TMX file holds one edition per language: choose one edition of each language'
        "</p>"
    ) in html
    # The selection, ready to correct.
    assert html.count('name="c" value="it:2023-06-16" checked') == 1
    assert html.count('name="c" value="it:2024-10-02" checked') == 1
    assert 'name="scope" value="208"' in html


HOSTILE = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
QUOTED = f"&#x27;{ESCAPED}&#x27;"


def test_a_download_that_cannot_be_made_never_echoes_the_request_raw(client, store):
    """The TMX and CSV downloads answer a bad selection with the page's escaped message, never the
    input as it came (the same escaping as ``test_bad_selections_get_a_message_never_an_error_page``)."""
    from urllib.parse import quote

    hostile = quote(HOSTILE)
    cases = {
        f"/compare/export.csv?game=mtg&c={hostile}": f"Column {QUOTED}: unknown language {QUOTED}",
        f"/compare/export.tmx?game=mtg&c=en&c=it&scope={hostile}": f"Scope &#x27;{ESCAPED}&#x27; is not a rule",
        f"/compare/export.csv?game={hostile}&c=en": (
            f"Unknown game &#x27;{ESCAPED}&#x27;; known games: Magic: The Gathering, Berserk, "
        ),
        f"/compare/export.tmx?game=mtg&c=en:{hostile}&c=it": (
            f"en:{ESCAPED}: no such edition of Magic: The Gathering; imported: "
        ),
    }
    for url, message in cases.items():
        response = client.get(url)
        body = response.content.decode()
        assert (response.status_code, response["Content-Type"]) == (400, "text/html; charset=utf-8"), url
        assert f'<p class="error" role="alert">{message}' in body, url
        assert HOSTILE not in body and "<script>alert" not in body, url
    russian = client.get(f"/compare/export.csv?game=mtg&c={hostile}", headers={"Accept-Language": "ru"})
    assert f'<p class="error" role="alert">Столбец {QUOTED}: неизвестный язык {QUOTED}</p>' in russian.content.decode()


def test_bad_selections_get_a_message_never_an_error_page(client, store):
    cases = {
        "/compare/?game=mtg&c=xx&scope=208": "Column &#x27;xx&#x27;: unknown language &#x27;xx&#x27;",
        "/compare/?game=mtg&c=en&scope=%3Cscript%3E": "Scope &#x27;&lt;script&gt;&#x27; is not a rule",
        "/compare/?game=mtg&c=en:2024-09-20&scope=999": "No rule numbered 999 in English · September 20, 2024",
        "/compare/?game=chess": "Unknown game &#x27;chess&#x27;",
        "/compare/diff/?game=mtg&from=it:2023-06-16&to=en:2024-09-20": "Both editions must be of one language",
        "/compare/diff/?game=mtg&from=it&to=it:2024-10-02": "from &#x27;it&#x27;: expected LANG:EDITION",
        "/compare/freshness/?game=mtg&edition=en:2025-04-04": "English · April 4, 2025 states no source edition",
        "/compare/concordance/?game=mtg&c=it&q=" + "x" * 101: "A term has at most 100 characters",
    }
    for url, message in cases.items():
        html = page(client, url, status=400)
        assert f'<p class="error" role="alert">{message}' in html, url
    assert client.get("/compare/history/mtg/en/2024-09-20/999.9/").status_code == 404


def test_the_diff_page_counts_per_chapter_and_shows_word_differences(client, store):
    html = page(client, "/compare/diff/?game=mtg&from=it:2023-06-16&to=it:2024-10-02")
    assert "3 added, 0 removed, 8 changed, 0 moved or renumbered, 0 unchanged." in html
    assert '<tr data-chapter="2"><th scope="row">2</th><td>3</td><td>0</td><td>8</td><td>0</td><td>0</td></tr>' in html
    assert "(come un <del>Licide che è diventato un’Aura</del><ins>Veicolo</ins>)." in html
    assert '<p class="references">Cited rules:\n    <del>706.2</del> → <ins>707.2</ins> </p>' in html


def test_the_diff_page_shows_berserk_rules_as_moved(client, store):
    url = "/compare/diff/?game=berserk&from=ru:pre-ed15&to=ru:2024-05-31"
    first, second = page(client, url), page(client, f"{url}&page=2")
    assert '107.2 → 108.2\n    <span class="badge moved">moved</span>' in first
    # 50 changes a page: 107.5 is on page 2, and every page's index links it there.
    assert '107.5 → 108.5\n    <span class="badge moved">moved</span>' in second
    assert re.search(
        r'<li class="moved"><a href="\?game=berserk&amp;from=ru%3Apre-ed15&amp;to=ru%3A2024-05-31'
        r'&amp;scope=&amp;page=2#d-new-\d+">107\.5 → 108\.5</a></li>',
        first,
    )
    assert re.search(r'<li class="moved"><a href="#d-new-\d+">107\.5 → 108\.5</a></li>', second)


def test_the_history_page_shows_each_renumbering(client, store):
    html = page(client, "/compare/history/mtg/en/2025-04-04/724.2/")
    assert "Renumbered: 723.2 → 724.2" in html
    assert "Renumbered: 722.2 → 723.2" in html


def test_the_freshness_page_lists_stale_rules_with_the_source_difference(client, store):
    html = page(client, "/compare/freshness/?game=mtg&edition=it:2024-10-02&scope=208")
    assert '<dd data-count="fresh">9</dd>' in html
    assert '<dd data-count="stale">2</dd>' in html
    assert 'id="stale-208.2a"' in html and 'id="stale-208.3a"' in html
    assert "“As <del>Lost Order of Jarkeld</del><ins>this creature</ins> enters" in html


def test_the_concordance_page_shows_context_and_counts(client, store):
    html = page(client, "/compare/concordance/?game=mtg&c=it:2024-10-02&c=en:2024-09-20&q=costituzione")
    assert "29 occurrences in Italian · October 2, 2024." in html
    assert '<span class="rendering">toughness (28)</span>' in html
    assert '<mark class="kw">costituzione</mark>' in html


def test_the_consistency_page_lists_findings(client, store):
    html = page(client, "/compare/consistency/?game=mtg&edition=it:2024-10-02")
    assert "11 aligned rules checked; 3 terms without an accepted rendering:" in html
    assert '<tr data-number="208.4b" data-term="base-power">' in html


def test_pages_without_a_selection_show_their_form(client, store):
    for url in ("/compare/", "/compare/diff/", "/compare/freshness/", "/compare/concordance/", "/compare/consistency/"):
        html = page(client, url)
        assert '<meta charset="utf-8">' in html
        assert '<form class="selection" method="get"' in html


def test_workbench_templates_have_no_inline_style_script_or_handlers():
    """The site sends Content-Security-Policy default-src 'self': CSS and JS live in static files."""
    from pathlib import Path

    import rulesref.compare

    folder = Path(rulesref.compare.__file__).parent / "templates" / "compare"
    for template in folder.glob("*.html"):
        text = template.read_text()
        assert "<style" not in text, template.name
        assert not re.search(r"<script(?![^>]*\ssrc=)", text), template.name
        assert not re.search(r"\son[a-z]+=", text), template.name
        assert 'style="' not in text, template.name


@pytest.mark.parametrize(
    "ui, label",
    [
        ("en", "English · September 20, 2024 → English · April 4, 2025"),
        ("it", "Inglese · 20 settembre 2024 → Inglese · 4 aprile 2025"),
        ("ja", "英語 · 2024年9月20日 → 英語 · 2025年4月4日"),
        ("ru", "Английский · 20 сентября 2024\u202fг. → Английский · 4 апреля 2025\u202fг."),
    ],
)
def test_the_diff_page_names_its_editions_in_title_heading_and_selects(client, store, ui, label):
    client.cookies["django_language"] = ui
    html = page(client, "/compare/diff/?game=mtg&from=en:2024-09-20&to=en:2025-04-04&scope=208")
    assert f"<small>{label}</small></h1>" in html
    assert re.search(r"<title>[^<]* · " + re.escape(label) + " · rulesref</title>", html)
    newest = label.split(" → ")[1]
    assert f'<option value="en:2025-04-04" selected>{newest}</option>' in html
    assert raw_codes(html) == []


@pytest.mark.parametrize(
    "ui, option, viewer",
    [
        (
            "en",
            "Italian · October 2, 2024 (translates English · September 20, 2024)",
            "Japanese · 総合ルールビューア (undated)",
        ),
        (
            "it",
            "Italiano · 2 ottobre 2024 (traduce Inglese · 20 settembre 2024)",
            "Giapponese · 総合ルールビューア (senza data)",
        ),
        ("ja", "イタリア語 · 2024年10月2日 (翻訳元：英語 · 2024年9月20日)", "日本語 · 総合ルールビューア（日付なし）"),
        (
            "ru",
            "Итальянский · 2 октября 2024\u202fг. (перевод редакции Английский · 20 сентября 2024\u202fг.)",
            "Японский · 総合ルールビューア (без даты)",
        ),
    ],
)
def test_workbench_pages_name_editions_never_by_slug(client, store, ui, option, viewer):
    client.cookies["django_language"] = ui
    freshness = page(client, "/compare/freshness/?game=mtg&edition=it:2024-10-02&scope=208")
    assert f'<option value="it:2024-10-02" selected>{option}</option>' in freshness
    side = page(client, "/compare/?game=mtg&c=en&c=it&c=ja&scope=208")
    assert re.search(rf'<th scope="col" data-edition="ja:ja-viewer">{re.escape(viewer)}[<]', side)
    concordance = page(client, "/compare/concordance/?game=mtg&c=it:2024-10-02&c=ja&q=costituzione")
    consistency = page(client, "/compare/consistency/?game=mtg&edition=it:2024-10-02&scope=208")
    history = page(client, "/compare/history/mtg/it/2024-10-02/208.2a/")
    for html in (freshness, side, concordance, consistency, history):
        assert raw_codes(html) == []
