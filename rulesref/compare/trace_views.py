"""The pages of a rule's history and of the releases (``trace.py``, ``releases.py``). An unknown game,
language, edition or number is a 404 page that names what there is nearest (``compare/not_found.html``),
never an error page."""

from __future__ import annotations

import re

from django.core.paginator import Paginator
from django.shortcuts import render

from rulesref.core.games import GAMES
from rulesref.core.paging import get_page
from rulesref.rules.models import Entry
from rulesref.rules.selectors import editions_of, editions_with_number, entry_numbered, nearest_numbers
from rulesref.rules.urls import RuleNumberConverter

from .releases import release, release_list
from .trace import rule_trace

# Changes shown with their difference per release page (as the edition differences page: under 150 KB).
CHANGES_PER_PAGE = 50
NUMBER_SHAPE = RuleNumberConverter.regex


def _not_found(request, what: str, value: str, **context):
    games = [slug for slug in GAMES if editions_of(slug)]
    # The workbench's menu links the game: an unknown one is replaced by a game that exists.
    context = {"what": what, "value": value[:60], "games": games, "game": next(iter(GAMES)), **context}
    return render(request, "compare/not_found.html", context, status=404)


def _edition_or_404(request, game: str, language: str, slug: str, page: str, number: str = ""):
    """(edition, None), or (None, the 404 response naming the game's, the language's editions)."""
    if game not in GAMES or not editions_of(game):
        return None, _not_found(request, "game", game)
    editions = [e for e in editions_of(game) if e.language == language]
    if not editions:
        languages = sorted({e.language for e in editions_of(game)})
        return None, _not_found(request, "language", language, game=game, languages=languages, page=page)
    edition = next((e for e in editions if e.slug == slug), None)
    if edition is None:
        having = set()
        if number:
            having = set(Entry.objects.filter(edition__in=editions, number=number).values_list("edition_id", flat=True))
        rows = [(e, e.pk in having) for e in editions]
        context = {"game": game, "language": language, "editions": rows, "number": number, "page": page}
        return None, _not_found(request, "edition", slug, **context)
    return edition, None


def history_view(request, game: str, language: str, edition: str, number: str):
    """A rule in every edition of its language, newest first: what changed where, unchanged runs collapsed."""
    edition_row, missing = _edition_or_404(request, game, language, edition, "history", number)
    if missing is not None:
        return missing
    entry = entry_numbered(edition_row, number)
    if entry is None:
        shaped = re.fullmatch(NUMBER_SHAPE, number) is not None
        before, after = nearest_numbers(edition_row, number) if shaped else ([], [])
        elsewhere = editions_with_number(edition_row, number) if shaped else []
        context = {"game": game, "edition": edition_row, "nearest": before + after, "elsewhere": elsewhere}
        return _not_found(request, "number", number, **context)
    entry.edition = edition_row
    trace = rule_trace(entry)
    return render(request, "compare/history.html", {"game": game, "entry": entry, "trace": trace})


def releases_view(request, game: str, language: str):
    """Every edition of a language, newest first, with the alignment's counts against the one before."""
    if game not in GAMES or not editions_of(game):
        return _not_found(request, "game", game)
    rows = release_list(game, language)
    if not rows:
        languages = sorted({e.language for e in editions_of(game)})
        return _not_found(request, "language", language, game=game, languages=languages, page="releases")
    return render(request, "compare/releases.html", {"game": game, "language": language, "rows": rows})


def release_view(request, game: str, language: str, edition: str):
    """What changed in one edition since the previous one: counts, an index by kind, the changes paged."""
    edition_row, missing = _edition_or_404(request, game, language, edition, "release")
    if missing is not None:
        return missing
    found = release(edition_row)
    changes = found.diff.changes if found.diff else []
    page = get_page(Paginator(changes, CHANGES_PER_PAGE), request.GET.get("page"))
    rows = found.diff.rows(page.object_list) if found.diff else []
    context = {
        "game": game,
        "edition": edition_row,
        "release": found,
        "counts": found.counts(),
        "unchanged": found.diff.counts()["unchanged"] if found.diff else 0,
        "groups": found.by_kind(),
        "page": page,
        "rows": rows,
        "per_page": CHANGES_PER_PAGE,
    }
    return render(request, "compare/release.html", context)
