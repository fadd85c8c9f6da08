"""The rulebook-layout parser: numbered rulebooks in layout-kept text (the Disney Lorcana
Comprehensive Rules in English, German, French and Japanese).

Expected values are read from the files here with regexes of the test's own (numbered lines,
example labels, footers, the change log's date through Babel's month names), not from the parser.
"""

import datetime
import io
import json
import re

import pytest
from babel.dates import get_month_names
from django.core.management import call_command

from rulesref.rules.parsers import detect_format, parse_file, read_source, rulebook_layout
from rulesref.rules.parsers.base import CHAPTER, NOTE, RULE, SECTION, SUBRULE, finish
from rulesref.rules.parsers.source import SourceText

EN_210 = "lorcana_cr_en_20260430_v2.1.0.txt"
DE_210 = "lorcana_cr_de_20260430_v2.1.0.txt"
FR_210 = "lorcana_cr_fr_20260430_v2.1.0.txt"
EN_220 = "lorcana_cr_en_20260709_v2.2.0.txt"
JA_220 = "lorcana_cr_ja_20260710_v2.2.0.txt"
ALL = [EN_210, DE_210, FR_210, EN_220, JA_220]
EACH = pytest.mark.parametrize("name", ALL)

GLOSSARY_HEADINGS = ("Glossary", "GLOSSAR", "GLOSSAIRE", "用語集")
NUMBERED = re.compile(r"^\s*(\d+(?:\.\d+)*)\.\s+\S")
EXAMPLE = re.compile(r"^\s*(Example|Beispiel|Exemple|例)(\s?[A-C])?\s?[:：]")
FOOTER = re.compile(r"^\s*(disneylorcana\.com|©Disney|Based on the \"Winnie the Pooh\" works)", re.IGNORECASE)


@pytest.fixture(scope="module")
def parsed():
    from tests.conftest import corpus_file

    cache = {}

    def get(name):
        if name not in cache:
            path = corpus_file(name)
            cache[name] = (parse_file(path), path.read_text(encoding="utf-8").split("\n"))
        return cache[name]

    return get


def body_lines(lines):
    """(line number, text) of the rules: from chapter 1 that rule 1.1.1 follows to the glossary."""
    start = next(
        i for i, text in enumerate(lines) if re.match(r"^\s*1\.\s", text) and re.match(r"^\s*1\.1\.1\.\s", lines[i + 2])
    )
    end = next(i for i in range(start, len(lines)) if lines[i].strip() in GLOSSARY_HEADINGS)
    return [(i + 1, lines[i]) for i in range(start, end)]


def numbered_in_file(lines):
    return [match[1] for _, text in body_lines(lines) if (match := NUMBERED.match(text))]


def numbers_of(result):
    return [e.number for e in result.entries if e.kind != NOTE]


def entry(result, number):
    return next(e for e in result.entries if e.number == number)


# --- the corpora --------------------------------------------------------------------


@EACH
def test_every_lorcana_file_is_read_as_a_rulebook_layout_with_no_unplaced_line(parsed, name):
    result, lines = parsed(name)
    assert result.format == "rulebook-layout"
    assert result.scheme == "dotted"
    assert result.report.unplaced == []
    # Every non-blank line is in an entry, a glossary entry or the report: the skipped lines and the
    # lines the entries and glossary start on are all distinct and all non-blank.
    skipped = {s.line for s in result.report.skipped}
    assert all(lines[n - 1].strip() for n in skipped)
    assert len(skipped) == len(result.report.skipped)
    # The text of every other line (without its number or example label) is in an entry's title,
    # text or examples, or in a glossary term or definition.
    texts = "\x00".join(
        [part for e in result.entries for part in (e.title, e.text, *(x.text for x in e.examples))]
        + [part for g in result.glossary for part in (g.term, g.definition)]
    )
    for number, text in enumerate(lines, start=1):
        if text.strip() and number not in skipped:
            content = EXAMPLE.sub("", re.sub(r"^\s*\d+(?:\.\d+)*\.\s+", "", text)).strip()
            assert content in texts, (number, text)


@EACH
def test_each_numbered_line_of_the_rules_is_one_entry_in_the_files_order(parsed, name):
    result, lines = parsed(name)
    assert numbers_of(result) == numbered_in_file(lines)


