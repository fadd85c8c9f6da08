"""Numbering schemes: the Comprehensive Rules' and dotted rulebooks' (Disney Lorcana), and their citations."""

import re

import pytest

from rulesref.rules.parsers import base, numbers, xrefs
from rulesref.rules.parsers.base import CHAPTER, NOTE, RULE, SECTION, SUBRULE, ParsedEntry, ParseResult

DOTTED = numbers.get_scheme("dotted")
CR = numbers.get_scheme("cr")


def test_the_schemes_are_the_cr_and_the_dotted_one():
    assert list(numbers.SCHEMES) == ["cr", "dotted"]
    assert numbers.get_scheme(None) is CR
    with pytest.raises(numbers.UnknownScheme, match="unknown numbering 'roman'; known numberings: cr, dotted"):
        numbers.get_scheme("roman")


def test_the_cr_scheme_is_what_the_module_functions_always_answered():
    printed = ["2", "200", "208", "208.2", "208.2a", "208.10", "104.3", "104.3.1", "704.5z", "704.5aa", "x"]
    for number in printed:
        assert CR.sort_key(number) == numbers.sort_key(number)
        assert CR.parent(number) == numbers.parent_number(number, "")
        assert CR.is_number(number) == numbers.is_number(number)
        assert CR.is_section(number) == numbers.is_section(number)
    assert [CR.kind(n) for n in ("2", "208", "208.2", "208.2a", "104.3.1", "1.1")] == [
        "chapter",
        "section",
        "rule",
        "subrule",
        "subrule",
        None,
    ]


@pytest.mark.parametrize(
    "number, kind, parent",
    [
        ("1", "chapter", None),
        ("1.1", "section", "1"),
        ("1.10", "section", "1"),
        ("1.1.1", "rule", "1.1"),
        ("1.7.6.1", "subrule", "1.7.6"),
        ("1.7.6.1.1", "subrule", "1.7.6.1"),
        ("208.2a", None, None),
        ("2.2.0", None, None),
    ],
)
def test_dotted_numbers_have_a_kind_by_depth_and_the_level_above_as_parent(number, kind, parent):
    assert DOTTED.kind(number) == kind
    assert DOTTED.parent(number) == parent
    assert DOTTED.is_number(number) == (kind is not None)
    assert DOTTED.is_section(number) == (kind == "section")


def test_dotted_numbers_sort_by_each_component_as_a_number():
    printed = ["2", "1.10", "1.9.2", "1", "1.1", "10.1", "1.9", "1.7.6.1.1", "1.7.6.1", "1.7.6", "1.7.10", "2.1"]
    ordered = sorted(printed, key=DOTTED.sort_key)
    assert ordered == [
        "1",
        "1.1",
        "1.7.6",
        "1.7.6.1",
        "1.7.6.1.1",
        "1.7.10",
        "1.9",
        "1.9.2",
        "1.10",
        "2",
        "2.1",
        "10.1",
    ]
    assert DOTTED.sort_key("") == ""


@pytest.mark.parametrize(
    "printed, scheme",
    [
        (["1", "1.1", "1.1.1", "1.1.1.1"], "dotted"),
        (["1.1.1", "1.2", "12.3.4"], "dotted"),
        (["1", "100", "100.1", "100.1a"], "cr"),
        (["104.3", "104.3.1"], "cr"),
        (["1.1.1", "1.1.2"], "cr"),  # no section like 1.1: nothing says it is a dotted rulebook
        ([], "cr"),
    ],
)
def test_a_rulebooks_scheme_is_guessed_from_its_numbers(printed, scheme):
    assert numbers.guess_scheme(printed) == scheme


def entry(kind, number, text=""):
    return ParsedEntry(kind=kind, number=number, text=text, line=0)


def test_finish_links_a_dotted_rulebook_with_its_scheme():
    result = ParseResult(
        format="test",
        scheme="dotted",
        entries=[
            entry(CHAPTER, "1"),
            entry(SECTION, "1.1"),
            entry(RULE, "1.1.1", "Rule one (see 1.10 and 1.1.2.1)."),
            entry(SUBRULE, "1.1.2.1", "A subrule whose rule is missing."),
            entry(SUBRULE, "1.1.2.1.1", "Deeper: belongs to the subrule above."),
            entry(NOTE, "", "A note."),
            entry(SECTION, "1.10"),
            entry(RULE, "1.10.1", "Last."),
        ],
    )
    base.finish(result)
    parents = {
        e.number or e.text: (result.entries[e.parent].number if e.parent is not None else None) for e in result.entries
    }
    assert parents == {
        "1": None,
        "1.1": "1",
        "1.1.1": "1.1",
        "1.1.2.1": None,  # 1.1.2 is not printed
        "1.1.2.1.1": "1.1.2.1",
        "A note.": "1.1",
        "1.10": "1",
        "1.10.1": "1.10",
    }
    assert [e.sort_key for e in result.entries if e.number in ("1.1", "1.10")] == ["00001.00001", "00001.00010"]
    assert [ref.target for ref in result.entries[2].cross_references] == ["1.10", "1.1.2.1"]


