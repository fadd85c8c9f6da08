from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from rulesref.core.languages import CONTENT_LANGUAGES

from .models import Edition, Entry
from .selectors import reference_links


def edition_detail(request, game: str, language: str, edition: str):
    """Every entry of one edition in source order, with examples and linked references."""
    if language not in CONTENT_LANGUAGES:
        raise Http404("unknown language")
    if edition == "latest":
        latest = Edition.objects.newest(game, language)
        if latest is None:
            raise Http404("no edition in this language")
        return redirect(latest)
    edition_row = get_object_or_404(
        Edition.objects.select_related("game", "translates"), game__slug=game, language=language, slug=edition
    )
    entries = list(
        Entry.objects.in_edition(edition_row).in_source_order().prefetch_related("examples", "cross_references__target")
    )
    newer = Edition.objects.for_game(game).in_language(language).newest_first().first()
    context = {
        "edition": edition_row,
        "example_label": CONTENT_LANGUAGES[language].example_label,
        "entries": entries,
        "links": reference_links(edition_row, entries),
        "newer": newer if newer and newer.pk != edition_row.pk else None,
        "other_editions": Edition.objects.for_game(game).exclude(pk=edition_row.pk).newest_first(),
    }
    return render(request, "rules/edition_detail.html", context)
