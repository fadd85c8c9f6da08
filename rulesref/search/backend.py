"""The search service: every language's index at once, fused by rank, grouped by rule.

``search(...) -> SearchResults`` is what the web views, the API and the ``search``
command call. It only reads: it opens the live generation's indexes (one set of
searchers per thread, reused until a new generation goes live) and never writes.
"""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.idsets import BitSet
from whoosh.qparser import MultifieldParser
from whoosh.qparser.plugins import BoostPlugin, EveryPlugin, FieldsPlugin, RangePlugin, SingleQuotePlugin
from whoosh.query import And, Or, Prefix, Term

from rulesref.core.languages import CONTENT_LANGUAGES

from . import expansion, highlight
from .analysis import analyzer_for, bigram_analyzer, extract_symbols, tokens
from .queries import QueryError, UserQuery, parse_user_query
from .schema import BIGRAM_COMPANION
from .store import VOCABULARY, current_generation

RRF_K = 60
# How much a match in a section's title (given to the section's first rule) counts.
HEADING_BOOST = 3.0
CACHE_SIZE = 256
NUMBER_BONUS = 10.0
KEYWORD_BOOST = 2.0
# A language reached only through a translation of the query counts half in the fusion,
# so that a rule present in many languages does not outrank the best match in the
# language the user typed in.
EXPANDED_WEIGHT = 0.5  # puts the rule a number query names above everything else


class IndexMissing(Exception):
    pass


@dataclass
class LanguageText:
    edition: str
    snippet: str
    number: str
    kind: str


@dataclass
class SearchHit:
    game: str
    number: str
    kind: str
    key: str
    score: float
    matched_lang: str
    texts: dict[str, LanguageText] = field(default_factory=dict)

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "number": self.number,
            "kind": self.kind,
            "score": round(self.score, 6),
            "matched_lang": self.matched_lang,
            "texts": {lang: {"edition": t.edition, "snippet": t.snippet} for lang, t in self.texts.items()},
        }


@dataclass
class SearchResults:
    query: str
    hits: list[SearchHit] = field(default_factory=list)
    corrected: str | None = None
    error: str | None = None
    notices: list[str] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        data = {"query": self.query, "corrected": self.corrected, "hits": [hit.as_json() for hit in self.hits]}
        if self.error:
            data["error"] = self.error
        if self.notices:
            data["notices"] = self.notices
        return data


# ---------------------------------------------------------------------------
# Opening generations


class Generation:
    """The live generation's indexes; searchers are opened per thread and reused."""

    def __init__(self, path: Path):
        self.path = path
        self.indexes = {lang: whoosh_index.open_dir(str(path / lang)) for lang in CONTENT_LANGUAGES}
        self.local = threading.local()
        self.scopes: dict[tuple, BitSet] = {}
        self.parsers = {lang: _make_parser(lang, self.indexes[lang].schema) for lang in CONTENT_LANGUAGES}
        vocabulary_file = path / VOCABULARY
        data = json.loads(vocabulary_file.read_text(encoding="utf-8")) if vocabulary_file.exists() else []
        self.vocabulary = expansion.load(data)

    def allowed(self, language: str, scope: tuple[str | None, str | None]):
        """Document numbers a search may return: the latest editions (or one edition), one game.

        Computed once per generation, language and scope: building it on every query
        was most of the time a query took.
        """
        key = (language, scope)
        allowed = self.scopes.get(key)
        if allowed is None:
            game, edition = scope
            with self.indexes[language].searcher() as searcher:
                allowed = BitSet(searcher.docs_for_query(_filter(game, edition)), size=searcher.doc_count_all())
            self.scopes[key] = allowed
        return allowed

    def searcher(self, language: str):
        searchers = getattr(self.local, "searchers", None)
        if searchers is None:
            searchers = self.local.searchers = {}
        if language not in searchers:
            searchers[language] = self.indexes[language].searcher()
        return searchers[language]


