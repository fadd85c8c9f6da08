"""The plain pages: home lists what was imported; an edition page lists its rules."""

import pytest

from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeds():
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")


def test_home_lists_every_edition_with_counts(client, seeds):
    page = client.get("/").content.decode()
    assert '<meta charset="utf-8">' in page
    assert "Magic: The Gathering" in page
    assert 'href="/rules/mtg/it/2024-10-02/"' in page
    assert 'href="/rules/mtg/ja/ja-viewer/"' in page
    assert "en:2024-09-20 (not imported)" in page


def test_home_without_data_says_how_to_import(client):
    page = client.get("/").content.decode()
    assert "No rules have been imported yet" in page


def test_edition_page_lists_rules_with_language_and_escaped_text(client, seeds):
    response = client.get("/rules/mtg/ja/ja-viewer/")
    page = response.content.decode()
    assert response.status_code == 200
    assert '<div class="entry subrule" id="r208.2a" lang="ja">' in page
    assert "クリーチャー・カードの右下には" in page
    # Rule text with brackets and quotes is escaped, not interpreted.
    assert "[This creature&#x27;s]" in page


def test_older_edition_says_a_newer_one_exists(client, seeds):
    page = client.get("/rules/mtg/it/2023-06-16/").content.decode()
    assert 'A newer edition exists: <a href="/rules/mtg/it/2024-10-02/">2024-10-02</a>' in page


def test_latest_alias_redirects_to_the_newest_edition(client, seeds):
    response = client.get("/rules/mtg/it/latest/")
    assert response.status_code == 302
    assert response["Location"] == "/rules/mtg/it/2024-10-02/"


def test_unresolved_reference_is_marked_until_an_edition_has_it(client, seeds):
    page = client.get("/rules/mtg/it/2024-10-02/").content.decode()
    assert 'title="Rule 604.3 is not in any imported edition">604.3</span>' in page


def test_reference_links_to_the_source_edition_once_imported(client, seeds, corpus):
    edition_import(path=corpus("mtg_cr_en_20240917_duskmourn.txt"), game="mtg", language="en")
    page = client.get("/rules/mtg/it/2024-10-02/").content.decode()
    assert '<a href="/rules/mtg/en/2024-09-20/#r604.3" class="xref">604.3</a>' in page


def test_unknown_edition_is_a_404(client, seeds):
    assert client.get("/rules/mtg/it/1999-01-01/").status_code == 404
    assert client.get("/rules/mtg/xx/latest/").status_code == 404
