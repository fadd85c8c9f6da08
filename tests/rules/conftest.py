"""The bundled site (English CR 2024-09-20, Italian, Japanese and Берсерк seeds, term list),
imported once per test module and rolled back afterwards."""

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.test import override_settings

from rulesref.rules.services import glossary_sync
from rulesref.site.setup import import_bundled_sources


@pytest.fixture(scope="module")
def bundled(django_db_blocker, tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("bundled-data")
    with django_db_blocker.unblock(), override_settings(DATA_DIR=data_dir):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
            list(import_bundled_sources())
            yield data_dir
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture
def site(bundled, settings, db):
    settings.DATA_DIR = bundled
    return bundled
