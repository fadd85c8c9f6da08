"""The Comprehensive Rules of every era of the archive (1999–2026), each layout rebuilt in a small file.

The archive itself (``../shared/archive``) is never copied here: each text below keeps the shape of
its era (how rules wrap, how sections are indented, how a glossary term spans blocks, how the date is
stated) with made-up sentences. ``benchmarks/archive_read.py`` measures the real files.
"""

from collections import Counter

import pytest

from benchmarks.archive_read import independent_counts
from rulesref.rules.parsers import ParseError, parse_source
from rulesref.rules.parsers.source import SourceText
from tests.synthetic import small_cr

# 2001–2004: five chapters, "current as of", every paragraph wrapped onto lines of about 100
# characters, a rule number wrapped onto the start of a line, a glossary with indented paragraphs, a
# list under a caption and numbered senses.
CR_2001 = "\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are current as of July 23, 2001.",
        "",
        "Introduction",
        "",
        "This booklet is designed for people who've moved beyond the basics of the game. If you're a",
        "beginning player, you'll probably find these rules intimidating.",
        "",
        "Contents",
        "",
        "1. The Game",
        "100. General",
        "",
        "2. Cards",
        "200. General",
        "",
        "Glossary",
        "",
        "Credits",
        "",
        "",
        "1. The Game",
        "",
        "100. General",
        "",
        "100.1. These Magic rules assume a game between two players. Optional rules allow for more",
        "players but aren't discussed here. These rules can be found at the Wizards of the Coast website",
        "at www.wizards.com/magic/MTG_Rules.asp.",
        "",
        "100.2. In constructed play, each player needs a deck of at least sixty cards, small items to",
        "represent any tokens and counters, and some way to clearly track life totals. Land subtypes are",
        "not printed on the card type line (see rule",
        "212.2c).",
        "",
        "100.2a A deck can have any number of basic land cards and no more than four of any other card.",
        "Example: A player with four copies of a card can't add a fifth. The comes-into-",
        "play triggers don't change that.",
        "",
        "2. Cards",
        "",
        "200. General",
        "",
        '200.1. When a rule or text on a card refers to a "card," it means a Magic card with a Magic card',
        "front and the Magic card back. An Unglued card that represents a token isn't considered a card for",
        "rules purposes.",
        "     Tokens aren't considered cards.",
        "",
        "Glossary",
        "",
        "Expansion Symbol",
        "The expansion symbol indicates the set a card is from. The expansion symbols to",
        "date are:",
        "",
        "Expansions and Editions",
        "",
        "     Arabian Nights [symbol]",
        "",
        "     Antiquities [symbol]",
        "",
        "Opponent",
        'The word "opponent" in a spell or ability\'s rules text always refers to the opponent of',
        "the player controlling it. See rule 100.1.",
        "     In a team game, only members of the opposing team are opponents.",
        "",
        "Untap",
        "1. To untap a tapped card, rotate it back to the upright position. See also Tap.",
        "2. Untap is the first step of the beginning phase of the turn. All permanents controlled by",
        "the active player normally untap at this time.",
        "",
        "",
        "Credits",
        "",
        "Magic: The Gathering Original Game Design: Richard Garfield",
        "",
    ]
)


def parse(text: str, name: str):
    return parse_source(SourceText.from_string(text, path=f"{name}.txt"))


def entry(result, number: str):
    (found,) = [item for item in result.entries if item.number == number and item.kind in ("rule", "subrule")]
    return found


def term(result, name: str):
    (found,) = [item for item in result.glossary if item.term == name]
    return found


def test_2001_wrapped_lines_go_on_with_the_paragraph_they_follow():
    result = parse(CR_2001, "2001")
    assert result.report.unplaced == []
    assert result.numbers == ["100.1", "100.2", "100.2a", "200.1"]
    assert entry(result, "100.1").text == (
        "These Magic rules assume a game between two players. Optional rules allow for more players but"
        " aren't discussed here. These rules can be found at the Wizards of the Coast website at"
        " www.wizards.com/magic/MTG_Rules.asp."
    )
    # A rule number at the start of a wrapped line is the citation it is, not a rule.
    assert entry(result, "100.2").text.endswith(
        "Land subtypes are not printed on the card type line (see rule 212.2c)."
    )
    assert [ref.target for ref in entry(result, "100.2").cross_references] == ["212.2c"]
    # A word hyphenated at the end of a line keeps its hyphen and loses the line break.
    (example,) = entry(result, "100.2a").examples
    assert (
        example.text
        == "A player with four copies of a card can't add a fifth. The comes-into-play triggers don't change that."
    )
    # An indented line is a new paragraph.
    assert entry(result, "200.1").text.endswith("for rules purposes.\nTokens aren't considered cards.")
    assert result.edition.date.isoformat() == "2001-07-23"


