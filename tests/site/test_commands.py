"""The management commands a user runs: import_rules and quickstart."""

import io
import json
import os
import socket
import subprocess
import sys

import pytest
from django.core.management import call_command, get_commands, load_command_class
from django.core.management.base import CommandError

from rulesref.rules.models import CardName, Edition, Entry, TermForm
from tests.conftest import CORPORA, ROOT, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_rules_json_prints_exactly_one_object():
    out = run("import_rules", str(SEED_IT_2024), "--game", "mtg", "--lang", "it", "--edition", "2024-10-02", "--json")
    data = json.loads(out)
    assert data["game"] == "mtg"
    assert data["lang"] == "it"
    assert data["edition"] == "2024-10-02"
    assert data["format"] == "it-wiki-runon"
    assert data["counts"] == {
        "chapters": 0,
        "sections": 1,
        "rules": 5,
        "subrules": 5,
        "examples": 2,
        "glossary": 0,
        "cross_references": 5,
        "notes": data["counts"]["notes"],
    }
    assert data["counts"]["notes"] >= 3
    assert data["numbers"] == [
        "208.1",
        "208.2",
        "208.2a",
        "208.2b",
        "208.3",
        "208.3a",
        "208.4",
        "208.4a",
        "208.4b",
        "208.5",
    ]
    assert data["unplaced"] == []
    assert data["edition_name"] == "Duskmourn: La Casa degli Orrori"


def test_import_rules_dry_run_writes_nothing():
    out = run("import_rules", str(SEED_JA), "--game", "mtg", "--lang", "ja", "--edition", "ja-viewer", "--dry-run")
    assert "dry run, nothing written" in out
    assert Edition.objects.count() == 0


def test_import_rules_failure_is_one_line_with_file_and_reason(tmp_path):
    bad = tmp_path / "regole.txt"
    # Neither UTF-8 nor Windows-1252 (0x81 is undefined there; Latin-1 text is read as Windows-1252).
    bad.write_bytes(b"208.1. Una carta pu\x81 avere\n")
    with pytest.raises(CommandError) as error:
        run("import_rules", str(bad), "--game", "mtg", "--lang", "it", "--edition", "2024-10-02")
    message = str(error.value)
    assert "\n" not in message
    assert message == f"{bad}:1: not UTF-8: byte 0x81 at offset 19 cannot be decoded"


def test_quickstart_imports_the_bundled_data_and_a_second_run_changes_nothing(settings):
    settings.CORPORA_DIR = None
    first = run("quickstart", "--no-serve")
    assert "imported mtg en 2024-09-20: 1128 rules, 1888 subrules, 279 examples, 698 glossary entries" in first
    assert "imported mtg it 2024-10-02" in first
    assert "imported berserk ru pre-ed15" in first
    editions = sorted(Edition.objects.values_list("game__slug", "language", "slug"))
    assert editions == [
        ("berserk", "ru", "pre-ed15"),
        ("mtg", "en", "2024-09-20"),
        ("mtg", "it", "2023-06-16"),
        ("mtg", "it", "2024-10-02"),
        ("mtg", "ja", "ja-viewer"),
    ]
    assert TermForm.objects.filter(form="costituzione", term__key="toughness").exists()
    assert CardName.objects.get(language="ja").name == "経験豊富な操縦者"
    ids = list(Entry.objects.values_list("pk", flat=True))
    # Without network (a port nothing listens on): one line, and the bundled data as it was.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        nowhere = f"http://127.0.0.1:{probe.getsockname()[1]}/rules"
    settings.OFFICIAL_RULES_URLS = {"mtg_en": nowhere}
    second = run("quickstart", "--no-serve", "--fetch-official")
    assert "imported" not in second
    assert "glossary" not in second
    assert second.splitlines()[0] == (
        f"official mtg en rules not fetched: {nowhere}: connection refused; carrying on with the bundled data"
    )
    assert second.splitlines()[1].startswith("ready; database at ")
    assert list(Entry.objects.values_list("pk", flat=True)) == ids