@pytest.mark.parametrize(
    "text, targets",
    [
        ("see 4.3.4", ["4.3.4"]),
        ("siehe 4.3.4", ["4.3.4"]),
        ("voir 4.3.4", ["4.3.4"]),
        ("(see 1.10, “Materials”)", ["1.10"]),
        ("See section 9, “Multiplayer,” for more", ["9"]),
        ("(see 4.6.4 through 4.6.6)", ["4.6.4", "4.6.5", "4.6.6"]),
        ("(siehe 4.6.4 bis 4.6.6)", ["4.6.4", "4.6.5", "4.6.6"]),
        ("(voir de la section 4.6.4 à 4.6.6)", ["4.6.4", "4.6.5", "4.6.6"]),
        ("（4.6.4～4.6.6 項参照）", ["4.6.4", "4.6.5", "4.6.6"]),
        ("(1.9.2.1./1.9.2.4.)", ["1.9.2.1", "1.9.2.4"]),
        ("(see 1.9.4.1/1.9.4.2). If", ["1.9.4.1", "1.9.4.2"]),
        ("the steps in sections 4.4.3 and 4.4.4 are", ["4.4.3", "4.4.4"]),
        ("Entfernen (1.9.2.3.) und", ["1.9.2.3"]),
        ("1.8.1.4.の条件を満たし", ["1.8.1.4"]),
        # Japanese cites a section or a chapter with a word after it.
        ("（1.5 節「コスト」参照）", ["1.5"]),
        ("ターン行動（４章参照）、ゲーム行動（1.7.1 項参照）", ["4", "1.7.1"]),
        # Not references: a size, a version, a count, a section number without a citation word.
        ("6.3 cm x 8.8 cm", []),
        ("Version 2.2.0", []),
        ("draw 2 cards", []),
        ("as in 1.10 above", []),
    ],
)
def test_dotted_citations(text, targets):
    assert [target for target, _ in xrefs.extract(text, scheme="dotted")] == targets


def test_a_dotted_range_covers_the_editions_numbers_at_its_level():
    known = {"4.6.4", "4.6.4.1", "4.6.5", "4.6.7", "4.6.8"}
    found = xrefs.extract("(see 4.6.4 through 4.6.8)", scheme="dotted", known=known)
    assert found == [(number, "see 4.6.4 through 4.6.8") for number in ("4.6.4", "4.6.5", "4.6.7", "4.6.8")]


def test_the_cr_scheme_reads_cr_text_as_before():
    text = "See rules 601.2a–c and 1.10, then 4.3.4."
    assert xrefs.extract(text) == xrefs.extract(text, scheme="cr")
    assert [target for target, _ in xrefs.extract(text)] == ["601.2a", "601.2b", "601.2c"]


LORCANA_TEXTS = [
    "lorcana_cr_en_20260430_v2.1.0.txt",
    "lorcana_cr_en_20260709_v2.2.0.txt",
    "lorcana_cr_de_20260430_v2.1.0.txt",
    "lorcana_cr_fr_20260430_v2.1.0.txt",
    "lorcana_cr_ja_20260710_v2.2.0.txt",
]
# The number a line starts with (its own) is not a citation.
OWN_NUMBER_RE = re.compile(r"^\s*\d{1,2}(?:\.\d+)*\.?\s+")
CITED_RE = re.compile(r"(?<![\d.])\d{1,2}(?:\.[1-9]\d*){2,}(?!\d)")


@pytest.mark.parametrize("name", LORCANA_TEXTS)
def test_every_number_with_two_dots_cited_in_the_lorcana_rules_is_a_reference(corpus, name):
    lines = corpus(name).read_text(encoding="utf-8").splitlines()
    cited = found = 0
    for line in lines:
        body = OWN_NUMBER_RE.sub("", line, count=1)
        targets = {target for target, _ in xrefs.extract(body, scheme="dotted")}
        for match in CITED_RE.finditer(body):
            cited += 1
            found += match[0].rstrip(".") in targets
    assert cited > 100
    assert found == cited
