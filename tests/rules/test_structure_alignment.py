"""Aligning a renumbered translation with its source by structure (pure functions, no database).

The source is a small dotted rulebook written here; the translation is a copy in a
made-up script that keeps what survives translation (digits, cited numbers, quoted
names as 「…」), with one section inserted and one removed, so that the numbers after
each of them shift (and the citations of shifted rules with them).
"""

import re

from rulesref.rules.alignment import Item, align_by_number, align_translation, disagreement, translation_counts
from rulesref.rules.structure_alignment import Vocabulary, align_by_structure

SOURCE = [
    ("1", "CONCEPTS"),
    ("1.1", "General"),
    ("1.1.1", "The game is played by 2 or more players, each with a deck of 60 cards (see 2.3.1)."),
    ("1.1.2", "Each player needs a way to track their lore."),
    ("1.2", "Golden Rules"),
    (
        "1.2.1",
        "If a card’s text contradicts a rule, the card wins. Example: Mufasa – Betrayed Leader has “The Sun Will"
        " Set”: “When this character is banished, you may reveal the top card of your deck. If it’s a character"
        " card, you may play that character for free and they enter play exerted.” Rule 4.3.2 says a card can be"
        " played only during its player’s turn, but an opponent who banishes Mufasa may play that character.",
    ),
    ("1.2.2", "If an effect prevents something from happening, it wins over the rules and effects that allow it."),
    ("2", "GAMEPLAY"),
    ("2.1", "Setup"),
    ("2.1.1", "Each player shuffles their deck and draws 7 cards."),
    ("2.1.2", "A player may alter their hand once before the game starts (see 2.1.1)."),
    ("2.2", "Turn"),
    ("2.2.1", "The turn has 3 phases: beginning, main and end."),
    ("2.2.1.1", "In the beginning phase the active player readies their cards."),
    ("2.2.1.2", "Then they draw 1 card, unless it is the first turn of the game (see 3.3.2)."),
    ("2.3", "Winning"),
    ("2.3.1", "A player with 20 or more lore wins the game."),
    ("2.3.2", "A player who would draw from an empty deck loses the game at the end of their turn."),
    ("3", "KEYWORDS"),
    ("3.1", "General"),
    ("3.1.1", "Keywords are short names of abilities: Bodyguard, Challenger, Evasive, Rush, Ward."),
    ("3.2", "Bodyguard"),
    ("3.2.1", "The Bodyguard keyword represents two abilities."),
    ("3.2.2", "The first is a static ability that means “This character may enter play exerted.”"),
    (
        "3.2.3",
        "The second means “An opponent who would challenge one of your characters must choose this one if able.”",
    ),
    ("3.3", "Challenger"),
    ("3.3.1", "Challenger +N means “While challenging, this character gets +N strength.”"),
    ("3.3.2", "A character with Challenger doesn’t get the +N while it is being challenged."),
    ("3.4", "Evasive"),
    ("3.4.1", "Evasive means “This character can’t be challenged except by characters with Evasive.”"),
    ("3.5", "Rush"),
    ("3.5.1", "Rush means “This character can challenge during the turn they’re played.”"),
    ("3.6", "Ward"),
    ("3.6.1", "Ward means “Opponents can’t choose this character except to challenge it.”"),
    ("3.6.2", "Effects that don’t require choosing still affect a character with Ward."),
]
# The translation inserts this section after 2.1 (so 2.2 → 2.3, 2.3 → 2.4) ...
INSERTED = [
    ("2.2", "Mulligan"),
    ("2.2.1", "A player who draws no character in their opening hand may show it and draw 7 new cards once."),
    ("2.2.2", "The shown cards go to the bottom of the deck in any order."),
]
# ... and leaves out Bodyguard (so 3.3 → 3.2, …, 3.6 → 3.5), and the example of 1.2.1.
REMOVED = {"3.2", "3.2.1", "3.2.2", "3.2.3"}
RENUMBER = {"2.2": "2.3", "2.3": "2.4", "3.3": "3.2", "3.4": "3.3", "3.5": "3.4", "3.6": "3.5"}
KINDS = {1: "chapter", 2: "section", 3: "rule"}


def renumbered(number: str) -> str:
    """The translation's number for a source number (the section prefix is what shifts)."""
    section = ".".join(number.split(".")[:2])
    return RENUMBER[section] + number[len(section) :] if section in RENUMBER else number


