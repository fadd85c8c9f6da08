"""A rule's trace through every edition of its language (``compare/trace.py``), as the history page,
the release pages and ``rule_history`` show it: move-aware, newest first, unchanged runs collapsed."""

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command

from rulesref.compare.trace import rule_trace
from rulesref.rules.models import Entry, EntryLink
from rulesref.rules.selectors.cache import clear_all
from rulesref.rules.services import edition_import
from tests.conftest import rolled_back
from tests.synthetic import small_cr

LOSES = "A player with no cards <left> & no hand loses the game."
LOSES_NEW = "A player with no cards <left> in their library loses the game."
ONE = "Rule one applies to every game of this kind and to every player in it."
MULLIGAN = "Each player may take a mulligan before the first turn begins."
# Seven English editions of a game "synth": the traced rule (LOSES) is added as 100.3 in 2030-02-01,
# unchanged in 03-01 and 04-01, reworded in 05-01, renumbered 100.3 → 100.4 in 06-01 (a new 100.3
# before it), removed in 07-01. Beside it, 100.2 is split into 100.2 and 100.2a in 03-01, and 100.1a
# merged into 100.1 in 05-01.
EDITIONS = [
    ("2030-01-01", [("100.1", ONE), ("100.1a", "It has no exceptions."),
                    ("100.2", "Each player needs a deck. Each deck has sixty cards or more in it.")]),
    ("2030-02-01", [("100.1", ONE), ("100.1a", "It has no exceptions."),
                    ("100.2", "Each player needs a deck. Each deck has sixty cards or more in it."),
                    ("100.3", LOSES)]),
    ("2030-03-01", [("100.1", ONE), ("100.1a", "It has no exceptions."),
                    ("100.2", "Each player needs a deck."), ("100.2a", "Each deck has sixty cards or more in it."),
                    ("100.3", LOSES)]),
    ("2030-04-01", [("100.1", ONE), ("100.1a", "It has no exceptions."),
                    ("100.2", "Each player needs a deck."), ("100.2a", "Each deck has sixty cards or more in it."),
                    ("100.3", LOSES)]),
    ("2030-05-01", [("100.1", f"{ONE} It has no exceptions."),
                    ("100.2", "Each player needs a deck."), ("100.2a", "Each deck has sixty cards or more in it."),
                    ("100.3", LOSES_NEW)]),
    ("2030-06-01", [("100.1", f"{ONE} It has no exceptions."),
                    ("100.2", "Each player needs a deck."), ("100.2a", "Each deck has sixty cards or more in it."),
                    ("100.3", MULLIGAN), ("100.4", LOSES_NEW)]),
    ("2030-07-01", [("100.1", f"{ONE} It has no exceptions."),
                    ("100.2", "Each player needs a deck."), ("100.2a", "Each deck has sixty cards or more in it."),
                    ("100.3", MULLIGAN)]),
]  # fmt: skip
KOREAN = [("100.1", "규칙 1."), ("100.2", "덱."), ("100.2a", "육십 장."), ("100.3", "카드가 없는 플레이어는 패배한다.")]


