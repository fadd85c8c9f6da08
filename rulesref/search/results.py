"""What a search returns: immutable results that views, commands and the API show as they are.

Results are cached and shared between requests, so nothing here can be changed after it is built:
frozen dataclasses, tuples and read-only mappings. A hit carries, for each language shown, its
text's edition, number, a ready link to the rule page and an escaped snippet (``SafeString``, made when
first read, then kept in the generation's snippet cache).
Messages (notices) are lazy translations: each request shows them in its own language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from django.urls import reverse
from django.utils.safestring import SafeString

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.glossary import term_slug


def rule_url(game: str, language: str, edition: str, kind: str, number: str) -> str:
    """The page of a document: the rule's own page (``/rules/<game>/<lang>/<edition>/<number>/``),
    a glossary entry's term page, or an unnumbered note's edition contents. The one place search
    builds rule links."""
    if kind == "glossary":
        return reverse("rules:glossary-term", args=[game, language, edition, term_slug(number)])
    if kind == "note" or not number:
        return reverse("rules:edition-detail", args=[game, language, edition])
    return reverse("rules:entry-detail", args=[game, language, edition, number])


@dataclass(frozen=True)
class LanguageText:
    """One language's text of a hit."""

    lang: str
    edition: str
    number: str
    kind: str
    # Makes the escaped, marked snippet: called when the snippet is first shown, so a page marks the
    # ten hits it shows, not the hundred it counts (marking them all took up to 190 ms of a wildcard
    # query, past its time budget).
    make_snippet: Callable[[], SafeString] = field(repr=False, compare=False)
    url: str
    # The section the text is in, (number, title): ("121", "Drawing a Card"); () when it has none.
    section: tuple[str, ...] = ()

    @property
    def snippet(self) -> SafeString:
        return self.make_snippet()

    @property
    def label(self):
        return CONTENT_LANGUAGES[self.lang].label

    def as_json(self) -> dict:
        return {"edition": self.edition, "number": self.number, "snippet": str(self.snippet), "url": self.url}


@dataclass(frozen=True)
class SearchHit:
    game: str
    number: str
    kind: str
    key: str
    score: float
    matched_lang: str
    # language → LanguageText, in the order the languages are shown
    texts: Mapping[str, LanguageText] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def rows(self) -> tuple[LanguageText, ...]:
        return tuple(self.texts.values())

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "number": self.number,
            "kind": self.kind,
            "score": round(self.score, 6),
            "matched_lang": self.matched_lang,
            "texts": {lang: text.as_json() for lang, text in self.texts.items()},
        }


@dataclass(frozen=True)
class SearchResults:
    query: str
    hits: tuple[SearchHit, ...] = ()
    corrected: str | None = None
    error: object | None = None  # a (lazy) message
    notices: tuple = ()  # (lazy) messages
    languages: tuple[str, ...] = ()  # the languages shown

    def as_json(self) -> dict:
        data = {"query": self.query, "corrected": self.corrected, "hits": [hit.as_json() for hit in self.hits]}
        if self.error:
            data["error"] = str(self.error)
        if self.notices:
            data["notices"] = [str(notice) for notice in self.notices]
        return data


def frozen_texts(texts: dict[str, LanguageText]) -> Mapping[str, LanguageText]:
    return MappingProxyType(dict(texts))


def group(run, fused, snippet_for) -> list[SearchHit]:
    """The group stage: each fused rule once, shown in the run's languages, each in the edition aligned
    with the one that matched, with a link and a snippet (made by ``snippet_for``, the snippet stage's
    ``makers``). At most ``run.limit`` hits."""
    generation = run.generation
    hits = []
    for found in fused:
        anchor_language, anchor_edition = found.anchor
        texts: dict[str, LanguageText] = {}
        number, kind = found.number, found.kind
        for language in run.shown:
            if language not in generation.languages:
                continue
            index = generation[language]
            row = found.rows.get(language)
            if language == anchor_language and row is not None:
                docnum = row["doc"]
            else:
                slug = generation.aligned_edition(found.game, anchor_language, anchor_edition, language)
                if slug is None or (run.edition and slug != run.edition):
                    continue
                docnum = index.by_key_edition.get((found.key, slug))
                if docnum is None:
                    continue
            stored = index.stored_fields(docnum)
            texts[language] = LanguageText(
                lang=language,
                edition=stored["edition"],
                number=stored["number"],
                kind=stored["kind"],
                make_snippet=snippet_for(index, language, docnum, stored["text"]),
                url=rule_url(found.game, language, stored["edition"], stored["kind"], stored["number"]),
                # Indexes built before sections were stored have none.
                section=tuple(stored.get("section") or ()),
            )
            kind = kind or stored["kind"]
            number = number or (stored["number"] if language == anchor_language else "")
        if not texts:
            # A rule lifted by a glossary entry may not exist in the searched scope; a language
            # filter may leave nothing of a rule to show.
            continue
        number = number or next(iter(texts.values())).number
        hits.append(
            SearchHit(
                game=found.game,
                number=number,
                kind=kind,
                key=found.key,
                score=found.score,
                matched_lang=found.language,
                texts=frozen_texts(texts),
            )
        )
        if len(hits) == run.limit:
            break
    return hits
