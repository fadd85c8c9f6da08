"""Han characters as one key across Japanese, Traditional and Simplified Chinese.

A Japanese reader types 攻撃 (attack), the Chinese rules print 攻击, a Traditional text 攻擊: the same
word in three character forms. :func:`fold` gives each Han character one key (its Simplified form) so that
an index and a query folded alike meet whichever form either was written in; the text itself is never
changed (snippets mark the characters as printed). Kana, Latin, Hangul and everything else stay as
they are, and every character stays one character: ``len(fold(text)) == len(text)``.

Each character is folded alone, never a phrase. OpenCC's configs convert by phrase where they can, and a
key must not depend on where a tokenizer cut the text: a Japanese lemma 攻撃 and the Chinese bigrams
攻击 and 击生 must agree on 击. Per character, in order (``fold_char``):

1. a character with a Simplified form (Traditional 後, 戰, 鬥, also the Traditional forms Japanese keeps,
   衛, 緒) takes it: OpenCC ``t2s``;
2. a character Simplified Chinese prints (GB 2312) is its own key. Without this rule ``jp2t`` would read
   Chinese 予, 叙, 欠, 翻 as Japanese shinjitai and take them to 豫, 敍, 缺, 飜;
3. any other character is read as Japanese shinjitai: OpenCC ``jp2t`` gives its Traditional form, then
   ``t2s`` its Simplified one (戦 → 戰 → 战, 撃 → 擊 → 击, 発 → 發 → 发);
4. ``VARIANTS`` settles what those configs leave apart (呪, 闘, 値: see there).

Words that differ beyond their characters' forms (Japanese 墓地, Chinese 坟墓场) are not this module's:
the glossary and the aligned editions pair them.

Pure Python beside ``scripts.py`` (no Django); OpenCC is loaded on first use and every character's key is
cached, so a token costs one dictionary lookup once its characters are known.
"""

from __future__ import annotations

import functools
import re
import threading

from .scripts import HAN

__all__ = ["VARIANTS", "fold", "fold_char", "is_simplified"]

# Shinjitai (and a few variants) that OpenCC's jp2t → t2s leaves without their Simplified form, each
# checked against the character the Simplified rules print: jp2t gives no Traditional form for 呪 and
# 値, and gives 鬭, 擧, 鑛, 鄕, 澁 (variants t2s does not know) for 闘, 挙, 鉱, 郷, 渋. Rules vocabulary first,
# then common characters of the same kind (JIS level 1 kanji whose key was no GB 2312 character).
# Japanese-only characters (込, 枠, 働, 扱, 揃) have no Chinese form and stay as they are.
VARIANTS: dict[str, str] = dict(
    pair
    for pair in (
        "呪咒 闘斗 鬭斗 値值 挙举 擧举 鉱矿 鑛矿 砿矿 戸户 隣邻 郷乡 鄕乡 渋涩 澁涩 倶俱 氷冰 汚污 窓窗 舎舍 舗铺 "
        "砲炮 壷壶 嚢囊 姫姬 兎兔 廻回 涜渎 娯娱 呉吴 頬颊 頚颈 蝿蝇 篭笼 讃赞 賎贱 潅灌 靭韧 隷隶 聡聪 "
        "脇胁 搾榨 焔焰 繋系 楕椭 溌泼 疎疏 侭尽 倣仿 欝郁 竃灶 鎗枪 諌谏 頴颖 粧妆 袴裤 薗园 鴬莺 撚捻"
    ).split()
)

_HAN_RE = re.compile(f"[{HAN}]")
_lock = threading.Lock()
_converters: list = []


def _opencc():
    """OpenCC's ``jp2t`` and ``t2s`` converters, loaded once per process on first use."""
    if not _converters:
        with _lock:
            if not _converters:
                import opencc  # imported on first use: most processes never fold Han characters

                _converters.extend([opencc.OpenCC("jp2t"), opencc.OpenCC("t2s")])
    return _converters


def is_simplified(char: str) -> bool:
    """Whether Simplified Chinese prints ``char`` as it is: a character of GB 2312."""
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


# Bounded: snippets fold every character of a text, and a hostile query can bring any code point.
@functools.lru_cache(maxsize=65536)
def fold_char(char: str) -> str:
    """The key of one character (see the module docstring); anything but a Han character is itself."""
    if _HAN_RE.fullmatch(char) is None:
        return char
    if char in VARIANTS:
        return VARIANTS[char]
    japanese_to_traditional, traditional_to_simplified = _opencc()
    simplified = traditional_to_simplified.convert(char)
    if len(simplified) != 1 or simplified == char:
        if is_simplified(char):
            return char
        simplified = traditional_to_simplified.convert(japanese_to_traditional.convert(char))
        if len(simplified) != 1:
            return char
    return VARIANTS.get(simplified, simplified)


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """``text`` with every Han character replaced by its key: 攻撃 → 攻击, 戰鬥 → 战斗, 呪文 → 咒文;
    カード, "Lost Order of Jarkeld" and 플레이어 unchanged. The length never changes."""
    if _HAN_RE.search(text) is None:
        return text
    return _HAN_RE.sub(lambda match: fold_char(match.group()), text)
