"""A Japanese word finds the Chinese rules that write it in other character forms, and back, marked as printed."""

import pytest

from rulesref.core import han
from rulesref.rules.services import edition_import
from rulesref.search import generations, search, store
from tests.synthetic import CHINESE_CR_COMBAT, JAPANESE_VIEWER_COMBAT

pytestmark = pytest.mark.django_db


@pytest.fixture
def combat(tmp_path):
    """A Japanese and a Chinese edition of the same game, not aligned: only their characters can meet."""
    japanese = tmp_path / "ja_viewer_combat.txt"
    japanese.write_text(JAPANESE_VIEWER_COMBAT, encoding="utf-8")
    chinese = tmp_path / "MagicCompRules_zh-hans_20240920.txt"
    chinese.write_text(CHINESE_CR_COMBAT, encoding="utf-8")
    assert edition_import(path=japanese, game="mtg", language="ja", edition="ja-viewer").unplaced == []
    assert edition_import(path=chinese, game="mtg", language="zh-hans").unplaced == []
    store.build_generation()


def hits(results):
    return {hit.number: {lang: text.snippet for lang, text in hit.texts.items()} for hit in results.hits}


def test_the_japanese_attack_finds_the_chinese_rule_marked_as_printed(combat):
    results = search("攻撃")
    assert hits(results) == {
        "100.2": {"ja": "アクティブ・プレイヤーは<mark>攻撃</mark>クリーチャーを指定する。"},
        "100.3": {"zh-hans": "主动牌手宣告进行<mark>攻击</mark>的生物。"},
    }
    assert {hit.number: hit.matched_lang for hit in results.hits} == {"100.2": "ja", "100.3": "zh-hans"}


def shown(results):
    """Each hit as (number, language shown, snippet, the chosen languages it is not in)."""
    return [(hit.number, lang, text.snippet, hit.not_in) for hit in results.hits for lang, text in hit.texts.items()]


def test_the_chinese_attack_finds_the_japanese_rule_marked_as_printed(combat):
    # The Chinese rule it matched too is not in Japanese: it follows, shown in Chinese (the language filter
    # chooses what is shown first, and never hides a match).
    assert shown(search("攻击", languages=["ja"])) == [
        ("100.2", "ja", "アクティブ・プレイヤーは<mark>攻撃</mark>クリーチャーを指定する。", ()),
        ("100.3", "zh-hans", "主动牌手宣告进行<mark>攻击</mark>的生物。", ("ja",)),
    ]


def test_the_traditional_combat_finds_the_rules_of_both_editions(combat):
    # The two editions are not aligned: each 100.1 is a rule of its own, the other edition's shown after.
    assert shown(search("戰鬥", languages=["zh-hans"])) == [
        ("100.1", "zh-hans", "<mark>战斗</mark>阶段从开始步骤开始，并于结束步骤结束。", ()),
        ("100.4", "ja", "呪文を唱えることで、プレイヤーは<mark>戦闘</mark>に影響を与えられる。", ("zh-hans",)),
        ("100.1", "ja", "<mark>戦闘</mark>フェイズは開始ステップから始まり、終了ステップで終わる。", ("zh-hans",)),
    ]
    assert shown(search("戰鬥", languages=["ja"])) == [
        ("100.4", "ja", "呪文を唱えることで、プレイヤーは<mark>戦闘</mark>に影響を与えられる。", ()),
        ("100.1", "ja", "<mark>戦闘</mark>フェイズは開始ステップから始まり、終了ステップで終わる。", ()),
        ("100.1", "zh-hans", "<mark>战斗</mark>阶段从开始步骤开始，并于结束步骤结束。", ("ja",)),
    ]


def test_either_form_of_the_spell_finds_the_japanese_rule(combat):
    spell = {"100.4": {"ja": "<mark>呪文</mark>を唱えることで、プレイヤーは戦闘に影響を与えられる。"}}
    for query in ("呪文", "咒文"):
        assert hits(search(query)) == spell


def test_one_character_marks_its_printed_form_in_either_language(combat):
    found = hits(search("撃"))
    assert found["100.2"] == {"ja": "アクティブ・プレイヤーは攻<mark>撃</mark>クリーチャーを指定する。"}
    assert found["100.3"] == {"zh-hans": "主动牌手宣告进行攻<mark>击</mark>的生物。"}


def test_warming_a_generation_loads_the_han_converters_before_the_first_query(combat, monkeypatch):
    """Loading OpenCC takes about 190 ms: paid when a generation is warmed, not inside a query's budget."""
    monkeypatch.setattr(han, "_converters", [])
    han.fold.cache_clear()
    han.fold_char.cache_clear()
    generations.open_generation().warm()
    assert len(han._converters) == 2
