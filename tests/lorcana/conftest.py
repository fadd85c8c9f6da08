"""One Lorcana site for the tests of this package: English 2.1.0 and 2.2.0, German and French 2.1.0
(translating English 2.1.0) and Japanese 2.2.0 (translating English 2.2.0, renumbered), imported
and indexed once for the package (as ``tests/search`` and ``tests/compare`` do), rolled back at the end.
"""

import pytest
from django.core.cache import cache

from rulesref.rules.services import edition_import
from rulesref.search.store import build_generation
from tests.conftest import corpus_file, rolled_back

EN_210 = "lorcana_cr_en_20260430_v2.1.0.txt"
DE_210 = "lorcana_cr_de_20260430_v2.1.0.txt"
FR_210 = "lorcana_cr_fr_20260430_v2.1.0.txt"
EN_220 = "lorcana_cr_en_20260709_v2.2.0.txt"
JA_220 = "lorcana_cr_ja_20260710_v2.2.0.txt"

# (file, language, the edition it translates), in the order a user imports them.
EDITIONS = [
    (EN_210, "en", None),
    (DE_210, "de", "en:2026-04-30"),
    (FR_210, "fr", "en:2026-04-30"),
    (EN_220, "en", None),
    (JA_220, "ja", "en:2026-07-09"),
]


@pytest.fixture(scope="package")
def lorcana_store(django_db_blocker, tmp_path_factory):
    paths = [corpus_file(name) for name, *_ in EDITIONS]
    data_dir = tmp_path_factory.mktemp("lorcana-data")
    with rolled_back(django_db_blocker, data_dir):
        for path, (_name, language, translates) in zip(paths, EDITIONS, strict=True):
            edition_import(path=path, game="lorcana", language=language, translates=translates)
        build_generation()
        yield data_dir


@pytest.fixture
def lorcana(lorcana_store, settings, db):
    """The package's site, inside this test's own transaction, with its index."""
    settings.DATA_DIR = lorcana_store
    cache.clear()
    return lorcana_store
