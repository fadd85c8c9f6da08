"""The search service: every language's index at once, fused by rank, grouped by rule.

``search(...) -> SearchResults`` is what the web views, the API and the ``search``
command call. It only reads: it opens the live generation's indexes (one set of
searchers per thread, reused until a new generation goes live) and never writes.
"""

from __future__ import annotations

import functools
import json
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.idsets import BitSet
from whoosh.qparser import MultifieldParser
from whoosh.qparser.plugins import BoostPlugin, EveryPlugin, FieldsPlugin, RangePlugin, SingleQuotePlugin
from whoosh.query import And, Or, Phrase, Prefix, Term

from rulesref.core.languages import CONTENT_LANGUAGES

from . import expansion, highlight
from .analysis import analyzer_for, bigram_analyzer, extract_symbols, tokens
from .queries import QueryError, UserQuery, parse_user_query
from .schema import BIGRAM_COMPANION
from .store import VOCABULARY, current_generation

# Reciprocal-rank fusion: a hit at rank r (from 0) in one language contributes
# weight / (RRF_K + r + 1). A rule's score is its best contribution plus a share of the
# others (OTHERS_SHARE), so that a rule present in five languages does not outrank the
# best match of the language the user typed in merely by being translated more often.
RRF_K = 60
BRIEF_FIELDS = ("key", "game", "number", "kind")
OTHERS_SHARE = 0.1
# A language reached only through a translation of the query (glossary expansion).
EXPANDED_WEIGHT = 0.5
# Unnumbered notes (a wiki's preface) and headings rank below rules, and a subrule a
# little below its rule (103.5 "mulligan" before 103.5b, which only mentions it).
KIND_WEIGHT = {"note": 0.5, "chapter": 0.6, "section": 0.85, "subrule": 0.9, "glossary": 0.8}
# Being first among a dozen documents (a one-page fragment) is weaker evidence than
# being first among thousands: a language's weight grows with the log of the number of
# documents it has in scope, reaching 1 at EVIDENCE_DOCS.
EVIDENCE_DOCS = 1000
# A glossary entry lifts the rules it cites ("Mulligan" → 103.5) by this much of its own weight.
CITED_BY_GLOSSARY = 0.9
# How much a match in a rule's topic (the section title given to its first rule, or a
# keyword rule's own title) counts against a match in its text.
HEADING_BOOST = 3.0
# Unquoted words that also stand together as a phrase in a rule's topic ("state-based
# actions" → 704.1). Only the heading field: a phrase over the text costs as much as the
# rest of the query and did not change the ranking of the development queries.
PHRASE_BOOST = 2.0
KEYWORD_BOOST = 2.0
# Puts the rule a number query names above everything else.
NUMBER_BONUS = 10.0
CACHE_SIZE = 256


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
        # The languages of the registry this generation was built with: a language registered
        # since then is searched once the index has been rebuilt (the fingerprint changed).
        self.indexes = {
            lang: whoosh_index.open_dir(str(path / lang)) for lang in CONTENT_LANGUAGES if (path / lang).is_dir()
        }
        self.local = threading.local()
        self.scopes: dict[tuple, tuple[BitSet | None, frozenset[str]]] = {}
        self.parsed: dict[tuple[str, str], object] = {}
        self.parsers = {lang: _make_parser(lang, index.schema) for lang, index in self.indexes.items()}
        vocabulary_file = path / VOCABULARY
        data = json.loads(vocabulary_file.read_text(encoding="utf-8")) if vocabulary_file.exists() else []
        self.vocabulary = expansion.load(data)

    def allowed(self, language: str, scope: tuple[str | None, str | None]) -> BitSet | None:
        """Document numbers a search may return (the latest editions, or one edition; one game),
        or None when this language has none in scope and is not searched at all.

        Computed once per generation, language and scope: building it on every query
        was most of the time a query took.
        """
        return self._scope(language, scope)[0]

    def games(self, language: str, scope: tuple[str | None, str | None]) -> frozenset[str]:
        """The games this language has documents of in scope."""
        return self._scope(language, scope)[1]

    def _scope(self, language, scope):
        key = (language, scope)
        cached = self.scopes.get(key)
        if cached is None:
            game, edition = scope
            with self.indexes[language].searcher() as searcher:
                ids = list(searcher.docs_for_query(_filter(game, edition)))
                allowed = BitSet(ids, size=searcher.doc_count_all()) if ids else None
                games = frozenset(
                    name.decode() if isinstance(name, bytes) else name
                    for name in searcher.lexicon("game")
                    if allowed is not None and any(d in allowed for d in searcher.document_numbers(game=_text(name)))
                )
            cached = self.scopes[key] = (allowed, games)
        return cached

    def parse(self, language: str, text: str):
        """The parsed query for ``text`` in ``language``, cached (parsing is a fair share of a search)."""
        key = (language, text)
        query = self.parsed.get(key)
        if query is None:
            query = _single_cjk_as_prefix(self.parsers[language].parse(text))
            if len(self.parsed) > 2048:
                self.parsed.clear()
            self.parsed[key] = query
        return query

    def searcher(self, language: str):
        searchers = getattr(self.local, "searchers", None)
        if searchers is None:
            searchers = self.local.searchers = {}
        if language not in searchers:
            searchers[language] = self.indexes[language].searcher()
        return searchers[language]

    def brief(self, language: str, docnum: int) -> dict:
        """What ranking needs of a hit, read from columns: key, game, number, kind."""
        columns = getattr(self.local, "columns", None)
        if columns is None:
            columns = self.local.columns = {}
        readers = columns.get(language)
        if readers is None:
            reader = self.searcher(language).reader()
            readers = columns[language] = {name: reader.column_reader(name) for name in BRIEF_FIELDS}
        return {name: readers[name][docnum] for name in BRIEF_FIELDS}