def test_english_german_and_french_210_have_the_same_numbers_but_german_leaves_out_one(parsed):
    en, en_lines = parsed(EN_210)
    de, _ = parsed(DE_210)
    fr, _ = parsed(FR_210)
    assert len(numbered_in_file(en_lines)) == 551
    assert numbers_of(fr) == numbers_of(en)
    # The German translation has no 1.3.5.3 ("opposing player", a name German cards do not use).
    assert numbers_of(de) == [n for n in numbers_of(en) if n != "1.3.5.3"]


@pytest.mark.parametrize(
    ("name", "counts"),
    [
        (EN_210, (10, 67, 276, 198)),
        (DE_210, (10, 67, 276, 197)),
        (FR_210, (10, 67, 276, 198)),
        (EN_220, (10, 67, 279, 210)),
        (JA_220, (10, 66, 273, 202)),
    ],
)
def test_kinds_follow_the_depth_of_the_number(parsed, name, counts):
    result, lines = parsed(name)
    depths = [min(n.count("."), 3) for n in numbered_in_file(lines)]
    assert tuple(depths.count(depth) for depth in range(4)) == counts
    kinds = [e.kind for e in result.entries if e.kind != NOTE]
    assert tuple(kinds.count(kind) for kind in (CHAPTER, SECTION, RULE, SUBRULE)) == counts


@EACH
def test_examples_are_the_files_example_paragraphs_with_their_printed_letters(parsed, name):
    result, lines = parsed(name)
    printed = [(n, match[0].strip()) for n, text in body_lines(lines) if (match := EXAMPLE.match(text))]
    examples = [(x.line, x.label) for e in result.entries for x in e.examples]
    assert [line for line, _ in examples] == [line for line, _ in printed]
    lettered = [label for _, label in printed if re.search(r"[A-C]\s?[:：]$", label)]
    assert [label for _, label in examples if label] == lettered
    assert len(printed) == {EN_210: 92, DE_210: 92, FR_210: 92, EN_220: 98, JA_220: 93}[name]


@EACH
def test_footers_are_reported_as_skipped_with_their_line_numbers(parsed, name):
    result, lines = parsed(name)
    footers = [i + 1 for i, text in enumerate(lines) if FOOTER.match(text)]
    assert len(footers) == {EN_210: 98, DE_210: 112, FR_210: 112, EN_220: 220, JA_220: 82}[name]
    skipped = [s.line for s in result.report.skipped if s.reason == "page furniture (footer)"]
    assert skipped == footers
    texts = " ".join(e.text + " ".join(x.text for x in e.examples) for e in result.entries)
    assert "disneylorcana.com" not in texts.casefold()
    assert "©" not in texts


def change_log_date(lines, locale):
    """The date on the line after the change log's heading, read with Babel's month names."""
    headings = ("Update Summary", "Update-Zusammenfassung", "RÉSUMÉ DES MISES À JOUR", "更新履歴")
    # The first after the rules (the Japanese table of contents lists 更新履歴 too).
    heading = next(i for i, text in enumerate(lines) if text.strip() in headings and i > 1000)
    text = lines[heading + 1].strip()
    months = {name.casefold(): number for number, name in get_month_names("wide", locale=locale).items()}
    if match := re.fullmatch(r"(\d{4}) 年 (\d{1,2}) 月 (\d{1,2}) 日", text):
        return datetime.date(int(match[1]), int(match[2]), int(match[3]))
    if match := re.fullmatch(r"(\w+) (\d{1,2}), (\d{4})", text):
        return datetime.date(int(match[3]), months[match[1].casefold()], int(match[2]))
    match = re.fullmatch(r"(\d{1,2})\.? (\w+) (\d{4})", text)
    return datetime.date(int(match[3]), months[match[2].casefold()], int(match[1]))


