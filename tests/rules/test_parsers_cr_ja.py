"""The Comprehensive Rules as Japanese readers get them (the judge translation team's 和訳), the CR-like
layout of other games, and the Korean file whose glossary is left out.

The files below are written for these tests in the layouts observed (nothing is copied from a published
file). Expected counts are computed here from the lines with regexes that do not use the parser.
"""

import re
from collections import Counter

import pytest

from rulesref.rules.models import CrossReference, Edition, Entry, GlossaryEntry
from rulesref.rules.parsers import cr, editions, glosses, parse_source
from rulesref.rules.parsers.base import ParseReport
from rulesref.rules.parsers.source import SourceText
from rulesref.rules.services import edition_import
from tests.synthetic import KOREAN_CR

# The translator's header (version and date), もくじ, the body title with U+3000, the introduction as
# chapter 0, chapters, sections, rules, subrules, examples labelled "例：" and "例:", English glosses
# after "／", references with a section title in 〔〕 and a range, 用語集 and クレジット.
JAPANESE_CR = """\
========
マジック総合ルール(和訳 20260116.0 版)
========

この文書の原文は英語であり、著作権はその権利者にあります。
(詳しくはこのファイルの最後に記します)

このファイルは、Comprehensive Rulesを、ジャッジ有志が 2026-01-16 に翻訳したものです。
訳について疑問があれば、お近くのジャッジにお尋ねください。

もくじ
0. はじめに
1. ゲームの考え方
2. カードの部分
7. その他のルール
用語集
クレジット

マジック：ザ・ギャザリング　総合ルール

0. はじめに
この文書は、このゲームのルールの最終的なよりどころである。
ルールは章と節に分かれ、それぞれに番号が振られている。

1. ゲームの考え方

100. 一般

100.1. このルールは、2人以上のプレイヤーで行うゲームに適用される。
100.1a 2人戦とは、2人のプレイヤーで始めるゲームである。
100.1b 多人数戦とは、3人以上のプレイヤーで始めるゲームである。rule 800〔一般〕参照。
100.2. 各プレイヤーは、自分のデッキを1つ用意する。
例：構築戦では、各プレイヤーは60枚以上のデッキを用意する。
100.3. カードの文章がこのルールと食い違う場合、カードが優先する。rule 614〔置換効果〕と615〔軽減効果〕参照。

104. ゲームの終わり

104.1. ゲームは、いずれかのプレイヤーが勝つか、引き分けで終わる。
104.2. 10個以上の毒カウンター／poison counterを持つプレイヤーは、ゲームに負ける。rule 704〔状況起因処理〕参照。
104.2a 「感染／Infect」を持つ発生源からダメージを受けたプレイヤーは、その数の毒カウンターを得る。
例:《疫病の作り手》がプレイヤーに2点の戦闘ダメージを与えたなら、そのプレイヤーは毒カウンターを2個得る。

2. カードの部分

201. 名前

201.1. カードの名前は、カードの左上に書かれている。
201.2. 2つのオブジェクトが同じ名前を持つかどうかは、rule 201.2a-b に従って決める。
201.2a 名前が一字一句同じである2つのオブジェクトは、同じ名前を持つ。
201.2b 名前を持たないオブジェクトは、ほかのどのオブジェクトとも同じ名前を持たない。

7. その他のルール

702. キーワード能力

702.90. 感染／Infect
702.90a 感染は常在型能力である。rule 120.3〔ダメージの結果〕参照。

用語集

感染／Infect
ダメージの与え方を変えるキーワード能力。rule 702.90〔感染〕参照。

毒カウンター／Poison Counter
プレイヤーが得ることのあるカウンター。rule 104.2 参照。

状況起因処理／State-Based Actions
条件を満たすと自動的に行われる処理。rule 704 参照。

クレジット

原作:ゲームの作者
翻訳:ジャッジ有志
"""


def lines_of(text):
    return [line.strip() for line in text.split("\n")]


