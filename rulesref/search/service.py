"""The search service: every language's index at once, fused by rank, grouped by rule.

``search(...) -> SearchResults`` is what the web views, the API and the ``search`` command call. It
only reads. It is a pipeline of stages, each in its own module, each called once and in order with one
frozen run object (``pipeline.Run``: the generation, the scope, the deadline, the notices, the
languages), none calling back into an earlier one:

1. read the query (``queries``);
2. plan it per language: glossary rewrite, parsing, caps (``planning``; cached per generation);
3. execute each plan on its language's index, over the documents in scope, and order a question's
   rows as answers to it (``execution``);
4. fuse the ranked lists by rank (``ranking``);
5. group them by rule, each shown in the languages asked for, each in the edition aligned with the one
   that matched, with a link (``results``) ...
6. ... and a snippet, made when shown (``snippets``).

When the query as typed finds nothing or too little, the fallbacks (``fallbacks.STRATEGIES``, in
order: respelling, best-match, an unspaced question read as character pairs) name what to search
instead, and the pipeline is re-entered at one point with it (``_search``: plan, then execute). The
time budget is ``budget``'s; the names on disk ``names``'s. A language filter chooses which languages
are *shown*: a query in any language finds the rule, which is then shown in the languages asked for. A
rule none of those languages has a text of follows the rules they have, shown in the nearest language
the reader also reads (``results.fallback_languages``: the interface language, the game's original
language, the language it matched in), and the hit says which languages it is not in
(``SearchHit.not_in``): a filter never turns a match into an empty page. Whole results are cached per
generation (LRU).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from rulesref.core.languages import CONTENT_LANGUAGES

from . import budget, execution, fallbacks, limits, planning, ranking, results, snippets
from .budget import BUDGET_NOTICE
from .fallbacks import FALLBACK_NOTICE
from .generations import LRU, IndexMissing, open_generation, read_failed
from .integrity import IndexDamaged
from .pipeline import Attempt, Found, Reading, Run
from .queries import QueryError, parse_user_query
from .results import SearchHit, SearchResults
from .weights import RANKING

__all__ = ["BUDGET_NOTICE", "CAPPED_NOTICE", "DAMAGED_ERROR", "FALLBACK_NOTICE", "clear_cache", "search"]

_cache = LRU(limits.RESULT_CACHE_SIZE)

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


def search(
    query: str,
    *,
    languages: list[str] | None = None,
    game: str | None = None,
    edition: str | None = None,
    limit: int = 10,
    started: float | None = None,
    interface: str | None = None,
    archive: bool = False,
) -> SearchResults:
    """Search every language; one hit per rule, best first, shown in ``languages`` (default: all).

    ``started``: when the request began (``time.monotonic()``; default: now). The time budget
    (``limits.QUERY_BUDGET_SECONDS``) counts from it, so that reading the query, planning, matching and
    showing the page all fit in it.
    ``interface``: the reader's interface language, the first one a rule is shown in when none of
    ``languages`` has its text.
    ``archive``: search every edition (the archive view of the generation), one hit per rule saying in
    which editions its text matched. Without it, the newest edition of each game and language is
    searched, unless ``edition`` (or ``edition:``) names an older one, which the archive view holds.
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
    if archive or (edition and generation.reads_archive(edition)):
        # The documents of older editions; the current indexes (and their answers) stay as they are.
        opening = time.monotonic()
        try:
            generation = generation.archived()
        except Exception:
            if not read_failed(generation):
                raise
            return SearchResults(query=query, error=DAMAGED_ERROR, languages=tuple(shown))
        # Opening the archive view (once per generation and process: 0.3 s with 25 archive editions) is not
        # what this query costs: the budget counts from after it.
        started += time.monotonic() - opening
    # The interface language only matters to a filter that leaves it out (it is then the first fallback).
    interface = interface if interface in CONTENT_LANGUAGES and interface not in shown else None
    key = (generation.name, user.text, tuple(shown), game, edition, limit, interface)
    answer = _cache.get(key)
    if answer is None:
        try:
            answer = _run(_start(generation, user, shown, game, edition, limit, started, interface))
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


def _start(generation, user, shown: list[str], game, edition, limit: int, started: float, interface=None) -> Run:
    """The run object: what every stage reads, with the deadline counted from ``started``."""
    warming = time.monotonic()
    # Every language is searched (a language filter only chooses what is shown); not one with
    # nothing in scope (no Берсерк in Japanese).
    searched = tuple(lang for lang in generation.languages if generation[lang].scope(game, edition).count)
    # What the first query of a thread or a generation pays once (the scope above, each language's
    # searcher in this thread, the analyzers' first run) is not what this query costs: the clock is
    # moved on by it. The end of the budget is kept for showing the page.
    generation.warm()
    once = time.monotonic() - warming
    return Run(
        generation=generation,
        user=user,
        shown=tuple(shown),
        searched=searched,
        game=game,
        edition=edition,
        limit=limit,
        fetch=RANKING.fetch(limit),
        deadline=budget.deadline(started, once),
        interface=interface,
    )


def _run(run: Run) -> _Answer:
    """The pipeline: read (done) → plan → execute → fuse → group → snippets, with the fallbacks."""
    user = run.user
    if user.number:
        found = execution.numbers(run, user.number, user.game_hint)
    else:
        first = _search(run, Reading(user.text))
        found = Found(text=user.text, lists=first.lists, planned=first.lists, plans=first.plans)
        for strategy in fallbacks.STRATEGIES:
            if not strategy.applies(run, found):
                continue
            for reading in strategy.readings(run, found):
                taken = strategy.take(run, found, _search(run, reading))
                if taken is not None:
                    found = taken
                    break
    lists, question = execution.order(run, found)
    if found.number:
        fused = ranking.fuse_ranked(lists, number=found.number, prefer=found.prefer, lift=False)
        terms = {lang: {"text": frozenset({found.number})} for lang in CONTENT_LANGUAGES}
    else:
        # Where nothing matched as typed (only translations did), any game's definitions count in full.
        typed_games = frozenset().union(*(run.scope(r.language).games for r in lists if r.direct)) or None
        fused = ranking.fuse_ranked(lists, question=question, typed_games=typed_games)
        nearest = execution.meaning(run, found, question)
        if nearest is not None and nearest.rows:
            fused = ranking.blend(fused, nearest.language, nearest.rows)
        cue = execution.game_cue(run, found) if question else None
        if cue is not None:
            fused = ranking.prefer_game(fused, cue)
        if found.whole is not None and not found.whole and fused:
            run.notice(FALLBACK_NOTICE)
        plans = {r.language: r.plan for r in found.planned if r.plan is not None and r.plan.terms}
        terms = {lang: plan.terms for lang, plan in plans.items()}
        if any(plan.capped for plan in plans.values()):
            run.notice(CAPPED_NOTICE)
    if run.past() and BUDGET_NOTICE not in run.notices:
        run.notice(BUDGET_NOTICE)
    hits = results.group(run, fused, snippets.makers(run.generation.snippets, terms))
    return _Answer(hits=tuple(hits), corrected=found.corrected, notices=tuple(dict.fromkeys(run.notices)))


def _search(run: Run, reading: Reading) -> Attempt:
    """The one point where the pipeline is entered and re-entered: plan ``reading``, then execute it."""
    plans = planning.plan(run, reading.text)
    return Attempt(reading, plans, execution.execute(run, plans, reading.mode))