def test_2001_chapters_sections_and_parents():
    result = parse(CR_2001, "2001")
    headings = [(item.kind, item.number, item.title) for item in result.entries if item.kind in ("chapter", "section")]
    assert headings == [
        ("chapter", "1", "The Game"),
        ("section", "100", "General"),
        ("chapter", "2", "Cards"),
        ("section", "200", "General"),
    ]
    parents = {item.number: result.entries[item.parent].number for item in result.entries if item.parent is not None}
    assert [parents[number] for number in ("100.2a", "100.2", "100")] == ["100.2", "100", "1"]


def test_2001_glossary_terms_span_their_indented_blocks_and_unwrap():
    result = parse(CR_2001, "2001")
    assert [item.term for item in result.glossary] == ["Expansion Symbol", "Opponent", "Untap"]
    assert term(result, "Expansion Symbol").definition == (
        "The expansion symbol indicates the set a card is from. The expansion symbols to date are:\n"
        "Expansions and Editions\nArabian Nights [symbol]\nAntiquities [symbol]"
    )
    assert term(result, "Opponent").definition == (
        'The word "opponent" in a spell or ability\'s rules text always refers to the opponent of the player'
        " controlling it. See rule 100.1.\nIn a team game, only members of the opposing team are opponents."
    )
    assert term(result, "Opponent").rules == ["100.1"]
    assert term(result, "Untap").definition == (
        "1. To untap a tapped card, rotate it back to the upright position. See also Tap.\n"
        "2. Untap is the first step of the beginning phase of the turn. All permanents controlled by the active"
        " player normally untap at this time."
    )
    assert result.report.warnings == []


# 2002-10 to 2009: a paragraph per line. A paragraph may follow an example on the next line (2002-10,
# 2003-03); a subrule is printed with a space after its section's period ("606. 8b", 2005–2007; "702.
# 37a", 2009), or indented (" 509.1c", 2009); a line holds a stray letter (2021-11).
CR_2005 = "\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are current as of August 1, 2005.",
        "",
        "1. The Game",
        "",
        "100. General",
        "",
        "100.1. These Magic rules assume a game between two players.",
        "",
        "100.1a Abilities that trigger on permanents leaving play must be treated specially.",
        "Example: Two creatures are put into a graveyard at the same time.",
        '"Leaves play" triggers are zone-change triggers.',
        "",
        " 100.1b The defending player checks each creature.",
        "",
        "100.2. The Two-Headed Giant variant uses the normal rules for winning or losing the game.",
        "",
        "100. 2a Players win and lose the game only as a team.",
        "Example: A player controls Transcendence. That team doesn't lose the game.",
        "Example: A player controls Platinum Angel. Neither player can lose the game.",
        "",
        "100.2b If a player concedes, his or her team loses the game.",
        "f",
        "100.3. A player may concede a game at any time.",
        "",
        "Glossary",
        "",
        "Team",
        "A group of players who share a common victory condition. See rule 100.2.",
        "",
        "Credits",
        "",
        "Thanks.",
        "",
    ]
)


