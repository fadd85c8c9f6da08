"""Pairing entries between editions (pure functions, no database)."""

from rulesref.rules.alignment import Groups, Item, align_editions, align_translation, counts, fit, normalise
from rulesref.rules.parsers import numbers

DOTTED = numbers.get_scheme("dotted")

BASE = (
    "Effects that set a creature’s power and/or toughness to specific values may refer to that value as its base power."
)
OTHER = "Other continuous effects may further modify the creature’s power and toughness after that."


def items(*rows, start=0):
    """Items from (kind, number, text); a subrule's parent is the rule before it with its number's stem."""
    found = []
    for i, (kind, number, text) in enumerate(rows):
        parent = None
        if kind == "subrule":
            stem = number.rstrip("abcdefghijkmnpqrstuvwxyz")
            parent = next((item.id for item in reversed(found) if item.number == stem), None)
        found.append(Item(id=start + i, kind=kind, number=number, text=text, parent=parent))
    return found


def test_numbers_inside_text_are_masked_so_renumbered_citations_still_match():
    assert normalise("See rule 722.3.") == normalise("See rule 723.3.")
    assert normalise("“As [this creature] enters”") == normalise('"as [this creature] enters"')


def test_a_dotted_games_numbers_are_masked_by_its_numbering_scheme():
    """Lorcana cites "6.4.4" and "1.10": not Comprehensive Rules numbers, masked by the dotted scheme's pattern."""
    assert normalise("(see 6.4.4)", DOTTED) == normalise("(see 6.1.16)", DOTTED) == "(see §)"
    assert normalise("siehe 1.10, „Materialien“", DOTTED) == 'siehe §, "materialien"'
    assert normalise("（１.９.４参照）", DOTTED) == "(§参照)"
    # A lone chapter digit is as often a count: kept.
    assert normalise("deal 2 damage (see section 9)", DOTTED) == "deal 2 damage (see section 9)"
    # The Comprehensive Rules' mask (the default) leaves dotted numbers, and the dotted one leaves 613.1d.
    assert normalise("(see 6.4.4)") == "(see 6.4.4)"
    assert normalise("See rule 613.1d.", DOTTED) == "see rule 613.1d."


def test_a_rule_whose_citations_were_renumbered_is_the_same_text_in_a_dotted_game():
    """2.2.0 moved Lorcana's 6.4.3 to 6.1.15 and the 6.4.4 it cites to 6.1.16: the same text once masked."""
    cites = "For some effects, determining whether it applies depends on checking a condition (see {})."
    old = items(("section", "6.4", "Static Abilities"), ("rule", "6.4.3", cites.format("6.4.4")))
    new = items(
        ("section", "6.1", "General"),
        ("rule", "6.1.15", cites.format("6.1.16")),
        ("section", "6.4", "Static Abilities"),
        start=10,
    )
    links = align_editions(old, new, scheme=DOTTED)
    assert [(link.source, link.target, link.method, link.relation, link.score) for link in links] == [
        (0, 12, "number", "same", 1.0),
        (1, 11, "text", "moved", 1.0),
    ]
    # Read with the CR's mask, the citation is a difference of text.
    [moved] = [link for link in align_editions(old, new) if link.source == 1]
    assert moved.score < 1.0


def test_a_rule_that_moved_is_paired_by_its_text_and_marked_moved():
    old = items(("section", "722", "The Initiative"), ("rule", "722.1", "The initiative is a designation."))
    new = items(
        ("section", "722", "The Monarch"),
        ("rule", "722.1", "The monarch is a designation a player can have."),
        ("section", "723", "The Initiative"),
        ("rule", "723.1", "The initiative is a designation."),
        start=10,
    )
    links = align_editions(old, new)
    assert [(link.source, link.target, link.method, link.relation, link.score) for link in links] == [
        (0, 12, "text", "moved", 1.0),
        (1, 13, "text", "moved", 1.0),
    ]
    assert counts(links, old, new) == {
        "same_number": 0,
        "moved": 2,
        "split": 0,
        "merged": 0,
        "added": 2,
        "removed": 0,
    }


def test_a_rule_split_in_three_keeps_its_number_and_records_the_split_parts():
    old = items(("rule", "208.4", f"{BASE} {OTHER}"), ("rule", "208.5", "A creature with no power has power 0."))
    new = items(
        ("rule", "208.4", "Some effects refer to a creature’s base power or base toughness."),
        ("subrule", "208.4a", BASE),
        ("subrule", "208.4b", OTHER),
        ("rule", "208.5", "A creature with no power has power 0."),
        start=10,
    )
    links = align_editions(old, new)
    assert sorted((link.source, link.target, link.relation) for link in links) == [
        (0, 10, "same"),
        (0, 11, "split"),
        (0, 12, "split"),
        (1, 13, "same"),
    ]
    assert counts(links, old, new)["split"] == 2
    assert counts(links, old, new)["added"] == 0


