"""Every page can say when the search index is behind the database."""

import pytest
from django.template.loader import render_to_string

from rulesref.rules.services import edition_import
from rulesref.search import store
from tests.conftest import SEED_IT_2023, SEED_IT_2024

pytestmark = pytest.mark.django_db


def banner(rf) -> str:
    """The index-state partial rendered for a request, with the project's context processors."""
    return render_to_string("site/_index_state.html", request=rf.get("/")).strip()


def test_nothing_is_said_before_anything_is_imported(rf):
    assert banner(rf) == ""


def test_an_index_never_built_is_announced(rf):
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    assert banner(rf) == (
        '<p class="index-state" role="status">'
        "The search index has not been built yet: searches find nothing until it is.</p>"
    )


def test_a_current_index_says_nothing_and_a_stale_one_says_it_is_behind(rf):
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    store.build_generation()
    assert banner(rf) == ""
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    assert banner(rf) == (
        '<p class="index-state" role="status">The search index is behind the rules: searches may miss the latest '
        "import until it has been rebuilt.</p>"
    )
    store.request_rebuild()
    assert banner(rf).endswith("until it has been rebuilt. A rebuild is queued.</p>")
    store.build_generation()
    assert banner(rf) == ""


def test_every_page_carries_the_banner_when_the_index_is_behind(client):
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    store.build_generation()
    assert 'class="index-state"' not in client.get("/").content.decode()
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    for url in ("/", "/search/?q=forza", "/rules/mtg/it/2024-10-02/208.2a/"):
        page = client.get(url).content.decode()
        assert '<p class="index-state" role="status">The search index is behind the rules' in page, url
