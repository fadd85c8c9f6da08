"""One database for the workbench tests: the bundled sources and the real corpora.

Imported once for the whole package (English 2023-06-16, 2024-09-20, 2025-04-04,
Chinese 2024-09-20, Italian 2023-06-16 and 2024-10-02, the Japanese viewer page,
the Берсерк fragment and Heroes ed. 15), rolled back at the end.
"""

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache

from rulesref.rules.models import Edition, Entry
from rulesref.rules.services import edition_import, glossary_sync
from rulesref.site.setup import import_bundled_sources
from tests.conftest import corpus_file, rolled_back

CORPORA = [
    ("mtg_cr_en_20230616_lotr.txt", "mtg", "en"),
    ("mtg_cr_en_20250404_cr-line-endings.txt", "mtg", "en"),
    ("mtg_cr_zh-hans_20240917_duskmourn.txt", "mtg", "zh-hans"),
    ("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md", "berserk", "ru"),
]


@pytest.fixture(scope="package")
def workbench_store(django_db_blocker):
    paths = [corpus_file(name) for name, *_ in CORPORA]
    with rolled_back(django_db_blocker):
        glossary_sync(directory=django_settings.RULES_DATA_DIR / "glossary")
        list(import_bundled_sources())
        for path, (_name, game, language) in zip(paths, CORPORA, strict=True):
            edition_import(path=path, game=game, language=language)
        yield


@pytest.fixture
def store(workbench_store, db):
    """The package's database, inside this test's own transaction (and no cached stale rules of another)."""
    cache.clear()


def edition(language: str, slug: str, game: str = "mtg") -> Edition:
    return Edition.objects.select_related("game", "translates").get(game__slug=game, language=language, slug=slug)


def entry(language: str, slug: str, number: str, game: str = "mtg") -> Entry:
    return Entry.objects.select_related("edition__game").get(
        edition__game__slug=game, edition__language=language, edition__slug=slug, number=number, duplicate_of=None
    )
