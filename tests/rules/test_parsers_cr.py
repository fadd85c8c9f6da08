"""The official Comprehensive Rules TXT ("cr-text"): English editions and Chinese.

Counts are checked twice: against exact figures measured once, and against
counts computed here from the raw lines with regexes that do not use the parser.
"""

import re
from collections import Counter

import pytest

from rulesref.core import langdata
from rulesref.rules.parsers import cr, parse_file, parse_source, xrefs
from rulesref.rules.parsers.base import ParseError
from rulesref.rules.parsers.source import SourceText, read_source
from tests.conftest import (
    SEED_BERSERK,
    SEED_IT_2023,
    SEED_IT_2024,
    SEED_JA,
    corpus_file,
)
from tests.synthetic import CR_2009, CR_2012, CR_2018, CR_UNHEADED, KOREAN_CR

EN_2023 = "mtg_cr_en_20230616_lotr.txt"
EN_2024 = "mtg_cr_en_20240917_duskmourn.txt"
EN_2025 = "mtg_cr_en_20250404_cr-line-endings.txt"
ZH_2024 = "mtg_cr_zh-hans_20240917_duskmourn.txt"
CR_FILES = [EN_2023, EN_2024, EN_2025, ZH_2024]
BERSERK_MD = "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"

# Cross-references count every target, a range expanded to the rules it covers ("601.2a–h" is
# eight); before bare citations, ranges and whole lists were read they were 987, 1053, 1060, 1053.
EXPECTED_COUNTS = {
    EN_2023: {
        "chapters": 9,
        "sections": 142,
        "rules": 1093,
        "subrules": 1760,
        "examples": 274,
        "glossary": 659,
        "cross_references": 1197,
        "notes": 2,
    },
    EN_2024: {
        "chapters": 9,
        "sections": 144,
        "rules": 1128,
        "subrules": 1888,
        "examples": 279,
        "glossary": 698,
        "cross_references": 1279,
        "notes": 2,
    },
    EN_2025: {
        "chapters": 9,
        "sections": 145,
        "rules": 1136,
        "subrules": 1911,
        "examples": 275,
        "glossary": 708,
        "cross_references": 1286,
        "notes": 2,
    },
    ZH_2024: {
        "chapters": 9,
        "sections": 144,
        "rules": 1128,
        "subrules": 1888,
        "examples": 279,
        "glossary": 698,
        "cross_references": 1271,
        "notes": 2,
    },
}

EXPECTED_WARNING_LINES = {
    EN_2023: [1022, 2667, 4676, 4678, 6215],
    EN_2024: [1051, 2715, 6540, 5228, 5230],
    EN_2025: [1051, 2699],
    ZH_2024: [703],
}

EXPECTED_SKIPPED = {
    EN_2023: {"document title": 1, "edition statement": 1, "table of contents": 154},
    EN_2024: {"document title": 1, "edition statement": 1, "table of contents": 156},
    EN_2025: {"document title": 1, "edition statement": 1, "table of contents": 157},
    ZH_2024: {"document title": 1, "edition statement": 1, "table of contents": 156},
}
EXPECTED_CREDITS = {EN_2023: 11, EN_2024: 12, EN_2025: 12, ZH_2024: 12}


# Independent reading of the raw files --------------------------------------


def raw_lines(path):
    text = path.read_bytes().decode("utf-8-sig")
    lines = re.split(r"\r\n|\r|\n", text)
    return lines[:-1] if lines[-1] == "" else lines


def second_index(lines, wanted):
    hits = [index for index, line in enumerate(lines) if line.strip() in wanted]
    return hits[1]


def raw_regions(lines):
    """(body, glossary) lists of lines: each part starts at its heading's 2nd use."""
    first_chapter = next(line for line in lines if re.match(r"1\. ", line))
    body = second_index(lines, {first_chapter})
    glossary = second_index(lines, {"Glossary", "词汇表"})
    credits = second_index(lines, {"Credits", "版权信息"})
    return lines[body:glossary], lines[glossary + 1 : credits]


def raw_counts(path):
    body, glossary = raw_regions(raw_lines(path))

    def count(pattern):
        return sum(1 for line in body if re.match(pattern, line))

    glossary_terms = sum(
        1 for before, line in zip([""] + glossary, glossary, strict=False) if line.strip() and not before.strip()
    )
    return {
        "chapters": count(r"\d\. "),
        "sections": count(r"\d{3}\. "),
        "rules": count(r"\d{3}\.\d+(?![\da-z])"),
        "subrules": count(r"\d{3}\.\d+[a-z]"),
        "examples": count(r"Example:|例如[：，]"),
        "glossary": glossary_terms,
    }


