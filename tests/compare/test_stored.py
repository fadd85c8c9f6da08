"""The workbench's stored differences and freshness reports (``compare/stored.py``) as a reader gets
them: long lists paged and summarised with every change still reachable, and a re-import shown at once."""

import re

import pytest

from rulesref.compare import stored
from rulesref.compare.editiondiff import edition_diff
from rulesref.compare.freshness import freshness_report
from rulesref.rules.selectors.cache import clear_all
from rulesref.rules.services import edition_import
from tests.compare.conftest import edition
from tests.synthetic import small_cr

# English 2030-06-01: 100.1–100.60 reworded, 100.65 gone, 100.71 new.
NEW = [
    *((f"100.{n}", f"Rule {n} says the new thing.") for n in range(1, 61)),
    *((f"100.{n}", f"Rule {n} says the old thing.") for n in (*range(61, 65), *range(66, 71))),
    ("100.71", "A player may concede at any time."),
]
DIFF = "/compare/diff/?game=synth&from=en:2030-01-01&to=en:2030-06-01"
FRESHNESS = "/compare/freshness/?game=synth&edition=ko:2030-02-01"


def rules(numbers, says: str) -> list[tuple[str, str]]:
    return [(f"100.{n}", f"Rule {n} says {says} thing.") for n in numbers]


def put(tmp_path, name: str, date: str, content: list[tuple[str, str]], *, language="en", translates=None):
    path = tmp_path / name
    path.write_text(small_cr(date, content, language=language), encoding="utf-8")
    edition_import(
        path=path, game="synth", language=language, game_name="Synthetic", numbering="cr", translates=translates
    )