def test_two_rules_merged_into_one_are_recorded_as_merged():
    old = items(("subrule", "208.4a", BASE), ("subrule", "208.4b", OTHER), ("rule", "208.5", "Zero power."))
    new = items(("subrule", "208.4a", f"{BASE} {OTHER}"), ("rule", "208.5", "Zero power."), start=10)
    links = align_editions(old, new)
    assert sorted((link.source, link.target, link.relation) for link in links) == [
        (0, 10, "same"),
        (1, 10, "merged"),
        (2, 11, "same"),
    ]
    assert counts(links, old, new) == {
        "same_number": 2,
        "moved": 0,
        "split": 0,
        "merged": 1,
        "added": 0,
        "removed": 0,
    }


def test_a_same_number_with_an_unrelated_text_is_not_the_same_rule():
    old = items(("rule", "107.2", "Атака ударом имеет вид «1 раз за ход: если открыт, атаковать ударом»."))
    new = items(
        ("rule", "107.2", "Стихия карты. Карта может принадлежать к одной или нескольким из пяти стихий."),
        ("rule", "108.2", "Атака ударом имеет вид «1 раз за ход: если открыт, атаковать ударом персонажа»."),
        start=10,
    )
    [link] = align_editions(old, new)
    assert (link.target, link.method, link.relation) == (11, "text", "moved")


def test_a_translation_pairs_by_number_and_by_position_where_numbering_differs():
    """Duskmourn's English file prints 702.175 twice; the translation numbers the second 702.176."""
    source = items(
        ("rule", "702.174", "Gift"),
        ("rule", "702.175", "Offspring"),
        ("rule", "702.175", "Impending"),
        ("section", "703", "Turn-Based Actions"),
    )
    translation = items(
        ("rule", "702.174", "赠礼"),
        ("rule", "702.175", "后裔"),
        ("rule", "702.176", "迫近"),
        ("section", "703", "回合动作"),
        start=10,
    )
    links = align_translation(source, translation)
    assert [(link.source, link.target, link.method, link.relation, link.score) for link in links] == [
        (0, 10, "translation", "same", 1.0),
        (1, 11, "translation", "same", 1.0),
        (2, 12, "position", "moved", 0.5),
        (3, 13, "translation", "same", 1.0),
    ]


def test_fit_prefers_the_source_whose_english_wording_the_translation_quotes():
    translation = [
        Item(1, "rule", "208.2b", "「As [this creature] enters the battlefield . . .」という書式", references=("614",))
    ]
    older = [
        Item(
            2,
            "rule",
            "208.2b",
            "Such an ability is worded “As [this creature] enters the battlefield . . . ,”",
            references=("614",),
        )
    ]
    newer = [
        Item(3, "rule", "208.2b", "Such an ability is worded “As [this creature] enters . . . ,”", references=("614",))
    ]
    assert fit(older, translation) == 1.0
    assert fit(newer, translation) < fit(older, translation)
    assert fit([], translation) == 0.0


def test_groups_never_put_two_entries_of_one_edition_in_one_concept():
    groups = Groups([(1, 100), (2, 100), (3, 200)])
    assert groups.join(1, 3) is True
    assert groups.join(2, 3) is False
    assert sorted(sorted(members) for members in groups.groups().values()) == [[1, 3], [2]]


def test_two_editions_of_a_translation_pair_as_their_sources_do():
    """German 2025 → 2026 of a rulebook whose English section 1.9 became 1.8: the translation follows the
    sources' pairs (method "source"), even where its own headings share a number and not a subject; what
    the sources left unpaired stays unpaired, but for a text printed alike in both."""
    old = items(
        ("section", "1.8", "Karten des Spielers"),
        ("section", "1.9", "Überprüfen des Spielstatus"),
        ("rule", "1.9.1", "Der Spielstatus wird geprüft."),
        ("rule", "1.9.2", "Ein Satz, der gleich bleibt."),
    )
    new = items(
        ("section", "1.8", "Spielstatusprüfung"),
        ("rule", "1.8.1", "Der Spielstatus wird jetzt geprüft."),
        ("rule", "1.8.2", "Ein Satz, der gleich bleibt."),
        start=10,
    )
    through = [(1, 10, 1.0), (2, 11, 0.9)]
    links = align_editions(old, new, scheme=DOTTED, through=through)
    assert [(link.source, link.target, link.method, link.relation, link.score) for link in links] == [
        (1, 10, "source", "moved", 1.0),
        (2, 11, "source", "moved", 0.9),
        (3, 12, "text", "moved", 1.0),
    ]
    # German 1.8 of 2025 (its English source was removed) stays unpaired.
    assert 0 not in {link.source for link in links}