# Helpers over parse results ------------------------------------------------


@pytest.fixture(scope="module")
def parsed():
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = parse_file(corpus_file(name))
        return cache[name]

    return get


def entries_numbered(result, number):
    return [entry for entry in result.entries if entry.number == number]


def only_entry(result, number):
    (entry,) = entries_numbered(result, number)
    return entry


def glossary_term(result, term):
    (entry,) = [entry for entry in result.glossary if entry.term == term]
    return entry


# Counts and completeness -----------------------------------------------------


@pytest.mark.parametrize("name", CR_FILES)
def test_counts_match_the_raw_lines(name, corpus, parsed):
    """Rules, subrules, examples and glossary terms equal a regex count of the file."""
    result = parsed(name)
    counts = result.counts
    expected = raw_counts(corpus(name))
    assert {key: counts[key] for key in expected} == expected
    assert result.report.unplaced == []


@pytest.mark.parametrize("name", CR_FILES)
def test_counts_are_the_measured_figures(name, parsed):
    counts = parsed(name).counts
    expected = EXPECTED_COUNTS[name]
    assert {key: counts[key] for key in expected if expected[key] is not None} == {
        key: value for key, value in expected.items() if value is not None
    }


@pytest.mark.parametrize("name", CR_FILES)
def test_every_non_blank_line_is_placed_or_skipped_with_a_reason(name, corpus, parsed):
    raw = raw_lines(corpus(name))
    result = parsed(name)
    placed = set()
    for entry in result.entries:
        # Continuation lines directly follow their entry, one per "\n".
        placed.update(range(entry.line, entry.line + entry.text.count("\n") + 1))
        placed.update(example.line for example in entry.examples)
        if entry.kind == "note" and entry.title:
            placed.add(raw.index(entry.title) + 1)
    for term in result.glossary:
        placed.update(range(term.line, term.line + term.definition.count("\n") + 2))
    skipped = {line.line for line in result.report.skipped}
    assert all(line.reason for line in result.report.skipped)
    assert placed.isdisjoint(skipped)
    non_blank = {number for number, text in enumerate(raw, start=1) if text.strip()}
    assert placed | skipped == non_blank


@pytest.mark.parametrize("name", CR_FILES)
def test_table_of_contents_and_credits_are_skipped_with_reasons(name, parsed):
    reasons = Counter(line.reason for line in parsed(name).report.skipped)
    assert reasons == Counter(
        EXPECTED_SKIPPED[name],
        **{"glossary heading": 1, "credits": EXPECTED_CREDITS[name]},
    )


def test_legal_notice_repeating_the_effective_date_is_skipped_as_credits(parsed):
    skipped = {line.line: line for line in parsed(EN_2024).report.skipped}
    assert skipped[8959].text == "These rules are effective as of September 20, 2024."
    assert skipped[8959].reason == "credits"
    assert skipped[8937].text == "Credits"
    assert skipped[3].reason == "edition statement"
    assert skipped[1].text == "Magic: The Gathering Comprehensive Rules"


# Layout -----------------------------------------------------------------------


def test_headings_rules_and_subrules_have_numbers_as_printed(parsed):
    result = parsed(EN_2024)
    chapter, section, rule, subrule = result.entries[2:6]
    assert (chapter.kind, chapter.number, chapter.title, chapter.text) == (
        "chapter",
        "1",
        "Game Concepts",
        "",
    )
    assert (chapter.line, section.line) == (179, 181)
    assert (section.kind, section.number, section.title) == (
        "section",
        "100",
        "General",
    )
    assert (rule.kind, rule.number, rule.line) == ("rule", "100.1", 183)
    assert rule.text.startswith("These Magic rules apply to any Magic game")
    assert (subrule.kind, subrule.number, subrule.line) == ("subrule", "100.1a", 185)
    assert subrule.text == "A two-player game is a game that begins with only two players."


def test_chinese_headings_are_read_like_the_english_ones(parsed):
    result = parsed(ZH_2024)
    chapters = [(e.number, e.title, e.line) for e in result.entries if e.kind == "chapter"]
    assert chapters[0] == ("1", "游戏概念", 179)
    assert len(chapters) == 9
    assert only_entry(result, "100").title == "总则"