def _make_parser(language: str, schema):
    fields = ["text", "heading", "bigrams"] if language in BIGRAM_COMPANION else ["text", "heading"]
    parser = MultifieldParser(fields, schema, fieldboosts={"heading": HEADING_BOOST})
    # Only what we document: words, "phrases", prefix*, AND/OR/NOT and groups. Field syntax
    # is read by queries.py before parsing, so "foo:bar" is plain text here.
    for plugin in list(parser.plugins):
        if isinstance(plugin, (FieldsPlugin, RangePlugin, BoostPlugin, EveryPlugin, SingleQuotePlugin)):
            parser.remove_plugin(plugin)
    return parser


_generation_lock = threading.Lock()
_generations: dict[Path, Generation] = {}


def open_generation() -> Generation:
    path = current_generation()
    if path is None:
        raise IndexMissing("The search index has not been built yet: run “python manage.py build_index”.")
    with _generation_lock:
        generation = _generations.get(path)
        if generation is None:
            generation = Generation(path)
            # Keep the previous generation open for requests still using it.
            for old in list(_generations)[:-1]:
                del _generations[old]
            _generations[path] = generation
        return generation


# ---------------------------------------------------------------------------
# Searching


@dataclass
class _LanguageQuery:
    language: str
    query: object
    terms: dict[str, set[str]]
    ranked: list[dict]
    # True when the words as typed (before glossary expansion) match in this language:
    # the language the user was searching in, as opposed to one reached only through a
    # translation of the query.
    direct: bool = True


_cache_lock = threading.Lock()
_cache: OrderedDict = OrderedDict()


def search(
    query: str,
    *,
    languages: list[str] | None = None,
    game: str | None = None,
    edition: str | None = None,
    limit: int = 10,
) -> SearchResults:
    """Search every requested language; one hit per rule, best first."""
    try:
        user = parse_user_query(query)
    except QueryError as error:
        return SearchResults(query=query, error=str(error))
    wanted = user.languages or [lang for lang in (languages or CONTENT_LANGUAGES) if lang in CONTENT_LANGUAGES]
    game = user.game or game
    edition = user.edition or edition
    limit = max(1, min(limit, 100))
    try:
        generation = open_generation()
    except IndexMissing as error:
        return SearchResults(query=query, error=str(error), languages=wanted)
    key = (str(generation.path), user.text, tuple(wanted), game, edition, limit)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            cached = _cache[key]
            return SearchResults(
                query=query, hits=cached.hits, corrected=cached.corrected, notices=user.notices, languages=wanted
            )
    results = _run(generation, user, wanted, game, edition, limit)
    results.query = query
    results.notices = user.notices + results.notices
    with _cache_lock:
        _cache[key] = results
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return results


def _filter(game: str | None, edition: str | None):
    parts = [Term("edition", edition) if edition else Term("latest", "1")]
    if game:
        parts.append(Term("game", game))
    return And(parts) if len(parts) > 1 else parts[0]


def _fetch_limit(limit: int) -> int:
    return max(50, limit * 4)


def _run(generation: Generation, user: UserQuery, languages: list[str], game, edition, limit) -> SearchResults:
    results = SearchResults(query=user.raw, languages=languages)
    scope = (game, edition)
    if user.number:
        per_language = [_number_query(generation, lang, user.number, scope, limit) for lang in languages]
    else:
        per_language = [_text_query(generation, lang, user.text, game, scope, limit) for lang in languages]
        if not any(q.ranked for q in per_language):
            corrected = _correct(generation, languages, user.text, game, scope, limit)
            if corrected is not None:
                results.corrected, per_language = corrected
    results.hits = _group(generation, per_language, languages, scope, limit, number=user.number)
    return results


def _ranked(searcher, query, allowed, limit: int) -> list[dict]:
    hits = searcher.search(query, filter=allowed, limit=_fetch_limit(limit))
    return [dict(hit.fields(), _score=hit.score) for hit in hits]