def translated(text: str) -> str:
    """A made-up script: every word becomes kana of about half its length; digits, cited numbers
    and quotation marks (“…” → 「…」) survive, as they do in a real translation."""
    text = re.sub(r"\b\d+(?:\.\d+)+\b", lambda m: renumbered(m[0]), text)
    text = text.replace("“", "「").replace("”", "」").replace("Bodyguard, ", "")

    def word(match: re.Match) -> str:
        letters = match[0].lower()
        return "".join(chr(0x30A2 + (ord(c) * 7 + i) % 80) for i, c in enumerate(letters[::2]))

    return re.sub(r"[A-Za-z’']+", word, text)


def items(rows: list[tuple[str, str]], start: int) -> list[Item]:
    """Items in document order; a number's parent is the number without its last part."""
    found, ids = [], {}
    for i, (number, text) in enumerate(rows):
        parent = ids.get(number.rsplit(".", 1)[0]) if "." in number else None
        ids[number] = start + i
        kind = KINDS.get(number.count(".") + 1, "subrule")
        found.append(Item(id=start + i, kind=kind, number=number, text=text, parent=parent))
    return found


def translation_rows() -> list[tuple[str, str]]:
    rows = []
    for number, text in SOURCE:
        if number in REMOVED:
            continue
        text = text.partition(" Example:")[0]
        if number == "2.2":
            rows.extend((n, translated(t)) for n, t in INSERTED)
        rows.append((renumbered(number), translated(text)))
    return rows


SOURCE_ITEMS = items(SOURCE, 0)
TRANSLATION_ITEMS = items(translation_rows(), 100)
NUMBER = {item.id: item.number for item in SOURCE_ITEMS + TRANSLATION_ITEMS}


def pairs(links, translation=TRANSLATION_ITEMS):
    """(source number, translation number) of each link."""
    numbers = {item.id: item.number for item in translation}
    return [(NUMBER[link.source], numbers[link.target]) for link in links]


def test_the_made_up_translation_is_renumbered_and_keeps_digits_citations_and_quotes():
    by_number = dict(translation_rows())
    assert len(by_number) == len(SOURCE) + 3 - 4
    assert " 2 " in by_number["1.1.1"] and " 60 " in by_number["1.1.1"]
    assert "2.4.1" in by_number["1.1.1"]  # "see 2.3.1": Winning is 2.4 in the translation
    assert "3.2.2" in by_number["2.3.1.2"]  # "see 3.3.2": Challenger is 3.2
    assert by_number["3.2.1"].count("「") == 1  # Challenger's quoted ability
    assert not re.search(r"[A-Za-z]", "".join(by_number.values()))
    assert len(by_number["1.2.1"]) < len(translated(dict(SOURCE)["1.2.1"])) / 4  # no example


def test_a_renumbered_translation_keeps_every_pair_right():
    links = align_by_structure(SOURCE_ITEMS, TRANSLATION_ITEMS)
    assert pairs(links) == [
        ("1", "1"),
        ("1.1", "1.1"),
        ("1.1.1", "1.1.1"),
        ("1.1.2", "1.1.2"),
        ("1.2", "1.2"),
        ("1.2.1", "1.2.1"),
        ("1.2.2", "1.2.2"),
        ("2", "2"),
        ("2.1", "2.1"),
        ("2.1.1", "2.1.1"),
        ("2.1.2", "2.1.2"),
        ("2.2", "2.3"),
        ("2.2.1", "2.3.1"),
        ("2.2.1.1", "2.3.1.1"),
        ("2.2.1.2", "2.3.1.2"),
        ("2.3", "2.4"),
        ("2.3.1", "2.4.1"),
        ("2.3.2", "2.4.2"),
        ("3", "3"),
        ("3.1", "3.1"),
        ("3.1.1", "3.1.1"),
        ("3.3", "3.2"),
        ("3.3.1", "3.2.1"),
        ("3.3.2", "3.2.2"),
        ("3.4", "3.3"),
        ("3.4.1", "3.3.1"),
        ("3.5", "3.4"),
        ("3.5.1", "3.4.1"),
        ("3.6", "3.5"),
        ("3.6.1", "3.5.1"),
        ("3.6.2", "3.5.2"),
    ]
    assert {link.method for link in links} == {"structure"}
    assert all(0 < link.score <= 1 for link in links)


