"""One bundled site with its search index for every test of the API (a package fixture: importing and
indexing once keeps the whole folder within its time budget)."""

import pytest
from django.conf import settings as django_settings

from tests.conftest import rolled_back


@pytest.fixture(scope="package")
def api_data(django_db_blocker, tmp_path_factory):
    """The bundled site (English CR 2024-09-20, Italian 2023-06-16 and 2024-10-02, Japanese, Берсерк, the
    term list) and its search index, made once for the folder and rolled back afterwards."""
    from rulesref.rules.services import glossary_sync
    from rulesref.search.store import build_generation
    from rulesref.site.setup import import_bundled_sources

    data_dir = tmp_path_factory.mktemp("api-data")
    with rolled_back(django_db_blocker, data_dir):
        glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
        list(import_bundled_sources())
        build_generation()
        yield data_dir


@pytest.fixture
def api(api_data, settings, db, client):
    """A test client on that site: ``api.get(path)`` → (response, its JSON)."""
    settings.DATA_DIR = api_data

    class Client:
        raw = client

        @staticmethod
        def get(path, **headers):
            response = client.get(path, **headers)
            return response, (response.json() if response.content else None)

    return Client()