@pytest.mark.parametrize(
    ("name", "heading", "first_words"),
    [
        (EN_2024, "Introduction", "This document is the ultimate authority"),
        (ZH_2024, "前言", "本文件是万智牌®竞技游戏的最终解释。"),
    ],
)
def test_introduction_paragraphs_are_notes_titled_by_the_heading(name, heading, first_words, parsed):
    notes = [entry for entry in parsed(name).entries if entry.kind == "note"]
    assert [(note.line, note.title, note.number) for note in notes] == [
        (7, heading, ""),
        (9, "", ""),
    ]
    assert notes[0].text.startswith(first_words)
    assert all(note.parent is None for note in notes)


def test_trailing_spaces_are_stripped(parsed):
    result = parsed(EN_2024)
    assert glossary_term(result, "Case").definition.endswith("“Case Cards.”")
    assert not any(entry.text != entry.text.rstrip() for entry in result.entries)


# Official typos -------------------------------------------------------------


TYPOS = {
    EN_2023: [
        (1022, "subrule", "119.1d", "In a two-player Brawl game", "'119.1d.'"),
        (2667, "rule", "606.5", "If the total cost to activate", "'606.5'"),
        (4676, "subrule", "702.124h", "“Choose a Background” is", "'702.124h.'"),
        (
            4678,
            "subrule",
            "702.124i",
            "If an effect refers to the partner",
            "'702.124i.'",
        ),
        (6215, "rule", "901.4", "All plane and phenomenon cards", "'901.4.All'"),
    ],
    EN_2024: [
        (1051, "subrule", "119.1d", "In a two-player Brawl game", "'119.1d.'"),
        (2715, "rule", "606.5", "If the total cost to activate", "'606.5'"),
        (6540, "rule", "901.4", "All plane and phenomenon cards", "'901.4.All'"),
    ],
    EN_2025: [
        (1051, "subrule", "119.1d", "In a two-player Brawl game", "'119.1d.'"),
        (2699, "rule", "606.5", "If the total cost to activate", "'606.5'"),
    ],
}


@pytest.mark.parametrize("name", list(TYPOS))
def test_official_typos_are_read_as_the_number_meant_and_warned(name, parsed):
    result = parsed(name)
    warnings = {warning.line: warning.message for warning in result.report.warnings}
    for line, kind, number, text_start, printed in TYPOS[name]:
        (entry,) = [entry for entry in result.entries if entry.line == line]
        assert (entry.kind, entry.number) == (kind, number)
        assert entry.text.startswith(text_start)
        assert f"{kind} {number} " in warnings[line]
        assert printed in warnings[line]


def test_typo_warnings_say_what_was_wrong(parsed):
    messages = [warning.message for warning in parsed(EN_2023).report.warnings]
    assert messages == [
        "subrule 119.1d is printed with a stray period ('119.1d.'); read as subrule 119.1d",
        "rule 606.5 is printed without the period after its number ('606.5'); read as rule 606.5",
        "subrule 702.124h is printed with a stray period ('702.124h.'); read as subrule 702.124h",
        "subrule 702.124i is printed with a stray period ('702.124i.'); read as subrule 702.124i",
        "rule 901.4 has no space between its number and its text ('901.4.All'); read as rule 901.4",
    ]


@pytest.mark.parametrize("name", CR_FILES)
def test_warnings_are_exactly_the_known_quirks(name, parsed):
    lines = [warning.line for warning in parsed(name).report.warnings]
    assert lines == EXPECTED_WARNING_LINES[name]


def test_chinese_example_labelled_with_a_comma_is_an_example_and_warned(parsed):
    result = parsed(ZH_2024)
    rule = only_entry(result, "111.11")
    assert [example.line for example in rule.examples] == [703]
    assert rule.examples[0].text.startswith("勇行者蒂莎具有异能")
    assert [w.message for w in result.report.warnings] == [
        "example labelled '例如，' instead of '例如：'; read as an example"
    ]


def test_duskmourn_702_175_printed_twice_keeps_both_and_flags_the_second(parsed):
    result = parsed(EN_2024)
    first, second = entries_numbered(result, "702.175")
    assert (first.line, first.text, second.line, second.text) == (
        5222,
        "Offspring",
        5228,
        "Impending",
    )
    assert first.duplicate_of is None
    assert second.duplicate_of == result.entries.index(first)
    sub_first, sub_second = entries_numbered(result, "702.175a")
    assert sub_second.duplicate_of == result.entries.index(sub_first)
    assert sub_second.parent == result.entries.index(first)
    warnings = {w.line: w.message for w in result.report.warnings}
    assert warnings[5228] == ("number 702.175 is printed twice (first on line 5222); both entries are kept")
    assert "702.175a" in warnings[5230]


