"""The search service: every language's index at once, fused by rank, grouped by rule.

``search(...) -> SearchResults`` is what the web views, the API and the ``search`` command call. It
only reads. It is a pipeline, each stage in its own module, called in order and never calling back:

1. read the query (``queries``);
2. plan it per language: glossary rewrite, parsing, caps (``planning``; cached per generation);
3. run each plan on its language's index, over the documents in scope (``generations``);
4. fuse the ranked lists and group them by rule (``ranking``);
5. show each hit in the languages asked for, each in the edition aligned with the one that matched,
   with a snippet (``snippets``) and a link (``results``).

When nothing matches, unknown words are respelled (``spelling``) and the query runs again; when a
query of several plain words finds too little (every word must occur in one rule), it runs again as
best-match (any word, rules holding more of them first), and the user is told. A language filter
chooses which languages are *shown*: a query in any language finds the rule, which is then shown in
the languages asked for. A rule none of those languages has a text of follows the rules they have,
shown in the nearest language the reader also reads (``_fallbacks``: the interface language, the game's
original language, the language it matched in), and the hit says which languages it is not in
(``SearchHit.not_in``): a filter never turns a match into an empty page. Whole results are cached per
generation (LRU).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from rulesref.core import gamedata
from rulesref.core.languages import CONTENT_LANGUAGES

from . import limits, planning, snippets, spelling
from .generations import LRU, IndexMissing, open_generation, past, read_failed
from .queries import QueryError, UserQuery, parse_user_query
from .ranking import RANKING, Fused, QuestionWord, fuse, idf, question_order
from .results import LanguageText, SearchHit, SearchResults, frozen_texts, rule_url
from .store import IndexDamaged

_cache = LRU(limits.RESULT_CACHE_SIZE)

FALLBACK_NOTICE = _("No rule contains all of your words; showing the rules that contain most of them.")
BUDGET_NOTICE = _("The search took too long and shows what it found in time.")
CAPPED_NOTICE = _("Your query matched too many words: only the most frequent ones were searched.")
# What is wrong is logged with the file's name; the page only says that search is out of order.
DAMAGED_ERROR = _("The search index is damaged and cannot be searched until it has been rebuilt.")


def clear_cache() -> None:
    """Forget every cached result (the next search of each query searches again)."""
    _cache.clear()


@dataclass(frozen=True)
class _Answer:
    hits: tuple[SearchHit, ...]
    corrected: str | None
    notices: tuple


@dataclass
class _Ranked:
    """One language's ranked rows for a plan."""

    language: str
    rows: list[dict]
    direct: bool
    plan: planning.Plan | None


def search(
    query: str,
    *,
    languages: list[str] | None = None,
    game: str | None = None,
    edition: str | None = None,
    limit: int = 10,
    started: float | None = None,
    interface: str | None = None,
) -> SearchResults:
    """Search every language; one hit per rule, best first, shown in ``languages`` (default: all).

    ``started``: when the request began (``time.monotonic()``; default: now). The time budget
    (``limits.QUERY_BUDGET_SECONDS``) counts from it, so that reading the query, planning, matching and
    showing the page all fit in it.
    ``interface``: the reader's interface language, the first one a rule is shown in when none of
    ``languages`` has its text.
    """
    started = time.monotonic() if started is None else started
    try:
        user = parse_user_query(query)
    except QueryError as error:
        return SearchResults(query=query, error=error.message)
    shown = user.languages or [lang for lang in (languages or CONTENT_LANGUAGES) if lang in CONTENT_LANGUAGES]
    shown = list(dict.fromkeys(shown))
    game = user.game or game
    edition = user.edition or edition
    limit = max(1, min(limit, 100))
    try:
        generation = open_generation()
    except IndexMissing as error:
        return SearchResults(query=query, error=str(error), languages=tuple(shown))
    except IndexDamaged:
        return SearchResults(query=query, error=DAMAGED_ERROR, languages=tuple(shown))
    # The interface language only matters to a filter that leaves it out (it is then the first fallback).
    interface = interface if interface in CONTENT_LANGUAGES and interface not in shown else None
    key = (generation.name, user.text, tuple(shown), game, edition, limit, interface)
    answer = _cache.get(key)
    if answer is None:
        try:
            answer = _run(generation, user, shown, game, edition, limit, started, interface)
        except Exception:
            # Damaged files can pass the checks on opening and fail only where a search reads them.
            if not read_failed(generation):
                raise
            return SearchResults(query=query, error=DAMAGED_ERROR, languages=tuple(shown))
        _cache.put(key, answer)
    return SearchResults(
        query=query,
        hits=answer.hits,
        corrected=answer.corrected,
        notices=tuple(user.notices) + answer.notices,
        languages=tuple(shown),
    )