@pytest.mark.parametrize(
    ("name", "locale", "version", "date"),
    [
        (EN_210, "en", "Version 2.1.0", datetime.date(2026, 4, 30)),
        (DE_210, "de", "Version 2.1.0", datetime.date(2026, 4, 30)),
        (FR_210, "fr", "Version 2.1.0", datetime.date(2026, 4, 30)),
        (EN_220, "en", "Version 2.2.0", datetime.date(2026, 7, 9)),
        (JA_220, "ja", "バージョン 2.2.0", datetime.date(2026, 7, 10)),
    ],
)
def test_version_and_effective_date_come_from_the_title_block_and_agree_with_the_change_log(
    parsed, name, locale, version, date
):
    result, lines = parsed(name)
    assert result.edition.name == version
    assert result.edition.date == date
    assert result.edition.line == 3
    # The version as the statement's revision (what a translation is paired by), and the language whose
    # date statement matched: "Version" is printed alike in English, German and French.
    assert result.edition.revision == version.split()[-1]
    assert result.edition.language == locale
    assert change_log_date(lines, locale) == date
    statements = [s.text.strip() for s in result.report.skipped if s.reason == "edition statement"]
    assert statements == [lines[1].strip(), lines[2].strip()]


@pytest.mark.parametrize(
    ("name", "phrase"),
    [(EN_210, "(see 4.6.4 through 4.6.6)"), (DE_210, "(siehe 4.6.4 bis 4.6.6)"), (EN_220, "(see 4.6.4 through 4.6.6)")],
)
def test_a_range_cited_across_a_line_break_reads_as_printed(parsed, name, phrase):
    result, _ = parsed(name)
    assert phrase in entry(result, "1.8.1").text


def test_the_table_of_contents_is_skipped_from_the_top_of_its_page(parsed):
    result, lines = parsed(EN_210)
    contents = [s.line for s in result.report.skipped if s.reason == "table of contents"]
    # The other column's "5.6. Locations" comes first, above "CONTENTS".
    assert lines[contents[0] - 1].strip() == "5.6.   Locations"
    assert lines[contents[1] - 1].startswith("CONTENTS")
    assert contents == [n for n in range(contents[0], 72) if lines[n - 1].strip()]


def test_headings_titles_rules_and_wrapped_lines_in_english(parsed):
    result, _ = parsed(EN_210)
    assert (entry(result, "1").title, entry(result, "1.1").title) == ("CONCEPTS", "General")
    # A section printed as a sentence keeps it as its text.
    assert entry(result, "9.1").title == ""
    assert entry(result, "9.1").text.startswith("Multiplayer games are played with three or more players.")
    assert entry(result, "2.1.3.2").text.endswith("This is known as the “play-draw” rule.")
    assert (
        entry(result, "1.7.7")
        .examples[1]
        .text.endswith(
            "Only the illegal part of the game action, the choice, is undone and a new choice is made if able."
        )
    )
    notes = [(e.title, e.text[:40]) for e in result.entries if e.kind == NOTE]
    assert notes == [
        ("A Note for New Players", "Welcome! There are several ways to acces"),
        ("", "If you’re new to the Disney Lorcana TCG,"),
        ("INTRODUCTION", "This document covers the technical detai"),
        ("", "The Comprehensive Rules is a living docu"),
    ]
    assert entry(result, "1").parent is None


def test_japanese_220_joins_wrapped_lines_without_spaces_and_keeps_cited_numbers_in_the_text(parsed):
    result, lines = parsed(JA_220)
    assert entry(result, "1.1.1").text == (
        "ディズニー・ロルカナ・TCG は２人以上のプレイヤーで遊ぶゲームである。プレイヤーは、ディズニー・ロルカナの"
        "カードによって構成されるデッキを各自１つ用意する（1.10 節「物品」参照）。"
    )
    # "5.3.3.1.と 5.3.3.2.に" wraps inside 5.3.3; rule 5.3.3.1 follows it.
    assert "5.3.3.1.と 5.3.3.2.に書かれた要件" in entry(result, "5.3.3").text
    assert entry(result, "5.3.3.1").text == "キャラクターは攻撃力 と意志力 を持つ。"
    assert [x.label for x in entry(result, "1.8.3").examples] == ["例A:", "例B:"]
    # Terms at the margin, definitions indented, a blank line between entries: counted here by indent.
    start = next(i for i, text in enumerate(lines) if text == "用語集" and i > 1000)
    end = next(i for i, text in enumerate(lines) if text == "更新履歴" and i > start)
    terms = [text for text in lines[start + 1 : end] if text.strip() and text == text.lstrip() and text != "©Disney"]
    assert [g.term for g in result.glossary] == terms
    assert len(terms) == 103