# Line endings -------------------------------------------------------------------


def test_lone_cr_file_parses_with_the_same_shape_as_the_lf_file(corpus, parsed):
    data = corpus(EN_2025).read_bytes()
    assert (data.count(b"\r"), data.count(b"\r\n")) == (9060, 12)
    lone_cr, lf = parsed(EN_2025), parsed(EN_2024)
    assert [e.title for e in lone_cr.entries if e.kind == "chapter"] == [
        e.title for e in lf.entries if e.kind == "chapter"
    ]
    sections_cr = {e.number for e in lone_cr.entries if e.kind == "section"}
    sections_lf = {e.number for e in lf.entries if e.kind == "section"}
    assert sections_cr - sections_lf == {"731"}
    assert sections_lf <= sections_cr
    assert only_entry(lone_cr, "100.1").line == 184
    assert (lone_cr.glossary[0].term, lone_cr.glossary[0].line) == ("Abandon", 6865)
    assert (lone_cr.glossary[-1].term, lone_cr.glossary[-1].line) == (
        "Zone-Change Triggers",
        9025,
    )
    assert not any("\r" in e.text or "\r" in e.title for e in lone_cr.entries)


def test_lone_cr_file_ends_704_5_at_z(parsed):
    """704.5aa first appears after 2025-04; here the last state-based action is z."""
    result = parsed(EN_2025)
    state_based = [e for e in result.entries if e.number.startswith("704.5")]
    assert [e.number for e in state_based[-2:]] == ["704.5y", "704.5z"]
    assert entries_numbered(result, "704.5aa") == []


MINIMAL_CR = (
    "\ufeffMagic: The Gathering Comprehensive Rules\r\r"
    "These rules are effective as of November 14, 2025.\r\r"
    "Introduction\r\rThis document is the ultimate authority.\r\r"
    "Contents\r\r1. Game Concepts\r100. General\r\rGlossary\r\rCredits\r\n\r"
    "1. Game Concepts\r\r100. General\r\r"
    "100.1. These Magic rules apply to any Magic game.\r\r"
    "704.5z If a player controls a permanent with start your engines!, "
    "see rule 702.179.\r\r"
    "704.5aa If a permanent has more than one Role, see rule 303.7.\r"
    "Example: A Role example.\r\r"
    "Glossary\r\rRoom\r1. A subsection of a dungeon card. See rule 309.\r\r\r"
    "Credits\r\rThanks.\r"
)


def test_two_letter_subrule_sorts_after_z_in_a_lone_cr_file():
    result = parse_source(SourceText.from_string(MINIMAL_CR, path="mini.txt"))
    z = only_entry(result, "704.5z")
    aa = only_entry(result, "704.5aa")
    assert (aa.kind, aa.line, aa.text) == (
        "subrule",
        26,
        "If a permanent has more than one Role, see rule 303.7.",
    )
    assert [example.text for example in aa.examples] == ["A Role example."]
    assert z.sort_key < aa.sort_key
    assert [e.number for e in sorted(result.entries[2:], key=lambda e: e.sort_key)][-2:] == ["704.5z", "704.5aa"]
    assert result.report.unplaced == []
    assert result.edition.date.isoformat() == "2025-11-14"


# English and Chinese alignment ----------------------------------------------------


def test_english_and_chinese_numbers_differ_only_at_702_175_and_702_176(parsed):
    en, zh = parsed(EN_2024).numbers, parsed(ZH_2024).numbers
    assert set(en) ^ set(zh) == {"702.176", "702.176a"}
    assert len(en) == len(zh) == 3016
    # The Chinese file follows the corrected numbering: Impending is 702.176.
    corrected = list(en)
    second = en.index("702.175", en.index("702.175") + 1)
    corrected[second : second + 2] = ["702.176", "702.176a"]
    assert corrected == zh


@pytest.mark.parametrize(
    ("name", "card"),
    [
        (EN_2024, "Lost Order of Jarkeld has power"),
        (ZH_2024, "杰卡失落骑士团[Lost Order of Jarkeld]"),
    ],
)
def test_208_2a_has_the_lost_order_of_jarkeld_example(name, card, parsed):
    rule = only_entry(parsed(name), "208.2a")
    assert [example.line for example in rule.examples] == [1504]
    assert rule.examples[0].text.startswith(card)
    assert not rule.examples[0].text.startswith(("Example", "例如"))


