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


# ---------------------------------------------------------------------------
# Alignment reads: which edition and which entry is "the same rule" elsewhere.
# Every page that shows a rule in another language or edition goes through these.


def aligned_edition(edition: Edition, language: str) -> Edition | None:
    """The edition of ``language`` that lines up with ``edition``.

    The edition ``edition`` translates, or one that translates it, or one that
    translates the same source; otherwise the newest edition of that language.
    """
    if language == edition.language:
        return edition
    editions = list(Edition.objects.for_game(edition.game.slug).in_language(language).newest_first())
    if not editions:
        return None
    for candidate in editions:
        if candidate.pk == edition.translates_id or candidate.translates_id == edition.pk:
            return candidate
    if edition.translates_id:
        for candidate in editions:
            if candidate.translates_id == edition.translates_id:
                return candidate
    return editions[0]


def same_rule_in(entry: Entry, edition: Edition) -> Entry | None:
    """The entry of ``edition`` that is the same rule as ``entry``, or None."""
    if edition.pk == entry.edition_id:
        return entry
    return (
        Entry.objects.filter(edition=edition, number=entry.number, kind=entry.kind, duplicate_of__isnull=True)
        .select_related("edition__game")
        .first()
    )


def aligned_entries(entry: Entry) -> dict[str, tuple[Edition, Entry | None]]:
    """For every other language the game has: (the aligned edition, the same rule there or None)."""
    languages = (
        Edition.objects.for_game(entry.edition.game.slug)
        .exclude(language=entry.edition.language)
        .values_list("language", flat=True)
        .distinct()
    )
    found = {}
    for language in sorted(set(languages)):
        edition = aligned_edition(entry.edition, language)
        if edition is not None:
            found[language] = (edition, same_rule_in(entry, edition))
    return found


def rule_history(entry: Entry) -> list[tuple[Edition, Entry | None]]:
    """The same rule in every edition of its language, newest first."""
    editions = Edition.objects.for_game(entry.edition.game.slug).in_language(entry.edition.language).newest_first()
    return [(edition, same_rule_in(entry, edition)) for edition in editions.select_related("game")]
