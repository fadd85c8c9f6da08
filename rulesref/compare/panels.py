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

A page that shows many rules calls it once per rule: the stale rules of the whole
translation edition are read once per request from the stored freshness report
(``stored.py``).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode

from rulesref.rules.models import Edition, Entry
from rulesref.rules.selectors import newest_edition_like

from .freshness import StaleRule
from .selection import edition_key
from .stored import stale_ids


def _stale_rules(request, edition: Edition) -> tuple[dict[int, tuple[str, int | None, int | None]], Edition]:
    """entry id → (reason, source entry id, newest source entry id) for the stale rules of ``edition``,
    and the newest source edition.

    Kept on the request (a page shows many rules); read from the stored freshness report
    (``stored.py``: computed at import, recomputed after a re-import).
    """
    memo = getattr(request, "_compare_stale", None) if request is not None else None
    if memo is None:
        memo = {}
        if request is not None:
            request._compare_stale = memo
    if edition.pk in memo:
        return memo[edition.pk]
    source = edition.translates
    newest = newest_edition_like(source)
    if newest.pk == source.pk:
        memo[edition.pk] = ({}, newest)
        return memo[edition.pk]
    stale = stale_ids(edition)
    memo[edition.pk] = (stale, newest)
    return memo[edition.pk]


def freshness_context(entry: Entry, request=None) -> dict | None:
    """Context of ``compare/_freshness.html`` for ``entry``: None unless the rule is stale."""
    edition = entry.edition
    if not entry.number or edition.translates_id is None:
        return None
    stale, newest = _stale_rules(request, edition)
    found = stale.get(entry.pk)
    if found is None:
        return None
    reason, source_id, newest_id = found
    wanted = [pk for pk in (source_id, newest_id) if pk]
    rows = Entry.objects.select_related("edition__game").prefetch_related("examples").in_bulk(wanted)
    source = edition.translates
    query = urlencode([("game", edition.game.slug), ("edition", edition_key(edition))])
    return {
        "stale": StaleRule(entry, reason, rows.get(source_id), rows.get(newest_id)),
        "source": source,
        "newest_source": newest,
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
    """The workbench's panel for one rule, as HTML (None for an unnumbered entry).

    The links go with the rule a page is about; the other rules a page lists (a section's
    rules, a rule's subrules) show only a stale notice, when they have one, so that a long
    section page stays small.
    """
    if not entry.number:
        return None
    if not _is_page_subject(request, entry):
        freshness = freshness_context(entry, request)
        if freshness is None:
            return None
        return render_to_string("compare/_freshness.html", freshness, request=request)
    context = rule_panel_context(entry, request)
    return render_to_string("compare/_rule_panel.html", context, request=request)


def _is_page_subject(request, entry: Entry) -> bool:
    """Whether ``entry`` is the one the page's address names (``…/<edition>/<number>/``)."""
    match = getattr(request, "resolver_match", None)
    return match is None or match.kwargs.get("number") in (None, entry.number)
