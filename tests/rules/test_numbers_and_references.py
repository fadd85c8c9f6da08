"""Rule numbers, cross-references and edition statements shared by every parser."""

import datetime
import re
from collections import Counter

import pytest

from rulesref.rules.parsers import editions, numbers, parse_file, xrefs


def test_numbers_sort_naturally():
    printed = ["704.5aa", "2", "208.2a", "208", "704.5z", "208.10", "208.2", "104.3.1", "104.3", "104.4", "200"]
    ordered = sorted(printed, key=numbers.sort_key)
    assert ordered == ["104.3", "104.3.1", "104.4", "2", "200", "208", "208.2", "208.2a", "208.10", "704.5z", "704.5aa"]


@pytest.mark.parametrize(
    "number, parent", [("208.2a", "208.2"), ("208.2", "208"), ("208", None), ("104.3.1", "104.3"), ("704.5aa", "704.5")]
)
def test_parent_numbers(number, parent):
    assert numbers.parent_number(number, "") == parent


@pytest.mark.parametrize("typed", ["208.2a", "２０８．２ａ", "CR 208.2a", "r208.2a", "rule 208.2a", "208.2a."])
def test_typed_numbers_normalise_to_the_printed_one(typed):
    assert numbers.normalise(typed) == "208.2a"


@pytest.mark.parametrize(
    "text, targets",
    [
        ("See rule 604.3.", ["604.3"]),
        ("(See rule 614, “Replacement Effects.”)", ["614"]),
        ("See rules 601.2 and 602.2, then rule 704.5aa.", ["601.2", "602.2", "704.5aa"]),
        ("(Vedi regola 707.2.)", ["707.2"]),
        ('Vedere la regola 613, "Interazione"', ["613"]),
        ("（rule 604.3 参照）", ["604.3"]),
        ("(rule 614〔置換効果〕参照)", ["614"]),
        ("参见规则604.3。", ["604.3"]),
        ("(см. 107.2)", ["107.2"]),
        ("см. п. 104.3.1.", ["104.3.1"]),
        ("согласно пункту 401.5", ["401.5"]),
        ("(пункт 310.2 и 310.3 этих правил)", ["310.2", "310.3"]),
        ("согласно 309.2", ["309.2"]),
        ("规则108.3中的", ["108.3"]),
        ("See subrule 704.5k.", ["704.5k"]),
        ("2/3 significa che l'oggetto ha forza 2", []),
        # Bare numbers, without "rule".
        ("(see 601.3d)", ["601.3d"]),
        ("See 718, “Prototype Cards.”", ["718"]),
        ("This is an exception to 608.2h.", ["608.2h"]),
        ("as described in 608.2b. If", ["608.2b"]),
        (
            "出现在规则601“施放咒语”中601.2a-h的步骤",
            ["601", "601.2a", "601.2b", "601.2c", "601.2d", "601.2e", "601.2f"] + ["601.2g", "601.2h"],
        ),
        ("延迟触发异能的操控者，请参见603.7d-f。", ["603.7d", "603.7e", "603.7f"]),
        ("(см. 107.2–107.4)", ["107.2", "107.3", "107.4"]),
        ("(rule 702.19b〜d 参照)", ["702.19b", "702.19c", "702.19d"]),
        ("(rule 702.19b～d 参照)", ["702.19b", "702.19c", "702.19d"]),
        ("Vedi regole 601.2b e 601.2f-h.", ["601.2b", "601.2f", "601.2g", "601.2h"]),
        # Ranges: letters skip l and o; numbers count up; "through" is a range too.
        ("Once the steps described in 601.2a–h are completed", [f"601.2{c}" for c in "abcdefgh"]),
        ("rules 704.5j–n", ["704.5j", "704.5k", "704.5m", "704.5n"]),
        ("704.5y–ab", ["704.5y", "704.5z", "704.5aa", "704.5ab"]),
        ("See rules 712.9–10.", ["712.9", "712.10"]),
        ("See rules 903.6–903.11.", ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]),
        ("rules 601.2a through 601.2c", ["601.2a", "601.2b", "601.2c"]),
        # Whole lists, not only their first number.
        (
            "This follows rules 701.28a–f, 712.9–10, and 712.18.",
            [f"701.28{c}" for c in "abcdef"] + ["712.9", "712.10", "712.18"],
        ),
        ("这遵循规则701.28a-f、712.9-10、及712.18。", [f"701.28{c}" for c in "abcdef"] + ["712.9", "712.10", "712.18"]),
        ("(see 601.2b and 601.2f–h).", ["601.2b", "601.2f", "601.2g", "601.2h"]),
        ("需依照规则601.2b与601.2f-h之规范", ["601.2b", "601.2f", "601.2g", "601.2h"]),
        # Not rule numbers.
        ("Дата публикации 31.05.2024", []),
        ("100.000 жизней", []),
        ("see page 100 of 2024", []),
        ("rules 601.2h–a", ["601.2h"]),
    ],
)
def test_cross_references_in_every_language(text, targets):
    assert [target for target, _ in xrefs.extract(text)] == targets