def independent_counts(text):
    """Counts from the lines: the body runs from the last "1. …" line before the first rule to the
    last 用語集, the glossary from there to the last クレジット; "0. はじめに" is the introduction."""
    lines = lines_of(text)
    first_rule = next(index for index, line in enumerate(lines) if re.match(r"100\.1\. ", line))
    start = max(index for index, line in enumerate(lines[:first_rule]) if re.match(r"1\. ", line))
    glossary_start = max(index for index, line in enumerate(lines) if line == "用語集")
    credits_start = max(index for index, line in enumerate(lines) if line == "クレジット")
    body = lines[start:glossary_start]
    glossary = lines[glossary_start + 1 : credits_start]

    def count(pattern):
        return sum(1 for line in body if re.match(pattern, line))

    return {
        "chapters": count(r"\d\. "),
        "sections": count(r"\d{3}\. "),
        "rules": count(r"\d{3}\.\d+\. "),
        "subrules": count(r"\d{3}\.\d+[a-z]+ "),
        "examples": count(r"例[：:]"),
        "glossary": sum(1 for before, line in zip([""] + glossary, glossary, strict=False) if line and not before),
    }


def line_of(text, start):
    """The 1-based number of the first line of ``text`` that starts with ``start``."""
    return next(number for number, line in enumerate(text.split("\n"), 1) if line.startswith(start))


@pytest.fixture
def japanese():
    return parse_source(SourceText.from_string(JAPANESE_CR, path="ja.txt"))


def only_entry(result, number):
    (entry,) = [entry for entry in result.entries if entry.number == number and entry.kind != "note"]
    return entry


def test_the_japanese_translation_is_read_by_the_cr_parser(japanese):
    expected = independent_counts(JAPANESE_CR)
    assert expected == {"chapters": 3, "sections": 4, "rules": 8, "subrules": 6, "examples": 2, "glossary": 3}
    assert japanese.format == "cr-text"
    assert {key: japanese.counts[key] for key in expected} == expected
    assert japanese.report.unplaced == []
    assert japanese.report.warnings == []
    assert Counter(line.reason for line in japanese.report.skipped) == {
        "rule line": 2,
        "document title and translation version": 1,
        "edition statement": 1,
        "table of contents": 7,
        "document title": 1,
        "glossary heading": 1,
        "credits": 3,
    }
    # The body title is the line with U+3000, after the table of contents.
    (title,) = [line for line in japanese.report.skipped if line.reason == "document title"]
    assert (title.line, "\u3000" in title.text) == (line_of(JAPANESE_CR, "マジック：ザ"), True)


def test_a_glossary_heading_printed_as_chapter_10_is_the_glossary():
    """The translation's table of contents lists the glossary as "10. 用語集"; printed so above the
    glossary too, it is the glossary's heading, not a chapter."""
    text = JAPANESE_CR.replace("\n用語集\n\n感染", "\n10. 用語集\n\n感染")
    result = parse_source(SourceText.from_string(text, path="ja.txt"))
    assert result.counts == parse_source(SourceText.from_string(JAPANESE_CR, path="ja.txt")).counts
    assert [line.text for line in result.report.skipped if line.reason == "glossary heading"] == ["10. 用語集"]
    assert result.report.unplaced == []


def test_the_introduction_is_chapter_0_after_the_table_of_contents(japanese):
    notes = [(note.title, note.text[:8], note.line) for note in japanese.entries if note.kind == "note"]
    assert notes == [
        # The translator's notice, before もくじ.
        ("", "この文書の原文は", line_of(JAPANESE_CR, "この文書の原文")),
        ("", "訳について疑問が", line_of(JAPANESE_CR, "訳について")),
        ("0. はじめに", "この文書は、この", line_of(JAPANESE_CR, "この文書は、")),
    ]
    assert [(e.number, e.title) for e in japanese.entries if e.kind == "chapter"] == [
        ("1", "ゲームの考え方"),
        ("2", "カードの部分"),
        ("7", "その他のルール"),
    ]


def test_the_header_gives_the_translation_version_and_the_date_it_translates(japanese):
    statement = japanese.edition
    assert (statement.date.isoformat(), statement.revision) == ("2026-01-16", "20260116.0")
    assert statement.line == line_of(JAPANESE_CR, "このファイルは、")
    assert statement.text == "が 2026-01-16 に翻訳したもの"


