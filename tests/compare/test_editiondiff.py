"""Edition differences come from the alignment: moved rules are moved, not removed and added."""

from rulesref.compare.editiondiff import edition_diff, rule_versions
from rulesref.compare.textdiff import DELETE, EQUAL, INSERT, Piece
from tests.compare.conftest import edition, entry


def italian_diff():
    return edition_diff(edition("it", "2023-06-16"), edition("it", "2024-10-02"))


def change(diff, number):
    return next(c for c in diff.changes if c.number == number)


def test_italian_2023_to_2024_adds_208_4a_and_208_4b_and_rewords_every_other_rule(store):
    assert italian_diff().as_json() == {
        # The 2023 wiki page prints no heading "208": the 2024 page's heading is new to it.
        "added": ["208", "208.4a", "208.4b"],
        "removed": [],
        "changed": ["208.1", "208.2", "208.2a", "208.2b", "208.3", "208.3a", "208.4", "208.5"],
        "moved": [],
        "unchanged": 0,
    }


def test_208_2b_mentre_entra_nel_campo_di_battaglia_became_quando_entra(store):
    pieces = change(italian_diff(), "208.2b").pieces
    at = pieces.index(Piece(EQUAL, " [questa creatura] entra"))
    assert pieces[at - 2 : at + 2] == [
        Piece(DELETE, "sono scritte “Mentre"),
        Piece(INSERT, 'è formulata "Quando'),
        Piece(EQUAL, " [questa creatura] entra"),
        Piece(DELETE, " nel campo di battaglia"),
    ]
    turned = pieces.index(Piece(EQUAL, " [questa creatura] viene girata a faccia in su..."))
    assert pieces[turned - 2 : turned] == [Piece(DELETE, "Mentre"), Piece(INSERT, "Quando")]


def test_208_2b_cites_707_2_where_it_cited_706_2(store):
    diff = italian_diff()
    assert change(diff, "208.2b").references == (["706.2"], ["707.2"])
    assert [p for p in change(diff, "208.2b").pieces if "706" in p.text or "707" in p.text] == [
        Piece(DELETE, "706.2"),
        Piece(INSERT, "707.2."),
    ]


def test_208_3_names_a_vehicle_instead_of_a_licid(store):
    pieces = change(italian_diff(), "208.3").pieces
    at = pieces.index(Piece(DELETE, "Licide che è diventato un’Aura"))
    assert pieces[at - 1 : at + 3] == [
        Piece(EQUAL, " (come un "),
        Piece(DELETE, "Licide che è diventato un’Aura"),
        Piece(INSERT, "Veicolo"),
        Piece(EQUAL, ")."),
    ]


def test_the_berserk_fragment_107_2_to_107_5_moved_to_heroes_108_2_to_108_5(store):
    diff = edition_diff(edition("ru", "pre-ed15", "berserk"), edition("ru", "2024-05-31", "berserk"))
    data = diff.as_json()
    assert data["moved"] == [
        {"from": "106.4", "to": "107.3"},
        {"from": "107.2", "to": "108.2"},
        {"from": "107.3", "to": "108.3"},
        {"from": "107.4", "to": "108.4"},
        {"from": "107.5", "to": "108.5"},
    ]
    assert (data["removed"], data["changed"], data["unchanged"], len(data["added"])) == ([], [], 0, 429)


def test_a_scoped_diff_follows_rules_numbered_outside_the_scope(store):
    diff = edition_diff(edition("ru", "pre-ed15", "berserk"), edition("ru", "2024-05-31", "berserk"), "107")
    assert [(c.old.number, c.new.number) for c in diff.of_kind("moved")] == [
        ("106.4", "107.3"),
        ("107.2", "108.2"),
        ("107.3", "108.3"),
        ("107.4", "108.4"),
        ("107.5", "108.5"),
    ]
    assert diff.of_kind("removed") == []


def test_english_2024_to_2025_changes_two_examples_in_208_to_this_creature(store):
    diff = edition_diff(edition("en", "2024-09-20"), edition("en", "2025-04-04"), "208")
    assert diff.as_json() == {"added": [], "removed": [], "changed": ["208.2a", "208.3a"], "moved": [], "unchanged": 9}
    assert [p for p in change(diff, "208.3a").pieces if p.op != EQUAL] == [
        Piece(DELETE, "Veteran Motorist"),
        Piece(INSERT, "this creature"),
    ]


def test_whole_english_editions_count_per_chapter(store):
    diff = edition_diff(edition("en", "2024-09-20"), edition("en", "2025-04-04"))
    assert diff.counts() == {"added": 41, "removed": 9, "changed": 93, "moved": 138, "unchanged": 2929}
    chapters = {row["chapter"]: row for row in diff.by_chapter()}
    assert list(chapters) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    assert sum(row["moved"] for row in chapters.values()) == 138
    removed = [c.old.number for c in diff.of_kind("removed")]
    assert removed[0] == "509.2" and removed[-1] == "805.10f"


def test_a_rules_history_compares_each_version_with_the_one_before(store):
    versions = rule_versions(entry("en", "2025-04-04", "724.2"))
    assert [(v.edition.slug, v.entry.number, v.change.kind if v.change else None) for v in versions] == [
        ("2025-04-04", "724.2", "moved"),
        ("2024-09-20", "723.2", "moved"),
        ("2023-06-16", "722.2", None),
    ]
    versions = rule_versions(entry("en", "2025-04-04", "702.177"))
    assert [(v.edition.slug, v.change.kind if v.change else None) for v in versions] == [
        ("2025-04-04", "added"),
        ("2024-09-20", None),
        ("2023-06-16", None),
    ]
    assert [v.entry is None for v in versions] == [False, True, True]