def _make_parser(language: str, schema):
    fields = ["text", "heading"] + (["bigrams"] if language in BIGRAM_COMPANION else [])
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
    # A language with nothing in scope (no Берсерк in Japanese) is not searched at all.
    languages = [
        lang for lang in languages if lang in generation.indexes and generation.allowed(lang, scope) is not None
    ]
    if user.number:
        per_language = [_number_query(generation, lang, user.number, scope, limit) for lang in languages]
    else:
        per_language = [_text_query(generation, lang, user.text, scope, limit) for lang in languages]
        if not any(q.ranked for q in per_language):
            corrected = _correct(generation, languages, user.text, scope, limit)
            if corrected is not None:
                results.corrected, per_language = corrected
    results.hits = _group(generation, per_language, languages, scope, limit, number=user.number, prefer=user.game_hint)
    return results


def _ranked(generation, language, hits) -> list[dict]:
    """Ranked hits as their column values plus the document number (``_doc``)."""
    return [dict(generation.brief(language, hit.docnum), _doc=hit.docnum) for hit in hits]


def _parse(generation: Generation, language: str, text: str):
    return generation.parse(language, text)


def _text(value) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _single_cjk_as_prefix(query):
    """A one-character CJK word matches every bigram starting with it; prefixes are scored.

    Whoosh gives every document a prefix matches the same score by default, which
    ranks "costitu*" hits in index order; scoring them ranks them like words.
    """
    if isinstance(query, Term) and query.fieldname in ("text", "bigrams") and len(query.text) == 1:
        if "\u3040" <= query.text <= "\u9fff" or "\uac00" <= query.text <= "\ud7af":
            return Prefix(query.fieldname, query.text)
    if isinstance(query, Prefix):
        query.constantscore = False
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
    terms: dict[str, set] = {}
    reader = searcher.reader()
    for leaf in query.leaves():
        if isinstance(leaf, Prefix) and len(leaf.text) == 1 and leaf.fieldname in ("text", "bigrams"):
            terms.setdefault("chars", set()).add(leaf.text)
            continue
        if isinstance(leaf, Phrase):
            # A phrase marks its words only where they stand together.
            terms.setdefault(f"phrase:{leaf.fieldname}", set()).add(tuple(leaf.words))
            continue
        for fieldname, text in leaf.existing_terms(reader, phrases=True, expand=True):
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            terms.setdefault(fieldname, set()).add(text)
    return terms


PLAIN_WORDS_RE = re.compile(r"^[^\W_]+(?:[ '’-][^\W_]+)+$")


