"""What the translator workbench adds to a rule's page.

``rule_panel(request, entry)`` has the signature of a rule-page entry panel
(``rulesref.core.panels.register_entry_panel``): it returns HTML, or ``None`` for an
entry it has nothing to say about (an unnumbered note). It shows

- links: this rule side by side in every language (each in the edition aligned
  with this one), its history across the editions of its language, and the
  difference from the previous edition;
- for a translated rule whose source changed since the translation (see
  ``freshness.py``), a "stale" notice with the source difference: the partial
  ``compare/_freshness.html``, whose context :func:`freshness_context` builds, so a
  page can also include it on its own.

A page that shows many rules calls it once per rule: the freshness of the whole
translation edition is computed once per request and kept on the request.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode

from rulesref.rules.models import Edition, Entry
from rulesref.rules.selectors import newest_edition_like

from .freshness import FreshnessReport, freshness_report
from .selection import edition_key


def _report(request, edition: Edition) -> FreshnessReport | None:
    cache = getattr(request, "_compare_freshness", None) if request is not None else None
    if cache is None:
        cache = {}
        if request is not None:
            request._compare_freshness = cache
    if edition.pk not in cache:
        source = edition.translates
        if source is None or newest_edition_like(source).pk == source.pk:
            cache[edition.pk] = None
        else:
            cache[edition.pk] = freshness_report(edition)
    return cache[edition.pk]


def freshness_context(entry: Entry, request=None) -> dict | None:
    """Context of ``compare/_freshness.html`` for ``entry``: None unless the rule is stale."""
    edition = entry.edition
    if not entry.number or edition.translates_id is None:
        return None
    report = _report(request, edition)
    if report is None:
        return None
    stale = report.stale_by_entry.get(entry.pk)
    if stale is None:
        return None
    query = urlencode([("game", edition.game.slug), ("edition", edition_key(edition))])
    return {
        "stale": stale,
        "source": report.source,
        "newest_source": report.newest_source,
        "freshness_url": f"{reverse('compare:freshness')}?{query}",
    }


def links_context(entry: Entry) -> dict:
    edition = entry.edition
    game = edition.game.slug
    others = Edition.objects.for_game(game).exclude(language=edition.language).values_list("language", flat=True)
    columns = [edition_key(edition), *sorted(set(others))]
    compare = urlencode([("game", game), *(("c", column) for column in columns), ("scope", entry.number)])
    return {
        "compare_url": f"{reverse('compare:side-by-side')}?{compare}",
        "history_url": reverse("compare:history", args=[game, edition.language, edition.slug, entry.number]),
    }


def rule_panel_context(entry: Entry, request=None) -> dict | None:
    if not entry.number:
        return None
    return {"entry": entry, **links_context(entry), "freshness": freshness_context(entry, request)}


def rule_panel(request, entry: Entry):
    """The workbench's panel for one rule, as HTML (None for an unnumbered entry)."""
    context = rule_panel_context(entry, request)
    if context is None:
        return None
    return render_to_string("compare/_rule_panel.html", context, request=request)
