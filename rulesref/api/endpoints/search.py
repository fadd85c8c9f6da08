"""Search as data: the search page's own call (``rulesref.search.service.search``), with the same
query syntax (``lang:``, ``game:``, ``edition:``, rule numbers, quotes) and language filter, behind the
same throttle (``throttle.limit_searches``: a 429 problem with ``Retry-After``). Hits are grouped by
rule, each shown in the languages asked for, as on the page."""

from __future__ import annotations

import html
import re
import time

from django.urls import reverse
from django.utils.translation import get_language
from ninja import Query, Router
from ninja.decorators import decorate_view

from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.search import limits
from rulesref.search.queries import QueryError, parse_user_query
from rulesref.search.service import BUDGET_NOTICE
from rulesref.search.service import search as run_search
from rulesref.search.throttle import limit_searches
from rulesref.search.views import MAX_RESULTS, _unknown_edition

from .. import schemas
from ..paging import page_of
from ..problems import ApiError, bad_parameter
from ..resources import api_url

router = Router(tags=["search"])

PER_PAGE = 10
MARK = re.compile(r"<mark>(.*?)</mark>", re.S)


def plain_snippet(snippet: str) -> tuple[str, list[tuple[int, int]]]:
    """A snippet's HTML (escaped text, ``<mark>`` around matches) as plain text and the marked spans."""
    text, marks, at = [], [], 0
    for match in MARK.finditer(snippet):
        text.append(html.unescape(snippet[at : match.start()]))
        start = sum(map(len, text))
        text.append(html.unescape(match.group(1)))
        marks.append((start, start + len(text[-1])))
        at = match.end()
    text.append(html.unescape(snippet[at:]))
    return "".join(text), marks


def _hit(hit) -> dict:
    order = [hit.matched_lang] + [lang for lang in hit.texts if lang != hit.matched_lang]
    texts = []
    for language in order:
        if language not in hit.texts:
            continue
        shown = hit.texts[language]
        snippet, marks = plain_snippet(str(shown.snippet))
        links = {"html": shown.url}
        if shown.kind not in ("glossary", "note") and shown.number:
            links["self"] = api_url(
                "rule", game=hit.game, language=language, edition=shown.edition, number=shown.number
            )
        texts.append(
            {
                "language": language,
                "edition": f"{hit.game}:{language}:{shown.edition}",
                "number": shown.number,
                "kind": shown.kind,
                "snippet": snippet,
                "marks": marks,
                "section": list(shown.section),
                "matched_editions": list(shown.matched),
                "links": links,
            }
        )
    return {
        "game": hit.game,
        "number": hit.number,
        "kind": hit.kind,
        "score": round(hit.score, 6),
        "matched_language": hit.matched_lang,
        "texts": texts,
        "not_in": list(hit.not_in),
    }


@router.get("/search", response=schemas.SearchOut, url_name="search", summary="Search every language")
@decorate_view(limit_searches)
def search(
    request,
    q: str = Query(..., description="The query, in the site's syntax (lang:it, game:mtg, edition:2024-10-02, 702.19b)"),
    # ninja reads a list parameter from Query(...); the default is never mutated.
    lang: list[str] = Query(  # noqa: B008
        [], description="Languages to show the hits in (repeat it); default: all"
    ),
    game: str | None = Query(None, description="Only this game"),
    archive: bool = Query(
        False,
        description="Search every edition, not only the newest: one hit per rule, each text naming the "
        "editions it matched in (matched_editions)",
    ),
    page: int = Query(1, ge=1),
    per_page: int = Query(PER_PAGE, ge=1, le=MAX_RESULTS),
):
    """The search page's results as data: at most 100 hits, one per rule, best first, in pages."""
    started = time.monotonic()
    raw = q[: 2 * limits.MAX_QUERY_CHARS]
    if not raw.strip():
        raise bad_parameter("q", "q is empty: give a query")
    unknown = [value for value in lang if value not in CONTENT_LANGUAGES]
    if unknown:
        raise bad_parameter("lang", f"unknown language {unknown[0]!r}; languages: {', '.join(CONTENT_LANGUAGES)}")
    if game is not None and game not in GAMES:
        raise bad_parameter("game", f"unknown game {game!r}; games: {', '.join(GAMES)}")
    try:
        parse_user_query(raw)
    except QueryError as error:
        raise bad_parameter("q", str(error.message)) from None
    edition_error = _unknown_edition(raw, game)
    if edition_error:
        raise bad_parameter("q", str(edition_error))
    found = run_search(
        raw,
        languages=lang or None,
        game=game,
        limit=MAX_RESULTS,
        started=started,
        interface=get_language(),
        archive=archive,
    )
    if found.error:
        # The query was read above: what is left is the index (not built, or damaged).
        raise ApiError(503, "index_unavailable", str(found.error))
    request.search_cut_short = BUDGET_NOTICE in found.notices
    hits, pagination = page_of(request, list(found.hits), page, per_page)
    return {
        "query": found.query,
        "corrected": found.corrected,
        "languages": list(found.languages),
        "game": game,
        "count": len(found.hits),
        "at_least": len(found.hits) >= MAX_RESULTS,
        "notices": [str(notice) for notice in found.notices],
        "hits": [_hit(hit) for hit in hits],
        "pagination": pagination,
        "links": {"self": request.get_full_path(), "html": reverse("search:results") + "?" + request.GET.urlencode()},
    }