def test_numbers_that_agree_pair_as_the_same_and_shifted_ones_as_renumbered():
    links = align_by_structure(SOURCE_ITEMS, TRANSLATION_ITEMS)
    relation = {pair: link.relation for pair, link in zip(pairs(links), links, strict=True)}
    assert relation[("1.2.1", "1.2.1")] == relation[("2.1.2", "2.1.2")] == relation[("3.1.1", "3.1.1")] == "same"
    assert relation[("2.2", "2.3")] == relation[("3.6.2", "3.5.2")] == "moved"
    assert sorted(pair for pair, kind in relation.items() if kind == "same") == sorted(
        (number, number) for number, _ in SOURCE if number == renumbered(number) and number not in REMOVED
    )


def test_the_counts_report_same_number_renumbered_added_and_removed():
    links = align_translation(SOURCE_ITEMS, TRANSLATION_ITEMS)
    assert translation_counts(links, SOURCE_ITEMS, TRANSLATION_ITEMS) == {
        "same_number": 14,
        "renumbered": 17,
        "added": 3,  # the inserted 2.2, 2.2.1, 2.2.2
        "removed": 4,  # Bodyguard: 3.2, 3.2.1, 3.2.2, 3.2.3
        "by_structure": 31,
    }


def test_a_translation_renumbered_in_more_than_a_few_places_is_aligned_by_structure():
    by_number = align_by_number(SOURCE_ITEMS, TRANSLATION_ITEMS)
    # Pairing by number pairs Bodyguard with Challenger, Challenger with Evasive, …
    assert ("3.2", "3.2") in pairs(by_number)
    assert disagreement(SOURCE_ITEMS, TRANSLATION_ITEMS, by_number) > 0.01
    assert pairs(align_translation(SOURCE_ITEMS, TRANSLATION_ITEMS)) == pairs(
        align_by_structure(SOURCE_ITEMS, TRANSLATION_ITEMS)
    )


def test_a_translation_number_for_number_is_still_paired_by_number():
    copy = items([(number, translated(text)) for number, text in SOURCE], 100)
    links = align_translation(SOURCE_ITEMS, copy)
    assert {link.method for link in links} == {"translation"}
    assert len(links) == len(SOURCE)
    # The structure alignment finds the same pairs there.
    assert pairs(align_by_structure(SOURCE_ITEMS, copy), copy) == pairs(links, copy)


def test_an_excerpt_is_paired_by_number_even_where_numbers_are_missing():
    """The seeds hold ten rules of one section: no sibling order of their own to align."""
    excerpt = items([(number, translated(text)) for number, text in SOURCE if number.startswith("2.2")], 100)
    links = align_translation(SOURCE_ITEMS, excerpt)
    assert [(NUMBER[link.source], link.method) for link in links] == [
        ("2.2", "translation"),
        ("2.2.1", "translation"),
        ("2.2.1.1", "translation"),
        ("2.2.1.2", "translation"),
    ]


def test_glossary_terms_known_in_both_languages_are_anchors():
    """The translation leaves out Quest: by number its 1.2 (Challenge) would pair with Quest; the
    glossary's forms of "challenge" pair it with Challenge."""
    source = items(
        [
            ("1", "TURN ACTIONS"),
            ("1.1", "Ink"),
            ("1.1.1", "Put a card into your inkwell."),
            ("1.2", "Quest"),
            ("1.2.1", "Exert a character to quest."),
            ("1.3", "Challenge"),
            ("1.3.1", "Exert a character to challenge."),
        ],
        0,
    )
    translation = items(
        [
            ("1", "ターン行動"),
            ("1.1", "インク"),
            ("1.1.1", "カードをインクウェルに置く。"),
            ("1.2", "チャレンジ"),
            ("1.2.1", "キャラクターをエグザートしてチャレンジする。"),
        ],
        100,
    )
    numbers = {item.id: item.number for item in source + translation}
    without = align_by_structure(source, translation)
    assert [(numbers[link.source], numbers[link.target]) for link in without][-2:] == [
        ("1.2", "1.2"),
        ("1.2.1", "1.2.1"),
    ]
    vocabulary = Vocabulary(
        pairs=((("inkwell",), ("インクウェル",)), (("quest",), ("クエスト",)), (("challenge",), ("チャレンジ",)))
    )
    links = align_by_structure(source, translation, vocabulary=vocabulary)
    assert [(numbers[link.source], numbers[link.target]) for link in links] == [
        ("1", "1"),
        ("1.1", "1.1"),
        ("1.1.1", "1.1.1"),
        ("1.3", "1.2"),
        ("1.3.1", "1.2.1"),
    ]
