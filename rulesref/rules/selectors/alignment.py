"""Which edition and which entry is "the same rule" elsewhere, read from the alignment that imports
write (``rules/alignment.py`` pairs, ``rules/concepts.py`` stores links and concepts).

Every page that shows a rule in another language or edition goes through these: the aligned edition
of a language, the same rule (concept) in an edition, in every language, through a language's
editions, the sitemap's alternates in bulk, and the entry pairs of any two editions with how they
were paired. Numbers are never joined across editions here.
"""

from __future__ import annotations

from ..models import Edition, EditionAlignment, Entry, EntryLink
from .editions import editions_of
from .entries import attach_parts


def source_date(edition: Edition):
    """The date of the original text an edition says: its own date, or its source's for a translation."""
    if edition.translates_id and edition.translates.effective_date:
        return edition.translates.effective_date
    return edition.effective_date


def aligned_edition(edition: Edition, language: str) -> Edition | None:
    """The edition of ``language`` that lines up with ``edition``.

    The edition ``edition`` translates, or one that translates it, or one that
    translates the same source; otherwise the one whose source is nearest in date
    (an older one first: a translation lags behind its source), otherwise the newest.
    """
    if language == edition.language:
        return edition
    editions = [e for e in editions_of(edition.game.slug) if e.language == language]
    if not editions:
        return None
    for candidate in editions:
        if candidate.pk == edition.translates_id or candidate.translates_id == edition.pk:
            return candidate
    if edition.translates_id:
        for candidate in editions:
            if candidate.translates_id == edition.translates_id:
                return candidate
    ours = source_date(edition)
    dated = [c for c in editions if source_date(c)]
    if ours is None or not dated:
        return editions[0]
    return min(dated, key=lambda c: (source_date(c) > ours, abs((source_date(c) - ours).days)))


def same_rule_in(entry: Entry, edition: Edition) -> Entry | None:
    """The entry of ``edition`` that is the same rule as ``entry`` (the same concept), or None."""
    if edition.pk == entry.edition_id:
        return entry
    if entry.concept_id is None:
        return None
    return (
        Entry.objects.filter(edition=edition, concept_id=entry.concept_id)
        .select_related("edition__game")
        .defer("edition__report")
        .first()
    )


def aligned_entries(entry: Entry) -> dict[str, tuple[Edition, Entry | None]]:
    """For every other language the game has: (the aligned edition, the same rule there or None)."""
    languages = {e.language for e in editions_of(entry.edition.game.slug)} - {entry.edition.language}
    aligned = {}
    for language in sorted(languages):
        edition = aligned_edition(entry.edition, language)
        if edition is not None:
            aligned[language] = edition
    # One query for every language: the entries of the same concept in those editions.
    there = {}
    if entry.concept_id is not None:
        there = {
            e.edition_id: e
            for e in Entry.objects.filter(edition__in=list(aligned.values()), concept_id=entry.concept_id)
            .defer("edition__report")
            .order_by("order")
        }
    found = {}
    for language, edition in aligned.items():
        same = there.get(edition.pk)
        if same is not None:
            same.edition = edition
        found[language] = (edition, same)
    return found


def rule_history(entry: Entry) -> list[tuple[Edition, Entry | None]]:
    """The same rule in every edition of its language, newest first (None where it is absent)."""
    editions = [e for e in editions_of(entry.edition.game.slug) if e.language == entry.edition.language]
    there = {}
    if entry.concept_id is not None:
        there = {
            e.edition_id: e
            for e in Entry.objects.filter(edition__in=editions, concept_id=entry.concept_id).order_by("order")
        }
    history = []
    for edition in editions:
        same = entry if edition.pk == entry.edition_id else there.get(edition.pk)
        if same is not None and same is not entry:
            same.edition = edition
        history.append((edition, same))
    return history


def alternates_by_entry(edition: Edition) -> dict[int, list[Entry]]:
    """For every numbered entry of ``edition``: the same rule (the same concept) in the aligned
    edition of each other language, for hreflang alternates. The bulk form of ``aligned_entries``."""
    result: dict[int, list[Entry]] = {}
    own = dict(
        Entry.objects.in_edition(edition)
        .numbered()
        .filter(duplicate_of__isnull=True)
        .exclude(concept=None)
        .values_list("concept_id", "pk")
    )
    languages = Edition.objects.for_game(edition.game.slug).exclude(language=edition.language)
    for language in sorted(languages.languages()):
        other = aligned_edition(edition, language)
        if other is None:
            continue
        there = (
            Entry.objects.in_edition(other)
            .numbered()
            .filter(concept_id__in=list(own))
            .select_related("edition__game")
            .defer("edition__report")
        )
        for entry in there:
            result.setdefault(own[entry.concept_id], []).append(entry)
    return result


def entries_of_concepts(edition: Edition, concept_ids) -> dict[int, Entry]:
    """concept id → the entry of ``edition`` that expresses it (one at most per edition)."""
    found = list(Entry.objects.in_edition(edition).filter(concept_id__in=list(concept_ids)))
    return {entry.concept_id: entry for entry in attach_parts(found, edition)}