def test_quickstart_imports_official_files_from_the_corpora_folder(settings, corpus):
    corpus("mtg_cr_zh-hans_20240917_duskmourn.txt")
    settings.CORPORA_DIR = str(CORPORA)
    run("quickstart", "--no-serve")
    found = Edition.objects.exclude(language__in=["it", "ja"], game__slug="mtg")
    editions = set(found.values_list("game__slug", "language", "slug"))
    assert editions == {
        ("mtg", "en", "2023-06-16"),
        ("mtg", "en", "2024-09-20"),
        ("mtg", "en", "2025-04-04"),
        ("mtg", "zh-hans", "2024-09-20"),
        ("berserk", "ru", "2024-05-31"),
        ("berserk", "ru", "pre-ed15"),
        # The Lorcana texts and PDFs, their language read from their title blocks (de and fr are not en).
        ("lorcana", "en", "2025-10-31"),
        ("lorcana", "de", "2025-10-31"),
        ("lorcana", "fr", "2025-10-31"),
        ("lorcana", "en", "2026-04-30"),
        ("lorcana", "de", "2026-04-30"),
        ("lorcana", "fr", "2026-04-30"),
        ("lorcana", "en", "2026-07-09"),
        ("lorcana", "ja", "2026-07-10"),
    }
    lorcana = {
        (e.language, e.slug): e.translates_key
        for e in Edition.objects.filter(game__slug="lorcana").exclude(language="en")
    }
    assert lorcana == {
        ("de", "2025-10-31"): "en:2025-10-31",
        ("fr", "2025-10-31"): "en:2025-10-31",
        ("de", "2026-04-30"): "en:2026-04-30",
        ("fr", "2026-04-30"): "en:2026-04-30",
        ("ja", "2026-07-10"): "en:2026-07-09",
    }
    chinese = Edition.objects.get(language="zh-hans")
    assert (chinese.translates.language, chinese.translates.slug) == ("en", "2024-09-20")
    italian = Edition.objects.get(language="it", slug="2024-10-02")
    assert (italian.translates.language, italian.translates.slug) == ("en", "2024-09-20")
    # The Берсерк glossary file goes beside the rules file's own glossary of the newest edition.
    heroes = Edition.objects.get(game__slug="berserk", slug="2024-05-31")
    assert heroes.glossary.filter(source="").count() == 195
    assert heroes.glossary.filter(source="berserk-glossary-rst").count() == 213


def test_quickstart_answers_unchanged_from_the_file_hash_without_parsing(settings, monkeypatch):
    settings.CORPORA_DIR = None
    run("quickstart", "--no-serve")

    def no_parsing(*args, **kwargs):
        raise AssertionError("an unchanged file was parsed again")

    monkeypatch.setattr("rulesref.rules.services.parse_source", no_parsing)
    second = run("quickstart", "--no-serve")
    assert "imported" not in second
    report = run(
        "import_rules", str(SEED_IT_2024), "--game", "mtg", "--lang", "it", "--edition", "2024-10-02", "--json"
    )
    data = json.loads(report)
    assert data["changed"] is False
    # The counts come from the database, as they were at import.
    assert data["counts"]["rules"] == 5
    assert data["counts"]["subrules"] == 5
    assert data["numbers"][:3] == ["208.1", "208.2", "208.2a"]