@pytest.fixture(scope="module")
def synthetic(django_db_blocker, tmp_path_factory):
    folder = tmp_path_factory.mktemp("trace")
    with rolled_back(django_db_blocker, folder / "data"):
        for date, rules in EDITIONS:
            (folder / f"{date}.txt").write_text(small_cr(date, rules), encoding="utf-8")
            edition_import(path=folder / f"{date}.txt", game="synth", language="en", game_name="Synthetic",
                           numbering="cr")  # fmt: skip
        (folder / "ko.txt").write_text(small_cr("2030-05-02", KOREAN, language="ko"), encoding="utf-8")
        edition_import(path=folder / "ko.txt", game="synth", language="ko", translates="en:2030-05-01")
        # Another game whose second edition adds 60 rules: a release of more than one page.
        for date, count in (("2031-01-01", 2), ("2031-06-01", 62)):
            # Two short rules, then rules too long to read as parts of them (nothing split, all added).
            rules = [("100.1", "A first rule."), ("100.2", "A second rule.")]
            rules += [(f"100.{n}", " ".join(f"w{n}x{k}" for k in range(6)) + ".") for n in range(3, count + 1)]
            (folder / f"long-{date}.txt").write_text(small_cr(date, rules), encoding="utf-8")
            edition_import(path=folder / f"long-{date}.txt", game="synth2", language="en", game_name="Long",
                           numbering="cr")  # fmt: skip
        # A third game whose second edition prints its quotes typographically, nothing else, and whose
        # third lost two of them to U+FFFD (as the archive's 2005-10-01 did); its fourth changes a word.
        for date, text in (
            ("2032-01-01", "It's the owner's card -- \"in play\"."),
            ("2032-02-01", "It’s the owner’s card — “in play”."),
            ("2032-03-01", "It\ufffds the owner\ufffds card — “in play”."),
            ("2032-04-01", "It\ufffds the owner\ufffds card — “on the battlefield”."),
        ):
            (folder / f"quotes-{date}.txt").write_text(small_cr(date, [("100.1", text)]), encoding="utf-8")
            edition_import(path=folder / f"quotes-{date}.txt", game="synth3", language="en", game_name="Quotes",
                           numbering="cr")  # fmt: skip
        yield folder / "data"


@pytest.fixture
def traced(synthetic, settings, db):
    settings.DATA_DIR = synthetic
    clear_all()


def rule(slug: str, number: str, language: str = "en") -> Entry:
    return Entry.objects.select_related("edition__game").get(
        edition__game__slug="synth", edition__language=language, edition__slug=slug, number=number
    )


def history(*args) -> str:
    out = StringIO()
    call_command("rule_history", "--game", "synth", "--lang", "en", *args, stdout=out)
    return out.getvalue()