def test_2005_paragraph_after_an_example_typos_and_a_stray_letter():
    result = parse(CR_2005, "2005")
    assert result.report.unplaced == []
    assert result.numbers == ["100.1", "100.1a", "100.1b", "100.2", "100.2a", "100.2b", "100.3"]
    (example,) = entry(result, "100.1a").examples
    assert (
        example.text
        == 'Two creatures are put into a graveyard at the same time.\n"Leaves play" triggers are zone-change triggers.'
    )
    assert entry(result, "100.1b").text == "The defending player checks each creature."
    spaced = entry(result, "100.2a")
    assert (spaced.line, spaced.text) == (19, "Players win and lose the game only as a team.")
    assert [example.text[:20] for example in spaced.examples] == ["A player controls Tr", "A player controls Pl"]
    assert entry(result, "100.2b").text == "If a player concedes, his or her team loses the game."
    assert [
        (line.line, line.text, line.reason) for line in result.report.skipped if line.reason == "stray character"
    ] == [(24, "f", "stray character")]
    assert [(warning.line, warning.message) for warning in result.report.warnings] == [
        (15, "subrule 100.1b is printed indented; read as subrule 100.1b"),
        (19, "subrule 100.2a is printed with a space after 100. ('100. 2a'); read as 100.2a"),
        (24, "a line holding only 'f' is a stray character; skipped"),
    ]
    assert [item.kind for item in result.entries].count("section") == 1
    assert Counter(item.kind for item in result.entries) == {"chapter": 1, "section": 1, "rule": 3, "subrule": 4}


def test_an_effective_date_stated_without_its_final_full_stop_is_read():
    """2023-11-17 and 2024-02-06 print "These rules are effective as of November 17, 2023"."""
    text = small_cr("2023-11-17", [("100.1", "These rules apply to any game.")]).replace("2023.", "2023")
    result = parse(text, "2023")
    assert (result.edition.date.isoformat(), result.edition.line) == ("2023-11-17", 3)
    assert result.edition.text == "These rules are effective as of November 17, 2023"
    assert [line.reason for line in result.report.skipped if line.line == 3] == ["edition statement"]
    assert result.report.warnings == []
    assert [note.text for note in result.entries if note.kind == "note"] == ["This document is for tests."]


# 1999-11: a two-line title in capitals, the date, the publisher's addresses before the contents,
# a table of contents with dot leaders, sections indented, a paragraph per line, "EXAMPLE:" in
# capitals, a subrule printed without its rule's number, numbered glossary senses a blank line
# apart, an index after the glossary.
CR_1999_11 = "\n".join(
    [
        "COMPREHENSIVE",
        "RULES ",
        "",
        "These rules are current as of November 1, 1999.",
        "",
        "",
        "Questions?",
        "",
        "Wizards of the Coast, Inc.",
        "P.O. Box 707",
        "",
        "You can also check out our website!",
        " www.wizards.com",
        "",
        "Contents",
        "Introduction......................................................................1",
        "1. The Game......................................................................2",
        "     100. General.................................................................................2",
        "Glossary...........................................................................46",
        "Index...............................................................................73",
        "",
        "Introduction",
        "This book is designed for people who've moved beyond the basic game.",
        "",
        "",
        "1. The Game",
        "",
        "   100. General",
        "",
        "100.1. These Magic rules assume a game between two players.",
        "",
        "100.2. The timing rules are these.",
        "",
        "100.2a Mana abilities resolve immediately.",
        "",
        "100.b Card text that isn't an ability is simply read and followed.",
        ' EXAMPLE: A card reads "[This card] counts as a forest."',
        "",
        "   101. Starting the Game",
        "",
        "101.1. At the start of a game, each player shuffles his or her own deck.",
        "EXAMPLE: A player shuffles.",
        "",
        "",
        "Glossary",
        "",
        "Counter",
        "1. To counter a spell or ability is to cancel it, removing it from the stack zone.",
        "",
        "2. A counter is a marker placed on a permanent. See rule 100.1.",
        "",
        "Zone",
        "A zone is any place that Magic cards can be during a game.",
        "",
        "Index",
        "",
        "Abilities, 402",
        "\tactivated ability, 403, 406.1d",
        "Zone, 217, 402.3",
        "",
        "",
        "Credits",
        "",
        "Magic: The Gathering Original Game Design: Richard Garfield",
        "",
    ]
)


