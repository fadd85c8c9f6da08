"""Searching older editions: the current index holds the newest edition only, the archive index every
edition once per distinct text; ``edition:`` and "search the archive" read it."""

import io

import pytest
from django.core.management import call_command
from whoosh import index as whoosh_index

from rulesref.rules.services import edition_import
from rulesref.search import search, store
from tests.conftest import rolled_back


def synthetic_cr(date: str, rules: list[str]) -> str:
    """A short English Comprehensive Rules file in today's layout (nothing copied from a published one)."""
    body = "\n\n".join(rules)
    return (
        "Magic: The Gathering Comprehensive Rules\n\n"
        f"These rules are effective as of {date}.\n\n"
        "Introduction\n\nThis document is the ultimate authority.\n\n"
        "Contents\n\n1. Game Concepts\n100. General\n\nGlossary\n\nCredits\n\n"
        "1. Game Concepts\n\n100. General\n\n"
        f"{body}\n\n"
        "Glossary\n\nLife Total\nThe amount of life a player has. See rule 100.4.\n\n"
        "Credits\n\nThanks.\n"
    )


GOLDEN = "100.1. These Magic rules apply to any Magic game."
LIFE = "100.4. Each player begins the game with twenty life."
OLD_TOUGHNESS = "100.2. A creature with toughness 0 or less is placed in its owner's graveyard."
NEW_TOUGHNESS = "100.2. If a creature has toughness 0 or less, it's put into its owner's graveyard."
MANA_BURN = "100.3. Mana burn: when a phase ends, each player loses 1 life for each unused mana in their pool."
EDITIONS = [
    ("2004-06-01", "June 1, 2004", [GOLDEN, OLD_TOUGHNESS, MANA_BURN, LIFE]),
    ("2010-07-16", "July 16, 2010", [GOLDEN, NEW_TOUGHNESS, LIFE]),
    ("2025-11-14", "November 14, 2025", [GOLDEN, NEW_TOUGHNESS, LIFE]),
]


@pytest.fixture(scope="module")
def archived(django_db_blocker, tmp_path_factory):
    """Three English editions, imported oldest first; one index build."""
    data_dir = tmp_path_factory.mktemp("archive-data")
    with rolled_back(django_db_blocker, data_dir):
        for slug, date, rules in EDITIONS:
            path = data_dir / f"cr-{slug}.txt"
            path.write_text(synthetic_cr(date, rules), encoding="utf-8")
            edition_import(path=path, game="mtg", language="en")
        report = store.build_generation()
        yield data_dir, report


@pytest.fixture
def archive_index(archived, settings, db):
    settings.DATA_DIR = archived[0]
    return archived


def numbers(results):
    return [hit.number for hit in results.hits]


def test_the_current_index_holds_the_newest_edition_and_the_archive_each_text_once(archive_index):
    _, report = archive_index
    generation = store.current_generation()
    with whoosh_index.open_dir(str(generation / "en")).searcher() as searcher:
        current = sorted(fields["edition"] for fields in searcher.all_stored_fields())
    with whoosh_index.open_dir(str(generation / "archive" / "en")).searcher() as searcher:
        archive = sorted((f["number"], f["edition"]) for f in searcher.all_stored_fields())
    # The introduction, chapter, section, 100.1, 100.2, 100.4 and the glossary entry of 2025-11-14 only.
    assert current == ["2025-11-14"] * 7
    # The 2010 and 2025 texts are one document each (named by the newest); 2004's old 100.2 and 100.3 apart.
    assert archive == [
        ("", "2025-11-14"),
        ("1", "2025-11-14"),
        ("100", "2025-11-14"),
        ("100.1", "2025-11-14"),
        ("100.2", "2004-06-01"),
        ("100.2", "2025-11-14"),
        ("100.3", "2004-06-01"),
        ("100.4", "2025-11-14"),
        ("Life Total", "2025-11-14"),
    ]
    # Every row of the three editions: 8 + 7 + 7.
    assert report.documents["en"] == 22
    assert store.represented(generation, "en") == (7, 22)
    assert store.check_index().problems == []


def test_a_default_search_reads_the_newest_edition_only(archive_index):
    assert numbers(search("mana burn", languages=["en"])) == []
    # "placed" is the 2004 wording's only: the best-match fallback shows today's 100.2 for "toughness".
    shown = [(hit.number, hit.texts["en"].edition) for hit in search("placed toughness", languages=["en"]).hits]
    assert shown == [("100.2", "2025-11-14")]
    found = search("toughness", languages=["en"])
    assert numbers(found) == ["100.2"]
    text = found.hits[0].texts["en"]
    assert (text.edition, text.matched) == ("2025-11-14", ())
    assert text.url == "/rules/mtg/en/2025-11-14/100.2/"


def test_edition_finds_the_wording_printed_then(archive_index):
    found = search("mana burn edition:2004-06-01", languages=["en"])
    assert numbers(found) == ["100.3"]
    text = found.hits[0].texts["en"]
    assert text.edition == "2004-06-01"
    assert text.url == "/rules/mtg/en/2004-06-01/100.3/"
    assert str(text.snippet).startswith("<mark>Mana</mark> <mark>burn</mark>: when a phase ends")
    old = search("toughness edition:2004-06-01", languages=["en"]).hits[0].texts["en"]
    assert (old.number, old.edition) == ("100.2", "2004-06-01")
    assert (
        str(old.snippet) == "A creature with <mark>toughness</mark> 0 or less is placed in its owner&#x27;s graveyard."
    )
    # 2010 prints today's wording: the document the two editions share, shown as the 2010 one.
    between = search("toughness edition:2010-07-16", languages=["en"]).hits[0].texts["en"]
    assert (between.edition, between.url) == ("2010-07-16", "/rules/mtg/en/2010-07-16/100.2/")
    assert str(between.snippet).startswith("If a creature has <mark>toughness</mark> 0 or less")
    assert numbers(search("mana burn edition:2010-07-16", languages=["en"])) == []