@pytest.mark.parametrize(
    ("name", "card"),
    [(EN_2024, "Veteran Motorist has the ability"), (ZH_2024, "老练车手具有异能")],
)
def test_208_3a_has_the_veteran_motorist_example(name, card, parsed):
    rule = only_entry(parsed(name), "208.3a")
    assert [example.line for example in rule.examples] == [1511]
    assert rule.examples[0].text.startswith(card)


def test_a_rule_can_have_several_examples(parsed):
    rule = only_entry(parsed(EN_2024), "510.1c")
    assert [example.line for example in rule.examples] == [2394, 2395, 2396, 2397]
    assert all(example.text.startswith("The damage assignment order of an attacking ") for example in rule.examples)


@pytest.mark.parametrize("name", [EN_2024, ZH_2024])
def test_indented_continuation_lines_join_the_rule_text(name, corpus, parsed):
    raw = raw_lines(corpus(name))
    result = parsed(name)
    basic = only_entry(result, "205.4c")
    assert basic.text == raw[1445].split(" ", 1)[1] + "\n" + raw[1446].strip()
    blocking = only_entry(result, "509.1b")
    assert blocking.text == raw[2326].split(" ", 1)[1] + "\n" + raw[2327].strip()
    assert [example.line for example in blocking.examples] == [2329]


# Edition, glossary, cross-references ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "date", "text"),
    [
        (EN_2024, "2024-09-20", "These rules are effective as of September 20, 2024."),
        (EN_2023, "2023-06-16", "These rules are effective as of June 16, 2023."),
        (EN_2025, "2025-04-04", "These rules are effective as of April 4, 2025."),
        (ZH_2024, "2024-09-20", "此规则于2024年9月20日起生效"),
    ],
)
def test_edition_statement_gives_the_effective_date(name, date, text, parsed):
    edition = parsed(name).edition
    assert (edition.date.isoformat(), edition.line, edition.text) == (date, 3, text)


def test_unreadable_effective_date_is_warned():
    source = MINIMAL_CR.replace("November 14, 2025", "Novembre 14, 2025")
    result = parse_source(SourceText.from_string(source, path="mini.txt"))
    assert (result.edition.date, result.edition.line) == (None, 3)
    assert [(w.line, w.message) for w in result.report.warnings] == [
        (
            3,
            "cannot read the effective date in 'These rules are effective as of Novembre 14, 2025.'",
        )
    ]


@pytest.mark.parametrize(("name", "term"), [(EN_2024, "Room"), (ZH_2024, "房间/隔间")])
def test_glossary_entry_with_numbered_senses_lists_its_rules(name, term, parsed):
    room = glossary_term(parsed(name), term)
    assert room.line == 8427
    assert room.definition.split("\n")[0].startswith("1. ")
    assert room.definition.split("\n")[1].startswith("2. ")
    assert room.rules == ["309", "709"]


def test_glossary_definitions_are_kept_as_printed(parsed):
    result = parsed(EN_2024)
    assert glossary_term(result, "Room").definition == (
        "1. A subsection of a dungeon card. See rule 309, “Dungeons.”\n"
        "2. An enchantment subtype found on some split cards. See rule 709, "
        "“Split Cards.”"
    )
    play = glossary_term(result, "Play")
    assert play.definition.count("\n") == 4
    assert play.rules == ["116", "305", "601"]
    ability = glossary_term(result, "Ability")
    assert ability.definition.split("\n")[-1].startswith("See rule 113")
    assert ability.rules == ["113"]


def test_glossary_terms_are_printed_with_qualifiers(parsed):
    result = parsed(EN_2024)
    order = glossary_term(result, "Active Player, Nonactive Player Order")
    assert order.rules == ["101.4", "805.6"]
    assert glossary_term(result, "Bury (Obsolete)").line == 7046
    assert result.glossary[0].term == "Abandon"
    assert result.glossary[-1].term == "Zone-Change Triggers"


@pytest.mark.parametrize(("name", "phrase"), [(EN_2024, "rule 604.3"), (ZH_2024, "规则604.3")])
def test_208_2a_cites_604_3(name, phrase, parsed):
    rule = only_entry(parsed(name), "208.2a")
    assert [(ref.target, ref.text) for ref in rule.cross_references] == [("604.3", phrase)]