def test_1999_11_indented_sections_capital_examples_and_its_index():
    result = parse(CR_1999_11, "1999-11")
    assert result.report.unplaced == []
    assert result.edition.date.isoformat() == "1999-11-01"
    headings = [(item.kind, item.number, item.line) for item in result.entries if item.kind in ("chapter", "section")]
    assert headings == [("chapter", "1", 26), ("section", "100", 28), ("section", "101", 39)]
    assert result.numbers == ["100.1", "100.2", "100.2a", "100.2b", "101.1"]
    ruleless = entry(result, "100.2b")
    assert (ruleless.line, ruleless.text) == (36, "Card text that isn't an ability is simply read and followed.")
    assert [example.text for example in ruleless.examples] == ['A card reads "[This card] counts as a forest."']
    assert [example.text for example in entry(result, "101.1").examples] == ["A player shuffles."]
    assert [(item.term, item.rules) for item in result.glossary] == [("Counter", ["100.1"]), ("Zone", [])]
    assert term(result, "Counter").definition == (
        "1. To counter a spell or ability is to cancel it, removing it from the stack zone.\n"
        "2. A counter is a marker placed on a permanent. See rule 100.1."
    )
    assert [(warning.line, warning.message) for warning in result.report.warnings] == [
        (36, "subrule 100.2b is printed without its rule's number ('100.b'); read as 100.2b")
    ]
    assert [(note.title, note.line) for note in result.entries if note.kind == "note"] == [("Introduction", 23)]
    assert Counter(line.reason for line in result.report.skipped) == {
        "document title": 2,
        "edition statement": 1,
        "contact information": 5,
        "table of contents": 6,
        "glossary heading": 1,
        "index": 4,
        "credits": 2,
    }


# 1999-04: the text conversion of the Word document. A dated banner framed by "====" lines, the
# converter's notes, headings framed or underlined by "----" lines, every paragraph wrapped at 78
# characters, subrules indented by two spaces (their wrapped lines too), a paragraph after a blank
# line indented as the subrule is, glossary definitions indented under their terms, an index, and
# the date stated again at the end.
CR_1999_04 = "\n".join(
    [
        "",
        "==============================================================================",
        "",
        "COMPREHENSIVE RULES                                                   04/23/99",
        "",
        "==============================================================================",
        "",
        "This rule information is copyrighted by Wizards of the Coast (see the end of",
        "the file for details).",
        "",
        "",
        "------------------------------------------------------------------------------",
        "Contents",
        "------------------------------------------------------------------------------",
        "",
        "Introduction",
        "1. The Game",
        "     100. General",
        "Glossary",
        "Index",
        "",
        "",
        "------------------------------------------------------------------------------",
        "Introduction",
        "------------------------------------------------------------------------------",
        "",
        "This book is designed for people who've moved beyond the basic game. If you're",
        "a beginning player, you'll probably find these rules pretty intimidating.",
        "",
        "",
        "------------------------------------------------------------------------------",
        "1. The Game",
        "------------------------------------------------------------------------------",
        "",
        "100. General",
        "------------",
        "",
        "100.1. These Magic rules assume a game between two players. Optional rules",
        "allow for more players but aren't discussed here. These can be found at the",
        "Wizards of the Coast website.",
        "",
        "100.2. Each player needs his or her own deck of at least sixty cards, small",
        "objects to represent any tokens and counters, and some way to clearly track",
        "life totals. See rule",
        "100.1 for the number of players.",
        "",
        "  100.2a A deck may hold no more than four copies of any card except basic",
        "  lands. A land is a card. A player may use as many copies of a basic land as",
        "  he or she has.",
        "  EXAMPLE: A player with four copies of a card can't add a fifth. The fifth",
        "  stays out.",
        "",
        "  \"Basic\" is a supertype of lands. It isn't a card type, and it isn't a",
        "  subtype either.",
        "",
        "100.3. Tokens are permanents. A token isn't considered a card, even if it is",
        "represented by a card from another game.",
        "",
        "100.3. Lands",
        "-------------",
        "",
        "",
        "------------------------------------------------------------------------------",
        "Glossary",
        "------------------------------------------------------------------------------",
        "",
        "Ability",
        '  "Ability" and "effect" are often confused with one another. An instruction',
        "  in a permanent's text is an ability.",
        "",
        "  A permanent may have one or more abilities or no abilities at all. See rule",
        "  100.1.",
        "",
        "Zone",
        "  A zone is any place that Magic cards can be during a game.",
        "",
        "",
        "------------------------------------------------------------------------------",
        "Index",
        "------------------------------------------------------------------------------",
        "",
        "Abilities, 402",
        "\tactivated ability, 403, 406.1d",
        "",
        "",
        "------------------------------------------------------------------------------",
        "Credits",
        "------------------------------------------------------------------------------",
        "",
        "Magic: The Gathering Original Game Design: Richard Garfield",
        "",
        "These rules are current as of April 23, 1999.",
        "",
    ]
)


