"""The reference as data: games, editions, contents, a rule, a concept, a rule's history."""

import pytest

pytestmark = pytest.mark.django_db

EN = "/api/v1/editions/mtg/en/2024-09-20"
IT = "/api/v1/editions/mtg/it/2024-10-02"


def ok(api, path):
    response, data = api.get(path)
    assert response.status_code == 200, (path, response.status_code, data)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    return data


def test_the_entry_point_links_the_resources_and_the_description(api):
    links = ok(api, "/api/v1/")["links"]
    assert (links["games"], links["openapi"], links["docs"]) == (
        "/api/v1/games",
        "/api/v1/openapi.json",
        "/api/v1/docs",
    )


def test_games_list_the_bundled_games_with_their_languages_and_links(api):
    data = ok(api, "/api/v1/games")
    games = {game["id"]: game for game in data["games"]}
    assert list(games) == ["mtg", "berserk"]
    assert games["mtg"]["languages"] == ["en", "it", "ja"]
    assert games["mtg"]["edition_count"] == 4
    assert games["berserk"]["name"] == "Берсерк"
    assert games["mtg"]["links"] == {
        "self": "/api/v1/games/mtg",
        "html": "/rules/mtg/",
        "editions": "/api/v1/games/mtg/editions",
        "terms": "/api/v1/games/mtg/terms",
        "cards": "/api/v1/games/mtg/cards",
    }


def test_editions_say_language_date_what_they_translate_and_counts(api):
    data = ok(api, "/api/v1/games/mtg/editions")
    editions = {edition["id"]: edition for edition in data["editions"]}
    assert list(editions) == ["mtg:en:2024-09-20", "mtg:it:2024-10-02", "mtg:it:2023-06-16", "mtg:ja:ja-viewer"]
    italian = editions["mtg:it:2024-10-02"]
    assert italian["language"] == "it"
    assert italian["effective_date"] == "2024-10-02"
    assert italian["translates"]["id"] == "mtg:en:2024-09-20"
    assert italian["links"]["html"] == "/rules/mtg/it/2024-10-02/"
    english = editions["mtg:en:2024-09-20"]
    assert [e["id"] for e in english["translations"]] == ["mtg:it:2024-10-02", "mtg:ja:ja-viewer"]
    assert english["name"] == "Duskmourn: House of Horror"
    counts = english["counts"]
    assert (counts["rules"], counts["glossary_entries"]) == (3016, 698)
    assert ok(api, EN)["counts"] == counts
    assert ok(api, "/api/v1/editions/mtg/it/latest")["id"] == "mtg:it:2024-10-02"


def test_contents_list_chapters_then_their_sections_with_rule_counts(api):
    items = ok(api, f"{EN}/contents")["items"]
    chapters = [item for item in items if item["kind"] == "chapter"]
    assert [c["number"] for c in chapters] == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    section = next(item for item in items if item["number"] == "208")
    assert section["title"] == "Power/Toughness"
    assert section["parent"] == "2" and section["level"] == 1
    assert section["links"]["self"] == f"{EN}/rules/208"


def test_a_rule_with_its_text_place_terms_and_the_same_rule_elsewhere(api):
    data = ok(api, f"{EN}/rules/208.1")
    assert data["id"] == "mtg:en:2024-09-20:208.1"
    assert data["text"].startswith("A creature card has two numbers separated by a slash printed in its lower right")
    assert data["parent"] == "208"
    assert [a["number"] for a in data["ancestors"]] == ["2", "208"]
    assert data["previous"]["number"] == "207.5" and data["next"]["number"] == "208.2"
    assert [t["key"] for t in data["terms"]][:3] == ["creature-card", "power", "damage"]
    assert data["links"]["html"] == "/rules/mtg/en/2024-09-20/208.1/"
    languages = {t["language"]: t for t in data["translations"]}
    assert languages["it"]["entry"]["id"] == "mtg:it:2024-10-02:208.1"
    assert languages["it"]["entry"]["concept"] == data["concept"]


def test_an_italian_reference_to_a_rule_it_lacks_leads_to_the_english_it_translates(api):
    data = ok(api, f"{IT}/rules/208.2a")
    assert data["references"] == [
        {
            "number": "604.3",
            "text": "regola 604.3",
            "target": {
                "id": "mtg:en:2024-09-20:604.3",
                "number": "604.3",
                "kind": "rule",
                "title": "",
                "edition": "mtg:en:2024-09-20",
                "concept": data["references"][0]["target"]["concept"],
                "links": data["references"][0]["target"]["links"],
            },
        }
    ]
    example = data["examples"][0]
    assert example["text"].startswith("L'Ordine Perduto di Jarkeld ha forza e costituzione entrambe uguali a 1+*.")
    assert example["scenario"]["slug"] == "lost-order-of-jarkeld"
    assert example["scenario"]["links"] == {
        "self": "/api/v1/scenarios/lost-order-of-jarkeld/run",
        "html": "/examples/lost-order-of-jarkeld/?lang=it",
    }


def test_a_rule_is_cited_by_the_rules_that_reference_it(api):
    data = ok(api, f"{EN}/rules/604.3")
    assert "208.2a" in [entry["number"] for entry in data["cited_by"]]


def test_a_section_lists_what_is_under_it_in_pages(api):
    first = ok(api, f"{EN}/rules/208?per_page=2")
    assert [entry["number"] for entry in first["subrules"]] == ["208.1", "208.2"]
    assert first["pagination"]["next"] == f"{EN}/rules/208?page=2&per_page=2"
    second = ok(api, first["pagination"]["next"])
    assert [entry["number"] for entry in second["subrules"]] == ["208.2a", "208.2b"]


def test_a_concept_is_the_rule_in_every_language_and_edition(api):
    concept = ok(api, f"{EN}/rules/208.2a")["concept"]
    data = ok(api, f"/api/v1/concepts/mtg/{concept}")
    assert [entry["entry"]["id"] for entry in data["entries"]] == [
        "mtg:en:2024-09-20:208.2a",
        "mtg:it:2024-10-02:208.2a",
        "mtg:it:2023-06-16:208.2a",
        "mtg:ja:ja-viewer:208.2a",
    ]


def test_a_rule_history_compares_each_version_with_the_one_before(api):
    data = ok(api, f"{IT}/rules/208.2a/history")
    assert [(v["edition"]["id"], v["change"]) for v in data["versions"]] == [
        ("mtg:it:2024-10-02", "changed"),
        ("mtg:it:2023-06-16", None),
    ]
    assert data["links"]["html"] == "/compare/history/mtg/it/2024-10-02/208.2a/"


def test_a_number_printed_twice_gives_both_entries(api):
    data = ok(api, f"{EN}/rules/702.175")
    assert (data["text"], data["printed_twice"]) == ("Offspring", False)
    again = data["printed_again"]
    assert [(e["number"], e["text"], e["printed_twice"]) for e in again] == [("702.175", "Impending", True)]
    assert again[0]["id"].startswith("mtg:en:2024-09-20:702.175~")