def _text_query(generation, language, text, scope, limit) -> _LanguageQuery:
    games = generation.games(language, scope)
    rewritten, used = generation.vocabulary.rewrite(text, language, games=games)
    if not used and not _could_match(text, language):
        # Latin words in the Russian index, Cyrillic in the Chinese one: nothing to find,
        # and nothing the glossary could translate. The language's text of each rule
        # found elsewhere is still shown, with the typed words marked where it quotes them
        # ("Lost Order of Jarkeld" inside a Japanese rule).
        return _LanguageQuery(language, Or([]), {"literal": set(WORD_RE.findall(text))}, [], direct=False)
    query = _parse(generation, language, rewritten)
    extra = []
    if PLAIN_WORDS_RE.match(text) and not any(word in ("AND", "OR", "NOT") for word in text.split()):
        extra += [
            Phrase("heading", leaf.words, boost=PHRASE_BOOST)
            for leaf in _parse(generation, language, f'"{text}"').leaves()
            if isinstance(leaf, Phrase) and leaf.fieldname == "text"
        ]
    # Symbols ("+1/+1", "{T}") and card names were indexed whole, as keywords.
    keywords = extract_symbols(text) + [
        name.casefold()
        for concept in used
        if concept.key.startswith("card:")
        for name in concept.forms.get(language, ())
    ]
    extra += [Term("keywords", keyword, boost=KEYWORD_BOOST) for keyword in keywords]
    if extra:
        query = Or([query, *extra])
    searcher = generation.searcher(language)
    hits = searcher.search(
        query, filter=generation.allowed(language, scope), limit=_fetch_limit(limit), terms=bool(used)
    )
    ranked = _ranked(generation, language, hits)
    direct = True
    if used:
        # Did any hit match a word as typed, not only one of its translations?
        typed = {(field, _as_bytes(word)) for field, word in _parse(generation, language, text).iter_all_terms()}
        direct = any(typed.intersection(hit.matched_terms()) for hit in hits)
    # What to mark: the same query, but with the glossary's multi-word forms as phrases.
    marked = query
    if used:
        with_phrases, _ = generation.vocabulary.rewrite(text, language, games=games, phrases=True)
        marked = _parse(generation, language, with_phrases)
    return _LanguageQuery(language, query, _terms(marked, searcher), ranked, direct=direct)


def _as_bytes(word) -> bytes:
    return word if isinstance(word, bytes) else word.encode("utf-8")


def _number_query(generation, language, number, scope, limit) -> _LanguageQuery:
    searcher = generation.searcher(language)
    allowed = generation.allowed(language, scope)
    fetch = _fetch_limit(limit)
    exact = _ranked(generation, language, searcher.search(Term("number", number), filter=allowed, limit=fetch))
    citing = [
        d
        for d in _ranked(generation, language, searcher.search(Term("cites", number), filter=allowed, limit=fetch))
        if d["number"] != number
    ]
    return _LanguageQuery(
        language, Or([Term("number", number), Term("cites", number)]), {"text": {number}}, exact + citing
    )


def _correct(generation, languages, text, scope, limit):
    """When nothing matched: respell unknown words from a language's index, and search again."""
    for language in sorted(languages, key=lambda lang: not _same_script(text, lang)):
        corrected = _respell(generation.searcher(language), language, text)
        if corrected is None:
            continue
        attempt = [_text_query(generation, lang, corrected, scope, limit) for lang in languages]
        if any(q.ranked for q in attempt):
            return corrected, attempt
    return None


WORD_RE = re.compile(r"[^\W\d_]{3,}")
SCRIPT_LETTERS = {
    "Latn": re.compile(r"[A-Za-zÀ-ɏ]"),
    "Cyrl": re.compile(r"[Ѐ-ӿ]"),
    "Jpan": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"),
    "Hans": re.compile(r"[\u4e00-\u9fff]"),
    "Kore": re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3131-\u318e\u4e00-\u9fff]"),
}
ANY_LETTER = re.compile(r"[^\W\d_]")


def _could_match(text: str, language: str) -> bool:
    """Whether ``text`` has letters of the language's script, or no letters at all ("+1/+1")."""
    pattern = SCRIPT_LETTERS.get(CONTENT_LANGUAGES[language].script)
    return pattern is None or bool(pattern.search(text)) or not ANY_LETTER.search(text)


def _same_script(text: str, language: str) -> bool:
    """Whether ``text`` has letters of the script of ``language`` (tried first for respelling)."""
    pattern = SCRIPT_LETTERS.get(CONTENT_LANGUAGES[language].script)
    return bool(pattern and pattern.search(text))