def test_examples_with_either_colon_are_attached_to_their_rule(japanese):
    assert [example.text[:6] for example in only_entry(japanese, "100.2").examples] == ["構築戦では、"]
    assert [example.text[:6] for example in only_entry(japanese, "104.2a").examples] == ["《疫病の作り"]


def test_glosses_stay_in_the_text_and_are_offered_as_term_pairs(japanese):
    assert only_entry(japanese, "104.2").text.startswith("10個以上の毒カウンター／poison counterを持つ")
    assert japanese.glossary[1].term == "毒カウンター／Poison Counter"
    assert [(pair.term, pair.gloss, pair.line) for pair in japanese.term_pairs] == [
        ("毒カウンター", "poison counter", line_of(JAPANESE_CR, "104.2. ")),
        ("感染", "Infect", line_of(JAPANESE_CR, "104.2a ")),
        ("状況起因処理", "State-Based Actions", line_of(JAPANESE_CR, "状況起因処理／")),
    ]


def test_references_drop_the_bracketed_title_and_expand_the_range(japanese):
    def targets(number):
        return [(ref.target, ref.text) for ref in only_entry(japanese, number).cross_references]

    assert targets("104.2") == [("704", "rule 704")]
    assert targets("201.2") == [("201.2a", "rule 201.2a-b"), ("201.2b", "rule 201.2a-b")]
    assert targets("100.1b") == [("800", "rule 800")]
    assert targets("100.3") == [("614", "rule 614〔置換効果〕と615"), ("615", "rule 614〔置換効果〕と615")]
    assert targets("702.90a") == [("120.3", "rule 120.3")]
    assert [(term.term, term.rules) for term in japanese.glossary] == [
        ("感染／Infect", ["702.90"]),
        ("毒カウンター／Poison Counter", ["104.2"]),
        ("状況起因処理／State-Based Actions", ["704"]),
    ]


@pytest.mark.parametrize(
    "text, pairs",
    [
        ("そのプレイヤーは毒カウンター／poison counterを得る", [("毒カウンター", "poison counter")]),
        ("「培養器/Incubator」・トークン", [("培養器", "Incubator")]),
        ("「戦場に出る／enter the battlefield」", [("戦場に出る", "enter the battlefield")]),
        ("パワー/タフネス", []),
        ("+1/+1カウンター", []),
        ("{W/U}", []),
    ],
)
def test_glosses_in_running_text(text, pairs):
    assert glosses.extract(text) == pairs


def test_a_heading_or_glossary_term_is_glossed_as_a_whole():
    assert glosses.whole("戦場に出る／Enter") == ("戦場に出る", "Enter")
    assert glosses.whole("パワー/タフネス") is None


def test_the_revision_is_read_with_or_without_a_space():
    assert editions.read_revision("マジック総合ルール（和訳20250919.1版）") == "20250919.1"
    assert editions.read_revision("マジック総合ルール") is None


@pytest.mark.django_db
def test_the_import_stores_the_revision_translates_the_english_edition_and_keeps_the_pairs(tmp_path):
    path = tmp_path / "JPN_CR_20260116_0.txt"
    path.write_text(JAPANESE_CR, encoding="utf-8")
    report = edition_import(path=path, game="mtg", language="ja")
    assert (report.edition, report.revision, report.translates) == ("2026-01-16", "20260116.0", "en:2026-01-16")
    assert report.unplaced == []
    edition = Edition.objects.get(game__slug="mtg", language="ja", slug="2026-01-16")
    assert (edition.revision, edition.translates_key, str(edition.effective_date)) == (
        "20260116.0",
        "en:2026-01-16",
        "2026-01-16",
    )
    assert Entry.objects.in_edition(edition).rules().count() == 14
    assert GlossaryEntry.objects.filter(edition=edition).count() == 3
    assert list(
        CrossReference.objects.filter(entry__edition=edition, entry__number="201.2").values_list(
            "target_number", "target__number"
        )
    ) == [("201.2a", "201.2a"), ("201.2b", "201.2b")]
    pairs = [(pair["term"], pair["gloss"], pair["gloss_language"]) for pair in edition.report["term_pairs"]]
    assert pairs == [
        ("毒カウンター", "poison counter", "en"),
        ("感染", "Infect", "en"),
        ("状況起因処理", "State-Based Actions", "en"),
    ]
    assert report.as_json()["revision"] == "20260116.0"
    again = edition_import(path=path, game="mtg", language="ja")
    assert (again.changed, again.revision, again.term_pairs) == (False, "20260116.0", report.term_pairs)


