"""Rows of the side-by-side view are concepts: the same rule in every column, whatever its number."""

from rulesref.compare.sidebyside import side_by_side
from tests.compare.conftest import edition


def test_section_208_in_four_editions_lines_up_rules_and_examples(store):
    columns = [
        edition("en", "2024-09-20"),
        edition("it", "2024-10-02"),
        edition("it", "2023-06-16"),
        edition("ja", "ja-viewer"),
    ]
    table = side_by_side(columns, "208")
    assert [row.numbers for row in table.rows] == [
        ["208", "208", "", "208"],  # the 2023 wiki page prints no section heading
        ["208.1"] * 4,
        ["208.2"] * 4,
        ["208.2a"] * 4,
        ["208.2b"] * 4,
        ["208.3"] * 4,
        ["208.3a"] * 4,
        ["208.4"] * 4,
        ["208.4a", "208.4a", "", "208.4a"],  # new in 2024: an empty cell in the 2023 Italian
        ["208.4b", "208.4b", "", "208.4b"],
        ["208.5"] * 4,
    ]
    row = table.rows[6]
    assert [cell.language for cell in row.cells] == ["en", "it", "it", "ja"]
    assert row.cells[1].entry.text.startswith("Se dovesse essere creato un effetto")
    assert row.cells[2].entry.text.startswith("Se sta per essere creato un effetto")
    # One example line under 208.3a, in every column.
    assert len(row.examples) == 1
    assert [cell.example.text[:12] for cell in row.examples[0]] == [
        "Veteran Moto",
        "Il Manovrato",
        "Il Manovrato",
        "《経験豊富な操縦者》は「",
    ]
    assert table.rows[8].cells[2].missing


def test_duskmourns_numbering_mismatch_is_a_visible_row(store):
    """The English file prints 702.175 twice (Offspring, Impending); the Chinese numbers the second 702.176."""
    table = side_by_side([edition("en", "2024-09-20"), edition("zh-hans", "2024-09-20")], "702.175")
    assert [(row.numbers, row.numbers_differ, row.printed_twice) for row in table.rows] == [
        (["702.175", "702.175"], False, False),
        (["702.175a", "702.175a"], False, False),
        (["702.175b", "702.175b"], False, False),
        (["702.175", "702.176"], True, True),
        (["702.175a", "702.176a"], True, True),
    ]
    assert table.rows[0].cells[0].entry.text == "Offspring"
    assert table.rows[3].cells[0].entry.text == "Impending"


def test_a_renumbered_section_is_followed_into_its_new_number(store):
    """The Initiative is 722 in 2023, 723 in 2024 and 724 in 2025."""
    columns = [edition("en", "2023-06-16"), edition("en", "2024-09-20"), edition("en", "2025-04-04")]
    table = side_by_side(columns, "722")
    assert table.rows[0].numbers == ["722", "723", "724"]
    assert all(row.numbers_differ for row in table.rows)
    assert [row.cells[0].entry.title for row in table.rows[:1]] == ["The Initiative"]


def test_a_rule_only_a_later_column_has_goes_after_its_predecessor(store):
    table = side_by_side([edition("it", "2023-06-16"), edition("it", "2024-10-02")], "208.4")
    assert [row.numbers for row in table.rows] == [["208.4", "208.4"], ["", "208.4a"], ["", "208.4b"]]


def test_the_json_form_has_every_cell_or_null(store):
    table = side_by_side([edition("it", "2023-06-16"), edition("it", "2024-10-02")], "208.4")
    data = table.as_json()
    assert data["columns"] == ["it:2023-06-16", "it:2024-10-02"]
    assert data["rows"][1]["cells"][0] is None
    assert data["rows"][1]["cells"][1]["number"] == "208.4a"
    assert data["rows"][1]["kind"] == "subrule"