def _respell(searcher, language: str, text: str) -> str | None:
    """``text`` with each word the index does not know replaced by its closest known word."""
    reader = searcher.reader()
    corrector = searcher.corrector("text")
    changed = False

    def replace(match):
        nonlocal changed
        word = match.group()
        if word.upper() in ("AND", "OR", "NOT") or any(
            "\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in word
        ):
            return word
        if any(("text", token) in reader for token, _, _ in _analysed(language, word)):
            return word
        # Whoosh ranks suggestions by distance, then frequency; with limit=1 it can
        # return a farther word, so ask for a few and take the first.
        # A typo rarely hits the first letter: prefix=1 makes the suggester 5× faster.
        suggestions = corrector.suggest(word.lower(), limit=5, maxdist=2, prefix=1)
        if not suggestions:
            return word
        changed = True
        return suggestions[0].capitalize() if word[:1].isupper() else suggestions[0]

    corrected = WORD_RE.sub(replace, text)
    return corrected if changed else None


def _group(generation, per_language, languages, scope, limit, *, number, prefer=None) -> list[SearchHit]:
    """Reciprocal-rank fusion over languages, one hit per alignment key."""
    contributions: dict[str, list[float]] = {}
    hits: dict[str, SearchHit] = {}
    docs: dict[tuple[str, str], dict] = {}
    best: dict[str, tuple] = {}

    def add(key, game, shown_number, kind, lq, rank, order, value):
        hit = hits.get(key)
        if hit is None:
            hit = hits[key] = SearchHit(
                game=game, number=shown_number, kind=kind, key=key, score=0.0, matched_lang=lq.language
            )
        contributions.setdefault(key, []).append(value)
        # The language the user typed in wins ties; then the better rank.
        position = (not lq.direct, rank, order)
        if key not in best or position < best[key]:
            best[key] = position
            hit.matched_lang = lq.language

    for order, lq in enumerate(per_language):
        seen = set()
        weight = (1.0 if lq.direct else EXPANDED_WEIGHT) * _evidence(generation.allowed(lq.language, scope))
        for rank, doc in enumerate(lq.ranked):
            key = doc["key"]
            if key in seen:
                continue
            seen.add(key)
            docs[(key, lq.language)] = doc
            value = weight * KIND_WEIGHT.get(doc["kind"], 1.0) / (RRF_K + rank + 1)
            add(key, doc["game"], doc["number"], doc["kind"], lq, rank, order, value)
            if doc["kind"] == "glossary":
                cites = generation.searcher(lq.language).stored_fields(doc["_doc"]).get("cites", "")
                for cited in filter(None, cites.split(",")):
                    if "." in cited:
                        add(
                            f"{doc['game']}:{cited}", doc["game"], cited, "", lq, rank, order, value * CITED_BY_GLOSSARY
                        )
    for key, hit in hits.items():
        values = sorted(contributions[key], reverse=True)
        hit.score = values[0] + OTHERS_SHARE * sum(values[1:])
        if number and hit.number == number:
            hit.score += NUMBER_BONUS * (1.5 if prefer and hit.game == prefer else 1.0)
    ordered = sorted(hits.values(), key=lambda h: (-h.score, h.key))
    queries = {lq.language: lq for lq in per_language}
    shown = []
    for hit in ordered:
        for language in languages:
            ranked = docs.get((hit.key, language))
            if ranked is not None:
                doc = dict(generation.searcher(language).stored_fields(ranked["_doc"]))
            else:
                doc = _aligned(generation, language, hit.key, scope)
            if doc is None:
                continue
            hit.kind = hit.kind or doc["kind"]
            hit.texts[language] = LanguageText(
                edition=doc["edition"],
                snippet=_snippet(language, doc["text"], queries[language].terms),
                number=doc["number"],
                kind=doc["kind"],
            )
        # A rule lifted by a glossary entry may not exist in the searched scope.
        if hit.texts:
            shown.append(hit)
        if len(shown) == limit:
            break
    return shown


def _evidence(allowed: BitSet) -> float:
    return min(1.0, math.log1p(len(allowed)) / math.log1p(EVIDENCE_DOCS))


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
    for phrase in terms.get("phrase:text", ()):
        spans += highlight.match_phrase(_analysed(language, text), phrase)
    for phrase in terms.get("phrase:bigrams", ()):
        spans += highlight.match_phrase(_analysed(BIGRAMS, text), phrase)
    for word in terms.get("literal", ()):
        spans += [
            m.span() for m in re.finditer(rf"(?<![A-Za-zÀ-ɏ]){re.escape(word)}(?![A-Za-zÀ-ɏ])", text, re.IGNORECASE)
        ]
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
