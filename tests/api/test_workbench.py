"""The workbench, glossaries, cards and scenarios as data."""

import pytest

from rulesref.examples import registry

pytestmark = pytest.mark.django_db

DETAIL = "Creatures the chosen opponent controls: 99 is out of bounds (0–20)."


def ok(api, path):
    response, data = api.get(path)
    assert response.status_code == 200, (path, response.status_code, data)
    return data


def test_side_by_side_rows_are_concepts_with_a_cell_per_edition(api):
    data = ok(api, "/api/v1/compare/side-by-side?game=mtg&c=en&c=it&scope=208.2a")
    assert [column["id"] for column in data["columns"]] == ["mtg:en:2024-09-20", "mtg:it:2024-10-02"]
    first = data["rows"][0]
    assert [cell["entry"]["id"] for cell in first["cells"]] == ["mtg:en:2024-09-20:208.2a", "mtg:it:2024-10-02:208.2a"]
    assert first["cells"][1]["text"].startswith("La carta può avere un'abilità che definisce le caratteristiche")
    assert data["links"]["html"] == "/compare/?game=mtg&c=en%3A2024-09-20&c=it%3A2024-10-02&scope=208.2a"


def test_side_by_side_with_a_bad_column_says_which(api):
    response, data = api.get("/api/v1/compare/side-by-side?game=mtg&c=xx")
    assert response.status_code == 400
    assert data["error"] == "bad_selection"
    assert data["detail"] == "Column 'xx': unknown language 'xx'"


def test_an_edition_diff_counts_and_lists_the_changes(api):
    data = ok(api, "/api/v1/compare/diff?game=mtg&from=it:2023-06-16&to=it:2024-10-02&per_page=2")
    assert data["counts"] == {"added": 3, "removed": 0, "changed": 8, "moved": 0, "unchanged": 0}
    assert [(c["kind"], c["new_number"]) for c in data["changes"]] == [("added", "208"), ("changed", "208.1")]
    changed = data["changes"][1]
    assert changed["score"] == 0.872
    assert {op for op, _text in changed["pieces"]} == {"equal", "insert", "delete"}
    assert data["pagination"]["count"] == 11


def test_a_diff_of_two_languages_is_refused(api):
    response, data = api.get("/api/v1/compare/diff?game=mtg&from=it:2023-06-16&to=en:2024-09-20")
    assert response.status_code == 400
    assert data["parameter"] == "to"


def test_an_editions_glossary_lists_its_terms_with_their_definitions(api):
    data = ok(api, "/api/v1/editions/mtg/en/2024-09-20/glossary?per_page=2")
    assert data["items"][0] == {
        "slug": "abandon",
        "term": "Abandon",
        "definitions": [
            "To turn a face-up ongoing scheme card face down and put it on the bottom of its owner’s scheme deck. "
            "See rule 701.26, “Abandon.”"
        ],
        "rules": ["701.26"],
        "links": {"html": "/rules/mtg/en/2024-09-20/glossary/abandon/"},
    }


def test_a_term_has_its_equivalents_in_every_language(api):
    data = ok(api, "/api/v1/games/mtg/terms/toughness")
    assert data["forms"]["it"] == ["costituzione"]
    assert data["forms"]["ja"] == ["タフネス"]
    assert {
        "language": "it",
        "edition": "mtg:it:2024-10-02",
        "html": "/rules/mtg/it/2024-10-02/glossary/costituzione/",
    } in data["glossary"]
    from rulesref.rules.models import Term

    # Every term of the term list (rules_data/glossary: it grows, hence counted, not written here).
    listed = ok(api, "/api/v1/games/mtg/terms?per_page=500")
    assert listed["pagination"]["count"] == Term.objects.filter(game__slug="mtg").count()
    assert {"key": "toughness", "forms": data["forms"]} in listed["terms"]


def test_a_card_has_its_names_and_the_rules_that_name_it(api):
    data = ok(api, "/api/v1/games/mtg/cards/lost-order-of-jarkeld")
    assert data["names"]["it"] == ["Ordine Perduto di Jarkeld"]
    mentioned = {(m["edition"]["id"], e["number"]) for m in data["mentions"] for e in m["entries"]}
    assert ("mtg:it:2024-10-02", "208.2a") in mentioned
    assert ok(api, "/api/v1/games/mtg/cards")["pagination"]["count"] == 2


def test_a_scenario_runs_with_the_parameters_given(api):
    data = ok(api, "/api/v1/scenarios/lost-order-of-jarkeld/run?opponent_creatures=5")
    assert data["parameters"] == {"opponent_creatures": 5}
    assert data["passed"] is True and data["first_failure"] is None
    default = ok(api, "/api/v1/scenarios/lost-order-of-jarkeld/run")
    assert default["parameters"] == {"opponent_creatures": 3}
    assert default["steps"] != data["steps"]
    # Every bundled scenario (their number grows with each engine capability, hence counted).
    assert len(ok(api, "/api/v1/scenarios")["scenarios"]) == len(registry.scenarios())


def test_a_scenario_parameter_out_of_bounds_is_a_400(api):
    response, data = api.get("/api/v1/scenarios/lost-order-of-jarkeld/run?opponent_creatures=99")
    assert response.status_code == 400
    assert data["error"] == "bad_parameter"
    assert data["detail"] == DETAIL
