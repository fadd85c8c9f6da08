"""import_archive: a folder of editions imported oldest first, one transaction each, resumable."""

import codecs
import io
import json
import re
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulesref.rules import concepts
from rulesref.rules.models import Edition, Entry
from tests.synthetic import small_cr

pytestmark = pytest.mark.django_db

RULES = [("100.1", "A game is played by two players."), ("100.1a", "A two-player game has two players.")]
DECK_2014 = ("100.2", "Each player\u2019s deck\u00ae has cards\u2026")
DECK = ("100.2", "Each player\u2019s deck has cards.")
MANA = ("100.3", "Some cards have \u201cmana costs.\u201d")
# Windows-1252, UTF-16 LE with its mark, UTF-8 with its mark; 2016 words 100.2 anew, 2017 adds 100.3.
EDITIONS = {
    "mtg_cr_en_20140201.txt": ("2014-02-01", [*RULES, DECK_2014], "cp1252"),
    "mtg_cr_en_20160930.txt": ("2016-09-30", [*RULES, DECK], "utf-16"),
    "mtg_cr_en_20171110.txt": ("2017-11-10", [*RULES, DECK, MANA], "utf-8-sig"),
}
# Not the Comprehensive Rules: the 1999 rulings summary's shape.
RULINGS = "Fifth Edition Rulings Summary\n\nA.1 - General\n\nA ruling.\n"


def write_folder(folder, names=None):
    folder.mkdir(exist_ok=True)
    for name, (date, rules, codec) in EDITIONS.items():
        if names is None or name in names:
            text = small_cr(date, rules)
            data = codecs.BOM_UTF16_LE + text.encode("utf-16-le") if codec == "utf-16" else text.encode(codec)
            (folder / name).write_bytes(data)
    if names is None:
        (folder / "mtg_cr_en_19990421.txt").write_text(RULINGS, encoding="utf-8")
        (folder / "SOURCES.md").write_text("# Where the files come from\n", encoding="utf-8")
    return folder


def run(folder, *extra):
    out = io.StringIO()
    call_command("import_archive", str(folder), "--game", "mtg", "--lang", "en", "--no-index", *extra, stdout=out)
    return out.getvalue()


def table(output):
    """The summary table, its time left out."""
    lines = output.splitlines()
    end = next(i for i, line in enumerate(lines) if re.match(r"\d+ files: ", line))
    return lines[:end] + [re.sub(r" in [\d.]+ s$", " in … s", lines[end])]


def concept_groups():
    groups = {}
    for edition, number, concept in Entry.objects.exclude(number="").values_list(
        "edition__slug", "number", "concept_id"
    ):
        groups.setdefault(concept, set()).add((edition, number))
    return sorted(sorted(group) for group in groups.values())


def test_a_folder_is_imported_oldest_first_with_a_summary_of_every_file(tmp_path):
    out = run(write_folder(tmp_path / "archive"))
    assert table(out) == [
        "file                    edition     result     detail",
        "mtg_cr_en_19990421.txt  -           refused    no recognisable rules: the file matches none of the formats "
        "pdf, cr-text, rulebook-layout, berserk-md, it-wiki-bullets, it-wiki-runon, ja-viewer, berserk-text",
        "mtg_cr_en_20140201.txt  2014-02-01  imported   2 rules, 1 subrules, 1 warning",
        "mtg_cr_en_20160930.txt  2016-09-30  imported   2 rules, 1 subrules",
        "mtg_cr_en_20171110.txt  2017-11-10  imported   3 rules, 1 subrules",
        "4 files: 3 imported, 0 unchanged, 1 refused in … s",
    ]
    assert "concepts of mtg rebuilt in" in out
    assert "the search index is stale" in out
    assert list(Edition.objects.order_by("effective_date").values_list("slug", "source_name")) == [
        ("2014-02-01", "mtg_cr_en_20140201.txt"),
        ("2016-09-30", "mtg_cr_en_20160930.txt"),
        ("2017-11-10", "mtg_cr_en_20171110.txt"),
    ]
    # The Windows-1252 file's warning is in its edition's report.
    warning = Edition.objects.get(slug="2014-02-01").report["warnings"][0]["message"]
    assert warning == (
        "read as Windows-1252: not UTF-8 (byte 0x92 at offset 328) but Windows-1252 text; "
        "3 characters are not ASCII (®’…)"
    )
    # One rule across three editions is one concept; every entry has one.
    assert not Entry.objects.filter(concept=None).exists()
    assert [("2014-02-01", "100.1"), ("2016-09-30", "100.1"), ("2017-11-10", "100.1")] in concept_groups()


def test_a_second_run_finds_every_edition_unchanged(tmp_path):
    folder = write_folder(tmp_path / "archive")
    run(folder)
    out = run(folder)
    assert table(out)[2:] == [
        "mtg_cr_en_20140201.txt  2014-02-01  unchanged  2 rules, 1 subrules, 1 warning",
        "mtg_cr_en_20160930.txt  2016-09-30  unchanged  2 rules, 1 subrules",
        "mtg_cr_en_20171110.txt  2017-11-10  unchanged  3 rules, 1 subrules",
        "4 files: 0 imported, 3 unchanged, 1 refused in … s",
    ]
    assert "concepts of mtg rebuilt" not in out