def _parse(generation: Generation, language: str, text: str):
    query = generation.parsers[language].parse(text)
    return _single_cjk_as_prefix(query)


def _single_cjk_as_prefix(query):
    """A one-character CJK word matches every bigram starting with it."""
    if isinstance(query, Term) and query.fieldname in ("text", "bigrams") and len(query.text) == 1:
        if "\u3040" <= query.text <= "\u9fff" or "\uac00" <= query.text <= "\ud7af":
            return Prefix(query.fieldname, query.text)
    if hasattr(query, "subqueries"):
        query.subqueries = [_single_cjk_as_prefix(q) for q in query.subqueries]
    elif hasattr(query, "child"):
        query.child = _single_cjk_as_prefix(query.child)
    return query


def _terms(query, searcher) -> dict[str, set[str]]:
    """The index terms a query matched, per field (prefixes expanded), for highlighting.

    A one-character CJK prefix is kept as the character itself (field "chars"), so
    that "右" marks 右 in 右下 rather than the whole bigram.
    """
    terms: dict[str, set[str]] = {}
    reader = searcher.reader()
    for leaf in query.leaves():
        if isinstance(leaf, Prefix) and len(leaf.text) == 1 and leaf.fieldname in ("text", "bigrams"):
            terms.setdefault("chars", set()).add(leaf.text)
            continue
        for fieldname, text in leaf.existing_terms(reader, phrases=True, expand=True):
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            terms.setdefault(fieldname, set()).add(text)
    return terms


def _text_query(generation, language, text, game, scope, limit) -> _LanguageQuery:
    rewritten, used = generation.vocabulary.rewrite(text, language, game=game)
    query = _parse(generation, language, rewritten)
    # Symbols ("+1/+1", "{T}") and card names were indexed whole, as keywords.
    keywords = extract_symbols(text) + [
        name.casefold()
        for concept in used
        if concept.key.startswith("card:")
        for name in concept.forms.get(language, ())
    ]
    if keywords:
        query = Or([query] + [Term("keywords", keyword, boost=KEYWORD_BOOST) for keyword in keywords])
    searcher = generation.searcher(language)
    allowed = generation.allowed(language, scope)
    hits = searcher.search(query, filter=allowed, limit=_fetch_limit(limit), terms=bool(used))
    ranked = [dict(hit.fields(), _score=hit.score) for hit in hits]
    direct = True
    if used:
        # Did any hit match a word as typed, not only one of its translations?
        typed = {(field, _as_bytes(word)) for field, word in _parse(generation, language, text).iter_all_terms()}
        direct = any(typed.intersection(hit.matched_terms()) for hit in hits)
    return _LanguageQuery(language, query, _terms(query, searcher), ranked, direct=direct)


def _as_bytes(word) -> bytes:
    return word if isinstance(word, bytes) else word.encode("utf-8")


def _number_query(generation, language, number, scope, limit) -> _LanguageQuery:
    searcher = generation.searcher(language)
    allowed = generation.allowed(language, scope)
    exact = _ranked(searcher, Term("number", number), allowed, limit)
    citing = [d for d in _ranked(searcher, Term("cites", number), allowed, limit) if d["number"] != number]
    return _LanguageQuery(
        language, Or([Term("number", number), Term("cites", number)]), {"text": {number}}, exact + citing
    )


def _correct(generation, languages, text, game, scope, limit):
    """When nothing matched: respell unknown words from a language's index, and search again."""
    for language in languages:
        corrected = _respell(generation.searcher(language), language, text)
        if corrected is None:
            continue
        attempt = [_text_query(generation, lang, corrected, game, scope, limit) for lang in languages]
        if any(q.ranked for q in attempt):
            return corrected, attempt
    return None


WORD_RE = re.compile(r"[^\W\d_]{3,}")