def _scheme(edition: Edition):
    """The numbering scheme of the edition's game: its numbers are masked when texts are compared."""
    from rulesref.core.games import get_game

    from ..parsers import numbers

    return numbers.get_scheme(get_game(edition.game.slug).numbering)


def pair_links(source: Edition, target: Edition) -> list[dict]:
    """Entry pairs between any two editions of a game, with method and score.

    A directly aligned pair (a translation and its source, consecutive editions)
    gives its stored links; any other two editions are joined through concepts,
    the score being the text similarity for one language and 1.0 across languages.
    Only numbered entries, in the source edition's order.
    """
    from ..alignment import similarity

    scheme = _scheme(source)

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    reverse = stored is None and EditionAlignment.objects.filter(source=target, target=source).exists()
    if stored is not None or reverse:
        pair = stored or EditionAlignment.objects.get(source=target, target=source)
        links = EntryLink.objects.filter(alignment=pair).order_by().select_related("source", "target")
        found = []
        for link in links:
            a, b = (link.source, link.target) if not reverse else (link.target, link.source)
            if not (a.number and b.number):
                continue
            relation = (
                link.relation
                if not reverse
                else {"split": "merged", "merged": "split"}.get(link.relation, link.relation)
            )
            found.append(
                {
                    "from": a.number,
                    "to": b.number,
                    "method": link.method,
                    "relation": relation,
                    "score": link.score,
                    "_order": a.order,
                    "_to_order": b.order,
                }
            )
        found.sort(key=lambda item: (item["_order"], item["_to_order"]))
        return [{k: v for k, v in item.items() if not k.startswith("_")} for item in found]
    ours = Entry.objects.filter(edition=source).exclude(number="").exclude(concept=None).order_by("order")
    theirs = {e.concept_id: e for e in Entry.objects.filter(edition=target).exclude(number="").exclude(concept=None)}
    found = []
    for a in ours:
        b = theirs.get(a.concept_id)
        if b is None:
            continue
        if source.language == target.language:
            method = "number" if a.number == b.number else "text"
            score = round(similarity(a.text or a.title, b.text or b.title, scheme), 4)
        else:
            method, score = "translation", 1.0
        relation = "same" if a.number == b.number else "moved"
        found.append({"from": a.number, "to": b.number, "method": method, "relation": relation, "score": score})
    return found


def pair_counts(source: Edition, target: Edition, links: list[dict]) -> dict[str, int]:
    """same_number, moved, split, merged, added, removed for ``links`` between two editions."""
    primary = [link for link in links if link["relation"] in ("same", "moved")]
    numbered_from = Entry.objects.filter(edition=source).exclude(number="").count()
    numbered_to = Entry.objects.filter(edition=target).exclude(number="").count()
    split = [link for link in links if link["relation"] == "split"]
    merged = [link for link in links if link["relation"] == "merged"]
    return {
        "same_number": sum(link["relation"] == "same" for link in primary),
        "moved": sum(link["relation"] == "moved" for link in primary),
        "split": len(split),
        "merged": len(merged),
        "added": numbered_to - len(primary) - len(split),
        "removed": numbered_from - len(primary) - len(merged),
    }


def entry_pairs(source: Edition, target: Edition) -> list[tuple[int, int, str, str, float]]:
    """(source entry id, target entry id, method, relation, score) for two editions of a game.

    Like :func:`pair_links`, but with entry ids, so that a number printed twice
    (Duskmourn's 702.175) stays two entries: the stored links of a directly aligned
    pair (read backwards when only the other direction is stored, a split then
    reading as a merge), otherwise the entries that share a concept, with the
    text similarity as score within one language.
    """
    from ..alignment import similarity

    scheme = _scheme(source)

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    backwards = None if stored else EditionAlignment.objects.filter(source=target, target=source).first()
    if stored is not None or backwards is not None:
        links = (
            EntryLink.objects.filter(alignment=stored or backwards)
            .order_by("source_id", "target_id")
            .values_list("source_id", "target_id", "method", "relation", "score")
        )
        if stored is not None:
            return [tuple(link) for link in links]
        swap = {"split": "merged", "merged": "split"}
        return [(b, a, method, swap.get(relation, relation), score) for a, b, method, relation, score in links]
    theirs = {
        concept: (pk, number, text)
        for pk, concept, number, text in Entry.objects.in_edition(target)
        .exclude(concept=None)
        .values_list("pk", "concept_id", "number", "text")
    }
    found = []
    for pk, concept, number, text in (
        Entry.objects.in_edition(source).exclude(concept=None).values_list("pk", "concept_id", "number", "text")
    ):
        if concept not in theirs:
            continue
        other_pk, other_number, other_text = theirs[concept]
        relation = "same" if number == other_number else "moved"
        if source.language == target.language:
            method = "number" if relation == "same" else "text"
            score = round(similarity(text, other_text, scheme), 4)
        else:
            method, score = "translation", 1.0
        found.append((pk, other_pk, method, relation, score))
    return found
