"""The rule pages show a Run link under every example a scenario runs, in every language and edition."""

import re

import pytest

from rulesref.rules.services import edition_import
from tests.conftest import SEED_BERSERK, SEED_IT_2024, SEED_JA, SOURCES

pytestmark = pytest.mark.django_db


@pytest.fixture
def editions(corpus):
    edition_import(path=SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz", game="mtg", language="en")
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")
    edition_import(path=corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"), game="berserk", language="ru")


def runs(html: str) -> list[str]:
    return re.findall(r'<a class="example-run" href="/examples/([^/]+)/\?lang=[a-z-]+">', html)


@pytest.mark.parametrize(
    "url, link",
    [
        ("/rules/mtg/en/2024-09-20/208.3a/", "/examples/veteran-motorist/?lang=en"),
        ("/rules/mtg/it/2024-10-02/208.3a/", "/examples/veteran-motorist/?lang=it"),
        ("/rules/mtg/ja/ja-viewer/208.3a/", "/examples/veteran-motorist/?lang=ja"),
        ("/rules/mtg/it/2024-10-02/208.2a/", "/examples/lost-order-of-jarkeld/?lang=it"),
    ],
)
def test_the_same_example_runs_the_same_scenario_in_every_language(client, editions, url, link):
    """The link names the rule's language: the example page follows it."""
    html = client.get(url).content.decode()
    assert re.findall(r'<a class="example-run" href="([^"]+)">', html) == [link]


def test_a_renumbered_rule_keeps_its_run_links(client, editions):
    """The fragment's 107.5 is Heroes 108.5: both examples run the Elf Rider scenario in both editions."""
    fragment = client.get("/rules/berserk/ru/pre-ed15/107.5/").content.decode()
    heroes = client.get("/rules/berserk/ru/2024-05-31/108.5/").content.decode()
    assert runs(fragment) == runs(heroes) == ["berserk-elf-rider-first-turn", "berserk-elf-rider-first-turn"]


def test_an_example_without_a_scenario_says_what_the_engine_would_need(client, editions):
    html = client.get("/rules/mtg/en/2024-09-20/608.2f/").content.decode()
    reasons = re.findall(r'<span class="example-not-run">([^<]+)</span>', html)
    assert runs(html) == []
    assert reasons == [
        "not executable yet: needs a target for each opponent, and one action taken for several targets one at "
        "a time (608.2f)",
        "not executable yet: needs a target for each opponent, and one action taken for several targets one at "
        "a time (608.2f); searching, revealing and shuffling libraries",
    ]
