"""A damaged index never takes a page down: every page answers, search says so in one line, the
commands report it in one line and ``build_index --if-stale`` repairs it; what a killed build left
behind is removed by the next build command, which says what it removed; a failure to write the index
is one line naming what failed and what to do.

Each test damages the index of its own data dir (``private_data_dir`` in tests/conftest.py).
"""

import errno
import io
import json
import os
import re
import struct
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation
from whoosh.filedb.compound import CompoundStorage
from whoosh.filedb.structfile import StructFile

from rulesref.rules.models import Edition
from rulesref.rules.services import edition_import, glossary_sync
from rulesref.search import generations, search, service, store
from tests.conftest import ROOT, SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db

# One page of each kind.
PAGES = (
    "/",
    "/rules/mtg/it/2024-10-02/208.2a/",
    "/search/?q=forza",
    "/rules/berserk/ru/pre-ed15/glossary/",
    "/compare/?game=mtg&c=it:2024-10-02&c=ja:ja-viewer&scope=208",
)
DAMAGED_BANNER = (
    '<p class="index-state" role="status">'
    "The search index is damaged: searches find nothing until it has been rebuilt.</p>"
)
DAMAGED_ERROR = "The search index is damaged and cannot be searched until it has been rebuilt."
WHAT_TO_DO = "(free some space or make the folder writable, then run “python manage.py build_index”)"


@pytest.fixture
def built():
    """The term list, the Italian, Japanese and Берсерк seeds imported and indexed; the live generation's folder."""
    glossary_sync(directory=settings.RULES_DATA_DIR / "glossary")
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")
    store.build_generation()
    yield store.current_generation()
    generations.forget_generations()
    service.clear_cache()


def pages(client) -> dict[str, str]:
    """Every page kind, each asserted to answer 200; url → HTML."""
    answers = {}
    for url in PAGES:
        response = client.get(url)
        assert response.status_code == 200, url
        answers[url] = response.content.decode()
    return answers


def run(*args) -> tuple[list[str], str | None]:
    """A command's output lines and its one-line error (None when it succeeded)."""
    out = io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=io.StringIO())
    except CommandError as error:
        assert "\n" not in str(error)
        return out.getvalue().splitlines(), str(error)
    return out.getvalue().splitlines(), None


def segment(generation, language: str = "it"):
    (path,) = (generation / language).glob("*.seg")
    return path


def dead_pid() -> int:
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid += 1


def test_a_garbage_manifest_keeps_every_page_up_and_search_says_the_index_is_damaged(built, client):
    (built / "generation.json").write_bytes(b"\x00garbage{")
    answers = pages(client)
    for url, html in answers.items():
        assert DAMAGED_BANNER in html, url
    assert f'<p class="warning" role="alert">{DAMAGED_ERROR}</p>' in answers["/search/?q=forza"]
    assert store.index_state() == "damaged"
    assert [(message.id, message.msg) for message in run_checks() if message.id == "rulesref.W030"] == [
        (
            "rulesref.W030",
            f"the live search index is damaged: {built / 'generation.json'}: not JSON (Expecting value: line 1 "
            "column 1 (char 0))",
        )
    ]
    with translation.override("de"):
        assert str(search("forza").error) == (
            "Der Suchindex ist beschädigt und kann erst durchsucht werden, wenn er neu aufgebaut wurde."
        )


def test_build_index_check_and_if_stale_say_a_garbage_manifest_in_one_line_and_if_stale_rebuilds(built, client):
    (built / "generation.json").write_text("[1, 2", encoding="utf-8")
    reason = f"{built / 'generation.json'}: not JSON (Expecting ',' delimiter: line 1 column 6 (char 5))"
    out, error = run("build_index", "--check")
    assert error == "the search index does not match the database (1 problems)"
    assert out[-1] == (
        f"  off: the live generation is damaged: {reason}: “python manage.py build_index --if-stale” rebuilds it"
    )
    out, error = run("build_index", "--if-stale")
    assert error is None
    assert out[0] == f"the live search index is damaged ({reason}): rebuilding it"
    assert out[1].startswith("index generation ")
    assert len(out) == 2
    assert store.index_state(thorough=True) == "current"
    # The damaged generation is no fallback: it is removed, not kept as the previous one.
    assert not built.exists()
    assert [hit.number for hit in search("costituzione", languages=["it"]).hits][:1] == ["208.1"]
    assert DAMAGED_BANNER not in client.get("/").content.decode()


