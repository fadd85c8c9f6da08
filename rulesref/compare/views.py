"""The translator workbench's pages. Reads go through the modules of this app and
``rules.selectors``; views only read the request, call them and render."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from rulesref.core.formatting import edition_label
from rulesref.core.games import GAMES
from rulesref.core.paging import get_page
from rulesref.rules.models import Edition

from .concordance import concordance
from .consistency import consistency_report
from .editiondiff import diff_label
from .exports import csv_document, tbx_document, tmx_document
from .freshness import translation_editions
from .selection import (
    SelectionError,
    edition_key,
    find_edition,
    read_column,
    read_columns,
    read_game,
    read_scope,
    resolve_columns,
)
from .sidebyside import side_by_side
from .stored import stored_diff, stored_freshness
from .terms import Glossary

# Page sizes that keep every workbench page under 150 KB of HTML on the corpora (benchmarks/tools_pages.py).
CHANGES_PER_PAGE = 50
HITS_PER_PAGE = 50
STALE_PER_PAGE = 25
MISSING_PER_PAGE = 500
# Ranges of missing rules listed in the freshness summary; past them it says how many more and links the list.
RUNS_SHOWN = 100


def _editions(game: str) -> list[Edition]:
    return list(Edition.objects.for_game(game).order_by("language", "-effective_date", "slug"))


def _common(game: str, **extra) -> dict:
    return {"game": game, "games": GAMES.values(), "editions": _editions(game), **extra}


def _one_edition(game: str, value: str, what: str) -> Edition:
    request = read_column(value)
    if not request.edition:
        raise SelectionError(_("%(what)s %(value)s: expected LANG:EDITION") % {"what": what, "value": repr(value)})
    return find_edition(game, request.language, request.edition)


def _failed(request, template: str, context: dict, error: SelectionError):
    context["error"] = str(error)
    return render(request, template, context, status=400)


def _selection(request) -> tuple[str, list[Edition], str]:
    game = read_game(request.GET.get("game"))
    columns = resolve_columns(game, read_columns(request.GET.getlist("c")))
    return game, columns, read_scope(request.GET.get("scope"))


def _query(game: str, columns: list[Edition], **extra) -> str:
    pairs = [("game", game), *(("c", edition_key(edition)) for edition in columns)]
    pairs += [(key, value) for key, value in extra.items() if value]
    return urlencode(pairs)


def mark_table(table, glossary: Glossary) -> None:
    """Give every cell its text with glossary terms marked (escaped first)."""
    for row in table.rows:
        for cell in row.cells:
            if cell.entry is not None:
                entry = cell.entry
                cell.title_html = glossary.mark(entry.title, cell.language) if entry.title != entry.text else ""
                cell.text_html = glossary.mark(entry.text, cell.language)
        for line in row.examples:
            for cell in line:
                if cell.example is not None:
                    cell.text_html = glossary.mark(cell.example.text, cell.language)


def side_by_side_view(request):
    """Any set of editions side by side within a rule, section or chapter, one row per concept."""
    try:
        game = read_game(request.GET.get("game"))
    except SelectionError as error:
        return _failed(request, "compare/side_by_side.html", _common(next(iter(GAMES))), error)
    context = _common(game, selected=request.GET.getlist("c"), scope=request.GET.get("scope", ""))
    try:
        game, columns, scope = _selection(request)
        context.update(columns=columns, selected=[edition_key(edition) for edition in columns])
        if columns:
            context.update(whole=_export_urls(game, columns, ""))
        if not columns or not scope:
            return render(request, "compare/side_by_side.html", context)
        table = side_by_side(columns, scope)
    except SelectionError as error:
        return _failed(request, "compare/side_by_side.html", context, error)
    glossary = Glossary.load(game, {edition.language for edition in columns}, columns)
    mark_table(table, glossary)
    context.update(
        table=table,
        legend=glossary.legend(),
        **_export_urls(game, columns, scope),
        concordance_url=f"{reverse('compare:concordance')}?{_query(game, columns)}",
    )
    return render(request, "compare/side_by_side.html", context)


def _export_urls(game: str, columns: list[Edition], scope: str) -> dict[str, str]:
    """The CSV and TMX downloads of a selection (``scope`` "" for the whole editions); no TMX link
    when two columns share a language, or for a single column."""
    query = _query(game, columns, scope=scope)
    languages = [edition.language for edition in columns]
    tmx = len(languages) > 1 and len(set(languages)) == len(languages)
    return {
        "csv_url": f"{reverse('compare:export-csv')}?{query}",
        "tmx_url": f"{reverse('compare:export-tmx')}?{query}" if tmx else "",
    }


def _download(content, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export_name(columns: list[Edition], scope: str, suffix: str) -> str:
    languages = "-".join(edition.language for edition in columns)
    return f"{columns[0].game.slug}-{languages}-{scope or 'all'}.{suffix}"


def _export_failed(request, error: SelectionError):
    """A download that cannot be made answers as the side-by-side page does (400): the same message,
    translated and escaped, above the selection form with what was asked, ready to correct."""
    try:
        context = _common(
            read_game(request.GET.get("game")), selected=request.GET.getlist("c"), scope=request.GET.get("scope", "")
        )
    except SelectionError:
        context = _common(next(iter(GAMES)))
    return _failed(request, "compare/side_by_side.html", context, error)


def export_tmx(request):
    """The aligned rules of the selection as TMX 1.4 (one edition per language)."""
    try:
        game, columns, scope = _selection(request)
        if len(columns) < 2:
            raise SelectionError(_("Choose at least two editions to export"))
        if len({edition.language for edition in columns}) != len(columns):
            raise SelectionError(_("A TMX file holds one edition per language: choose one edition of each language"))
        table = side_by_side(columns, scope)
    except SelectionError as error:
        return _export_failed(request, error)
    data = tmx_document(table, examples=request.GET.get("examples") == "1")
    return _download(data, "application/x-tmx+xml", _export_name(columns, scope, "tmx"))


def export_csv(request):
    """The side-by-side rows of the selection as CSV (UTF-8 with a byte-order mark, which
    spreadsheets need to read it as UTF-8)."""
    try:
        game, columns, scope = _selection(request)
        if not columns:
            raise SelectionError(_("Choose editions to export"))
        table = side_by_side(columns, scope)
    except SelectionError as error:
        return _export_failed(request, error)
    return _download("\ufeff" + csv_document(table), "text/csv; charset=utf-8", _export_name(columns, scope, "csv"))


def terms_view(request, game: str):
    """The glossary's terms of a game in every language, with the TBX download."""
    if game not in GAMES:
        raise Http404("unknown game")
    glossary = Glossary.load(game, None)
    terms = [
        {"key": key, "forms": [(language, forms) for language, forms in sorted(by_language.items())]}
        for key, by_language in sorted(glossary.forms.items())
    ]
    context = _common(game, terms=terms, tbx_url=reverse("compare:export-tbx", args=[game]))
    return render(request, "compare/terms.html", context)


