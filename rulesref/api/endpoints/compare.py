"""The translator workbench's reads as data: editions side by side (rows are concepts) and the
differences of two editions of one language. The selection is read as the pages read it
(``compare.selection``: the same parameters, the same messages, 400 for a bad one)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode
from ninja import Query, Router
from ninja.decorators import decorate_view

from rulesref.compare.parts import examples_of
from rulesref.compare.selection import (
    SelectionError,
    edition_key,
    find_edition,
    read_column,
    read_columns,
    read_game,
    read_scope,
    resolve_columns,
)
from rulesref.compare.sidebyside import side_by_side as side_by_side_table
from rulesref.compare.stored import stored_diff

from .. import schemas
from ..conditional import for_game
from ..paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, page_of
from ..problems import ApiError, bad_parameter
from ..resources import api_url, edition_id, edition_ref, entry_ref

router = Router(tags=["workbench"])


def _selection_error(error: SelectionError) -> ApiError:
    return ApiError(400, "bad_selection", str(error))


@router.get(
    "/compare/side-by-side",
    response=schemas.SideBySideOut,
    url_name="side-by-side",
    summary="Editions side by side, one row per rule (concept)",
)
@decorate_view(for_game)
def side_by_side(
    request,
    game: str | None = Query(None, description="The game (default: the first)"),
    # ninja reads a list parameter from Query(...); the default is never mutated.
    c: list[str] = Query(  # noqa: B008
        ..., description="Columns: LANG or LANG:EDITION (repeat it), e.g. en, it:2024-10-02"
    ),
    scope: str = Query("", description="A rule, section or chapter number (empty: the whole editions)"),
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE * 2, ge=1, le=MAX_PER_PAGE),
):
    try:
        slug = read_game(game)
        columns = resolve_columns(slug, read_columns(c))
        scope = read_scope(scope)
        if not columns:
            raise bad_parameter("c", "give at least one column (c=en)")
        table = side_by_side_table(columns, scope)
    except SelectionError as error:
        raise _selection_error(error) from None
    rows, pagination = page_of(request, table.rows, page, per_page)
    shown = []
    for row in rows:
        cells = []
        for cell in row.cells:
            if cell.entry is None:
                cells.append(None)
                continue
            cells.append(
                {
                    "edition": edition_id(cell.edition),
                    "entry": entry_ref(cell.entry, cell.edition),
                    "text": cell.entry.text,
                    "examples": [example.text for example in examples_of(cell.entry)],
                }
            )
        shown.append(
            {
                "concept": row.key if row.key > 0 else None,
                "kind": row.kind,
                "numbers_differ": row.numbers_differ,
                "cells": cells,
            }
        )
    query = urlencode([("game", slug), *(("c", edition_key(e)) for e in columns), ("scope", scope)])
    return {
        "game": slug,
        "scope": scope,
        "columns": [edition_ref(e) for e in columns],
        "rows": shown,
        "pagination": pagination,
        "links": {"self": f"{api_url('side-by-side')}?{query}", "html": f"{reverse('compare:side-by-side')}?{query}"},
    }


def _one_edition(game: str, value: str, name: str):
    request = read_column(value)
    if not request.edition:
        raise bad_parameter(name, f"{name}={value!r}: expected LANG:EDITION, e.g. en:2024-09-20")
    return find_edition(game, request.language, request.edition)


@router.get(
    "/compare/diff",
    response=schemas.DiffOut,
    url_name="diff",
    summary="The differences of two editions of one language",
)
@decorate_view(for_game)
def diff(
    request,
    game: str | None = Query(None, description="The game (default: the first)"),
    from_: str = Query(..., alias="from", description="The older edition: LANG:EDITION"),
    to: str = Query(..., description="The newer edition: LANG:EDITION"),
    scope: str = Query("", description="A rule, section or chapter number (empty: everything)"),
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE, ge=1, le=MAX_PER_PAGE),
):
    """Counts per chapter and every change (added, removed, changed, moved, split, merged) with its word
    differences, as the diff page shows them (read from the same store)."""
    try:
        slug = read_game(game)
        old = _one_edition(slug, from_, "from")
        new = _one_edition(slug, to, "to")
        if old.language != new.language:
            raise bad_parameter("to", "both editions must be of one language; compare languages side by side")
        if old.pk == new.pk:
            raise bad_parameter("to", "choose two different editions")
        scope = read_scope(scope)
        found = stored_diff(old, new, scope)
    except SelectionError as error:
        raise _selection_error(error) from None
    changes, pagination = page_of(request, found.changes, page, per_page)
    query = urlencode([("game", slug), ("from", edition_key(old)), ("to", edition_key(new)), ("scope", scope)])
    return {
        "game": slug,
        "scope": scope,
        "old": edition_ref(old),
        "new": edition_ref(new),
        "counts": found.counts(),
        "chapters": found.chapters,
        "changes": [
            {
                "kind": change["kind"],
                "old_number": change["old_number"],
                "new_number": change["new_number"],
                "split_from": change["split_from"],
                "merged_into": change["merged_into"],
                "method": change["method"],
                "score": change["score"],
                "title": change["title"],
                "text": change["text"],
                "pieces": [tuple(piece) for piece in change["pieces"]],
                "references_lost": change["lost"],
                "references_gained": change["gained"],
            }
            for change in changes
        ],
        "pagination": pagination,
        "links": {"self": f"{api_url('diff')}?{query}", "html": f"{reverse('compare:diff')}?{query}"},
    }
