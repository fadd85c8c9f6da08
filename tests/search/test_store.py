"""Index generations: built aside, verified, swapped in; one writer; readers never disturbed."""

import io
import json
import os
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from whoosh import index as whoosh_index

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Entry, GlossaryEntry
from rulesref.rules.services import edition_import
from rulesref.search import analysis, documents, search, store
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA
from tests.synthetic import KOREAN_CR

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
    wrong = {**real_counts, "it": real_counts["it"] + 1}
    monkeypatch.setattr(documents, "expected_counts", lambda editions=None: wrong)
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
    assert set(data) == {"generation", "documents", "seconds", "bytes", "removed"}
    assert data["removed"] == []
    assert data["documents"]["ja"] == Entry.objects.filter(edition__language="ja").count()


def test_build_index_command_refuses_a_second_writer(seeds):
    with store.writer_lock():
        with pytest.raises(CommandError, match="another index build is running"):
            call_command("build_index", stdout=io.StringIO())


def test_a_korean_edition_imports_and_is_searchable(tmp_path):
    """Korean, registered as one entry, gets its own index and is found by a Korean word."""
    source = tmp_path / "MagicCompRules_ko_20240920.txt"
    source.write_text(KOREAN_CR, encoding="utf-8")
    report = edition_import(path=source, game="mtg", language="ko")
    assert (report.edition, report.unplaced) == ("2024-09-20", [])
    assert {key: report.counts[key] for key in ("chapters", "sections", "rules", "subrules", "glossary")} == {
        "chapters": 2,
        "sections": 3,
        "rules": 4,
        "subrules": 2,
        "glossary": 2,
    }
    built = store.build_generation()
    assert built.documents["ko"] == Entry.objects.filter(edition__language="ko").count() + 2 == 15
    results = search("플레이어", languages=["ko"])
    # Every rule whose text or example has the word, and nothing else.
    assert sorted(hit.number for hit in results.hits) == ["100.1", "100.1a", "100.1b", "100.2", "101.1"]
    assert all("<mark>플레이어</mark>" in hit.texts["ko"].snippet for hit in results.hits)
    assert search("덱이", languages=["ko"]).hits[0].number == "100.2"
    # The Korean citation word reads as a rule number: the rule itself, first.
    assert search("규칙 100.2", languages=["ko"]).hits[0].number == "100.2"


