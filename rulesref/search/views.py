"""The search page: a GET form, a result count, pages of results, each result linking to
its rule page in every language shown."""

from __future__ import annotations

import time

from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext, ngettext

from rulesref.core.formatting import edition_date, game_name, language_name_in_text, printable
from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.paging import get_page
from rulesref.rules import selectors

from . import limits
from .budget import marking_until, page_deadline
from .queries import QueryError, parse_user_query
from .results import fallback_count_note, fallback_counts
from .service import BUDGET_NOTICE, search
from .throttle import limit_searches

PER_PAGE = 10
# How many results a query is ranked for; the count says "at least" when it is reached.
MAX_RESULTS = 100


@limit_searches
def results(request):
    """The search page: a GET form and results grouped by rule, in every language asked for."""
    # The search's time budget counts from here: reading the query and showing the page are in it.
    started = time.monotonic()
    # Searched as typed, so that the search itself says what it cut or read as spaces; twice the limit
    # is enough for it to see that a query is too long (whatever NFKC makes of it) and bounds the cost of
    # a megabyte pasted into the box. Shown back cleaned, no longer than the search reads it.
    raw = request.GET.get("q", "")[: 2 * limits.MAX_QUERY_CHARS]
    query = printable(raw, limits.MAX_QUERY_CHARS)
    notices: list[str] = []
    languages = []
    for value in request.GET.getlist("lang"):
        if value in CONTENT_LANGUAGES:
            languages.append(value)
        else:
            notices.append(
                gettext("Unknown language “%(value)s” ignored; known languages: %(known)s.")
                % {"value": printable(value, 20), "known": ", ".join(map(language_name_in_text, CONTENT_LANGUAGES))}
            )
    # "Search the archive": every edition, one hit per rule naming the editions its text matched in.
    archive = request.GET.get("archive") == "1"
    game = request.GET.get("game") or None
    if game is not None and game not in GAMES:
        notices.append(
            gettext("Unknown game “%(value)s” ignored; known games: %(known)s.")
            % {"value": printable(game, 20), "known": ", ".join(game_name(slug) for slug in GAMES)}
        )
        game = None
    # One query names every row's edition and says which languages have an edition.
    editions = selectors.editions_by_key()
    imported = {language for _game, language, _slug in editions}
    found = error = None
    if raw.strip():
        error = _unknown_edition(raw, game)
        if error is None:
            found = search(
                raw,
                languages=languages or None,
                game=game,
                limit=MAX_RESULTS,
                started=started,
                interface=get_language(),
                archive=archive,
            )
            # Read by throttle.limit_searches: a client whose search was cut short at a high cost cools down.
            request.search_cut_short = BUDGET_NOTICE in found.notices
            target = _number_target(raw, found)
            if target:
                return redirect(target)
    hits = found.hits if found and not found.error else []
    page = get_page(Paginator(hits, PER_PAGE), request.GET.get("page"))
    # One game for every hit: said once, in the count line; games mixed: a label where the game changes.
    games = {hit.game for hit in hits}
    one_game = games.pop() if len(games) == 1 else None
    context = {
        "query": query,
        "results": found,
        "error": error or (found.error if found else None),
        "notices": notices + (list(found.notices) if found else []),
        "page_obj": page,
        "shown": _shown_page(page.object_list, label_games=one_game is None, editions=editions),
        "one_game": one_game,
        "count": len(hits),
        # ", 2 of them shown in English": the hits no language asked for has, on every page.
        "fallback_count": fallback_count_note(fallback_counts(hits)),
        "at_least": len(hits) >= MAX_RESULTS,
        # A box only for a language some edition is in (no Korean box without a Korean edition).
        "content_languages": [language for code, language in CONTENT_LANGUAGES.items() if code in imported],
        "selected": languages,
        "archive": archive,
        "game": game,
        "page_query": _page_query(request),
    }
    # Snippets are made as the page shows them; those past the budget are shown unmarked.
    with marking_until(page_deadline(started)):
        return render(request, "search/results.html", context)


