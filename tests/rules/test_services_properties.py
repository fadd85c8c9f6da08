"""Property-based: an import through the service either imports or fails with ImportFailed, and a
failed import leaves the database exactly as it was."""

from __future__ import annotations

import os

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rulesref.rules.models import CrossReference, Edition, Entry, Example, GlossaryEntry
from rulesref.rules.services import ImportFailed, edition_import
from tests.conftest import SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db

settings.register_profile(
    "ci-db",
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "explore-db",
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PROFILE = "explore-db" if os.environ.get("HYPOTHESIS_PROFILE") == "explore" else "ci-db"

SEEDS = {
    "it-2024": (SEED_IT_2024, "it", "2024-10-02"),
    "it-2023": (SEED_IT_2023, "it", "2023-06-16"),
    "ja": (SEED_JA, "ja", "ja-viewer"),
}
INSERTS = [b"\xff", b"\xe8", b"\x00", b"\xc3", b"\r", b"\n\n", b"208.2a ", b"<b>", b"\xef\xbb\xbf", b"\xf0\x9f"]


def snapshot() -> tuple:
    return (
        sorted(Edition.objects.values_list("pk", "slug", "source_sha256", "imported_at", "translates_key", "name")),
        sorted(Entry.objects.values_list("pk", "edition_id", "number", "text", "parent_id")),
        sorted(Example.objects.values_list("pk", "entry_id", "text")),
        sorted(CrossReference.objects.values_list("pk", "entry_id", "target_number", "target_id")),
        sorted(GlossaryEntry.objects.values_list("pk", "edition_id", "term")),
    )


@st.composite
def mutated_bytes(draw, data: bytes) -> bytes:
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        at = draw(st.integers(min_value=0, max_value=len(data)))
        action = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        if action == "flip" and at < len(data):
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif action == "insert":
            data = data[:at] + draw(st.sampled_from(INSERTS)) + data[at:]
        elif action == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 200)) :]
        else:
            data = data[:at]
    return data


@pytest.fixture
def imported():
    """Every seed imported once: a failed re-import must leave all of it as it was."""
    for path, language, edition in SEEDS.values():
        edition_import(path=path, game="mtg", language=language, edition=edition)


@settings(settings.get_profile(PROFILE))
@given(data=st.data())
def test_a_mutated_file_imports_or_fails_and_a_failure_changes_nothing(imported, tmp_path_factory, data):
    key = data.draw(st.sampled_from(sorted(SEEDS)))
    path, language, edition = SEEDS[key]
    mutant = tmp_path_factory.mktemp("mutants") / path.name
    mutant.write_bytes(data.draw(mutated_bytes(path.read_bytes())))
    format = data.draw(st.sampled_from([None, "it-wiki-runon", "it-wiki-bullets", "ja-viewer", "cr-text"]))
    before = snapshot()
    # Each example runs in a savepoint that is rolled back, so examples do not see each other's imports.
    sid = transaction.savepoint()
    try:
        try:
            report = edition_import(path=mutant, game="mtg", language=language, edition=edition, format=format)
        except ImportFailed as error:
            event("refused")
            message = str(error)
            assert "\n" not in message
            assert message.startswith(str(mutant)) or message.startswith("edition ") or "format" in message
            assert snapshot() == before
        else:
            event("imported")
            assert report.edition == edition
            assert Edition.objects.get(game__slug="mtg", language=language, slug=edition).source_sha256
    finally:
        transaction.savepoint_rollback(sid)