@pytest.mark.parametrize(
    ("name", "count", "first", "last"),
    [
        (EN_210, 101, ("ability", "Special rules explaining"), ("zone", "A physical or non-physical")),
        (FR_210, 102, ("Action (carte)", "Un type de carte"), ("Zone publique", "Une zone où")),
        (DE_210, 98, ("Ablagestapel", "Der einzelne offen liegende"), ("Zugaktion", "Eine Aktion")),
        (EN_220, 101, ("ability", "Special rules explaining"), ("zone", "A physical or non-physical")),
    ],
)
def test_glossary_entries_without_blank_lines_between_them(parsed, name, count, first, last):
    result, _ = parsed(name)
    glossary = result.glossary
    assert len(glossary) == count
    assert (glossary[0].term, glossary[0].definition[: len(first[1])]) == first
    assert (glossary[-1].term, glossary[-1].definition[: len(last[1])]) == last
    # Each term is short and each definition ends a sentence (the files' definitions all do but
    # two German ones, read as printed).
    assert all(len(g.term) <= 60 and g.definition for g in glossary)


def test_english_terms_are_not_cut_from_their_definitions(parsed):
    result, _ = parsed(EN_210)
    terms = {g.term: g.definition for g in result.glossary}
    assert terms["stack"].startswith("noun. A number of cards set on top of each other")
    assert terms["stack"].endswith(
        "verb. To combine multiple instances of an effect. Keyword abilities that stack are followed by “+[N].”"
    )
    assert terms["Strength $"] == (
        "The amount of damage a character deals in a challenge. A character’s Strength $ may be referenced in "
        "abilities or effects."
    )


def test_figure_labels_are_skipped(parsed):
    result, lines = parsed(EN_210)
    figures = {lines[s.line - 1].strip() for s in result.report.skipped if s.reason == "figure label"}
    assert {"CHALLENGE EXAMPLE B", "BANISHED", "STANDARD CARD TERMS", "Ink Key", "Rarity Key"} <= figures
    assert "Ink Key" not in entry(result, "5.2.5").text


def test_no_other_corpus_or_seed_is_taken_for_a_rulebook_layout(corpus):
    from tests.conftest import SOURCES

    paths = [*sorted(SOURCES.iterdir())] + [
        corpus(name)
        for name in (
            "mtg_cr_en_20240917_duskmourn.txt",
            "mtg_cr_en_20230616_lotr.txt",
            "mtg_cr_en_20250404_cr-line-endings.txt",
            "mtg_cr_zh-hans_20240917_duskmourn.txt",
            "berserk_heroes_full_rules_ru_ed15_20240531.md",
            "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md",
        )
    ]
    for path in paths:
        assert not rulebook_layout.detect(read_source(path)), path
    for name in ALL:
        assert detect_format(read_source(corpus(name))) == "rulebook-layout"


# --- a synthetic file for the edge cases ------------------------------------------

SYNTHETIC = """\
                    COMPREHENSIVE RULES
                                 Version 9.1.0
                           Effective March 2, 2027



A Note for New Players
Welcome! This document is meant for high-
level questions.



disneylorcana.com
©Disney                                   1
CONTENTS                     2. PLAY
1. CONCEPTS                     2.1. Turns
   1.1. General              GLOSSARY


     disneylorcana.com
     ©Disney                              2
1.   CONCEPTS
   1.1. General
        1.1.1. A game is played by two players. Each player needs a deck of their own (see 2.1.1
                through 2.1.3).
        1.1.2. Each player draws cards as described in the rules for drawing, that is
                6.1.8. The steps in
                1.1.2.1. and 1.1.2.2. follow.
              Example A: A player has 3 cards.
              Example B: A player has 4
              cards.
            1.1.2.1. A subrule under 1.1.2, which reads on
                      to the next page
  disneylorcana.com
  ©Disney                              3
                      after the footer.
            1.1.2.2. Another subrule.
2. PLAY
 2.1. Turns
      2.1.1. A turn has phases.
             Example: The first player skips drawing.
Glossary
  deck
  The cards a player plays with.
  lore
  What players gain by questing. A player wins with 20.
  turn
  The time a player acts.

  Update Summary
  March 2, 2027
 •    1.1.2. Clarified drawing.
disneylorcana.com
©Disney                                   4
"""


def synthetic_lines():
    return list(enumerate(SYNTHETIC.split("\n")[:-1], start=1))


