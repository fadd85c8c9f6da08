"""What the benchmarks take from the search service, in one place (no constants copied by hand)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace


@dataclass
class Fused:
    key: str
    game: str
    number: str
    kind: str
    score: float
    language: str


def ours() -> SimpleNamespace:
    from rulesref.core.languages import CONTENT_LANGUAGES
    from rulesref.search import backend
    from rulesref.search.queries import QueryError, parse_user_query

    generation = backend.open_generation()

    def rewrite(text, language, games):
        return generation.vocabulary.rewrite(text, language, games=games)

    ranking = SimpleNamespace(
        rrf_k=backend.RRF_K,
        others_share=backend.OTHERS_SHARE,
        expanded_weight=backend.EXPANDED_WEIGHT,
        kind_weight=backend.KIND_WEIGHT,
        evidence_docs=backend.EVIDENCE_DOCS,
        cited_by_glossary=backend.CITED_BY_GLOSSARY,
        number_bonus=backend.NUMBER_BONUS,
        preferred_game_boost=1.5,
        fetch=backend._fetch_limit,
    )
    return SimpleNamespace(
        languages=list(CONTENT_LANGUAGES),
        parse_user_query=parse_user_query,
        QueryError=QueryError,
        rewrite=rewrite,
        could_match=backend._could_match,
        same_script=backend._same_script,
        ranking=ranking,
        fuse=_fuse_before,
        clear_cache=backend._cache.clear,
        search=backend.search,
    )


def _fuse_before(lists, *, number, prefer, weights) -> list[Fused]:
    """The service's fusion as it was before ranking.fuse existed (backend._group's scoring)."""
    contributions: dict[str, list[float]] = {}
    hits: dict[str, Fused] = {}
    best: dict[str, tuple] = {}

    def add(key, game, shown, kind, language, direct, rank, order, value):
        hit = hits.get(key)
        if hit is None:
            hit = hits[key] = Fused(key, game, shown, kind, 0.0, language)
        contributions.setdefault(key, []).append(value)
        position = (not direct, rank, order)
        if key not in best or position < best[key]:
            best[key] = position
            hit.language = language

    for order, (language, direct, in_scope, rows) in enumerate(lists):
        seen = set()
        evidence = min(1.0, math.log1p(in_scope) / math.log1p(weights.evidence_docs))
        weight = (1.0 if direct else weights.expanded_weight) * evidence
        for rank, row in enumerate(rows):
            if row["key"] in seen:
                continue
            seen.add(row["key"])
            value = weight * weights.kind_weight.get(row["kind"], 1.0) / (weights.rrf_k + rank + 1)
            add(row["key"], row["game"], row["number"], row["kind"], language, direct, rank, order, value)
            if row["kind"] == "glossary":
                for cited in filter(None, row["cite_keys"].split(",")):
                    shown = cited.split(":", 1)[1]
                    add(cited, row["game"], shown, "", language, direct, rank, order, value * weights.cited_by_glossary)
    for key, hit in hits.items():
        values = sorted(contributions[key], reverse=True)
        hit.score = values[0] + weights.others_share * sum(values[1:])
        if number and hit.number == number:
            hit.score += weights.number_bonus * (weights.preferred_game_boost if prefer and hit.game == prefer else 1.0)
    return sorted(hits.values(), key=lambda h: (-h.score, h.key))
