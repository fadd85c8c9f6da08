"""Han characters fold to one key across Japanese shinjitai, Traditional and Simplified Chinese."""

import pytest

from rulesref.core import han


def test_attack_in_japanese_traditional_and_simplified_is_one_key():
    assert han.fold("攻撃") == han.fold("攻擊") == han.fold("攻击") == "攻击"


def test_spell_with_either_form_of_the_curse_character_is_one_key():
    # OpenCC leaves 呪 as it is: the module's own table takes it to 咒.
    assert han.fold("呪文") == han.fold("咒文") == "咒文"


def test_combat_in_japanese_simplified_and_traditional_is_one_key():
    # 闘 becomes 鬭 under jp2t, which t2s leaves alone: the table takes it to 斗.
    assert han.fold("戦闘") == han.fold("战斗") == han.fold("戰鬥") == "战斗"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("戦場", "战场"),
        ("飛行", "飞行"),
        ("対戦相手", "对战相手"),
        ("破壊", "破坏"),
        ("伝説", "传说"),
        ("値", "值"),
        ("後", "后"),
        ("衛", "卫"),
    ],
)
def test_japanese_and_traditional_words_fold_to_their_simplified_form(text, key):
    assert han.fold(text) == key


@pytest.mark.parametrize("text", ["クリーチャー・カード", "Lost Order of Jarkeld 208.2a", "플레이어", "ｶｰﾄﾞ", "+1/+1"])
def test_kana_latin_and_hangul_are_unchanged(text):
    assert han.fold(text) == text


def test_only_the_han_characters_of_a_mixed_text_change_and_the_length_stays():
    text = "攻撃クリーチャーは戦闘ダメージを与える（rule 510.1 参照）。"
    assert han.fold(text) == "攻击クリーチャーは战斗ダメージを与える（rule 510.1 参照）。"
    assert len(han.fold(text)) == len(text)


@pytest.mark.parametrize("char", ["予", "叙", "欠", "翻", "概", "芸"])
def test_a_character_simplified_chinese_prints_is_its_own_key(char):
    """jp2t alone would read these as Japanese shinjitai and take them to 豫, 敍, 缺, 飜, 槪, 藝."""
    assert han.fold(char) == char


def test_a_simplified_chinese_rule_is_its_own_key():
    text = "508.1. 首先，主动牌手宣告进行攻击的生物。叙述文字中的咒语。"
    assert han.fold(text) == text


def test_every_table_entry_takes_a_character_chinese_does_not_print_to_one_it_prints():
    for source, key in han.VARIANTS.items():
        assert not han.is_simplified(source), source
        assert han.is_simplified(key), key
        assert han.fold(source) == key
