"""Every weight of the search in one frozen dataclass (``RANKING``): fusion, kinds, boosts, fetch sizes,
the best-match fallback's thresholds and a question's ordering.

A leaf module: every stage reads its weights here (the plan its boosts, the fusion its weights, the build
what a title is), and none has to import a later stage to get them.
"""

from __future__ import annotations

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
    # ... and where a rule or a section defines it ("513. End Step" for "end step", "Layer 4: …" for
    # "layer 4"), this much: the rulebook's own definition before its glossary's summary and before the
    # rules under the section's heading (a section weighs as a glossary entry where a rule of its game
    # defines the name in words: ``ranking.fuse``).
    rule_definition_weight: float = 1.5
    # How much a document found by the name it defines (its ``defines`` field) scores against its words.
    defines_boost: float = 3.0
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
    # like a sentence, is a name ("702.2. Deathtouch"): its text is its topic (definitions.is_title_only).
    title_max_chars: int = 40
    title_max_words: int = 4
    # A query of at least fallback_min_words plain words that finds nothing (every word must occur in one
    # rule), and every question (thin_min_words plain words or more), runs again as best-match: any word
    # may be missing, rules holding more of them first. A question is answered in other words as often
    # as in its own: "can one creature block two attackers" is answered by 509.1a, which says
    # "attacking", not "two".
    fallback_min_words: int = 2
    thin_min_words: int = 4
    # A best-match question whose terms are typed only in languages whose editions hold fewer than this
    # many rules of the terms' games (the Japanese and Italian MTG editions are rule 208) is also asked
    # with those terms' translations in the other languages.
    fragment_below: int = 200
    # Best-match takes this many × the fetch size of the rules holding the most of the query's words by
    # rarity (``execution._holding_most``), then orders them as a question. 2 since every question is read
    # as best-match (2026-12-02): 4 cost the questions' p95 a third more, for the same development MRR@10.
    coordination_pool: int = 2
    # A question (and every best-match) orders its rules by the words they hold, each word weighing its
    # rarity (idf), plus, for each two neighbouring words of the question that stand within
    # near_window words of each other in a rule's text, near_weight × the rarer one's weight: a rule
    # that says what the question asks usually says it in one breath. Ties keep the rulebook's order.
    near_window: int = 3
    near_weight: float = 1.0
    # A question word that names the topic a rule belongs to ("triggered abilities" for 603.3b, in section
    # 603 "Handling Triggered Abilities") counts this share of its weight again.
    topic_weight: float = 1.0
    # A question's answer is as often a subrule (704.5f) as a rule: its lists are ordered by how well
    # each answers it, and a subrule is not put below a rule for being one (the other kinds weigh as in
    # ``kind_weight``).
    question_subrule_weight: float = 1.0
    # A rule holding every question word its best subrule holds, with family_children or more subrules
    # among the answers, is put just above them (family_lift more than the best one); so is a rule holding
    # every word a rule referring the reader to it holds.
    family_children: int = 2
    family_lift: float = 0.01
    # A question asking what happens: the rules under the state-based actions' section count this share of
    # the question's rarest word's weight again ...
    consequence_weight: float = 1.0
    # ... and a rule defining a name the question holds ("triggered ability") this share ...
    name_weight: float = 0.5
    # ... and, for a question asking what a name means, a rule defining its rarest word alone this share.
    meaning_weight: float = 1.0
    # ... and, for any other question, a rule defining its rarest word alone, where that word is in at
    # most defined_share of the language's documents (a keyword it names: "flash", "Unterstützen"), this.
    defined_weight: float = 0.5
    defined_share: float = 0.02

    # A question naming no game whose words include one printed game_cue_ratio times as often (per rule)
    # in one game's rules as in every other game's of its language, and in at least game_cue_min of them
    # ("character" for Lorcana, "creature" for MTG), with no word pointing to another game, asks about
    # that game: the other games' rules weigh other_game_share.
    game_cue_ratio: float = 20.0
    game_cue_min: int = 3
    other_game_share: float = 0.5

    # An English question is also asked by meaning (``execution.meaning``): its rules nearest in meaning
    # are blended with the fused rules by rank, a rule at rank r (from 1) of either gaining
    # weight / (rrf_k + r), the nearest in meaning weighing semantic_weight ...
    semantic_weight: float = 0.3
    # ... when at least this share of its words are words of the English rules.
    semantic_known: float = 0.75

    @property
    def question_kind_weight(self) -> Mapping[str, float]:
        return _frozen({**self.kind_weight, "subrule": self.question_subrule_weight})

    def fetch(self, limit: int) -> int:
        return max(self.min_fetch, limit * self.fetch_per_result)

    def evidence(self, documents_in_scope: int) -> float:
        return min(1.0, math.log1p(documents_in_scope) / math.log1p(self.evidence_docs))


RANKING = Ranking()