def test_cross_references_come_from_text_and_examples(parsed):
    result = parsed(EN_2024)
    impending = entries_numbered(result, "702.175a")[1]
    # "(see rules 601.2b and 601.2f–h)": the range is expanded.
    assert [ref.target for ref in impending.cross_references] == ["601.2b", "601.2f", "601.2g", "601.2h"]
    basic = only_entry(result, "108.3b")
    assert [ref.target for ref in basic.cross_references] == [
        "400.11b",
        "108.3",
        "100.4",
    ]


def test_chinese_citation_followed_by_text_keeps_whole_number(parsed):
    basic = only_entry(parsed(ZH_2024), "108.3b")
    assert [ref.target for ref in basic.cross_references] == [
        "400.11b",
        "108.3",
        "100.4",
    ]


# Detection and errors ------------------------------------------------------------


@pytest.mark.parametrize("name", CR_FILES)
def test_detect_accepts_every_comprehensive_rules_file(name, corpus, parsed):
    assert cr.detect(read_source(corpus(name)))
    assert parsed(name).format == "cr-text"


@pytest.mark.parametrize("path", [SEED_IT_2024, SEED_IT_2023, SEED_JA, SEED_BERSERK])
def test_detect_rejects_the_bundled_seeds(path):
    assert not cr.detect(read_source(path))


def test_detect_rejects_the_berserk_markdown(corpus):
    assert not cr.detect(read_source(corpus(BERSERK_MD)))


def test_file_with_only_a_table_of_contents_is_a_parse_error():
    toc_only = MINIMAL_CR.split("1. Game Concepts\r\r100.")[0]
    source = SourceText.from_string(toc_only, path="toc.txt")
    assert cr.detect(source)
    with pytest.raises(ParseError) as caught:
        parse_source(source)
    assert caught.value.line == 11
    assert str(caught.value) == (
        "toc.txt:11: no rules body: the chapter heading '1. Game Concepts' appears only in the table of contents"
    )


def test_bundled_gzip_copy_reads_as_the_same_source_as_the_corpus_file(corpus):
    """The English edition ships gzip-compressed; its text and sha256 are the official file's."""
    from tests.conftest import SOURCES

    bundled = read_source(SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz")
    original = read_source(corpus("mtg_cr_en_20240917_duskmourn.txt"))
    assert bundled.sha256 == original.sha256
    assert bundled.text == original.text
    assert len(bundled.lines) == 8968


def test_a_broken_gzip_file_is_refused_with_its_name(tmp_path):
    broken = tmp_path / "rules.txt.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00not really gzip")
    with pytest.raises(ParseError) as error:
        read_source(broken)
    assert str(error.value).startswith(f"{broken}: not a readable gzip file (")


# Any registered language ---------------------------------------------------------


def independent_counts(text, glossary_heading, credits_heading):
    """Counts of a synthetic CR file by regexes over its lines, without the parser: the body runs
    from the last "1. …" line before the first rule ("100.1. …") to the last glossary heading, the
    glossary from there to the last credits heading."""
    lines = [line.strip() for line in re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))]
    first_rule = next(index for index, line in enumerate(lines) if re.match(r"100\.1\. ", line))
    start = max(index for index, line in enumerate(lines[:first_rule]) if re.match(r"1\. ", line))

    def last(wanted):
        return max(index for index, line in enumerate(lines) if line == wanted)

    body = lines[start : last(glossary_heading)]
    glossary = lines[last(glossary_heading) + 1 : last(credits_heading)]

    def count(pattern):
        return sum(1 for line in body if re.match(pattern, line))

    return {
        "chapters": count(r"\d\. "),
        "sections": count(r"\d{3}\. "),
        "rules": count(r"\d{3}\.\d+\. "),
        "subrules": count(r"\d{3}\.\d+[a-z]+ "),
        "examples": count(r"(?:Example|예시):"),
        "glossary": sum(1 for before, line in zip([""] + glossary, glossary, strict=False) if line and not before),
    }