def page(client, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, response.content[:300]
    return response.content.decode()


def text_of(html: str) -> list[str]:
    """The page's lines between its heading and its end, tags removed, blank lines dropped."""
    body = html[html.index("<h1>") : html.index("</main>")]
    lines = (re.sub(r"<[^>]+>", "", line).strip() for line in body.splitlines())
    return [line for line in lines if line]


def test_rule_history_prints_every_change_newest_first_with_unchanged_runs_collapsed(traced):
    assert history("--edition", "2030-06-01", "100.4").splitlines() == [
        "History of 100.4 (en:2030-06-01): in 5 of 7 editions",
        "First appeared in 2030-02-01 as 100.3",
        "Removed in 2030-07-01",
        "2030-07-01  —  removed (was 100.4)",
        "2030-06-01  100.4  renumbered 100.3 → 100.4",
        "2030-05-01  100.3  reworded",
        "    A player with no cards <left> [-& no hand-]{+in their library+} loses the game.",
        "100.3  unchanged from 2030-03-01 to 2030-04-01, 2 editions",
        "2030-02-01  100.3  added",
        "ko: 100.3 in 2030-05-02 (1 edition)",
    ]


def test_rule_history_json_is_the_same_trace(traced):
    data = json.loads(history("--edition", "2030-04-01", "100.3", "--json"))
    blank = {"diff": [], "split_from": "", "split_into": [], "merged_into": "", "merged_from": []}
    blank["cited"] = {"lost": [], "gained": []}
    run = ["2030-04-01", "2030-03-01"]
    diff = [["equal", "A player with no cards <left> "], ["delete", "& no hand"], ["insert", "in their library"]]
    assert data == {
        "rule": {"game": "synth", "language": "en", "edition": "2030-04-01", "number": "100.3"},
        "first_appeared": "2030-02-01",
        "in_oldest_edition": False,
        "removed_in": "2030-07-01",
        "editions": 5,
        "history": [
            {**blank, "edition": "2030-07-01", "number": "", "changes": ["removed"], "previous_number": "100.4"},
            {
                **blank,
                "edition": "2030-06-01",
                "number": "100.4",
                "changes": ["renumbered"],
                "previous_number": "100.3",
            },
            {
                **blank,
                "edition": "2030-05-01",
                "number": "100.3",
                "changes": ["reworded"],
                "previous_number": "100.3",
                "diff": [*diff, ["equal", " loses the game."]],
            },
            {"unchanged": {"from": "2030-03-01", "to": "2030-04-01", "editions": 2, "number": "100.3", "each": run}},
            {**blank, "edition": "2030-02-01", "number": "100.3", "changes": ["added"], "previous_number": ""},
        ],
        "translations": [{"language": "ko", "edition": "2030-05-02", "number": "100.3", "editions": 1}],
    }


def test_splits_and_merges_are_read_from_the_alignment_on_both_sides(traced):
    assert history("--edition", "2030-07-01", "100.2").splitlines()[3:5] == [
        "2030-03-01  100.2  reworded; split: 100.2a split from it",
        "    Each player needs a deck.[- Each deck has sixty cards or more in it.-]",
    ]
    assert history("--edition", "2030-03-01", "100.2a").splitlines()[1:4] == [
        "First appeared in 2030-03-01 as 100.2a",
        "100.2a  unchanged from 2030-04-01 to 2030-07-01, 4 editions",
        "2030-03-01  100.2a  split from 100.2",
    ]
    assert history("--edition", "2030-01-01", "100.1a").splitlines() == [
        "History of 100.1a (en:2030-01-01): in 4 of 7 editions",
        "First appeared in 2030-01-01 as 100.1a (the oldest edition here)",
        "Removed in 2030-05-01: merged into 100.1",
        "2030-05-01  —  merged into 100.1",
        "100.1a  unchanged from 2030-02-01 to 2030-04-01, 3 editions",
        "2030-01-01  100.1a  in the oldest edition here",
    ]
    assert "2030-05-01  100.1  reworded; merged: 100.1a merged into it" in history("--edition", "2030-07-01", "100.1")


def test_the_trace_follows_the_alignment_not_the_number(traced):
    """The 2030-07-01 100.3 is another rule than the 2030-05-01 100.3 (which became 100.4): its history
    starts in 2030-06-01, and the stored link says so."""
    assert EntryLink.objects.filter(
        source=rule("2030-05-01", "100.3"), target=rule("2030-06-01", "100.4"), relation="moved"
    ).exists()
    assert history("--edition", "2030-07-01", "100.3").splitlines()[:4] == [
        "History of 100.3 (en:2030-07-01): in 2 of 7 editions",
        "First appeared in 2030-06-01 as 100.3",
        "100.3  unchanged in 2030-07-01, 1 edition",
        "2030-06-01  100.3  added",
    ]


def test_rule_history_names_the_nearest_numbers_of_an_unknown_one(traced):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match=r"^NUMBER '100\.9': no such rule in en:2030-06-01; the nearest are 100\.4$"):
        history("--edition", "2030-06-01", "100.9")
    with pytest.raises(CommandError, match=r"^--edition: en:2031-01-01: no such edition of Synthetic"):
        history("--edition", "2031-01-01", "100.4")


def test_the_history_page_shows_the_trace_escaped(client, traced):
    html = page(client, "/compare/history/synth/en/2030-06-01/100.4/")
    assert text_of(html) == [
        "History of rule 100.4 (English)",
        "First appeared in English · February 1, 2030 as 100.3.",
        "Removed in English · July 1, 2030.",
        "In 5 of 7 editions of this language.",
        "In other languages:",
        "Korean · 100.3 (1 edition)",
        "English · July 1, 2030",
        "Removed (it was 100.4).",
        "English · June 1, 2030 · 100.4",
        "Renumbered: 100.3 → 100.4",
        "A player with no cards &lt;left&gt; in their library loses the game.",
        "English · May 1, 2030 · 100.3",
        "Reworded.",
        "A player with no cards &lt;left&gt; &amp; no handin their library loses the game.",
        "100.3 unchanged from March 1, 2030 to April 1, 2030, 2 editions",
        "English · April 1, 2030English · March 1, 2030",
        "English · February 1, 2030 · 100.3",
        "Added in this edition.",
        "A player with no cards &lt;left&gt; &amp; no hand loses the game.",
        "Every release in English",
    ]
    assert "&lt;left&gt; <del>&amp; no hand</del><ins>in their library</ins> loses" in html
    # Each run of unchanged editions opens without JavaScript (a <details>) onto each edition's rule.
    assert '<li><a href="/rules/synth/en/2030-03-01/100.3/">English · March 1, 2030</a></li>' in html
    assert '<a href="/compare/history/synth/ko/2030-05-02/100.3/">Korean · 100.3</a>' in html
    assert '<a href="/compare/releases/synth/en/2030-05-01/">English · May 1, 2030</a>' in html


