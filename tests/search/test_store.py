"""Index generations: built aside, verified, swapped in; one writer; readers never disturbed."""

import io
import json
import os

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from whoosh import index as whoosh_index

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Entry, GlossaryEntry
from rulesref.rules.services import edition_import
from rulesref.search import documents, search, store
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeds():
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")


def generations():
    return sorted(p.name for p in (store.index_root() / "generations").iterdir())


def test_every_language_has_an_index_with_as_many_documents_as_rows(seeds):
    report = store.build_generation()
    live = store.current_generation()
    assert live.name == report.generation
    for language in CONTENT_LANGUAGES:
        rows = (
            Entry.objects.filter(edition__language=language).count()
            + GlossaryEntry.objects.filter(edition__language=language).count()
        )
        with whoosh_index.open_dir(str(live / language)).searcher() as searcher:
            assert searcher.doc_count() == rows == report.documents[language]
    assert report.documents["it"] == Entry.objects.filter(edition__language="it").count() > 0


def test_a_new_generation_is_swapped_in_and_the_previous_one_kept(seeds):
    first = store.build_generation().generation
    second = store.build_generation().generation
    assert generations() == sorted([first, second])
    assert os.readlink(store.index_root() / "current") == os.path.join("generations", second)
    third = store.build_generation().generation
    assert generations() == sorted([second, third])


def test_a_reader_of_the_old_generation_keeps_working_after_a_swap(seeds):
    store.build_generation()
    old = store.current_generation()
    searcher = whoosh_index.open_dir(str(old / "it")).searcher()
    store.build_generation()
    assert store.current_generation() != old
    assert searcher.doc_count() == Entry.objects.filter(edition__language="it").count()
    searcher.close()


def test_a_second_writer_is_refused_with_a_clear_message(seeds):
    with store.writer_lock():
        with pytest.raises(store.IndexBusy, match=r"another index build is running \(process \d+\)"):
            store.build_generation()


def test_a_generation_that_does_not_verify_leaves_the_live_one(seeds, monkeypatch):
    live = store.build_generation().generation
    real_counts = documents.expected_counts()
    monkeypatch.setattr(documents, "expected_counts", lambda: {**real_counts, "it": real_counts["it"] + 1})
    with pytest.raises(store.IndexBuildFailed, match="index for it holds .* documents, the database has"):
        store.build_generation()
    assert store.current_generation().name == live
    assert generations() == [live]


def test_index_state_follows_imports(seeds):
    assert store.index_state() == "missing"
    store.build_generation()
    assert store.index_state() == "current"
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    assert store.index_state() == "stale"


def test_import_rules_rebuilds_the_index_or_says_it_is_stale(seeds):
    store.build_generation()
    out = io.StringIO()
    call_command(
        "import_rules", str(SEED_IT_2023), "--game", "mtg", "--lang", "it", "--edition", "2023-06-16",
        "--no-index", stdout=out,
    )  # fmt: skip
    assert "the search index is stale: run “python manage.py build_index”" in out.getvalue()
    assert store.index_state() == "stale"
    out = io.StringIO()
    call_command(
        "import_rules", str(SEED_IT_2024), "--game", "mtg", "--lang", "it", "--edition", "2024-10-03", stdout=out
    )
    assert "search index rebuilt" in out.getvalue()
    assert store.index_state() == "current"
    assert search("costituzione edition:2024-10-03").hits


def test_searching_before_any_build_says_what_to_run(seeds, client):
    results = search("costituzione")
    assert results.error == "The search index has not been built yet: run “python manage.py build_index”."
    page = client.get("/search/", {"q": "costituzione"})
    assert page.status_code == 200
    assert "has not been built yet" in page.content.decode()
    # The web request did not build anything.
    assert not (store.index_root() / "generations").exists()


def test_build_index_command_prints_figures(seeds):
    out = io.StringIO()
    call_command("build_index", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert set(data) == {"generation", "documents", "seconds", "bytes"}
    assert data["documents"]["ja"] == Entry.objects.filter(edition__language="ja").count()


def test_build_index_command_refuses_a_second_writer(seeds):
    with store.writer_lock():
        with pytest.raises(CommandError, match="another index build is running"):
            call_command("build_index", stdout=io.StringIO())