def test_a_korean_file_reads_its_korean_headings_and_date():
    """목차 is the table of contents (not the rules body), 용어집 the glossary, 크레딧 the credits."""
    result = parse_source(SourceText.from_string(KOREAN_CR, path="ko.txt"))
    expected = independent_counts(KOREAN_CR, "용어집", "크레딧")
    assert expected == {"chapters": 2, "sections": 3, "rules": 4, "subrules": 2, "examples": 1, "glossary": 2}
    assert {key: result.counts[key] for key in expected} == expected
    assert (result.counts["notes"], result.counts["cross_references"]) == (2, 4)
    assert result.report.unplaced == []
    assert result.report.warnings == []
    assert Counter(line.reason for line in result.report.skipped) == {
        "document title": 1,
        "edition statement": 1,
        "table of contents": 8,
        "glossary heading": 1,
        "credits": 3,
    }
    assert (result.edition.date.isoformat(), result.edition.line) == ("2024-09-20", 3)
    assert result.edition.text == "이 규칙은 2024년 9월 20일부터 적용됩니다."
    intro = [entry for entry in result.entries if entry.kind == "note"]
    assert [(note.title, note.line) for note in intro] == [("소개", 7), ("", 9)]
    golden = only_entry(result, "101.1")
    assert [example.text[:9] for example in golden.examples] == ["어떤 카드가 플레"]
    assert [(ref.target, ref.text) for ref in golden.cross_references] == [
        ("601.2a", "601.2a–c"),
        ("601.2b", "601.2a–c"),
        ("601.2c", "601.2a–c"),
    ]
    assert [(ref.target, ref.text) for ref in only_entry(result, "100.1b").cross_references] == [("800", "규칙 800")]
    assert [(term.term, term.rules) for term in result.glossary] == [("능력", ["113"]), ("생물", ["302"])]


@pytest.fixture
def german(monkeypatch):
    """German registered the way any language is: one entry of data, nothing else."""
    entry = langdata.Language(
        "de",
        "Latn",
        "snowball-en",
        example_labels=("Beispiel:",),
        citations=langdata.Citations(words=("Regel", "Regeln", "siehe"), joiners=("und", "oder"), ranges=("bis",)),
        cr_headings=langdata.CRHeadings(
            introduction=("Einleitung",), contents=("Inhalt",), glossary=("Glossar",), credits=("Mitwirkende",)
        ),
        edition_statements=("Diese Regeln gelten ab dem {day}. {month} {year}.",),
    )
    monkeypatch.setitem(langdata.LANGUAGES, "de", entry)
    for cached in (cr.vocabulary, xrefs.patterns):
        cached.cache_clear()
    yield entry
    monkeypatch.undo()
    for cached in (cr.vocabulary, xrefs.patterns):
        cached.cache_clear()


GERMAN_CR = (
    "Magic: The Gathering Umfassende Regeln\n\n"
    "Diese Regeln gelten ab dem 20. September 2024.\n\n"
    "Einleitung\n\nDieses Dokument ist die höchste Instanz.\n\n"
    "Inhalt\n\n1. Spielkonzepte\n100. Allgemeines\nGlossar\nMitwirkende\n\n"
    "1. Spielkonzepte\n\n100. Allgemeines\n\n"
    "100.1. Diese Regeln gelten für jedes Spiel. Siehe Regel 800 und Regel 601.2a bis c.\n"
    "Beispiel: Ein Spiel zu zweit.\n\n"
    "Glossar\n\nFähigkeit\nText auf einer Karte. Siehe Regel 113.\n\n\n"
    "Mitwirkende\n\nDanke.\n"
)


def test_a_language_registered_as_one_data_entry_is_read_by_the_parser(german):
    result = parse_source(SourceText.from_string(GERMAN_CR, path="de.txt"))
    assert result.report.unplaced == []
    assert result.edition.date.isoformat() == "2024-09-20"  # "September" read with Babel's German months
    rule = only_entry(result, "100.1")
    assert [example.text for example in rule.examples] == ["Ein Spiel zu zweit."]
    assert [ref.target for ref in rule.cross_references] == ["800", "601.2a", "601.2b", "601.2c"]
    assert [(term.term, term.rules) for term in result.glossary] == [("Fähigkeit", ["113"])]
    assert [note.title for note in result.entries if note.kind == "note"] == ["Einleitung"]


@pytest.fixture
def without_german(monkeypatch):
    """The registry as it was before German was a content language."""
    monkeypatch.delitem(langdata.LANGUAGES, "de")
    for cached in (cr.vocabulary, xrefs.patterns):
        cached.cache_clear()
    yield
    monkeypatch.undo()
    for cached in (cr.vocabulary, xrefs.patterns):
        cached.cache_clear()


def test_without_its_entry_the_same_file_loses_its_date_examples_and_glossary(without_german):
    """What a Korean file did before Korean was registered: its words were not known."""
    result = parse_source(SourceText.from_string(GERMAN_CR, path="de.txt"))
    assert result.edition is None
    assert (result.counts["examples"], result.counts["glossary"]) == (0, 0)
    assert [line.line for line in result.report.unplaced] == [21, 23, 25, 26, 29, 31]


