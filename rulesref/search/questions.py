"""A question's answers: how well a rule answers a question, from the question's words it holds.

Each word of the question weighs its rarity (idf); neighbouring words of the question standing close
together in a rule's text, and words naming the topic a rule belongs to, count again (weights in
``weights.RANKING``). Pure functions over documents' numbers: the execute stage gathers the words
(``QuestionWord``) from an index and orders each language's rows with ``question_order``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from .weights import RANKING, Ranking


@dataclass(frozen=True)
class QuestionWord:
    """One word of a question in one language: its rarity, the documents holding it (in any field)
    and its positions in each document's text (for the documents being ranked)."""

    idf: float
    held: frozenset[int]
    positions: Mapping[int, tuple[int, ...]]
    # The documents whose topic (their section's or rule's name: ``LanguageIndex.topic``) holds it.
    topical: frozenset[int] = frozenset()


def idf(documents_with_word: int, documents: int) -> float:
    return math.log1p(documents / max(1, documents_with_word))


def _gap(first: tuple[int, ...], second: tuple[int, ...]) -> int:
    """The smallest distance between a position of one word and a position of the other."""
    best, i, j = 1 << 30, 0, 0
    while i < len(first) and j < len(second):
        best = min(best, abs(first[i] - second[j]))
        if first[i] < second[j]:
            i += 1
        else:
            j += 1
    return best


def question_value(doc: int, words: list[QuestionWord], weights: Ranking = RANKING) -> float:
    """How well a document answers a question: the rarity of the words it holds, plus its neighbouring
    question words found close together."""
    value = sum(word.idf for word in words if doc in word.held)
    value += weights.topic_weight * sum(word.idf for word in words if doc in word.topical)
    for first, second in itertools.pairwise(words):
        here, there = first.positions.get(doc), second.positions.get(doc)
        if here and there and _gap(here, there) <= weights.near_window:
            value += weights.near_weight * min(first.idf, second.idf)
    return value


def question_order(rows: list[dict], words: list[QuestionWord], weights: Ranking = RANKING) -> list[dict]:
    """``rows`` (best score first, each with its ``doc``) ordered by ``question_value``; ties keep
    their order."""
    values = [question_value(row["doc"], words, weights) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: (-values[i], i))
    return [rows[i] for i in order]