def test_a_truncated_segment_keeps_every_page_up_and_if_stale_rebuilds_it(built, client):
    seg = segment(built)
    size = seg.stat().st_size
    with open(seg, "r+b") as handle:
        handle.truncate(size // 2)
    answers = pages(client)
    assert f'<p class="warning" role="alert">{DAMAGED_ERROR}</p>' in answers["/search/?q=forza"]
    assert DAMAGED_BANNER in answers["/"]
    out, error = run("build_index", "--check")
    assert error == "the search index does not match the database (2 problems)"
    off = [line for line in out if line.startswith("  off: ")]
    assert off == [
        f"  off: the live generation is damaged: {seg}: {size // 2} bytes, the build wrote {size}: "
        "“python manage.py build_index --if-stale” rebuilds it",
        "  off: it: the index cannot be opened (EOFError: Ran out of input)",
    ]
    out, error = run("build_index", "--if-stale")
    assert (out[0], error) == (f"the live search index is damaged ({seg}: {size // 2} bytes, the build wrote {size}): "
                               "rebuilding it", None)  # fmt: skip
    assert "208.1" in [hit.number for hit in search("costituzione", languages=["it"]).hits]
    assert DAMAGED_BANNER not in pages(client)["/"]


def test_a_segment_overwritten_in_place_is_found_by_its_digest_and_rebuilt(built, client):
    """Garbage of the same size passes the cheap size check and may open fine: the sha256 tells."""
    seg = segment(built)
    # In the middle of the postings (read by a search, not on opening): a fixed offset of the file may land
    # on a block header whose place moves with the documents' ids.
    with open(seg, "rb") as handle:
        storage = CompoundStorage(StructFile(handle), use_mmap=False)
        postings = next(value for name, value in storage._dir.items() if name.endswith(".pst"))
        storage.close()
    with open(seg, "r+b") as handle:
        handle.seek(postings["offset"] + postings["length"] // 2)
        handle.write(b"\xff" * 16)
    pages(client)
    assert store.index_state() == "current"  # what a request checks: sizes
    out, error = run("build_index", "--if-stale")
    assert (out[0], error) == (
        f"the live search index is damaged ({seg}: its contents are not what the build wrote (sha256 differs)): "
        "rebuilding it",
        None,
    )
    assert store.current_generation() != built


def test_a_broken_vocabulary_of_a_generation_without_a_file_list_is_found_on_opening(built, client, caplog):
    """The card names and glossary forms (vocabulary.json) of a generation built before manifests
    listed their files: what cannot be read is found when a reader opens it, and by the commands."""
    manifest = json.loads((built / "generation.json").read_text(encoding="utf-8"))
    del manifest["files"]
    (built / "generation.json").write_text(json.dumps(manifest), encoding="utf-8")
    (built / "vocabulary.json").write_text('[{"key": "toughness"', encoding="utf-8")
    answers = pages(client)
    assert f'<p class="warning" role="alert">{DAMAGED_ERROR}</p>' in answers["/search/?q=forza"]
    # Sizes unknown, the home page could not tell before a search opened the generation; now it says so.
    assert DAMAGED_BANNER not in answers["/"]
    assert DAMAGED_BANNER in client.get("/").content.decode()
    reason = (
        f"{built / 'vocabulary.json'}: cannot be read as JSON (Expecting ',' delimiter: line 1 column 21 (char 20))"
    )
    assert caplog.messages == [f"search index generation {built} is damaged: {reason}"]
    out, error = run("build_index", "--check")
    assert (out[-1], error) == (
        f"  off: the live generation is damaged: {reason}: “python manage.py build_index --if-stale” rebuilds it",
        "the search index does not match the database (1 problems)",
    )
    out, error = run("build_index", "--if-stale")
    assert (out[0], error) == (f"the live search index is damaged ({reason}): rebuilding it", None)


def test_a_search_that_fails_on_damaged_files_says_so_and_a_bug_still_raises(built, monkeypatch):
    """Damage that only a search reads: the failure is checked against the files' digests; a
    failure with every file intact is a bug, not damage, and is not hidden."""

    def unreadable(*args, **kwargs):
        raise struct.error("unpack requires a buffer of 8 bytes")

    monkeypatch.setattr(generations.LanguageIndex, "search", unreadable)
    with pytest.raises(struct.error):
        search("forza")
    seg = segment(built)
    with open(seg, "r+b") as handle:
        handle.seek(seg.stat().st_size // 3)
        handle.write(b"\xff" * 64)
    assert search("forza edition:2024-10-02").error == DAMAGED_ERROR
    # The verdict is kept: the next search is answered at once, without searching.
    monkeypatch.undo()
    assert search("costituzione").error == DAMAGED_ERROR
    assert store.index_state() == "damaged"


def test_if_stale_falls_back_to_the_previous_generation_when_no_new_one_can_be_written(built, monkeypatch):
    second = store.build_generation().generation
    (store.current_generation() / "generation.json").write_text("{}", encoding="utf-8")

    def full(directory, *args):
        raise OSError(errno.ENOSPC, "No space left on device", str(directory))

    monkeypatch.setattr(store, "_build_language", full)
    out, error = run("build_index", "--if-stale")
    live = store.index_root() / "generations" / second
    assert out == [
        f"the live search index is damaged ({live / 'generation.json'}: not a generation manifest (it holds no "
        "document counts)): rebuilding it"
    ]
    assert error.startswith(f"cannot write the search index: {store.index_root() / 'generations'}/")
    assert error.endswith(
        f"/en: No space left on device {WHAT_TO_DO}; serving the previous generation {built.name} meanwhile"
    )
    assert store.current_generation() == built
    assert store.index_state() == "current"
    assert search("costituzione", languages=["it"]).hits


def test_every_build_command_removes_what_a_killed_build_left_and_says_so(built):
    root = store.index_root()
    partial = root / "generations" / "20261201T101500-dead"
    (partial / "it").mkdir(parents=True)
    (partial / "it" / "MAIN_x.seg").write_bytes(b"\0" * 300_000)
    pid = dead_pid()
    (root / "build.lock").write_text(str(pid), encoding="ascii")
    out, error = run("build_index", "--if-stale")
    assert (out, error) == (
        [
            f"removed a stale lock: {root / 'build.lock'} named process {pid}, which is not running",
            f"removed a partial generation left by an interrupted build: {partial} (0.3 MB)",
            "the search index is current; nothing to build",
        ],
        None,
    )
    assert not partial.exists()
    assert (root / "build.lock").read_text(encoding="ascii") == ""
    # The import's rebuild removes them too.
    partial.mkdir()
    out = io.StringIO()
    call_command("import_rules", str(SEED_IT_2023), "--game", "mtg", "--lang", "it", "--edition", "2023-06-16",
                 stdout=out)  # fmt: skip
    lines = out.getvalue().splitlines()
    assert f"removed a partial generation left by an interrupted build: {partial} (0.0 MB)" in lines
    # The index is rebuilt, then the workbench's comparisons are computed ahead (compare/stored.py).
    assert lines[-2].startswith("search index rebuilt: ")
    assert re.fullmatch(r"workbench: 1 edition differences and freshness reports computed in \d+\.\d s", lines[-1])
    # And a full build: nothing is left, nothing is said.
    assert store.build_generation().removed == []


def test_an_import_whose_index_cannot_be_written_says_so_in_one_line_and_keeps_the_rows(built, monkeypatch):
    def full(directory, *args):
        raise OSError(errno.ENOSPC, "No space left on device", str(directory))

    monkeypatch.setattr(store, "_build_language", full)
    out = io.StringIO()
    call_command("import_rules", str(SEED_IT_2023), "--game", "mtg", "--lang", "it", "--edition", "2023-06-16",
                 stdout=out)  # fmt: skip
    last = out.getvalue().splitlines()[-2]
    assert last.startswith(f"imported, but the search index is stale: cannot write the search index: {built.parent}/")
    assert last.endswith(f"/en: No space left on device {WHAT_TO_DO}")
    assert Edition.objects.filter(language="it", slug="2023-06-16").exists()
    assert store.index_state() == "stale"
    assert store.current_generation() == built
    assert sorted(p.name for p in built.parent.iterdir()) == [built.name]  # the half-built one is gone


def test_the_commands_say_a_damaged_index_in_one_line_without_a_traceback_in_real_processes(tmp_path):
    """Real processes, real errors (SQLite in a data dir of their own): ``index`` is a file, then a
    live generation's manifest is garbage."""
    data = tmp_path / "child"
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SECRET_KEY": os.environ["DJANGO_SECRET_KEY"],
        "RULESREF_DATA_DIR": str(data),
    }

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )

    data.mkdir()
    (data / "index").write_text("not a folder", encoding="utf-8")
    result = manage("build_index")
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        f"CommandError: cannot write the search index: {data / 'index'}: not a folder {WHAT_TO_DO}\n",
    )
    (data / "index").unlink()
    assert manage("migrate", "--verbosity", "0").returncode == 0
    assert manage("build_index").returncode == 0
    live = (data / "index" / "current").resolve()
    (live / "generation.json").write_bytes(b"\xff\xfe")
    reason = f"{live / 'generation.json'}: not UTF-8 (byte 0)"
    check = manage("build_index", "--check")
    assert check.returncode == 1
    assert check.stdout.splitlines()[-1] == (
        f"  off: the live generation is damaged: {reason}: “python manage.py build_index --if-stale” rebuilds it"
    )
    # The system checks (run before every command) say it too, as warnings; no traceback anywhere.
    assert check.stderr.splitlines()[-1] == "CommandError: the search index does not match the database (1 problems)"
    assert f"?: (rulesref.W030) the live search index is damaged: {reason}" in check.stderr.splitlines()
    rebuild = manage("build_index", "--if-stale")
    assert rebuild.returncode == 0
    assert rebuild.stdout.splitlines()[0] == f"the live search index is damaged ({reason}): rebuilding it"
    assert rebuild.stdout.splitlines()[1].startswith("index generation ")
    assert "Traceback" not in check.stderr + rebuild.stderr
    assert manage("build_index", "--if-stale").stdout == "the search index is current; nothing to build\n"