def _unknown_edition(query: str, game: str | None) -> str | None:
    """A message for an ``edition:`` that no imported edition has, like an unknown ``lang:``."""
    try:
        user = parse_user_query(query)
    except QueryError:
        return None  # search() reports it
    if user.edition is None:
        return None
    known = selectors.editions_by_slug(user.game or game)
    if user.edition in known:
        return None
    # Each edition by its date (or name) in the interface language, then the filter that finds it:
    # "2 October 2024 (edition:2024-10-02)", as the game filter's message names "Berserk (game:berserk)".
    return gettext("Unknown edition “%(value)s”; imported editions: %(known)s.") % {
        "value": printable(user.edition, 20),
        "known": ", ".join(f"{edition_date(edition)} (edition:{slug})" for slug, edition in known.items()),
    }


def _number_target(query: str, found) -> str | None:
    """A rule-number query whose rule is found exactly once goes straight to the rule page."""
    if found is None or found.error:
        return None
    try:
        number = parse_user_query(query).number
    except QueryError:
        return None
    exact = [hit for hit in found.hits if number and hit.number == number]
    if len(exact) != 1:
        return None
    hit = exact[0]
    language = get_language() if get_language() in hit.texts else hit.matched_lang
    # A rule the languages asked for lack is shown in another language: its page in that one.
    text = hit.texts.get(language) or next(iter(hit.texts.values()), None)
    return text.url if text else None


def _shown_page(hits, *, label_games: bool, editions: dict | None = None) -> list[dict]:
    """A page of results as it is shown; with ``label_games``, a hit names its game where it differs
    from the previous hit's (the first hit of a page always). ``editions`` (game, language, slug) →
    edition name each row's edition."""
    shown, previous = [], None
    for hit in hits:
        item = _shown(hit, editions or {})
        item["game_label"] = label_games and hit.game != previous
        previous = hit.game
        shown.append(item)
    return shown


def _shown(hit, editions: dict) -> dict:
    """One result as the page shows it (the cached hit itself is never changed): its rows, matched
    language first; the link of its number (the matched edition's rule page); its section, in the
    interface language when that is shown, else in the matched one."""
    order = [hit.matched_lang] + [lang for lang in hit.texts if lang != hit.matched_lang]
    # Each row's edition by its date (or name) in the interface language, never by its slug.
    rows = [
        {
            "text": hit.texts[lang],
            "matched": lang == hit.matched_lang,
            "edition": editions.get((hit.game, lang, hit.texts[lang].edition)),
            "matched_note": _matched_note(hit.game, lang, hit.texts[lang].matched, editions),
        }
        for lang in order
        if lang in hit.texts
    ]
    first = rows[0]["text"] if rows else None
    section_text = hit.texts.get(get_language()) or first
    section = section_text.section if section_text and hit.kind != "glossary" else ()
    return {
        "hit": hit,
        "rows": rows,
        "url": first.url if first else "",
        "section": section,
        "section_lang": section_text.lang if section else "",
        # "not in Italian yet; shown in English" ("" when shown in a language asked for).
        "fallback_note": hit.fallback_note,
        # A section found itself: its title alone, not its number twice.
        "section_is_hit": bool(section) and section[0] == hit.number,
    }


def _matched_note(game: str, language: str, matched: tuple[str, ...], editions: dict) -> str:
    """An archive search's "matched in 14 editions, newest 17 April 2026, oldest 1 June 2004" ("" else)."""
    if not matched:
        return ""

    def name(slug: str) -> str:
        edition = editions.get((game, language, slug))
        return edition_date(edition) if edition is not None else slug

    if len(matched) == 1:
        # Translators: under a result of a search of every edition: the one edition its text matched in.
        return gettext("matched in one edition: %(edition)s") % {"edition": name(matched[0])}
    # Translators: under a result of a search of every edition: how many editions its text matched in,
    # the newest and the oldest of them (dates as the page shows them).
    return ngettext(
        "matched in %(count)s edition, newest %(newest)s, oldest %(oldest)s",
        "matched in %(count)s editions, newest %(newest)s, oldest %(oldest)s",
        len(matched),
    ) % {"count": len(matched), "newest": name(matched[0]), "oldest": name(matched[-1])}


def _page_query(request) -> str:
    params = request.GET.copy()
    params.pop("page", None)
    return params.urlencode()