def test_a_second_trace_is_read_from_the_cache(traced, django_assert_num_queries):
    entry = rule("2030-06-01", "100.4")
    first = rule_trace(entry)
    with django_assert_num_queries(1):  # the content version only
        assert rule_trace(entry) is first


def test_a_trace_takes_the_same_queries_for_any_number_of_editions(traced, django_assert_num_queries):
    """Seven: the content version (the editions' snapshot's and the trace's), the editions, the rule's
    entries, their examples and citations, the split and merge links; for 5 editions as for 2."""
    for slug, number in (("2030-06-01", "100.4"), ("2030-07-01", "100.3")):
        entry = rule(slug, number)
        clear_all()
        with django_assert_num_queries(7):
            rule_trace(entry)


@pytest.mark.parametrize(
    ("url", "heading", "link"),
    [
        ("/compare/history/synth/en/2030-06-01/100.9/", "No rule “100.9” in English · June 1, 2030",
         '<a href="/compare/history/synth/en/2030-06-01/100.4/">100.4</a>'),
        ("/compare/history/synth/en/2030-06-01/%3Cb%3E/", "No rule “&lt;b&gt;” in English · June 1, 2030",
         '<a href="/rules/synth/en/2030-06-01/">Contents of this edition</a>'),
        ("/compare/history/synth/en/2031-01-01/100.4/", "Synthetic has no edition “2031-01-01” in English",
         '<a href="/compare/history/synth/en/2030-06-01/100.4/">English · June 1, 2030 · 100.4</a>'),
        ("/compare/history/synth/xx/2030-06-01/100.4/", "Synthetic has no rules in “xx”",
         '<a href="/compare/releases/synth/ko/">Korean</a>'),
        ("/compare/history/nogame/en/2030-06-01/100.4/", "There is no game “nogame”",
         '<a href="/rules/synth/">Synthetic</a>'),
        ("/compare/releases/synth/en/2031-01-01/", "Synthetic has no edition “2031-01-01” in English",
         '<a href="/compare/releases/synth/en/2030-07-01/">English · July 1, 2030</a>'),
        ("/compare/releases/synth/xx/", "Synthetic has no rules in “xx”",
         '<a href="/compare/releases/synth/en/">English</a>'),
    ],
)  # fmt: skip
def test_an_unknown_number_edition_language_or_game_is_a_404_naming_the_nearest(client, traced, url, heading, link):
    html = page(client, url, 404)
    assert f"<h1>{heading}</h1>" in html
    assert link in html


def test_the_release_page_counts_and_links_every_change(client, traced):
    html = page(client, "/compare/releases/synth/en/2030-03-01/")
    assert (
        "0 added, 0 removed, 1 reworded, 0 renumbered, 1 split from another rule, 0 merged into another. "
        "5 rules unchanged."
    ) in html
    assert '<dt data-kind="split">Split from another rule (1)</dt>' in html
    assert re.search(r'<li><a href="#(d-new-\d+)">100\.2a</a></li>', html)
    assert "<small>split from 100.2</small>" in html
    assert '<a href="/rules/synth/en/2030-03-01/100.2a/">Rule 100.2a</a>' in html
    assert '<a href="/compare/history/synth/en/2030-03-01/100.2a/">Its history</a>' in html
    # A removed rule links to itself in the edition before.
    removed = page(client, "/compare/releases/synth/en/2030-07-01/")
    assert "0 added, 1 removed, 0 reworded, 0 renumbered, 0 split from another rule, 0 merged into another." in removed
    assert '<a href="/rules/synth/en/2030-06-01/100.4/">Rule 100.4</a>' in removed
    oldest = page(client, "/compare/releases/synth/en/2030-01-01/")
    assert "This is the oldest edition of its language here: there is nothing to compare it with." in oldest