# The CR-like layout of other games ---------------------------------------------------------------

OTHER_GAME = """\
ゲームのルール

1. ゲームの概要

100.ゲームに必要なもの

100.1. 各プレイヤーはデッキを1つ使う。

100.2. デッキは50枚のカードからなる。
100.2a デッキに同じカードは4枚まで入れられる。

701.キーワード処理

701.23. 「破壊する」とは、カードを捨て札にすることである。
701.23a 破壊されたカードは墓地に置かれる。
701.23 b 破壊されないカードもある。
701.23 c 再生は破壊を置き換える。

用語集

破壊
カードを捨て札にすること。
"""


def test_sections_without_a_space_and_subrules_with_a_spaced_letter():
    result = parse_source(SourceText.from_string(OTHER_GAME, path="other.txt"))
    assert result.report.unplaced == []
    assert [(e.kind, e.number, e.title) for e in result.entries if e.kind in ("chapter", "section")] == [
        ("chapter", "1", "ゲームの概要"),
        ("section", "100", "ゲームに必要なもの"),
        ("section", "701", "キーワード処理"),
    ]
    assert result.numbers == ["100.1", "100.2", "100.2a", "701.23", "701.23a", "701.23b", "701.23c"]
    assert only_entry(result, "701.23b").text == "破壊されないカードもある。"
    spaced = [line_of(OTHER_GAME, "701.23 b"), line_of(OTHER_GAME, "701.23 c")]
    assert [(w.line, w.message) for w in result.report.warnings] == [
        (spaced[0], "subrule 701.23b is printed with a space before its letter ('701.23 b'); read as 701.23b"),
        (spaced[1], "subrule 701.23c is printed with a space before its letter ('701.23 c'); read as 701.23c"),
        (1, "no effective-date statement found"),  # this file states none
    ]


@pytest.mark.parametrize(
    "line, kind",
    [
        ("100.ゲームに必要なもの", "section"),
        ("100.Общие положения", "section"),
        ("100.General", None),  # a Latin title needs its space
        ("100.1. 各プレイヤー", None),
    ],
)
def test_a_section_title_in_another_script_may_follow_the_period(line, kind):
    entry = cr.read_heading(1, line)
    assert (entry.kind if entry else None) == kind


def test_a_spaced_letter_is_a_subrule_only_under_its_rule():
    report = ParseReport()
    assert cr.read_spaced_subrule(5, "606.5 a player may", "606.4", report) is None
    entry = cr.read_spaced_subrule(5, "606.5 a player may", "606.5", report)
    assert (entry.kind, entry.number, entry.text) == ("subrule", "606.5a", "player may")
    assert [w.line for w in report.warnings] == [5]


# The Korean file whose glossary is left out ------------------------------------------------------

LEGAL = "Magic: The Gathering은 미국 및 기타 국가에서 Wizards of the Coast LLC의 상표입니다. © 2024 Wizards."
KOREAN_OMITTED = KOREAN_CR.split("용어집\n\n능력")[0] + f"용어사전\n\n<생략>\n\n{LEGAL}\n"


def test_a_korean_glossary_left_out_is_reported_as_skipped():
    assert KOREAN_OMITTED.count("용어사전") == 1
    result = parse_source(SourceText.from_string(KOREAN_OMITTED, path="ko.txt"))
    lines = KOREAN_OMITTED.split("\n")
    tail = [(number, line) for number, line in enumerate(lines, 1) if line][-3:]
    assert [text for _, text in tail] == ["용어사전", "<생략>", LEGAL]
    assert result.report.unplaced == []
    assert result.glossary == []
    assert [(line.line, line.text, line.reason) for line in result.report.skipped[-3:]] == [
        (tail[0][0], "용어사전", "glossary heading"),
        (tail[1][0], "<생략>", "glossary omitted in this translation"),
        (tail[2][0], LEGAL, "legal notice"),
    ]
    assert result.report.warnings == []
    assert result.counts["rules"] + result.counts["subrules"] == 6
