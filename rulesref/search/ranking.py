"""Fuse: each language's ranked list fused into one by rank (the weights are ``weights.RANKING``).

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

from dataclasses import dataclass, field

from .weights import RANKING, Ranking


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
    typed_games: frozenset[str] | None = None,
    weights: Ranking = RANKING,
) -> list[Fused]:
    """Fuse ranked lists into one, best first.

    ``lists``: (language, direct, documents in scope, rows best first) per language; ``direct`` is
    whether the words as typed matched there (not only their glossary translations). ``number``: the
    rule a number query names. ``lift``: whether glossary entries lift the rules they cite.
    ``question``: the lists are ordered by how well each rule answers a question (kinds weigh
    ``question_kind_weight``). ``typed_games``: the games of the languages the words as typed matched in
    (None: any game).
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
            if shown:
                # The number as printed where it matched best: the Japanese Lorcana rules number Rush 8.8.1,
                # the English 8.9.1, and "突進" is the Japanese 8.8.1 whichever list held it first.
                hit.number, hit.kind = shown, kind or hit.kind

    for order, (language, direct, in_scope, rows) in enumerate(lists):
        seen = set()
        evidence = weights.evidence(in_scope)
        weight = (1.0 if direct else weights.expanded_weight) * evidence
        # A section named by the query ("513. End Step") is what it asks for, before the rule under it that
        # holds its name as a heading (513.1 "The end step has no turn-based actions …"); where a rule of the
        # game says in words what the name is (611.1 "A continuous effect modifies …"), that rule comes first.
        ruled = {row["game"] for row in rows if row.get("defines") is True and row["kind"] in ("rule", "subrule")}
        for rank, row in enumerate(rows):
            key = row["key"]
            if key in seen:
                continue
            seen.add(key)
            defines = row.get("defines") is True
            # A rule whose words define the query's name counts in full also where only a translation of it
            # matched: "状況誘発" is defined by 603.8, which the Japanese edition lacks. Only in a game the words
            # as typed were searched in (``typed_games``): "creature" is MTG's 302 before Берсерк's 210.1
            # "Существа, …", which has no English edition.
            in_words = (
                defines
                and row["kind"] in ("rule", "subrule")
                and (direct or typed_games is None or row["game"] in typed_games)
            )
            value = (evidence if in_words else weight) * kinds.get(row["kind"], 1.0) / (weights.rrf_k + rank + 1)
            lifted = value * weights.cited_by_glossary
            if defines:
                value *= (
                    weights.rule_definition_weight
                    if row["kind"] in ("rule", "subrule") or (row["kind"] == "section" and row["game"] not in ruled)
                    else weights.definition_weight
                )
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


def fuse_ranked(ranked, **options) -> list[Fused]:
    """``fuse`` over the execute stage's lists (``pipeline.Ranked``: language, direct, in scope, rows)."""
    return fuse([(r.language, r.direct, r.in_scope, r.rows) for r in ranked], **options)


def fused_keys(ranked, *, lift: bool = True) -> frozenset[str]:
    """The keys ``fuse_ranked(ranked, lift=lift)`` returns hits for, without scoring them: each list's
    rows (a key once per list) and the rules their glossary entries lift. A fallback decides by it
    whether what was found is too little."""
    keys: set[str] = set()
    for r in ranked:
        seen = set()
        for row in r.rows:
            key = row["key"]
            if key in seen:
                continue
            seen.add(key)
            keys.add(key)
            if lift and row["kind"] == "glossary" and row.get("named") is not False:
                keys.update(filter(None, (row.get("cite_keys") or "").split(",")))
    return frozenset(keys)


def blend(fused: list[Fused], language: str, nearest: tuple[dict, ...], *, weights: Ranking = RANKING) -> list[Fused]:
    """The fused rules and the rules nearest in meaning (rows, nearest first) as one list, by rank: a rule
    at rank r (from 1) of the fused list gains 1 / (rrf_k + r), at rank r of the nearest
    semantic_weight / (rrf_k + r). ``nearest``'s rows are of ``language``, where a rule only the meaning
    found matched."""
    scores = {hit.key: 1.0 / (weights.rrf_k + rank) for rank, hit in enumerate(fused, start=1)}
    hits = {hit.key: hit for hit in fused}
    seen = set()
    for rank, row in enumerate(nearest, start=1):
        key = row["key"]
        if key in seen:
            continue
        seen.add(key)
        scores[key] = scores.get(key, 0.0) + weights.semantic_weight / (weights.rrf_k + rank)
        if key not in hits:
            hits[key] = Fused(
                key, row["game"], row["number"], row["kind"], 0.0, language, {language: row}, (language, row["edition"])
            )
    for key, hit in hits.items():
        hit.score = scores[key]
    return sorted(hits.values(), key=lambda h: (-h.score, h.key))


def prefer_game(fused: list[Fused], game: str, *, weights: Ranking = RANKING) -> list[Fused]:
    """The fused rules with every other game's weighing ``other_game_share``, best first."""
    for hit in fused:
        if hit.game != game:
            hit.score *= weights.other_game_share
    return sorted(fused, key=lambda h: (-h.score, h.key))
