"""The Comprehensive Rules of every era of the archive (1999–2026), each layout rebuilt in a small file.

The archive itself (``../shared/archive``) is never copied here: each text below keeps the shape of
its era (how rules wrap, how sections are indented, how a glossary term spans blocks, how the date is
stated) with made-up sentences. ``benchmarks/archive_read.py`` measures the real files.
"""

from collections import Counter

from rulesref.rules.parsers import parse_source
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
