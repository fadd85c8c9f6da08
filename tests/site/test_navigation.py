"""Finding one's way: the header links every part of the site and marks the current one;
the home page says what this is and which edition is current; a favicon."""

import re

import pytest
from django.utils import translation

from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db

HEADER_LINKS = [
    ("/", "Rules"),
    ("/search/", "Search"),
    ("/examples/", "Executable examples"),
    ("/compare/", "Translator workbench"),
]


@pytest.fixture
def seeds():
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")


def header_links(html):
    """(href, text, aria-current) of each link of the header's navigation."""
    nav = re.search(r'<nav class="site-nav" aria-label="Main">(.*?)</nav>', html, re.S)[1]
    return [
        (href, text, current or None)
        for href, current, text in re.findall(r'<a href="([^"]+)"(?: aria-current="([^"]+)")?>([^<]+)</a>', nav)
    ]


@pytest.mark.parametrize(
    "url, current",
    [
        ("/", {"Rules": "page"}),
        ("/rules/mtg/", {"Rules": "true"}),
        ("/rules/mtg/it/2024-10-02/", {"Rules": "true"}),
        ("/rules/mtg/it/2024-10-02/208.2a/", {"Rules": "true"}),
        ("/search/", {"Search": "page"}),
        ("/search/?q=forza", {"Search": "true"}),
        ("/examples/", {"Executable examples": "page"}),
        ("/examples/coverage/", {"Executable examples": "true"}),
        ("/compare/", {"Translator workbench": "page"}),
        ("/compare/freshness/", {"Translator workbench": "true"}),
    ],
)
def test_the_header_links_every_part_and_marks_the_current_one(client, seeds, url, current):
    response = client.get(url)
    assert response.status_code == 200
    links = header_links(response.content.decode())
    assert links == [(href, text, current.get(text)) for href, text in HEADER_LINKS]


def test_every_page_links_the_favicon_and_favicon_ico_leads_to_it(client, seeds):
    html = client.get("/rules/mtg/it/2024-10-02/208.2a/").content.decode()
    assert '<link rel="icon" href="/static/rulesref/favicon.svg" type="image/svg+xml">' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/rulesref/favicon.svg"


def test_the_home_page_says_what_this_is_and_leads_to_the_tools(client, seeds):
    html = client.get("/").content.decode()
    intro = re.search(r'<p class="intro">(.*?)</p>', html, re.S)[1]
    assert intro == (
        "rulesref is a searchable reference of the official rules of card games, every edition in every "
        "language it was published in, each rule beside its translations. Read the rules, search them in any "
        "language, run their examples, or compare editions and languages as a translator."
    )
    tools = re.search(r'<ul class="tools">(.*?)</ul>', html, re.S)[1]
    assert re.findall(r'<a href="([^"]+)">([^<]+)</a>', tools) == HEADER_LINKS[1:]


def test_the_home_page_marks_the_current_edition_of_each_language(client, seeds):
    html = client.get("/").content.decode()
    marked = re.findall(
        r'<li class="current"><a href="([^"]+)">[^<]+</a> <strong class="current-mark">current edition</strong>', html
    )
    assert marked == ["/rules/mtg/it/2024-10-02/", "/rules/mtg/ja/ja-viewer/"]
    assert html.count('class="current-mark"') == 2
    assert '<li><a href="/rules/mtg/it/2023-06-16/">Italian · June 16, 2023</a>' in html


def test_the_current_mark_is_in_the_interface_language(client, seeds):
    client.cookies["django_language"] = "it"
    with translation.override("en"):  # the request activates Italian in this thread: do not leak it
        html = client.get("/").content.decode()
    assert html.count('<strong class="current-mark">edizione in vigore</strong>') == 2