def test_1999_04_word_conversion_reads_its_banner_date_framed_headings_and_indented_subrules():
    result = parse(CR_1999_04, "1999-04")
    assert result.report.unplaced == []
    assert (result.edition.date.isoformat(), result.edition.line) == ("1999-04-23", 4)
    assert result.edition.text == "COMPREHENSIVE RULES 04/23/99"
    headings = [(item.kind, item.number, item.title) for item in result.entries if item.kind in ("chapter", "section")]
    assert headings == [("chapter", "1", "The Game"), ("section", "100", "General")]
    assert result.numbers == ["100.1", "100.2", "100.2a", "100.3", "100.3"]
    assert entry_at(result, 42).text == (
        "Each player needs his or her own deck of at least sixty cards, small objects to represent any tokens and"
        " counters, and some way to clearly track life totals. See rule 100.1 for the number of players."
    )
    subrule = entry(result, "100.2a")
    assert (subrule.line, subrule.text) == (
        47,
        "A deck may hold no more than four copies of any card except basic lands. A land is a card. A player"
        " may use as many copies of a basic land as he or she has.",
    )
    (example,) = subrule.examples
    assert example.text == (
        "A player with four copies of a card can't add a fifth. The fifth stays out.\n"
        "\"Basic\" is a supertype of lands. It isn't a card type, and it isn't a subtype either."
    )
    assert entry_at(result, 59).text == "Lands"
    assert [item.term for item in result.glossary] == ["Ability", "Zone"]
    assert term(result, "Ability").definition == (
        '"Ability" and "effect" are often confused with one another. An instruction in a permanent\'s text is'
        " an ability.\nA permanent may have one or more abilities or no abilities at all. See rule 100.1."
    )
    assert [(note.title, note.line) for note in result.entries if note.kind == "note"] == [("Introduction", 27)]
    assert Counter(line.reason for line in result.report.skipped) == {
        # The rule lines of the front matter, introduction, body and glossary; those of the table of
        # contents, the index and the credits are skipped with their part.
        "rule line": 11,
        "document title": 1,
        "note of the text conversion": 2,
        "table of contents": 8,
        "glossary heading": 1,
        "index": 5,
        "credits": 4,
    }


def entry_at(result, line: int):
    (found,) = [item for item in result.entries if item.line == line]
    return found


# 1999-04-21: not the Comprehensive Rules but the Fifth Edition rulings summary.
RULINGS_SUMMARY = "\n".join(
    [
        "Rulings are collected from many sources. See credits and disclaimer at the end of the file for details.",
        "",
        "This is the FINAL release under the FIFTH EDITION rules.",
        "",
        "Official Magic: The Gathering Rules Summary",
        "Table of Contents:",
        "A - Abilities",
        "A.1 - General Rulings on Abilities",
        "A.2 - Activated Abilities",
        "C - Combat Rules",
        "C.1 - The Attack Phase",
        "",
        "A.1 - General Rulings on Abilities",
        "",
        "* An ability is not a spell.",
        "",
    ]
)
SUMMARY_REFUSAL = (
    "summary.txt:8: not the Comprehensive Rules but a rulings summary: its sections are lettered"
    " ('A.1 - General Rulings on Abilities'), with no numbered rules such as '100.1.'"
)


@pytest.mark.parametrize("format", [None, "cr-text"])
def test_a_rulings_summary_is_refused_with_that_reason_in_one_line(format):
    with pytest.raises(ParseError) as raised:
        parse_source(SourceText.from_string(RULINGS_SUMMARY, path="summary.txt"), format=format)
    assert str(raised.value) == SUMMARY_REFUSAL


def test_a_file_of_neither_kind_is_still_refused_as_no_recognisable_rules():
    with pytest.raises(ParseError) as raised:
        parse_source(SourceText.from_string(RULINGS_SUMMARY.replace(" - ", ": "), path="other.txt"))
    assert raised.value.reason.startswith("no recognisable rules: the file matches none of the formats pdf, cr-text")


