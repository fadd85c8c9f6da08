"""Reading a selection: columns, editions, scope, with a one-line reason for every refusal."""

import pytest

from rulesref.compare.selection import (
    ColumnRequest,
    SelectionError,
    read_columns,
    read_game,
    read_scope,
    resolve_columns,
)
from rulesref.rules.selectors import number_under


def test_columns_are_a_language_and_an_optional_edition():
    assert read_columns(["en:2024-09-20", "IT", "zh", "ja:ja-viewer"]) == [
        ColumnRequest("en", "2024-09-20"),
        ColumnRequest("it", None),
        ColumnRequest("zh-hans", None),
        ColumnRequest("ja", "ja-viewer"),
    ]
    # --editions: LANG:EDITION items, or one per bare language in order.
    assert read_columns(["en", "it"], ["it:2023-06-16"]) == [
        ColumnRequest("en", None),
        ColumnRequest("it", "2023-06-16"),
    ]
    assert read_columns(["en", "it"], ["2024-09-20", "2024-10-02"]) == [
        ColumnRequest("en", "2024-09-20"),
        ColumnRequest("it", "2024-10-02"),
    ]


@pytest.mark.django_db  # the known games include those imports registered, read from the database
def test_bad_selections_say_what_is_wrong():
    with pytest.raises(SelectionError, match="^Column 'xx:2024': unknown language 'xx'$"):
        read_columns(["xx:2024"])
    known = "Magic: The Gathering, Berserk, Disney Lorcana"
    with pytest.raises(SelectionError, match=f"^Unknown game 'chess'; known games: {known}$"):
        read_game("chess")
    with pytest.raises(SelectionError, match="is not a rule, section or chapter number"):
        read_scope("<script>")
    with pytest.raises(SelectionError, match="At most 8 columns"):
        read_columns([f"en:{n}" for n in range(9)])


def test_a_scope_is_read_as_printed():
    assert [read_scope(v) for v in ("208.", " 208.3a ", "CR 702.175", "r2", "", "104.3.1")] == [
        "208",
        "208.3a",
        "702.175",
        "2",
        "",
        "104.3.1",
    ]


def test_numbers_under_a_scope_follow_the_numbering_of_one_edition():
    assert [n for n in ("2", "207", "208", "208.2", "208.2a", "208.20", "209.1", "300") if number_under(n, "2")] == [
        "2",
        "207",
        "208",
        "208.2",
        "208.2a",
        "208.20",
        "209.1",
    ]
    assert [n for n in ("208.2", "208.2a", "208.2b", "208.20", "208.3") if number_under(n, "208.2")] == [
        "208.2",
        "208.2a",
        "208.2b",
    ]
    assert [n for n in ("104.3", "104.3.1", "104.30") if number_under(n, "104.3")] == ["104.3", "104.3.1"]
    assert not number_under("702.175", "702.17")


def test_a_bare_language_shows_the_edition_aligned_with_the_translation(store):
    editions = resolve_columns("mtg", read_columns(["en", "it", "ja"]))
    assert [(e.language, e.slug) for e in editions] == [
        ("en", "2024-09-20"),  # what the Italian 2024-10-02 translates, not the newest 2025-04-04
        ("it", "2024-10-02"),
        ("ja", "ja-viewer"),
    ]
    editions = resolve_columns("mtg", read_columns(["it:2023-06-16", "en"]))
    assert [(e.language, e.slug) for e in editions] == [("it", "2023-06-16"), ("en", "2023-06-16")]


def test_an_edition_that_is_not_imported_is_named_with_those_that_are(store):
    with pytest.raises(SelectionError) as error:
        resolve_columns("berserk", read_columns(["ru:2019-01-01"]))
    # The value is echoed as typed; what exists is named by language and date, never by slug.
    assert str(error.value) == (
        "ru:2019-01-01: no such edition of Berserk; imported: Russian · May 31, 2024, "
        "Russian · Фрагмент правил (ранее 15-й базовой редакции) (undated)"
    )
