"""``export_dataset``: the bundled editions as JSON Lines that match their schemas, the same rule named
across languages by its concept, and one-line errors."""

import json
import re
from io import StringIO

import jsonschema
import pytest
from django.core.management import CommandError, call_command

from rulesref.opendata.dataset import FILES, SCHEMAS

pytestmark = pytest.mark.django_db


def export(tmp_path, *args) -> str:
    out = StringIO()
    call_command("export_dataset", "--game", "mtg", *args, "--output", str(tmp_path), stdout=out)
    return out.getvalue().strip()


def lines(folder, name: str) -> list[dict]:
    return [json.loads(line) for line in (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def valid(folder) -> dict[str, list[dict]]:
    """Every file's lines, each checked against the schema the export wrote beside it (and ours)."""
    found = {}
    for name in FILES:
        schema = json.loads((folder / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert schema == json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
        found[name] = lines(folder, name)
        for row in found[name]:
            validator.validate(row)
    return found


def test_the_italian_edition_exports_its_rules_and_each_rule_s_english_counterpart(site, tmp_path):
    said = export(tmp_path, "--lang", "it", "--edition", "2024-10-02")
    assert re.fullmatch(
        rf"{re.escape(str(tmp_path))}: 1 edition, 16 entries, 16 concepts, 0 glossary entries in \d+\.\d s", said
    )
    data = valid(tmp_path)
    (edition,) = data["editions"]
    assert {k: edition[k] for k in ("edition", "effective_date", "name", "translates", "url", "counts")} == {
        "edition": "it:2024-10-02",
        "effective_date": "2024-10-02",
        "name": "Duskmourn: La Casa degli Orrori",
        "translates": "en:2024-09-20",
        "url": "/rules/mtg/it/2024-10-02/",
        "counts": {"entries": 16, "rules": 10, "examples": 2, "glossary": 0},
    }
    rule = next(row for row in data["entries"] if row["number"] == "208.2b")
    assert rule["kind"] == "subrule" and rule["parent"] == "208.2" and rule["url"] == "/rules/mtg/it/2024-10-02/208.2b/"
    assert rule["text"].startswith("La carta può avere un'abilità statica che crea un effetto di sostituzione")
    assert rule["cross_references"] == [
        {"number": "614", "text": "regola 614", "resolved": False},
        {"number": "707.2", "text": "regola 707.2", "resolved": False},
    ]
    example = next(row for row in data["entries"] if row["number"] == "208.3a")["examples"]
    assert [e["text"].split(")")[0] for e in example] == ["Il Manovratore Veterano (Veteran Motorist"]
    (concept,) = [row for row in data["concepts"] if row["concept"] == rule["concept"]]
    # The same rule in English 2024-09-20 (which the Italian translates) and in the Italian 2023 page.
    assert {"edition": "en:2024-09-20", "number": "208.2b"} in concept["entries"]
    assert {"edition": "it:2023-06-16", "number": "208.2b"} in concept["entries"]
    # In source order: the page's five unnumbered notes first, then 208 and its rules.
    assert [(row["number"], row["kind"]) for row in data["entries"]][4:7] == [
        (None, "note"),
        ("208", "section"),
        ("208.1", "rule"),
    ]


def test_a_full_english_edition_exports_every_entry_and_its_glossary(site, tmp_path):
    said = export(tmp_path, "--lang", "en")
    assert said.startswith(f"{tmp_path}: 1 edition, 3171 entries, 3171 concepts, 698 glossary entries in ")
    data = valid(tmp_path)
    assert data["editions"][0]["counts"] == {"entries": 3171, "rules": 3016, "examples": 279, "glossary": 698}
    assert len(data["glossary"]) == 698
    assert data["glossary"][0]["edition"] == "en:2024-09-20"
    spires = next(row for row in data["entries"] if row["number"] == "207.5")
    assert (spires["parent"], spires["kind"], spires["url"]) == ("207", "rule", "/rules/mtg/en/2024-09-20/207.5/")
    assert spires["cross_references"] == [
        {"number": "613.1", "text": "rule 613.1", "resolved": True},
        {"number": "903.4", "text": "rule 903.4", "resolved": True},
    ]
    # Every numbered entry has its concept; the concepts file names each of them.
    concepts = {row["concept"] for row in data["concepts"]}
    assert all(row["concept"] in concepts for row in data["entries"] if row["concept"] is not None)


def test_a_language_s_editions_export_together_newest_first(site, tmp_path):
    assert export(tmp_path, "--lang", "it").startswith(
        f"{tmp_path}: 2 editions, 27 entries, 18 concepts, 0 glossary entries in "
    )
    data = valid(tmp_path)
    assert [row["edition"] for row in data["editions"]] == ["it:2024-10-02", "it:2023-06-16"]
    assert {row["edition"] for row in data["entries"]} == {"it:2024-10-02", "it:2023-06-16"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "--game 'chess': unknown game (games: mtg, berserk, lorcana"),
        (["--game", "mtg", "--lang", "xx"], "--lang 'xx': unknown language"),
        (["--game", "mtg", "--lang", "it", "--edition", "1999-01"], "--edition '1999-01': no such edition of mtg it"),
        (["--game", "mtg", "--lang", "de"], "no editions of mtg de have been imported"),
    ],
)
def test_a_selection_that_names_nothing_is_one_line(site, tmp_path, args, message):
    with pytest.raises(CommandError) as error:
        call_command("export_dataset", *args, "--output", str(tmp_path / "out"))
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
    assert not (tmp_path / "out").exists()


def test_an_output_that_cannot_be_written_is_one_line(site, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError) as error:
        export(blocker / "out", "--lang", "it", "--edition", "2024-10-02")
    assert str(error.value) == f"{blocker / 'out'}: cannot write there (Not a directory)"