def test_synthetic_edge_cases():
    result = finish(rulebook_layout.parse_lines("rules.txt", synthetic_lines(), "0" * 64))
    lines = SYNTHETIC.split("\n")
    assert result.report.unplaced == []
    assert result.report.warnings == []
    assert [(e.kind, e.number) for e in result.entries if e.kind != NOTE] == [
        (CHAPTER, "1"),
        (SECTION, "1.1"),
        (RULE, "1.1.1"),
        (RULE, "1.1.2"),
        (SUBRULE, "1.1.2.1"),
        (SUBRULE, "1.1.2.2"),
        (CHAPTER, "2"),
        (SECTION, "2.1"),
        (RULE, "2.1.1"),
    ]
    assert entry(result, "1.1.1").text.endswith("(see 2.1.1 through 2.1.3).")
    # A wrapped line beginning with a number that does not follow the numbering (6.1.8), and one whose
    # number would follow it (1.1.2.1) but is indented as a continuation and printed again below.
    assert entry(result, "1.1.2").text == (
        "Each player draws cards as described in the rules for drawing, that is 6.1.8. The steps in "
        "1.1.2.1. and 1.1.2.2. follow."
    )
    assert [(x.label, x.text) for x in entry(result, "1.1.2").examples] == [
        ("Example A:", "A player has 3 cards."),
        ("Example B:", "A player has 4 cards."),
    ]
    assert [(x.label, x.text) for x in entry(result, "2.1.1").examples] == [("", "The first player skips drawing.")]
    # The footer in the middle of the paragraph is left out of it.
    assert entry(result, "1.1.2.1").text == "A subrule under 1.1.2, which reads on to the next page after the footer."
    assert [(e.title, e.text) for e in result.entries if e.kind == NOTE] == [
        ("A Note for New Players", "Welcome! This document is meant for high-level questions.")
    ]
    assert [(g.term, g.definition, g.line) for g in result.glossary] == [
        ("deck", "The cards a player plays with.", 43),
        ("lore", "What players gain by questing. A player wins with 20.", 45),
        ("turn", "The time a player acts.", 47),
    ]
    assert (result.edition.name, result.edition.date) == ("Version 9.1.0", datetime.date(2027, 3, 2))
    skipped = {}
    for s in result.report.skipped:
        skipped.setdefault(s.reason, []).append(s.line)
    footers = [n for n, text in enumerate(lines, 1) if FOOTER.match(text)]
    assert skipped == {
        "page furniture (footer)": footers,
        "document title": [1],
        "edition statement": [2, 3],
        "table of contents": [15, 16, 17],
        "glossary heading": [42],
        "change log (update summary)": [50, 51, 52],
    }
    assert footers == [13, 14, 20, 21, 34, 35, 53, 54]
    # Every non-blank line is accounted for.
    placed = set().union(*skipped.values())
    for e in result.entries:
        placed.add(e.line)
    assert placed <= {n for n, text in enumerate(lines, 1) if text.strip()}


def test_lines_the_publisher_coloured_mark_their_entry_as_changed():
    # Line 36 continues 1.1.2.1 after the footer; line 30 is an example of 1.1.2.
    result = rulebook_layout.parse_lines("rules.pdf", synthetic_lines(), "0" * 64, changed={30, 36})
    changed = [e.number for e in result.entries if e.changed_by_publisher]
    assert changed == ["1.1.2", "1.1.2.1"]


def test_page_indentation_may_differ_the_number_gives_the_depth():
    text = (
        "1. ONE\n"
        "1.1. First\n"
        " 1.1.1. A rule printed at the margin of its page.\n"
        "                  1.1.1.1. A subrule indented far on this page.\n"
        "page footer 1\npage footer 2\npage footer 3\n"
        "1.2. Second\n"
        "             1.2.1. A rule indented far on this page.\n"
        "    1.2.1.1. A subrule at the margin.\n"
    ).replace("page footer", "x.example.com")
    result = rulebook_layout.parse(SourceText.from_string(text))
    assert [(e.kind, e.number) for e in result.entries] == [
        (CHAPTER, "1"),
        (SECTION, "1.1"),
        (RULE, "1.1.1"),
        (SUBRULE, "1.1.1.1"),
        (SECTION, "1.2"),
        (RULE, "1.2.1"),
        (SUBRULE, "1.2.1.1"),
    ]
    assert [s.reason for s in result.report.skipped] == ["page furniture (footer)"] * 3


