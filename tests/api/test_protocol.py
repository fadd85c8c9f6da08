"""What every answer of the API does: ETags and 304s, CORS, problems as JSON (never an HTML page)."""

import pytest

pytestmark = pytest.mark.django_db

RULE = "/api/v1/editions/mtg/en/2024-09-20/rules/208.1"


@pytest.mark.parametrize("path", [RULE, "/api/v1/games", "/api/v1/search?q=toughness", "/api/v1/openapi.json"])
def test_an_answer_the_client_has_is_a_304(api, path):
    first, _data = api.get(path)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"') and len(etag) == 34
    again, _ = api.get(path, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert again["Access-Control-Allow-Origin"] == "*"
    other, _ = api.get(path, HTTP_IF_NONE_MATCH='"something-else"')
    assert other.status_code == 200


def test_a_compressed_answer_revalidates_too(api):
    import gzip
    import json

    first = api.raw.get(RULE, HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(first.content))["id"] == "mtg:en:2024-09-20:208.1"
    # gzip makes the ETag weak; If-None-Match compares weakly.
    assert first["ETag"].startswith('W/"')
    again = api.raw.get(RULE, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_a_reimport_changes_a_rules_etag(api):
    from rulesref.rules.models import Edition

    first, _ = api.get(RULE)
    edition = Edition.objects.get(game__slug="mtg", language="en", slug="2024-09-20")
    edition.imported_at = edition.imported_at.replace(year=2030)
    edition.save(update_fields=["imported_at"])
    again, _ = api.get(RULE, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_every_answer_may_be_read_from_any_origin(api):
    response, _ = api.get(RULE, HTTP_ORIGIN="https://bot.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    missing, _ = api.get("/api/v1/editions/mtg/en/2024-09-20/rules/999")
    assert missing["Access-Control-Allow-Origin"] == "*"


def test_a_preflight_is_answered_for_get(api):
    response = api.raw.options(
        RULE,
        HTTP_ORIGIN="https://bot.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match",
    )
    assert response.status_code == 204
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "If-None-Match" in response["Access-Control-Allow-Headers"]


@pytest.mark.parametrize(
    "path, status, error, detail",
    [
        (
            "/api/v1/editions/mtg/en/2024-09-20/rules/999",
            404,
            "unknown_rule",
            "no rule '999' in mtg:en:2024-09-20; nearest: 905.4a, 905.5, 905.6",
        ),
        (
            "/api/v1/editions/mtg/de/2024-09-20",
            404,
            "unknown_language",
            "mtg has no edition in 'de'; languages: en, it, ja",
        ),
        (
            "/api/v1/editions/mtg/it/2099-01-01/contents",
            404,
            "unknown_edition",
            "mtg has no it edition '2099-01-01'; editions: 2024-10-02, 2023-06-16",
        ),
        ("/api/v1/games/chess", 404, "unknown_game", "no game 'chess' with an imported edition; games: mtg, berserk"),
        (
            "/api/v1/no/such/thing",
            404,
            "not_found",
            "No such address in the API; every address is listed in /api/v1/openapi.json.",
        ),
        (
            f"{RULE}?page=abc",
            400,
            "bad_parameter",
            "page: Input should be a valid integer, unable to parse string as an integer",
        ),
        (f"{RULE}?page=9", 404, "unknown_page", "page 9 is past the last page, 1"),
        (
            "/api/v1/editions/mtg/en/2024-09-20/rules/20x",
            400,
            "bad_parameter",
            "number: String should match pattern '^[0-9]+(?:\\.[0-9]+[a-z]{0,2})*$'",
        ),
        ("/api/v1/games/mtg/cards/a%00b", 400, "bad_parameter", "the address holds a NUL character (%00)"),
        ("/api/v1/search?q=a%00", 400, "bad_parameter", "the address holds a NUL character (%00)"),
    ],
)
def test_errors_are_problems_with_the_right_status(api, path, status, error, detail):
    response, data = api.get(path)
    assert response.status_code == status
    assert response["Content-Type"] == "application/problem+json"
    assert (data["error"], data["detail"], data["status"]) == (error, detail, status)


def test_head_is_a_get_without_its_body(api):
    get, _ = api.get(RULE)
    head = api.raw.head(RULE)
    assert head.status_code == 200
    assert head.content == b""
    assert head["ETag"] == get["ETag"]
    assert head["Content-Length"] == str(len(get.content))


def test_a_wrong_method_is_a_405_problem(api):
    response = api.raw.post(RULE)
    assert response.status_code == 405
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["detail"] == "The API answers GET, HEAD and OPTIONS only."


def test_a_failure_is_a_500_problem_not_a_page(api, monkeypatch):
    from rulesref.api.endpoints import reference

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(reference.selectors, "table_of_contents", broken)
    api.raw.raise_request_exception = False
    response = api.raw.get("/api/v1/editions/mtg/en/2024-09-20/contents")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/problem+json"
    assert response.json() == {
        "error": "server_error",
        "detail": "The server failed to answer this request; the failure is logged.",
        "status": 500,
    }


def test_texts_are_json_not_html(api):
    response, data = api.get("/api/v1/editions/mtg/en/2024-09-20/rules/208.2a")
    # Quotes and brackets as printed: nothing escaped into HTML entities; UTF-8, not \\u escapes.
    assert "“[This creature’s] [power or toughness] is equal to . . .”" in data["text"]
    assert "“[This creature’s]".encode() in response.content
    assert b"&ldquo;" not in response.content and b"&quot;" not in response.content


def test_the_footer_links_the_api_description(api):
    html = api.raw.get("/").content.decode()
    assert '<a href="/api/v1/docs">' in html
    page = api.raw.get("/api/v1/docs")
    assert page.status_code == 200
    assert b'<script src="/static/ninja/swagger-ui-bundle.js"></script>' in page.content
    assert b"<script>" not in page.content
    # Only its icons (data: images) are allowed beyond the site's policy; scripts stay the site's own.
    assert "img-src 'self' data:" in page["Content-Security-Policy"]
    assert "default-src 'self'" in page["Content-Security-Policy"]