# Every era: older layouts, every encoding ------------------------------------------------

ERAS = {
    # name: (text, counts, notes, skipped reasons, effective date)
    "2009": (
        CR_2009,
        {"chapters": 2, "sections": 3, "rules": 4, "subrules": 3, "examples": 2, "glossary": 2},
        4,
        {"document title": 1, "edition statement": 1, "table of contents": 9, "glossary heading": 1, "credits": 5},
        "2009-07-11",
    ),
    "2012": (
        CR_2012,
        {"chapters": 2, "sections": 3, "rules": 3, "subrules": 3, "examples": 2, "glossary": 1},
        2,
        {"document title": 1, "edition statement": 1, "table of contents": 9, "glossary heading": 1, "credits": 4},
        "2012-07-01",
    ),
    "2018": (
        CR_2018,
        {"chapters": 2, "sections": 2, "rules": 4, "subrules": 0, "examples": 1, "glossary": 1},
        2,
        {"document title": 1, "edition statement": 1, "table of contents": 7, "glossary heading": 1, "credits": 3},
        "2018-07-13",
    ),
    "unheaded": (
        CR_UNHEADED,
        {"chapters": 1, "sections": 1, "rules": 2, "subrules": 0, "examples": 0, "glossary": 1},
        1,
        {"document title": 1, "edition statement": 1, "table of contents": 4, "glossary heading": 1, "credits": 2},
        "2008-10-01",
    ),
}


@pytest.mark.parametrize("era", list(ERAS))
def test_older_layouts_import_with_counts_equal_to_an_independent_count(era):
    text, counts, notes, skipped, date = ERAS[era]
    result = parse_source(SourceText.from_string(text, path=f"{era}.txt"))
    expected = independent_counts(text, "Glossary", "Credits")
    assert expected == counts
    assert {key: result.counts[key] for key in counts} == counts
    assert result.counts["notes"] == notes
    assert result.report.unplaced == []
    assert Counter(line.reason for line in result.report.skipped) == skipped
    assert result.edition.date.isoformat() == date


def test_2009_reads_its_body_under_another_chapter_title_and_its_indented_example():
    result = parse_source(SourceText.from_string(CR_2009, path="2009.txt"))
    assert [(e.number, e.title, e.line) for e in result.entries if e.kind == "chapter"] == [
        ("1", "The Game", 33),
        ("2", "Parts of a Card", 52),
    ]
    golden = only_entry(result, "101.2")
    assert golden.text.endswith('"can\'t" wins.')
    assert [example.text[:16] for example in golden.examples] == ["One effect lets "]
    assert glossary_term(result, "Golden Rules").rules == ["101.1", "101.2"]
    notes = [(note.title, note.line) for note in result.entries if note.kind == "note"]
    assert notes == [("Introduction", 7), ("", 9), ("", 13), ("", 15)]


def test_a_table_of_contents_without_its_heading_is_still_skipped():
    result = parse_source(SourceText.from_string(CR_UNHEADED, path="2008.txt"))
    assert [line.line for line in result.report.skipped if line.reason == "table of contents"] == [7, 8, 9, 10]
    (intro,) = [entry for entry in result.entries if entry.kind == "note"]
    assert (intro.line, intro.title, intro.text) == (5, "", "This document is for players who know the basics.")
    assert result.edition.text == "These rules are current as of October 1, 2008."


ENCODINGS = ["utf-8", "utf-8-sig", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encoding_with_a_byte_order_mark_parses_like_utf_8(encoding, tmp_path):
    """The 2018 layout with CRLF line endings, in each encoding an official file may come in."""
    text = CR_2018.removeprefix("\ufeff").replace("\n", "\r\n")
    data = text.encode(encoding)
    if encoding.startswith("utf-16") or encoding.startswith("utf-32"):
        data = "\ufeff".encode(encoding) + data
    path = tmp_path / "MagicCompRules.txt"
    path.write_bytes(data)
    result = parse_file(path)
    reference = parse_source(SourceText.from_string(CR_2018, path="2018.txt"))
    assert result.counts == reference.counts
    assert [(e.kind, e.number, e.line, e.title, e.text) for e in result.entries] == [
        (e.kind, e.number, e.line, e.title, e.text) for e in reference.entries
    ]
    assert result.report.unplaced == []
    assert result.edition.date.isoformat() == "2018-07-13"
