import pytest

from rulesref.rules.services import edition_import
from tests.conftest import SEED_BERSERK, SEED_IT_2024, SEED_JA, SOURCES

ENGLISH_CR = SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz"


@pytest.fixture
def english_edition(db):
    """The bundled English CR 2024-09-20 (279 examples), imported."""
    edition_import(path=ENGLISH_CR, game="mtg", language="en")


@pytest.fixture
def seed_editions(db):
    """The small bundled editions: Italian and Japanese 208, the Берсерк fragment."""
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")