def test_every_target_of_a_list_shares_the_phrase_that_prints_it():
    text = "This follows rules 701.28a–f, 712.9–10, and 712.18. Those rules apply."
    phrase = "rules 701.28a–f, 712.9–10, and 712.18"
    found = xrefs.extract(text)
    assert {cited for _, cited in found} == {phrase}
    # Printed targets are found in the phrase; the inner members of a range are not printed.
    printed = [target for target, cited in found if target in cited]
    assert printed == ["701.28a", "712.9", "712.18"]


def test_a_section_needs_a_citing_word_a_dotted_number_does_not():
    assert xrefs.extract("(See 718, “Prototype.”)") == [("718", "See 718")]
    assert xrefs.extract("in 723.2 to trigger") == [("723.2", "723.2")]
    assert xrefs.extract("choose 100 cards") == []


@pytest.mark.parametrize(
    "line, name, date",
    [
        ("These rules are effective as of September 20, 2024.", "", datetime.date(2024, 9, 20)),
        ("此规则于2024年9月20日起生效。", "", datetime.date(2024, 9, 20)),
        (
            "Tratto dal Regolamento (Aggiornato a Duskmourn: La Casa degli Orrori, 02 Ottobre 2024) 208. forza",
            "Duskmourn: La Casa degli Orrori",
            datetime.date(2024, 10, 2),
        ),
        ("**Дата публикации 31.05.2024**", "", datetime.date(2024, 5, 31)),
    ],
)
def test_edition_statements(line, name, date):
    statement = editions.find_statement([(3, line)])
    assert (statement.name, statement.date, statement.line) == (name, date, 3)


def test_month_names_come_from_babel_locale_data():
    assert editions.parse_month_date("2 ottobre 2024", "it") == datetime.date(2024, 10, 2)
    assert editions.parse_month_date("16 Giugno 2023", "it") == datetime.date(2023, 6, 16)
    assert editions.parse_month_date("31 мая 2024", "ru") == datetime.date(2024, 5, 31)
    assert editions.parse_month_date("31 Giugno 2023", "it") is None


# Recall over every corpus: each printed rule number is a captured reference ---------

# Rule numbers as the issue counts them, plus Berserk's dotted levels (104.3.1 is one number).
TOKEN_RE = re.compile(r"(?<![\d.])\d{3}\.\d+(?:\.\d+)*[a-z]*")
RECALL_FILES = {
    # file: (rule-number tokens in entry texts and examples, other than the entry's own number;
    #        tokens in glossary definitions)
    "mtg_cr_en_20230616_lotr.txt": (626, 458),
    "mtg_cr_en_20240917_duskmourn.txt": (674, 492),
    "mtg_cr_en_20250404_cr-line-endings.txt": (681, 502),
    "mtg_cr_zh-hans_20240917_duskmourn.txt": (668, 491),
    "berserk_heroes_full_rules_ru_ed15_20240531.noimages.md": (3, 3),
}
# Tokens that are not citations, per file: {(entry number, token): reason}. None is left: the
# introduction's "704.5k is followed by 704.5m, then 704.5n, then 704.5p" names real rules and is
# captured (a reader can follow them), and "2/3", dates ("31.05.2024") and years never look like
# a rule number under TOKEN_RE.
RECALL_EXCEPTIONS: dict[str, dict[tuple[str, str], str]] = {name: {} for name in RECALL_FILES}


@pytest.mark.parametrize("name", list(RECALL_FILES))
def test_every_rule_number_in_rule_text_is_a_captured_reference(name, corpus):
    result = parse_file(corpus(name))
    counted = missed = 0
    for entry in result.entries:
        captured = Counter(ref.target for ref in entry.cross_references)
        for body in [entry.text] + [example.text for example in entry.examples]:
            for token in TOKEN_RE.findall(body):
                if token == entry.number:
                    continue
                counted += 1
                if captured[token]:
                    captured[token] -= 1
                elif (entry.number, token) not in RECALL_EXCEPTIONS[name]:
                    missed += 1
                    print(f"not captured: {token} in {entry.number or 'note'}: {body[:120]}")
    in_glossary = sum(len(TOKEN_RE.findall(term.definition)) for term in result.glossary)
    uncited = [
        (term.term, token)
        for term in result.glossary
        for token in TOKEN_RE.findall(term.definition)
        if token not in term.rules
    ]
    assert (counted, in_glossary) == RECALL_FILES[name]
    assert missed == 0
    assert uncited == []