def test_an_archive_search_gives_one_hit_per_rule_naming_the_editions_it_matched_in(archive_index):
    found = search("toughness", languages=["en"], archive=True)
    # Two wordings of 100.2 matched: one hit, in every edition printing either.
    assert numbers(found) == ["100.2"]
    assert found.hits[0].texts["en"].matched == ("2025-11-14", "2010-07-16", "2004-06-01")
    old = search("placed toughness", languages=["en"], archive=True).hits[0].texts["en"]
    assert (old.edition, old.matched, old.url) == ("2004-06-01", ("2004-06-01",), "/rules/mtg/en/2004-06-01/100.2/")
    new = search("put toughness", languages=["en"], archive=True).hits[0].texts["en"]
    assert (new.edition, new.matched) == ("2025-11-14", ("2025-11-14", "2010-07-16"))
    assert new.as_json()["matched_editions"] == ["2025-11-14", "2010-07-16"]
    assert numbers(search("mana burn", languages=["en"], archive=True)) == ["100.3"]
    # A rule number: the rule, then the documents citing it (the glossary entry, once for three editions).
    assert numbers(search("100.4", archive=True)) == ["100.4", "Life Total"]


def test_the_search_page_has_an_archive_box_and_says_where_a_text_matched(archive_index, client):
    page = client.get("/search/", {"q": "toughness"}).content.decode()
    assert '<input type="checkbox" name="archive" value="1"> Search the archive' in page
    assert "matched-editions" not in page
    page = client.get("/search/", {"q": "toughness", "archive": "1"}).content.decode()
    assert '<input type="checkbox" name="archive" value="1" checked>' in page
    # The best-matching wording (2004's, the shorter) is shown, in the newest edition printing it.
    assert '<a href="/rules/mtg/en/2004-06-01/100.2/">100.2</a>' in page
    assert "matched in 3 editions, newest November 14, 2025, oldest June 1, 2004" in page
    page = client.get("/search/", {"q": "placed toughness", "archive": "1"}).content.decode()
    assert "matched in one edition: June 1, 2004" in page
    page = client.get("/search/", {"q": "toughness", "archive": "1"}, headers={"accept-language": "de"})
    assert "in 3 Ausgaben gefunden, neueste 14. November 2025, älteste 1. Juni 2004" in page.content.decode()


def test_an_edition_no_one_imported_gets_a_message_not_an_error(archive_index, client):
    response = client.get("/search/", {"q": "mana burn edition:2004-06-02"})
    assert response.status_code == 200
    assert (
        "Unknown edition “2004-06-02”; imported editions: November 14, 2025 (edition:2025-11-14), "
        "July 16, 2010 (edition:2010-07-16), June 1, 2004 (edition:2004-06-01)."
    ) in response.content.decode()
    assert search("mana burn edition:2004-06-02").hits == ()


def test_the_api_searches_the_archive_on_request(archive_index, client):
    data = client.get("/api/v1/search", {"q": "toughness", "archive": "true"}).json()
    texts = data["hits"][0]["texts"]
    assert [(t["language"], t["edition"], t["matched_editions"]) for t in texts] == [
        ("en", "mtg:en:2004-06-01", ["2025-11-14", "2010-07-16", "2004-06-01"])
    ]
    data = client.get("/api/v1/search", {"q": "toughness"}).json()
    assert [(t["edition"], t["matched_editions"]) for t in data["hits"][0]["texts"]] == [("mtg:en:2025-11-14", [])]


def test_an_edition_that_cannot_be_one_gets_the_query_message(archive_index, client):
    response = client.get("/search/", {"q": "mana burn edition:2004!", "archive": "1"})
    assert response.status_code == 200
    assert "“edition:2004!” is not an edition: use a date like edition:2023-06-16." in response.content.decode()
    response = client.get("/api/v1/search", {"q": "mana burn edition:2004-06-02", "archive": "true"})
    assert response.status_code == 400
    assert "Unknown edition “2004-06-02”" in response.content.decode()


def test_the_search_command_searches_the_archive(archive_index):
    out = io.StringIO()
    call_command("search", "toughness", "--archive", stdout=out)
    assert out.getvalue().splitlines()[1:] == [
        "  en 2004-06-01: A creature with [toughness] 0 or less is placed in its owner's graveyard.",
        "    matched in 3: 2025-11-14, 2010-07-16, 2004-06-01",
    ]


def test_a_search_of_one_older_edition_says_nothing_about_other_editions(archive_index, client):
    page = client.get("/search/", {"q": "mana burn edition:2004-06-01"}).content.decode()
    assert '<a href="/rules/mtg/en/2004-06-01/100.3/">100.3</a>' in page
    assert "matched-editions" not in page
    assert search("mana burn edition:2004-06-01").hits[0].texts["en"].matched == ()
