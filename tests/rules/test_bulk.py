"""Bulk writes and what PostgreSQL's planner knows about them afterwards."""

import pytest
from django.db import connection

from rulesref.rules.models import CrossReference, Entry
from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2024

pytestmark = pytest.mark.django_db


def estimated_rows(table: str) -> float:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = %s", [table])
        return cursor.fetchone()[0]


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's planner statistics (CI runs the suite on it too)"
)
def test_an_import_leaves_postgresql_planning_with_the_rows_it_wrote_counted():
    # Without ANALYZE the estimate is -1 (never analysed, as a new table is until autovacuum passes)
    # or whatever an earlier test left: thousands of rows since rolled back.
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02")
    assert estimated_rows("rules_entry") == Entry.objects.count() == 16
    assert estimated_rows("rules_crossreference") == CrossReference.objects.count() == 5
