"""The workbench's management commands: --json prints exactly one object; errors are one line."""

import io
import json
import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command, load_command_class
from django.core.management.base import CommandError
from translate.storage.tbx import tbxfile
from translate.storage.tmx import tmxfile

COMMANDS = ("compare", "diff_editions", "freshness", "check_consistency", "concordance", "export_tmx", "export_tbx")


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def run_json(*args):
    return json.loads(run(*args, "--json"))


def test_every_command_has_help():
    for name in COMMANDS:
        command = load_command_class("rulesref.compare", name)
        assert len(command.help) > 40, name


def test_diff_editions_json_has_the_documented_shape(store):
    args = ("--game", "berserk", "--lang", "ru", "--from", "pre-ed15", "--to", "2024-05-31", "--scope", "108")
    assert run_json("diff_editions", *args) == {
        "added": ["108", "108.1"],
        "removed": [],
        "changed": [],
        "moved": [
            {"from": "107.2", "to": "108.2"},
            {"from": "107.3", "to": "108.3"},
            {"from": "107.4", "to": "108.4"},
            {"from": "107.5", "to": "108.5"},
        ],
        "unchanged": 0,
    }  # fmt: skip
    data = run_json("diff_editions", "--game", "mtg", "--lang", "it", "--from", "2023-06-16", "--to", "2024-10-02")
    assert data["added"] == ["208", "208.4a", "208.4b"]


def test_diff_editions_text_shows_word_changes(store):
    out = run("diff_editions", "--game", "mtg", "--lang", "it", "--from", "2023-06-16", "--to", "2024-10-02")
    assert "changed  208.3\n" in out
    assert "    - Licide che è diventato un’Aura\n    + Veicolo\n" in out
    assert "    cited: 706.2 → 707.2\n" in out
    assert out.endswith("3 added, 0 removed, 8 changed, 0 moved, 0 unchanged\n")


def test_freshness_json_is_exactly_the_documented_object(store):
    out = run("freshness", "--game", "mtg", "--lang", "it", "--edition", "2024-10-02", "--scope", "208", "--json")
    assert out.count("\n") <= 1
    assert json.loads(out) == {
        "source": "en:2024-09-20",
        "newest_source": "en:2025-04-04",
        "fresh": 9,
        "stale": ["208.2a", "208.3a"],
        "missing": [],
    }


def test_compare_prints_rows_of_concepts(store):
    data = run_json("compare", "--game", "mtg", "--langs", "en,it,ja", "--scope", "208.3a")
    assert data["columns"] == ["en:2024-09-20", "it:2024-10-02", "ja:ja-viewer"]
    assert [cell["number"] for cell in data["rows"][0]["cells"]] == ["208.3a", "208.3a", "208.3a"]
    assert data["rows"][0]["cells"][2]["examples"][0].startswith("《経験豊富な操縦者》は")
    out = run("compare", "--game", "mtg", "--langs", "it,en", "--editions", "it:2023-06-16", "--scope", "208.4")
    assert out.splitlines()[0] == "it:2023-06-16 | en:2023-06-16"


def test_check_consistency_and_concordance_json(store):
    data = run_json("check_consistency", "--game", "mtg", "--lang", "it", "--edition", "2024-10-02")
    assert [(issue["number"], issue["term"]) for issue in data["issues"]] == [
        ("208.4a", "base-power"),
        ("208.4a", "power-toughness"),
        ("208.4b", "base-power"),
    ]
    data = run_json("concordance", "--game", "mtg", "--langs", "it,en", "--term", "Veicolo")
    assert (data["term"], data["hits"], data["renderings"]["en"]) == ("vehicle", 6, {"Vehicle": 6})


def test_export_tmx_and_tbx_write_files_a_translation_tool_reads(store, tmp_path):
    target = tmp_path / "208.tmx"
    run("export_tmx", "--game", "mtg", "--langs", "en,it,ja", "--scope", "208", "--output", str(target))
    assert len(ET.parse(target).getroot().findall("body/tu")) == 11
    assert len(tmxfile.parsestring(target.read_bytes()).units) == 11
    everything = tmp_path / "all.tmx"
    run("export_tmx", "--game", "mtg", "--langs", "en,zh-hans", "--output", str(everything))
    assert len(ET.parse(everything).getroot().findall("body/tu")) == 3169
    glossary = tmp_path / "berserk.tbx"
    run("export_tbx", "--game", "berserk", "--output", str(glossary))
    units = tbxfile.parsestring(glossary.read_bytes(), sourcelanguage="ru", targetlanguage="en").units
    assert len(units) == 13


def test_command_errors_name_the_option_and_the_reason(store, tmp_path):
    cases = [
        (("diff_editions", "--game", "mtg", "--lang", "it", "--from", "1999-01-01", "--to", "2024-10-02"),
         "--from: it:1999-01-01: no such edition of Magic: The Gathering; imported: English · April 4, 2025, "),
        (("freshness", "--game", "mtg", "--lang", "en", "--edition", "2025-04-04"),
         "English · April 4, 2025 states no source edition it translates"),
        (("export_tmx", "--game", "mtg", "--langs", "it,it", "--editions", "2023-06-16,2024-10-02", "--output", "x"),
         "--langs/--editions: a TMX file holds one edition per language"),
        (("export_tbx", "--game", "mtg", "--output", str(tmp_path / "missing" / "x.tbx")),
         f"--output {tmp_path / 'missing' / 'x.tbx'}: folder {tmp_path / 'missing'} does not exist"),
        (("export_tbx", "--game", "mtg", "--output", str(tmp_path)),
         f"--output {tmp_path}: cannot be written (Is a directory); choose another file"),
        (("compare", "--game", "uno", "--langs", "en", "--scope", "1"), "--game: Unknown game 'uno'"),
        (("compare", "--game", "mtg", "--langs", "en", "--scope", "abc"), "--scope: Scope 'abc' is not a rule"),
    ]  # fmt: skip
    for args, message in cases:
        with pytest.raises(CommandError) as error:
            run(*args)
        assert str(error.value).startswith(message), str(error.value)
        assert "\n" not in str(error.value)
