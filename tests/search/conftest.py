"""One index for the search tests of a module: the bundled seeds plus real corpora."""

import contextlib

import pytest
from django.conf import settings as django_settings

from rulesref.rules.services import edition_import, glossary_sync
from rulesref.search.store import build_generation
from rulesref.site.setup import import_bundled_sources
from tests.conftest import corpus_file, rolled_back

CORPUS_EDITIONS = [
    ("mtg_cr_en_20240917_duskmourn.txt", "mtg", "en", None),
    ("mtg_cr_zh-hans_20240917_duskmourn.txt", "mtg", "zh-hans", "en:2024-09-20"),
    ("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md", "berserk", "ru", None),
]


@contextlib.contextmanager
def bundled_and(django_db_blocker, tmp_path_factory, editions, label="search-data"):
    """The bundled site and ``editions`` of the corpora ((file, game, language, translates)), imported
    and indexed in a data dir of their own; rolled back afterwards."""
    paths = [corpus_file(name) for name, *_ in editions]
    data_dir = tmp_path_factory.mktemp(label)
    with rolled_back(django_db_blocker, data_dir):
        glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
        list(import_bundled_sources())
        for path, (_, game, language, translates) in zip(paths, editions, strict=True):
            edition_import(path=path, game=game, language=language, translates=translates)
        build_generation()
        yield data_dir


@pytest.fixture(scope="module")
def indexed(django_db_blocker, tmp_path_factory):
    """Imports seeds + corpora and builds the index once per module; rolled back afterwards."""
    with bundled_and(django_db_blocker, tmp_path_factory, CORPUS_EDITIONS) as data_dir:
        yield data_dir


@pytest.fixture
def search_index(indexed, settings, db):
    settings.DATA_DIR = indexed
    return indexed