def test_quickstart_imports_what_it_can_and_names_each_file_it_could_not(settings, tmp_path, corpus):
    folder = tmp_path / "corpora"
    folder.mkdir()
    (folder / "notes.txt").write_text("nothing but prose here\n", encoding="utf-8")
    (folder / "broken.txt").write_bytes(b"\xff\xfe\x00binary")
    (folder / "berserk.md").write_bytes(corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md").read_bytes())
    settings.CORPORA_DIR = str(folder)
    out, err = io.StringIO(), io.StringIO()
    call_command("quickstart", "--no-serve", stdout=out, stderr=err)
    assert "imported berserk ru 2024-05-31: 300 rules" in out.getvalue()
    problems = err.getvalue().splitlines()
    assert len(problems) == 2
    assert problems[0].startswith(f"not imported: {folder / 'broken.txt'}")
    assert problems[1].startswith(f"not imported: {folder / 'notes.txt'}: no recognisable rules")


def test_quickstart_fails_when_no_corpus_file_can_be_imported(settings, tmp_path):
    folder = tmp_path / "corpora"
    folder.mkdir()
    (folder / "notes.txt").write_text("nothing but prose here\n", encoding="utf-8")
    settings.CORPORA_DIR = str(folder)
    with pytest.raises(CommandError, match="no rules file in the corpora folder could be imported"):
        call_command("quickstart", "--no-serve", stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.parametrize(
    "name",
    [
        "import_rules",
        "quickstart",
        "alignment",
        "build_index",
        "search",
        "import_glossary",
        "run_example",
        "fetch_rules",
        "import_archive",
    ],
)
def test_every_command_has_help(name):
    command = load_command_class(get_commands()[name], name)
    assert len(command.help) > 40
    parser = command.create_parser("manage.py", name)
    for action in parser._actions:
        if action.dest not in (
            "help",
            "version",
            "verbosity",
            "settings",
            "pythonpath",
            "traceback",
            "no_color",
            "force_color",
            "skip_checks",
        ):
            assert action.help, f"{name} --{action.dest} has no help"


NOT_UTF8 = b"r\xffegole.txt".decode("utf-8", "surrogateescape")


@pytest.mark.parametrize(
    "args, message",
    [
        (
            [NOT_UTF8, "--game", "mtg", "--lang", "it"],
            "file name 'r\\xffegole.txt' is not valid text: byte 0xff at position 1 is not UTF-8",
        ),
        (
            [str(SEED_IT_2024), "--game", "mtg", "--lang", "it", "--edition-name", "Dusk\udcc3"],
            "--edition-name 'Dusk\\xc3' is not valid text: byte 0xc3 at position 4 is not UTF-8",
        ),
        (
            [str(SEED_IT_2024), "--game", "\ud800", "--lang", "it"],
            "--game '\\ud800' is not valid text: lone surrogate U+D800 at position 0",
        ),
        (
            [str(SEED_IT_2024), "--game", "mtg", "--lang", "it", "--translates", "en:\udcff"],
            "--translates 'en:\\xff' is not valid text: byte 0xff at position 3 is not UTF-8",
        ),
    ],
)
def test_import_rules_refuses_invalid_text_in_one_line_and_writes_nothing(args, message):
    with pytest.raises(CommandError) as error:
        run("import_rules", *args)
    assert str(error.value) == message
    assert Edition.objects.count() == 0


def test_import_rules_refuses_a_real_file_whose_name_is_not_utf8(tmp_path):
    """Bytes in a name on disk arrive as surrogates; the file exists and is readable, but the name is refused."""
    name = os.fsdecode(b"regole-\xe8.txt")
    (tmp_path / name).write_bytes(SEED_IT_2024.read_bytes())
    with pytest.raises(
        CommandError, match=r"^file name '.*regole-\\xe8\.txt' is not valid text: byte 0xe8 at position"
    ):
        run("import_rules", str(tmp_path / name), "--game", "mtg", "--lang", "it", "--edition", "2024-10-02")
    assert Edition.objects.count() == 0


def test_quickstart_refuses_a_corpora_file_whose_name_is_not_utf8(settings, tmp_path):
    (tmp_path / os.fsdecode(b"cr-\xff.txt")).write_bytes(SEED_IT_2024.read_bytes())
    settings.CORPORA_DIR = str(tmp_path)
    err = io.StringIO()
    with pytest.raises(CommandError) as error:
        call_command("quickstart", "--no-serve", stdout=io.StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        f"not imported: {tmp_path}: file name 'cr-\\xff.txt' is not valid text: byte 0xff at position 3 is not UTF-8"
    ]
    assert str(error.value) == f"{tmp_path}: no rules file in the corpora folder could be imported"


def test_quickstart_refuses_an_invalid_address():
    with pytest.raises(CommandError) as error:
        run("quickstart", "--addrport", "127.0.0.1:\udcff")
    assert str(error.value) == "--addrport '127.0.0.1:\\xff' is not valid text: byte 0xff at position 10 is not UTF-8"


@pytest.mark.parametrize(
    "argv, last_line",
    [
        (
            [b"search", b"\xe3\x82\xbf\xff"],
            "CommandError: the query '\u30bf\\xff' is not valid text: byte 0xff at position 1 is not UTF-8",
        ),
        (
            [b"import_rules", b"r\xff.txt", b"--game", b"mtg", b"--lang", b"it"],
            "CommandError: file name 'r\\xff.txt' is not valid text: byte 0xff at position 1 is not UTF-8",
        ),
        # argparse's own message: stderr escapes what it cannot encode.
        ([b"build_index", b"\xff"], "manage.py build_index: error: unrecognized arguments: \\udcff"),
    ],
)
def test_invalid_bytes_on_the_real_command_line_give_one_line_and_no_traceback(argv, last_line, tmp_path):
    env = {"PATH": os.environ["PATH"], "DJANGO_DEBUG": "1", "RULESREF_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable.encode(), b"manage.py", *argv], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    stderr = result.stderr.decode("utf-8")
    assert result.returncode in (1, 2)
    assert "Traceback" not in stderr
    assert result.stdout == b""
    assert stderr.splitlines()[-1] == last_line


def test_import_rules_names_the_translation_version_and_the_glossed_terms(tmp_path):
    from tests.rules.test_parsers_cr_ja import JAPANESE_CR

    path = tmp_path / "JPN_CR_20260116_0.txt"
    path.write_text(JAPANESE_CR, encoding="utf-8")
    out = run("import_rules", str(path), "--game", "mtg", "--lang", "ja", "--dry-run")
    assert "mtg ja 2026-01-16 [cr-text]: dry run, nothing written" in out
    assert "  translation version: 20260116.0\n" in out
    glossed = "毒カウンター／poison counter, 感染／Infect, 状況起因処理／State-Based Actions"
    assert f"  3 terms printed with their gloss: {glossed}\n" in out
    data = json.loads(run("import_rules", str(path), "--game", "mtg", "--lang", "ja", "--dry-run", "--json"))
    assert (data["revision"], data["edition"], data["unplaced"]) == ("20260116.0", "2026-01-16", [])
