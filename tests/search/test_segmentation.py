"""Segmentation: the words of an unspaced Chinese question (pure Python, no index)."""

from rulesref.search import segmentation


def test_a_chinese_question_is_split_into_its_words():
    assert segmentation.words("zh-hans", "对手的回合会怎样") == ["对手", "的", "回合", "会", "怎样"]
    assert segmentation.words("zh-hans", "一个 生物") == ["一个", "生物"]


def test_a_word_of_the_rulebook_given_as_known_stays_whole():
    # A name no rulebook prints, so no other test has made it known.
    assert "火鸟骑士" not in segmentation.words("zh-hans", "对手的火鸟骑士")
    assert segmentation.words("zh-hans", "对手的火鸟骑士", known=("火鸟骑士",)) == ["对手", "的", "火鸟骑士"]


def test_a_language_without_a_segmenter_is_one_word():
    assert segmentation.words("ja", "衍生物离开战场") == ["衍生物离开战场"]
    assert segmentation.words("en", "leaves the battlefield") == ["leaves the battlefield"]