def test_a_build_that_sees_the_database_change_under_it_builds_again(seeds, monkeypatch):
    """An import that commits while the index is being built is indexed by the same build_generation call."""
    store.build_generation()
    real = documents.documents_for_language
    imported = []

    def import_midway(language, *args):
        if language == "ru" and not imported:
            imported.append(edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16"))
        yield from real(language, *args)

    monkeypatch.setattr(documents, "documents_for_language", import_midway)
    report = store.build_generation()
    assert imported[0].changed
    assert store.index_state() == "current"
    assert store.rebuild_requested() is None
    assert report.documents["it"] == Entry.objects.filter(edition__language="it").count()
    hits = search("costituzione edition:2023-06-16", languages=["it"]).hits
    assert hits and {hit.texts["it"].edition for hit in hits} == {"2023-06-16"}


def test_an_import_that_finds_a_build_running_queues_a_rebuild_that_the_next_writer_runs(seeds):
    store.build_generation()
    out = io.StringIO()
    with store.writer_lock():  # a build in another process holds the lock
        call_command(
            "import_rules", str(SEED_IT_2023), "--game", "mtg", "--lang", "it", "--edition", "2023-06-16", stdout=out
        )
    assert "another index build is running: a rebuild is queued and runs as soon as it finishes" in out.getvalue()
    assert store.rebuild_requested() is not None
    assert store.index_state() == "stale"
    # The next build (or the running one, once it releases the lock) runs the queued rebuild.
    store.build_generation()
    assert store.rebuild_requested() is None
    assert store.index_state() == "current"


def test_a_build_runs_a_rebuild_requested_while_it_was_building(seeds, monkeypatch):
    """What the build holding the lock does when an import queued a rebuild meanwhile."""
    real = documents.documents_for_language
    rounds = []

    def import_and_request_midway(language, *args):
        if language == "ru":
            rounds.append(language)
            if len(rounds) == 1:
                edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
                store.request_rebuild()
        yield from real(language, *args)

    monkeypatch.setattr(documents, "documents_for_language", import_and_request_midway)
    store.build_generation()
    assert len(rounds) == 2
    assert store.rebuild_requested() is None
    assert store.index_state() == "current"


def test_build_or_queue_queues_when_the_lock_stays_taken(seeds):
    with store.writer_lock():
        assert store.build_or_queue() is None
    assert store.rebuild_requested() is not None
    assert store.build_or_queue().documents["it"] == Entry.objects.filter(edition__language="it").count()
    assert store.rebuild_requested() is None


def check_output(*args):
    out = io.StringIO()
    try:
        call_command("build_index", "--check", *args, stdout=out)
    except CommandError as error:
        return out.getvalue(), str(error)
    return out.getvalue(), None


def test_build_index_check_says_the_index_matches(seeds):
    report = store.build_generation()
    out, error = check_output()
    assert error is None
    it, ja = report.documents["it"], report.documents["ja"]
    assert out.splitlines() == [
        f"live generation: {report.generation}",
        "  en: 0 documents in the index, 0 in the database",
        f"  it: {it} documents in the index, {it} in the database",
        f"  ja: {ja} documents in the index, {ja} in the database",
        f"  ru: {report.documents['ru']} documents in the index, {report.documents['ru']} in the database",
        "  zh-hans: 0 documents in the index, 0 in the database",
        "  de: 0 documents in the index, 0 in the database",
        "  fr: 0 documents in the index, 0 in the database",
        "  ko: 0 documents in the index, 0 in the database",
        "the search index matches the database",
    ]


def test_build_index_check_names_what_is_off_and_fails(seeds):
    store.build_generation()
    it = documents.expected_counts()["it"]
    Entry.objects.filter(edition__language="it", number="208.5").delete()
    out, error = check_output()
    assert error == "the search index does not match the database (1 problems)"
    assert f"  it: {it} documents in the index, {it - 1} in the database" in out
    assert f"  off: it: the index holds {it} documents, the database has {it - 1}" in out
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    out, error = check_output("--json")
    data = json.loads(out)
    assert data["ok"] is False
    assert data["fingerprint"]["database"] == documents.database_fingerprint() != data["fingerprint"]["index"]
    assert data["problems"][-1].startswith("the database changed since this generation was built (fingerprint ")
    assert error == "the search index does not match the database (2 problems)"


def test_an_index_built_by_other_analyzers_is_stale_and_if_stale_rebuilds_it(seeds, monkeypatch):
    """Analyzers that index differently (Han folding was version 2, every defined name 3, "The term X
    means" 4, "называется" 5, German, French and Japanese definitions 6, English by Porter2 7, dash labels 8)
    make every older generation stale."""
    first = store.build_generation().generation
    built_by = analysis.ANALYSIS_VERSION
    assert json.loads((store.current_generation() / store.MANIFEST).read_text())["analysis"] == built_by
    monkeypatch.setattr(analysis, "ANALYSIS_VERSION", built_by + 1)
    assert store.index_state() == "stale"
    out, error = check_output()
    assert (
        f"  off: the search analyzers changed since this generation was built (version {built_by}, now "
        f"{built_by + 1}): run “python manage.py build_index”"
    ) in out
    assert error == "the search index does not match the database (1 problems)"
    call_command("build_index", "--if-stale", stdout=io.StringIO())
    assert store.index_state() == "current"
    assert store.current_generation().name != first


def test_build_index_check_without_an_index(seeds):
    out, error = check_output()
    assert "  off: no index has been built: run “python manage.py build_index”" in out
    assert error == "the search index does not match the database (1 problems)"


def test_build_index_if_stale_builds_only_when_needed(seeds):
    out = io.StringIO()
    call_command("build_index", "--if-stale", stdout=out)
    assert out.getvalue().startswith("index generation ")
    out = io.StringIO()
    call_command("build_index", "--if-stale", stdout=out)
    assert out.getvalue() == "the search index is current; nothing to build\n"
    assert len(generations()) == 1


def copy_current_as_a_directory():
    """What ``cp -r`` (and many backup tools) make of the link: a directory holding the generation."""
    link = store.index_root() / "current"
    target = os.path.realpath(link)
    link.unlink()
    shutil.copytree(target, link)


def test_a_data_directory_restored_by_copying_still_serves_and_the_next_build_relinks(seeds):
    first = store.build_generation().generation
    copy_current_as_a_directory()
    assert store.current_generation() == store.index_root() / "current"
    assert search("costituzione", languages=["it"]).hits
    out, error = check_output()
    assert (
        "  off: index/current is a directory, not a link (a copied data directory?): the next build relinks it" in out
    )
    second = store.build_generation().generation
    assert os.readlink(store.index_root() / "current") == os.path.join("generations", second)
    assert generations() == sorted([first, second])
    assert [hit.number for hit in search("costituzione", languages=["it"]).hits][:1] == ["208.1"]
    assert check_output() == (check_output()[0], None)


def test_a_copied_current_without_its_generations_folder_is_kept_as_a_generation(seeds):
    first = store.build_generation().generation
    copy_current_as_a_directory()
    shutil.rmtree(store.index_root() / "generations")
    second = store.build_generation().generation
    assert generations() == sorted([first, second])  # the copy became generations/<first>
    assert store.current_generation().name == second


def test_ensure_index_builds_only_when_needed_and_queues_behind_a_running_build(seeds):
    """The one "rebuild unless current" of every writer: built, then nothing to do, then queued."""
    first = store.ensure_index()
    assert first.state == "built"
    assert first.report.documents["it"] == Entry.objects.filter(edition__language="it").count()
    assert store.ensure_index() == store.Refresh("current")
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    with store.writer_lock():  # another process is building
        assert store.ensure_index() == store.Refresh("queued")
    assert store.rebuild_requested() is not None
    assert store.ensure_index().state == "built"
    assert store.index_state() == "current"


# A German rulebook in the Comprehensive Rules layout, written for this test: German headings and date
# statement (rulesref.core.langdata), compounds whose parts are words of the text.
GERMAN_CR = """Umfassendes Regelwerk

Gültig ab 30. April 2026

Einleitung

Dieses Dokument erklärt die Regeln.

Inhalt

1. Konzepte
100. Allgemeines
101. Karten
Glossar
Mitwirkende

1. Konzepte

100. Allgemeines

100.1. Jede Karte hat einen Typ. Der Kartentyp steht unter dem Namen.

100.2. Eine Herausforderung fügt Schaden zu (siehe Abschnitt 101).
Beispiel: Der Herausforderungsschaden wird gleichzeitig zugefügt.

101. Karten

101.1. Lege eine Karte in deinen Tintenvorrat, um Tinte zu erhalten.

101.2. Eine Charakterkarte ist eine Karte mit einem Charakter.

Glossar

Tinte
Was Karten kosten. Siehe 101.1.

Mitwirkende

Ein Team.
"""


def test_a_german_edition_is_found_by_the_parts_of_its_compounds(tmp_path):
    """German through the real index: "Karte" finds "Kartentyp" and "Charakterkarte", and the snippet marks
    the part ("<mark>Karten</mark>typ"); the query "Kartentyp" finds the compound only."""
    source = tmp_path / "regelwerk_de_20260430.txt"
    source.write_text(GERMAN_CR, encoding="utf-8")
    report = edition_import(path=source, game="mtg", language="de")
    assert (report.edition, report.unplaced) == ("2026-04-30", [])
    built = store.build_generation()
    assert built.documents["de"] == Entry.objects.filter(edition__language="de").count() + 1
    results = search("Karte", languages=["de"])
    assert sorted(hit.number for hit in results.hits) == ["100.1", "101", "101.1", "101.2", "Tinte"]
    snippets = {hit.number: hit.texts["de"].snippet for hit in results.hits}
    assert "Der <mark>Karten</mark>typ steht" in snippets["100.1"]
    assert "Eine Charakter<mark>karte</mark> ist eine <mark>Karte</mark> mit" in snippets["101.2"]
    assert [hit.number for hit in search("Kartentyp", languages=["de"]).hits] == ["100.1"]
    assert [hit.number for hit in search("Herausforderung", languages=["de"]).hits] == ["100.2"]
    assert (
        "Der <mark>Herausforderungs</mark>schaden"
        in search("Herausforderung", languages=["de"]).hits[0].texts["de"].snippet
    )


FRENCH_CR = """Règles complètes

Date de mise à jour : 30 avril 2026

Introduction

Ce document explique les règles.

Sommaire

1. Principes
100. Généralités
Glossaire
Crédits

1. Principes

100. Généralités

100.1. Chaque joueur place une carte dans l’encrier (voir la section 100).
Exemple : Le joueur place sa carte face cachée dans l'encrier.

100.2. Un défi oppose deux personnages.

Glossaire

Encrier
La zone des cartes d’encre. Voir 100.1.

Crédits

Une équipe.
"""


def test_a_french_edition_is_found_through_elisions_and_plurals(tmp_path):
    source = tmp_path / "regles_fr_20260430.txt"
    source.write_text(FRENCH_CR, encoding="utf-8")
    report = edition_import(path=source, game="mtg", language="fr")
    assert (report.edition, report.unplaced) == ("2026-04-30", [])
    store.build_generation()
    results = search("encriers", languages=["fr"])
    assert sorted(hit.number for hit in results.hits) == ["100.1", "Encrier"]
    snippet = next(hit for hit in results.hits if hit.number == "100.1").texts["fr"].snippet
    assert "une carte dans l’<mark>encrier</mark> (voir" in snippet
    assert [hit.number for hit in search("défier", languages=["fr"]).hits] == ["100.2"]