def _run(
    generation, user: UserQuery, shown: list[str], game, edition, limit, started: float, interface=None
) -> _Answer:
    warming = time.monotonic()
    # Every language is searched (a language filter only chooses what is shown); not one with
    # nothing in scope (no Берсерк in Japanese).
    searched = [lang for lang in generation.languages if generation[lang].scope(game, edition).count]
    # What the first query of a thread or a generation pays once (the scope above, each language's
    # searcher in this thread, the analyzers' first run) is not what this query costs: the clock is
    # moved on by it. The end of the budget is kept for showing the page.
    generation.warm()
    once = time.monotonic() - warming
    deadline = started + once + limits.QUERY_BUDGET_SECONDS - limits.SHOW_SECONDS
    notices: list = []
    fetch = RANKING.fetch(limit)
    corrected = None
    if user.number:
        ranked = [_number(generation, lang, user.number, game, edition, fetch) for lang in searched]
        fused = _fuse(generation, ranked, game, edition, number=user.number, prefer=user.game_hint, lift=False)
        terms = {lang: {"text": frozenset({user.number})} for lang in CONTENT_LANGUAGES}
        plans = {}
    else:
        question = len(user.plain_words) >= RANKING.thin_min_words
        if len(user.plain_words) > limits.MAX_STRICT_WORDS:
            ranked = [_Ranked(lang, [], False, None) for lang in searched]
        else:
            ranked = _text(generation, searched, user.text, game, edition, fetch, deadline, notices)
        # A question is not respelled word by word: best-match below finds what its words can.
        if not any(r.rows for r in ranked) and not question:
            for language in spelling.languages_to_try(user.text, searched):
                if past(deadline):
                    notices.append(BUDGET_NOTICE)
                    break
                respelled = spelling.respell(generation, language, user.text, deadline)
                if respelled is None:
                    continue
                attempt = _text(generation, searched, respelled, game, edition, fetch, deadline, notices)
                if any(r.rows for r in attempt):
                    corrected, ranked = respelled, attempt
                    break
        text = corrected or user.text
        fused = _fuse(generation, ranked, game, edition)
        words = UserQuery(raw="", text=text).plain_words
        # An unspaced question ("衍生物离开战场会怎样") falls back only when nothing holds it: a few hits for
        # a long unspaced run are usually a name ("杰卡失落骑士团"), found.
        empty = not fused and (len(words) >= RANKING.fallback_min_words or planning.is_unspaced_question(text))
        thin = len(fused) < RANKING.thin_below and len(words) >= RANKING.thin_min_words
        if (empty or thin) and not past(deadline):
            loose = _text(generation, searched, text, game, edition, fetch, deadline, notices, planning.ANY)
            # One list per language: the rules holding every word and those holding most of them,
            # ordered by how well each answers the question.
            merged = _by_question(generation, _merge(ranked, loose), text, game, edition, fetch, deadline)
            have = {hit.key for hit in fused}
            fused = _fuse(generation, merged, game, edition, question=True)
            if any(hit.key not in have for hit in fused):
                notices.append(FALLBACK_NOTICE)
            ranked = ranked + loose
        elif len(words) >= RANKING.thin_min_words and not past(deadline):
            ordered = _by_question(generation, ranked, text, game, edition, fetch, deadline)
            fused = _fuse(generation, ordered, game, edition, question=True)
        plans = {r.language: r.plan for r in ranked if r.plan is not None and r.plan.terms}
        terms = {lang: plan.terms for lang, plan in plans.items()}
        if any(plan.capped for plan in plans.values()):
            notices.append(CAPPED_NOTICE)
    if past(deadline) and BUDGET_NOTICE not in notices:
        notices.append(BUDGET_NOTICE)
    hits = _show(generation, fused, shown, terms, edition, limit, interface)
    return _Answer(hits=tuple(hits), corrected=corrected, notices=tuple(dict.fromkeys(notices)))