def test_the_json_report_is_one_object_naming_each_file(tmp_path):
    data = json.loads(run(write_folder(tmp_path / "archive"), "--json"))
    assert data["totals"] == {"imported": 3, "unchanged": 0, "refused": 1}
    assert data["ignored"] == ["SOURCES.md"]
    assert [(f["file"], f["status"], f["edition"]) for f in data["files"]] == [
        ("mtg_cr_en_19990421.txt", "refused", None),
        ("mtg_cr_en_20140201.txt", "imported", "2014-02-01"),
        ("mtg_cr_en_20160930.txt", "imported", "2016-09-30"),
        ("mtg_cr_en_20171110.txt", "imported", "2017-11-10"),
    ]
    assert data["files"][1]["warnings"][0]["message"].endswith("3 characters are not ASCII (®’…)")
    assert data["files"][0]["reason"].startswith("no recognisable rules: ")
    assert data["concepts_rebuilt"] is True


def test_a_run_stopped_half_way_carries_on(tmp_path, monkeypatch):
    """The first run is killed after its second edition, before the deferred concepts: the next run passes
    over what was committed, imports the rest and rebuilds the concepts, as one run would have."""
    partial = write_folder(tmp_path / "partial", names={"mtg_cr_en_20140201.txt", "mtg_cr_en_20160930.txt"})
    with monkeypatch.context() as patched:
        patched.setattr("rulesref.rules.archive.concepts_complete", lambda game: False)
        run(partial)
    assert Entry.objects.filter(concept=None).count() == Entry.objects.count()
    full = write_folder(tmp_path / "partial")
    out = run(full)
    assert table(out)[1:] == [
        table(out)[1],
        "mtg_cr_en_20140201.txt  2014-02-01  unchanged  2 rules, 1 subrules, 1 warning",
        "mtg_cr_en_20160930.txt  2016-09-30  unchanged  2 rules, 1 subrules",
        "mtg_cr_en_20171110.txt  2017-11-10  imported   3 rules, 1 subrules",
        "4 files: 1 imported, 2 unchanged, 1 refused in … s",
    ]
    assert not Entry.objects.filter(concept=None).exists()
    resumed = concept_groups()
    # The same concepts as importing the editions one by one, each rebuilding them (import_rules).
    Edition.objects.all().delete()
    for name in sorted(EDITIONS):
        args = ("import_rules", str(full / name), "--game", "mtg", "--lang", "en", "--no-index")
        call_command(*args, stdout=io.StringIO())
    assert concept_groups() == resumed


ROW = ("pk", "edition__slug", "number", "text", "position", "parent_id", "concept_id")


def test_a_file_that_fails_leaves_its_edition_as_it_was_and_the_others_go_on(tmp_path, monkeypatch):
    folder = write_folder(tmp_path / "archive")
    run(folder)
    before = list(Entry.objects.order_by("pk").values_list(*ROW))
    sha = Edition.objects.get(slug="2016-09-30").source_sha256
    date, rules, _ = EDITIONS["mtg_cr_en_20160930.txt"]
    (folder / "mtg_cr_en_20160930.txt").write_text(small_cr(date, rules + [("100.4", "New.")]), encoding="utf-8")
    shutil.copy(folder / "mtg_cr_en_20171110.txt", folder / "mtg_cr_en_20180119.txt")
    real = concepts.alignment_refresh

    def failing(*, game, rebuild_concepts=True):
        real(game=game, rebuild_concepts=rebuild_concepts)
        if Entry.objects.filter(number="100.4").exists():
            raise RuntimeError("disk full")

    monkeypatch.setattr(concepts, "alignment_refresh", failing)
    out = run(folder)
    lines = table(out)
    failed = "mtg_cr_en_20160930.txt  -           refused    internal error RuntimeError: disk full ("
    assert lines[3].startswith(failed)
    # The copy of 2017-11-10 states the same date: the same bytes, unchanged.
    assert lines[4:] == [
        "mtg_cr_en_20171110.txt  2017-11-10  unchanged  3 rules, 1 subrules",
        "mtg_cr_en_20180119.txt  2017-11-10  unchanged  3 rules, 1 subrules",
        "5 files: 0 imported, 3 unchanged, 2 refused in … s",
    ]
    assert Edition.objects.get(slug="2016-09-30").source_sha256 == sha
    assert list(Entry.objects.order_by("pk").values_list(*ROW)) == before


def test_a_text_that_states_no_date_is_the_edition_of_the_date_in_its_name(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    text = small_cr("2023-11-17", RULES).replace("These rules are effective as of November 17, 2023.", "Rules.")
    (folder / "mtg_cr_en_20231117.txt").write_text(text, encoding="utf-8")
    data = json.loads(run(folder, "--json"))
    [item] = data["files"]
    assert (item["status"], item["edition"], item["warnings"][0]) == (
        "imported",
        "2023-11-17",
        {"line": 1, "message": "the text states no effective date: 2023-11-17, the date in its name, used"},
    )


def test_a_folder_that_is_not_there_is_one_line(tmp_path):
    with pytest.raises(CommandError) as error:
        run(tmp_path / "missing")
    assert str(error.value) == f"{tmp_path / 'missing'}: not a folder"


def test_an_unknown_game_is_one_line_before_any_file_is_read(tmp_path):
    folder = write_folder(tmp_path / "archive")
    with pytest.raises(CommandError) as error:
        call_command("import_archive", str(folder), "--game", "skyward", "--lang", "en", stdout=io.StringIO())
    assert str(error.value) == (
        "unknown game 'skyward'; known games: mtg, berserk, lorcana (import_archive imports editions of a known game)"
    )
    assert not Edition.objects.exists()
