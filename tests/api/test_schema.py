"""Every endpoint's real answers, good and bad, validate against the description the API serves
(``/api/v1/openapi.json``, read by openapi-core); every path of the description is exercised here."""

import json
import re

import pytest
from openapi_core import Config, OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse

pytestmark = pytest.mark.django_db

EN = "/api/v1/editions/mtg/en/2024-09-20"
# (address, status): at least one answer of every path of the description, and its problems.
REQUESTS = [
    ("/api/v1/", 200),
    ("/api/v1/games", 200),
    ("/api/v1/games/mtg", 200),
    ("/api/v1/games/chess", 404),
    ("/api/v1/games/mtg/editions", 200),
    ("/api/v1/games/mtg/editions?language=it", 200),
    ("/api/v1/games/mtg/editions?language=xx", 404),
    (EN, 200),
    ("/api/v1/editions/mtg/ja/ja-viewer", 200),
    ("/api/v1/editions/berserk/ru/pre-ed15", 200),
    ("/api/v1/editions/mtg/en/1999-01-01", 404),
    (f"{EN}/contents", 200),
    ("/api/v1/editions/berserk/ru/pre-ed15/contents", 200),
    (f"{EN}/rules/208.1", 200),
    (f"{EN}/rules/208?per_page=3&page=2", 200),
    (f"{EN}/rules/2?per_page=1", 200),
    ("/api/v1/editions/mtg/it/2024-10-02/rules/208.2a", 200),
    (f"{EN}/rules/208?per_page=0", 400),
    (f"{EN}/rules/999", 404),
    (f"{EN}/rules/20x", 400),
    (f"{EN}/rules/208.2a/history", 200),
    (f"{EN}/rules/999/history", 404),
    ("/api/v1/concepts/mtg/CONCEPT", 200),
    ("/api/v1/concepts/mtg/0", 404),
    ("/api/v1/concepts/mtg/abc", 400),
    (f"{EN}/glossary?per_page=5", 200),
    (f"{EN}/glossary?page=999", 404),
    ("/api/v1/games/mtg/terms", 200),
    ("/api/v1/games/mtg/terms?per_page=501", 400),
    ("/api/v1/games/mtg/terms/toughness", 200),
    ("/api/v1/games/mtg/terms/no-such-term", 404),
    ("/api/v1/games/mtg/cards", 200),
    ("/api/v1/games/mtg/cards/lost-order-of-jarkeld", 200),
    ("/api/v1/games/mtg/cards/no-such-card", 404),
    ("/api/v1/games/mtg/cards/not%20a%20key", 400),
    ("/api/v1/search?q=toughness&lang=it&lang=ja", 200),
    ("/api/v1/search?q=208.2a", 200),
    ("/api/v1/search?q=zzzzqqq", 200),
    ("/api/v1/search?q=x&lang=xx", 400),
    ("/api/v1/search", 400),
    ("/api/v1/compare/side-by-side?game=mtg&c=en&c=it:2024-10-02&c=ja&scope=208", 200),
    ("/api/v1/compare/side-by-side?game=mtg&c=en&scope=x!", 400),
    ("/api/v1/compare/side-by-side?game=chess&c=en", 400),
    ("/api/v1/compare/diff?game=mtg&from=it:2023-06-16&to=it:2024-10-02", 200),
    ("/api/v1/compare/diff?game=mtg&from=it&to=it:2024-10-02", 400),
    ("/api/v1/scenarios", 200),
    ("/api/v1/scenarios/lost-order-of-jarkeld/run?opponent_creatures=4", 200),
    ("/api/v1/scenarios/berserk-elf-rider-first-turn/run", 200),
    ("/api/v1/scenarios/lost-order-of-jarkeld/run?opponent_creatures=x", 400),
    ("/api/v1/scenarios/nothing/run", 404),
]


@pytest.fixture
def described(api):
    response, schema = api.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return schema


def test_every_answer_validates_against_the_served_description(api, described):
    # Problems are JSON under their own media type, which openapi-core reads once told so.
    config = Config(extra_media_type_deserializers={"application/problem+json": json.loads})
    openapi = OpenAPI.from_dict(described, config=config)
    concept = api.get(f"{EN}/rules/208.1")[1]["concept"]
    for path, status in REQUESTS:
        response = api.raw.get(path.replace("CONCEPT", str(concept)))
        assert response.status_code == status, (path, response.status_code, response.content[:300])
        expected = "application/json" if status == 200 else "application/problem+json"
        assert response["Content-Type"].split(";")[0] == expected, path
        openapi.validate_response(DjangoOpenAPIRequest(response.wsgi_request), DjangoOpenAPIResponse(response))


def test_every_path_of_the_description_is_exercised(described):
    covered = {path.split("?")[0] for path, _status in REQUESTS}
    for template in described["paths"]:
        if template.endswith(("/openapi.json", "/docs")):
            continue
        pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")
        assert any(pattern.match(path) for path in covered), f"no request of {template} in REQUESTS"