def _text(generation, languages, text, game, edition, fetch, deadline, notices, mode=planning.STRICT):
    """Each language's ranked rows for ``text``."""
    ranked = []
    searched_one = False
    for language in languages:
        index = generation[language]
        scope = index.scope(game, edition)
        if past(deadline) and searched_one:
            # Not even planned: a plan of many words and glossary forms costs time of its own.
            notices.append(BUDGET_NOTICE)
            ranked.append(_Ranked(language, [], False, None))
            continue
        plan = planning.plan_for(generation, language, text, scope.games, mode=mode)
        if plan.query is None:
            ranked.append(_Ranked(language, [], False, plan))
            continue
        loose = mode == planning.ANY
        wanted = fetch * RANKING.coordination_pool if loose else fetch
        # On a machine busy enough to use up the budget before anything was searched, the first
        # language searched still gets a short window of its own: an answer, not an empty page.
        window = deadline if searched_one else max(deadline, time.monotonic() + limits.FIRST_LANGUAGE_SECONDS)
        searched_one = True
        results, exceeded = index.search(plan.query, scope, wanted, terms=bool(plan.used), deadline=window)
        if exceeded:
            notices.append(BUDGET_NOTICE)
        # Not list(results): it asks the length, which makes Whoosh run the query again to count.
        hits = [results[i] for i in range(results.scored_length())]
        rows = [index.row(hit.docnum) for hit in hits]
        for row in rows:
            defined = row["defines"]
            row["defines"] = defined in plan.defines or bool(
                plan.defines_all and defined and plan.defines_all <= set(defined.split())
            )
            if plan.defines and row["kind"] == "glossary":
                # A glossary entry named with the query ("Paris Mulligan" for "mulligan") vouches for the
                # rules it cites; one that only mentions it in its definition does not.
                row["named"] = row["defines"] or any(f" {form} " in f" {defined} " for form in plan.defines)
        direct = True
        if plan.used:
            # Did any hit match a word as typed, not only one of its translations?
            direct = any(plan.typed.intersection(hit.matched_terms()) for hit in hits)
        ranked.append(_Ranked(language, rows, direct, plan))
    return ranked


def _merge(first: list[_Ranked], second: list[_Ranked]) -> list[_Ranked]:
    """Per language, the rows of ``first`` then those of ``second`` not already there."""
    merged = {r.language: _Ranked(r.language, list(r.rows), r.direct, r.plan) for r in first}
    for r in second:
        into = merged.setdefault(r.language, _Ranked(r.language, [], r.direct, r.plan))
        docs = {row["doc"] for row in into.rows}
        into.rows += [row for row in r.rows if row["doc"] not in docs]
        into.direct = into.direct or r.direct
    return list(merged.values())


def _by_question(generation, ranked: list[_Ranked], text, game, edition, fetch, deadline) -> list[_Ranked]:
    """Each language's rows ordered by how well they answer ``text`` read as a question (the words
    each holds, by rarity, and neighbouring words close together: ``ranking.question_order``); past
    the deadline, in the order of their scores."""
    ordered = []
    for r in ranked:
        if not r.rows or past(deadline):
            ordered.append(_Ranked(r.language, r.rows[:fetch], r.direct, r.plan))
            continue
        index = generation[r.language]
        scope = index.scope(game, edition)
        plan = planning.plan_for(generation, r.language, text, scope.games, mode=planning.ANY)
        docs = sorted({row["doc"] for row in r.rows})
        words = []
        for group in plan.groups:
            held = index.documents_with(group)
            positions: dict[int, tuple[int, ...]] = {}
            for kind, fieldname, value in group:
                if kind == "term" and fieldname == "text":
                    for doc, where in index.positions(fieldname, value, docs).items():
                        positions[doc] = tuple(sorted(positions.get(doc, ()) + where))
            values = {value for kind, _, value in group if kind == "term"}
            topical = frozenset(doc for doc in docs if values & index.topic(doc))
            words.append(QuestionWord(idf(len(held), index.doc_count), held, positions, topical))
        if plan.counted is not None:
            words.insert(plan.counted, _a_number(generation, r.language))
        rows = question_order(r.rows, words)[:fetch] if words else r.rows[:fetch]
        ordered.append(_Ranked(r.language, rows, r.direct, r.plan))
    return ordered


def _a_number(generation, language: str) -> QuestionWord:
    """The question word "a number": the documents stating one, and where (``planning.numerals``)."""
    stated = planning.numerals(generation, language)
    index = generation[language]
    return QuestionWord(idf(len(stated.held), index.doc_count), stated.held, stated.positions)


def _number(generation, language, number, game, edition, fetch) -> _Ranked:
    """The rule a number names, then the rules citing it; document order within each."""
    index = generation[language]
    scope = index.scope(game, edition)
    exact = [d for d in index.by_number.get(number, ()) if d in scope][:fetch]
    reader = index.searcher().reader()
    citing = []
    if ("cites", number) in reader:
        for docnum in reader.postings("cites", number).all_ids():
            if docnum in scope and index.columns["number"][docnum] != number:
                citing.append(docnum)
                if len(citing) == fetch:
                    break
    return _Ranked(language, [index.row(d) for d in exact + citing], True, None)