def test_a_transposed_subrule_number_and_a_rule_numbered_unlike_its_subrules_are_read_as_meant():
    """'432.2b' after 423.2a (2006-10 to 2007-09) and '505.54.' before 505.5a (2010-06), in section 100."""
    rules = [
        ("100.1", "A player draws a card."),
        ("100.1a", "Cards are drawn one at a time."),
        ("101.1b", "In a Two-Headed Giant game, the active team draws first."),
        ("100.23", "Third, the active player gets priority."),
        ("100.2a", "The main phase is the only phase for sorceries."),
        ("100.2b", "A player may play one land."),
    ]
    result = parse(small_cr("2010-06-18", rules), "2010")
    assert result.numbers == ["100.1", "100.1a", "100.1b", "100.2", "100.2a", "100.2b"]
    parents = [result.entries[item.parent].number for item in result.entries if item.kind in ("rule", "subrule")]
    assert parents == ["100", "100.1", "100.1", "100", "100.2", "100.2"]
    assert [(warning.line, warning.message) for warning in result.report.warnings] == [
        (26, "rule 100.2 is printed as '100.23', the number its subrules name; read as 100.2"),
        (24, "subrule 100.1b is printed as '101.1b' (there is no rule 101.1; it follows 100.1a); read as 100.1b"),
    ]


def test_an_indented_line_outside_its_section_is_text_and_raises_no_typo_warning():
    """'   101.2 text' inside section 100 is a paragraph of the rule before, not rule 101.2 (nor a rule
    'printed without the period')."""
    text = small_cr("2009-07-11", [("100.1", "A player may concede.")]).replace(
        "100.1. A player may concede.", "100.1. A player may concede.\n     101.2 applies to teams."
    )
    result = parse(text, "2009")
    assert result.numbers == ["100.1"]
    assert entry(result, "100.1").text == "A player may concede.\n101.2 applies to teams."
    assert (result.report.unplaced, result.report.warnings) == ([], [])


@pytest.mark.parametrize(
    ("name", "text", "counted", "parsed"),
    [
        ("2001", CR_2001, (4, 3), (4, 3)),
        ("2005", CR_2005, (6, 1), (7, 1)),  # 100.3 follows the stray "f", not a blank line
        ("1999-11", CR_1999_11, (4, 2), (5, 2)),  # "100.b" has no rule number to count
        ("1999-04", CR_1999_04, (5, 2), (5, 2)),
    ],
)
def test_the_benchmarks_independent_count_agrees_but_for_the_typos_it_cannot_see(name, text, counted, parsed):
    """``benchmarks/archive_read.py`` counts numbered lines and glossary terms by its own simple rules."""
    result = parse(text, name)
    numbered, terms, _ = independent_counts(SourceText.from_string(text).lines)
    assert ((numbered, terms), (len(result.numbers), len(result.glossary))) == (counted, parsed)


def test_a_file_whose_every_line_break_is_doubled_reads_as_the_file_it_was():
    """2016-08-26 reached the archive with each CR LF turned into two LFs: every line is followed by a
    blank line, a paragraph break is three; the lines keep the file's numbers."""
    text = small_cr("2016-08-26", [(f"100.{number}", f"Rule {number} applies.") for number in range(1, 211)])
    doubled = text.replace("\n", "\n\n")
    plain, result = parse(text, "plain"), parse(doubled, "doubled")
    assert [(item.kind, item.number, item.text) for item in result.entries] == [
        (item.kind, item.number, item.text) for item in plain.entries
    ]
    assert [(item.term, item.definition) for item in result.glossary] == [
        ("Deck", "The cards a player starts the game with. See rule 100.1.")
    ]
    assert [item.line for item in result.entries][:3] == [
        2 * line - 1 for line in [item.line for item in plain.entries][:3]
    ]
    assert result.report.unplaced == []
    assert [(warning.line, warning.message) for warning in result.report.warnings] == [
        (1, "every line break is doubled (each line is followed by a blank line); read with one of each")
    ]
    assert result.edition.date.isoformat() == "2016-08-26"


def test_a_short_file_of_one_line_paragraphs_is_not_taken_for_a_doubled_one():
    text = small_cr("2016-08-26", [("100.1", "Rule 1 applies.")]).replace("Deck\nThe cards", "Deck\n\nThe cards")
    result = parse(text, "short")
    assert [warning.message for warning in result.report.warnings] == [
        "glossary term 'Deck' has no definition",
        "glossary term 'The cards a player starts the game with. See rule 100.1.' has no definition",
    ]
