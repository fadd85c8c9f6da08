"""The Atom feeds as a feed reader gets them: new editions, the changes to one rule with their word
differences, a translation's stale rules; linked from the pages they follow; every text escaped."""

import xml.etree.ElementTree as ET

import pytest

from rulesref.rules.services import edition_import
from tests.conftest import rolled_back
from tests.synthetic import small_cr

ATOM = "{http://www.w3.org/2005/Atom}"
NAME = "Tests <&> Rules"

OLD = [
    ("100.1", "Rule 1 says the old thing."),
    ("100.2", "Rule 2 says A < B & C."),
    ("100.3", "Rule 3 stays."),
]
NEW = [
    ("100.1", "Rule 1 says the new thing."),
    ("100.2", "Rule 2 says A < B & D."),
    ("100.3", "Rule 3 stays."),
    ("100.4", "Rule 4 is new."),
]
KOREAN = [("100.1", "규칙 1 <옛> & 것."), ("100.2", "규칙 2."), ("100.3", "규칙 3.")]


@pytest.fixture(scope="module")
def synthetic(django_db_blocker, tmp_path_factory):
    """English 2030-01-01 and 2030-06-01 of a game "Synthetic <&>", and a Korean translation of the first."""
    folder = tmp_path_factory.mktemp("feeds")
    files = [
        ("old.txt", "2030-01-01", OLD, "en", None, NAME),
        ("new.txt", "2030-06-01", NEW, "en", None, ""),
        ("ko.txt", "2030-02-01", KOREAN, "ko", "en:2030-01-01", ""),
    ]
    with rolled_back(django_db_blocker, folder / "data"):
        for name, date, rules, language, translates, edition_name in files:
            (folder / name).write_text(small_cr(date, rules, language=language), encoding="utf-8")
            edition_import(
                path=folder / name,
                game="synth",
                language=language,
                game_name="Synthetic <&>",
                numbering="cr",
                translates=translates,
                edition_name=edition_name or None,
            )
        yield folder / "data"


@pytest.fixture
def feeds(synthetic, settings, db):
    settings.DATA_DIR = synthetic


def feed(client, url: str) -> tuple[str, ET.Element]:
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/atom+xml; charset=utf-8"
    text = response.content.decode()
    return text, ET.fromstring(text)


def entries(root: ET.Element) -> list[tuple[str, str, str]]:
    """(title, link, summary as HTML) of each entry."""
    return [
        (e.findtext(f"{ATOM}title"), e.find(f"{ATOM}link").get("href"), e.findtext(f"{ATOM}summary").strip())
        for e in root.iter(f"{ATOM}entry")
    ]


def test_the_editions_feed_lists_a_language_s_editions_newest_first(client, feeds):
    raw, root = feed(client, "/feeds/synth/en/editions.atom")
    # The game's name is escaped as XML in the title; the edition's name as HTML, then XML, in the summary.
    assert "<title>Synthetic &lt;&amp;&gt;, English: new editions</title>" in raw
    assert root.findtext(f"{ATOM}title") == "Synthetic <&>, English: new editions"
    assert entries(root) == [
        ("English · June 1, 2030", "http://testserver/rules/synth/en/2030-06-01/", "<p>4 rules</p>"),
        (
            "English · January 1, 2030",
            "http://testserver/rules/synth/en/2030-01-01/",
            '<p lang="en">Tests &lt;&amp;&gt; Rules</p>\n<p>3 rules</p>',
        ),
    ]
    korean = entries(feed(client, "/feeds/synth/ko/editions.atom")[1])
    assert korean == [
        (
            "Korean · February 1, 2030",
            "http://testserver/rules/synth/ko/2030-02-01/",
            "<p>3 rules · Translation of English · January 1, 2030</p>",
        )
    ]