def _fuse(generation, ranked: list[_Ranked], game, edition, **options) -> list[Fused]:
    lists = []
    for r in ranked:
        index = generation[r.language]
        for row in r.rows:
            if row["kind"] == "glossary" and "cite_keys" not in row:
                row["cite_keys"] = index.stored_fields(row["doc"]).get("cite_keys", "")
        lists.append((r.language, r.direct, index.scope(game, edition).count, r.rows))
    return fuse(lists, **options)


def _snippet_maker(cache: LRU, index, language: str, docnum: int, text: str, terms):
    """A function making ``text``'s snippet with the plan's terms marked, kept in the generation's
    snippet cache (unmarked and not kept once the page's time is up: ``snippets.hurried``). It holds
    that cache and the index's analyzer, not the generation: a cached result does not keep an old
    generation's indexes open."""
    marked = terms.get(language) or {}
    analyzer = index.text_analyzer

    def make() -> SafeString:
        cache_key = (language, docnum, tuple(sorted((k, tuple(sorted(v))) for k, v in marked.items())))
        html = cache.get(cache_key)
        if html is None:
            if snippets.hurried():
                # The page's time is up: this one unmarked, and marked by the next request that has time.
                return snippets.plain(text)
            html = snippets.snippet(language, text, marked, analyzer=analyzer)
            cache.put(cache_key, html)
        return html

    return make


def _fallbacks(found: Fused, shown: list[str], interface: str | None) -> list[str]:
    """The languages a hit is shown in, in this order, when none of ``shown`` has its text: the
    interface language (the reader reads the page in it), the game's original language (the text
    every edition translates), the language it matched in (which always has it)."""
    data = gamedata.games().get(found.game)
    # A game registered by an import (in the database) has no original language here: a search reads no table.
    original = data.original_language if data else None
    languages = [interface, original, found.anchor[0]]
    return [lang for lang in dict.fromkeys(languages) if lang and lang not in shown]


def _text_in(generation, found: Fused, language: str, terms, edition) -> LanguageText | None:
    """``found`` in ``language``: the row that matched there, else the edition aligned with the one it
    matched in (None when that language has no text of it, or not in the edition asked for)."""
    if language not in generation.languages:
        return None
    anchor_language, anchor_edition = found.anchor
    index = generation[language]
    row = found.rows.get(language)
    if language == anchor_language and row is not None:
        docnum = row["doc"]
    else:
        slug = generation.aligned_edition(found.game, anchor_language, anchor_edition, language)
        if slug is None or (edition and slug != edition):
            return None
        docnum = index.by_key_edition.get((found.key, slug))
        if docnum is None:
            return None
    stored = index.stored_fields(docnum)
    return LanguageText(
        lang=language,
        edition=stored["edition"],
        number=stored["number"],
        kind=stored["kind"],
        make_snippet=_snippet_maker(generation.snippets, index, language, docnum, stored["text"], terms),
        url=rule_url(found.game, language, stored["edition"], stored["kind"], stored["number"]),
        # Indexes built before sections were stored have none.
        section=tuple(stored.get("section") or ()),
    )


def _show(generation, fused: list[Fused], shown: list[str], terms, edition, limit, interface=None) -> list[SearchHit]:
    """Each hit in the shown languages, each in the edition aligned with the one that matched; then,
    when there is room, the hits none of them has a text of, each in the first of its ``_fallbacks``
    that has one. Both in the order of their scores: the reader asked for rules in these languages
    ("右" with the Japanese filter finds 208.1 first, not ten rules matched in Chinese), and a rule
    they lack is still shown rather than an empty page."""
    hits, lacking = [], []
    for found in fused:
        texts = {lang: text for lang in shown if (text := _text_in(generation, found, lang, terms, edition))}
        if not texts:
            lacking.append(found)
            continue
        hits.append(_hit(found, texts))
        if len(hits) == limit:
            return hits
    for found in lacking:
        for language in _fallbacks(found, shown, interface):
            text = _text_in(generation, found, language, terms, edition)
            if text is not None:
                hits.append(_hit(found, {language: text}, not_in=tuple(shown)))
                break
        # else: a rule lifted by a glossary entry may not exist in the searched scope.
        if len(hits) == limit:
            break
    return hits


def _hit(found: Fused, texts: dict[str, LanguageText], not_in: tuple[str, ...] = ()) -> SearchHit:
    first = next(iter(texts.values()))
    anchor_text = texts.get(found.anchor[0])
    return SearchHit(
        game=found.game,
        number=found.number or (anchor_text.number if anchor_text else "") or first.number,
        kind=found.kind or first.kind,
        key=found.key,
        score=found.score,
        matched_lang=found.language,
        texts=frozen_texts(texts),
        not_in=not_in,
    )
