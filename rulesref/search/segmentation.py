"""The words of a text in a language written without spaces and indexed as character pairs (Chinese), for
an unspaced question: its pairs across two words ("衍生物离开战场会怎样": 物离, 开战, 场会) match rules that
have nothing to do with it. jieba splits it into words (衍生物 / 离开 / 战场 / 会 / 怎样); ``planning``
keeps the pairs inside them.

Pure Python. jieba reads its dictionary on first use (about a second): ``warm`` does that when a
generation is warmed, not during a question.
"""

from __future__ import annotations

import logging
import threading

import jieba

# The languages with a segmenter here.
SEGMENTED = frozenset({"zh-hans"})

_tokenizer = jieba.Tokenizer()
_lock = threading.Lock()
jieba.setLogLevel(logging.WARNING)


def warm() -> None:
    """Read the dictionary now (once per process)."""
    if not _tokenizer.initialized:
        with _lock:
            _tokenizer.initialize()


_known: set[str] = set()


def words(language: str, text: str, known: tuple[str, ...] = ()) -> list[str]:
    """``text`` as its words, in order; the text itself, whole, in a language with no segmenter.
    ``known``: words of the rulebook to keep whole (坟墓场, graveyard, which jieba alone cuts 坟墓 / 场…),
    added to the dictionary the first time they are given."""
    if language not in SEGMENTED:
        return [text]
    warm()
    new = [word for word in known if word not in _known]
    if new:
        with _lock:
            for word in new:
                _tokenizer.add_word(word)
                _known.add(word)
    return [word for word in _tokenizer.cut(text) if word.strip()]
