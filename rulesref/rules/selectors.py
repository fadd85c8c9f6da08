"""Reads that span several models: where a cross-reference leads."""

from __future__ import annotations

from .models import Edition, Entry


def fallback_editions(edition: Edition) -> list[Edition]:
    """Where to look for a rule this edition cites but does not contain.

    First the edition it translates, then the same language's other editions,
    then every other edition of the game, newest first.
    """
    others = list(Edition.objects.for_game(edition.game.slug).exclude(pk=edition.pk).newest_first())
    order = []
    if edition.translates_id:
        order.extend(e for e in others if e.pk == edition.translates_id)
    order.extend(e for e in others if e.language == edition.language and e not in order)
    order.extend(e for e in others if e not in order)
    return order


def reference_links(edition: Edition, entries: list[Entry]) -> dict[int, str]:
    """URL for every cross-reference of ``entries`` that can be followed.

    A reference resolved in its own edition links there; an unresolved one links
    to the same number in the first fallback edition that has it, and has no
    link (it is shown as unresolved) when no imported edition has it.
    """
    links: dict[int, str] = {}
    missing: set[str] = set()
    for entry in entries:
        for ref in entry.cross_references.all():
            if ref.target_id:
                links[ref.pk] = (
                    ref.target.get_absolute_url() if ref.target.edition_id != edition.pk else f"#{ref.target.anchor}"
                )
            else:
                missing.add(ref.target_number)
    if not missing:
        return links
    fallbacks = fallback_editions(edition)
    found: dict[str, Entry] = {}
    rank = {e.pk: i for i, e in enumerate(fallbacks)}
    candidates = Entry.objects.filter(
        edition__in=fallbacks, number__in=missing, duplicate_of__isnull=True
    ).select_related("edition__game")
    for candidate in candidates:
        best = found.get(candidate.number)
        if best is None or rank[candidate.edition_id] < rank[best.edition_id]:
            found[candidate.number] = candidate
    for entry in entries:
        for ref in entry.cross_references.all():
            if not ref.target_id and ref.target_number in found:
                links[ref.pk] = found[ref.target_number].get_absolute_url()
    return links