def _respell(searcher, language: str, text: str) -> str | None:
    """``text`` with each word the index does not know replaced by its closest known word."""
    reader = searcher.reader()
    corrector = searcher.corrector("text")
    changed = False

    def replace(match):
        nonlocal changed
        word = match.group()
        if word.upper() in ("AND", "OR", "NOT") or any("\u3040" <= ch <= "\u9fff" for ch in word):
            return word
        if any(("text", token) in reader for token, _, _ in _analysed(language, word)):
            return word
        # Whoosh ranks suggestions by distance, then frequency; with limit=1 it can
        # return a farther word, so ask for a few and take the first.
        suggestions = corrector.suggest(word.lower(), limit=5, maxdist=2)
        if not suggestions:
            return word
        changed = True
        return suggestions[0].capitalize() if word[:1].isupper() else suggestions[0]

    corrected = WORD_RE.sub(replace, text)
    return corrected if changed else None


def _group(generation, per_language: list[_LanguageQuery], languages, scope, limit, *, number) -> list[SearchHit]:
    """Reciprocal-rank fusion over languages, one hit per alignment key."""
    groups: dict[str, SearchHit] = {}
    docs: dict[tuple[str, str], dict] = {}
    best_rank: dict[str, tuple[bool, int, int]] = {}
    for order, lq in enumerate(per_language):
        seen = set()
        for rank, doc in enumerate(lq.ranked):
            key = doc["key"]
            if key in seen:
                continue
            seen.add(key)
            bonus = NUMBER_BONUS if number and doc["number"] == number else 0.0
            hit = groups.get(key)
            if hit is None:
                hit = groups[key] = SearchHit(
                    game=doc["game"],
                    number=doc["number"],
                    kind=doc["kind"],
                    key=key,
                    score=0.0,
                    matched_lang=lq.language,
                )
            weight = 1.0 if lq.direct else EXPANDED_WEIGHT
            hit.score += weight / (RRF_K + rank + 1) + bonus
            docs[(key, lq.language)] = doc
            # The language the user typed in wins ties; then the better rank.
            position = (not lq.direct, rank, order)
            if key not in best_rank or position < best_rank[key]:
                best_rank[key] = position
                hit.matched_lang = lq.language
    ordered = sorted(groups.values(), key=lambda h: (-h.score, h.key))[:limit]
    queries = {lq.language: lq for lq in per_language}
    for hit in ordered:
        for language in languages:
            doc = docs.get((hit.key, language)) or _aligned(generation, language, hit.key, scope)
            if doc is None:
                continue
            hit.texts[language] = LanguageText(
                edition=doc["edition"],
                snippet=_snippet(language, doc["text"], queries[language].terms),
                number=doc["number"],
                kind=doc["kind"],
            )
    return ordered


def _aligned(generation, language, key, scope) -> dict | None:
    searcher = generation.searcher(language)
    allowed = generation.allowed(language, scope)
    for docnum in searcher.document_numbers(key=key):
        if docnum in allowed:
            return dict(searcher.stored_fields(docnum))
    return None


def _snippet(language: str, text: str, terms: dict[str, set[str]]) -> str:
    spans = []
    if terms.get("text"):
        spans += highlight.match_spans(_analysed(language, text), terms["text"])
    if terms.get("bigrams"):
        spans += highlight.match_spans(_analysed(BIGRAMS, text), terms["bigrams"])
    for char in terms.get("chars", ()):
        spans += [(i, i + 1) for i, ch in enumerate(text) if ch == char]
    return highlight.render(text, highlight.merge(spans, text))


BIGRAMS = "bigrams"
_analyzers: dict[str, object] = {}


@functools.lru_cache(maxsize=8192)
def _analysed(kind: str, text: str) -> tuple[tuple[str, int, int], ...]:
    """Tokens with offsets of a stored text; the same rule texts come back query after query."""
    analyzer = _analyzers.get(kind)
    if analyzer is None:
        analyzer = _analyzers[kind] = bigram_analyzer() if kind == BIGRAMS else analyzer_for(kind)
    return tuple(tokens(analyzer, text))


def generation_path() -> str | None:
    path = current_generation()
    return os.fspath(path) if path else None