def export_tbx(request, game: str):
    if game not in GAMES:
        raise Http404("unknown game")
    return _download(tbx_document(game, Glossary.load(game, None)), "application/x-tbx+xml", f"{game}-glossary.tbx")


def diff_view(request):
    """Two editions of one language: counts per chapter and every change, with its text difference."""
    try:
        game = read_game(request.GET.get("game"))
    except SelectionError as error:
        return _failed(request, "compare/diff.html", _common(next(iter(GAMES))), error)
    context = _common(game, old_key=request.GET.get("from", ""), new_key=request.GET.get("to", ""))
    if not context["old_key"] or not context["new_key"]:
        return render(request, "compare/diff.html", context)
    try:
        old = _one_edition(game, context["old_key"], "from")
        new = _one_edition(game, context["new_key"], "to")
        if old.language != new.language:
            raise SelectionError(_("Both editions must be of one language; use the side-by-side view across languages"))
        if old.pk == new.pk:
            raise SelectionError(_("Choose two different editions"))
        scope = read_scope(request.GET.get("scope"))
        context["scope"] = scope
        diff = stored_diff(old, new, scope)
    except SelectionError as error:
        return _failed(request, "compare/diff.html", context, error)
    page = get_page(Paginator(diff.changes, CHANGES_PER_PAGE), request.GET.get("page"))
    base = "?" + urlencode([("game", game), ("from", edition_key(old)), ("to", edition_key(new)), ("scope", scope)])
    page.object_list = diff.rows(page.object_list)
    context.update(
        diff=diff,
        label=diff_label(diff),
        counts=diff.counts(),
        chapters=diff.chapters,
        per_page=CHANGES_PER_PAGE,
        page=page,
        base_query=base,
        old=old,
        new=new,
    )
    return render(request, "compare/diff.html", context)


