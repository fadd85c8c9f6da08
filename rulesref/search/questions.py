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
from dataclasses import dataclass, field

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
    # A word standing for several forms ("at the same time" or "simultaneously"): the documents whose
    # rarest form held is rarer than the word's commonest form, with that form's rarity. Each document
    # weighs the form it holds: one saying "simultaneously" is not weighed as one saying "time".
    rarer: Mapping[int, float] = field(default_factory=dict)

    def weight(self, doc: int) -> float:
        return self.rarer.get(doc, self.idf)


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


def _held(doc: int, words: list[QuestionWord]) -> frozenset[int]:
    return frozenset(i for i, word in enumerate(words) if doc in word.held)


def question_value(doc: int, words: list[QuestionWord], weights: Ranking = RANKING) -> float:
    """How well a document answers a question: the rarity of the words it holds, plus its neighbouring
    question words found close together."""
    value = sum(word.weight(doc) for word in words if doc in word.held)
    value += weights.topic_weight * sum(word.weight(doc) for word in words if doc in word.topical)
    for first, second in itertools.pairwise(words):
        here, there = first.positions.get(doc), second.positions.get(doc)
        if here and there and _gap(here, there) <= weights.near_window:
            value += weights.near_weight * min(first.weight(doc), second.weight(doc))
    return value


# The concept whose rules say what the game does when a condition holds: a question asking what happens
# prefers the rules under its section (``LanguageIndex.topic`` holds its name).
CONSEQUENCE_CONCEPT = "term:state-based-action"


def question_order(
    rows: list[dict],
    words: list[QuestionWord],
    weights: Ranking = RANKING,
    parents: Mapping[int, int] | None = None,
    deferred: Mapping[int, tuple[int, ...]] | None = None,
) -> list[dict]:
    """``rows`` (best score first, each with its ``doc``) ordered by ``question_value``. Then, what the
    rulebook's structure says comes first:

    - ``parents`` (a subrule's doc → its rule's doc): a rule answering the question about as well as
      ``family_children`` or more of its own subrules do (119.1 "Each player begins the game with a
      starting life total of 20" and its variants 119.1b-d) says the general thing they vary;
    - ``deferred`` (a doc → the docs it refers the reader to, "See rule 704"): a rule answering about as
      well as one referring to it (704.5i, which 306.9 "If a planeswalker's loyalty is 0 … See rule 704"
      points to) is where the matter is ruled.

    Either is put just above the best of those it comes before (``family_lift``), when it holds every
    question word that one holds. Of rules answering equally well, the one holding more question words
    comes first; then they keep the rulebook's order (documents are indexed in it), each edition's where
    its best row came.
    """
    values = [question_value(row["doc"], words, weights) for row in rows]
    at = {row["doc"]: i for i, row in enumerate(rows)}
    above: dict[int, list[int]] = {}
    if parents:
        children: dict[int, list[int]] = {}
        for i, row in enumerate(rows):
            parent = parents.get(row["doc"])
            if parent in at:
                children.setdefault(at[parent], []).append(i)
        for i, found in children.items():
            if len(found) >= weights.family_children:
                above.setdefault(i, []).extend(found)
    for doc, targets in (deferred or {}).items():
        if doc in at:
            for target in targets:
                if target in at and target != doc:
                    above.setdefault(at[target], []).append(at[doc])
    lifted = list(values)
    for i, below in above.items():
        j = max(below, key=lambda k: values[k])
        # As well: it holds every question word the other holds (the subrules vary the general thing;
        # one holding a word of the question the rule lacks, 603.3b's "order", answers something else).
        if _held(rows[j]["doc"], words) <= _held(rows[i]["doc"], words):
            lifted[i] = max(lifted[i], values[j] * (1 + weights.family_lift))
    # Ties: a rule holding more of the question's words (the state-based action 704.5f holding "what
    # happens" as well as "creature", "toughness" and "0", against 208.2b, which makes up for it with its
    # section's name) comes first. Then a rulebook goes from the general to the particular (702.11b
    # "can't be the target of spells or abilities your opponents control" before 702.11c-d on its
    # variants), so rules answering equally well keep the rulebook's order, each edition's rules where
    # its best one came.
    first: dict[tuple, int] = {}
    for i, row in enumerate(rows):
        first.setdefault((row.get("game"), row.get("edition")), i)

    def place(i: int) -> tuple:
        row = rows[i]
        held = len(_held(row["doc"], words))
        return (-round(lifted[i], 9), -held, first[(row.get("game"), row.get("edition"))], row["doc"])

    return [rows[i] for i in sorted(range(len(rows)), key=place)]


def cued_game(
    words: list[Mapping[str, int]],
    sizes: Mapping[str, int],
    *,
    fragments: frozenset[str] = frozenset(),
    weights: Ranking = RANKING,
) -> str | None:
    """The one game a question's words point to, or None. ``words``: for each word, game → how many of
    that game's rules in scope hold it; ``sizes``: game → its rules in scope. A word points to a game
    printing it in ``game_cue_min`` rules or more, ``game_cue_ratio`` times as often per rule as every
    other game does; words pointing to different games point to none. A game of ``fragments`` (a few of
    its rules in this language: MTG's rule 208 in Japanese) has too few rules to compare shares with: a
    word points away from it when none of those rules prints it ("キャラクター", which 208 never says), and
    it is pointed to by none."""
    cued = set()
    for counts in words:
        share = {game: (counts.get(game, 0) + 0.5) / max(size, 1) for game, size in sizes.items()}
        for game in sizes:
            if game in fragments or counts.get(game, 0) < weights.game_cue_min:
                continue
            ratio = weights.game_cue_ratio
            if all(
                counts.get(other, 0) == 0 if other in fragments else share[game] >= ratio * share[other]
                for other in sizes
                if other != game
            ):
                cued.add(game)
    return next(iter(cued)) if len(cued) == 1 else None
