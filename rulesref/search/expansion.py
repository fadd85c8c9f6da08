"""Cross-language query expansion from the glossary: "toughness" also asks for
"costituzione" in Italian and "タフネス" in Japanese; "Veteran Motorist" also asks
for "経験豊富な操縦者".

For every content language we rewrite the query string so that each recognised
term becomes ``((original) OR form OR (two words))`` with that language's forms. The
vocabulary is written into each index generation when it is built, so that a
search reads no database table.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rulesref.rules.models import CardName, TermForm


@dataclass(frozen=True)
class Concept:
    """One term or card: its forms per language."""

    key: str
    game: str
    forms: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    # Every concept one of whose forms is the matched text ("creature" is a form of
    # both the MTG and the Берсерк concept).
    concepts: tuple[Concept, ...]


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _is_cjk(text: str) -> bool:
    return any(unicodedata.name(ch, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL")) for ch in text)


class Vocabulary:
    """All concepts and a matcher over their forms, longest forms first."""

    def __init__(self, concepts: list[Concept]):
        self.concepts = concepts
        by_form: dict[str, list[Concept]] = {}
        for concept in concepts:
            for forms in concept.forms.values():
                for form in forms:
                    owners = by_form.setdefault(_fold(form), [])
                    if concept not in owners:
                        owners.append(concept)
        self.patterns = [
            (re.compile(re.escape(form) if _is_cjk(form) else rf"(?<!\w){re.escape(form)}(?!\w)"), tuple(owners))
            for form, owners in sorted(by_form.items(), key=lambda item: -len(item[0]))
        ]

    def find(self, query: str) -> list[Match]:
        """Non-overlapping matches of known forms in ``query``, longest forms first."""
        folded = _fold(query)
        if len(folded) != len(query):
            # NFKC changed the length: offsets would not point into the query.
            return []
        taken: list[Match] = []
        for pattern, owners in self.patterns:
            for found in pattern.finditer(folded):
                start, end = found.span()
                if any(start < m.end and m.start < end for m in taken):
                    continue
                taken.append(Match(start, end, owners))
        return sorted(taken, key=lambda m: m.start)

    def rewrite(
        self, query: str, language: str, *, games: set[str], phrases: bool = False
    ) -> tuple[str, list[Concept]]:
        """``query`` with every recognised term OR-ed with its forms in ``language``.

        Only concepts of ``games`` count: the games this language has texts of in the
        searched scope (a Берсерк term's English gloss must not pull in MTG rules).
        """
        pieces, cursor, used = [], 0, []
        for match in self.find(query):
            concepts = [c for c in match.concepts if c.game in games]
            typed = _fold(query[match.start : match.end])
            forms = list(
                dict.fromkeys(form for c in concepts for form in c.forms.get(language, ()) if _fold(form) != typed)
            )
            if not forms:
                continue
            start, end = match.start, match.end
            # A quoted phrase that is exactly the term is replaced with its quotes, and
            # its forms are phrases too: the user asked for the words together.
            quoted = start > 0 and end < len(query) and query[start - 1] == '"' and query[end] == '"'
            if quoted:
                start, end = start - 1, end + 1
            if start < cursor:
                continue
            alternatives = " OR ".join(_as_query(form, phrase=phrases or quoted) for form in forms)
            pieces.append(query[cursor:start])
            pieces.append(f"(({query[start:end]}) OR {alternatives})")
            cursor = end
            used.extend(concepts)
        pieces.append(query[cursor:])
        return "".join(pieces), used


def _as_query(form: str, *, phrase: bool = False) -> str:
    """A glossary form as query syntax: a word stays a word; several words become a group, all
    of which must appear. A phrase would be stricter but cost a third of an English search, and
    it ranked the development queries no better. (CJK fields still read a multi-bigram word as a
    phrase.) With ``phrase``, several words are a phrase: for marking matches, where a form's
    words count only together."""
    if re.fullmatch(r"[^\W_]+", form):
        return form
    return f'"{form}"' if phrase else f"({form})"


def concepts_from_database() -> list[Concept]:
    """Every glossary term and card with its forms per language, from the database."""
    grouped: dict[tuple[str, str, str], dict[str, list[str]]] = {}
    rows = TermForm.objects.order_by("term_id", "language", "-preferred", "pk").values_list(
        "term__game__slug", "term__key", "language", "form"
    )
    for game, key, language, form in rows:
        grouped.setdefault(("term", game, key), {}).setdefault(language, []).append(form)
    names = CardName.objects.order_by("card_id", "language", "pk").values_list(
        "card__game__slug", "card__key", "language", "name"
    )
    for game, key, language, name in names:
        grouped.setdefault(("card", game, key), {}).setdefault(language, []).append(name)
    return [
        Concept(key=f"{kind}:{key}", game=game, forms={lang: tuple(forms) for lang, forms in by_language.items()})
        for (kind, game, key), by_language in grouped.items()
    ]


def dump(concepts: list[Concept]) -> list[dict]:
    return [{"key": c.key, "game": c.game, "forms": {k: list(v) for k, v in c.forms.items()}} for c in concepts]


def load(data: list[dict]) -> Vocabulary:
    return Vocabulary(
        [Concept(key=d["key"], game=d["game"], forms={k: tuple(v) for k, v in d["forms"].items()}) for d in data]
    )