def freshness_view(request):
    """A translation edition's rules: fresh, stale (with the source difference) and missing."""
    try:
        game = read_game(request.GET.get("game"))
    except SelectionError as error:
        return _failed(request, "compare/freshness.html", _common(next(iter(GAMES))), error)
    context = _common(game, translations=translation_editions(game), selected_key=request.GET.get("edition", ""))
    if not context["selected_key"]:
        return render(request, "compare/freshness.html", context)
    try:
        translation = _one_edition(game, context["selected_key"], "edition")
        scope = read_scope(request.GET.get("scope"))
        context["scope"] = scope
        report = stored_freshness(translation, scope)
    except SelectionError as error:
        return _failed(request, "compare/freshness.html", context, error)
    base = "?" + urlencode([("game", game), ("edition", context["selected_key"]), ("scope", scope)])
    context.update(report=report, report_json=report.as_json(), base_query=base)
    if request.GET.get("list") == "missing":
        # Every missing rule, paged: the summary's ranges link here.
        missing = get_page(Paginator(report.missing, MISSING_PER_PAGE), request.GET.get("page"))
        context.update(missing_page=missing, missing_query=f"{base}&list=missing")
        return render(request, "compare/freshness.html", context)
    stale = get_page(Paginator(report.stale, STALE_PER_PAGE), request.GET.get("page"))
    for run in report.runs[:RUNS_SHOWN]:
        run.href = f"{base}&list=missing&page={run.index // MISSING_PER_PAGE + 1}#m-{run.first[0]}"
    context.update(stale_page=stale, runs=report.runs[:RUNS_SHOWN], more_runs=len(report.runs) > RUNS_SHOWN)
    return render(request, "compare/freshness.html", context)


def concordance_view(request):
    """Every occurrence of a term in the first edition, beside the aligned texts of the others."""
    try:
        game = read_game(request.GET.get("game"))
    except SelectionError as error:
        return _failed(request, "compare/concordance.html", _common(next(iter(GAMES))), error)
    query = request.GET.get("q", "")
    context = _common(game, query=query, selected=request.GET.getlist("c"))
    try:
        game, columns, _scope = _selection(request)
        context.update(columns=columns, selected=[edition_key(edition) for edition in columns])
        if not columns or not query.strip():
            return render(request, "compare/concordance.html", context)
        glossary = Glossary.load(game, {edition.language for edition in columns}, columns)
        found = concordance(columns, query, glossary)
    except SelectionError as error:
        return _failed(request, "compare/concordance.html", context, error)
    page = get_page(Paginator(found.hits, HITS_PER_PAGE), request.GET.get("page"))
    for hit in page.object_list:
        hit.aligned_html = [
            (
                edition,
                glossary.mark(text, edition.language, glossary.term_matcher(found.term, edition.language))
                if text is not None and found.term
                else text,
            )
            for edition, text in hit.aligned
        ]
    context.update(
        result=found,
        page=page,
        term_forms=glossary.forms.get(found.term, {}) if found.term else {},
        base_query="?" + _query(game, columns, q=found.query),
    )
    return render(request, "compare/concordance.html", context)


def consistency_view(request):
    """Rules whose source uses a glossary term that the aligned translation renders with none of its forms."""
    try:
        game = read_game(request.GET.get("game"))
    except SelectionError as error:
        return _failed(request, "compare/consistency.html", _common(next(iter(GAMES))), error)
    context = _common(
        game,
        translations=translation_editions(game),
        selected_key=request.GET.get("edition", ""),
        source_key=request.GET.get("source", ""),
    )
    if not context["selected_key"]:
        return render(request, "compare/consistency.html", context)
    try:
        target = _one_edition(game, context["selected_key"], "edition")
        if context["source_key"]:
            source = _one_edition(game, context["source_key"], "source")
        elif target.translates_id:
            source = target.translates
        else:
            raise SelectionError(
                _("%(edition)s states no source edition; choose one") % {"edition": edition_label(target)}
            )
        scope = read_scope(request.GET.get("scope"))
        context["scope"] = scope
        glossary = Glossary.load(game, {source.language, target.language}, [source, target])
        report = consistency_report(source, target, glossary, scope)
    except SelectionError as error:
        return _failed(request, "compare/consistency.html", context, error)
    context.update(report=report)
    return render(request, "compare/consistency.html", context)