def test_the_releases_list_counts_each_edition_as_its_page_does(client, traced):
    html = page(client, "/compare/releases/synth/en/")
    rows = re.findall(r'<tr data-edition="([\d-]+)">.*?</tr>', html)
    assert rows == ["2030-07-01", "2030-06-01", "2030-05-01", "2030-04-01", "2030-03-01", "2030-02-01", "2030-01-01"]
    cells = dict(re.findall(r'<tr data-edition="([\d-]+)"><th scope="row">.*?</th>(.*?)</tr>', html))
    assert cells["2030-06-01"] == "<td>1</td><td>0</td><td>1</td><td>0</td><td>0</td>"
    assert cells["2030-05-01"] == "<td>0</td><td>0</td><td>0</td><td>0</td><td>1</td>"
    assert cells["2030-01-01"] == '<td colspan="5">the oldest edition here</td>'
    release = page(client, "/compare/releases/synth/en/2030-06-01/")
    assert "1 added, 0 removed, 0 reworded, 1 renumbered, 0 split from another rule, 0 merged into another." in release


def test_the_contents_page_links_its_release(client, traced):
    html = page(client, "/rules/synth/en/2030-06-01/")
    assert '<a href="/compare/releases/synth/en/2030-06-01/">What changed in this edition</a>' in html


def test_a_long_release_is_paged_and_its_index_links_every_change_on_its_page(client, traced):
    first = page(client, "/compare/releases/synth2/en/2031-06-01/")
    second = page(client, "/compare/releases/synth2/en/2031-06-01/?page=2")
    for html in (first, second):
        assert "60 added, 0 removed, 0 reworded, 0 renumbered" in html
        assert '<dt data-kind="added">Added (60)</dt>' in html
    assert len(re.findall(r'<article class="change ', first)) == 50
    assert len(re.findall(r'<article class="change ', second)) == 10
    assert "Page 1 of 2" in first and '<a href="?&amp;page=2" rel="next">Next</a>' in first
    # 100.52 is the 50th change: an anchor on page 1; 100.53 the 51st, on page 2 (and an anchor there).
    assert re.search(r'<li><a href="#d-new-\d+">100\.52</a></li>', first)
    assert re.search(r'<li><a href="\?page=2#d-new-\d+">100\.53</a></li>', first)
    assert re.search(r'<li><a href="#d-new-\d+">100\.53</a></li>', second)


@pytest.mark.parametrize(
    ("ui", "first", "run"),
    [
        ("de", "Erstmals erschienen in Englisch · 1. Februar 2030 als 100.3.",
         "100.3 unverändert von 1. März 2030 bis 1. April 2030, 2 Ausgaben"),
        ("ru", "Впервые появилось: Английский · 1 февраля 2030\u202fг., под номером 100.3.",
         "100.3 без изменений с 1 марта 2030\u202fг. по 1 апреля 2030\u202fг., 2 редакции"),
    ],
)  # fmt: skip
def test_the_history_page_speaks_the_interface_language(client, traced, ui, first, run):
    client.cookies["django_language"] = ui
    lines = text_of(page(client, "/compare/history/synth/en/2030-06-01/100.4/"))
    assert first in lines and run in lines


def test_quotes_and_dashes_printed_otherwise_are_typography_not_a_rewording(traced):
    entry = Entry.objects.select_related("edition__game").get(
        edition__game__slug="synth3", edition__slug="2032-04-01", number="100.1"
    )
    out = StringIO()
    call_command("rule_history", "--game", "synth3", "--lang", "en", "100.1", stdout=out)
    lines = [line for line in out.getvalue().splitlines() if not line.startswith("    ")]
    assert lines[2:] == [
        "2032-04-01  100.1  reworded",
        "2032-03-01  100.1  typography only (quotes, apostrophes, dashes)",
        "2032-02-01  100.1  typography only (quotes, apostrophes, dashes)",
        "2032-01-01  100.1  in the oldest edition here",
    ]
    assert [step.changes for step in rule_trace(entry).steps] == [["reworded"], ["typography"], ["typography"], []]