def test_a_rule_s_feed_has_each_edition_where_it_or_a_rule_under_it_changed(client, feeds):
    _raw, root = feed(client, "/feeds/synth/en/2030-01-01/100/changes.atom")
    assert root.findtext(f"{ATOM}title") == "Changes to rule 100 (English)"
    ((title, link, summary),) = entries(root)
    assert title == "100 in English · June 1, 2030: 2 changed, 1 added, 0 removed"
    assert link == "http://testserver/rules/synth/en/2030-06-01/100/"
    # The rule text is escaped once as HTML (and once more as XML, undone by the parser).
    assert '<p class="text diff" lang="en">Rule 2 says A &lt; B &amp; <del>C</del><ins>D</ins>.</p>' in summary
    assert '<p class="text diff" lang="en">Rule 1 says the <del>old</del><ins>new</ins> thing.</p>' in summary
    assert '<p class="text" lang="en"><ins>Rule 4 is new.</ins></p>' in summary
    assert "Rule 3" not in summary
    assert [title for title, *_ in entries(feed(client, "/feeds/synth/en/2030-06-01/100.4/changes.atom")[1])] == [
        "100.4 first appears in English · June 1, 2030"
    ]
    assert entries(feed(client, "/feeds/synth/en/2030-06-01/100.3/changes.atom")[1]) == []


def test_a_translation_s_stale_feed_lists_the_rules_whose_source_changed(client, feeds):
    _raw, root = feed(client, "/feeds/synth/ko/2030-02-01/stale.atom")
    assert root.findtext(f"{ATOM}title") == "Stale translations: Korean · February 1, 2030"
    found = entries(root)
    assert [(title, link) for title, link, _ in found] == [
        ("100.1 is stale", "http://testserver/rules/synth/ko/2030-02-01/100.1/"),
        ("100.2 is stale", "http://testserver/rules/synth/ko/2030-02-01/100.2/"),
    ]
    assert found[0][2].startswith('<p lang="ko">규칙 1 &lt;옛&gt; &amp; 것.</p>')
    assert (
        "the source rule changed between English · January 1, 2030 (translated) and English · June 1, 2030."
        in (found[0][2])
    )
    assert "Rule 2 says A &lt; B &amp; <del>C</del><ins>D</ins>." in found[1][2]
    ids = [e.findtext(f"{ATOM}id") for e in root.iter(f"{ATOM}entry")]
    assert ids[0] == "http://testserver/rules/synth/ko/2030-02-01/100.1/#stale-en-2030-06-01"


def test_pages_link_the_feeds_that_follow_them(client, feeds):
    def links(url):
        html = client.get(url).content.decode()
        head = html.split("</head>")[0]
        return [part.split('"')[0] for part in head.split('type="application/atom+xml" href="')[1:]]

    assert links("/rules/synth/") == ["/feeds/synth/en/editions.atom", "/feeds/synth/ko/editions.atom"]
    assert links("/rules/synth/en/2030-06-01/") == ["/feeds/synth/en/editions.atom"]
    assert links("/rules/synth/ko/2030-02-01/100.2/") == [
        "/feeds/synth/ko/editions.atom",
        "/feeds/synth/ko/2030-02-01/stale.atom",
        "/feeds/synth/ko/2030-02-01/100.2/changes.atom",
    ]
    assert links("/compare/freshness/?game=synth&edition=ko:2030-02-01") == ["/feeds/synth/ko/2030-02-01/stale.atom"]


def test_a_feed_reader_polling_an_unchanged_feed_gets_a_304(client, feeds):
    url = "/feeds/synth/en/2030-01-01/100/changes.atom"
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    # In another interface language the titles differ: another ETag, the whole feed.
    french = client.get(url, headers={"if-none-match": etag, "accept-language": "fr"})
    assert french.status_code == 200 and french["ETag"] != etag
    assert "<title>Modifications de la règle 100 (Anglais)</title>" in french.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/feeds/synth/xx/editions.atom",
        "/feeds/chess/en/editions.atom",
        "/feeds/synth/en/2030-06-01/stale.atom",  # not a translation
        "/feeds/synth/en/1999-01-01/stale.atom",
        "/feeds/synth/en/2030-06-01/999/changes.atom",
    ],
)
def test_a_feed_of_nothing_is_a_404_page(client, feeds, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
