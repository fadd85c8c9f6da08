"""Cross-language query expansion: "toughness" also asks for "costituzione" in Italian and "タフネス"
in Japanese; "Veteran Motorist" also asks for "経験豊富な操縦者"; "flying" for "飞行".

For every content language we rewrite the query string so that each recognised term becomes
``((original) OR form OR (two words))`` with that language's forms. The vocabulary is written into
each index generation when it is built, so that a search reads no database table. It holds:

- the hand-written terms of ``rules_data/glossary/terms.toml`` and the card names (``Term``,
  ``CardName``);
- term pairs *derived* from aligned editions at build time: the title of every keyword ability and
  keyword action rule and of every section (en 702.9 "Flying" ↔ zh-hans 702.9 "飞行"), every
  pair of glossary entries of aligned editions that cite the same rules, and, for glossaries that
  cite no rules (Lorcana's), every pair of entries whose terms the same aligned rules print
  (``rulesref.rules.glossary_usage``: en "inkwell" ↔ de "Tintenvorrat" ↔ ja "インクウェル"). They are marked
  ``derived``; a form the hand-written list gives in a language is never claimed by a derived pair.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rulesref.core import han
from rulesref.core.scripts import has_cjk


@dataclass(frozen=True)
class Concept:
    """One term or card: its forms per language."""

    key: str
    game: str
    forms: dict[str, tuple[str, ...]]
    derived: bool = False

    def __hash__(self):
        return hash(self.key)


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    # Every concept one of whose forms is the matched text ("creature" is a form of
    # both the MTG and the Берсерк concept).
    concepts: tuple[Concept, ...]


def fold(text: str) -> str:
    """A form's key: NFKC, case folded, and each Han character by its key (``han.fold``: 反擊 and 反击, 攻撃
    and 攻击 are one), as the indexes fold them. Han folding keeps the length."""
    return han.fold(unicodedata.normalize("NFKC", text).casefold())


class Vocabulary:
    """All concepts, and a lookup of their forms: longest forms first, then in the order given."""

    def __init__(self, concepts: list[Concept]):
        self.concepts = concepts
        by_form: dict[str, list[Concept]] = {}
        for concept in concepts:
            for forms in concept.forms.values():
                for form in forms:
                    owners = by_form.setdefault(fold(form), [])
                    if concept not in owners:
                        owners.append(concept)
        # form → (rank, owners, whether it must stand as a word of its own)
        ordered = sorted(by_form.items(), key=lambda item: -len(item[0]))
        self.forms = {
            form: (rank, tuple(owners), not has_cjk(form)) for rank, (form, owners) in enumerate(ordered) if form
        }
        self.lengths = sorted({len(form) for form in self.forms}, reverse=True)

    def find(self, query: str) -> list[Match]:
        """Non-overlapping matches of known forms in ``query``, longest forms first.

        A form of a spaced script matches only as whole words; a CJK form anywhere.
        """
        folded = fold(query)
        if len(folded) != len(query):
            # NFKC changed the length: offsets would not point into the query.
            return []
        forms, n = self.forms, len(folded)
        candidates = []
        for start in range(n):
            starts_word = start == 0 or not _word_char(folded[start - 1])
            for length in self.lengths:
                end = start + length
                if end > n:
                    continue
                found = forms.get(folded[start:end])
                if found is None:
                    continue
                rank, owners, spaced = found
                if spaced and not (starts_word and (end == n or not _word_char(folded[end]))):
                    continue
                candidates.append((rank, start, end, owners))
        taken: list[Match] = []
        for _rank, start, end, owners in sorted(candidates):
            if any(start < m.end and m.start < end for m in taken):
                continue
            taken.append(Match(start, end, owners))
        return sorted(taken, key=lambda m: m.start)

    def rewrite(
        self, query: str, language: str, *, games: set[str] | frozenset[str], phrases: bool = False
    ) -> tuple[str, list[Concept]]:
        """``query`` with every recognised term OR-ed with its forms in ``language``.

        Only concepts of ``games`` count: the games this language has texts of in the
        searched scope (a Берсерк term's English gloss must not pull in MTG rules).
        """
        pieces, cursor, used = [], 0, []
        phrases_typed = _quoted_spans(query)
        for match in self.find(query):
            concepts = [c for c in match.concepts if c.game in games]
            typed = fold(query[match.start : match.end])
            forms = list(
                dict.fromkeys(form for c in concepts for form in c.forms.get(language, ()) if fold(form) != typed)
            )
            if not forms:
                continue
            start, end = match.start, match.end
            # A quoted phrase that is exactly the term is replaced with its quotes, and
            # its forms are phrases too: the user asked for the words together.
            quoted = start > 0 and end < len(query) and query[start - 1] == '"' and query[end] == '"'
            if quoted:
                start, end = start - 1, end + 1
            elif any(first < start and end <= last for first, last in phrases_typed):
                # A term inside a longer quoted phrase: the phrase asks for the words as typed, and an
                # OR inside its quotes would break it into loose words ("trample over planeswalkers").
                continue
            if start < cursor:
                continue
            alternatives = " OR ".join(_as_query(form, phrase=phrases or quoted) for form in forms)
            pieces.append(query[cursor:start])
            pieces.append(f"(({query[start:end]}) OR {alternatives})")
            cursor = end
            used.extend(concepts)
        pieces.append(query[cursor:])
        return "".join(pieces), used


def _quoted_spans(query: str) -> list[tuple[int, int]]:
    """The (start, end) of each quoted phrase of ``query``, its quotes included (an unclosed quote opens
    none)."""
    quotes = [i for i, char in enumerate(query) if char == '"']
    return [(quotes[i], quotes[i + 1] + 1) for i in range(0, len(quotes) - 1, 2)]


def _word_char(char: str) -> bool:
    """What ``\\w`` matches: a letter, digit or underscore of any script."""
    return char.isalnum() or char == "_"


def _as_query(form: str, *, phrase: bool = False) -> str:
    """A glossary form as query syntax: a word stays a word; several words become a group, all
    of which must appear. A phrase would be stricter but cost a third of an English search, and
    it ranked the development queries no better. (CJK fields still read a multi-bigram word as a
    phrase.) With ``phrase``, several words are a phrase: for marking matches, where a form's
    words count only together."""
    if re.fullmatch(r"[^\W_]+", form):
        return form
    return f'"{form}"' if phrase else f"({form})"


def dump(concepts: list[Concept]) -> list[dict]:
    return [
        {"key": c.key, "game": c.game, "forms": {k: list(v) for k, v in c.forms.items()}}
        | ({"derived": True} if c.derived else {})
        for c in concepts
    ]


def load(data: list[dict], more: tuple[Concept, ...] = ()) -> Vocabulary:
    """The vocabulary of a generation's ``vocabulary.json`` (``data``), then the concepts ``more``."""
    return Vocabulary(
        [
            Concept(
                key=d["key"],
                game=d["game"],
                forms={k: tuple(v) for k, v in d["forms"].items()},
                derived=d.get("derived", False),
            )
            for d in data
        ]
        + list(more)
    )