@pytest.fixture
def editions(db, tmp_path):
    """English 2030-01-01 (100.1–100.70), English 2030-06-01 (100.1–100.60 reworded, 100.65 gone,
    100.71 new) and a Korean translation of the first one that lacks 100.4–100.6."""
    put(tmp_path, "old.txt", "2030-01-01", rules(range(1, 71), "the old"))
    put(
        tmp_path,
        "new.txt",
        "2030-06-01",
        NEW,
    )
    korean = [item for item in rules(range(1, 71), "the old") if item[0] not in ("100.4", "100.5", "100.6")]
    put(tmp_path, "ko.txt", "2030-02-01", korean, language="ko", translates="en:2030-01-01")
    return tmp_path


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def without_tokens(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def anchor_of(html: str, label: str) -> str:
    found = re.search(rf'<li class="[a-z]+"><a href="[^"]*#(d-(?:new|old)-\d+)">{re.escape(label)}</a></li>', html)
    assert found, label
    return found.group(1)


def test_a_long_diff_is_paged_and_every_page_links_every_change(client, editions):
    first, second = page(client, DIFF), page(client, f"{DIFF}&page=2")
    for html in (first, second):
        assert "1 added, 1 removed, 60 changed, 0 moved or renumbered, 11 unchanged." in html
        assert len(re.findall(r'<li class="(?:added|removed|changed)"><a href=', html)) == 62
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    assert len(re.findall(r'<article class="change ', first)) == 50
    assert len(re.findall(r'<article class="change ', second)) == 12
    # 100.50 is the 50th change, on page 1; 100.51 the 51st, on page 2: each index links it there.
    on_first, on_second = anchor_of(first, "100.50"), anchor_of(first, "100.51")
    assert f'<a href="#{on_first}">100.50</a>' in first and f'id="{on_first}"' in first
    assert (
        f'<a href="?game=synth&amp;from=en%3A2030-01-01&amp;to=en%3A2030-06-01&amp;scope=&amp;page=2#{on_second}">'
        "100.51</a>" in first
    )
    assert f'<a href="#{on_second}">100.51</a>' in second and f'id="{on_second}"' in second
    assert "Rule 51 says the <del>old</del><ins>new</ins> thing." in second
    assert '<p class="text" lang="en"><del>Rule 65 says the old thing.</del></p>' in second
    assert '<p class="text" lang="en"><ins>A player may concede at any time.</ins></p>' in second
    assert (
        '<a href="?game=synth&amp;from=en%3A2030-01-01&amp;to=en%3A2030-06-01&amp;scope=&amp;page=1" rel="prev">'
        in second
    )


def test_a_diff_page_reads_the_stored_difference_also_after_a_restart(client, editions, monkeypatch):
    before = page(client, DIFF)
    assert len(list((editions / "data" / "comparisons").iterdir())) == 1

    def not_again(*args, **kwargs):
        raise AssertionError("the difference was computed again")

    monkeypatch.setattr(stored, "edition_diff", not_again)
    clear_all()  # what a server start forgets; the data dir keeps the stored difference
    assert without_tokens(page(client, DIFF)) == without_tokens(before)


def test_a_reimport_invalidates_the_stored_difference(client, editions):
    assert "Rule 2 says the <del>old</del><ins>new</ins> thing." in page(client, DIFF)
    content = list(NEW)
    content[1] = ("100.2", "Rule 2 says a third thing.")
    put(editions, "new-again.txt", "2030-06-01", content)
    html = page(client, DIFF)
    assert "Rule 2 says <del>the old</del><ins>a third</ins> thing." in html
    assert "Rule 2 says the <del>old</del><ins>new</ins> thing." not in html


def test_a_scope_reads_the_changes_of_the_stored_difference_under_it(editions):
    old, new = edition("en", "2030-01-01", "synth"), edition("en", "2030-06-01", "synth")
    for scope in ("100.6", "100.65", "100.71", "100", "1"):
        live = [(c.kind, c.number) for c in edition_diff(old, new, scope).shown]
        kept = stored.stored_diff(old, new, scope)
        assert [(c["kind"], c["new_number"] or c["old_number"]) for c in kept.changes] == live, scope
        assert kept.counts() == edition_diff(old, new, scope).counts(), scope


def test_the_freshness_page_summarises_missing_rules_as_ranges_linked_to_the_full_list(client, editions):
    html = page(client, FRESHNESS)
    assert '<dd data-count="fresh">11</dd>' in html  # "1", "100", 100.61–100.70 but 100.65 (stale: removed)
    assert '<dd data-count="stale">58</dd>' in html
    assert '<dd data-count="missing">4</dd>' in html
    query = "?game=synth&amp;edition=ko%3A2030-02-01&amp;scope=&amp;list=missing&amp;page=1"
    assert (
        f'<p class="numbers missing-runs"><a href="{query}#m-100.4">100.4–100.6</a> (3), '
        f'<a href="{query}#m-100.71">100.71</a></p>'
    ) in html
    assert (
        '<a href="?game=synth&amp;edition=ko%3A2030-02-01&amp;scope=&amp;list=missing">The full list (4 rules)</a>'
        in html
    )
    full = page(client, f"{FRESHNESS}&list=missing")
    items = re.findall(r'<li id="m-([0-9.]+)"><a href="([^"]+)">', full)
    assert items == [(n, f"/rules/synth/en/2030-06-01/{n}/") for n in ("100.4", "100.5", "100.6", "100.71")]


def test_the_freshness_page_pages_its_stale_rules(client, editions):
    first, third = page(client, FRESHNESS), page(client, f"{FRESHNESS}&page=3")
    assert re.findall(r'id="stale-([0-9.]+)"', first) == [f"100.{n}" for n in (1, 2, 3, *range(7, 29))]
    assert re.findall(r'id="stale-([0-9.]+)"', third) == [
        "100.54",
        "100.55",
        "100.56",
        "100.57",
        "100.58",
        "100.59",
        "100.60",
        "100.65",
    ]
    assert "Page 3 of 3" in third
    assert "the source rule is no longer in English · June 1, 2030." in third


@pytest.mark.parametrize(
    ("game", "language", "old", "new", "scope"),
    [
        ("mtg", "en", "2024-09-20", "2025-04-04", "702"),
        ("mtg", "en", "2023-06-16", "2024-09-20", "7"),
        ("mtg", "it", "2023-06-16", "2024-10-02", "208"),
        ("berserk", "ru", "pre-ed15", "2024-05-31", "107"),
    ],
)
def test_a_scope_of_the_real_editions_lists_what_the_live_difference_lists(store, game, language, old, new, scope):
    """Берсерк's 107 is 108 in Heroes: the scope follows its rule, as ``edition_diff`` does."""
    old, new = edition(language, old, game), edition(language, new, game)
    live = edition_diff(old, new, scope)
    kept = stored.stored_diff(old, new, scope)
    assert [(c["kind"], c["old_number"], c["new_number"]) for c in kept.changes] == [
        (c.kind, c.old.number if c.old else "", c.new.number if c.new else "") for c in live.shown
    ]
    assert kept.counts() == live.counts()


def test_import_rules_computes_the_differences_and_freshness_ahead(db, tmp_path, client, monkeypatch):
    from io import StringIO

    from django.core.management import call_command

    files = [
        ("old.txt", "2030-01-01", rules(range(1, 71), "the old"), "en", None),
        ("new.txt", "2030-06-01", NEW, "en", None),
        ("ko.txt", "2030-02-01", rules(range(1, 4), "the old"), "ko", "en:2030-01-01"),
    ]
    outputs = []
    for name, date, content, language, translates in files:
        (tmp_path / name).write_text(small_cr(date, content, language=language), encoding="utf-8")
        args = [str(tmp_path / name), "--game", "synth", "--lang", language, "--no-index"]
        args += ["--game-name", "Synthetic", "--numbering", "cr"] if name == "old.txt" else []
        args += ["--translates", translates] if translates else []
        out = StringIO()
        call_command("import_rules", *args, stdout=out)
        outputs.append(out.getvalue().splitlines()[-1])
    # The first import has nothing to compare; the second its difference with the first; the third
    # the translation's freshness, and the difference again (its key is the game's data version).
    assert outputs[0].startswith("the search index is stale")
    assert re.fullmatch(r"workbench: 1 edition differences and freshness reports computed in \d+\.\d s", outputs[1])
    assert re.fullmatch(r"workbench: 2 edition differences and freshness reports computed in \d+\.\d s", outputs[2])

    def not_again(*args, **kwargs):
        raise AssertionError("computed by the page")

    monkeypatch.setattr(stored, "edition_diff", not_again)
    monkeypatch.setattr(stored, "freshness_report", not_again)
    assert "1 added, 1 removed, 60 changed, 0 moved or renumbered, 11 unchanged." in page(client, DIFF)
    assert '<dd data-count="missing">67</dd>' in page(client, FRESHNESS)


def test_a_reimport_of_the_newest_source_invalidates_the_stored_freshness(client, editions):
    assert '<dd data-count="stale">58</dd>' in page(client, FRESHNESS)
    content = list(NEW)
    content[62] = ("100.63", "Rule 63 says a changed thing.")
    put(editions, "new-again.txt", "2030-06-01", content)
    html = page(client, FRESHNESS)
    assert '<dd data-count="stale">59</dd>' in html
    assert "Rule 63 says <del>the old</del><ins>a changed</ins> thing." in page(client, f"{FRESHNESS}&page=3")


@pytest.mark.parametrize(
    ("language", "slug", "scope"),
    [
        ("zh-hans", "2024-09-20", "7"),
        ("zh-hans", "2024-09-20", "702"),
        ("it", "2024-10-02", "208"),
        ("ja", "ja-viewer", "2"),
    ],
)
def test_a_scope_of_the_stored_freshness_lists_what_the_live_report_lists(store, language, slug, scope):
    translation = edition(language, slug)
    live = freshness_report(translation, scope)
    kept = stored.stored_freshness(translation, scope)
    assert kept.fresh == len(live.fresh)
    assert [item.number for item in kept.stale] == [item.entry.number for item in live.stale]
    assert [(item.reason, item.pieces) for item in kept.stale] == [(item.reason, item.pieces) for item in live.stale]
    assert [number for number, _url in kept.missing] == [entry.number for entry in live.missing]
