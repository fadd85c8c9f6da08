"""Search as data: the site's query syntax and language filter, grouped hits, plain-text snippets."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_search_shown_in_italian_finds_the_rule_the_english_word_matched(api):
    response, data = api.get("/api/v1/search?q=toughness&lang=it&per_page=2")
    assert response.status_code == 200
    assert data["languages"] == ["it"]
    assert data["count"] == 87
    first = data["hits"][0]
    assert (first["number"], first["matched_language"]) == ("208.1", "en")
    text = first["texts"][0]
    assert text["edition"] == "mtg:it:2024-10-02"
    assert text["section"] == ["208", "forza/Costituzione"]
    # Plain text, not HTML; the spans of the snippet that matched.
    assert text["snippet"].startswith("Una carta creatura ha due numeri separati da una barra stampata")
    assert [text["snippet"][a:b] for a, b in text["marks"]] == ["costituzione", "costituzione", "costituzione"]
    assert text["links"] == {
        "html": "/rules/mtg/it/2024-10-02/208.1/",
        "self": "/api/v1/editions/mtg/it/2024-10-02/rules/208.1",
    }
    assert data["pagination"]["next"] == "/api/v1/search?lang=it&page=2&per_page=2&q=toughness"


def test_a_rule_number_finds_that_rule_in_every_language(api):
    _response, data = api.get("/api/v1/search?q=208.1")
    assert data["count"] == 1
    assert [t["edition"] for t in data["hits"][0]["texts"]] == [
        "mtg:en:2024-09-20",
        "mtg:it:2024-10-02",
        "mtg:ja:ja-viewer",
    ]


def test_the_query_syntax_is_the_sites(api):
    _response, data = api.get("/api/v1/search?q=costituzione%20lang:ja&per_page=1")
    assert data["languages"] == ["ja"]
    assert data["hits"][0]["texts"][0]["snippet"].startswith("クリーチャー・カードの右下には")


@pytest.mark.parametrize(
    "query, parameter, detail",
    [
        ("q=", "q", "q is empty: give a query"),
        ("q=x&lang=xx", "lang", "unknown language 'xx'; languages: en, it, ja, ru, zh-hans, de, fr, ko"),
        ("q=x&game=chess", "game", "unknown game 'chess'; games: mtg, berserk, lorcana"),
        ("q=x&per_page=0", "per_page", "per_page: Input should be greater than or equal to 1"),
    ],
)
def test_bad_parameters_are_400_problems(api, query, parameter, detail):
    response, data = api.get(f"/api/v1/search?{query}")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert data == {"error": "bad_parameter", "detail": detail, "status": 400, "parameter": parameter}


def test_an_unreadable_query_says_why(api):
    response, data = api.get("/api/v1/search?q=lang:xx")
    assert response.status_code == 400
    assert data["detail"].startswith("There is no language “xx” (in “lang:xx”)")


def test_a_missing_index_is_503(api, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    response, data = api.get("/api/v1/search?q=toughness")
    assert response.status_code == 503
    assert data["error"] == "index_unavailable"
    assert data["detail"] == "The search index has not been built yet: run “python manage.py build_index”."


def test_a_client_over_its_search_slots_gets_429_with_retry_after(api, settings, monkeypatch):
    from rulesref.search import throttle

    def busy(*args, **kwargs):
        raise throttle.Busy(throttle.CLIENT)

    monkeypatch.setattr(throttle, "acquire", busy)
    response, data = api.get("/api/v1/search?q=toughness")
    assert response.status_code == 429
    assert response["Retry-After"] == str(settings.SEARCH_RETRY_AFTER)
    assert data["error"] == "too_many_searches"
    assert data["detail"] == str(throttle.MESSAGES[throttle.CLIENT])