def test_a_file_without_rules_is_refused_with_the_reason():
    from rulesref.rules.parsers import ParseError

    with pytest.raises(ParseError, match=r"^notes\.txt: no rules body: no chapter '1\.' followed by section"):
        rulebook_layout.parse_lines("notes.txt", [(1, "1. Only a heading"), (2, "Some text.")], "")


@pytest.mark.django_db
def test_import_rules_dry_run_json_gives_the_counts(tmp_path):
    path = tmp_path / "rulebook.txt"
    path.write_text(SYNTHETIC, encoding="utf-8")
    out = io.StringIO()
    call_command(
        "import_rules",
        str(path),
        "--game",
        "mtg",
        "--lang",
        "en",
        "--format",
        "rulebook-layout",
        "--dry-run",
        "--json",
        stdout=out,
    )
    report = json.loads(out.getvalue())
    assert report["format"] == "rulebook-layout"
    assert report["effective_date"] == "2027-03-02"
    assert report["edition_name"] == "Version 9.1.0"
    assert {k: report["counts"][k] for k in ("chapters", "sections", "rules", "subrules", "examples", "glossary")} == {
        "chapters": 2,
        "sections": 2,
        "rules": 3,
        "subrules": 2,
        "examples": 3,
        "glossary": 3,
    }
    assert report["unplaced"] == []


@pytest.mark.parametrize("name", [EN_210, DE_210, FR_210, EN_220])
def test_lines_without_indentation_or_blank_lines_read_the_same(parsed, name):
    """What a PDF reader extracts (pdfplumber's lines start at the margin and no line is blank)
    gives the same entries, examples, glossary and date."""
    result, lines = parsed(name)
    flat = [(number, text.strip()) for number, text in enumerate(lines, start=1) if text.strip()]
    again = rulebook_layout.parse_lines(name, flat, "")
    assert numbers_of(again) == numbers_of(result)
    assert [x.line for e in again.entries for x in e.examples] == [x.line for e in result.entries for x in e.examples]
    assert [g.term for g in again.glossary] == [g.term for g in result.glossary]
    assert again.edition.date == result.edition.date
    assert again.report.unplaced == []


ITALIAN = (
    SYNTHETIC.replace("COMPREHENSIVE RULES", "REGOLE COMPLETE")
    .replace("Version 9.1.0", "Versione 9.1.0")
    .replace("Effective March 2, 2027", "In vigore dal 2 marzo 2027")
    .replace("CONTENTS", "INDICE")
    .replace("Glossary", "Glossario")
    .replace("GLOSSARY", "GLOSSARIO")
    .replace("Update Summary", "Riepilogo degli aggiornamenti")
    .replace("March 2, 2027", "2 marzo 2027")
    .replace("Example A:", "Esempio A:")
    .replace("Example B:", "Esempio B:")
    .replace("Example:", "Esempio:")
    .replace("(see 2.1.1", "(vedi 2.1.1")
    .replace("through 2.1.3", "fino a 2.1.3")
)


def test_a_further_language_of_the_same_rulebook_is_read_from_its_data_entry():
    """An Italian edition (none is in the corpora) needs the Italian entry's words, no code."""
    english = rulebook_layout.parse_lines("rules.txt", synthetic_lines(), "")
    lines = list(enumerate(ITALIAN.split("\n")[:-1], start=1))
    italian = finish(rulebook_layout.parse_lines("regole.txt", lines, ""))
    assert (italian.edition.date.isoformat(), italian.edition.name) == ("2027-03-02", "Versione 9.1.0")
    assert italian.report.unplaced == []
    assert italian.numbers == english.numbers
    assert [len(entry.examples) for entry in italian.entries] == [len(entry.examples) for entry in english.entries]
    assert [term.term for term in italian.glossary] == ["deck", "lore", "turn"]
    assert [line.line for line in italian.report.skipped] == [line.line for line in english.report.skipped]
    # "vedi 2.1.1 fino a 2.1.3": a range over the numbers the edition has (it has no 2.1.2).
    rule = next(entry for entry in italian.entries if entry.number == "1.1.1")
    assert [(ref.target, ref.text) for ref in rule.cross_references] == [
        ("2.1.1", "vedi 2.1.1 fino a 2.1.3"),
        ("2.1.3", "vedi 2.1.1 fino a 2.1.3"),
    ]
