"""Fetching editions: every way lives on ``Edition.objects`` (the bundled site: English 2024-09-20,
Italian 2024-10-02 and 2023-06-16, the Japanese viewer page, the Берсерк fragment)."""

import pytest

from rulesref.rules.models import Edition

pytestmark = pytest.mark.usefixtures("site")


def test_an_edition_named_by_game_language_and_slug_comes_with_its_game_and_source(django_assert_num_queries):
    with django_assert_num_queries(1):
        italian = Edition.objects.named("mtg", "it", "2024-10-02")
        assert (italian.game.slug, italian.translates.language, italian.translates.slug) == ("mtg", "en", "2024-09-20")
    assert Edition.objects.named("mtg", "it", "2099-01-01") is None
    assert Edition.objects.named("berserk", "it", "2024-10-02") is None


def test_the_newest_edition_of_a_language_and_editions_newest_first():
    assert Edition.objects.newest("mtg", "it").slug == "2024-10-02"
    assert Edition.objects.newest("mtg", "zh-hans") is None
    # An edition without a date (the Japanese viewer page) sorts last.
    assert [e.slug for e in Edition.objects.for_game("mtg").newest_first()] == [
        "2024-10-02",
        "2024-09-20",
        "2023-06-16",
        "ja-viewer",
    ]


def test_listings_go_per_game_and_language_and_pages_hold_editions_without_their_report(django_assert_num_queries):
    listed = [(e.game.slug, e.language, e.slug) for e in Edition.objects.with_source().by_game_and_language()]
    assert listed == [
        ("berserk", "ru", "pre-ed15"),
        ("mtg", "en", "2024-09-20"),
        ("mtg", "it", "2024-10-02"),
        ("mtg", "it", "2023-06-16"),
        ("mtg", "ja", "ja-viewer"),
    ]
    with django_assert_num_queries(1):
        held = list(Edition.objects.for_game("mtg").for_pages())
        assert {e.translates.slug for e in held if e.translates_id} == {"2024-09-20"}
    assert all("report" in e.get_deferred_fields() for e in held)


def test_the_languages_a_games_editions_are_in():
    assert Edition.objects.for_game("mtg").languages() == {"en", "it", "ja"}
    assert Edition.objects.for_game("mtg").exclude(language="en").languages() == {"it", "ja"}
