"""Ranking: every weight in one frozen dataclass, and the fusion of each language's ranked list.

Each language is searched on its own index; raw scores across indexes are not comparable, so the
lists are fused by reciprocal rank. A hit at rank r (from 0) in one language contributes
``weight / (rrf_k + r + 1)``; a rule's score is its best contribution plus a share of the others
(``others_share``), so that a rule translated into five languages does not outrank the best match
of the language the user typed in merely by being translated more often. Results are grouped by
the documents' key (``documents.entry_key``: the same rule in every language and edition).

``fuse`` works on plain rows (dicts with ``key``, ``game``, ``number``, ``kind``, ``edition``,
``cite_keys``), so the fair FTS5 baseline of the benchmarks fuses with exactly this code.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Ranking:
    # Reciprocal-rank fusion constant (the customary 60).
    rrf_k: int = 60
    # A rule's score: its best contribution plus this share of the others.
    others_share: float = 0.1
    # A language reached only through a translation of the query (glossary expansion).
    expanded_weight: float = 0.5
    # Unnumbered notes (a wiki's preface) and headings rank below rules, and a subrule a little
    # below its rule (103.5 "mulligan" before 103.5b, which only mentions it).
    kind_weight: Mapping[str, float] = field(
        default_factory=lambda: _frozen(
            {"note": 0.5, "chapter": 0.6, "section": 0.85, "subrule": 0.9, "glossary": 0.8, "rule": 1.0}
        )
    )
    # Being first among a dozen documents (a one-page fragment) is weaker evidence than being first
    # among thousands: a language's weight grows with the log of its documents in scope, reaching 1 here.
    evidence_docs: int = 1000
    # Where a term is defined (a section titled with it, a keyword rule named by it, its glossary
    # entry) counts this much more than where it is mentioned; rows say so with "defines": True.
    definition_weight: float = 1.15
    # A glossary entry lifts the rules it cites ("Mulligan" → 103.5) by this much of its own weight.
    cited_by_glossary: float = 0.9
    # How much a match in a rule's topic (its section's title given to the section's first rule, or a
    # keyword rule's own title) counts against a match in its text.
    heading_boost: float = 3.0
    # Unquoted words that also stand together as a phrase in a rule's topic ("state-based actions" →
    # 704.1). Only the heading field: a phrase over the text costs as much as the rest of the query.
    phrase_boost: float = 2.0
    # Symbols ("+1/+1", "{T}") and card names, matched whole in the keyword field.
    keyword_boost: float = 2.0
    # Puts the rule a number query names above everything else ...
    number_bonus: float = 10.0
    # ... and more so in the game its wording points to ("правило 108.4" is Берсерк's).
    preferred_game_boost: float = 1.5
    # Documents fetched per language: at least min_fetch, or fetch_per_result × the results asked for.
    min_fetch: int = 50
    fetch_per_result: int = 4
    # A rule whose whole text is at most this many characters and words, on one line and not ending
    # like a sentence, is a name ("702.2. Deathtouch"): its text is its topic (documents.is_title_only).
    title_max_chars: int = 40
    title_max_words: int = 4
    # A query of plain words that finds nothing (every word must occur in one rule), or a question of
    # at least thin_min_words words that finds fewer than thin_below rules, runs again as best-match:
    # any word may be missing, rules holding more of them first.
    fallback_min_words: int = 2
    thin_min_words: int = 4
    thin_below: int = 3
    # Best-match ranks this many × the fetch size by score, then orders them by how many of the
    # query's words each holds (coordination).
    coordination_pool: int = 4
    # A question (and every best-match) orders its rules by the words they hold, each word weighing its
    # rarity (idf), plus, for each two neighbouring words of the question that stand within
    # near_window words of each other in a rule's text, near_weight × the rarer one's weight: a rule
    # that says what the question asks usually says it in one breath. Ties keep the score's order.
    near_window: int = 3
    near_weight: float = 1.0
    # A question word that names the topic a rule belongs to ("triggered abilities" for 603.3b, in section
    # 603 "Handling Triggered Abilities") counts this share of its weight again.
    topic_weight: float = 1.0
    # A question's answer is as often a subrule (704.5f) as a rule: its lists are ordered by how well
    # each answers it, and a subrule is not put below a rule for being one (the other kinds weigh as in
    # ``kind_weight``).
    question_subrule_weight: float = 1.0

    @property
    def question_kind_weight(self) -> Mapping[str, float]:
        return _frozen({**self.kind_weight, "subrule": self.question_subrule_weight})

    def fetch(self, limit: int) -> int:
        return max(self.min_fetch, limit * self.fetch_per_result)

    def evidence(self, documents_in_scope: int) -> float:
        return min(1.0, math.log1p(documents_in_scope) / math.log1p(self.evidence_docs))


RANKING = Ranking()


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


@dataclass
class Fused:
    """One result of the fusion: a key, its score, the language and row it matched best in."""

    key: str
    game: str
    number: str
    kind: str
    score: float
    language: str
    # language → the row of this key in that language's list (absent where it was only lifted)
    rows: dict[str, dict] = field(default_factory=dict)
    # (language, edition) of the row it matched best in; for a rule only lifted by a glossary entry,
    # the glossary entry's.
    anchor: tuple[str, str] = ("", "")


def fuse(
    lists: list[tuple[str, bool, int, list[dict]]],
    *,
    number: str | None = None,
    prefer: str | None = None,
    lift: bool = True,
    question: bool = False,
    weights: Ranking = RANKING,
) -> list[Fused]:
    """Fuse ranked lists into one, best first.

    ``lists``: (language, direct, documents in scope, rows best first) per language; ``direct`` is
    whether the words as typed matched there (not only their glossary translations). ``number``: the
    rule a number query names. ``lift``: whether glossary entries lift the rules they cite.
    ``question``: the lists are ordered by how well each rule answers a question (kinds weigh
    ``question_kind_weight``).
    """
    kinds = weights.question_kind_weight if question else weights.kind_weight
    contributions: dict[str, list[float]] = {}
    hits: dict[str, Fused] = {}
    best: dict[str, tuple] = {}

    def add(key, game, shown, kind, language, direct, rank, order, value, row, edition):
        hit = hits.get(key)
        if hit is None:
            hit = hits[key] = Fused(key, game, shown, kind, 0.0, language)
        elif not hit.number and shown:
            hit.number, hit.kind = shown, hit.kind or kind
        contributions.setdefault(key, []).append(value)
        if row is not None:
            hit.rows.setdefault(language, row)
        # The language the user typed in wins ties; then the better rank.
        position = (not direct, rank, order)
        if key not in best or position < best[key]:
            best[key] = position
            hit.language = language
            hit.anchor = (language, edition)

    for order, (language, direct, in_scope, rows) in enumerate(lists):
        seen = set()
        weight = (1.0 if direct else weights.expanded_weight) * weights.evidence(in_scope)
        for rank, row in enumerate(rows):
            key = row["key"]
            if key in seen:
                continue
            seen.add(key)
            value = weight * kinds.get(row["kind"], 1.0) / (weights.rrf_k + rank + 1)
            lifted = value * weights.cited_by_glossary
            if row.get("defines") is True:
                value *= weights.definition_weight
            add(key, row["game"], row["number"], row["kind"], language, direct, rank, order, value, row, row["edition"])
            if lift and row["kind"] == "glossary" and row.get("named") is not False:
                for cited in filter(None, (row.get("cite_keys") or "").split(",")):
                    # Number and kind come from the rule's own document when it is shown.
                    add(cited, row["game"], "", "", language, direct, rank, order, lifted, None, row["edition"])
    for key, hit in hits.items():
        values = sorted(contributions[key], reverse=True)
        hit.score = values[0] + weights.others_share * sum(values[1:])
        if number and hit.number == number:
            hit.score += weights.number_bonus * (weights.preferred_game_boost if prefer and hit.game == prefer else 1.0)
    return sorted(hits.values(), key=lambda h: (-h.score, h.key))
